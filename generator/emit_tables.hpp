// The tables emitter: what a variant's generated file tells the library besides its matchers. The entries and the
// matchers by role, the aliases, the character tables (the excluded characters, the literal sets of the
// repeated-character productions, the named sets of grammar/sets.def) and the variant's grammar_info; and the
// C++ spellings of names, strings and roles they are written with, which the scheme emitter shares.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "abnf_model.hpp"
#include "emit_re2c.hpp"

namespace iri::abnf {

// A C++ string literal holding `s`.
std::string c_string(const std::string& s);

// The enumerator of a component role (::iri::component::...), from include/iri/roles.def.
std::string component_enum(const std::string& role);

// Prefix matchers (longest prefix, no tags) are emitted for the component-level productions: the library's
// fast path for the reference productions runs them between the RFC 3986 delimiters.
bool has_prefix_matcher(const std::string& role);

// The tables indexed by role, and the aliases.
void emit_role_tables(const grammar& g, const std::vector<entry>& entries, std::ostream& out);

// The excluded ranges, and the literal character sets of the entries whose rule repeats one element. Returns
// how many sets; sets whether the reg-name role allows a character above U+007F.
std::size_t emit_charsets(const grammar& g, const std::vector<entry>& entries, std::ostream& out,
                          bool& unicode_reg_name);

// Named sets as the library's one set type (charset_info, grammar/match.hpp): for each rule of `names`, the
// characters of the rule of that name where the grammar has one that is a set of single characters, its ranges
// and its ASCII bitmap, and the table `table` of pointers to them in the order of `names`. A rule the grammar lacks
// (or that is no set) is nullptr there, or, when `required`, an error (false, `error` set). Every variant writes
// grammar/sets.def's sets (named_set_rules()) so, `storage` "const"; url.abnf writes grammar/url_sets.def's the same
// way into a header, "inline constexpr" (the web stage derives its byte tables from them at compile time).
bool emit_named_sets(const grammar& g, const std::vector<std::string>& names, const std::string& table, bool required,
                     const char* storage, std::ostream& out, std::string& error);

// The rule names of grammar/sets.def, in its order.
std::vector<std::string> named_set_rules();

// The grammar_info of the variant, which the library finds by name.
void emit_grammar_info(const grammar& g, const emit_options& opt, const std::string& ns, std::size_t entry_count,
                       std::size_t charset_count, bool unicode_reg_name, std::ostream& out);

}  // namespace iri::abnf
