// The masks of a whole reference or a short part, a SIMD block at a time (classify_reference, classify_short of
// simd_scan.hpp), at each level.
#include <bit>
#include <cstring>

#include "text/simd_kernels.hpp"
#include "text/simd_scan.hpp"

namespace iri::detail {

namespace {

// Every "%" of the masks (`pct`, `hex`: words of 32 octets as in reference_masks, `count` of them, octets past the
// input in neither) followed by two hexadecimal digits (RFC 3986 §2.1): the digits of the octets at the start of a
// word are those of the next one.
bool triplets_whole(const std::uint32_t* pct, const std::uint32_t* hex, std::uint32_t count) noexcept {
    std::uint32_t bad = 0;
    for (std::uint32_t w = 0; w < count; ++w) {
        const std::uint32_t next = w + 1 < count ? hex[w + 1] : 0;
        bad |= pct[w] & ~((hex[w] >> 1 | next << 31) & (hex[w] >> 2 | next << 30));
    }
    return bad == 0;
}

#ifdef IRI_X86
// The masks of the 32 octets x into word w of `m`, `pct` and `hex`, each passed through `place` (the last block's
// octets to their offsets); false when one is non-ASCII.
template <class Place>
__attribute__((target("avx2"), always_inline)) inline bool classify_block(__m256i x, const ascii_set& first,
                                                                          const ascii_set& second, std::uint32_t w,
                                                                          reference_masks& m, std::uint32_t* pct,
                                                                          std::uint32_t* hex, Place place) noexcept {
    if (_mm256_movemask_epi8(x)) return false;
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i lo = _mm256_and_si256(x, nibble);
    const __m256i high = _mm256_shuffle_epi8(_mm256_setr_epi8(IRI_HIGH_BITS, IRI_HIGH_BITS),
                                             _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    m.first[w] = place(in_set(lo, high, first));
    m.second[w] = place(in_set(lo, high, second));
    pct[w] = place(static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('%')))));
    hex[w] = pct[w] ? place(in_set(lo, high, hex_digit_set)) : 0;
    return true;
}

// The AVX2 reference_masks, a word a block of 32 octets. The last block of a reference of 32 octets or more is the
// 32 that end it, its masks shifted down to their place; of a shorter one, two blocks of 16, the first and the last
// 16 octets (overlapping), or, under 16, a copy (its octets past the input masked out: a grammar may hold U+0000):
// no octet past the input is read.
__attribute__((target("avx2"))) bool classify_avx2(const unsigned char* s, std::uint32_t n, const ascii_set& first,
                                                   const ascii_set& second, reference_masks& m) noexcept {
    if (n > reference_masks::max_size) return false;
    std::uint32_t pct[reference_masks::words], hex[reference_masks::words];
    const auto as_is = [](std::uint32_t mask) { return mask; };
    const std::uint32_t whole = n / 32, left = n % 32;
    for (std::uint32_t w = 0; w < whole; ++w)
        if (!classify_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + 32 * w)), first, second, w, m, pct,
                            hex, as_is))
            return false;
    if (left == 0) {
        m.first[whole] = m.second[whole] = 0;  // the word of octet n: in no set
        pct[whole] = hex[whole] = 0;
    } else if (n >= 32) {
        const auto shifted = [shift = 32 - left](std::uint32_t mask) { return mask >> shift; };
        if (!classify_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + n - 32)), first, second, whole, m,
                            pct, hex, shifted))
            return false;
    } else if (n >= 16) {
        const auto halves = [n](std::uint32_t mask) { return (mask & 0xFFFF) | (mask >> 16) << (n - 16); };
        if (!classify_block(
                _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(s + n - 16), reinterpret_cast<const __m128i*>(s)),
                first, second, 0, m, pct, hex, halves))
            return false;
    } else {
        unsigned char tail[32] = {};
        std::memcpy(tail, s, n);
        const auto inside = [n](std::uint32_t mask) { return mask & ((1u << n) - 1); };
        if (!classify_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(tail)), first, second, 0, m, pct, hex,
                            inside))
            return false;
    }
    const std::uint32_t count = whole + 1;
    std::uint32_t any = 0;
    for (std::uint32_t w = 0; w < count; ++w) any |= pct[w];
    return !any || triplets_whole(pct, hex, count);
}

// The masks of 32 octets for classify_short: the two sets', the "%", and the nibbles the hexadecimal digits' mask
// is taken from when there is a "%" (hex_of).
struct short_block {
    std::uint32_t first, second, pct;
    __m256i lo, high;
};

