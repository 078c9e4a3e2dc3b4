#define BOOST_TEST_MODULE reference
#include <boost/test/unit_test.hpp>

#include "iri/reference.hpp"
#include "iri/extract.hpp"
#include "iri/split.hpp"

#include <array>
#include <random>
#include <string>
#include <vector>

#include "support/datasets.hpp"
#include "support/printing.hpp"

namespace {

iri::reference_view view(std::string_view s, iri::grammar g = iri::grammar::iri) {
    auto r = iri::reference_view::parse(s, g);
    if (!r) BOOST_FAIL(std::string(s) << ": " << r.error().message());
    return *r;
}

std::vector<std::string> segments(std::string_view path) {
    std::vector<std::string> out;
    for (std::string_view s : iri::segments_view(path)) out.emplace_back(s);
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(components_of_the_rfc3986_section_3_example) {
    // RFC 3986 §3: foo://example.com:8042/over/there?name=ferret#nose
    auto r = view("foo://example.com:8042/over/there?name=ferret#nose");
    BOOST_TEST(r.scheme() == "foo");
    BOOST_TEST(r.authority() == "example.com:8042");
    BOOST_TEST(!r.has_userinfo());
    BOOST_TEST(r.host() == "example.com");
    BOOST_TEST((r.host_kind() == iri::host_kind::reg_name));
    BOOST_TEST(r.port() == "8042");
    BOOST_TEST((r.port_status() == iri::port_status::in_range));
    BOOST_TEST(r.port_number() == 8042u);
    BOOST_TEST(r.path() == "/over/there");
    BOOST_TEST(r.query() == "name=ferret");
    BOOST_TEST(r.fragment() == "nose");
    BOOST_TEST(!r.is_relative());
}

BOOST_AUTO_TEST_CASE(undefined_and_empty_are_distinct) {
    // RFC 3986 §5.3.
    BOOST_TEST(view("http://a?").has_query());
    BOOST_TEST(view("http://a?").query() == "");
    BOOST_TEST(!view("http://a").has_query());
    BOOST_TEST(view("http://@a").has_userinfo());
    BOOST_TEST(view("http://@a").userinfo() == "");
    BOOST_TEST(!view("http://a").has_userinfo());
    BOOST_TEST(view("http://a:").has_port());
    BOOST_TEST((view("http://a:").port_status() == iri::port_status::empty));
    BOOST_TEST((view("http://a").port_status() == iri::port_status::absent));
    BOOST_TEST(view("http://a#").has_fragment());
    BOOST_TEST(!view("http://a").has_fragment());
    BOOST_TEST(view("file:///x").has_authority());
    BOOST_TEST(view("file:///x").authority() == "");
    BOOST_TEST(!view("file:/x").has_authority());
    BOOST_TEST(view("").path() == "");
    BOOST_TEST(iri::reference_view().str() == "");
    BOOST_TEST(iri::reference_view().offsets().has(iri::component::path));
}

BOOST_AUTO_TEST_CASE(user_and_password_split_at_the_first_colon) {
    // RFC 3986 §3.2.1: "user:password" (deprecated, still parsed).
    auto r = view("ftp://anne:se:cret@host/");
    BOOST_TEST(r.user() == "anne");
    BOOST_TEST(r.password() == "se:cret");
    BOOST_TEST(r.has_password());
    BOOST_TEST(view("ftp://anne@host/").user() == "anne");
    BOOST_TEST(!view("ftp://anne@host/").has_password());
    BOOST_TEST(view("ftp://anne:@host/").has_password());
    BOOST_TEST(view("ftp://anne:@host/").password() == "");
}

BOOST_AUTO_TEST_CASE(host_kinds_and_addresses) {
    auto v4 = view("http://192.0.2.16:80/");
    BOOST_TEST((v4.host_kind() == iri::host_kind::ipv4));
    BOOST_TEST((v4.ipv4_address() == std::array<std::uint8_t, 4>{192, 0, 2, 16}));
    BOOST_TEST(!v4.ipv6_address().has_value());
    // RFC 3986 §3.2.2's IPv6 examples.
    auto v6 = view("ldap://[2001:db8::7]/c=GB?one");
    BOOST_TEST((v6.host_kind() == iri::host_kind::ipv6));
    BOOST_TEST(v6.host() == "[2001:db8::7]");
    BOOST_TEST((v6.ipv6_address() ==
                std::array<std::uint8_t, 16>{0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}));
    auto mapped = view("http://[::ffff:192.0.2.1]/");
    BOOST_TEST((mapped.ipv6_address() ==
                std::array<std::uint8_t, 16>{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 1}));
    BOOST_TEST(!mapped.ipv4_address().has_value());  // the IPv4 tail of an IPv6 literal is not the host
    auto future = view("http://[v7.fe80::a+en1]/");
    BOOST_TEST((future.host_kind() == iri::host_kind::ipvfuture));
    BOOST_TEST(!future.ipv6_address().has_value());
    // 256 is not a dec-octet: the host is a reg-name (RFC 3986 §3.2.2).
    BOOST_TEST((view("http://256.0.0.1/").host_kind() == iri::host_kind::reg_name));
    BOOST_TEST(!view("http://256.0.0.1/").ipv4_address().has_value());
    BOOST_TEST((view("mailto:x").host_kind() == iri::host_kind::none));
}

BOOST_AUTO_TEST_CASE(port_numbers) {
    BOOST_TEST(view("http://a:0/").port_number() == 0u);
    BOOST_TEST(view("http://a:65535/").port_number() == 65535u);
    BOOST_TEST(view("http://a:00080/").port_number() == 80u);  // leading zeros keep the value
    BOOST_TEST((view("http://a:65536/").port_status() == iri::port_status::out_of_range));
    BOOST_TEST(view("http://a:65536/").port_number() == 0u);  // never wrapped to 0 by arithmetic: reported
    BOOST_TEST((view("http://a:99999999999999999999/").port_status() == iri::port_status::out_of_range));
    BOOST_TEST((view("http://a:000000000000000000001/").port_status() == iri::port_status::in_range));
    BOOST_TEST(view("http://a:000000000000000000001/").port_number() == 1u);
}

BOOST_AUTO_TEST_CASE(path_segments_follow_the_grammar) {
    // RFC 3986 §3.3: path-abempty = *( "/" segment ), path-rootless = segment-nz *( "/" segment ).
    BOOST_TEST(segments("").empty());
    BOOST_TEST((segments("/") == std::vector<std::string>{""}));
    BOOST_TEST((segments("/a/b") == std::vector<std::string>{"a", "b"}));
    BOOST_TEST((segments("/a/b/") == std::vector<std::string>{"a", "b", ""}));
    BOOST_TEST((segments("a/b") == std::vector<std::string>{"a", "b"}));
    BOOST_TEST((segments("//a") == std::vector<std::string>{"", "a"}));
    BOOST_TEST(iri::segments_view("/a/b/").size() == 3u);
    BOOST_TEST(iri::segments_view("a").size() == 1u);
    BOOST_TEST(iri::segments_view("/").size() == 1u);
    BOOST_TEST(iri::segments_view("").size() == 0u);
    BOOST_TEST((segments(view("http://例え.jp/引き/割り").path()) == std::vector<std::string>{"引き", "割り"}));
}

BOOST_AUTO_TEST_CASE(owning_reference) {
    auto r = iri::reference::parse("https://user@例え.jp:8080/a?q#f");
    BOOST_TEST_REQUIRE(r.has_value());
    iri::reference copy = *r;
    iri::reference moved = std::move(*r);
    BOOST_TEST(copy.host() == "例え.jp");
    BOOST_TEST(moved.host() == "例え.jp");
    BOOST_TEST(moved.port_number() == 8080u);
    BOOST_TEST(copy == moved);  // simple string comparison
    BOOST_TEST(!(copy == *iri::reference::parse("HTTPS://user@例え.jp:8080/a?q#f")));
    auto bad = iri::reference::parse("http://a b");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().offset == 8u);
    BOOST_TEST(iri::reference().str() == "");
    BOOST_TEST(iri::reference(view("a/b")).path() == "a/b");
    // Short strings live inside the object (small-string storage): offsets, not pointers, survive the move.
    auto small = iri::reference::parse("s:p?q");
    iri::reference m = std::move(*small);
    BOOST_TEST(m.query() == "q");
}

BOOST_AUTO_TEST_CASE(recomposition) {
    BOOST_TEST(iri::recompose({"http", "a", "/b", std::nullopt, ""}) == "http://a/b#");
    BOOST_TEST(iri::recompose({std::nullopt, std::nullopt, "", std::nullopt, std::nullopt}) == "");
    BOOST_TEST(iri::recompose({std::nullopt, "", "", "", std::nullopt}) == "//?");
}

// parse then recompose is byte-identical to the input (RFC 3986 §5.3), over every dataset line that parses.
BOOST_AUTO_TEST_CASE(recomposition_round_trips_over_the_datasets) {
    for (const char* file :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "url-various-datasets/node_files.txt",
          "url-various-datasets/isaacs_files.txt", "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt",
          "derived/psl_idn_suffix_iris.txt"}) {
        std::size_t parsed = 0;
        for (iri::grammar g : {iri::grammar::iri, iri::grammar::uri, iri::grammar::leiri}) {
            for (const std::string& line : iri_test::dataset_lines(file)) {
                auto r = iri::reference_view::parse(line, g);
                if (!r) continue;
                ++parsed;
                if (iri::recompose(r->parts()) != line) BOOST_TEST(iri::recompose(r->parts()) == line);
            }
        }
        BOOST_TEST_MESSAGE(file << ": " << parsed << " parses recomposed");
        BOOST_TEST(parsed > 0u);
    }
}

