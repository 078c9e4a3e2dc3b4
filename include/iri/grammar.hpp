// Grammar variants and entry productions.
//
// Every variant is a file in grammar/ (see grammar/README.md); the build discovers the files, so the
// enumerators of `iri::grammar` are generated: `uri` (RFC 3986), `iri` (draft-ietf-iri-3987bis-13 §2.2, the
// default), `rfc3987` (RFC 3987 as published) and `leiri` (3987bis §6.1, W3C LEIRI note), plus any variant a
// user adds. A production is named by the role it plays in RFC 3986's grammar; each variant maps the role to
// its own rule (production::uri_reference is IRI-reference in `iri`, URI-reference in `uri`).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// A grammar variant, one per file in grammar/ (generated list). The shipped variants have fixed values (iri 0,
/// leiri 1, rfc3987 2, uri 3); variants a build adds come after them, in the order of their names.
enum class grammar : std::uint8_t {
#define IRI_GRAMMAR(name) name,
#include "iri/generated/grammars.def"
#undef IRI_GRAMMAR
};

/// The number of grammar variants built into this library.
inline constexpr std::size_t grammar_count = 0
#define IRI_GRAMMAR(name) +1
#include "iri/generated/grammars.def"
#undef IRI_GRAMMAR
    ;

/// An entry production, named after the RFC 3986 rule whose role it plays (RFC 3986 §3, §4.1–§4.3).
enum class production : std::uint8_t {
#define IRI_PRODUCTION(id, rfc3986_name) id,
#include "iri/roles.def"
#undef IRI_PRODUCTION
};

/// The variant's file name ("iri", "uri", ...).
[[nodiscard]] std::string_view name(grammar g) noexcept;
/// The variant called `name`, or nullopt.
[[nodiscard]] std::optional<grammar> find_grammar(std::string_view name) noexcept;

/// The RFC 3986 rule name of a role ("URI-reference", "host", ...).
[[nodiscard]] std::string_view role_name(production p) noexcept;
/// The variant's ABNF rule for a role ("IRI-reference" for production::uri_reference in grammar::iri),
/// or an empty view when the variant has no entry for it.
[[nodiscard]] std::string_view rule_name(grammar g, production p) noexcept;
/// The production a variant's ABNF rule name (or alias, or RFC 3986 role name) stands for, matched
/// case-insensitively as ABNF rule names are (RFC 5234 §2.1): find_production(grammar::iri, "ihost") == host.
[[nodiscard]] std::optional<production> find_production(grammar g, std::string_view abnf_name) noexcept;

}  // namespace iri
IRI_API_END
