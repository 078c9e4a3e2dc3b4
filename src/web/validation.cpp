// The URL Standard's validation errors (§1.2): their names (model/error.cpp, which error messages share) and which
// of them fail the parse, from iri/web_validation.def.
#include "iri/web.hpp"
#include "model/error_detail.hpp"

namespace iri::web {

const char* name(validation v) noexcept { return detail::url_validation_name(static_cast<std::uint8_t>(v)); }

bool is_failure(validation v) noexcept {
    switch (v) {
#define IRI_WEB_VALIDATION(id, text, failure) \
  case validation::id:                        \
    return failure;
#include "iri/web_validation.def"
#undef IRI_WEB_VALIDATION
    }
    return false;
}

}  // namespace iri::web
