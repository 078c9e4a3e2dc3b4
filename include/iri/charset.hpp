// Which characters a component allows literally, as the grammar file says.
#pragma once

#include "iri/export.h"
#include "iri/grammar.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// True when code point `c` may appear literally (not percent-encoded) in production `p` of grammar `g`:
/// one of the single-character alternatives of the element the production's rule repeats, with the variant's
/// excluded characters removed. Defined for the productions whose rule is a repetition: userinfo, reg_name,
/// segment, segment_nz, segment_nz_nc, query, fragment, port; and for unreserved (unreserved in
/// URIs, iunreserved in IRIs), a production of one character; false for every other production.
///
/// @par Example
///     iri::allowed_literally(U'é', iri::grammar::iri, iri::production::segment)   // true (ucschar)
///     iri::allowed_literally(U'é', iri::grammar::uri, iri::production::segment)   // false
///     iri::allowed_literally(U'%', iri::grammar::iri, iri::production::segment)   // false: only in pct-encoded
/// @par Specification
/// The sets come from grammar/*.abnf (3987bis-13 §2.2: ipchar, iquery, ...; RFC 3986 §3.2.1–§3.5).
/// @par Complexity
/// O(1) below U+0080, O(log ranges) above.
[[nodiscard]] bool allowed_literally(char32_t c, grammar g, production p) noexcept;

}  // namespace iri
IRI_API_END