BOOST_AUTO_TEST_CASE(names_of_host_kinds_severities_and_delimiters) {
    // A host kind is named by its ABNF rule (RFC 3986 §3.2.2).
    BOOST_TEST(std::string_view(iri::name(iri::host_kind::reg_name)) == "reg-name");
    BOOST_TEST(std::string_view(iri::name(iri::host_kind::ipv4)) == "IPv4address");
    BOOST_TEST(std::string_view(iri::name(iri::host_kind::ipv6)) == "IPv6address");
    BOOST_TEST(std::string_view(iri::name(iri::host_kind::ipvfuture)) == "IPvFuture");
    BOOST_TEST(std::string_view(iri::name(iri::host_kind::none)) == "none");
    BOOST_TEST(std::string_view(iri::name(iri::severity::warning)) == "warning");
    BOOST_TEST(std::string_view(iri::name(iri::delimiter::angle_brackets)) == "angle_brackets");
}

namespace {

// A component of iri::split as text, or "undefined".
std::string part(std::string_view s, const iri::components& c, iri::component k) {
    return c.has(k) ? std::string(s.substr(c[k].begin, c[k].end - c[k].begin)) : "undefined";
}

// The components split.hpp says iri::split finds, in the order of `split_components`: the groups 2, 4, 5, 7 and 9
// of RFC 3986 Appendix B's expression
//     ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
// read off it one group after the other with the string's own searches, and the authority's parts: the userinfo
// before its first "@", then a host that is "[...]" up to its first "]" (or to the authority's end), else up to its
// first ":", and the port after that ":". "undefined" for a part that is not there (no string of the test's
// alphabet spells it).
constexpr iri::component split_components[] = {
    iri::component::scheme, iri::component::authority, iri::component::userinfo, iri::component::host,
    iri::component::port,   iri::component::path,      iri::component::query,    iri::component::fragment};

std::array<std::string, 8> appendix_b_parts(std::string_view s) {
    std::array<std::string, 8> g;
    g.fill("undefined");
    std::string &scheme = g[0], &authority = g[1], &userinfo = g[2], &host = g[3], &port = g[4], &path = g[5],
                &query = g[6], &fragment = g[7];
    const auto upto = [&](std::size_t from, std::string_view stops) {
        return std::min(s.find_first_of(stops, from), s.size());
    };
    std::size_t i = 0;
    if (const std::size_t colon = upto(0, ":/?#"); colon > 0 && colon < s.size() && s[colon] == ':') {
        scheme = s.substr(0, colon);  // ([^:/?#]+): at least one character, then ":"
        i = colon + 1;
    }
    if (s.substr(i).starts_with("//")) {
        const std::size_t end = upto(i + 2, "/?#");
        std::string_view rest = s.substr(i + 2, end - i - 2);
        authority = rest;
        i = end;
        if (const auto at = rest.find('@'); at != std::string_view::npos) {
            userinfo = rest.substr(0, at);
            rest = rest.substr(at + 1);
        }
        const std::size_t close = rest.find(']');
        const std::size_t host_end = rest.starts_with('[') ? (close == std::string_view::npos ? rest.size() : close + 1)
                                                           : std::min(rest.find(':'), rest.size());
        host = rest.substr(0, host_end);
        if (host_end < rest.size() && rest[host_end] == ':') port = rest.substr(host_end + 1);
    }
    const std::size_t path_end = upto(i, "?#");
    path = s.substr(i, path_end - i);
    i = path_end;
    if (i < s.size() && s[i] == '?') {
        const std::size_t end = upto(i + 1, "#");
        query = s.substr(i + 1, end - i - 1);
        i = end;
    }
    if (i < s.size() && s[i] == '#') fragment = s.substr(i + 1);
    return g;
}

}  // namespace

