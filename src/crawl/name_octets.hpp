// A host name's octets as the crawler's walks read them: lowercased into zero-padded words (so that each label's
// first octets are one load) and its dots as bits, eight or sixteen octets at a time. Private to the library: the
// Public Suffix List's walk (crawl/psl_table.cpp) and the IA canonicalizer's host writer (crawl/ia_canon.cpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/ascii.hpp"

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

namespace iri::crawl::detail {

// Bit 7 of each octet of `x` that is a "." (the exact zero-octet test of x ^ "........": no carry crosses octets).
[[nodiscard]] constexpr std::uint64_t dot_octets(std::uint64_t x) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x80 * ones;
    const std::uint64_t y = x ^ (0x2E * ones);
    return ~(((y & ~high) + ~high) | y) & high;
}

// The dots of one word as eight bits: bit 7 of each "." octet gathered by a multiplication (the octets' bits land
// on distinct positions, so no carry disturbs the top octet).
[[nodiscard]] constexpr std::uint64_t packed_dots(std::uint64_t x) noexcept {
    return ((dot_octets(x) >> 7) * 0x0102040810204080u) >> 56;
}

// A name's octets lowercased into zero-padded words (so that each label's first octets are one load) and its dots
// as bits (bit i of dots[i / 64]: octet i is a "."), eight octets at a time. `Words` words of dots: 1 for a name
// of at most 64 octets (the commonest, in registers), 4 for any other.
template <std::size_t Words>
struct walked_name {
    std::uint64_t words[Words * 8 + 1];  // the octets, then a word of zeros
    std::uint64_t dots[Words] = {};

    [[nodiscard]] const char* octets() const noexcept { return reinterpret_cast<const char*>(words); }

    template <bool Escapes = false>  // (not counted here: short_name's escapes are SSE2's)
    void fill(const char* h, std::size_t n) noexcept {
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            std::uint64_t x;
            std::memcpy(&x, h + i, 8);
            words[i / 8] = iri::detail::to_lower_octets(x);
            dots[i / 64] |= packed_dots(x) << (i % 64);
        }
        if (i < n) {  // the last octets: the name's last eight shifted down, or fewer than eight in all
            std::uint64_t x;
            if (n >= 8) std::memcpy(&x, h + n - 8, 8), x >>= 8 * (8 - (n - i));
            else x = iri::detail::load_up_to_8(h, n);
            words[i / 8] = iri::detail::to_lower_octets(x);
            dots[i / 64] |= packed_dots(x) << (i % 64);
        }
        words[(n + 7) / 8] = 0;
    }

    // Every label 1 to 63 octets: no dot first or last, no two together, none 64 octets or more after another.
    [[nodiscard]] bool labels_fit(std::size_t n) const noexcept {
        if (Words == 1)
            return !((dots[0] & 1) | ((dots[0] >> (n - 1)) & 1) | (dots[0] & (dots[0] >> 1))) &&
                   (n < 64 || dots[0] != 0);
        if ((dots[0] & 1) || ((dots[(n - 1) / 64] >> ((n - 1) % 64)) & 1)) return false;
        for (std::size_t k = 0; k < Words; ++k) {
            const std::uint64_t next = k + 1 < Words ? dots[k + 1] : 0;
            if ((dots[k] & (dots[k] >> 1)) || ((dots[k] >> 63) & next & 1)) return false;
        }
        std::size_t label = 0;  // where the current label began: the dots one by one
        for (std::size_t k = 0; k < Words; ++k)
            for (std::uint64_t d = dots[k]; d != 0; d &= d - 1) {
                const std::size_t at = k * 64 + static_cast<std::size_t>(std::countr_zero(d));
                if (at - label > 63) return false;
                label = at + 1;
            }
        return n - label <= 63;
    }

    // Where the label that ends at `end` (> 0) begins: after the last dot before it, or 0.
    [[nodiscard]] std::size_t start_before(std::size_t end) const noexcept {
        std::size_t k = (end - 1) / 64;
        // The bits below `end` in its word (the shift by two halves: end % 64 == 0 keeps the whole word).
        std::uint64_t d = dots[k] & ((std::uint64_t{1} << ((end - 1) % 64)) * 2 - 1);
        while (d == 0) {
            if (k == 0) return 0;
            d = dots[--k];
        }
        return k * 64 + 64 - static_cast<std::size_t>(std::countl_zero(d));
    }
};

#if defined(__SSE2__)
// A name of at most 64 octets, sixteen at a time with SSE2 (the x86-64 baseline): the same as walked_name<1>.
struct short_name {
    alignas(16) char buffer[64 + 16];  // the octets, then zeros
    std::uint64_t dots[1] = {0};
    /// fill<true>: the octets the surt package's escapeOnce escapes (<= 0x20, >= 0x7F, "#", "%": crawl/ia_canon.hpp's
    /// escaped_once), as bits.
    std::uint64_t escapes = 0;

    [[nodiscard]] const char* octets() const noexcept { return buffer; }

    // One block of the name at octet `at`: its dots, and its octets lowercased (ASCII "A" to "Z" plus 0x20).
    template <bool Escapes>
    void block(__m128i v, std::size_t at) noexcept {
        if constexpr (Escapes) {  // a signed compare: the octets from 0x80 are below 0x21 too
            const __m128i e = _mm_or_si128(
                _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x21)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F))),
                _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('#')), _mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
            escapes |= static_cast<std::uint64_t>(_mm_movemask_epi8(e)) << at;
        }
        dots[0] |= static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.')))) << at;
        const __m128i upper =
            _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(buffer + at),
                         _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20))));
    }

    template <bool Escapes = false>
    void fill(const char* h, std::size_t n) noexcept {
        if (n >= 16) {
            std::size_t i = 0;
            for (; i + 16 <= n; i += 16) block<Escapes>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + i)), i);
            // The last octets as the name's last sixteen (those before them again: the same bits, the same case).
            if (i < n) block<Escapes>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + n - 16)), n - 16);
        } else {
            std::uint64_t low = 0, rest = 0;  // the octets in two words, read without an octet past the name
            if (n >= 8) {
                std::memcpy(&low, h, 8);
                std::memcpy(&rest, h + n - 8, 8);
                rest = n == 8 ? 0 : rest >> (8 * (16 - n));
            } else {
                low = iri::detail::load_up_to_8(h, n);
            }
            block<Escapes>(_mm_set_epi64x(static_cast<long long>(rest), static_cast<long long>(low)), 0);
            escapes &= (std::uint64_t{1} << n) - 1;  // not the zeros after the name
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(buffer + n), _mm_setzero_si128());
    }

    [[nodiscard]] bool labels_fit(std::size_t n) const noexcept {
        return !((dots[0] & 1) | ((dots[0] >> (n - 1)) & 1) | (dots[0] & (dots[0] >> 1))) && (n < 64 || dots[0] != 0);
    }

    [[nodiscard]] std::size_t start_before(std::size_t end) const noexcept {
        const std::uint64_t d = dots[0] & ((std::uint64_t{1} << (end - 1)) * 2 - 1);
        return d == 0 ? 0 : 64 - static_cast<std::size_t>(std::countl_zero(d));
    }
};
#else
using short_name = walked_name<1>;
#endif

}  // namespace iri::crawl::detail