// short_block of the 32 octets x; false when one is non-ASCII.
__attribute__((target("avx2"), always_inline)) inline bool classify_short_block(__m256i x, const ascii_set& first,
                                                                                const ascii_set& second,
                                                                                short_block& b) noexcept {
    if (_mm256_movemask_epi8(x)) return false;
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    b.lo = _mm256_and_si256(x, nibble);
    b.high = _mm256_shuffle_epi8(_mm256_setr_epi8(IRI_HIGH_BITS, IRI_HIGH_BITS),
                                 _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    b.first = in_set(b.lo, b.high, first);
    b.second = in_set(b.lo, b.high, second);
    b.pct = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8('%'))));
    return true;
}

__attribute__((target("avx2"), always_inline)) inline std::uint32_t hex_of(const short_block& b) noexcept {
    return in_set(b.lo, b.high, hex_digit_set);
}

// Every "%" of `pct` followed by two hexadecimal digits of `hex` (RFC 3986 §2.1; octets past the input in neither):
// in one word, or in the two words of 64 octets of short_masks.
inline bool triplets_whole(std::uint64_t pct, std::uint64_t hex) noexcept {
    return !(pct & ~((hex >> 1) & (hex >> 2)));
}
inline bool triplets_whole(const std::uint64_t (&pct)[2], const std::uint64_t (&hex)[2]) noexcept {
    const std::uint64_t low = pct[0] & ~((hex[0] >> 1 | hex[1] << 63) & (hex[0] >> 2 | hex[1] << 62));
    return !(low | (pct[1] & ~((hex[1] >> 1) & (hex[1] >> 2))));
}

// The masks of a part's blocks gathered into the words of short_masks, a block's 32 bits from bit `shift` (under
// 96) on; the hexadecimal digits' mask of a block taken when it or the block before (`carry`) has a "%".
struct short_words {
    std::uint64_t first[2] = {}, second[2] = {}, pct[2] = {}, hex[2] = {};
    std::uint32_t carry = 0;  // a "%" in the last two octets of the block before
};

inline void put_bits(std::uint64_t (&word)[2], std::uint32_t bits, unsigned shift) noexcept {
    if (shift >= 64) {
        word[1] |= std::uint64_t{bits} << (shift - 64);
        return;
    }
    word[0] |= std::uint64_t{bits} << shift;
    if (shift > 32) word[1] |= std::uint64_t{bits} >> (64 - shift);
}

__attribute__((target("avx2"), always_inline)) inline void put_block(short_words& w, const short_block& b,
                                                                     unsigned shift) noexcept {
    put_bits(w.first, b.first, shift);
    put_bits(w.second, b.second, shift);
    put_bits(w.pct, b.pct, shift);
    if (b.pct | w.carry) put_bits(w.hex, hex_of(b), shift);
    w.carry = b.pct >> 30;
}

// The AVX2 short_masks of a part of 97 to 127 octets: its blocks of 32 from `at`, then the input's last 32 unless
// the part is a multiple of 32 (overlapping the block before, whose digits are then taken: a "%" near its end may
// have them in the overlap).
__attribute__((target("avx2"), noinline)) bool classify_long_avx2(const unsigned char* s, std::uint32_t at,
                                                                  std::uint32_t n, const ascii_set& first,
                                                                  const ascii_set& second, short_masks& m) noexcept {
    const std::uint32_t len = n - at;
    short_words w;
    short_block a;
    for (std::uint32_t k = 0; 32 * k + 32 <= len; ++k) {
        if (!classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at + 32 * k)), first, second,
                                  a))
            return false;
        put_block(w, a, 32 * k);
    }
    if (len % 32) {
        if (!classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + n - 32)), first, second, a))
            return false;
        w.carry |= 1;
        put_block(w, a, len - 32);
    }
    m.first[0] = w.first[0];
    m.first[1] = w.first[1];
    m.second[0] = w.second[0];
    m.second[1] = w.second[1];
    return !(w.pct[0] | w.pct[1]) || triplets_whole(w.pct, w.hex);
}

