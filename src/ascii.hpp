// ASCII case helpers (schemes, hosts and hex digits are case-insensitive: RFC 3986 §3.1, §3.2.2, §2.1).
// Private to the library.
#pragma once

#include <string_view>

namespace iri::detail {

[[nodiscard]] constexpr char to_lower(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

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
