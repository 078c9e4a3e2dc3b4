// Parsing: one pass of a DFA generated from the variant's ABNF, recording the component boundaries.
//
// @par Specification
// draft-ietf-iri-3987bis-13 §2.2 (IRI), RFC 3986 §3–§4 (URI), RFC 3987 §2.2 (as published), 3987bis §6.1 and the
// W3C LEIRI note (LEIRI). Ambiguous productions are resolved first-match-wins (3987bis §2.2, RFC 3986 §4.1):
// IRI before irelative-ref, IPv4address before ireg-name. IRIs must not contain U+200E, U+200F or
// U+202A–U+202E (RFC 3987 §4.1); LEIRIs may.
#pragma once

#include <string_view>

#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/export.h"
#include "iri/grammar.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// Parses the whole of `input` as `p` under grammar `g` and returns the offsets of every component.
///
/// @par Example
///     auto r = iri::parse("http://例え.jp/引き割り?q#f"); // r->host() == host_kind::reg_name
///
/// The input is any bytes: no terminator is assumed, an embedded NUL is an ordinary (and, but in LEIRIs,
/// disallowed) character, nothing is read past input.data() + input.size(), and invalid UTF-8 is an error.
/// The empty string is a valid reference.
///
/// @par Complexity
/// Linear, one pass; no allocation; the error of an invalid input is computed after the pass, off the hot path.
/// @return the components, or an error with its code, byte offset and component. Never throws.
[[nodiscard]] result<components> parse(std::string_view input, grammar g = grammar::iri,
                                       production p = production::uri_reference) noexcept;

/// True when `input` is a valid string of `p` under `g` (the same pass as parse, result discarded).
[[nodiscard]] bool is_valid(std::string_view input, grammar g = grammar::iri,
                            production p = production::uri_reference) noexcept;

}  // namespace iri
IRI_API_END
