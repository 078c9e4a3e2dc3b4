// Internationalized domain names: hosts to A-labels and to U-labels with UTS #46 (IDNA2008 as browsers and
// registries apply it), of the Unicode version idna_unicode_version() names (17.0.0: its IDNA Mapping Table and the
// Unicode Character Database's properties the validity criteria read, kept in data/unicode/ and made into tables
// when the library is built; ICU serves only for NFC). Used by IRI→URI conversion (3987bis §3.4.2), by
// scheme-based normalization (RFC 3987 §5.3.3: IDN equivalence) and by the diagnostics.
//
//   iri::host_to_ascii("résumé.example.org")      // "xn--rsum-bpad.example.org" (RFC 3987 §3.1's example)
//   iri::host_to_unicode("xn--rsum-bpad.example.org")  // "résumé.example.org"
//
// Processing is nontransitional, with CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules and (for
// ToASCII) VerifyDnsLength, IgnoreInvalidPunycode false (UTS #46 §4, §4.2, §4.3). One departure: a name may end
// in "." (the DNS root, RFC 1034 §3.1), kept in the result, where VerifyDnsLength counts an empty last label as an
// error (browsers, resolvers and ICU accept it). ToUnicode fails on an empty label other than that last one. A
// failure is an error, never a substituted host: code errc::idna_failed, the byte range of the failing label in
// `char_offset` and `length` (the whole host when no single label fails alone, as for a name that is too long or
// a label that breaks CheckBidi beside a right-to-left one), and the UTS #46 errors in `idna_errors` (the bits of
// iri::idna_error), named by idna_error_names() (iri/error.hpp). Input that is not UTF-8 fails: an ill-formed
// sequence reads as U+FFFD, which is disallowed.
//
// Complexity: linear in the host's length (a Punycode label is at most 1,000 code points; a host that
// reaches UTS #46 at most max_idna_host_bytes).
//
// Limits: a host of more than max_idna_host_bytes bytes, or with a label of more than max_idna_label_bytes, never
// reaches UTS #46 (no name DNS allows is that long): it fails with domain_name_too_long over the whole host, or
// label_too_long over the label, in both directions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// DNS's limits (RFC 1035 §2.3.4, UTS #46 VerifyDnsLength): 253 octets in a name (as text, no final dot), 63 in
/// a label.
inline constexpr std::size_t dns_name_octets = 253;
inline constexpr std::size_t dns_label_octets = 63;
/// The longest host (in bytes of UTF-8) given to UTS #46: 4 × 253. DNS allows 253 octets in a name (RFC 1035
/// §2.3.4, UTS #46 VerifyDnsLength); each character of a mapped label takes at least one octet of its A-label
/// and at most four bytes of UTF-8, so no longer host maps to a name DNS allows (unless it is padded with
/// characters the mapping removes or composes, which are refused too).
inline constexpr std::size_t max_idna_host_bytes = 4 * dns_name_octets;
/// The longest label given to UTS #46, by the same reasoning from DNS's 63 octets per label: 4 × 63. A longer
/// label fails with label_too_long over the label.
inline constexpr std::size_t max_idna_label_bytes = 4 * dns_label_octets;

/// UTS #46 ToASCII of a host name given in UTF-8.
[[nodiscard]] result<std::string> host_to_ascii(std::string_view host);

/// UTS #46 ToUnicode of a host name given in UTF-8 (A-labels become U-labels; the mapping lowercases).
[[nodiscard]] result<std::string> host_to_unicode(std::string_view host);

/// The version of Unicode whose UTS #46 data host_to_ascii and host_to_unicode apply ("17.0.0"), and the URL
/// Standard's domain to ASCII with them (iri/web.hpp).
[[nodiscard]] std::string_view idna_unicode_version() noexcept;

}  // namespace iri
IRI_API_END
