// The SIMD skip of literal runs and the choice of each level's kernels (simd_scan.hpp).
#include "text/simd_scan.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "text/octet_scan.hpp"
#include "text/simd_kernels.hpp"

namespace iri::detail {

namespace {

// One byte at a time: processors without SIMD.
std::uint32_t skip_scalar(const unsigned char* s, std::uint32_t at, std::uint32_t n, const ascii_set& set) noexcept {
    while (at < n && set.has(s[at])) {
        if (s[at] == '%' && (n - at < 3 || !hex_digit_set.has(s[at + 1]) || !hex_digit_set.has(s[at + 2]))) return at;
        at += s[at] == '%' ? 3 : 1;
    }
    return at;
}

// The verdict on a SIMD block, from masks of its bytes (bit i for byte i), shared by the AVX2 and AVX-512 loops.
// `stops` starts as the bytes the ASCII set does not hold (every non-ASCII byte among them) and those past the
// input; `advance` as the block's width, and less when something starting in its last two bytes waits for the
// next block.

// The non-ASCII bytes of whole three-octet characters (a lead of the set's whole leads, then two trail octets)
// are part of the run; any other non-ASCII byte stops it, at a character's first byte.
template <class Mask>
inline void pass_whole_characters(Mask non_ascii, Mask leads, Mask trails, Mask& stops,
                                  std::uint32_t& advance) noexcept {
    constexpr Mask last_two = Mask{3} << (8 * sizeof(Mask) - 2);
    const Mask whole = leads & (trails >> 1) & (trails >> 2);
    const Mask carry = leads & last_two;
    stops = (stops & ~non_ascii) | (non_ascii & ~(whole | whole << 1 | whole << 2) & ~carry);
    if (carry) advance = static_cast<std::uint32_t>(std::countr_zero(carry));
}

// The "%" before the first stop (`pct`) must be followed by two hex digits (`hex`, RFC 3986 §2.1).
template <class Mask>
inline void check_triplets(Mask pct, Mask hex, Mask& stops, std::uint32_t& advance) noexcept {
    constexpr Mask last_two = Mask{3} << (8 * sizeof(Mask) - 2);
    stops |= pct & ~((hex >> 1) & (hex >> 2)) & ~last_two;
    if (const Mask carry = pct & last_two)
        advance = std::min(advance, static_cast<std::uint32_t>(std::countr_zero(carry)));
}

// The bits below the first stop.
template <class Mask>
inline Mask before_first(Mask stops) noexcept {
    return stops ? (Mask{1} << std::countr_zero(stops)) - 1 : ~Mask{0};
}

#ifdef IRI_X86
// The 32 bytes of the block at s + at, where `left` of the input's bytes are: read in place when the input holds
// them all; when it holds fewer but is 32 bytes long, the 32 that end it, of which the first `shift` come before
// s + at (the caller shifts its masks down by as many); else the input's bytes copied into `tail`, zeros after them.
// Nothing past input.data() + input.size() is read (parse.hpp); the bits of the bytes past it are masked out by the
// caller.
__attribute__((target("avx2"))) inline __m256i load_block(const unsigned char* s, std::uint32_t at, std::uint32_t left,
                                                          unsigned char (&tail)[32], unsigned& shift) noexcept {
    shift = 0;
    if (left >= 32) return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at));
    if (at + left >= 32) {
        shift = 32 - left;
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at + left - 32));
    }
    std::memset(tail, 0, sizeof tail);
    std::memcpy(tail, s + at, left);
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tail));
}

