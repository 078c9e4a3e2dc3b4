// The scheme grammars (scheme_rules.cpp) as the diagnostics use them. Private to the library.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "iri/scheme_rules.hpp"

namespace iri::detail {

/// The first place `reference` leaves the grammar of `scheme` (grammar/schemes/, never an option grammar), or
/// nothing, also when no grammar governs the scheme (scheme_rules.cpp; match_scheme_grammar without the parts).
/// `authority_end`: where the authority of `reference` ends when the uri or iri grammar accepted it (the URI
/// mapping of the rest is then the uri grammar's path-abempty, query and fragment), else npos.
[[nodiscard]] std::optional<scheme_error> scheme_grammar_error(std::string_view reference, std::string_view scheme,
                                                               std::size_t authority_end = std::string_view::npos);

}  // namespace iri::detail
