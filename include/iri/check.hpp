// Diagnostics beyond the grammar: every problem a reference has, each with a stable code, a severity, the
// byte range, the component, a one-line message and the spec section (docs/diagnostics.md lists the codes).
//
//   for (const iri::diagnostic& d : iri::check("http://www.example.com&story=breaking_news@10.0.0.1/"))
//       ...   // security.userinfo [7, 42) in userinfo: "the userinfo can mislead a reader about the host"
//
// The families, in this order:
//  - syntax.*: the grammar errors of the parser (syntax.disallowed_character, ...); when there is one, the
//    reference has no components and nothing else is checked;
//  - bidi.*: RFC 3987 §4: per bidi component (the userinfo, each host label, each path segment, each query
//    name and value, the fragment) mixed directions, right-to-left components that do not start and end with
//    a right-to-left character, digits at their edges (§4.4 example 8); bidi formatting characters in LEIRIs;
//  - chars.*: 3987bis §5.1 / RFC 3987 §6.1: combining marks starting a component, ZWJ and ZWNJ outside the
//    contexts of RFC 5892 Appendix A, compatibility characters (those NFKC changes), text not in NFC,
//    private-use characters;
//  - leiri.*: 3987bis §6.3, for LEIRIs: each group of characters LEIRIs allow and IRIs do not, with its reason;
//  - spoof.*: 3987bis §10 with UTS #39 (ICU's spoof checker): host labels mixing scripts, whole-script
//    confusables and other labels whose skeleton is an ASCII name, invisible characters;
//  - security.*: RFC 3986 §7: a userinfo, a password, a reg-name in a rare IPv4 form, a port that is not the
//    scheme's default, percent-encoded CR or LF, hosts that fail UTS #46.
//  - scheme.*: the reference under its scheme's own grammar when grammar/schemes/ has one
//    (scheme.mailto.syntax, ...; iri/scheme_rules.hpp): the first place it leaves that grammar.
// Text is examined as written: a percent-encoded character is its "%HH" triplets (RFC 3987 §4.4 example 9).
// ICU does the Unicode classification; a check whose ICU service fails reports nothing rather than guessing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/export.h"
#include "iri/grammar.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

struct diagnostic {
    std::string code;  ///< stable: "family.name", as in docs/diagnostics.md
    severity level = severity::warning;
    std::uint32_t begin = 0;  ///< byte range [begin, end) in the reference
    std::uint32_t end = 0;
    component where = component::none;
    std::string message;  ///< one line
    std::string spec;     ///< the section it comes from
};

/// The most diagnostics check() reports for one reference. Beyond it the rest are counted, not kept, and one
/// more diagnostic, "check.capped" (severity info, over the whole reference), says how many were left out: a
/// crafted reference (10 MB of "a" and ZWJ) would otherwise take memory in proportion to its diagnostics.
inline constexpr std::size_t max_diagnostics = 1000;

/// One row of the table of diagnostic codes (docs/diagnostics.md lists the same codes; a test checks both ways).
struct diagnostic_code {
    const char* code;  ///< "family.name"
    severity level;
    const char* spec;     ///< the section it comes from ("the grammar": the grammar error's own section)
    const char* summary;  ///< what it means, one line
};

/// Every code check() can report, by family.
[[nodiscard]] std::span<const diagnostic_code> diagnostic_codes() noexcept;

/// Every diagnostic of `reference` under grammar `g`, grammar errors first, then by family and position: at
/// most max_diagnostics of them, then "check.capped" when there were more. Linear time in the reference.
/// Never throws (allocation failure aside).
[[nodiscard]] std::vector<diagnostic> check(std::string_view reference, grammar g = grammar::iri);

/// RFC 3987 §4.1: an IRI with right-to-left characters displayed as if in a left-to-right embedding: the text
/// wrapped in U+202A LEFT-TO-RIGHT EMBEDDING and U+202C POP DIRECTIONAL FORMATTING when it holds a strong
/// right-to-left character, unchanged otherwise (the embedding changes nothing then).
[[nodiscard]] std::string wrap_for_display(std::string_view iri);

}  // namespace iri
IRI_API_END
