// Hexadecimal digits, as RFC 3986 §2.1 reads the two after a "%" (HEXDIG, either case; RFC 5234 Appendix B.1).
#pragma once

namespace iri {

/// The value of hexadecimal digit `c` (0–9, A–F, a–f), or -1 when `c` is not one.
///
/// @par Example
///     iri::hex_value('b')   // 11
/// @par Specification
/// RFC 3986 §2.1: "The uppercase hexadecimal digits 'A' through 'F' are equivalent to the lowercase digits 'a'
/// through 'f', respectively."
/// @par Complexity
/// O(1).
[[nodiscard]] constexpr int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace iri
