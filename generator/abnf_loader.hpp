// The loader: reads a grammar variant's file and the files it imports or extends (each parsed by abnf_reader.hpp),
// merges their rules into one grammar (abnf_model.hpp), applies the directives and checks the result.
//
// A variant file may say, in comment lines that start with ";@":
//   ;@import NAME            rules of NAME.abnf (same folder) are added; a second definition of a rule is an error
//   ;@extends NAME           NAME.abnf's rules and directives are inherited; a rule defined here replaces the base's
//   ;@entry ROLE RULE        RULE is an entry production playing the RFC 3986 role ROLE (e.g. "URI-reference")
//   ;@alias NAME RULE        NAME is another name under which the entry RULE can be asked for
//   ;@component ROLE RULE... every occurrence of RULE is tagged as component ROLE (scheme, host, path, ...);
//                            PARENT/RULE tags RULE only where PARENT's definition uses it (IPv4address is a host
//                            kind in host, not inside the ls32 of an IPv6address)
//   ;@exclude RULE SPEC: WHY a prose rule: the characters of RULE are removed from every character class
//   ;@exclude                (no arguments) clears an inherited exclusion
//   ;@spec TEXT              the specification section the grammar transcribes, cited by error messages
//   ;@split rfc3986          the reference productions keep RFC 3986's generic structure, so the library may
//                            parse them by splitting at its delimiters (";@split" alone clears it)
//   ;@special-scheme NAME PORT  NAME is a special scheme of the URL Standard (§4.1), PORT its default port or null
//                            (grammar/url.abnf, written out by iri-generate --url-sets)
// A scheme grammar (grammar/schemes/NAME.abnf) says instead:
//   ;@scheme NAME            the URI scheme whose rules this file transcribes; its one ;@entry is the whole URI
//   ;@part RULE...           each match of RULE is a part exposed under the rule's name (a component of the scheme)
//   ;@list LIST ELEMENT      the part LIST is a list of ELEMENT parts: LIST = [lit] ELEMENT *(lit ELEMENT), or
//                            LIST = [lit] [PART] *([lit] ELEMENT); each ELEMENT gets its own matcher
// grammar/README.md documents these for grammar authors.
#pragma once

#include <string>

#include "abnf_model.hpp"

namespace iri::abnf {

// Reads `path` (and what it imports or extends) and checks it: syntax, undefined rules, duplicate definitions,
// recursion (these grammars are regular), prose values that could match, directives naming unknown rules or roles.
// Never throws for a bad grammar: everything is reported in `diags`; the result is meaningful only if diags.ok().
grammar load(const std::string& path, diagnostics& diags);

}  // namespace iri::abnf
