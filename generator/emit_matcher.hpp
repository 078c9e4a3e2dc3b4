// The C++ around the re2c expressions (emit_expr.hpp): the generated file's prologue and re2c configuration, the
// matcher functions (a whole-input match that records the components' spans) and the longest-prefix matchers,
// and the check that every component can be recorded. Shared by the variant and the scheme emitters.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "abnf_model.hpp"
#include "emit_expr.hpp"
#include "emit_re2c.hpp"

namespace iri::abnf {

// Component occurrences under a repetition would record only the last iteration: refused, with the place.
bool component_under_repetition(const grammar& g, const std::vector<entry>& entries, std::string& error);

// The file's header: provenance, includes, and the custom re2c input API; opens namespace iri::detail::NS.
void emit_prologue(const grammar& g, const emit_options& opt, const std::string& ns, std::ostream& out);

// The opening of the re2c block of definitions, with the configuration every matcher shares.
extern const char* const re2c_config;

// One matcher function: the entry's re2c rules, each storing the spans of the components it tags through
// `store(role)` (an lvalue expression of type span) and accepting only a match of the whole input.
void write_matcher(std::ostream& out, const std::string& fn, const std::string& out_param,
                   const std::vector<emitter::alternative>& alternatives,
                   const std::function<std::string(const std::string&)>& store);

// The longest-prefix matcher of a rule, without tags.
void write_prefix(std::ostream& out, const std::string& fn, const std::string& re);

}  // namespace iri::abnf
