// Lookups in the generated literal character sets. Private to the library.
#pragma once

#include <cstddef>

#include "grammar/match.hpp"
#include "iri/grammar.hpp"

namespace iri::detail {

/// The literal set of production `p` in grammar `g`, or nullptr when `p` is not a repeated-character production.
[[nodiscard]] const charset_info* find_charset(grammar g, production p) noexcept;
/// Named set `s` of grammar `g` (grammar/sets.def), or nullptr when the grammar has no such rule.
[[nodiscard]] const charset_info* find_named_set(grammar g, named_set s) noexcept;
/// Named set `s` of grammar `g`, which every shipped grammar of that kind defines (a missing one is a broken
/// build, which the tests report): an empty set then.
[[nodiscard]] const charset_info& named(grammar g, named_set s) noexcept;
/// True when US-ASCII octet `c` (below 0x80) is in the set: one bit of its ASCII bitmap.
[[nodiscard]] inline bool contains_ascii(const charset_info& cs, unsigned c) noexcept {
    return (cs.ascii[c >> 6] >> (c & 63)) & 1u;
}
/// True when code point `c` is in the set: the one membership test of the library's sets (the grammars' literal and
/// named sets, grammar/url.abnf's). A bit of the ASCII bitmap, or a binary search of the ranges.
[[nodiscard]] constexpr bool contains(const charset_info& cs, char32_t c) noexcept {
    if (c < 0x80) return (cs.ascii[c >> 6] >> (c & 63)) & 1u;
    std::size_t lo = 0, hi = cs.count;  // the first range that ends at or after c is in [lo, hi]
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (cs.ranges[mid][1] < c) lo = mid + 1;
        else hi = mid;
    }
    return lo < cs.count && cs.ranges[lo][0] <= c;
}

/// An octet of RFC 5234 Appendix B.1's ALPHA, DIGIT, either, or of what may continue an RFC 3986 §3.1 scheme
/// (ALPHA / DIGIT / "+" / "-" / "."): the grammar's named sets (grammar/sets.def), for the stages that read text
/// without running a grammar (extraction, the crawler's lenient splits).
[[nodiscard]] inline bool is_alpha(char c) noexcept {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x80 && contains_ascii(named(grammar::uri, named_set::alpha), u);
}
[[nodiscard]] inline bool is_digit(char c) noexcept {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x80 && contains_ascii(named(grammar::uri, named_set::digit), u);
}
[[nodiscard]] inline bool is_alnum(char c) noexcept { return is_alpha(c) || is_digit(c); }
[[nodiscard]] inline bool is_scheme_char(char c) noexcept { return is_alnum(c) || c == '+' || c == '-' || c == '.'; }

}  // namespace iri::detail
