// leiri_to_iri into iri and rfc3987.
//   options: bit 0 to rfc3987 (else iri).
// Oracles: the output is valid in the target grammar; a LEIRI that is already valid there comes back unchanged
// (only the characters the target does not allow are encoded, 3987bis §6.2); converting to a URI directly from
// the LEIRI or through the IRI gives the same URI; an error lies inside the input.
#include "fuzz.hpp"
#include "iri/convert.hpp"
#include "iri/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar to = in.flag(0) ? iri::grammar::rfc3987 : iri::grammar::iri;
    const auto out = iri::leiri_to_iri(in.text, to);
    fuzz::require(out.has_value() == iri::is_valid(in.text, iri::grammar::leiri),
                  "leiri_to_iri takes exactly the LEIRI references", in.text);
    if (!out) {
        fuzz::require_inside(out.error(), in.text.size(), in.text);
        return 0;
    }
    fuzz::require(iri::is_valid(*out, to), "leiri_to_iri's output is valid in its grammar", in.text, *out);
    if (iri::is_valid(in.text, to)) fuzz::require(*out == in.text, "an IRI comes back unchanged", in.text, *out);
    const auto direct = iri::to_uri(in.text, iri::grammar::leiri), through = iri::to_uri(*out, to);
    fuzz::require(
        direct.has_value() && through.has_value() && *direct == *through, "LEIRI to URI directly or through the IRI",
        in.text,
        (direct ? *direct : direct.error().message()) + " vs " + (through ? *through : through.error().message()));
    return 0;
}
