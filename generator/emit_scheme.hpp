// The scheme emitter: the re2c specification of a scheme grammar (grammar/schemes/, ;@scheme). One matcher for
// the whole URI, with its parts; one matcher and one longest-prefix matcher per list element (;@list); the
// longest-prefix matcher of the URI's head (its scheme and authority) when the rest of the URI is the uri
// grammar's own; and the scheme_grammar_info by which the library finds them.
#pragma once

#include <ostream>
#include <string>

#include "abnf_model.hpp"
#include "emit_re2c.hpp"

namespace iri::abnf {

// Writes the .re text of scheme grammar `g` to `out`. On failure returns false with `error` set.
bool emit_scheme(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

}  // namespace iri::abnf
