// Resolving a link's value (resolution.hpp).
#include "html/resolution.hpp"

namespace iri::html::detail {

bool resolve(web::url& out, std::string_view value, const web::url& base, encoding_id encoding, iri::error& failure) {
    (void)encoding;  // the query's encoding, once web::parse_options has it
    const auto r = web::parse_into(out, value, &base);
    if (!r) failure = r.error();
    return r.has_value();
}

}  // namespace iri::html::detail
