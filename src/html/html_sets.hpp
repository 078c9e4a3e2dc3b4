// The HTML Standard's code point sets the link finder tests octets against (Infra's ASCII whitespace, alpha,
// digits; the ends of a tag name, an attribute name, an unquoted value; srcset's separators), as the build
// generates them from grammar/html.abnf in the library's one set type (charset_info, grammar/match.hpp): no set is
// written in C++. Each holds only ASCII code points, so an octet from 0x80 is in none. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>

#include "iri/generated/html_sets.hpp"

namespace iri::html::detail {

/// The sets, in the order of grammar/html_sets.def.
enum class html_set : std::uint8_t {
#define IRI_HTML_SET(id, rule) id,
#include "html_sets.def"
#undef IRI_HTML_SET
};

/// Whether octet `c` is in set `s`.
[[nodiscard]] constexpr bool in_set(html_set s, unsigned char c) noexcept {
    const ::iri::detail::charset_info& set = *generated::html_sets[static_cast<std::size_t>(s)];
    return c < 0x80 && ((set.ascii[c >> 6] >> (c & 63)) & 1u) != 0;
}
[[nodiscard]] constexpr bool in_set(html_set s, char c) noexcept { return in_set(s, static_cast<unsigned char>(c)); }

[[nodiscard]] constexpr bool ascii_whitespace(char c) noexcept { return in_set(html_set::ascii_whitespace, c); }
[[nodiscard]] constexpr bool ascii_alpha(char c) noexcept { return in_set(html_set::ascii_alpha, c); }
[[nodiscard]] constexpr bool ascii_digit(char c) noexcept { return in_set(html_set::ascii_digit, c); }
[[nodiscard]] constexpr bool ascii_hex_digit(char c) noexcept { return in_set(html_set::ascii_hex_digit, c); }
[[nodiscard]] constexpr bool ascii_alphanumeric(char c) noexcept { return in_set(html_set::ascii_alphanumeric, c); }

// The enumerators follow grammar/html_sets.def, which orders the generated tables.
#define IRI_HTML_SET(id, rule)                                                               \
  static_assert(generated::html_set_names[static_cast<std::size_t>(html_set::id)] == (rule), \
                "iri::html::detail::html_set and grammar/html_sets.def disagree on the order of the sets");
#include "html_sets.def"
#undef IRI_HTML_SET

}  // namespace iri::html::detail
