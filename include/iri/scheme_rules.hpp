// Scheme-specific syntax: each scheme's own ABNF, transcribed from its RFC into grammar/schemes/SCHEME.abnf and
// compiled like the generic grammars (grammar/README.md, "Scheme grammars"). `parse` stays generic; these rules
// apply only when asked for, here and in iri::check (the scheme.* diagnostics).
//
//   auto m = iri::parse_scheme("mailto:a@example.org?subject=hi");
//   m.first("addr-spec")->text   // "a@example.org"
//   m.first("hfname")->text      // "subject"
//   iri::parse_scheme("urn:a:b").error->spec   // "RFC 8141 §2": a NID has 2 to 32 characters
//
// An IRI satisfies a scheme's rules when its URI mapping does (3987bis §3.1: each non-ASCII octet
// percent-encoded); positions are reported in the reference as given, not in the mapping.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri/export.h"
#include "iri/grammar.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// One match of a part rule (`;@part`) of a scheme grammar.
struct scheme_part {
    std::string_view rule;             ///< the ABNF rule: "addr-spec", "hfname", "NID", "mediatype", ...
    std::string_view text;             ///< the matched text: a view into the reference as given
    std::uint32_t begin = 0, end = 0;  ///< its byte range in the reference as given
};

/// The first place where a reference leaves its scheme's grammar.
struct scheme_error {
    std::string code;                  ///< "scheme.mailto.syntax"; "syntax.*" when the generic grammar fails first
    std::uint32_t begin = 0, end = 0;  ///< the offending character's bytes ([size, size) when the text ends early)
    std::string message;               ///< one line
    std::string spec;                  ///< the section the scheme grammar transcribes ("RFC 6068 §2")
};

/// The outcome of parse_scheme: the parts, or the first error.
struct scheme_match {
    std::string_view scheme;         ///< the grammar's scheme ("mailto"); empty when none governs the reference
    std::string_view spec;           ///< its section ("RFC 6068 §2")
    std::vector<scheme_part> parts;  ///< every part, by position (an enclosing part before the parts inside it)
    std::optional<scheme_error> error;

    /// A scheme grammar governs the reference and the reference satisfies it.
    [[nodiscard]] bool ok() const noexcept { return !scheme.empty() && !error; }
    /// The first part matched by `rule` (ABNF names compare case-insensitively, RFC 5234 §2.1), or nullopt.
    [[nodiscard]] std::optional<scheme_part> first(std::string_view rule) const noexcept;
    /// Every part matched by `rule`, in order (the addresses of a mailto URI, the parameters of a data URL).
    [[nodiscard]] std::vector<scheme_part> all(std::string_view rule) const;
};

/// Whether grammar/schemes/ has a grammar for `scheme` (case-insensitive, RFC 3986 §3.1).
[[nodiscard]] bool has_scheme_grammar(std::string_view scheme) noexcept;
/// The schemes with a grammar, sorted.
[[nodiscard]] std::vector<std::string_view> scheme_grammars();

/// Parses `reference` (valid under `g`) under the grammar of its scheme. No grammar for the scheme (or no
/// scheme): `scheme` empty and no error. The reference must stay alive while the views are used.
/// Never throws (allocation failure aside).
[[nodiscard]] scheme_match parse_scheme(std::string_view reference, grammar g = grammar::iri);

/// `reference` under the grammar of `scheme` directly, without the generic parse first (whatever its own scheme
/// and even when it is not a valid reference; every octet from 0x80 is mapped to "%XX" as 3987bis §3.1 does for
/// the characters of an IRI): `scheme` empty when there is no grammar for `scheme`. `scheme` may also name an
/// optional grammar by its file's stem (";@scheme NAME option", grammar/README.md): "file_appendix_e" is RFC 8089's
/// non-normative forms (Appendix E: drive letters, UNC paths, a user name), which parse_scheme and check never use.
///
///     iri::match_scheme_grammar("mailto:a@b", "mailto").ok()              // true
///     iri::match_scheme_grammar("file:c:/x", "file").ok()                 // false: RFC 8089 §2
///     iri::match_scheme_grammar("file:c:/x", "file_appendix_e").ok()      // true: Appendix E.2
[[nodiscard]] scheme_match match_scheme_grammar(std::string_view reference, std::string_view scheme);

}  // namespace iri
IRI_API_END
