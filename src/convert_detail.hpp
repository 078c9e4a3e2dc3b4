// Pieces shared by the conversions (to_uri.cpp, to_iri.cpp). Private to the library.
#pragma once

#include <string>
#include <string_view>

#include "charset_detail.hpp"
#include "literal_skip.hpp"
#include "iri/reference.hpp"

namespace iri::detail {

/// Writes `octet` as "%HH" at p, uppercase (RFC 3986 §2.1), and returns the end.
inline char* put_percent_encoded(char* p, unsigned char octet) noexcept {
    static constexpr char hex[] = "0123456789ABCDEF";
    p[0] = '%', p[1] = hex[octet >> 4], p[2] = hex[octet & 15];
    return p + 3;
}

/// Appends `text` with each octet above 0x7F written as "%HH" (RFC 3987 §3.1 step 2) and the rest as it is.
/// Returns the number of bytes appended.
std::size_t append_octets_encoded(std::string& out, std::string_view text);

/// Appends `text` with every character outside `allowed` written as its UTF-8 octets "%HH"; a "%HH" already
/// there is kept. `run` is the ASCII part of `allowed` with "%" (and "/" for a path: literal_sets()), whose
/// runs are copied as they are. `text` is well-formed UTF-8 (it was parsed).
void append_encoded(std::string& out, std::string_view text, const charset_info& allowed, const ascii_set& run);

/// The literal set of production `p` in grammar `g`; the grammars of this library all have one for the
/// repeated components, so a missing one is a broken build, reported by the tests.
[[nodiscard]] const charset_info& component_set(grammar g, production p) noexcept;

/// True for http and https (3987bis §3.5), compared case-insensitively.
[[nodiscard]] bool is_http(std::string_view scheme) noexcept;

}  // namespace iri::detail
