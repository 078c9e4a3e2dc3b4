// Finding IRIs and URIs in running text (RFC 3986 Appendix C, rfc2396bis-02 Appendix C; 3987bis-13 §8.3).
//
//   auto found = iri::extract("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
//                             "but you can probably pick it up from <ftp://ds.internic.\n"
//                             "net/rfc/>.");
//   // found[0].value == "http://www.w3.org/Addressing/", found[1].value == "ftp://ds.internic.net/rfc/"
//
// What counts as an IRI here: text that parses as the grammar's IRI production (URI in the uri grammar: a
// scheme, ":", the rest, a fragment allowed), found
//  - between angle brackets "<...>": whitespace inside (spaces, tabs, line breaks: a long IRI broken across
//    lines) is removed, and a leading "URL:" (Appendix C's former prefix) is dropped;
//  - between double quotes "..." (no whitespace inside);
//  - bare, in a word (text between whitespace): from a scheme at its start, after any opening brackets or
//    quotes, to the longest valid IRI, less what ends a sentence (Unicode Terminal_Punctuation and
//    Quotation_Mark characters: ".", ",", ";", ":", "!", "?", "。", quotes) and less a closing bracket that
//    closes nothing opened inside the IRI ("(see http://a/b)" gives "http://a/b", "http://a/b_(c)" keeps
//    its ")"). A bare candidate must have an authority ("scheme://") or one of the schemes commonly written
//    without ("mailto:", "urn:", "tel:", "data:", ...): otherwise "Note:" or "e.g.:x" would be IRIs.
// A non-ASCII character does not end an IRI (3987bis §8.3): in "見て http://例え.jp/引き割り。" the IRI runs to
// "割り"; the ideographic full stop is allowed in an IRI, and is left out only as the end of the sentence.
// A line break right after a hyphen ("http://example.com/long-\n   name") joins the two lines, keeping the
// hyphen (Appendix C: "the hyphen may or may not actually be part of the URI"; this library keeps it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "iri/export.h"
#include "iri/grammar.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// How an extracted IRI was delimited in the text.
enum class delimiter : std::uint8_t { none, angle_brackets, double_quotes };

/// "none", "angle_brackets" or "double_quotes".
[[nodiscard]] const char* name(delimiter d) noexcept;

/// One IRI found in a text.
struct extracted {
    std::uint32_t begin = 0;  ///< byte offset in the text of its first character (after the delimiter)
    std::uint32_t end = 0;    ///< byte offset just after its last character (before the delimiter)
    std::string value;        ///< the IRI: [begin, end) without the whitespace of line breaks, without "URL:"
    iri::delimiter delimiter = iri::delimiter::none;
};

/// Every IRI in `text` (any bytes: invalid UTF-8 is skipped over, never an IRI), in order of position. A text
/// longer than 4 GiB is searched in its first 4 GiB (offsets are 32-bit).
///
/// @par Complexity  Linear in the text: each candidate is parsed a bounded number of times.
[[nodiscard]] std::vector<extracted> extract(std::string_view text, grammar g = grammar::iri);

}  // namespace iri
IRI_API_END
