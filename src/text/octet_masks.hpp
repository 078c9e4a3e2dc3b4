// Where the octets of a few classes are in a block of 64, as one bit mask per class: the HTML tokenizer's jumps from
// one octet that matters to the next (src/html/octet_cursor.hpp), the octet survey's idea (octet_scan.hpp) with the
// masks kept. The classes are known at compile time (a constexpr octet_classes), so that each level's code is a
// straight run of compares: one block of 64 with AVX-512BW, two of 32 with AVX2, four of 16 with SSE2 (the x86-64
// baseline, the scalar level's), or a byte at a time elsewhere. The caller names the level (text/simd.hpp's
// active_simd_level, read once per text). Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "text/simd.hpp"

#if defined(__x86_64__) || defined(__i386__)
#  include <immintrin.h>
#  define IRI_OCTET_MASKS_X86 1
#endif

namespace iri::detail {

/// Up to eight classes of octets, class k holding octets[k][0, sizes[k]).
struct octet_classes {
    static constexpr unsigned max_classes = 8, max_octets = 8;
    unsigned count = 0;
    unsigned sizes[max_classes] = {};
    unsigned char octets[max_classes][max_octets] = {};
};

namespace octet_masks_detail {

[[nodiscard]] inline std::uint64_t below(std::size_t n) noexcept {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

// The 64 octets from p, or the n < 64 there and zeros after them (a copy), for the narrower levels' blocks.
[[nodiscard]] inline const char* whole_block(const char* p, std::size_t n, char (&copy)[64]) noexcept {
    if (n >= 64) return p;
    std::memset(copy, 0, sizeof copy);
    std::memcpy(copy, p, n);
    return copy;
}

#if defined(__SSE2__)
template <const octet_classes& C, unsigned K, std::size_t... J>
[[nodiscard]] inline __m128i in_class(__m128i x, std::index_sequence<J...>) noexcept {
    return (_mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(C.octets[K][J]))) | ...);
}
template <const octet_classes& C, std::size_t... K>
inline void baseline(const char* p, std::size_t n, std::uint64_t* masks, std::index_sequence<K...>) noexcept {
    char copy[64];
    const char* b = whole_block(p, n, copy);
    const __m128i x[4] = {_mm_loadu_si128(reinterpret_cast<const __m128i*>(b)),
                          _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 16)),
                          _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 32)),
                          _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 48))};
    const auto bits = [&x](auto k) {
        std::uint64_t m = 0;
        for (unsigned q = 0; q < 4; ++q)
            m |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(
                     in_class<C, decltype(k)::value>(x[q], std::make_index_sequence<C.sizes[decltype(k)::value]>{})))}
                 << (16 * q);
        return m;
    };
    const std::uint64_t inside = below(n);
    ((masks[K] = bits(std::integral_constant<unsigned, K>{}) & inside), ...);
}
#else
template <const octet_classes& C, std::size_t... K>
inline void baseline(const char* p, std::size_t n, std::uint64_t* masks, std::index_sequence<K...>) noexcept {
    ((masks[K] = 0), ...);
    for (std::size_t i = 0; i < n && i < 64; ++i)
        for (unsigned k = 0; k < C.count; ++k)
            for (unsigned j = 0; j < C.sizes[k]; ++j)
                if (static_cast<unsigned char>(p[i]) == C.octets[k][j]) masks[k] |= std::uint64_t{1} << i;
}
#endif

#ifdef IRI_OCTET_MASKS_X86
template <const octet_classes& C, unsigned K, std::size_t... J>
__attribute__((target("avx2"), always_inline)) inline __m256i in_class_avx2(__m256i x,
                                                                            std::index_sequence<J...>) noexcept {
    return (_mm256_cmpeq_epi8(x, _mm256_set1_epi8(static_cast<char>(C.octets[K][J]))) | ...);
}
template <const octet_classes& C, std::size_t... K>
__attribute__((target("avx2"))) void avx2(const char* p, std::size_t n, std::uint64_t* masks,
                                          std::index_sequence<K...>) noexcept {
    char copy[64];
    const char* b = whole_block(p, n, copy);
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + 32));
    const std::uint64_t inside = below(n);
    ((masks[K] = (static_cast<std::uint32_t>(
                      _mm256_movemask_epi8(in_class_avx2<C, K>(lo, std::make_index_sequence<C.sizes[K]>{}))) |
                  std::uint64_t{static_cast<std::uint32_t>(
                      _mm256_movemask_epi8(in_class_avx2<C, K>(hi, std::make_index_sequence<C.sizes[K]>{})))}
                      << 32) &
                 inside),
     ...);
}

template <const octet_classes& C, unsigned K, std::size_t... J>
__attribute__((target("avx512f,avx512bw"), always_inline)) inline std::uint64_t in_class_avx512(
    __m512i x, std::index_sequence<J...>) noexcept {
    return (_mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(static_cast<char>(C.octets[K][J]))) | ...);
}
// The octets past n are masked out of the load (never read), and so out of the masks.
template <const octet_classes& C, std::size_t... K>
__attribute__((target("avx512f,avx512bw"))) void avx512(const char* p, std::size_t n, std::uint64_t* masks,
                                                        std::index_sequence<K...>) noexcept {
    const std::uint64_t inside = below(n);
    const __m512i x = n >= 64 ? _mm512_loadu_si512(p) : _mm512_maskz_loadu_epi8(inside, p);
    ((masks[K] = in_class_avx512<C, K>(x, std::make_index_sequence<C.sizes[K]>{}) & inside), ...);
}
#endif

}  // namespace octet_masks_detail

/// The classes' masks of p[0, n) (n <= 64): bit i of masks[k] is set when p[i] is one of class k's octets; the
/// bits from n on are clear. At `level` (which the processor has). Nothing past p + n is read.
template <const octet_classes& C>
inline void octet_masks(simd_level level, const char* p, std::size_t n, std::uint64_t* masks) noexcept {
    constexpr auto classes = std::make_index_sequence<C.count>{};
#ifdef IRI_OCTET_MASKS_X86
    if (level == simd_level::avx512) return octet_masks_detail::avx512<C>(p, n, masks, classes);
    if (level == simd_level::avx2) return octet_masks_detail::avx2<C>(p, n, masks, classes);
#endif
    (void)level;
    octet_masks_detail::baseline<C>(p, n, masks, classes);
}

}  // namespace iri::detail
