// The one place a link's value is resolved (HTML §2.4.2 "encoding-parsing a URL": the URL parser with the
// document's base URL and character encoding). Private to the library.
#pragma once

#include <string_view>

#include "html/encoding.hpp"
#include "iri/error.hpp"
#include "iri/web.hpp"

namespace iri::html::detail {

/// Parses `value` against `base` into `out` (its buffer reused). `encoding` is the document's: the URL Standard's
/// "encoding" argument, which encodes the query; iri::web does not take it yet (iri/html.hpp), so it is unused
/// here and every query is UTF-8. @return whether it parsed; on failure `failure` says why.
bool resolve(web::url& out, std::string_view value, const web::url& base, encoding_id encoding, iri::error& failure);

}  // namespace iri::html::detail
