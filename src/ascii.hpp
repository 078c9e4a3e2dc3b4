// ASCII case helpers (schemes, hosts and hex digits are case-insensitive: RFC 3986 §3.1, §3.2.2, §2.1).
// Private to the library.
#pragma once

#include <cstdint>
#include <string_view>

namespace iri::detail {

[[nodiscard]] constexpr char to_lower(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The octets of `x` (eight at a time, SWAR) that are ASCII uppercase letters, as their bit 7: for each octet y of
/// the low seven bits, y + 0x3F has bit 7 set from "A" up and y + 0x25 from "[" up, without carries.
[[nodiscard]] constexpr std::uint64_t uppercase_octets(std::uint64_t x) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x80 * ones;
    const std::uint64_t y = x & ~high;
    return (y + 0x3F * ones) & ~(y + 0x25 * ones) & ~x & high;
}

/// `x` with each ASCII uppercase octet lowercased (bit 5 set), eight at a time: to_lower of each octet.
[[nodiscard]] constexpr std::uint64_t to_lower_octets(std::uint64_t x) noexcept { return x | uppercase_octets(x) >> 2; }

/// True when every byte of `s` is below 0x80: text in which no Unicode-only rule can fire.
[[nodiscard]] constexpr bool is_ascii(std::string_view s) noexcept {
    unsigned char any = 0;
    for (char c : s) any |= static_cast<unsigned char>(c);  // branch-free: vectorized
    return any < 0x80;
}

[[nodiscard]] constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (to_lower(a[i]) != to_lower(b[i])) return false;
    return true;
}

}  // namespace iri::detail
