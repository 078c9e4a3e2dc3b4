// The URL Standard's code point sets and special schemes (§1.3 the percent-encode sets, §3.2 forbidden host and
// domain code points, §4.3 the URL code points, §4.1 the special schemes and their default ports), as the build
// generates them from grammar/url.abnf: no set is written in C++. The tables behind these come from the generated header
// (iri/generated/url_sets.hpp).
#pragma once

#include <cstdint>
#include <string_view>

namespace iri::web {

/// The sets of the Standard the web stage uses, each a rule of grammar/url.abnf.
enum class url_set : std::uint8_t {
    c0_control_percent_encode,       ///< §1.3 C0 control percent-encode set
    fragment_percent_encode,         ///< §1.3 fragment percent-encode set
    query_percent_encode,            ///< §1.3 query percent-encode set
    special_query_percent_encode,    ///< §1.3 special-query percent-encode set
    path_percent_encode,             ///< §1.3 path percent-encode set
    userinfo_percent_encode,         ///< §1.3 userinfo percent-encode set
    component_percent_encode,        ///< §1.3 component percent-encode set
    form_urlencoded_percent_encode,  ///< §1.3 application/x-www-form-urlencoded percent-encode set
    forbidden_host,                  ///< §3.2 forbidden host code point
    forbidden_domain,                ///< §3.2 forbidden domain code point
    url_code_point,                  ///< §4.3 URL code points
    ascii_digit,                     ///< Infra's ASCII digit
    ascii_hex_digit,                 ///< Infra's ASCII hex digit
    ascii_alpha,                     ///< Infra's ASCII alpha
    scheme_code_point,               ///< §4.4 scheme state: ASCII alphanumeric, "+", "-", "."
    fast_path_domain,                ///< the host bytes the parser's fast path copies (a lowercase ASCII domain)
};

/// Whether code point `c` is in set `s`.
[[nodiscard]] bool in_set(url_set s, char32_t c) noexcept;

/// Infra's ASCII classes, as the web stage's parsers test them (the sets above).
[[nodiscard]] inline bool ascii_digit(char32_t c) noexcept { return in_set(url_set::ascii_digit, c); }
[[nodiscard]] inline bool ascii_hex_digit(char32_t c) noexcept { return in_set(url_set::ascii_hex_digit, c); }
[[nodiscard]] inline bool ascii_alpha(char32_t c) noexcept { return in_set(url_set::ascii_alpha, c); }

/// A special scheme (§4.1) and its default port (-1: null, as for "file"); `special` false for any other scheme.
struct scheme_info {
    bool special = false;
    std::int32_t default_port = -1;
};
/// `scheme` (already ASCII lowercase) looked up among the special schemes.
[[nodiscard]] scheme_info special_scheme(std::string_view scheme) noexcept;

}  // namespace iri::web
