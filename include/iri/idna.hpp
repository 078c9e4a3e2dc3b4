// Internationalized domain names: hosts to A-labels and to U-labels with UTS #46 (IDNA2008 as browsers and
// registries apply it), through ICU. Used by IRI→URI conversion (3987bis §3.4.2), by scheme-based
// normalization (RFC 3987 §5.3.3: IDN equivalence) and by the diagnostics.
//
//   iri::host_to_ascii("résumé.example.org")      // "xn--rsum-bpad.example.org" (RFC 3987 §3.1's example)
//   iri::host_to_unicode("xn--rsum-bpad.example.org")  // "résumé.example.org"
//
// Processing is nontransitional, with CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules and (for
// ToASCII) VerifyDnsLength. A failure is an error, never a substituted host: code errc::idna_failed, the
// byte range of the failing label in `char_offset` and `length` (the whole host when no single label fails,
// as for a name that is too long), and the UTS #46 errors in `idna_errors`, named by idna_error_names().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// UTS #46 ToASCII of a host name given in UTF-8.
[[nodiscard]] result<std::string> host_to_ascii(std::string_view host);

/// UTS #46 ToUnicode of a host name given in UTF-8 (A-labels become U-labels; the mapping lowercases).
[[nodiscard]] result<std::string> host_to_unicode(std::string_view host);

/// The UTS #46 errors of `idna_errors`, comma-separated, with stable names: "empty_label",
/// "label_too_long", "domain_name_too_long", "leading_hyphen", "trailing_hyphen", "hyphen_3_4",
/// "leading_combining_mark", "disallowed", "punycode", "label_has_dot", "invalid_ace_label", "bidi",
/// "contextj", "contexto_punctuation", "contexto_digits".
[[nodiscard]] std::string idna_error_names(std::uint32_t idna_errors);

}  // namespace iri
IRI_API_END
