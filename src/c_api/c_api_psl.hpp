// The C API's Public Suffix List handle (c_api_public_suffix.cpp), for the other parts that take one.
#pragma once

#include "iri.h"
#include "iri/public_suffix.hpp"

namespace iri::detail::c_api {

/// The list `psl` holds, or with NULL the system's list (loaded on first use, once); nullptr when that cannot be
/// loaded, with `err` filled and `status` its code.
[[nodiscard]] const iri::crawl::public_suffix_list* psl_or_system(const iri_psl* psl, iri_error* err,
                                                                  int& status) noexcept;

/// The host form of a C argument (IRI_HOST_FORM_*), or false.
[[nodiscard]] bool to_host_form(int form, iri::crawl::host_form& out) noexcept;

}  // namespace iri::detail::c_api