BOOST_AUTO_TEST_CASE(split_by_the_rfc3986_appendix_b_expression) {
    // RFC 3986 Appendix B's own example.
    const std::string_view s = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    const iri::components c = iri::split(s);
    BOOST_TEST(part(s, c, iri::component::scheme) == "http");
    BOOST_TEST(part(s, c, iri::component::authority) == "www.ics.uci.edu");
    BOOST_TEST(part(s, c, iri::component::path) == "/pub/ietf/uri/");
    BOOST_TEST(part(s, c, iri::component::query) == "undefined");
    BOOST_TEST(part(s, c, iri::component::fragment) == "Related");
    // split.hpp's example, and the authority's parts.
    BOOST_TEST((iri::split("http://a b/c")[iri::component::host] == iri::span{7, 10}));
    const std::string_view a = "s://u:p@[v1.x:y]:80?q";
    const iri::components ca = iri::split(a);
    BOOST_TEST(part(a, ca, iri::component::userinfo) == "u:p");
    BOOST_TEST(part(a, ca, iri::component::host) == "[v1.x:y]");
    BOOST_TEST(part(a, ca, iri::component::port) == "80");
    BOOST_TEST(part(a, ca, iri::component::path) == "");
    BOOST_TEST(part(a, ca, iri::component::query) == "q");
}

