// SIMD skipping of literal runs (see literal_skip.hpp).
#include "grammar/literal_skip.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string_view>

#include "grammar/charset_detail.hpp"
#include "iri/percent.hpp"
#include "text/octet_scan.hpp"

#if defined(__x86_64__) || defined(__i386__)
#  include <immintrin.h>
#  define IRI_X86 1
#endif

namespace iri::detail {

namespace {

constexpr void add(ascii_set& set, unsigned char c) noexcept {
    set.low_nibble[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4));
}

bool member(const ascii_set& set, unsigned char c) noexcept {
    return c < 0x80 && ((set.low_nibble[c & 15] >> (c >> 4)) & 1u);
}

// The hexadecimal digits, as percent.hpp reads them (RFC 3986 §2.1: HEXDIG, either case).
constexpr ascii_set hex_digits = [] {
    ascii_set h;
    for (unsigned char c = 0; c < 0x80; ++c)
        if (hex_value(static_cast<char>(c)) >= 0) add(h, c);
    return h;
}();

}  // namespace

ascii_set make_ascii_set(const charset_info& cs, const char* extra) noexcept {
    ascii_set set;
    for (unsigned c = 0; c < 128; ++c)
        if (contains_ascii(cs, c)) add(set, static_cast<unsigned char>(c));
    for (; *extra; ++extra) add(set, static_cast<unsigned char>(*extra));
    const std::uint16_t leads = whole_three_octet_leads(cs);
    for (unsigned low = 0; low < 16; ++low) set.three_octet_leads[low] = (leads >> low) & 1u ? 0xFF : 0;
    return set;
}

namespace {

// Bit `low` for each lead of UTF-8 in [first_low, end_low) (its low bits: the octet less 0xE0, or less 0xC0) all of
// whose characters, [low << bits, (low + 1) << bits), the set holds.
std::uint32_t leads_held_whole(const charset_info& cs, unsigned bits, unsigned first_low, unsigned end_low) noexcept {
    std::uint32_t mask = 0;
    for (unsigned low = first_low; low < end_low; ++low) {
        const char32_t first = char32_t{low} << bits, last = first + (char32_t{1} << bits) - 1;
        for (std::size_t i = 0; i < cs.count; ++i)
            if (cs.ranges[i][0] <= first && last <= cs.ranges[i][1]) mask |= std::uint32_t{1} << low;
    }
    return mask;
}

}  // namespace

std::uint16_t whole_three_octet_leads(const charset_info& cs) noexcept {
    // E1-EF (E0's characters below U+0800 would be overlong), less ED (its surrogates are no characters)
    return static_cast<std::uint16_t>(leads_held_whole(cs, 12, 1, 16) & ~(std::uint32_t{1} << 0xD));
}

std::uint32_t whole_two_octet_leads(const charset_info& cs) noexcept {
    return leads_held_whole(cs, 6, 2, 32);  // C2-DF (C0 and C1 would be overlong)
}

const component_sets& literal_sets(grammar g) noexcept {
    static const auto table = [] {
        std::array<component_sets, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i) {
            const auto gi = static_cast<grammar>(i);
            auto set = [gi](production p, const char* extra) {
                const charset_info* cs = find_charset(gi, p);
                return cs ? make_ascii_set(*cs, extra) : ascii_set{};  // empty: skips nothing
            };
            t[i] = {set(production::userinfo, "%"),     set(production::reg_name, "%"),
                    set(production::segment, "%/"),     set(production::query, "%"),
                    set(production::fragment, "%"),     set(production::segment_nz, "%"),
                    set(production::segment_nz_nc, "%")};
        }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

namespace {

// One byte at a time: processors without SIMD.
std::uint32_t skip_scalar(const unsigned char* s, std::uint32_t at, std::uint32_t n, const ascii_set& set) noexcept {
    while (at < n && member(set, s[at])) {
        if (s[at] == '%' && (n - at < 3 || !member(hex_digits, s[at + 1]) || !member(hex_digits, s[at + 2]))) return at;
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
// 1 << h for the high nibbles of ASCII (0–7), 0 for bytes >= 0x80.
#  define IRI_HIGH_BITS 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0

// Bit i set when byte i (its low nibble in `lo`, its high-nibble bit in `high`) is in `t`.
__attribute__((target("avx2"))) inline std::uint32_t in_set(__m256i lo, __m256i high, const ascii_set& t) noexcept {
    const __m256i table = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(t.low_nibble)));
    const __m256i hit = _mm256_and_si256(_mm256_shuffle_epi8(table, lo), high);
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
}

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
        if (pct) check_triplets(pct, (in_set(lo, high, hex_digits) >> shift) & inside, stops, advance);
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
        _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(hex_digits.low_nibble)));
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
    hex[w] = pct[w] ? place(in_set(lo, high, hex_digits)) : 0;
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
    return in_set(b.lo, b.high, hex_digits);
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
        put(hex, b, percent ? _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(hex_digits), lo), high) : 0);
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
            hex[w] = _mm512_mask_test_epi8_mask(inside, _mm512_shuffle_epi8(table(hex_digits), lo), high);
    }
    return !(pct[0] | pct[1]) || triplets_whole(pct, hex);
}
#  pragma GCC diagnostic pop
#  undef IRI_HIGH_BITS
#endif

// At the scalar level: no masks.
bool classify_none(const unsigned char*, std::uint32_t, const ascii_set&, const ascii_set&, reference_masks&) noexcept {
    return false;
}

bool classify_short_none(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&, const ascii_set&,
                         short_masks&) noexcept {
    return false;
}

// The implementations of one level.
struct level_functions {
    std::uint32_t (*skip)(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&) noexcept;
    bool (*classify)(const unsigned char*, std::uint32_t, const ascii_set&, const ascii_set&,
                     reference_masks&) noexcept;
    bool (*classify_short)(const unsigned char*, std::uint32_t, std::uint32_t, const ascii_set&, const ascii_set&,
                           short_masks&) noexcept;
};

level_functions functions_for(simd_level level) noexcept {
    switch (level) {
        case simd_level::scalar: break;
#ifdef IRI_X86
        case simd_level::avx2: return {skip_avx2, classify_avx2, classify_short_avx2};
        case simd_level::avx512: return {skip_avx512, classify_avx512, classify_short_avx512};
#else
        default: break;
#endif
    }
    return {skip_scalar, classify_none, classify_short_none};
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
    return at_level.classify(s, n, first, second, m);
}

bool classify_short(const unsigned char* s, std::uint32_t at, std::uint32_t n, const ascii_set& first,
                    const ascii_set& second, short_masks& m) noexcept {
    return at_level.classify_short(s, at, n, first, second, m);
}

}  // namespace iri::detail
