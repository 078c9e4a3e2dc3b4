// The one place a link's value is resolved (HTML §2.4.2 "encoding-parsing a URL": the URL parser with the
// document's base URL and character encoding). Private to the library.
#pragma once

#include <string_view>

#include "html/encoding.hpp"
#include "iri/error.hpp"
#include "iri/web.hpp"

namespace iri::html::detail {

/// Parses `value` against `base` into `out` (its buffer reused). `encoding` is the document's, found once for the
/// page: the URL Standard's "encoding" argument, in which a special URL's query is percent-encoded after encoding
/// (its output encoding, Encoding Standard §4.3: a page in UTF-16 or replacement gives UTF-8 queries). @return
/// whether it parsed; on failure `failure` says why.
bool resolve(web::url& out, std::string_view value, const web::url& base, encoding_id encoding, iri::error& failure);

}  // namespace iri::html::detail
