// Percent-encoding and decoding (RFC 3986 §2.1, §2.4; 3987bis-13 §3.3).
//
// A component's allowed characters come from the grammar file of the variant (iri::allowed_literally), so an
// IRI encoder keeps "é" in a path segment while a URI encoder writes "%C3%A9". Hex digits are written uppercase
// (RFC 3986 §2.1: "should use uppercase").
#pragma once

#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/hex.hpp"  // hex_value
#include "iri/grammar.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// Appends "%HH" for one octet, uppercase hex.
///
///     std::string s; iri::append_percent_encoded(s, 0xE9);   // s == "%E9"
void append_percent_encoded(std::string& out, unsigned char octet);

/// What an encoder does with a "%" already in its input.
enum class encode_mode {
    keep_escapes,  ///< a valid "%HH" is kept as it is (the text is already partly encoded); a lone "%" becomes %25
    literal,       ///< the text is data: every "%" becomes "%25"
};

/// Encodes `text` for production `p` (userinfo, reg_name, segment, segment_nz, segment_nz_nc, query, fragment)
/// of grammar `g`: every character that `p` does not allow literally becomes its UTF-8 octets as "%HH", and so
/// does every ASCII character listed in `also` (delimiters of a sub-structure: "&=+" in a query parameter,
/// ":" in a user name).
///
///     iri::percent_encode("a b/é", iri::grammar::iri, iri::production::segment)  // "a%20b%2Fé"
///     iri::percent_encode("a b/é", iri::grammar::uri, iri::production::segment)  // "a%20b%2F%C3%A9"
///
/// @par Specification  RFC 3986 §2.1, §2.4; 3987bis-13 §3.3 (UTF-8 octets of the character).
/// @par Complexity     One pass; allocates the output only.
/// @return the encoded text; errc::invalid_utf8 (offset of the ill-formed bytes) when `text` is not UTF-8;
///         errc::no_such_production when `p` is not a repeated-character production of `g`.
[[nodiscard]] result<std::string> percent_encode(std::string_view text, grammar g, production p,
                                                 encode_mode mode = encode_mode::keep_escapes,
                                                 std::string_view also = {});

/// What a decoder does with a "%" not followed by two hexadecimal digits.
enum class decode_mode {
    strict,   ///< errc::bad_percent_encoding at the "%"
    lenient,  ///< the "%" and what follows are kept as they are
};

/// Decodes every "%HH" into its octet. The result is bytes: it may be any octets, including NUL.
///
///     iri::percent_decode("a%20b%2F")   // "a b/"
///     iri::percent_decode("100%", iri::decode_mode::lenient)   // "100%"
///
/// @par Specification  RFC 3986 §2.1, §2.4.
/// @par Complexity     One pass; allocates the output only.
[[nodiscard]] result<std::string> percent_decode(std::string_view text, decode_mode mode = decode_mode::strict);

/// Decodes like percent_decode, then requires the result to be well-formed UTF-8 (errc::invalid_utf8, with the
/// offset in `text` of the "%" or byte that starts the ill-formed sequence).
///
///     iri::percent_decode_utf8("r%C3%A9sum%C3%A9")   // "résumé"
///     iri::percent_decode_utf8("r%E9sum%E9")          // error: invalid_utf8 at byte 1
[[nodiscard]] result<std::string> percent_decode_utf8(std::string_view text, decode_mode mode = decode_mode::strict);

}  // namespace iri
IRI_API_END
