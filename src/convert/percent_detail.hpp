// The percent module (RFC 3986 §2.1, §2.4; 3987bis-13 §3.3) as the other stages use it: the encoder, over the
// generated character sets (its octet side, the hex table and the "%HH" writer and reader, is text/percent_octets.hpp,
// included here). Every stage that encodes calls these (builder, percent, to_uri, to_iri, normalize, check).
// Private to the library; the public face is iri/percent.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "grammar/literal_skip.hpp"
#include "grammar/match.hpp"
#include "iri/percent.hpp"
#include "text/percent_octets.hpp"

namespace iri::detail {

/// Appends `text` with each octet above 0x7F written as "%HH" (RFC 3987 §3.1 step 2) and the rest as it is.
/// Returns the number of bytes appended.
std::size_t append_octets_encoded(std::string& out, std::string_view text);

/// The encoder. Appends `text` with every character outside `allowed` written as its UTF-8 octets "%HH"
/// (3987bis §3.3). `run` is the ASCII part of `allowed` (make_ascii_set), less any delimiters the caller wants
/// encoded, whose runs are copied as they are: with "%" in it (encode_mode::keep_escapes) a "%HH" already
/// there is kept and a lone "%" encoded; without (encode_mode::literal) every "%" becomes "%25". `text` is
/// well-formed UTF-8.
void append_encoded(std::string& out, std::string_view text, const charset_info& allowed, const ascii_set& run);
/// The length of what append_encoded appends, found without writing it (a long output is then allocated once).
std::size_t encoded_size(std::string_view text, const charset_info& allowed, const ascii_set& run);

}  // namespace iri::detail
