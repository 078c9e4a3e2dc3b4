// What the library knows of particular schemes: the scheme-based rung of normalization (RFC 3987 §5.3.3,
// RFC 3986 §6.2.3) and the diagnostics use it. The table is data (src/normalize/schemes.cpp), one row per scheme.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// A scheme's own equivalence rule at the scheme rung (RFC 3986 §6.2.3), beyond default ports, empty paths and
/// DNS hosts. Each applies when the reference satisfies the scheme's grammar (grammar/schemes/, scheme_rules.hpp).
enum class scheme_equivalence : std::uint8_t {
    none,
    /// RFC 8141 §3.1: "urn" and the NID are case-insensitive (lowercased); the r-, q- and f-components take no
    /// part in URN-equivalence (canonical_key and equivalent leave them out; normalize keeps them).
    urn,
    /// RFC 6068 §6 and RFC 5321 §2.4: the domain of each address is case-insensitive (its US-ASCII letters
    /// lowercased); the local part is case-sensitive.
    mailto,
    /// RFC 8089 §2: the host "localhost" and an empty host both mean the machine the URI is interpreted on
    /// ("file://localhost/x" is written "file:///x").
    file,
};

/// One registered scheme.
struct scheme_info {
    std::string_view name;                      ///< lowercase, as registered
    std::optional<std::uint16_t> default_port;  ///< the port an authority without one means
    bool empty_path_is_root;                    ///< an empty path with an authority means "/" (http: RFC 9110 §4.2.3)
    std::string_view spec;                      ///< the document that says so
    /// A reg-name host is a DNS name, so IDN equivalence applies to it (RFC 3987 §5.3.3, 3987bis §3.4.2:
    /// only where the reg-name "is intended to be used as a domain name"). A scheme outside the table has none.
    bool dns_host;
    std::string_view host_spec;                                 ///< the document that says the host is a DNS name
    scheme_equivalence equivalence = scheme_equivalence::none;  ///< the scheme's own rule, if any
    std::string_view equivalence_spec = {};                     ///< the document that gives it
};

/// The row of `scheme` (compared case-insensitively, RFC 3986 §3.1), or nullptr for a scheme not in the table.
///
///     iri::find_scheme("HTTPS")->default_port   // 443
[[nodiscard]] const scheme_info* find_scheme(std::string_view scheme) noexcept;

/// The default port of `scheme`, if the table has one.
[[nodiscard]] std::optional<std::uint16_t> default_port(std::string_view scheme) noexcept;

/// Every row, sorted by name.
[[nodiscard]] std::span<const scheme_info> known_schemes() noexcept;

}  // namespace iri
IRI_API_END
