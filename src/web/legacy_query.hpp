// The query of a special URL in the document's legacy encoding (URL Standard §4.4 query state, §1.3 "percent-encode
// after encoding"): the parser's optional encoding, for the HTML link extractor, on the Encoding Standard's table
// (convert/encodings.hpp). Private to web/, but for parse_into_encoded, which html/ calls.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "convert/encodings.hpp"
#include "iri/result.hpp"
#include "iri/web.hpp"

namespace iri::web::detail {

using iri::detail::encoding_id;

/// The encoding the URL parser encodes a query in, for a document in `document`: "get an output encoding"
/// (Encoding Standard §4.3); nullopt for UTF-8 (UTF-8 itself, UTF-16BE/LE, replacement), which the parser encodes
/// byte by byte.
[[nodiscard]] std::optional<encoding_id> query_encoding(encoding_id document) noexcept;
/// The same for a label: "get an encoding" (§4.2) first; nullopt too for a label the Standard does not list.
[[nodiscard]] std::optional<encoding_id> query_encoding(std::string_view label) noexcept;

/// Appends `query` (UTF-8; ill-formed sequences read as U+FFFD) encoded in `encoding` (a query_encoding()) by the
/// Encoding Standard's encoder, through ICU's converter of the table (convert/encodings.hpp), and percent-encoded with
/// the special-query percent-encode set: each byte the encoder writes, "%HH" when the set holds it; a code point the
/// encoding cannot represent as "%26%23" its decimal value "%3B" (§1.3 step 3.4: the HTML numeric character
/// reference). An encoding whose converter this ICU cannot open (ISO-8859-16 on ICU 72) is taken as UTF-8.
void append_legacy_query(std::string& out, std::string_view query, encoding_id encoding);

/// web::parse_into (the basic URL parser, §4.4, against `base`) with the query's encoding already resolved (a
/// query_encoding(), not UTF-8): HTML §2.4.2 "encoding-parsing a URL" for html/, which finds a page's encoding once
/// and parses each of its links with it (a page whose query_encoding() is UTF-8 calls web::parse_into).
[[nodiscard]] result<std::monostate> parse_into_encoded(url& out, std::string_view input, const url* base,
                                                        encoding_id query);

}  // namespace iri::web::detail
