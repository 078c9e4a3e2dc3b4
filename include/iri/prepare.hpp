// Input preparation: text from wherever it came, made into a UTF-8 string ready to parse
// (3987bis-13 §3.1, RFC 3987 §3.1 step 1, draft-weber-iri-guidelines-01 §4).
//
//   iri::from_utf16(u"http://例え.jp/")                 // "http://例え.jp/" in UTF-8, not normalized (variant C)
//   iri::from_charset("http://a/r\xE9sum\xE9", "ISO-8859-1")   // "http://a/résumé", NFC (variant B)
//   iri::clean_up("  http://a/b c  \n", iri::spaces::encode)   // {"http://a/b%20c"}
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// RFC 3987 §3.1 variant C: Unicode input is converted to UTF-8 and left as it is (never normalized).
/// A lone surrogate is errc::invalid_encoding at its byte offset (2 bytes per UTF-16 code unit, 4 per UTF-32).
[[nodiscard]] result<std::string> from_utf16(std::u16string_view text);
[[nodiscard]] result<std::string> from_utf32(std::u32string_view text);
/// UTF-8 input is checked (errc::invalid_utf8 at the first ill-formed byte) and returned as it is.
[[nodiscard]] result<std::string> from_utf8(std::string_view text);

/// RFC 3987 §3.1 variant B: text in a legacy charset (an ICU converter name: "ISO-8859-1", "windows-1252",
/// "Shift_JIS", "EUC-JP", "GB18030", "KOI8-R", ...) is transcoded, then normalized to NFC.
/// @return UTF-8 text; errc::invalid_encoding at the byte offset of bytes the charset does not define;
///         errc::unknown_charset.
[[nodiscard]] result<std::string> from_charset(std::string_view bytes, std::string_view charset);

/// What clean_up does with the spaces inside the text.
enum class spaces {
    split,   ///< several references: split at each run of U+0020 (Weber §4 step 2)
    encode,  ///< one reference: each U+0020 becomes "%20"
};

/// Weber §4 steps 1–2 on arbitrary text (for example what a user typed): leading and trailing ASCII white
/// space (U+0020, CR, LF, TAB) removed, then the spaces inside split on or encoded. Other white space,
/// ASCII or not, is left for the parser to judge.
[[nodiscard]] std::vector<std::string> clean_up(std::string_view text, spaces how);

}  // namespace iri
IRI_API_END
