// The URL Standard's sets as the web stage reads them: byte tables and percent-encode sets derived at compile time
// from grammar/url.abnf's sets (grammar/url_sets.hpp), so that a test on the parse path is one load. Private to the
// library.
#pragma once

#include "grammar/charset_detail.hpp"
#include "grammar/url_sets.hpp"
#include "text/percent_encode.hpp"

namespace iri::web::detail {

using iri::detail::byte_set;
using iri::detail::percent_encode_set;
using iri::detail::url_set;

/// §1.3's percent-encode sets, over UTF-8 bytes.
inline constexpr percent_encode_set c0_control_set =
    iri::detail::percent_encode_set_of(url_set::c0_control_percent_encode);
inline constexpr percent_encode_set fragment_set = iri::detail::percent_encode_set_of(url_set::fragment_percent_encode);
inline constexpr percent_encode_set query_set = iri::detail::percent_encode_set_of(url_set::query_percent_encode);
inline constexpr percent_encode_set special_query_set =
    iri::detail::percent_encode_set_of(url_set::special_query_percent_encode);
inline constexpr percent_encode_set path_set = iri::detail::percent_encode_set_of(url_set::path_percent_encode);
inline constexpr percent_encode_set userinfo_set = iri::detail::percent_encode_set_of(url_set::userinfo_percent_encode);
inline constexpr percent_encode_set component_set =
    iri::detail::percent_encode_set_of(url_set::component_percent_encode);
inline constexpr percent_encode_set form_set =
    iri::detail::percent_encode_set_of(url_set::form_urlencoded_percent_encode);

/// ASCII classes (Infra; §3.2; §4.4's scheme code points; the fast path's domain bytes) as bytes.
inline constexpr byte_set ascii_digits = iri::detail::ascii_bytes_of(url_set::ascii_digit);
inline constexpr byte_set ascii_hex_digits = iri::detail::ascii_bytes_of(url_set::ascii_hex_digit);
inline constexpr byte_set ascii_alphas = iri::detail::ascii_bytes_of(url_set::ascii_alpha);
inline constexpr byte_set scheme_code_points = iri::detail::ascii_bytes_of(url_set::scheme_code_point);
inline constexpr byte_set forbidden_host = iri::detail::ascii_bytes_of(url_set::forbidden_host);
inline constexpr byte_set forbidden_domain = iri::detail::ascii_bytes_of(url_set::forbidden_domain);
inline constexpr byte_set fast_path_domain = iri::detail::ascii_bytes_of(url_set::fast_path_domain);

[[nodiscard]] constexpr bool ascii_digit(char32_t c) noexcept {
    return c < 0x80 && ascii_digits.has(static_cast<unsigned char>(c));
}
[[nodiscard]] constexpr bool ascii_hex_digit(char32_t c) noexcept {
    return c < 0x80 && ascii_hex_digits.has(static_cast<unsigned char>(c));
}
[[nodiscard]] constexpr bool ascii_alpha(char32_t c) noexcept {
    return c < 0x80 && ascii_alphas.has(static_cast<unsigned char>(c));
}

/// §4.3: whether code point `c` is a URL code point (for the validation errors; ranges above U+007F).
[[nodiscard]] inline bool url_code_point(char32_t c) noexcept {
    return iri::detail::contains(iri::detail::url_charset(url_set::url_code_point), c);
}

}  // namespace iri::web::detail
