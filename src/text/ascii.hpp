// ASCII case helpers (schemes, hosts and hex digits are case-insensitive: RFC 3986 §3.1, §3.2.2, §2.1), one octet
// or eight at a time, the octet loads of the word-at-a-time forms, and the search for a few octets in short runs.
// Private to the library.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

namespace iri::detail {

/// The first n octets at p (n <= 8) as one word in memory order (p[0] lowest on a little-endian machine), zeros
/// after them, read without a byte past p + n: overlapping loads of the first and last four octets, or three
/// positions for fewer than four.
[[nodiscard]] inline std::uint64_t load_up_to_8(const char* p, std::size_t n) noexcept {
    std::uint64_t x = 0;
    if (n == 8) {
        std::memcpy(&x, p, 8);
    } else if (n >= 4) {
        std::uint32_t head = 0, tail = 0;
        std::memcpy(&head, p, 4);
        std::memcpy(&tail, p + n - 4, 4);
        x = head | std::uint64_t{tail} << (8 * (n - 4));
    } else if (n > 0) {
        const auto at = [p](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i); };
        x = at(0) | at(n / 2) | at(n - 1);
    }
    return x;
}

/// The first octet of [s, end) that is one of `Set`, or end: sixteen octets at a time with SSE2 (the x86-64
/// baseline); fewer than sixteen left, one block that ends at `end` when the text from `text` (<= s) is at least
/// that long, else one octet at a time. For short runs, such as those between triplets (a "_(" or "/" between
/// percent-encoded characters), where a call of memchr per run costs more than its search, and for the delimiters
/// of RFC 3986 Appendix B (split).
template <char... Set>
[[nodiscard]] inline const char* find_first_of(const char* s, const char* end, const char* text) noexcept {
#if defined(__SSE2__)
    const auto in_set = [](const char* at) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
        __m128i found = _mm_setzero_si128();
        ((found = _mm_or_si128(found, _mm_cmpeq_epi8(x, _mm_set1_epi8(Set)))), ...);
        return static_cast<unsigned>(_mm_movemask_epi8(found));
    };
    for (; end - s >= 16; s += 16)
        if (const unsigned found = in_set(s)) return s + std::countr_zero(found);
    if (s != end && end - text >= 16) {  // its octets before s are shifted out
        const char* const block = end - 16;
        const unsigned found = in_set(block) >> (s - block);
        return found ? s + std::countr_zero(found) : end;
    }
#else
    (void)text;
#endif
    while (s != end && ((*s != Set) && ...)) ++s;
    return s;
}

/// The first octet of [s + 1, end) that is one of `Set` right after an octet `Before`, or end: sixteen octets at a
/// time with SSE2, as find_first_of (`text` <= s: the octets from there may be read, for the last block). For the
/// segments of a path that may be dot segments ("/." and "/%"), a "--" in a host.
template <char Before, char... Set>
[[nodiscard]] inline const char* find_after(const char* s, const char* end, const char* text) noexcept {
    const char* p = s + 1;
    if (p >= end) return end;
#if defined(__SSE2__)
    const auto found = [](const char* at) {  // bit i: at[i - 1] is Before and at[i] is one of Set
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at - 1));
        __m128i in = _mm_setzero_si128();
        ((in = _mm_or_si128(in, _mm_cmpeq_epi8(x, _mm_set1_epi8(Set)))), ...);
        return static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(in, _mm_cmpeq_epi8(y, _mm_set1_epi8(Before)))));
    };
    for (; end - p >= 16; p += 16)
        if (const unsigned f = found(p)) return p + std::countr_zero(f);
    if (p != end && end - text >= 17) {  // the last 16 octets and the one before them; those before p shifted out
        const char* const block = end - 16;
        const unsigned f = found(block) >> (p - block);
        return f ? p + std::countr_zero(f) : end;
    }
#else
    (void)text;
#endif
    for (; p != end; ++p)
        if (p[-1] == Before && ((*p == Set) || ...)) return p;
    return end;
}

[[nodiscard]] constexpr char to_lower(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The octets of `x` (eight at a time, SWAR) that are ASCII uppercase letters, as their bit 7: for each octet y of
/// the low seven bits, y + 0x3F has bit 7 set from "A" up and y + 0x25 from "[" up, without carries.
[[nodiscard]] constexpr std::uint64_t uppercase_octets(std::uint64_t x) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x80 * ones;
    const std::uint64_t y = x & ~high;
    return (y + 0x3F * ones) & ~(y + 0x25 * ones) & ~x & high;
}

/// `x` with each ASCII uppercase octet lowercased (bit 5 set), eight at a time: to_lower of each octet.
[[nodiscard]] constexpr std::uint64_t to_lower_octets(std::uint64_t x) noexcept { return x | uppercase_octets(x) >> 2; }

/// The first 16 octets of `s` (s.size() <= 16), lowercased (to_lower), as two words in memory order with zeros
/// after them: a short name compared case-insensitively in two word compares (scheme names).
[[nodiscard]] inline std::array<std::uint64_t, 2> lowercase_words(std::string_view s) noexcept {
    if (s.size() <= 8) return {to_lower_octets(load_up_to_8(s.data(), s.size())), 0};
    return {to_lower_octets(load_up_to_8(s.data(), 8)), to_lower_octets(load_up_to_8(s.data() + 8, s.size() - 8))};
}

/// True when every byte of `s` is below 0x80: text in which no Unicode-only rule can fire. Eight octets at a time,
/// the last eight overlapping the ones before (a short reference is a few words, not a vector loop's prologue and
/// epilogue).
[[nodiscard]] inline bool is_ascii(std::string_view s) noexcept {
    constexpr std::uint64_t high = 0x8080808080808080u;
    const char* const p = s.data();
    const std::size_t n = s.size();
    if (n < 8) return (load_up_to_8(p, n) & high) == 0;
    std::uint64_t any = 0, x = 0;
    for (std::size_t i = 0; i + 8 <= n; i += 8) any |= (std::memcpy(&x, p + i, 8), x);
    any |= (std::memcpy(&x, p + n - 8, 8), x);
    return (any & high) == 0;
}

[[nodiscard]] constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (to_lower(a[i]) != to_lower(b[i])) return false;
    return true;
}

}  // namespace iri::detail
