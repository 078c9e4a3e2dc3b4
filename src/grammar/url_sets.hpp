// The URL Standard's code point sets and special schemes (§1.3 the percent-encode sets, §3.2 forbidden host and
// domain code points, §4.3 the URL code points, §4.1 the special schemes and their default ports), as the build
// generates them from grammar/url.abnf (iri/generated/url_sets.hpp): the library's one set type (charset_info,
// grammar/match.hpp), read by its one membership test (contains, grammar/charset_detail.hpp), and the byte tables
// the web stage derives from them at compile time. No set is written in C++. Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grammar/match.hpp"
#include "iri/generated/url_sets.hpp"
#include "text/percent_encode.hpp"

namespace iri::detail {

/// The sets of grammar/url.abnf the library uses, in the order of grammar/url_sets.def.
enum class url_set : std::uint8_t {
#define IRI_URL_SET(id, rule) id,
#include "url_sets.def"
#undef IRI_URL_SET
};

/// Set `s` of grammar/url.abnf.
[[nodiscard]] constexpr const charset_info& url_charset(url_set s) noexcept {
    return *gen_url::url_sets[static_cast<std::size_t>(s)];
}

/// The ASCII code points of set `s` as bytes (a byte from 0x80 is in none: these are for ASCII tests).
[[nodiscard]] constexpr byte_set ascii_bytes_of(url_set s) noexcept {
    const charset_info& cs = url_charset(s);
    byte_set b;
    for (unsigned c = 0; c < 0x80; ++c)
        if ((cs.ascii[c >> 6] >> (c & 63)) & 1u) b.add(static_cast<unsigned char>(c));
    return b;
}

/// Percent-encode set `s` (§1.3) as the encoder over UTF-8 bytes reads it (text/percent_encode.hpp): its ASCII code
/// points and, as it holds every code point from U+0080 (each of the Standard's does: its last range runs to
/// U+10FFFF from U+0080 or below), every byte from 0x80.
[[nodiscard]] constexpr percent_encode_set percent_encode_set_of(url_set s) noexcept {
    const charset_info& cs = url_charset(s);
    byte_set encoded = ascii_bytes_of(s);
    if (cs.count != 0 && cs.ranges[cs.count - 1][0] <= 0x80 && cs.ranges[cs.count - 1][1] >= 0x10FFFF)
        for (unsigned c = 0x80; c < 0x100; ++c) encoded.add(static_cast<unsigned char>(c));
    return make_percent_encode_set(encoded);
}

/// A special scheme (§4.1) and its default port (-1: null, as for "file"); `special` false for any other scheme.
struct scheme_info {
    bool special = false;
    std::int32_t default_port = -1;
};
/// `scheme` (already ASCII lowercase) looked up among the special schemes.
[[nodiscard]] constexpr scheme_info special_scheme(std::string_view scheme) noexcept {
    for (const gen_url::special_scheme_row& row : gen_url::special_schemes)
        if (row.name == scheme) return {true, row.default_port};
    return {};
}

}  // namespace iri::detail
