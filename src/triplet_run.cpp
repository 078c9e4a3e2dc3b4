// Runs of percent-encoded three-octet characters (percent_detail.hpp, decode_whole_three_octet_run): seven at a time
// with AVX-512 VBMI where the processor has it, chosen with the literal skip's level (literal_skip.cpp:
// IRI_FORCE_SIMD, and select_simd_level for the fuzzers), else one at a time.
#include <cstdint>

#include "literal_skip.hpp"
#include "percent_detail.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define IRI_X86 1
#endif

namespace iri::detail {

namespace {

std::size_t run_one_at_a_time(const char* s, std::size_t n, char* p, std::uint16_t whole_leads) noexcept {
    std::size_t count = 0;
    for (; n - 9 * count >= 9 && decode_whole_three_octets(s + 9 * count, p + 3 * count, whole_leads); ++count) {
    }
    return count;
}

#ifdef IRI_X86
// Triplet j of a block: its "%" at 3j, its digits at 3j + 1 and 3j + 2 (21 triplets in 64 octets).
struct triplet_indexes {
    alignas(64) std::uint8_t percent[64], high[64], low[64];
};
constexpr triplet_indexes indexes = [] {
    triplet_indexes t{};
    for (std::uint8_t j = 0; j < 64; ++j) {
        const std::uint8_t at = j < 21 ? static_cast<std::uint8_t>(3 * j) : 0;
        t.percent[j] = at, t.high[j] = static_cast<std::uint8_t>(at + 1), t.low[j] = static_cast<std::uint8_t>(at + 2);
    }
    return t;
}();
constexpr std::uint64_t triplets = (std::uint64_t{1} << 21) - 1;
constexpr std::uint64_t lead_triplets = 0b001001001001001001001;  // the first triplet of each of the 7 characters

// GCC 12's _mm512_broadcast_i32x4 and _mm512_permutexvar_epi8 pass an undefined vector on purpose, which
// -Wuninitialized reports (GCC bug 105593, fixed in GCC 13), as in literal_skip.cpp.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
// The value of each hexadecimal digit of x: its low nibble, plus 9 for a letter (bit 6), either case.
__attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline)) inline __m512i digit_values(__m512i x) noexcept {
    const __m512i low = _mm512_and_si512(x, _mm512_set1_epi8(0x0F));
    return _mm512_mask_add_epi8(low, _mm512_test_epi8_mask(x, _mm512_set1_epi8(0x40)), low, _mm512_set1_epi8(9));
}

// The block's 21 triplets decoded with two byte permutations; the characters are whole while their lead is in
// `whole_leads` (E0-EF) and their two trail octets are 80-BF. The text of a valid component has two hexadecimal
// digits after each "%" (RFC 3986 §2.1), and the "%" of each triplet is tested. A block shorter than 64 octets is
// loaded with the octets past it masked out (never read): they are no "%".
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) std::size_t run_avx512(const char* s, std::size_t n, char* p,
                                                                             std::uint16_t whole_leads) noexcept {
    // The first character one at a time: a triplet that starts no run (an ASCII one, another charset's octet) is
    // turned down as cheaply as before, without the tables.
    if (n < 9 || !decode_whole_three_octets(s, p, whole_leads)) return 0;
    // Octet k of the table: 0xFF when bit k of whole_leads is set (the lead E0 + k is whole).
    const __m128i bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    const __m128i mask_octets = _mm_shuffle_epi8(_mm_cvtsi32_si128(whole_leads),
                                                 _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1));
    const __m512i lead_table = _mm512_broadcast_i32x4(_mm_cmpeq_epi8(_mm_and_si128(mask_octets, bit), bit));
    const __m512i at_percent = _mm512_load_si512(indexes.percent);
    const __m512i at_high = _mm512_load_si512(indexes.high);
    const __m512i at_low = _mm512_load_si512(indexes.low);
    std::size_t count = 1;
    while (n - 9 * count >= 9) {
        const std::size_t left = n - 9 * count;
        const __mmask64 inside = left < 64 ? (std::uint64_t{1} << left) - 1 : ~std::uint64_t{0};
        const __m512i x = _mm512_maskz_loadu_epi8(inside, s + 9 * count);
        const std::uint64_t percents =
            _mm512_cmpeq_epi8_mask(_mm512_permutexvar_epi8(at_percent, x), _mm512_set1_epi8('%'));
        const __m512i octets =
            _mm512_or_si512(_mm512_slli_epi16(digit_values(_mm512_permutexvar_epi8(at_high, x)), 4),
                            digit_values(_mm512_permutexvar_epi8(at_low, x)));
        const std::uint64_t is_lead =
            _mm512_cmpeq_epi8_mask(_mm512_and_si512(octets, _mm512_set1_epi8(static_cast<char>(0xF0))),
                                   _mm512_set1_epi8(static_cast<char>(0xE0))) &
            _mm512_test_epi8_mask(_mm512_shuffle_epi8(lead_table, _mm512_and_si512(octets, _mm512_set1_epi8(0x0F))),
                                  _mm512_set1_epi8(static_cast<char>(0xFF)));
        const std::uint64_t is_trail =
            _mm512_cmpeq_epi8_mask(_mm512_and_si512(octets, _mm512_set1_epi8(static_cast<char>(0xC0))),
                                   _mm512_set1_epi8(static_cast<char>(0x80)));
        // The triplets in whole blocks are read (21 at most, 3 a character, and only those inside the text).
        const std::uint64_t complete = left >= 63 ? triplets : (std::uint64_t{1} << (left / 9 * 3)) - 1;
        const std::uint64_t good =
            percents & ((is_lead & lead_triplets) | (is_trail & ~lead_triplets)) & complete;
        const auto characters = static_cast<std::size_t>(__builtin_ctzll(~good) / 3);
        if (characters == 0) break;
        _mm512_mask_storeu_epi8(p + 3 * count, (std::uint64_t{1} << (3 * characters)) - 1, octets);
        count += characters;
        if (characters < 7) break;
    }
    return count;
}
#pragma GCC diagnostic pop
#endif

using run_fn = std::size_t (*)(const char*, std::size_t, char*, std::uint16_t) noexcept;

bool processor_has_vbmi() noexcept {
#ifdef IRI_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw");
#else
    return false;
#endif
}

run_fn implementation_for(simd_level level) noexcept {
#ifdef IRI_X86
    if (level == simd_level::avx512 && processor_has_vbmi()) return run_avx512;
#endif
    (void)level;
    return run_one_at_a_time;
}

// Chosen once, when the library is loaded, at the literal skip's level (select_triplet_run_level changes it).
run_fn run = implementation_for(widest_simd_level());

}  // namespace

void select_triplet_run_level(simd_level level) noexcept { run = implementation_for(level); }

std::size_t decode_whole_three_octet_run(const char* s, std::size_t n, char* p, std::uint16_t whole_leads) noexcept {
    return run(s, n, p, whole_leads);
}

}  // namespace iri::detail
