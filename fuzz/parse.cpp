// parse and is_valid, for every grammar and production, with each SIMD implementation of the literal skip.
//   options: bits 0-3 grammar, bits 4-8 production.
// Oracles: the same result (components, or every field of the error) from every implementation the processor
// has; is_valid agrees with parse; the components are consistent with the input, and those of a reference
// recompose to the input byte for byte (RFC 3986 §5.3); an error lies inside the input and names what was tried.
#include <array>
#include <optional>

#include "fuzz.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/parse.hpp"
#include "iri/reference.hpp"

namespace {

using iri::detail::simd_level;

constexpr std::size_t production_count = 0
#define IRI_PRODUCTION(id, name) +1
#include "iri/roles.def"
#undef IRI_PRODUCTION
    ;

bool same(const iri::result<iri::components>& a, const iri::result<iri::components>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (a) return a->spans == b->spans;
    const iri::error &x = a.error(), &y = b.error();
    return x.code == y.code && x.offset == y.offset && x.char_offset == y.char_offset && x.length == y.length &&
           x.where == y.where && x.bytes == y.bytes && x.character == y.character;
}

bool is_reference(iri::production p) {
    using enum iri::production;
    return p == uri_reference || p == uri || p == absolute_uri || p == relative_ref;
}

void check_one(std::string_view text, iri::grammar g, iri::production p, const iri::result<iri::components>& r) {
    fuzz::require(iri::is_valid(text, g, p) == r.has_value(), "is_valid agrees with parse", text);
    if (!r) {
        fuzz::require_inside(r.error(), text.size(), text);
        fuzz::require(r.error().variant == g && r.error().tried == p, "the error names the grammar and production",
                      text);
        return;
    }
    fuzz::require(r->consistent(text.size()), "consistent components", text);
    if (!is_reference(p)) return;
    const std::string again = iri::recompose(iri::reference_view(text, *r, g).parts());
    fuzz::require(again == text, "a valid parse recomposes to its input", text, again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const auto p = static_cast<iri::production>(in.bits(4, 5) % production_count);
    std::optional<iri::result<iri::components>> first;
    for (const simd_level level : {simd_level::scalar, simd_level::avx2, simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        const auto r = iri::parse(in.text, g, p);
        if (!first) {
            check_one(in.text, g, p, r);
            first.emplace(r);
        } else {
            fuzz::require(same(*first, r), "every SIMD implementation gives the same result", in.text,
                          "level " + std::to_string(static_cast<int>(level)));
        }
    }
    return 0;
}
