// The URL Standard's sets emitter: the header iri/generated/url_sets.hpp of grammar/url.abnf, which is not a
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

}  // namespace iri::abnf
