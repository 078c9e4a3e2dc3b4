// The web stage over the bundled datasets (datasets/README.md): an absolute http(s) URI (RFC 3986) in which the URL
// Standard rewrites nothing is its own href. What the Standard would rewrite is reasoned here from its text, with
// the RFC parser (iri::reference_view) telling the components, never from the web stage itself:
//  - §4.4 scheme state: the scheme is lowercased, so only "http" and "https" as written;
//  - §4.4 authority state: credentials are kept but the test leaves userinfo out (its percent-encode set, §1.3,
//    encodes sub-delims such as ";" and "=" that RFC 3986 allows);
//  - §3.5 host parser: a domain is percent-decoded, lowercased (domain to ASCII, §3.3: an ASCII domain with no
//    "xn--" label is lowercased) and, when it ends in a number, read as IPv4; IP literals are serialized anew (§3.6);
//  - §4.4 port state: an empty port, leading zeros, a port above 65535 and the scheme's default port are rewritten
//    or refused;
//  - §4.4 path start state: an empty path becomes "/"; path state: "." and ".." segments, also as "%2e", are
//    removed; the path percent-encode set holds nothing RFC 3986 allows in a path;
//  - §4.4 query state: the special-query percent-encode set encodes "'" (RFC 3986 allows it in a query); the
//    fragment percent-encode set holds nothing RFC 3986 allows in a fragment.
#define BOOST_TEST_MODULE web_datasets
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "iri/reference.hpp"
#include "iri/web.hpp"
#include "support/datasets.hpp"

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        const char c = s[i] >= 'A' && s[i] <= 'Z' ? static_cast<char>(s[i] - 'A' + 'a') : s[i];
        if (c != prefix[i]) return false;
    }
    return true;
}

// §3.5 ends-in-a-number checker, as its text reads: the last label (after one final empty label is dropped) is
// all ASCII digits, or "0x"/"0X" followed by hex digits.
bool ends_in_a_number(std::string_view host) {
    if (!host.empty() && host.back() == '.') host.remove_suffix(1);
    const std::size_t dot = host.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? host : host.substr(dot + 1);
    if (last.empty()) return false;
    bool digits = true;
    for (char c : last) digits = digits && is_digit(c);
    if (digits) return true;
    if (!starts_with_nocase(last, "0x")) return false;
    for (char c : last.substr(2))
        if (!is_hex(c)) return false;
    return true;
}

// A "." or ".." segment (§4.4's single-dot and double-dot URL path segments, "%2e" in either case).
bool has_dot_segment(std::string_view path) {
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        const std::string_view seg = path.substr(start, end - start);
        for (std::string_view dot : {".", "%2e"}) {
            if (seg.size() == dot.size() && starts_with_nocase(seg, dot)) return true;
            for (std::string_view dot2 : {".", "%2e"})
                if (seg.size() == dot.size() + dot2.size() && starts_with_nocase(seg, dot) &&
                    starts_with_nocase(seg.substr(dot.size()), dot2))
                    return true;
        }
        start = end + 1;
    }
    return false;
}

// Whether the Standard, by the reasoning at the top of this file, leaves `line` as it is.
bool unchanged_by_the_standard(std::string_view line) {
    auto r = iri::reference_view::parse(line, iri::grammar::uri);
    if (!r || !r->has_scheme() || !r->has_authority()) return false;
    const std::string_view scheme = r->scheme();
    if (scheme != "http" && scheme != "https") return false;
    if (r->has_userinfo()) return false;
    const std::string_view host = r->host();
    if (host.empty() || host.front() == '[' || host.find('%') != std::string_view::npos) return false;
    for (char c : host)
        if (c >= 'A' && c <= 'Z') return false;
    if (host.starts_with("xn--") || host.find(".xn--") != std::string_view::npos) return false;
    if (r->host_kind() != iri::host_kind::ipv4 && ends_in_a_number(host)) return false;
    if (r->has_port()) {
        const std::string_view port = r->port();
        if (port.empty() || port.size() > 5 || (port.size() > 1 && port.front() == '0')) return false;
        unsigned long n = 0;
        for (char c : port) n = n * 10 + static_cast<unsigned long>(c - '0');
        if (n > 65535 || (scheme == "http" && n == 80) || (scheme == "https" && n == 443)) return false;
    }
    if (r->path().empty() || has_dot_segment(r->path())) return false;
    if (r->has_query() && r->query().find('\'') != std::string_view::npos) return false;
    return true;
}

void check_lines(const std::vector<std::string>& lines, const char* name) {
    std::size_t taken = 0, same = 0;
    for (const std::string& line : lines) {
        if (!unchanged_by_the_standard(line)) continue;
        ++taken;
        auto u = iri::web::parse(line);
        const bool ok = u && u->href() == line;
        if (!ok && taken - same < 20)  // the first few, to read; the count below fails the test for all of them
            BOOST_TEST(ok, name << ": " << line << " -> " << (u ? std::string(u->href()) : u.error().message()));
        same += ok ? 1 : 0;
    }
    BOOST_TEST_MESSAGE(name << ": " << taken << " of " << lines.size() << " lines taken, " << same
                            << " are their own href");
    BOOST_TEST(taken > 0u);
    BOOST_TEST(same == taken);
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_http_uri_the_standard_leaves_alone_is_its_own_href) {
    check_lines(iri_test::dataset_lines("url-various-datasets/kasztp.txt"), "kasztp");
    check_lines(iri_test::dataset_lines("url-various-datasets/userbait.txt"), "userbait");
    check_lines(iri_test::dataset_lines("derived/zhwiki_uri_100k.txt"), "zhwiki URIs");
    std::vector<std::string> pages;  // the pages; their hrefs are relative references (12 of 10,000 are absolute)
    for (auto& pair : iri_test::cc10k_pairs()) pages.push_back(pair.first);
    check_lines(pages, "cc10k pages");
}

// The reasoning's own pieces, on the Standard's examples.
BOOST_AUTO_TEST_CASE(what_the_standard_rewrites) {
    BOOST_TEST(!unchanged_by_the_standard("HTTP://a/"));               // scheme lowercased
    BOOST_TEST(!unchanged_by_the_standard("http://EXAMPLE.com/"));     // domain lowercased
    BOOST_TEST(!unchanged_by_the_standard("http://example.com"));      // path "/" added
    BOOST_TEST(!unchanged_by_the_standard("http://example.com:80/"));  // default port
    BOOST_TEST(!unchanged_by_the_standard("http://1.2.3/"));           // §3.5: IPv4 "1.2.0.3"
    BOOST_TEST(!unchanged_by_the_standard("http://a/b/./c"));          // dot segment
    BOOST_TEST(!unchanged_by_the_standard("http://a/b/%2E%2e/c"));     // dot segment, encoded
    BOOST_TEST(!unchanged_by_the_standard("http://a/?x='y'"));         // special-query set
    BOOST_TEST(unchanged_by_the_standard("http://example.com:8080/a/b?c=d#e"));
    BOOST_TEST(unchanged_by_the_standard("http://1.2.3.4/"));
}
