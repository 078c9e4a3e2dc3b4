// normalize at each rung of the ladder, with and without NFC, keeping the fragment or not.
//   options: bits 0-3 grammar, bits 4-5 rung (3: scheme), bit 6 nfc, bit 7 drop the fragment.
// Oracles: the output is valid in the grammar; it is what the tests' reference normalizer gives (each rule on its
// own, one after another: tests/support/reference_normalize.hpp), and so is the key; normalize is idempotent; the
// string and view overloads agree; canonical_key is the normal form (a URN's without its r-, q- and f-components
// at the scheme rung); equivalent(x, x); an error lies inside the input; every SIMD implementation (the literal
// skip and octets_of) gives the same normal form.
#include <string>

#include "fuzz.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/schemes.hpp"
#include "support/reference_normalize.hpp"

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
    const std::string reference = iri_test::reference_normalize(in.text, g, options);
    fuzz::require(*out == reference, "normalize gives what the reference normalizer gives", in.text,
                  *out + " against " + reference);
    const auto twice = iri::normalize(*out, g, options);
    fuzz::require(twice.has_value() && *twice == *out, "normalize is idempotent", in.text,
                  *out + " -> " + (twice ? *twice : twice.error().message()));
    const auto view = iri::reference_view::parse(in.text, g);
    fuzz::require(view.has_value(), "normalize parses what reference_view parses", in.text);
    const auto by_view = iri::normalize(*view, options);
    fuzz::require(by_view.has_value() && *by_view == *out, "normalize of the view gives the same", in.text);
    // The key is the normal form, but where a scheme's rule leaves a tail out of equivalence (a URN's r-, q- and
    // f-components at the scheme rung, RFC 8141 §3.1): a prefix of it then, which is its own key.
    const auto key = iri::canonical_key(*view, options);
    fuzz::require(key.has_value(), "canonical_key of a valid reference", in.text);
    fuzz::require(*key == iri_test::reference_key(in.text, g, options), "canonical_key gives what the reference gives",
                  in.text, *key);
    if (*key != *out) {
        const iri::scheme_info* row = view->has_scheme() ? iri::find_scheme(view->scheme()) : nullptr;
        fuzz::require(options.rung == iri::rung::scheme && row && row->equivalence == iri::scheme_equivalence::urn &&
                          out->starts_with(*key),
                      "canonical_key is the normal form (a URN's less its components)", in.text, *key);
        const auto again = iri::reference_view::parse(*key, g);
        fuzz::require(again.has_value(), "a key parses", in.text, *key);
        const auto key_of_key = iri::canonical_key(*again, options);
        fuzz::require(key_of_key.has_value() && *key_of_key == *key, "a key is its own key", in.text, *key);
    }
    fuzz::require(iri::equivalent(*view, *view, options), "equivalent(x, x)", in.text);
    using iri::detail::simd_level;
    for (const simd_level level : {simd_level::scalar, simd_level::avx2, simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        const auto at_level = iri::normalize(in.text, g, options);
        fuzz::require(at_level.has_value() && *at_level == *out, "every SIMD implementation gives the same normal form",
                      in.text, "level " + std::to_string(static_cast<int>(level)));
    }
    iri::detail::select_simd_level(iri::detail::widest_simd_level());
    return 0;
}
