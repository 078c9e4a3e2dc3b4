// The octet side of percent-encoding (RFC 3986 §2.1): one hex table, one "%HH" writer and reader. Every stage
// that writes or reads a triplet uses these (error messages, builder, percent, to_uri, to_iri, normalize, check);
// the encoder over the grammars' character sets is convert/percent_detail.hpp. Private to the library.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "iri/hex.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

/// RFC 3986 §2.1: "For consistency, URI producers and normalizers should use uppercase hexadecimal digits".
inline constexpr char hex_digits[] = "0123456789ABCDEF";
/// RFC 5952 §4.3: the text form of an IPv6 address writes its hexadecimal digits in lowercase.
inline constexpr char lower_hex_digits[] = "0123456789abcdef";

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

/// A three-octet character "%HH%HH%HH" at s (nine bytes readable there) whose lead is in `whole_leads` (the leads
/// E0–EF whose characters a set holds entirely, literal_skip.hpp's whole_three_octet_leads), written to p (which has
/// room for four bytes); false when it is not one. The hex digits of eight bytes at once: a digit's value is its
/// low nibble, plus 9 for a letter (bit 6), either case; the "%" of a valid URI is always followed by two of them.
/// Used by to_iri (3987bis §4.2 steps 3, 4, 6) and normalize (§5.3.2.3) to decode runs of such characters.
[[nodiscard]] inline bool decode_whole_three_octets(const char* s, char* p, std::uint16_t whole_leads) noexcept {
    std::uint64_t x;
    std::memcpy(&x, s, 8);
    if ((x & 0x00FF0000FF0000FFull) != 0x0025000025000025ull) return false;  // "%" at 0, 3 and 6
    const std::uint64_t v = (x & 0x0F0F0F0F0F0F0F0Full) + ((x >> 6) & 0x0101010101010101ull) * 9;
    const auto digit = [v](unsigned byte) { return static_cast<unsigned>(v >> (8 * byte)) & 0xF; };
    const unsigned lead = digit(1) << 4 | digit(2);
    const unsigned second = digit(4) << 4 | digit(5);
    const unsigned third = digit(7) << 4 | hex_values[static_cast<unsigned char>(s[8])];
    const bool whole = lead >= 0xE0 && lead <= 0xEF && ((static_cast<unsigned>(whole_leads) >> (lead - 0xE0)) & 1u);
    if (!whole || !is_utf8_trail(second) || !is_utf8_trail(third)) return false;
    const std::uint32_t octets = lead | second << 8 | third << 16;  // one store: p has room for 4 (9 bytes read)
    std::memcpy(p, &octets, 4);
    return true;
}

}  // namespace iri::detail
