// The URL Standard's sets emitter (and the HTML Standard's, emit_html_sets): the header iri/generated/url_sets.hpp of grammar/url.abnf, which is not a
// variant. Each set of grammar/url_sets.def as a 128-bit bitmap of its ASCII code points and its code points above
// U+007F as ranges (the Standard's percent-encode sets hold all of them, one range; its forbidden code points none),
// and the special schemes of its ;@special-scheme directives with their default ports.
#pragma once

#include <ostream>
#include <string>

#include "abnf_model.hpp"
#include "emit_re2c.hpp"

namespace iri::abnf {

// Writes the header to `out`. On failure (a set's rule missing, not a set of single code points, or holding only
// some of the code points above U+007F) returns false with `error` set.
bool emit_url_sets(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

// The HTML Standard's sets (grammar/html.abnf, the rules of grammar/html_sets.def) as the header
// iri/generated/html_sets.hpp: each a 128-bit bitmap; a set holding a code point above U+007F is an error (the
// link tokenizer's sets are of octets).
bool emit_html_sets(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

}  // namespace iri::abnf
