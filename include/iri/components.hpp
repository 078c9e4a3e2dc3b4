// The components of a parsed reference, as 32-bit offsets into the caller's string.
//
//   https://user:pass@example.com:8080/over/there?name=ferret#nose
//   \___/   \_______/ \_________/ \__/\_________/ \_________/ \__/
//   scheme  userinfo      host    port    path       query    fragment
//           \______________________/
//                   authority
//
// Each span excludes its delimiters ("://", "@", ":", "?", "#"). A component that does not occur is
// `omitted`, which is not the same as empty (RFC 3986 §5.3): "http://a?" has an empty query, "http://a" none;
// "http://@a" an empty userinfo; "http://a:" an empty port. The path of a reference is always present.
// The spans ipv4address, ipv6address, ipvfuture and reg_name tell which alternative of host matched
// (IPv6address and IPvFuture without the brackets of IP-literal).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// A tagged component (RFC 3986 §3).
enum class component : std::uint8_t {
#define IRI_COMPONENT(id, rfc3986_name) id,
#include "iri/roles.def"
#undef IRI_COMPONENT
    none,  ///< outside every component (used by errors)
};

inline constexpr std::size_t component_count = static_cast<std::size_t>(component::none);

/// Which alternative of host (RFC 3986 §3.2.2) matched.
enum class host_kind : std::uint8_t { none, reg_name, ipv4, ipv6, ipvfuture };

/// A half-open byte range [begin, end) of the input, or omitted.
struct span {
    static constexpr std::uint32_t omitted = 0xFFFFFFFFu;
    std::uint32_t begin = omitted;
    std::uint32_t end = omitted;

    [[nodiscard]] constexpr bool present() const noexcept { return begin != omitted; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return present() ? end - begin : 0; }
    friend constexpr bool operator==(span, span) = default;
};

/// The offsets of every component found by one parse.
struct components {
    std::array<span, component_count> spans{};

    [[nodiscard]] constexpr span operator[](component c) const noexcept { return spans[static_cast<std::size_t>(c)]; }
    [[nodiscard]] constexpr span& operator[](component c) noexcept { return spans[static_cast<std::size_t>(c)]; }
    [[nodiscard]] constexpr bool has(component c) const noexcept { return (*this)[c].present(); }

    /// The kind of host, from which host alternative matched; none when there is no host.
    [[nodiscard]] constexpr host_kind host() const noexcept {
        if (has(component::reg_name)) return host_kind::reg_name;
        if (has(component::ipv4address)) return host_kind::ipv4;
        if (has(component::ipv6address)) return host_kind::ipv6;
        if (has(component::ipvfuture)) return host_kind::ipvfuture;
        return host_kind::none;
    }

    /// True when every present span lies in [0, input_size], begins before it ends, the generic components
    /// appear in RFC 3986 order without overlapping, userinfo/host/port lie inside authority and at most one
    /// host kind is present inside host. Tests run it after every parse.
    [[nodiscard]] bool consistent(std::size_t input_size) const noexcept;
};

/// The name of a component ("scheme", "host", "IPv6address", ...).
[[nodiscard]] const char* name(component c) noexcept;

/// The name of a kind of host: its ABNF rule (RFC 3986 §3.2.2) "reg-name", "IPv4address", "IPv6address",
/// "IPvFuture", or "none" when there is no authority.
[[nodiscard]] const char* name(host_kind k) noexcept;

}  // namespace iri
IRI_API_END
