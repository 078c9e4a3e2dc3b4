// normalize at each rung of the ladder, with and without NFC, keeping the fragment or not.
//   options: bits 0-3 grammar, bits 4-5 rung (3: scheme), bit 6 nfc, bit 7 drop the fragment.
// Oracles: the output is valid in the grammar; normalize is idempotent; the string and view overloads agree;
// canonical_key is the normal form; equivalent(x, x); an error lies inside the input.
#include "fuzz.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const iri::normalize_options options{.rung = static_cast<iri::rung>(in.bits(4, 2) == 3 ? 2 : in.bits(4, 2)),
                                         .nfc = in.flag(6),
                                         .keep_fragment = !in.flag(7)};
    const auto out = iri::normalize(in.text, g, options);
    if (!out) {
        fuzz::require_inside(out.error(), in.text.size(), in.text);
        return 0;
    }
    fuzz::require(iri::is_valid(*out, g), "normalize's output is valid in its grammar", in.text, *out);
    const auto twice = iri::normalize(*out, g, options);
    fuzz::require(twice.has_value() && *twice == *out, "normalize is idempotent", in.text,
                  *out + " -> " + (twice ? *twice : twice.error().message()));
    const auto view = iri::reference_view::parse(in.text, g);
    fuzz::require(view.has_value(), "normalize parses what reference_view parses", in.text);
    const auto by_view = iri::normalize(*view, options);
    fuzz::require(by_view.has_value() && *by_view == *out, "normalize of the view gives the same", in.text);
    const auto key = iri::canonical_key(*view, options);
    fuzz::require(key.has_value() && *key == *out, "canonical_key is the normal form", in.text);
    fuzz::require(iri::equivalent(*view, *view, options), "equivalent(x, x)", in.text);
    return 0;
}
