// The query of a special URL in the document's legacy encoding (URL Standard §4.4 query state, §1.3 "percent-encode
// after encoding"): the parser's optional encoding, for the HTML link extractor. Private to web/.
#pragma once

#include <string>
#include <string_view>

namespace iri::web::detail {

/// The encoding an Encoding Standard label names, as "getting an output encoding" (Encoding Standard §4.3) leaves it
/// for the URL parser: its name ("windows-1252", "shift_jis", ...), or "" for UTF-8 (a label of UTF-8, UTF-16BE/LE or
/// replacement, or one the Encoding Standard does not list).
[[nodiscard]] std::string output_encoding(std::string_view label);

/// Appends `query` (UTF-8; ill-formed sequences read as U+FFFD) encoded in `encoding` (an output_encoding() name, not
/// "") and percent-encoded with the special-query percent-encode set: each byte the encoder writes, "%HH" when the
/// set holds it; a code point the encoding cannot represent as "%26%23" its decimal value "%3B" (§1.3 step 3.4: the
/// HTML numeric character reference).
void append_legacy_query(std::string& out, std::string_view query, const std::string& encoding);

}  // namespace iri::web::detail
