// The survey of octets_of (octet_scan.hpp): SSE2 (the x86-64 baseline) or a byte loop, and AVX-512BW where the
// processor has it, at the level of text/simd.hpp (IRI_FORCE_SIMD), as the literal skip is (and select_simd_level,
// grammar/literal_skip.hpp, for the fuzzers).
#include "text/octet_scan.hpp"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#  include <immintrin.h>
#  define IRI_X86 1
#endif

namespace iri::detail {

namespace {

#if defined(__SSE2__)

__m128i load(const char* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
__m128i eq(__m128i x, char c) noexcept { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); }

// 16 octets at a time: blocks that overlap at the end (a test of "any" counts an octet read twice once), each with
// the block one octet before it for the first octet of a "/." or "--".
text_octets octets_of_baseline(const char* p, std::size_t n, std::size_t head) noexcept {
    __m128i percent = _mm_setzero_si128(), slash_dot = percent, high = percent;
    unsigned in_head = 0;
    const auto add = [&](__m128i x, __m128i before, std::size_t at) {  // x: the octets from p[at]
        percent = _mm_or_si128(percent, eq(x, '%'));
        slash_dot = _mm_or_si128(slash_dot, _mm_and_si128(eq(x, '.'), eq(before, '/')));
        high = _mm_or_si128(high, x);
        if (at >= head) return;
        const __m128i upper =
            _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('Z' + 1)));
        const __m128i dashes = _mm_and_si128(eq(x, '-'), eq(before, '-'));
        // x itself: its octets from 0x80 (bit 7)
        auto found = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(upper, dashes), x)));
        if (head - at < 16) found &= (1u << (head - at)) - 1;
        in_head |= found;
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
            in_head != 0};
}

#else

text_octets octets_of_baseline(const char* p, std::size_t n, std::size_t head) noexcept {
    text_octets t;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        const bool after = i > 0;
        t.percent |= c == '%';
        t.slash_dot |= c == '.' && after && p[i - 1] == '/';
        t.non_ascii |= c >= 0x80;
        if (i < head)
            t.head_may_change |= (c >= 'A' && c <= 'Z') || c >= 0x80 || (c == '-' && after && p[i - 1] == '-');
    }
    return t;
}

#endif

#ifdef IRI_X86
// What the blocks of 64 octets surveyed so far hold, as masks (any bit: the kind is there).
struct octet_masks {
    std::uint64_t percent = 0, slash_dot = 0, high = 0, in_head = 0;
};

// Adds the block x of the 64 octets from p[at] to `m`. `slash_before` and `dash_before` say whether the octet before
// it is a "/" or a "-", and are set to what its last octet is, for the next block.
__attribute__((target("avx512f,avx512bw"), always_inline)) inline void add_block(octet_masks& m, __m512i x,
                                                                                 std::size_t at, std::size_t head,
                                                                                 std::uint64_t& slash_before,
                                                                                 std::uint64_t& dash_before) noexcept {
    const std::uint64_t slashes = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('/'));
    const std::uint64_t octets_from_0x80 = _mm512_movepi8_mask(x);
    m.percent |= _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('%'));
    m.slash_dot |= _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('.')) & (slashes << 1 | slash_before);
    m.high |= octets_from_0x80;
    slash_before = slashes >> 63;
    if (at >= head) return;
    const std::uint64_t upper =
        _mm512_cmplt_epu8_mask(_mm512_sub_epi8(x, _mm512_set1_epi8('A')), _mm512_set1_epi8('Z' - 'A' + 1));
    const std::uint64_t dashes = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('-'));
    std::uint64_t found = upper | (dashes & (dashes << 1 | dash_before)) | octets_from_0x80;
    dash_before = dashes >> 63;
    if (head - at < 64) found &= (std::uint64_t{1} << (head - at)) - 1;
    m.in_head |= found;
}

// 64 octets at a time, as masks. A text shorter than a block is loaded with the octets past it masked out (never
// read, and zero: none of the kinds); a longer one is read in whole blocks, the last one overlapping the block
// before it (a test of "any" counts an octet read twice once, and the pair of octets across its start lies inside
// that block: it was tested there). Masked loads cost more than plain ones on AMD Zen 4, so only a text shorter
// than a block takes one.
__attribute__((target("avx512f,avx512bw"))) text_octets octets_of_avx512(const char* p, std::size_t n,
                                                                         std::size_t head) noexcept {
    octet_masks m;
    std::uint64_t slash_before = 0, dash_before = 0;
    if (n < 64) {
        add_block(m, _mm512_maskz_loadu_epi8((std::uint64_t{1} << n) - 1, p), 0, head, slash_before, dash_before);
    } else {
        std::size_t at = 0;
        for (; at + 64 <= n; at += 64) add_block(m, _mm512_loadu_si512(p + at), at, head, slash_before, dash_before);
        slash_before = dash_before = 0;
        if (at < n) add_block(m, _mm512_loadu_si512(p + n - 64), n - 64, head, slash_before, dash_before);
    }
    return {m.percent != 0, m.slash_dot != 0, m.high != 0, m.in_head != 0};
}
#endif

using octets_fn = text_octets (*)(const char*, std::size_t, std::size_t) noexcept;

octets_fn implementation_for(simd_level level) noexcept {
#ifdef IRI_X86
    if (level == simd_level::avx512) return octets_of_avx512;
#endif
    (void)level;
    return octets_of_baseline;
}

// Chosen once, when the library is loaded, at the active level (text/simd.hpp; select_octets_level changes it).
octets_fn octets = implementation_for(active_simd_level());

}  // namespace

void select_octets_level(simd_level level) noexcept { octets = implementation_for(level); }

text_octets octets_of(const char* p, std::size_t n, std::size_t head) noexcept { return octets(p, n, head); }

}  // namespace iri::detail
