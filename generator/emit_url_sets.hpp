// The URL Standard's sets emitter (and the HTML Standard's, emit_html_sets): the header iri/generated/url_sets.hpp
// of grammar/url.abnf, which is not a variant. Each set of grammar/url_sets.def is written as every variant's named
// sets are (emit_named_sets: the library's charset_info, its ranges and ASCII bitmap), with the special schemes of
// its ;@special-scheme directives and their default ports.
#pragma once

#include <ostream>
#include <string>

#include "abnf_model.hpp"
#include "emit_re2c.hpp"

namespace iri::abnf {

// Writes the header to `out`. On failure (a set's rule missing or not a set of single code points, no special
// scheme) returns false with `error` set.
bool emit_url_sets(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

// The HTML Standard's sets (grammar/html.abnf, the rules of grammar/html_sets.def) as the header
// iri/generated/html_sets.hpp, as emit_url_sets writes its sets (charset_info); a set holding a code point above U+007F is an error (the
// link tokenizer's sets are of octets).
bool emit_html_sets(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

}  // namespace iri::abnf
