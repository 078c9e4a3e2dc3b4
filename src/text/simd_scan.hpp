// Runs of bytes of an ASCII set, 32 or 64 bytes at a time, and the masks of a whole reference or a short part:
// the SIMD kernels every stage scans with (the RFC parse's literal skip and masks, model/parse.cpp; the URL
// Standard's fast path and percent-encoder, web/ and text/percent_encode.hpp). Grammar-free: the sets come from
// grammar/literal_skip.hpp (make_ascii_set) or are built by their user. Private to the library.
//
// Membership of each byte in a set is the two-nibble table lookup of W. Mula's SIMD byte-set membership. "%HH"
// triplets are part of a run when the set holds "%"; non-ASCII bytes stop it, but for the three-octet UTF-8
// characters of a set's whole leads.
#pragma once

#include <bit>
#include <cstdint>

#include "text/simd.hpp"

namespace iri::detail {

/// An ASCII byte set in the form the lookup needs: bit h of low_nibble[l] is set when byte (h << 4 | l) is in.
/// With it, for the SIMD blocks, the three-octet UTF-8 characters (U+1000–U+FFFF) whose lead octet E_l says the
/// set holds every character it starts (0xFF at three_octet_leads[l]; never E0 and ED, whose second octet has a
/// narrower range, RFC 3629 §4): runs of such characters (CJK text) are skipped too.
struct ascii_set {
    alignas(16) std::uint8_t low_nibble[16] = {};
    alignas(16) std::uint8_t three_octet_leads[16] = {};

    /// Adds ASCII byte `c` (below 0x80).
    constexpr void add(unsigned char c) noexcept { low_nibble[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4)); }
    /// Whether byte `c` is in the set (never a byte from 0x80).
    [[nodiscard]] constexpr bool has(unsigned char c) const noexcept {
        return c < 0x80 && ((low_nibble[c & 15] >> (c >> 4)) & 1u);
    }
};

/// True when every ASCII octet of `inner` is in `outer`.
[[nodiscard]] inline bool includes(const ascii_set& outer, const ascii_set& inner) noexcept {
    for (unsigned low = 0; low < 16; ++low)
        if (inner.low_nibble[low] & ~outer.low_nibble[low]) return false;
    return true;
}

/// A whole reference's octets as bit masks, for the parse's whole-reference paths (model/parse.cpp): bit i of word w
/// stands for octet 32 w + i. An octet is in a mask when it is in that mask's ASCII literal set (of component_sets:
/// "%" included, and "/" in the path's); octets past the input are in none, so that every run ends by the input's
/// end, in the word of the octet there.
struct reference_masks {
    static constexpr std::uint32_t max_size = 1023;  ///< longer references take the per-component path
    static constexpr std::uint32_t words = max_size / 32 + 1;
    std::uint32_t first[words + 1], second[words + 1];  // one more: the AVX-512 blocks fill words in pairs
};

/// Fills `m` for s[0, n) with the sets `first` and `second` and says whether the reference is plain: at most
/// max_size octets, all of them ASCII, each "%" followed by two hexadecimal digits (RFC 3986 §2.1). In a plain
/// reference, the run of a component's mask from its first octet is the component, as skip_literals finds it.
/// False at the scalar level (no masks: the per-component path is no dearer there), and then `m` is left undefined.
[[nodiscard]] bool classify_reference(const unsigned char* s, std::uint32_t n, const ascii_set& first,
                                      const ascii_set& second, reference_masks& m) noexcept;

/// The masks of a short part, s[at, n) with n - at at most max_size octets, in two words each: bit i of word w for
/// octet at + 64 w + i, as in reference_masks (octets past the input in neither); a part under 64 octets has its
/// second words 0.
struct short_masks {
    static constexpr std::uint32_t max_size = 127;
    std::uint64_t first[2], second[2];
};

/// The run of ones of a short_masks mask from bit `at`: how many octets from at + `at` the set holds.
[[nodiscard]] inline std::uint32_t run_of_ones(const std::uint64_t (&mask)[2], std::uint32_t at) noexcept {
    if (at >= 64) return static_cast<std::uint32_t>(std::countr_one(mask[1] >> (at - 64)));
    const auto low = static_cast<std::uint32_t>(std::countr_one(mask[0] >> at));
    return low < 64 - at ? low : low + static_cast<std::uint32_t>(std::countr_one(mask[1]));
}

/// classify_reference for a part of at most short_masks::max_size octets, its masks in four words: the commonest
/// references (a host and a path after "https://") in one to four SIMD blocks, without the words of longer parts.
/// The octets s[0, at) may be read, not classified (the block that ends the input may start before the part).
[[nodiscard]] bool classify_short(const unsigned char* s, std::uint32_t at, std::uint32_t n, const ascii_set& first,
                                  const ascii_set& second, short_masks& m) noexcept;

/// Makes every later skip, and octets_of, use `level` when the processor has it, and says whether it does. For the
/// fuzzers, which compare the implementations in one process; not synchronized with parses on other threads.
bool select_simd_level(simd_level level) noexcept;

/// skip_literals past its first byte, which is in the set.
[[nodiscard]] std::uint32_t skip_literals_from(const unsigned char* s, std::uint32_t at, std::uint32_t n,
                                               const ascii_set& set) noexcept;

/// The first offset in [at, n) whose byte is not in `set`, or that holds a "%" (when the set has "%") not
/// followed by two hexadecimal digits (RFC 3986 §2.1); n when there is none. Uses AVX-512BW or AVX2 when the
/// processor has it, a byte loop otherwise (IRI_FORCE_SIMD=avx2 or scalar in the environment asks for less).
/// A run that stops at its first byte (an empty component, a non-ASCII character first) is told here, inline.
[[nodiscard]] inline std::uint32_t skip_literals(const unsigned char* s, std::uint32_t at, std::uint32_t n,
                                                 const ascii_set& set) noexcept {
    if (at == n || s[at] >= 0x80 || !((set.low_nibble[s[at] & 15] >> (s[at] >> 4)) & 1u)) return at;
    return skip_literals_from(s, at, n, set);
}

}  // namespace iri::detail
