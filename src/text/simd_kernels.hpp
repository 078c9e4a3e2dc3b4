// The pieces the SIMD kernels of simd_scan.cpp (the skip) and simd_classify.cpp (the masks) share: the nibble
// lookup of an ascii_set in a vector, the hexadecimal digits' set, and the classify kernels of each level. Private
// to text/.
#pragma once

#include <cstdint>

#include "iri/hex.hpp"
#include "text/simd_scan.hpp"

#if defined(__x86_64__) || defined(__i386__)
#  include <immintrin.h>
#  define IRI_X86 1
#endif

namespace iri::detail {

/// The hexadecimal digits, as iri::hex_value reads them (RFC 3986 §2.1: HEXDIG, either case).
inline constexpr ascii_set hex_digit_set = [] {
    ascii_set h;
    for (unsigned char c = 0; c < 0x80; ++c)
        if (hex_value(static_cast<char>(c)) >= 0) h.add(c);
    return h;
}();

/// The classify kernels of one level (simd_classify.cpp): none at the scalar level.
struct classify_kernels {
    bool (*classify)(const unsigned char*, std::uint32_t, const ascii_set&, const ascii_set&,
                     reference_masks&) noexcept;
    bool (*classify_short)(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&, const ascii_set&,
                           short_masks&) noexcept;
};
[[nodiscard]] classify_kernels classify_kernels_for(simd_level level) noexcept;

#ifdef IRI_X86
// 1 << h for the high nibbles of ASCII (0–7), 0 for bytes >= 0x80.
#  define IRI_HIGH_BITS 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0

namespace {  // each kernel file its own copy: with internal linkage GCC inlines it into the kernels

// Bit i set when byte i (its low nibble in `lo`, its high-nibble bit in `high`) is in `t`.
__attribute__((target("avx2"))) inline std::uint32_t in_set(__m256i lo, __m256i high, const ascii_set& t) noexcept {
    const __m256i table = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(t.low_nibble)));
    const __m256i hit = _mm256_and_si256(_mm256_shuffle_epi8(table, lo), high);
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
}

}  // namespace
#endif

}  // namespace iri::detail
