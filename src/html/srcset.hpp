// "Parse a srcset attribute" (HTML §4.8.4.3.10): the image candidates of img's and source's srcset and link's
// imagesrcset, each a URL and its descriptors. Private to the library (iri/html.hpp has parse_srcset).
#pragma once

#include <string_view>
#include <vector>

#include "iri/html.hpp"

namespace iri::html::detail {

/// The candidates of `value` (decoded) into `out` (cleared first), in order; the URLs are views into `value`.
void parse_srcset(std::string_view value, std::vector<image_candidate>& out);

}  // namespace iri::html::detail
