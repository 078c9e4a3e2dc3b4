// The Internet Archive's URL canonicalizer (the surt package's handyurl, GoogleURLCanonicalizer and
// IAURLCanonicalizer, ports of iipc/webarchive-commons): its lenient parse, its two stages and their pieces, and the
// byte helpers the Safe Browsing canonicalizer shares. Private to the library; the tests reach the pieces to run the
// surt package's own cases of each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "iri/error.hpp"

namespace iri::crawl::detail {

/// A URL as the IA parse leaves it (handyurl). An empty host, path, query or fragment is an absent one, as in the
/// surt package (which turns each empty part into None).
struct ia_url {
    std::string scheme;
    std::string host;
    std::string path;
    std::string query;
    std::string fragment;
    std::string port;                ///< digits without leading zeros; empty: none
    bool trailing_question = false;  ///< a lone "?" ended the input: written back by a plain round trip
    std::string scratch, scratch2;   ///< the stages' working space, kept with the URL so that it is reused
};

/// An error of `code` about the character at text[at] (a byte that begins no character: that byte).
[[nodiscard]] error character_error(errc code, std::string_view text, std::size_t at);

/// TAB, CR and LF deleted, ASCII white space trimmed from both ends (handyurl.parse's first steps, and Safe
/// Browsing's step 1): appended to `out`.
void append_cleaned(std::string& out, std::string_view input);

/// handyurl.parse: the lenient split of `input` (not yet cleaned) into `u`, overwriting
/// it. Errors: bad_port (a port that is not digits), unexpected_end (nothing but white space).
[[nodiscard]] std::optional<error> parse_ia(std::string_view input, ia_url& u);

/// GoogleURLCanonicalizer.canonicalize (§1 "Google stage"), in place.
void google_stage(ia_url& u);

/// IAURLCanonicalizer.canonicalize with its defaults (§1 "IA stage"), in place; `host_massage` its option.
void ia_stage(ia_url& u, bool host_massage);

/// handyurl.geturl: the URL written back (scheme ":" ["//"] host [":" port] path ["?" query] ["#" fragment]).
void append_url(std::string& out, const ia_url& u);

/// handyurl.geturl_bytes(surt=True, ...): the SURT form (§1 "Format").
void append_surt_form(std::string& out, const ia_url& u, bool with_scheme, bool trailing_comma, bool reverse_ipaddr);

// ---- the pieces (each named after the surt package's function it follows) ----

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

/// inet_aton's reading of a host (glibc): 1-4 dot-separated numbers, each decimal, octal (leading "0") or, when
/// `hex`, hexadecimal ("0x"); every part but the last below 256, the last filling the remaining bytes. Nothing for
/// anything else.
[[nodiscard]] std::optional<std::uint32_t> inet_aton(std::string_view host, bool hex) noexcept;

/// attemptIPFormats: an all-digit host as a 32-bit number (larger values keep their low 32 bits), or a host of the
/// decimal ("1.2.3") or octal ("017.0.0.1") pattern read by inet_aton; its dotted quad, or nothing.
[[nodiscard]] std::optional<std::array<std::uint8_t, 4>> attempt_ip_formats(std::string_view host) noexcept;

/// normalizePath: dot segments and empty segments of a decoded path, the surt package's way, appended to `out`.
void append_normalized_path(std::string& out, std::string_view path);

/// alphaReorderQuery: the "&"-separated parameters sorted by name, then value (no "=" first), in place.
void alpha_reorder_query(std::string& query);

/// massageHost: the length of a leading "www" + digits + "." (0 when there is none).
[[nodiscard]] std::size_t massage_host_prefix(std::string_view host) noexcept;

/// stripPathSessionID: the ASP.NET session segments of a path before an ".aspx", in place.
void strip_path_session_id(std::string& path);

/// stripQuerySessionID: jsessionid, phpsessid, sid, ASPSESSIONID and CFID/CFTOKEN values, in place.
void strip_query_session_id(std::string& query);

/// hostToSURT: the labels of `host` reversed and joined by ",", appended; with !reverse_ipaddr a host of four 1-3
/// digit numbers as it is.
void append_host_surt(std::string& out, std::string_view host, bool reverse_ipaddr);

/// Heritrix's SURT.fromURI(s, false) (§1 "Heritrix SURT"), appended.
void append_heritrix_surt(std::string& out, std::string_view s);

}  // namespace iri::crawl::detail
