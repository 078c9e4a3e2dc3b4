// equivalent and canonical_key on two references.
//   options: bits 0-3 grammar, bit 4 nfc, bit 5 drop the fragment. Text: a LF b.
// Oracles: equivalent(a, b) exactly when the canonical keys are equal (normalize.hpp); it is symmetric and
// reflexive; the ladder is monotone: equivalent at a rung implies equivalent at every rung above it; an error
// lies inside the string it comes from.
#include <algorithm>

#include "fuzz.hpp"
#include "iri/normalize.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const auto [a, b] = in.two();
    const auto va = iri::reference_view::parse(a, g), vb = iri::reference_view::parse(b, g);
    bool below = false;  // equivalent at the rung below
    for (const iri::rung rung : {iri::rung::simple, iri::rung::syntax, iri::rung::scheme}) {
        const iri::normalize_options options{.rung = rung, .nfc = in.flag(4), .keep_fragment = !in.flag(5)};
        const auto e = iri::equivalent(a, b, g, options);
        fuzz::require(e.has_value() == (va.has_value() && vb.has_value()), "equivalent parses both", in.text);
        if (!e) {
            fuzz::require_inside(e.error(), std::max(a.size(), b.size()), in.text);
            return 0;
        }
        const auto ka = iri::canonical_key(*va, options), kb = iri::canonical_key(*vb, options);
        fuzz::require(ka.has_value() && kb.has_value(), "canonical_key of a valid reference", in.text);
        fuzz::require(*e == (*ka == *kb), "equivalent exactly when the keys are equal", in.text, *ka + " vs " + *kb);
        fuzz::require(iri::equivalent(*vb, *va, options) == *e, "equivalent is symmetric", in.text);
        fuzz::require(iri::equivalent(*va, *va, options), "equivalent(x, x)", in.text);
        fuzz::require(!below || *e, "equivalent at a rung, equivalent above it", in.text);
        below = *e;
    }
    return 0;
}