// The AVX2 short_masks of an input under 32 octets: one vector of its first and last 16 (octet i is bit i of the
// first half for i < 16, of the second from n - 16), or under 16 a copy (its octets past the input masked out: a
// grammar may hold U+0000).
__attribute__((target("avx2"), noinline)) bool classify_tiny_avx2(const unsigned char* s, std::uint32_t at,
                                                                  std::uint32_t n, const ascii_set& first,
                                                                  const ascii_set& second, short_masks& m) noexcept {
    std::uint32_t keep = ~0u;
    __m256i x;
    unsigned char tail[32] = {};
    if (n >= 16) {
        x = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(s + n - 16), reinterpret_cast<const __m128i*>(s));
    } else {
        std::memcpy(tail, s, n);
        x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tail));
        keep = (1u << n) - 1;
    }
    short_block a;
    if (!classify_short_block(x, first, second, a)) return false;
    const auto place = [n, at, keep](std::uint32_t mask) {
        mask &= keep;
        return (n >= 16 ? (mask & 0xFFFF) | (mask >> 16) << (n - 16) : mask) >> at;
    };
    m.first[0] = place(a.first);
    m.second[0] = place(a.second);
    m.first[1] = m.second[1] = 0;
    const std::uint32_t pct = place(a.pct);
    if (!pct) return true;
    const std::uint32_t hex = place(hex_of(a));
    return triplets_whole(pct, hex);
}

// The AVX2 short_masks of s[at, n). A part of 32 octets or fewer is the block of the 32 that end the input when it
// has them (masks shifted down); one of 64 or fewer its first 32 and the input's last 32 (overlapping), of 96 or
// fewer its first 64 and the input's last 32; a longer part, or an input under 32 octets, as classify_long_avx2 and
// classify_tiny_avx2 say. No octet outside s[0, n) is read.
__attribute__((target("avx2"))) bool classify_short_avx2(const unsigned char* s, std::uint32_t at, std::uint32_t n,
                                                         const ascii_set& first, const ascii_set& second,
                                                         short_masks& m) noexcept {
    const std::uint32_t len = n - at;
    if (len > short_masks::max_size) return false;
    if (n < 32) return classify_tiny_avx2(s, at, n, first, second, m);
    if (len > 96) return classify_long_avx2(s, at, n, first, second, m);
    short_block a;
    m.first[1] = m.second[1] = 0;
    if (len <= 32) {  // [n - 32, n): octet at + i is bit 32 - len + i
        if (!classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + n - 32)), first, second, a))
            return false;
        const unsigned drop = 32 - len;
        m.first[0] = a.first >> drop;
        m.second[0] = a.second >> drop;
        const std::uint32_t pct = a.pct >> drop;
        if (!pct) return true;
        const std::uint32_t hex = hex_of(a) >> drop;
        return triplets_whole(pct, hex);
    }
    if (len > 64) {  // [at, at + 64) and [n - 32, n): octet n - 32 + i is bit len - 32 + i, 33 to 64
        short_block b, c;
        if (!classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at)), first, second, a) ||
            !classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at + 32)), first, second,
                                  b) ||
            !classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + n - 32)), first, second, c))
            return false;
        const unsigned shift = len - 32;
        const auto join = [shift](std::uint32_t x, std::uint32_t y, std::uint32_t z, std::uint64_t(&word)[2]) {
            word[0] = x | std::uint64_t{y} << 32 | (shift < 64 ? std::uint64_t{z} << shift : 0);
            word[1] = std::uint64_t{z} >> (64 - shift);
        };
        join(a.first, b.first, c.first, m.first);
        join(a.second, b.second, c.second, m.second);
        std::uint64_t pct[2], hex[2];
        join(a.pct, b.pct, c.pct, pct);
        if (!(pct[0] | pct[1])) return true;
        join(hex_of(a), hex_of(b), hex_of(c), hex);
        return triplets_whole(pct, hex);
    }
    // [at, at + 32) and [n - 32, n): octet n - 32 + i is bit len - 32 + i
    short_block b;
    if (!classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + at)), first, second, a) ||
        !classify_short_block(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + n - 32)), first, second, b))
        return false;
    const unsigned shift = len - 32;
    m.first[0] = a.first | std::uint64_t{b.first} << shift;
    m.second[0] = a.second | std::uint64_t{b.second} << shift;
    const std::uint64_t pct = a.pct | std::uint64_t{b.pct} << shift;
    if (!pct) return true;
    const std::uint64_t hex = hex_of(a) | std::uint64_t{hex_of(b)} << shift;
    return triplets_whole(pct, hex);
}

