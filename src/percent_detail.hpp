// The percent module (RFC 3986 §2.1, §2.4; 3987bis-13 §3.3) as the other stages use it: one hex table, one "%HH"
// writer and reader, one encoder. Every stage that writes or reads a triplet calls these (builder, percent,
// to_uri, to_iri, normalize, check). Private to the library; the public face is iri/percent.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "match.hpp"
#include "iri/percent.hpp"
#include "literal_skip.hpp"

namespace iri::detail {

/// RFC 3986 §2.1: "For consistency, URI producers and normalizers should use uppercase hexadecimal digits".
inline constexpr char hex_digits[] = "0123456789ABCDEF";

/// The value of each byte as a hexadecimal digit (HEXDIG, either case), 0xFF for the other bytes: iri::hex_value
/// as a table.
inline constexpr std::array<std::uint8_t, 256> hex_values = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
        const int v = hex_value(static_cast<char>(c));
        t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(v < 0 ? 0xFF : v);
    }
    return t;
}();

/// Writes `octet` as "%HH" at p, uppercase, and returns the end.
inline char* put_percent_encoded(char* p, unsigned char octet) noexcept {
    p[0] = '%', p[1] = hex_digits[octet >> 4], p[2] = hex_digits[octet & 15];
    return p + 3;
}

/// The octet of the triplet at `p`, which is known to be "%HH" (a parsed reference).
[[nodiscard]] inline unsigned escaped_octet(const char* p) noexcept {
    return static_cast<unsigned>(hex_values[static_cast<unsigned char>(p[1])]) << 4 |
           hex_values[static_cast<unsigned char>(p[2])];
}

/// The octet of a "%HH" at s[i], or -1 when there is none there (not "%", or fewer than two hex digits after it).
[[nodiscard]] inline int escape_at(std::string_view s, std::size_t i) noexcept {
    if (i + 2 >= s.size() || s[i] != '%') return -1;
    const unsigned h = hex_values[static_cast<unsigned char>(s[i + 1])];
    const unsigned l = hex_values[static_cast<unsigned char>(s[i + 2])];
    return h > 15 || l > 15 ? -1 : static_cast<int>(h << 4 | l);
}

/// Appends `text` with each octet above 0x7F written as "%HH" (RFC 3987 §3.1 step 2) and the rest as it is.
/// Returns the number of bytes appended.
std::size_t append_octets_encoded(std::string& out, std::string_view text);

/// The encoder. Appends `text` with every character outside `allowed` written as its UTF-8 octets "%HH"
/// (3987bis §3.3). `run` is the ASCII part of `allowed` (make_ascii_set), less any delimiters the caller wants
/// encoded, whose runs are copied as they are: with "%" in it (encode_mode::keep_escapes) a "%HH" already
/// there is kept and a lone "%" encoded; without (encode_mode::literal) every "%" becomes "%25". `text` is
/// well-formed UTF-8.
void append_encoded(std::string& out, std::string_view text, const charset_info& allowed, const ascii_set& run);

}  // namespace iri::detail
