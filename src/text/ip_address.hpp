// IPv4 and IPv6 addresses: their binary form from the RFC 3986 text forms, and the RFC 5952 text form of an IPv6
// address. The library's own code (no inet_pton/inet_ntop), so the output is the same on every platform. Private to
// the library: reference_view::ipv4_address/ipv6_address, builder::host and normalize use it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iri::detail {

/// The four octets of an RFC 3986 §3.2.2 IPv4address (four dec-octets 0–255 without leading zeros), or nullopt.
[[nodiscard]] std::optional<std::array<std::uint8_t, 4>> parse_ipv4(std::string_view text) noexcept;

/// The sixteen octets of an RFC 3986 §3.2.2 IPv6address (up to eight h16 fields, at most one "::", the last 32 bits
/// possibly an IPv4address), or nullopt. Hex digits of either case.
[[nodiscard]] std::optional<std::array<std::uint8_t, 16>> parse_ipv6(std::string_view text) noexcept;

/// Appends the RFC 5952 §4 text form of `a` (no brackets): lowercase hex without leading zeros, the longest run
/// of two or more zero fields as "::" (the first on a tie), and per §5 an IPv4-mapped address (::ffff:0:0/96) with
/// its last 32 bits in dotted decimal ("::ffff:192.0.2.1").
void append_ipv6_text(std::string& out, const std::array<std::uint8_t, 16>& a);

/// Appends the dotted-decimal text form of `a` ("192.0.2.1").
void append_ipv4_text(std::string& out, const std::array<std::uint8_t, 4>& a);

}  // namespace iri::detail
