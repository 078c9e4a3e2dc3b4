// Resolving a link's value (resolution.hpp).
#include "html/resolution.hpp"

#include "web/legacy_query.hpp"

namespace iri::html::detail {

bool resolve(web::url& out, std::string_view value, const web::url& base, encoding_id encoding, iri::error& failure) {
    // HTML §2.4.2 "encoding-parsing a URL": the basic URL parser with the base and the document's encoding, which
    // the page resolved already (no label looked up per link; a UTF-8 page takes the parser's fast path).
    const auto r = web::detail::parse_into_encoded(out, value, &base, encoding);
    if (!r) failure = r.error();
    return r.has_value();
}

}  // namespace iri::html::detail
