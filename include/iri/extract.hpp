// Finding IRIs and URIs in running text (RFC 3986 Appendix C, rfc2396bis-02 Appendix C; 3987bis-13 §8.3).
//
//   auto found = iri::extract("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
//                             "but you can probably pick it up from <ftp://ds.internic.\n"
//                             "net/rfc/>.");
//   // found[0].value == "http://www.w3.org/Addressing/", found[1].value == "ftp://ds.internic.net/rfc/"
//
// What counts as an IRI here: text that parses as the grammar's IRI production (URI in the uri grammar: a
// scheme, ":", the rest, a fragment allowed), found in three forms. RFC 3986 Appendix C gives the first two:
//  - between angle brackets "<...>": whitespace inside (spaces, tabs, line breaks: a long IRI broken across
//    lines) is removed, and a leading "URL:" (Appendix C's former prefix) is dropped;
//  - between double quotes "..." (no whitespace inside), wherever the quotes are ({"url":"http://a/"});
//  - bare, in running text. Appendix C says only that the delimiters above are the safe way to write one; what
//    follows is added here, after the practice of linkify-it, xurls and GFM's autolinks (tests/extract/README.md
//    compares them case by case).
// Where a bare IRI starts. At each ":" the scheme is the longest run of scheme characters before it (RFC 3986
// §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) that starts with a letter not glued to a letter or digit:
// after whitespace or any character that cannot continue a scheme (">", '"', "'", "*", "_", "~", ",", ":", "(",
// "[", "{", "|", "｜", fullwidth and CJK punctuation) and after a letter of a script other than Latin
// ("詳細はhttp://..." and "Смотритеhttp://..." give "http://..."). A Latin letter or digit before it belongs to
// the scheme: "xhttp://a/" is the scheme "xhttp", "1http://a/" and "caféhttp://a/" hold none (no list of known
// schemes is searched for inside a word). A bare candidate must have "//" after its ":" or be one of the schemes
// commonly written without ("mailto:", "urn:", "tel:", "data:", ...): otherwise "Note:", "text:http://a/" or
// "e.g.:x" would be IRIs ("text:http://a/" gives "http://a/").
// Where it ends: at whitespace, or at a fullwidth form of a character no IRI holds (3987bis §6.3's delimiters and
// "unwise" characters: "｜", "＜", "｛", ...; not in a LEIRI); at the longest valid IRI there; at the bracket
// that closes one opened right before it ("(http://a/b)c" gives "http://a/b"); and less what ends a sentence or
// a markup span: Unicode Terminal_Punctuation (".", ",", ";", ":", "!", "?", "。", ...), a final "*" (emphasis),
// a final "_" or "~" closing the same mark right before the IRI ("~~http://a/b~~"), a quotation mark without its
// pair inside ("'http://a/b'", not "http://a/'b'"), a closing bracket that closes nothing opened inside ("(see
// http://a/b)" gives "http://a/b", "http://a/b_(c)" keeps its ")").
// A non-ASCII character does not end an IRI (3987bis §8.3): in "見て http://例え.jp/引き割り。" the IRI runs to
// "割り", and "詳細はhttp://example.com/を参照" gives "http://example.com/を参照" (under the uri grammar, where a
// URI stops at the first non-ASCII character, "http://example.com/"); the ideographic full stop is allowed in an
// IRI, and is left out only as the end of the sentence.
// A line break right after a hyphen ("http://example.com/long-\n   name") joins the two lines, keeping the
// hyphen (Appendix C: "the hyphen may or may not actually be part of the URI"; this library keeps it).
// In every form, a reference that is only its scheme ("mailto:", "x://") names nothing and is not taken, nor is
// an http, https, ws, wss or ftp reference without a host or with an empty one ("http://", "http://?x"): RFC 3986
// §3.2.2 leaves it to the scheme; RFC 9110 §4.2.1 says an http URI with an empty host is invalid, and the URL
// Standard's parser fails on one for each of these schemes (validation error host-missing).
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
/// @par Complexity  Linear in the text: each candidate is parsed a bounded number of times, over windows that
/// grow with what it covers; no allocation but the IRIs found (and the joined lines of a broken one).
[[nodiscard]] std::vector<extracted> extract(std::string_view text, grammar g = grammar::iri);

}  // namespace iri
IRI_API_END
