// The shared declarative refresh steps (HTML §4.2.5.3): the time and URL of a <meta http-equiv="refresh"> content
// (and of the Refresh header). Private to the library (iri/html.hpp has parse_refresh).
#pragma once

#include <optional>
#include <string_view>

#include "iri/html.hpp"

namespace iri::html::detail {

/// The steps on `input` up to "parse" (step 11.11): nullopt where they return early; else the time and, when the
/// input goes on past it, the URL string, a view into `input`.
[[nodiscard]] std::optional<refresh> parse_refresh(std::string_view input) noexcept;

}  // namespace iri::html::detail
