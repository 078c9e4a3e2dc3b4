// IPv4 and IPv6 addresses: one reader of each text form, with options for the forms that differ between RFC 3986
// §3.2.2, the URL Standard's host parser (§3.5) and glibc's inet_aton; their text forms (dotted decimal, RFC 5952).
// The library's own code (no inet_pton/inet_ntop), so the output is the same on every platform. Private to the
// library: reference_view::ipv4_address/ipv6_address, builder::host, normalize, the URL Standard's host parser and
// the crawler's keys use it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iri::detail {

// ---- IPv4 ----

/// The number forms an IPv4 reader takes. The default is RFC 3986 §3.2.2's IPv4address: four dec-octets, 0–255
/// without leading zeros. The URL Standard's IPv4 parser (§3.5) is whatwg_ipv4; glibc's inet_aton is
/// `{.hex = true, .octal = true, .short_forms = true}` (the crawler's keys ask for it without hex, as the surt
/// package's IP patterns do).
struct ipv4_forms {
    bool hex = false;           ///< "0x"/"0X" then hex digits, or none ("0x" is 0): §3.5 IPv4 number parser step 3
    bool octal = false;         ///< a leading "0" then octal digits (else a leading zero refuses the part)
    bool short_forms = false;   ///< one to four parts, the last filling the bytes the others leave; any length
    bool trailing_dot = false;  ///< one empty last part dropped ("1.2.3.4."), as §3.5 IPv4 parser step 3 does
};

/// The URL Standard's forms (§3.5): every one of them.
inline constexpr ipv4_forms whatwg_ipv4{true, true, true, true};

/// Why a text is no IPv4 address, by the URL Standard's names of the validation errors (§3.5) that fail.
enum class ipv4_fault : std::uint8_t {
    none,
    too_many_parts,     ///< IPv4-too-many-parts (more than four; fewer than four without short_forms too)
    non_numeric_part,   ///< IPv4-non-numeric-part (an empty part, a byte no digit of the part's radix)
    out_of_range_part,  ///< IPv4-out-of-range-part (a part above 255, or a last part beyond the bytes left)
};

/// What read_ipv4 found: the address, or the fault; and the URL Standard's validation errors that do not fail (its
/// IPv4 parser notes them: IPv4-empty-part, IPv4-too-few-parts, IPv4-non-decimal-part, IPv4-out-of-range-part).
struct ipv4_reading {
    std::uint32_t address = 0;
    ipv4_fault fault = ipv4_fault::none;
    bool empty_last_part = false;
    bool too_few_parts = false;
    bool non_decimal_part = false;
    bool part_over_255 = false;  ///< a part above 255 that did not fail (the last, filling more than one byte)

    [[nodiscard]] explicit operator bool() const noexcept { return fault == ipv4_fault::none; }
};

/// The IPv4 address `text` spells in `forms`. Linear in text.size(); numbers of any length saturate.
[[nodiscard]] ipv4_reading read_ipv4(std::string_view text, const ipv4_forms& forms = {}) noexcept;

/// The four octets of an RFC 3986 §3.2.2 IPv4address (read_ipv4 with the default forms), or nullopt.
[[nodiscard]] std::optional<std::array<std::uint8_t, 4>> parse_ipv4(std::string_view text) noexcept;

/// The URL Standard's ends-in-a-number checker (§3.5): whether the last label of `text` (after one empty last label
/// is dropped) is all ASCII digits or a number read_ipv4's whatwg forms take ("0x" and hex digits), so that the
/// host parser reads the domain as an IPv4 address.
[[nodiscard]] bool ends_in_a_number(std::string_view text) noexcept;

/// The octets of `address`, most significant first.
[[nodiscard]] constexpr std::array<std::uint8_t, 4> ipv4_octets(std::uint32_t address) noexcept {
    return {static_cast<std::uint8_t>(address >> 24), static_cast<std::uint8_t>(address >> 16),
            static_cast<std::uint8_t>(address >> 8), static_cast<std::uint8_t>(address)};
}

// ---- IPv6 ----

// One reader serves RFC 3986 and the URL Standard: §3.2.2's IPv6address and §3.5's IPv6 parser take the same
// strings (one to four hex digits a piece, either case; at most one "::", standing for one piece at least; a last 32
// bits in dotted decimal, four parts of 0-255 without a leading zero, after at most six pieces), which
// test_ip_address checks against the generated IPv6address matcher. The parser's steps also tell why a string is
// not one, which the URL Standard reports.

/// Why a text is no IPv6 address, by the URL Standard's names of the validation errors (§3.5).
enum class ipv6_fault : std::uint8_t {
    none,
    invalid_compression,      ///< IPv6-invalid-compression: a ":" first without a second
    too_many_pieces,          ///< IPv6-too-many-pieces
    multiple_compression,     ///< IPv6-multiple-compression
    invalid_code_point,       ///< IPv6-invalid-code-point
    too_few_pieces,           ///< IPv6-too-few-pieces
    ipv4_too_many_pieces,     ///< IPv4-in-IPv6-too-many-pieces
    ipv4_invalid_code_point,  ///< IPv4-in-IPv6-invalid-code-point
    ipv4_out_of_range_part,   ///< IPv4-in-IPv6-out-of-range-part
    ipv4_too_few_parts,       ///< IPv4-in-IPv6-too-few-parts
};

/// What read_ipv6 found: the eight pieces, or the fault and the offset of the text where it was found; and the first
/// piece written with a leading zero (IPv6-piece-leading-zero, which does not fail), or npos.
struct ipv6_reading {
    static constexpr std::uint32_t npos = 0xFFFFFFFFu;
    std::array<std::uint16_t, 8> pieces{};
    ipv6_fault fault = ipv6_fault::none;
    std::uint32_t at = 0;
    std::uint32_t leading_zero_at = npos;

    [[nodiscard]] explicit operator bool() const noexcept { return fault == ipv6_fault::none; }
    /// The address as sixteen octets, most significant first.
    [[nodiscard]] std::array<std::uint8_t, 16> octets() const noexcept;
};

/// The IPv6 address `text` (without brackets) spells: the URL Standard's IPv6 parser (§3.5), step by step. Linear
/// in text.size().
[[nodiscard]] ipv6_reading read_ipv6(std::string_view text) noexcept;

/// The sixteen octets of an RFC 3986 §3.2.2 IPv6address (read_ipv6), or nullopt.
[[nodiscard]] std::optional<std::array<std::uint8_t, 16>> parse_ipv6(std::string_view text) noexcept;

/// How append_ipv6_text writes an IPv4-mapped address (::ffff:0:0/96): RFC 5952 §5's dotted decimal for its last
/// 32 bits ("::ffff:192.0.2.1"), or in hex like any other address ("::ffff:c000:201"), as the URL Standard's IPv6
/// serializer (§3.6) does.
enum class ipv4_mapped_text : bool { dotted, hex };

/// Appends the RFC 5952 §4 text form of `a` (no brackets): lowercase hex without leading zeros, the longest run
/// of two or more zero fields as "::" (the first on a tie; the URL Standard §3.6's "compressed piece index" is the
/// same rule), and an IPv4-mapped address as `mapped` says.
void append_ipv6_text(std::string& out, const std::array<std::uint8_t, 16>& a,
                      ipv4_mapped_text mapped = ipv4_mapped_text::dotted);

/// Appends the dotted-decimal text form of `a` ("192.0.2.1"): §3.6's IPv4 serializer.
void append_ipv4_text(std::string& out, const std::array<std::uint8_t, 4>& a);

}  // namespace iri::detail
