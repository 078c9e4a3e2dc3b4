// Whether a reference has any of the octets that the normalization rules change, 16 octets at a time (SSE2, the
// x86-64 baseline; a byte loop elsewhere): one pass tells a reference that is its own normal form (normalize.cpp)
// without a search per rule. A "maybe" here is decided by the exact rule. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iri::detail {

/// What a whole reference holds, for its fast path.
struct text_octets {
    bool percent = false;    ///< a "%" (§5.3.2.1, §5.3.2.3)
    bool slash_dot = false;  ///< a "/." (a segment that starts with ".": maybe a dot segment, §5.3.2.4)
    bool non_ascii = false;  ///< an octet from 0x80 (NFC, §5.3.2.2)
    /// In the first `prefix` octets (the scheme and authority): an uppercase letter (§5.3.2.1), an octet from
    /// 0x80 (a host that is not US-ASCII only, or an IDN) or a "--" (maybe an "xn--" label, §5.3.3).
    bool prefix_may_change = false;
};

#if defined(__SSE2__)

namespace octet_detail {

inline __m128i load(const char* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline __m128i eq(__m128i x, char c) noexcept { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); }

}  // namespace octet_detail

/// The octets of p[0, n) and of its first `prefix` (<= n), read 16 at a time: blocks that overlap at the end (a
/// test of "any" counts an octet read twice once), each with the block one octet before it for the first octet
/// of a "/." or "--".
[[nodiscard]] inline text_octets octets_of(const char* p, std::size_t n, std::size_t prefix) noexcept {
    using octet_detail::eq;
    using octet_detail::load;
    __m128i percent = _mm_setzero_si128(), slash_dot = percent, high = percent;
    unsigned in_prefix = 0;
    const auto add = [&](__m128i x, __m128i before, std::size_t at) {  // x: the octets from p[at]
        percent = _mm_or_si128(percent, eq(x, '%'));
        slash_dot = _mm_or_si128(slash_dot, _mm_and_si128(eq(x, '.'), eq(before, '/')));
        high = _mm_or_si128(high, x);
        if (at >= prefix) return;
        const __m128i upper =
            _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('Z' + 1)));
        const __m128i dashes = _mm_and_si128(eq(x, '-'), eq(before, '-'));
        // x itself: its octets from 0x80 (bit 7)
        auto found = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(upper, dashes), x)));
        if (prefix - at < 16) found &= (1u << (prefix - at)) - 1;
        in_prefix |= found;
    };
    if (n >= 16) {
        const __m128i first = load(p);
        add(first, _mm_slli_si128(first, 1), 0);
        std::size_t i = 16;
        for (; i + 16 <= n; i += 16) add(load(p + i), load(p + i - 1), i);
        if (i < n) add(load(p + n - 16), load(p + n - 17), n - 16);
    } else if (n > 0) {  // shorter than a block: a copy, zeros after it (a zero octet is none of the kinds)
        char block[16] = {};
        std::memcpy(block, p, n);
        const __m128i x = load(block);
        add(x, _mm_slli_si128(x, 1), 0);
    }
    return {_mm_movemask_epi8(percent) != 0, _mm_movemask_epi8(slash_dot) != 0, _mm_movemask_epi8(high) != 0,
            in_prefix != 0};
}

#else

[[nodiscard]] inline text_octets octets_of(const char* p, std::size_t n, std::size_t prefix) noexcept {
    text_octets t;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        const bool after = i > 0;
        t.percent |= c == '%';
        t.slash_dot |= c == '.' && after && p[i - 1] == '/';
        t.non_ascii |= c >= 0x80;
        if (i < prefix)
            t.prefix_may_change |= (c >= 'A' && c <= 'Z') || c >= 0x80 || (c == '-' && after && p[i - 1] == '-');
    }
    return t;
}

#endif

}  // namespace iri::detail
