// Whether a reference has any of the octets that the normalization rules change, in one pass: it tells a reference
// that is its own normal form (normalize.cpp) without a search per rule. A "maybe" here is decided by the exact
// rule. And where the octets of a few classes are in a block of 64 (octet_masks), for the HTML tokenizer's jumps
// from one octet that matters to the next. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>

#include "text/simd.hpp"

namespace iri::detail {

/// What a whole reference holds, for its fast path.
struct text_octets {
    bool percent = false;    ///< a "%" (§5.3.2.1, §5.3.2.3)
    bool slash_dot = false;  ///< a "/." (a segment that starts with ".": maybe a dot segment, §5.3.2.4)
    bool non_ascii = false;  ///< an octet from 0x80 (NFC, §5.3.2.2)
    /// In the first `head` octets (the scheme and authority): an uppercase letter (§5.3.2.1), an octet from
    /// 0x80 (a host that is not US-ASCII only, or an IDN) or a "--" (maybe an "xn--" label, §5.3.3).
    bool head_may_change = false;
};

/// The octets of p[0, n) and of its first `head` (<= n): 64 at a time with AVX-512BW where the processor has it
/// (at the level of text/simd.hpp, as the literal skip is), else 16 at a time with SSE2 (the x86-64
/// baseline), or one at a time elsewhere (octet_scan.cpp).
[[nodiscard]] text_octets octets_of(const char* p, std::size_t n, std::size_t head) noexcept;

/// Classes of octets for octet_masks: up to max_classes, each a list of up to max_octets octets (the HTML
/// tokenizer's "<", ">", quotes, ... and its ASCII whitespace, src/html/).
struct octet_classes {
    static constexpr unsigned max_classes = 8, max_octets = 8;
    unsigned count = 0;                  ///< classes
    unsigned sizes[max_classes] = {};    ///< octets of each class
    unsigned char octets[max_classes][max_octets] = {};
};

/// The octets of p[0, n) (n <= 64) by class: bit i of masks[k] is set when p[i] is one of class k's octets; the
/// bits from n on are clear. One block of 64 with AVX-512BW where the processor has it (at the level of
/// text/simd.hpp), two of 32 with AVX2 at that level, else four of 16 with SSE2 (the x86-64 baseline), or a byte
/// at a time elsewhere (octet_scan.cpp). Nothing past p + n is read.
void octet_masks(const char* p, std::size_t n, const octet_classes& classes, std::uint64_t* masks) noexcept;

/// The implementations of octets_of and octet_masks for `level` (AVX-512BW, AVX2 for octet_masks, or the
/// baseline), which the caller knows the processor has: select_simd_level's part (grammar/literal_skip.hpp).
void select_octets_level(simd_level level) noexcept;

}  // namespace iri::detail
