// UTS #46 for the URL Standard, and the ASCII host that needs no processing. Private to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iri::detail {

/// True when `host` is made of LDH labels (RFC 5890 §2.3.1: ASCII letters, digits and hyphens), each of 1 to 63
/// octets, none starting or ending with "-" or with "--" in its third and fourth positions (so no "xn--" label),
/// at most 253 octets in all, no empty label. UTS #46 processing (§4, with the flags of iri/idna.hpp) then
/// only lowercases its letters: the mapping table maps "A"–"Z" to "a"–"z" and keeps the rest, STD3 allows LDH,
/// CheckHyphens and the DNS lengths pass, and no ASCII label is right-to-left (CheckBidi). The fast path of
/// host_to_ascii and host_to_unicode, and the host check of iri::check.
[[nodiscard]] bool is_plain_ldh_host(std::string_view host) noexcept;

/// The URL Standard's "domain parser ToASCII" (§3.3): UTS #46 ToASCII of `domain` (UTF-8) with CheckHyphens,
/// UseSTD3ASCIIRules and VerifyDnsLength set to `be_strict`, CheckBidi and CheckJoiners true, nontransitional
/// processing, IgnoreInvalidPunycode false; nullopt for its failure. Through the same processing as
/// host_to_ascii (convert/uts46_detail.hpp), without the DNS limits that function applies first (the Standard's
/// relaxed flags have none), in time linear in `domain`'s length: a label of more than max_punycode_code_points
/// to encode or decode (convert/punycode_detail.hpp) fails.
[[nodiscard]] std::optional<std::string> web_domain_to_ascii(std::string_view domain, bool be_strict);

}  // namespace iri::detail