// 32 bytes at a time; the last partial block from the input's last 32 bytes, or from a copy (load_block).
__attribute__((target("avx2"))) std::uint32_t skip_avx2(const unsigned char* s, std::uint32_t at, std::uint32_t n,
                                                        const ascii_set& set) noexcept {
    const __m256i high_table = _mm256_setr_epi8(IRI_HIGH_BITS, IRI_HIGH_BITS);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    while (at < n) {
        const std::uint32_t left = n - at;
        unsigned char tail[32];
        unsigned shift;
        const __m256i x = load_block(s, at, left, tail, shift);
        const auto bits = [shift](int mask) { return static_cast<std::uint32_t>(mask) >> shift; };
        const __m256i lo = _mm256_and_si256(x, nibble);
        const __m256i high = _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
        const std::uint32_t inside = left < 32 ? (1u << left) - 1 : ~0u;  // bytes of the input
        std::uint32_t stops = ~(in_set(lo, high, set) >> shift) | ~inside;
        std::uint32_t pct = bits(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('%'))));
        std::uint32_t advance = 32;
        if (const std::uint32_t non_ascii = bits(_mm256_movemask_epi8(x)) & inside) {
            // Three-octet characters of a whole lead (set.three_octet_leads).
            const __m256i lead_table =
                _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(set.three_octet_leads)));
            const __m256i is_lead =
                _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(x, _mm256_set1_epi8(static_cast<char>(0xF0))),
                                                   _mm256_set1_epi8(static_cast<char>(0xE0))),
                                 _mm256_shuffle_epi8(lead_table, lo));
            const std::uint32_t leads = bits(_mm256_movemask_epi8(is_lead)) & inside;
            const std::uint32_t trails = bits(_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                                             _mm256_and_si256(x, _mm256_set1_epi8(static_cast<char>(0xC0))),
                                             _mm256_set1_epi8(static_cast<char>(0x80))))) &
                                         inside;
            pass_whole_characters(non_ascii, leads, trails, stops, advance);
        }
        pct &= inside & before_first(stops);
        if (pct) check_triplets(pct, (in_set(lo, high, hex_digit_set) >> shift) & inside, stops, advance);
        if (stops && static_cast<std::uint32_t>(__builtin_ctz(stops)) < advance)
            return at + static_cast<std::uint32_t>(__builtin_ctz(stops));
        at += advance;
    }
    return at;
}
// GCC 12's _mm512_broadcast_i32x4 passes an undefined vector on purpose, which -Wuninitialized reports (GCC bug
// 105593, fixed in GCC 13).
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wuninitialized"
#  if !defined(__clang__)
#    pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#  endif
// 64 bytes at a time with AVX-512BW: the same lookup, the masks in mask registers. A block at the end of the
// input is loaded with its bytes past the end masked out, which never reads them (masked loads do not fault).
__attribute__((target("avx512f,avx512bw"))) std::uint32_t skip_avx512(const unsigned char* s, std::uint32_t at,
                                                                      std::uint32_t n, const ascii_set& set) noexcept {
    const __m512i high_table = _mm512_broadcast_i32x4(_mm_setr_epi8(IRI_HIGH_BITS));
    const __m512i table = _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(set.low_nibble)));
    const __m512i hex_table =
        _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(hex_digit_set.low_nibble)));
    const __m512i three_octet_leads =
        _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(set.three_octet_leads)));
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    const __m512i percent = _mm512_set1_epi8('%');
    while (at < n) {
        const std::uint32_t left = n - at;
        const __mmask64 inside = left < 64 ? (std::uint64_t{1} << left) - 1 : ~std::uint64_t{0};
        const __m512i x = _mm512_maskz_loadu_epi8(inside, s + at);
        const __m512i lo = _mm512_and_si512(x, nibble);
        const __m512i high = _mm512_shuffle_epi8(high_table, _mm512_and_si512(_mm512_srli_epi16(x, 4), nibble));
        std::uint64_t stops = ~_mm512_test_epi8_mask(_mm512_shuffle_epi8(table, lo), high) | ~inside;
        std::uint64_t pct = _mm512_mask_cmpeq_epi8_mask(inside, x, percent);
        std::uint32_t advance = 64;
        if (const std::uint64_t non_ascii = _mm512_movepi8_mask(x)) {
            // Three-octet characters of a whole lead (set.three_octet_leads).
            const std::uint64_t leads = _mm512_mask_cmpeq_epi8_mask(
                _mm512_cmpeq_epi8_mask(_mm512_and_si512(x, _mm512_set1_epi8(static_cast<char>(0xF0))),
                                       _mm512_set1_epi8(static_cast<char>(0xE0))),
                _mm512_shuffle_epi8(three_octet_leads, lo), _mm512_set1_epi8(static_cast<char>(0xFF)));
            const std::uint64_t trails =
                _mm512_cmpeq_epi8_mask(_mm512_and_si512(x, _mm512_set1_epi8(static_cast<char>(0xC0))),
                                       _mm512_set1_epi8(static_cast<char>(0x80)));
            pass_whole_characters(non_ascii, leads, trails, stops, advance);
        }
        pct &= before_first(stops);
        if (pct) {
            const std::uint64_t hex = _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(hex_table, lo), high);
            check_triplets(pct, hex, stops, advance);
        }
        if (stops && static_cast<std::uint32_t>(__builtin_ctzll(stops)) < advance)
            return at + static_cast<std::uint32_t>(__builtin_ctzll(stops));
        at += advance;
    }
    return at;
}
#  pragma GCC diagnostic pop
#endif

// The implementations of one level.
struct level_functions {
    std::uint32_t (*skip)(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&) noexcept;
    classify_kernels classify;
};

level_functions functions_for(simd_level level) noexcept {
    switch (level) {
        case simd_level::scalar: break;
#ifdef IRI_X86
        case simd_level::avx2: return {skip_avx2, classify_kernels_for(level)};
        case simd_level::avx512: return {skip_avx512, classify_kernels_for(level)};
#else
        default: break;
#endif
    }
    return {skip_scalar, classify_kernels_for(simd_level::scalar)};
}

// Chosen once, when the library is loaded (select_simd_level changes them for the fuzzers).
level_functions at_level = functions_for(active_simd_level());

}  // namespace

bool select_simd_level(simd_level level) noexcept {
    if (!processor_has(level)) return false;
    at_level = functions_for(level);
    select_octets_level(level);
    set_active_simd_level(level);
    return true;
}

std::uint32_t skip_literals_from(const unsigned char* s, std::uint32_t at, std::uint32_t n,
                                 const ascii_set& set) noexcept {
    return at_level.skip(s, at, n, set);
}

bool classify_reference(const unsigned char* s, std::uint32_t n, const ascii_set& first, const ascii_set& second,
                        reference_masks& m) noexcept {
    return at_level.classify.classify(s, n, first, second, m);
}

bool classify_short(const unsigned char* s, std::uint32_t at, std::uint32_t n, const ascii_set& first,
                    const ascii_set& second, short_masks& m) noexcept {
    return at_level.classify.classify_short(s, at, n, first, second, m);
}

}  // namespace iri::detail