// A set's nibble table in each 128-bit lane.
#  pragma GCC diagnostic push  // _mm512_broadcast_i32x4, as above
#  pragma GCC diagnostic ignored "-Wuninitialized"
#  if !defined(__clang__)
#    pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#  endif
__attribute__((target("avx512f,avx512bw"), always_inline)) inline __m512i table(const ascii_set& set) noexcept {
    return _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(set.low_nibble)));
}

// The AVX-512BW reference_masks: blocks of 64 octets, two words each, the last one loaded with the octets past the
// input masked out (never read), and so are their bits.
__attribute__((target("avx512f,avx512bw"))) bool classify_avx512(const unsigned char* s, std::uint32_t n,
                                                                 const ascii_set& first, const ascii_set& second,
                                                                 reference_masks& m) noexcept {
    if (n > reference_masks::max_size) return false;
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    std::uint32_t pct[reference_masks::words + 1], hex[reference_masks::words + 1], any = 0;
    const auto put = [](std::uint32_t* words, std::uint32_t b, std::uint64_t mask) {
        words[2 * b] = static_cast<std::uint32_t>(mask);
        words[2 * b + 1] = static_cast<std::uint32_t>(mask >> 32);
    };
    std::uint32_t b = 0;
    for (; 64 * b <= n; ++b) {  // the block of octet n too
        const std::uint32_t left = n - 64 * b;
        const __mmask64 inside = left < 64 ? (std::uint64_t{1} << left) - 1 : ~std::uint64_t{0};
        const __m512i x = _mm512_maskz_loadu_epi8(inside, s + 64 * b);
        if (_mm512_movepi8_mask(x)) return false;  // non-ASCII: the per-component path judges it
        const __m512i lo = _mm512_and_si512(x, nibble);
        const __m512i high = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(_mm_setr_epi8(IRI_HIGH_BITS)),
                                                 _mm512_and_si512(_mm512_srli_epi16(x, 4), nibble));
        const std::uint64_t percent = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
        put(m.first, b, _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(first), lo), high));
        put(m.second, b, _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(second), lo), high));
        put(pct, b, percent);
        put(hex, b,
            percent ? _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(hex_digit_set), lo), high) : 0);
        any |= percent != 0;
    }
    return !any || triplets_whole(pct, hex, 2 * b);
}

// The AVX-512BW short_masks: a word a block of 64 octets, the last one loaded with the octets past the input masked
// out (never read), and so are their bits.
__attribute__((target("avx512f,avx512bw"))) bool classify_short_avx512(const unsigned char* s, std::uint32_t at,
                                                                       std::uint32_t n, const ascii_set& first,
                                                                       const ascii_set& second,
                                                                       short_masks& m) noexcept {
    if (n - at > short_masks::max_size) return false;
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    std::uint64_t pct[2] = {}, hex[2] = {};
    m = {};  // an empty part has no block
    for (std::uint32_t w = 0; 64 * w < n - at; ++w) {
        const std::uint32_t left = n - at - 64 * w;
        const __mmask64 inside = left < 64 ? (std::uint64_t{1} << left) - 1 : ~std::uint64_t{0};
        const __m512i x = _mm512_maskz_loadu_epi8(inside, s + at + 64 * w);
        if (_mm512_movepi8_mask(x)) return false;
        const __m512i lo = _mm512_and_si512(x, nibble);
        const __m512i high = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(_mm_setr_epi8(IRI_HIGH_BITS)),
                                                 _mm512_and_si512(_mm512_srli_epi16(x, 4), nibble));
        m.first[w] = _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(first), lo), high);
        m.second[w] = _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(second), lo), high);
        pct[w] = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
        if (pct[0] | pct[1])  // this word's digits, for its "%" and for one at the end of the word before
            hex[w] = _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(hex_digit_set), lo), high);
    }
    return !(pct[0] | pct[1]) || triplets_whole(pct, hex);
}
#  pragma GCC diagnostic pop
#endif

// At the scalar level: no masks.
bool classify_none(const unsigned char*, std::uint32_t, const ascii_set&, const ascii_set&, reference_masks&) noexcept {
    return false;
}

bool classify_short_none(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&, const ascii_set&,
                         short_masks&) noexcept {
    return false;
}

}  // namespace

classify_kernels classify_kernels_for(simd_level level) noexcept {
    switch (level) {
        case simd_level::scalar: break;
#ifdef IRI_X86
        case simd_level::avx2: return {classify_avx2, classify_short_avx2};
        case simd_level::avx512: return {classify_avx512, classify_short_avx512};
#else
        default: break;
#endif
    }
    return {classify_none, classify_short_none};
}

}  // namespace iri::detail
