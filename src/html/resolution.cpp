// Resolving a link's value (resolution.hpp).
#include "html/resolution.hpp"

#include "web/legacy_query.hpp"

namespace iri::html::detail {

std::optional<encoding_id> query_encoding(encoding_id document) noexcept {
    return web::detail::query_encoding(document);
}

bool resolve(web::url& out, std::string_view value, const web::url& base, std::optional<encoding_id> query,
             iri::error& failure) {
    // HTML §2.4.2 "encoding-parsing a URL": the basic URL parser with the base and the document's encoding, which
    // the page resolved already (no label looked up per link; a UTF-8 page's links take the parser's fast path).
    const auto r =
        query ? web::detail::parse_into_encoded(out, value, &base, *query) : web::parse_into(out, value, &base);
    if (!r) failure = r.error();
    return r.has_value();
}

}  // namespace iri::html::detail
