// The Internet Archive's URL canonicalizer (the surt package's handyurl, GoogleURLCanonicalizer and
// IAURLCanonicalizer, ports of iipc/webarchive-commons) as a writer over a parsed URL: the lenient parse finds the
// parts (views into the input), and one writer puts each part, through the stages asked for, into the output
// buffer, as a URL or as a SURT key (the host written, then reversed in place). Each stage's pieces are named
// after the surt package's functions; the tests reach them to run the package's own cases of each. Private to the
// library. The files: ia_parse.cpp (the parse), ia_google.cpp (the Google stage), ia_stage.cpp (the IA stage),
// surt_format.cpp (the SURT formats), ia_canon.cpp (the writer).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "iri/error.hpp"

namespace iri::crawl::detail {

// ---- the parse (ia_parse.cpp) ----

/// A URL as the IA parse leaves it (handyurl): views into the cleaned input. An empty host, path, query or fragment
/// is an absent one, as in the surt package (which turns each empty part into None).
struct ia_parts {
    std::string_view scheme;         ///< as written; "http" when the input has none
    std::string_view host;           ///< as written, userinfo and port left out
    bool lower_host = true;          ///< the host is urlsplit's hostname, lowercase (not one taken from a path)
    std::string_view port;           ///< digits without leading zeros; empty: none
    std::string_view path;           ///< as written
    bool slash_path = false;         ///< the path is "/" and `path` (an http(s) URL's host taken from its path)
    std::string_view query;          ///< without the "?"
    std::string_view fragment;       ///< without the "#"
    bool trailing_question = false;  ///< a lone "?" ended the input: written back by a plain round trip
};

/// An error of `code` about the character at text[at] (a byte that begins no character: that byte).
[[nodiscard]] error character_error(errc code, std::string_view text, std::size_t at);

/// handyurl.parse's first steps, and Safe Browsing's step 1: ASCII white space trimmed from both ends (Python's
/// bytes.strip()), TAB, CR and LF deleted. A view of `input`, or of `storage` when a TAB, CR or LF was deleted.
[[nodiscard]] std::string_view cleaned(std::string_view input, std::string& storage);

/// The length of a scheme (RFC 3986 §3.1: ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")) followed by ":" at the start of
/// `s`, or 0 (handyurl's _RE_HAS_PROTOCOL).
[[nodiscard]] std::size_t scheme_length(std::string_view s) noexcept;

/// handyurl.parse on a cleaned input: its lenient split into `out`. Errors (offsets into `cleaned`): bad_port (a
/// port that is not digits), unexpected_end (an empty input).
[[nodiscard]] std::optional<error> parse_ia(std::string_view cleaned, ia_parts& out);

// ---- the writer (ia_canon.cpp) ----

/// The stages a writer runs and the form it writes.
struct ia_writing {
    bool google = true;        ///< GoogleURLCanonicalizer.canonicalize (§1 "Google stage")
    bool ia = true;            ///< IAURLCanonicalizer.canonicalize with its defaults (§1 "IA stage")
    bool host_massage = true;  ///< the IA stage's massageHost
    bool surt = false;         ///< handyurl.geturl_bytes(surt=True): the SURT key; else handyurl.geturl: the URL
    bool with_scheme = false, trailing_comma = false, reverse_ipaddr = true;  ///< the SURT key's options
};

/// The URL of `parts` through the stages asked for, appended to `out` in the form asked for.
void write_ia(std::string& out, const ia_parts& parts, const ia_writing& how);

/// How write_plain_host writes a host.
struct plain_host_writing {
    bool massage = false;   ///< massageHost's "www" + digits + "." left out
    bool surt = false;      ///< hostToSURT's reversed labels
    bool hex_ipv4 = false;  ///< the IPv4 forms to leave to the general path: inet_aton's with hexadecimal parts
                            ///< (Safe Browsing), else attemptIPFormats' decimal and octal ones
};

/// A host of at most 64 octets that the Google stage's host steps (and Safe Browsing's step 5) leave as it is but
/// for its case, written lowercase as `how` asks: no octet decoded, mapped or escaped, no dot first, last or next
/// to another, no IPv4 form. False, with nothing written, for any other host.
bool write_plain_host(std::string& out, std::string_view host, const plain_host_writing& how);

/// The host of `parts` through the stages asked for (as write_ia writes it in a URL), appended to `out`.
void write_ia_host(std::string& out, const ia_parts& parts, const ia_writing& how);

// ---- the Google stage's pieces (ia_google.cpp) ----

/// unescapeRepeatedly: "%HH" decoded until none is left, appended to `out`. One pass: a decoded octet that
/// completes a "%HH" with the two octets before it is decoded in turn, which gives what decoding the whole string
/// again and again would (no two triplets overlap, so the order of decoding does not matter), in linear time.
void append_unescaped_repeatedly(std::string& out, std::string_view in);

/// escapeOnce: every byte <= 0x20 or >= 0x7F, "#" and "%" as "%HH" (uppercase hex), the rest as it is.
void append_escaped_once(std::string& out, std::string_view in);

/// True for a byte escapeOnce escapes (and Safe Browsing's step 7).
[[nodiscard]] constexpr bool escaped_once(unsigned char c) noexcept {
    return c <= 0x20 || c >= 0x7F || c == '#' || c == '%';
}

/// The length of the run of `s` from its start that escapeOnce and every decoding leave as it is (no byte
/// escaped_once, which takes in "%"), a SIMD scan.
[[nodiscard]] std::size_t plain_run(std::string_view s) noexcept;

/// inet_aton's reading of a host (glibc): 1-4 dot-separated numbers, each decimal, octal (leading "0") or, when
/// `hex`, hexadecimal ("0x"); every part but the last below 256, the last filling the remaining bytes. Nothing for
/// anything else.
[[nodiscard]] std::optional<std::uint32_t> inet_aton(std::string_view host, bool hex) noexcept;

/// attemptIPFormats: an all-digit host as a 32-bit number (larger values keep their low 32 bits), or a host of the
/// decimal ("1.2.3") or octal ("017.0.0.1") pattern read by inet_aton; its dotted quad, or nothing.
[[nodiscard]] std::optional<std::array<std::uint8_t, 4>> attempt_ip_formats(std::string_view host) noexcept;

/// normalizePath: dot segments and empty segments of a decoded path, the surt package's way, appended to `out`.
void append_normalized_path(std::string& out, std::string_view path);

/// The Google stage on a host (decoded repeatedly, IDNA A-labels, ".." pairs, outer dots, IP formats, lowercase,
/// escaped once), appended to `out`.
void append_google_host(std::string& out, std::string_view host);

// ---- the IA stage's pieces (ia_stage.cpp) ----

/// alphaReorderQuery: the "&"-separated parameters of out[from, end) sorted by name, then value (no "=" first), in
/// place.
void alpha_reorder_query(std::string& out, std::size_t from);
/// The same on a whole string.
inline void alpha_reorder_query(std::string& query) { alpha_reorder_query(query, 0); }

/// massageHost: the length of a leading "www" + digits + "." (0 when there is none).
[[nodiscard]] std::size_t massage_host_prefix(std::string_view host) noexcept;

/// stripPathSessionID: the ASP.NET session segments of out[from, end) (a path) before an ".aspx", in place.
void strip_path_session_id(std::string& out, std::size_t from);
inline void strip_path_session_id(std::string& path) { strip_path_session_id(path, 0); }

/// stripQuerySessionID: jsessionid, phpsessid, sid, ASPSESSIONID and CFID/CFTOKEN values of out[from, end) (a
/// query), in place.
void strip_query_session_id(std::string& out, std::size_t from);
inline void strip_query_session_id(std::string& query) { strip_query_session_id(query, 0); }

// ---- the SURT formats (surt_format.cpp) ----

/// hostToSURT in place: the labels of out[from, end) reversed and joined by ","; with !reverse_ipaddr a host of
/// four 1-3 digit numbers stays as it is.
void reverse_host_surt(std::string& out, std::size_t from, bool reverse_ipaddr);

/// hostToSURT, appended.
void append_host_surt(std::string& out, std::string_view host, bool reverse_ipaddr);

/// Heritrix's SURT.fromURI(s, false) (§1 "Heritrix SURT"), appended.
void append_heritrix_surt(std::string& out, std::string_view s);

// ---- small helpers shared by the writers ----

/// `in` lowercased (ASCII), appended: eight octets at a time.
void append_lowercase(std::string& out, std::string_view in);

/// out[from, end) lowercased (ASCII), in place.
void lowercase_from(std::string& out, std::size_t from) noexcept;

/// A host of LDH octets (ALPHA, DIGIT, "-") and dots, no dot first, last or next to another, with a letter or "-"
/// somewhere: one that decoding, IDNA, the dot rules and escaping leave as it is but for its case, and that no
/// decimal or octal IPv4 form reads (a hexadecimal one may: "0xa.0xb").
[[nodiscard]] bool ldh_host(std::string_view host) noexcept;

/// A path that begins with "/" and has no segment after it that is ".", ".." or empty but the last: one that the
/// dot-segment rules and the collapsing of repeated "/" leave as it is.
[[nodiscard]] bool normal_path(std::string_view path) noexcept;

/// Appends `part` when escapeOnce(unescapeRepeatedly(part)) is `part` but for the case of its triplets' hex, and
/// (with `path`) it is a normal_path: no octet escapeOnce escapes but the "%" of triplets "%HH" of an octet it
/// escapes ("%20", "%E4", not "%25"). The hex is written uppercase (as escapeOnce writes it), or, with `lower`,
/// everything lowercase (the IA stage's lowercase of the result). False, with nothing written, for any other part.
/// `seen`: the octets met, as ia_canon.cpp's octet classes ("(", "&", "i").
bool copy_stable(std::string& out, std::string_view part, bool path, bool lower, unsigned* seen = nullptr);

}  // namespace iri::crawl::detail
