// Whether a reference has any of the octets that the normalization rules change, in one pass: it tells a reference
// that is its own normal form (normalize.cpp) without a search per rule. A "maybe" here is decided by the exact
// rule. Private to the library.
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

/// The implementation of octets_of for `level` (AVX-512BW, or the baseline for the narrower ones), which the
/// caller knows the processor has: select_simd_level's part (grammar/literal_skip.hpp).
void select_octets_level(simd_level level) noexcept;

}  // namespace iri::detail
