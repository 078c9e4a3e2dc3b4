// A straightforward reference implementation of normalization (RFC 3987 §5.3, the rules of normalize.hpp) and
// of resolution (RFC 3986 §5.2), kept for the tests: each rule applied on its own, one after another, on strings.
// Slow on purpose; the library's one-pass paths must give, byte for byte, what it gives.
#pragma once

#include <string>
#include <string_view>

#include "iri/grammar.hpp"
#include "iri/normalize.hpp"

namespace iri_test {

/// The normal form of `text`, which must be a valid reference of grammar `g`.
std::string reference_normalize(std::string_view text, iri::grammar g, iri::normalize_options o);

/// The canonical key of `text` (normalize.hpp): its normal form, less what a scheme's rule leaves out of
/// equivalence (a URN's r-, q- and f-components at the scheme rung).
std::string reference_key(std::string_view text, iri::grammar g, iri::normalize_options o);

/// RFC 3986 §5.2.2–§5.2.4 as the RFC's pseudo-code writes it (strict), plus resolve.hpp's one departure: a path
/// that begins with "//" without an authority gets "/." before it. Both must be valid in `g`; `base` has a scheme.
std::string reference_resolve(std::string_view base, std::string_view ref, iri::grammar g);

}  // namespace iri_test
