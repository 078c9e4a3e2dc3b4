// Conversions between the variants: IRI→URI (3987bis-13 §3, RFC 3987 §3.1), URI→IRI (3987bis §4.2, RFC 3987
// §3.2) and LEIRI→IRI (3987bis §6.2, the W3C LEIRI note).
//
//   iri::to_uri("http://www.example.org/red%09rosé#red")   // "http://www.example.org/red%09ros%C3%A9#red"
//   iri::to_uri("http://résumé.example.org", iri::grammar::iri, {.host = iri::host_mapping::idna})
//                                                            // "http://xn--rsum-bpad.example.org"
//   iri::to_iri("http://www.example.org/D%C3%BCrst")        // "http://www.example.org/Dürst"
//   iri::to_iri("http://www.example.org/D%FCrst")           // unchanged: %FC is not UTF-8
//
// Each conversion parses its input first (an invalid input is an error with its offset and component), walks
// it once and allocates its output only; a string that needs no change comes back as a copy.
#pragma once

#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/grammar.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// How IRI→URI writes a reg-name host (3987bis §3.4).
enum class host_mapping {
    percent_encoding,  ///< §3.4.1 (the default): its UTF-8 octets as %HH, like any component
    idna,              ///< §3.4.2: pct-encoded UTF-8 decoded, then UTS #46 ToASCII per label (idna.hpp); a
                       ///< failure is an error naming the label and the UTS #46 error, never another host. A
                       ///< host of ASCII characters only is left as it is. IP literals are never touched.
};

struct to_uri_options {
    host_mapping host = host_mapping::percent_encoding;
    /// §3.5: the charset of the document the IRI was found in (an ICU converter name: "ISO-8859-1",
    /// "windows-1252", "Shift_JIS", "GB18030", ...). For http and https only, the query's characters are
    /// encoded in it before percent-encoding. A character it cannot represent is written as browsers do
    /// (the WHATWG URL standard's "encode" with the query set): the numeric character reference "&#NNNN;"
    /// (decimal), percent-encoded, so "&%23NNNN;". Empty, or a Unicode charset: UTF-8.
    std::string_view query_charset = {};
    /// RFC 3987 §3.1: percent-encode the printable US-ASCII characters URIs do not allow (space, "<", ">",
    /// '"', "{", "}", "|", "\", "^", "`") instead of failing on them. "#", "%", "[" and "]" are never
    /// converted.
    bool encode_unsafe_ascii = false;
};

/// Maps an IRI reference (or an RFC 3987 IRI, or a LEIRI: `from`) to a URI reference: every character not
/// allowed in a URI becomes its UTF-8 octets as "%HH", uppercase (§3.3); existing "%HH", reserved and
/// unreserved characters are untouched. The identity on URIs, and idempotent.
/// @return the URI, or the parse error of the input in `from` (a space at its byte offset, ...), or
///         errc::idna_failed (host_mapping::idna), or errc::unicode_failure for an unknown query charset.
[[nodiscard]] result<std::string> to_uri(std::string_view text, grammar from = grammar::iri,
                                         const to_uri_options& options = {});

/// As to_uri, appending to `out` (whose capacity a batch can reuse: no allocation once it is large enough).
/// @return the number of bytes appended; on error `out` is as it was.
[[nodiscard]] result<std::size_t> append_to_uri(std::string& out, std::string_view text, grammar from = grammar::iri,
                                                const to_uri_options& options = {});

/// LEIRI→IRI (3987bis §6.2): the characters a LEIRI allows where the IRI does not (space, controls, "<",
/// ">", '"', "{", "}", "|", "\", "^", "`", bidi formatting characters, private-use characters outside the
/// query, ...) become their UTF-8 octets as "%HH". `to` may be iri or rfc3987.
[[nodiscard]] result<std::string> leiri_to_iri(std::string_view text, grammar to = grammar::iri);

struct to_iri_options {
    /// The IRI grammar the result must be valid in (iri or rfc3987).
    grammar to = grammar::iri;
    /// Step 4's caller-chosen policy (3987bis §5.1): also leave encoded the characters IRIs should avoid:
    /// those NFKC changes (compatibility characters such as full-width Latin), default-ignorable and white
    /// space characters.
    bool keep_discouraged_encoded = false;
    /// Step 5: leave the query of http and https URIs as it is (its charset may not be UTF-8, §3.5).
    bool keep_http_query_encoded = false;
    /// Step 7: turn the punycode labels of a reg-name into Unicode (UTS #46 ToUnicode), each only when it
    /// converts back to the same A-label. A host longer than max_idna_host_bytes (idna.hpp) keeps its labels.
    bool unicode_hosts = false;
};

/// Maps a URI reference to an IRI reference by the steps of 3987bis §4.2: decode "%HH" except for "%",
/// reserved characters and US-ASCII characters not allowed in URIs (step 2); re-encode octets that are not
/// part of strictly valid UTF-8 (step 3); re-encode characters not appropriate in their component (step 4:
/// not ucschar, iprivate outside the query, bidi formatting characters, and the §5.1 ones when asked);
/// optionally keep http(s) queries (step 5) and convert punycode labels (step 7). No charset but UTF-8 is
/// ever assumed: "r%E9sum%E9" stays. Re-encoded octets are written with uppercase hex. A "%2E" that would
/// turn its path segment into "." or ".." stays encoded ("/a/%2E%2E/b"), as in normalize: RFC 3986 §5.2.4 removes
/// only the dot segments written as such (§6.2.2.3), so decoding it would change the target of the reference.
/// Round trip: to_uri(to_iri(u)) equals u up to the case of hex digits and percent-encoded unreserved
/// characters (§4.1).
[[nodiscard]] result<std::string> to_iri(std::string_view uri, const to_iri_options& options = {});

/// As to_iri, appending to `out`. @return the number of bytes appended; on error `out` is as it was.
[[nodiscard]] result<std::size_t> append_to_iri(std::string& out, std::string_view uri,
                                                const to_iri_options& options = {});

}  // namespace iri
IRI_API_END
