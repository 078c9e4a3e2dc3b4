// The delimiters of application/x-www-form-urlencoded queries (HTML 4.01 §17.13.4.1 and §B.2.2; the WHATWG URL
// standard's §5): no grammar of the RFCs defines them (RFC 3986 §3.4 leaves the query's structure to the scheme
// and the application), so they live here, once, for the query module and check. Private to the library.
#pragma once

#include <string_view>

namespace iri::detail {

/// Between parameters: "&", and ";" too when query_options::semicolon is set (HTML 4.01 §B.2.2).
[[nodiscard]] constexpr std::string_view form_pair_separators(bool semicolon) noexcept {
    return semicolon ? std::string_view("&;") : std::string_view("&");
}
/// Between a parameter's name and its value.
inline constexpr char form_name_value_separator = '=';
/// A space, when query_options::plus_as_space is set.
inline constexpr char form_space = '+';
/// Every delimiter of a form query (both pair separators and the name/value one): where check splits a query
/// into the names and values it looks at one by one.
inline constexpr std::string_view form_delimiters = "&;=";

}  // namespace iri::detail