// appendix_b_parts against iri::split on strings of the delimiters and a letter, of every length up to 80: the
// delimiters fall on each side of split's sixteen-octet blocks. Each part is there in a thousand strings or more,
// so that every one of them is compared.
BOOST_AUTO_TEST_CASE(split_agrees_with_the_appendix_b_expression) {
    const std::string alphabet = ":/?#@[]a";
    std::mt19937 random(3986);
    std::array<std::size_t, 8> present{};
    for (std::size_t length = 0; length <= 80; ++length) {
        for (int k = 0; k < 300; ++k) {
            std::string s(length, 'a');
            for (char& ch : s)
                if (random() % 4 == 0) ch = alphabet[random() % alphabet.size()];
            if (random() % 2 == 0 && length >= 4) s.replace(0, 4, "s://");
            const std::array<std::string, 8> expected = appendix_b_parts(s);
            const iri::components c = iri::split(s);
            for (std::size_t i = 0; i < expected.size(); ++i) {
                BOOST_TEST(part(s, c, split_components[i]) == expected[i], iri::name(split_components[i])
                                                                               << " of " << s);
                present[i] += expected[i] != "undefined";
            }
        }
    }
    for (std::size_t i = 0; i < present.size(); ++i) BOOST_TEST(present[i] > 1000u, iri::name(split_components[i]));
}
