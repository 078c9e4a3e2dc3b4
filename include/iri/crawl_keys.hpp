// A crawler's keys: the SURT key of a URL (the Wayback Machine's and CDX files' "urlkey", the Internet Archive's
// canonicalizer then the SURT format) and the Google Safe Browsing canonical form of a URL (the "URLs and Hashing"
// document of the Safe Browsing v4 API).
//
//   iri::crawl::surt("http://www.archive.org/goo/?a=2&b&a=1")        // "org,archive)/goo?a=1&a=2&b"
//   iri::crawl::surt("http://www.example.com/", {.with_scheme = true})   // "http://(com,example)/"
//   iri::crawl::canonicalize("http://www.GOOgle.com/blah/..")          // "http://www.google.com/"
//   iri::crawl::canonicalize("http://3279880203/blah")                 // "http://195.127.0.11/blah"
//
// Neither is a validator: the peers these follow (the surt Python package, Heritrix, the Safe Browsing clients)
// take any string a crawler meets, and so do these functions. Any bytes are accepted (invalid UTF-8, NUL, controls
// are percent-encoded where the peers encode them), in time linear in the input. The few errors:
//   - errc::input_too_long for an input of 2^32 - 1 bytes or more (offsets are 32-bit);
//   - errc::bad_port for a port that is not digits (the surt package raises there); a port above 65535, which its
//     Python 3 version refuses too, is kept as written (as its Python 2 version did);
//   - errc::unexpected_end for a URL with nothing in it (blank) to canonicalize, or a Safe Browsing URL without a
//     host ("http:///x", "/blah": Safe Browsing hashes host expressions, so it needs one; where the host should be);
//   - errc::disallowed_character for a Safe Browsing URL whose scheme is not followed by "//" ("mailto:x").
// Offsets in an error count bytes of the input after its leading white space was trimmed and its TAB, CR and LF
// removed (the first step of both canonicalizers), and for Safe Browsing after its percent-decoding (its step 3).
//
// Where the peers differ, these follow the surt package (Python, version 0.3.1): "dns:alexa.com" is a URL without
// a host ("dns:alexa.com", where Java's WaybackURLKeyMaker writes "com,alexa)"); a leading "www" + digits + "." is
// dropped once; each ".." of a host becomes "." once ("a...b" -> "a..b"); inet_aton reads "10.0.258" as
// 10.0.1.2; a port is a number (leading zeros dropped, 0 is none, one above 65535 kept); the trailing comma is
// written after an IP address host too, after the port. Hosts are mapped to A-labels by UTS #46 (iri/idna.hpp)
// where the package uses Python's IDNA 2003 codec; a host either refuses keeps its bytes, escaped. Heritrix's
// lower-casing is ASCII only (Java's is Unicode). Safe Browsing follows the v4 text: the query and a lone "?" are
// kept, hex is uppercase, the port is dropped, a bracketed IPv6 address is only lower-cased (the Go client drops
// the query, writes lowercase hex and reads "276.2.3" as 20.2.0.3; here that host is a name, read by inet_aton's
// rules with hex: every part but the last below 256).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::crawl {

/// How a SURT key is written.
enum class surt_format : std::uint8_t {
    /// The Internet Archive's key (surt.surt() of the surt package, Java's WaybackURLKeyMaker): the URL
    /// canonicalized (the Google stage, then the IA stage), then "host,reversed)" + path + query. The options below
    /// apply.
    ia,
    /// Heritrix's SURT.fromURI (crawl scopes): no canonicalization; "scheme://(" + each host label in reverse order
    /// followed by "," + ":port" + "@userinfo" + ")" + the rest, lowercased; a string that is not
    /// "scheme://[userinfo@]host[:port][/rest]" without white space comes back unchanged. The options do not apply.
    heritrix,
};

/// The options of surt(), with the surt package's defaults.
struct surt_options {
    bool with_scheme = false;     ///< "http://(org,archive)/" instead of "org,archive)/"
    bool trailing_comma = false;  ///< "org,archive,)/": a comma after the reversed host (an IP address's too)
    bool reverse_ipaddr = true;   ///< false: a host of four 1-3 digit numbers is written as it is ("192.168.1.254)")
    bool host_massage = true;     ///< drop a leading "www" + digits + "." ("www12.foo.com" -> "foo.com")
    surt_format format = surt_format::ia;
};

/// The SURT key of `url`. Special inputs, as the surt package: empty (or only white space) gives "-"; a string that
/// begins with "filedesc" is returned unchanged; a URL without a host ("mailto:a@b", "dns:archive.org",
/// "warcinfo:x") is written scheme ":" then its canonicalized path and query.
[[nodiscard]] result<std::string> surt(std::string_view url, const surt_options& options = {});
/// As surt(), appending the key to `out` and returning its length; `out` is left as it was on an error. No
/// allocation once `out` and the thread's scratch space have grown to the longest key (but for a host IDNA maps).
[[nodiscard]] result<std::size_t> append_surt(std::string& out, std::string_view url, const surt_options& options = {});

/// The canonicalizers canonicalize() offers.
enum class canon_profile : std::uint8_t {
    /// Google Safe Browsing (v4 "URLs and Hashing", "Canonicalization"): scheme://host/path?query, fragment removed,
    /// percent-escapes decoded repeatedly, host dots, IPv4 in any form as a dotted quad, IDN A-labels, dot segments
    /// and repeated "/" resolved, then bytes <= 0x20, >= 0x7F, "#" and "%" escaped. The port is dropped.
    safe_browsing,
    /// The Internet Archive's default canonicalizer: the Google stage, then the IA stage (the SURT key's canonical
    /// URL, written as a URL: "http://www34.archive.org/index.html?b=a&a=b" -> "http://archive.org/index.html?a=b&b=a").
    ia,
    /// The IA stage alone on the leniently parsed URL: no decoding and no dot handling; the fragment kept.
    ia_only,
};

/// The options of canonicalize().
struct canonicalize_options {
    canon_profile profile = canon_profile::safe_browsing;
    /// safe_browsing: keep the port as written (the older v2 text and the IA "google" canonicalizers keep it);
    /// v4 drops it. The IA profiles keep a port unless it is the scheme's default (http 80, https 443).
    bool keep_port = false;
    /// ia, ia_only: the IA stage's "www" + digits + "." removal (as surt_options::host_massage).
    bool host_massage = true;
};

/// The canonical form of `url` under the profile.
[[nodiscard]] result<std::string> canonicalize(std::string_view url, const canonicalize_options& options = {});
/// As canonicalize(), appending to `out` and returning the length appended; `out` is left as it was on an error.
[[nodiscard]] result<std::size_t> append_canonicalized(std::string& out, std::string_view url,
                                                       const canonicalize_options& options = {});

/// The profile named "safe-browsing", "ia" or "ia-only", or false.
[[nodiscard]] bool find_canon_profile(std::string_view name, canon_profile& profile) noexcept;

}  // namespace iri::crawl
IRI_API_END
