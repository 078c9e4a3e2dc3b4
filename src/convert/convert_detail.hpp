// Pieces shared by the conversions (to_uri.cpp, to_iri.cpp). Private to the library.
#pragma once

#include <string>
#include <string_view>

#include "grammar/charset_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/reference.hpp"

namespace iri::detail {

/// The literal set of production `p` in grammar `g`; the grammars of this library all have one for the
/// repeated components, so a missing one is a broken build, reported by the tests.
[[nodiscard]] const charset_info& component_set(grammar g, production p) noexcept;

/// True for http and https (3987bis §3.5), compared case-insensitively.
[[nodiscard]] bool is_http(std::string_view scheme) noexcept;

}  // namespace iri::detail
