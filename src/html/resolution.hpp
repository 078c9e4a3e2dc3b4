// The one place a link's value is resolved (HTML §2.4.2 "encoding-parsing a URL": the URL parser with the
// document's base URL and character encoding). Private to the library.
#pragma once

#include <optional>
#include <string_view>

#include "html/encoding.hpp"
#include "iri/error.hpp"
#include "iri/web.hpp"

namespace iri::html::detail {

/// The encoding the URL parser encodes a query in for a page in `document` (its output encoding, Encoding Standard
/// §4.3: a page in UTF-16 or replacement gives UTF-8 queries), nullopt for UTF-8: found once a page.
[[nodiscard]] std::optional<encoding_id> query_encoding(encoding_id document) noexcept;

/// Parses `value` against `base` into `out` (its buffer reused), with `query` (the page's query_encoding()): the
/// URL Standard's "encoding" argument, in which a special URL's query is percent-encoded after encoding. @return
/// whether it parsed; on failure `failure` says why.
bool resolve(web::url& out, std::string_view value, const web::url& base, std::optional<encoding_id> query,
             iri::error& failure);

}  // namespace iri::html::detail
