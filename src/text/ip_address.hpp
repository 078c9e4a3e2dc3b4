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

/// How append_ipv6_text writes an IPv4-mapped address (::ffff:0:0/96): RFC 5952 §5's dotted decimal for its last
/// 32 bits ("::ffff:192.0.2.1"), or in hex like any other address ("::ffff:c000:201"), as the URL Standard's IPv6
/// serializer (§3.6) does.
enum class ipv4_mapped_text : bool { dotted, hex };

/// Appends the RFC 5952 §4 text form of `a` (no brackets): lowercase hex without leading zeros, the longest run
/// of two or more zero fields as "::" (the first on a tie; the URL Standard §3.6's "compressed piece index" is the
/// same rule), and an IPv4-mapped address as `mapped` says.
void append_ipv6_text(std::string& out, const std::array<std::uint8_t, 16>& a,
                      ipv4_mapped_text mapped = ipv4_mapped_text::dotted);

/// Appends the dotted-decimal text form of `a` ("192.0.2.1").
void append_ipv4_text(std::string& out, const std::array<std::uint8_t, 4>& a);

}  // namespace iri::detail
