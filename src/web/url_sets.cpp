// The URL Standard's code point sets and special schemes (url_sets.hpp), from the header the build generates of
// grammar/url.abnf.
#include "web/url_sets.hpp"

#include <cstddef>

#include "iri/generated/url_sets.hpp"

namespace iri::web {

namespace {

// The enumerators of url_set follow grammar/url_sets.def, which orders the generated tables.
#define IRI_URL_SET(id, rule)                                                              \
  static_assert(generated::url_set_names[static_cast<std::size_t>(url_set::id)] == (rule), \
                "iri::web::url_set and grammar/url_sets.def disagree on the order of the sets");
#include "url_sets.def"
#undef IRI_URL_SET

}  // namespace

bool in_set(url_set s, char32_t c) noexcept {
    return generated::contains(generated::url_sets[static_cast<std::size_t>(s)], c);
}

scheme_info special_scheme(std::string_view scheme) noexcept {
    for (const generated::special_scheme_row& row : generated::special_schemes)
        if (row.name == scheme) return {true, row.default_port};
    return {};
}

}  // namespace iri::web
