#define BOOST_TEST_MODULE crawl_keys
#include <boost/test/unit_test.hpp>

#include "iri/crawl_keys.hpp"

#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "crawl/ia_canon.hpp"
#include "text/ip_address.hpp"

// The peers' published cases are in tests/crawl/ (README there: where each file comes from, its license).
namespace {

namespace crawl = iri::crawl;
namespace detail = iri::crawl::detail;

boost::json::value crawl_json(const std::string& name) {
    const std::string path = std::string(IRI_SOURCE_DIR) + "/tests/crawl/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream text;
    text << in.rdbuf();
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text.str(), ec);
    BOOST_REQUIRE_MESSAGE(!ec, path << " is not JSON: " << ec.message());
    return v;
}

std::optional<std::string> json_string(const boost::json::value& v) {
    if (v.is_null()) return std::nullopt;
    return std::string(v.as_string().data(), v.as_string().size());
}

// A case's input: "input" (null: Python's None), or "input_hex" for bytes that are not UTF-8.
std::optional<std::string> case_input(const boost::json::object& c) {
    if (const auto* h = c.if_contains("input_hex")) {
        const std::string hex = *json_string(*h);
        std::string bytes;
        for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
            bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
        return bytes;
    }
    return json_string(c.at("input"));
}

bool option(const boost::json::object& c, const char* name, bool otherwise) {
    if (const auto* o = c.if_contains("options"))
        if (const auto* v = o->as_object().if_contains(name)) return v->as_bool();
    return otherwise;
}

// The error's message, or "" (a message argument is evaluated whether the check passes or not).
template <class T>
std::string why(const iri::result<T>& r) {
    return r.has_value() ? std::string() : r.error().message();
}

std::string must(const iri::result<std::string>& r) {
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
    return *r;
}

std::string ip_text(const std::optional<std::array<std::uint8_t, 4>>& a) {
    std::string s;
    iri::detail::append_ipv4_text(s, *a);
    return s;
}

std::optional<std::string> ip_text(const std::optional<std::uint32_t>& v) {
    if (!v) return std::nullopt;
    return ip_text(std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(*v >> 24), static_cast<std::uint8_t>(*v >> 16),
                                               static_cast<std::uint8_t>(*v >> 8), static_cast<std::uint8_t>(*v)});
}

// The IA pipeline's writer on one input with the stages the surt package's test calls, as a URL or a SURT key.
std::string written(const std::string& in, const detail::ia_writing& how) {
    std::string storage;
    detail::ia_parts u;
    const auto e = detail::parse_ia(detail::cleaned(in, storage), u);
    BOOST_REQUIRE_MESSAGE(!e, in << ": " << (e ? e->message() : ""));
    std::string out;
    detail::write_ia(out, u, how);
    return out;
}

// What our implementation gives for a case of tests/crawl/surt_test_surt.json, or a reason it does not apply.
struct surt_outcome {
    std::optional<std::string> value;
    const char* not_applicable = nullptr;
};

surt_outcome run_surt_case(const boost::json::object& c) {
    const std::string kind = *json_string(c.at("kind"));
    const std::optional<std::string> in = case_input(c);
    if (c.contains("options") && (c.at("options").as_object().contains("query_lowercase")))
        return {{}, "query_lowercase=False: an IAURLCanonicalizer option this library does not offer"};
    if (kind == "surt") {  // surt(None) and surt('') are both the absent URL
        const crawl::surt_options o{.with_scheme = option(c, "with_scheme", false),
                                    .trailing_comma = option(c, "trailing_comma", false),
                                    .reverse_ipaddr = option(c, "reverse_ipaddr", true),
                                    .host_massage = option(c, "host_massage", true)};
        return {must(crawl::surt(in.value_or(""), o))};
    }
    if (!in) return {{}, "an argument of None: C++ has no None"};
    if (kind == "default_port") return {{}, "getDefaultPort: a step inside the IA stage, not a function of its own"};
    if (kind == "surt_uncanonicalized")  // surt() with an identity canonicalizer: the format alone
        return {written(*in, {.google = false, .ia = false, .surt = true})};
    if (kind == "handyurl_parse" || kind == "google" || kind == "ia")  // handyurl.geturl after the stage named
        return {written(*in, {.google = kind == "google", .ia = kind == "ia"})};
    if (kind == "default_ia") return {must(crawl::canonicalize(*in, {.profile = crawl::canon_profile::ia}))};
    if (kind == "attempt_ip_formats") {
        const auto ip = detail::attempt_ip_formats(*in);
        return {ip ? std::optional<std::string>(ip_text(ip)) : std::nullopt};
    }
    std::string out;
    if (kind == "unescape_repeatedly") {
        detail::append_unescaped_repeatedly(out, *in);
    } else if (kind == "alpha_reorder_query") {
        out = *in;
        detail::alpha_reorder_query(out);
    } else if (kind == "massage_host") {
        out = in->substr(detail::massage_host_prefix(*in));
    } else if (kind == "strip_path_session_id") {
        out = *in;
        detail::strip_path_session_id(out);
    } else if (kind == "strip_query_session_id") {
        out = *in;
        detail::strip_query_session_id(out);
    } else if (kind == "host_to_surt") {
        detail::append_host_surt(out, *in, option(c, "reverse_ipaddr", true));
    } else {
        BOOST_FAIL("unknown kind " << kind);
    }
    return {out};
}

}  // namespace

// internetarchive/surt tests/test_surt.py, every assertion about a function this library has. The ones that do not
// apply are counted by reason; a case the package itself marks xfail must still differ (its expected value is the
// fix the package has not made, and this library keeps the package's behaviour).
BOOST_AUTO_TEST_CASE(surt_package_tests) {
    const boost::json::array cases = crawl_json("surt_test_surt.json").as_array();
    std::size_t agree = 0, xfail = 0;
    std::map<std::string, std::size_t> not_applicable;
    for (const boost::json::value& v : cases) {
        const boost::json::object& c = v.as_object();
        const surt_outcome got = run_surt_case(c);
        if (got.not_applicable) {
            ++not_applicable[got.not_applicable];
            continue;
        }
        const std::optional<std::string> expected = json_string(c.at("expected"));
        const std::string in = case_input(c).value_or("<None>");
        if (c.contains("peer_xfail")) {
            BOOST_TEST((got.value != expected), in << ": agrees with the package's xfail case");
            ++xfail;
            continue;
        }
        BOOST_TEST((got.value == expected), *json_string(c.at("kind"))
                                                << "(" << in << ") = " << got.value.value_or("<None>") << ", expected "
                                                << expected.value_or("<None>"));
        agree += got.value == expected;
    }
    std::size_t na = 0;
    for (const auto& [reason, n] : not_applicable) {
        BOOST_TEST_MESSAGE(n << " not applicable: " << reason);
        na += n;
    }
    BOOST_TEST_MESSAGE(agree << " of " << cases.size() << " surt package cases agree, " << xfail << " xfail, " << na
                             << " not applicable");
    BOOST_TEST(cases.size() == 198u);
    BOOST_TEST(na == 7u);  // 2 query_lowercase=False, 2 None arguments, 3 getDefaultPort (README)
    BOOST_TEST(xfail == 1u);
    BOOST_TEST(agree == cases.size() - na - xfail);
}

// The Safe Browsing v4 "URLs and Hashing" document's canonicalization examples: every one.
BOOST_AUTO_TEST_CASE(safe_browsing_v4_examples) {
    const boost::json::array cases = crawl_json("safe_browsing_v4.json").as_array();
    std::size_t agree = 0;
    for (const boost::json::value& v : cases) {
        const boost::json::object& c = v.as_object();
        const std::string in = *case_input(c);
        const std::string expected = *json_string(c.at("expected"));
        const auto got = crawl::canonicalize(in);
        BOOST_TEST_REQUIRE(got.has_value(), in << ": " << why(got));
        BOOST_TEST(*got == expected, in);
        agree += *got == expected;
        // Canonicalization is idempotent.
        BOOST_TEST(must(crawl::canonicalize(*got)) == *got);
    }
    BOOST_TEST(cases.size() == 33u);
    BOOST_TEST_MESSAGE(agree << " of " << cases.size() << " Safe Browsing v4 examples agree");
}

namespace {

// The Go client's canonicalURL without our query (it keeps scheme://host/path only).
std::string without_query(std::string s) {
    const std::size_t q = s.find('?');
    return q == std::string::npos ? s : s.substr(0, q);
}

// Lowercase hex in each "%HH" (the Go client's escape).
std::string lower_hex(std::string s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i)
        if (s[i] == '%')
            for (std::size_t k = i + 1; k <= i + 2; ++k)
                if (s[k] >= 'A' && s[k] <= 'F') s[k] = static_cast<char>(s[k] - 'A' + 'a');
    return s;
}

}  // namespace

// google/safebrowsing urls_test.go (TestCanonicalURL, TestParseIPAddress). Where its client departs from the v4
// document the difference is the documented one (tests/crawl/README.md): it drops the query, and escapes with lowercase
// hex; its IP parser masks the parts before the last to a byte and takes "a.b.c.d junk". The test checks that each
// difference is exactly that one.
BOOST_AUTO_TEST_CASE(safe_browsing_go_client_tests) {
    const boost::json::array cases = crawl_json("safebrowsing_go_urls_test.json").as_array();
    std::size_t agree = 0, query_dropped = 0, hex_case = 0, ip_differs = 0, failures = 0;
    for (const boost::json::value& v : cases) {
        const boost::json::object& c = v.as_object();
        const std::string in = *case_input(c);
        const std::optional<std::string> expected = json_string(c.at("expected"));
        if (*json_string(c.at("kind")) == "parse_ip_address") {
            const auto got = ip_text(detail::inet_aton(in, true));
            if (got == expected) {
                ++agree;
            } else {  // "276.2.3" (masked) and "10.192.95.89 xy" (junk): not an IPv4 address here
                BOOST_TEST((in == "276.2.3" || in == "10.192.95.89 xy"), in);
                BOOST_TEST(!got.has_value(), in);
                ++ip_differs;
            }
            continue;
        }
        const auto got = crawl::canonicalize(in);
        if (!expected) {
            BOOST_TEST(!got.has_value(), in << " should fail");
            failures += !got.has_value();
            continue;
        }
        BOOST_TEST_REQUIRE(got.has_value(), in << ": " << why(got));
        if (*got == *expected) {
            ++agree;
        } else if (without_query(*got) == *expected) {
            ++query_dropped;
        } else {
            BOOST_TEST(lower_hex(*got) == *expected, in << ": " << *got);
            ++hex_case;
        }
    }
    BOOST_TEST_MESSAGE(agree << " agree, " << failures << " fail as expected, " << query_dropped
                             << " differ only by the query, " << hex_case << " only by hex case, " << ip_differs
                             << " IPv4 readings differ");
    BOOST_TEST(query_dropped == 5u);
    BOOST_TEST(hex_case == 1u);
    BOOST_TEST(ip_differs == 2u);
    BOOST_TEST(failures == 15u);
}

// The surt package's behaviour where its tests say nothing: the choices include/iri/crawl_keys.hpp names.
BOOST_AUTO_TEST_CASE(surt_spec_examples) {
    BOOST_TEST(must(crawl::surt("http://www.archive.org/goo/?a=2&b&a=1")) == "org,archive)/goo?a=1&a=2&b");
    BOOST_TEST(must(crawl::surt("whois://whois.isoc.org.il/shaveh.co.il")) == "il,org,isoc,whois)/shaveh.co.il");
    BOOST_TEST(must(crawl::surt("http://[2600:1f18::1]/robots.txt")) == "2600:1f18::1)/robots.txt");
    BOOST_TEST(must(crawl::surt("dns:alexa.com")) == "dns:alexa.com");  // the Python library's choice
    BOOST_TEST(must(crawl::surt("")) == "-");
    BOOST_TEST(must(crawl::surt(" \t\r\n ")) == "-");  // blank: the absent URL (the package fails here)
    BOOST_TEST(must(crawl::surt("filedesc:anything at all")) == "filedesc:anything at all");
    // Python's IPv4 reading: 10.0.258 is 10.0.1.2, 017.0.0.1 is octal, a large number keeps its low 32 bits.
    BOOST_TEST(must(crawl::surt("http://10.0.258/")) == "2,1,0,10)/");
    BOOST_TEST(must(crawl::surt("http://017.0.0.1/", {.reverse_ipaddr = false})) == "15.0.0.1)/");
    BOOST_TEST(must(crawl::surt("http://39024579298/", {.reverse_ipaddr = false})) == "22.11.210.226)/");
    // Python replaces each ".." pair once: a...b -> a..b.
    BOOST_TEST(must(crawl::surt("http://a...b/")) == "b,,a)/");
    // Repeated http(s):// prefixes: the last one.
    BOOST_TEST(must(crawl::surt("http://https://x.org/", {.with_scheme = true})) == "https://(org,x)/");
    // Query sort: empty parameters kept; no "=" before any value.
    BOOST_TEST(must(crawl::surt("http://a.org/?a=1&")) == "org,a)/?&a=1");
    BOOST_TEST(must(crawl::surt("http://a.org/?b&a=&a")) == "org,a)/?a&a=&b");
    // A session id cut with the "&" after it: "?one=two&" keeps its "&" before the id.
    BOOST_TEST(must(crawl::surt("http://a.org/x?one=two&jsessionid=0123456789abcdefghijklemopqrstuv")) ==
               "org,a)/x?&one=two");
    // Trailing comma after an IP host too (master); the port before it (Python).
    BOOST_TEST(must(crawl::surt("http://1.2.3.4:8080/", {.trailing_comma = true})) == "4,3,2,1:8080,)/");
    // Userinfo is dropped, the default port too, the scheme's case kept.
    BOOST_TEST(must(crawl::surt("HTTPS://u:p@Example.COM:443/A", {.with_scheme = true})) == "HTTPS://(com,example)/a");
}

BOOST_AUTO_TEST_CASE(heritrix_format) {
    const crawl::surt_options h{.format = crawl::surt_format::heritrix};
    // Heritrix's SURT.fromURI: "scheme://(" reversed labels each with ",", ":port", "@userinfo", ")".
    BOOST_TEST(must(crawl::surt("http://user:pass@www.archive.org:8080/a", h)) ==
               "http://(org,archive,www,:8080@user:pass)/a");
    BOOST_TEST(must(crawl::surt("http://www.Archive.org/Path?Q#F", h)) == "http://(org,archive,www,)/path?q#f");
    BOOST_TEST(must(crawl::surt("http://192.168.1.254/info/", h)) == "http://(192.168.1.254)/info/");
    BOOST_TEST(must(crawl::surt("mailto:a@b.org", h)) == "mailto:a@b.org");    // not scheme://
    BOOST_TEST(must(crawl::surt("http://a b.org/", h)) == "http://a b.org/");  // white space
    BOOST_TEST(must(crawl::surt("http://", h)) == "http://");                  // no host
}

BOOST_AUTO_TEST_CASE(canonicalize_profiles) {
    using crawl::canon_profile;
    BOOST_TEST(
        must(crawl::canonicalize("http://www34.archive.org/index.html?b=a&b=b&a=b", {.profile = canon_profile::ia})) ==
        "http://archive.org/index.html?a=b&b=a&b=b");
    // ia_only: no decoding, no dot handling, the fragment kept.
    BOOST_TEST(must(crawl::canonicalize("http://WWW.A.org/X/%41/../?B=1#Frag", {.profile = canon_profile::ia_only})) ==
               "http://a.org/x/%41/..?b=1#Frag");
    BOOST_TEST(must(crawl::canonicalize("http://www.gotaport.com:1234/", {.keep_port = true})) ==
               "http://www.gotaport.com:1234/");
    crawl::canon_profile p{};
    BOOST_TEST(crawl::find_canon_profile("ia-only", p));
    BOOST_TEST((p == canon_profile::ia_only));
    BOOST_TEST(!crawl::find_canon_profile("google", p));
}

BOOST_AUTO_TEST_CASE(errors) {
    // A port that is not digits (the package raises ValueError): bad_port at the port.
    const auto a = crawl::surt("http://example.org:8x/");
    BOOST_TEST_REQUIRE(!a.has_value());
    BOOST_TEST((a.error().code == iri::errc::bad_port));
    BOOST_TEST(a.error().offset == 20u);
    const auto b = crawl::surt("1.example.org:7x/");
    BOOST_TEST_REQUIRE(!b.has_value());
    BOOST_TEST((b.error().code == iri::errc::bad_port));
    BOOST_TEST(b.error().offset == 15u);  // in the input, not after the "http://" the parse added
    BOOST_TEST((b.error().character == U'x'));
    // A port is a number (Python's int): leading zeros go, 0 is none, 80 is http's default; one above 65535 is
    // kept as written (the package's Python 2 behaviour; its Python 3 raises).
    BOOST_TEST(must(crawl::surt("http://a.org:0/")) == "org,a)/");
    BOOST_TEST(must(crawl::surt("http://a.org:0080/")) == "org,a)/");
    BOOST_TEST(must(crawl::surt("http://a.org:070000/")) == "org,a:70000)/");
    // Safe Browsing: no authority, no host, a port that is not digits.
    BOOST_TEST((crawl::canonicalize("mailto:x@y.org").error().code == iri::errc::disallowed_character));
    BOOST_TEST((crawl::canonicalize("http:///x").error().code == iri::errc::unexpected_end));
    BOOST_TEST((crawl::canonicalize("http://h:x/").error().code == iri::errc::bad_port));
    // The port follows the first ":", so that no host keeps one and the canonical form reads back as itself.
    BOOST_TEST((crawl::canonicalize("http://a:b:80/x", {.keep_port = true}).error().code == iri::errc::bad_port));
    // Dots: runs made one before IDNA (which refuses an empty label), then A-labels.
    BOOST_TEST(must(crawl::canonicalize("http://.bücher..de./")) == "http://xn--bcher-kva.de/");
    BOOST_TEST(must(crawl::canonicalize("www.google.com:8080/foo.html")) == "http://www.google.com/foo.html");
    BOOST_TEST(
        (crawl::canonicalize(" ", {.profile = crawl::canon_profile::ia}).error().code == iri::errc::unexpected_end));
    // The append forms leave the buffer as it was on an error, and append after what is there.
    std::string out = "key ";
    BOOST_TEST(!crawl::append_surt(out, "http://a:b:c/").has_value());
    BOOST_TEST(out == "key ");
    BOOST_TEST(*crawl::append_surt(out, "http://a.org/") == 7u);
    BOOST_TEST(out == "key org,a)/");
}

// Any bytes: invalid UTF-8, NUL, controls come out escaped; large inputs of the shapes each scan handles take
// linear time (a quadratic scan of these would take minutes).
BOOST_AUTO_TEST_CASE(bad_input_and_linear_time) {
    const char raw[] = "http://a\0b.org/\xff\xfe\0?\x80=\0";
    const std::string nul(raw, sizeof raw - 1);
    BOOST_TEST(must(crawl::surt(nul)) == "org,a%00b)/%ff%fe%00?%80=%00");
    BOOST_TEST(must(crawl::canonicalize(nul)) == "http://a%00b.org/%FF%FE%00?%80=%00");
    BOOST_TEST(must(crawl::surt("http://\xff\xfe.org/")) == "org,%ff%fe)/");
    const std::size_t n = 1 << 21;
    const auto start = std::chrono::steady_clock::now();
    std::string nested = "http://h/";  // "%252525...": decoded one level per pass by a repeated decode
    nested += "%";
    for (std::size_t i = 0; i < n / 2; ++i) nested += "25";
    BOOST_TEST(must(crawl::canonicalize(nested)) == "http://h/%25");
    BOOST_TEST(must(crawl::surt(nested)) == "h)/%25");
    std::string cf = "http://h/?";
    for (std::size_t i = 0; i < n / 5; ++i) cf += "cfid=";
    BOOST_TEST(must(crawl::surt(cf)) == "h)/?" + cf.substr(10));  // no "&cftoken=": nothing cut
    std::string segments;
    for (std::size_t i = 0; i < n / 28; ++i) segments += "/(abcdefghijklmnopqrstuvwx)";
    // Only the last session segment before the ".aspx" is removed (the pattern's greedy "(.*/)").
    BOOST_TEST(must(crawl::surt("http://h" + segments + "/a.aspx")) == "h)" + segments.substr(27) + "/a.aspx");
    std::string dots = "http://";
    for (std::size_t i = 0; i < n / 2; ++i) dots += "a.";
    BOOST_TEST(must(crawl::surt(dots + "/")).size() == dots.size() - 7 - 1 + 2);
    std::string slashes = "http://h";
    for (std::size_t i = 0; i < 700000; ++i) slashes += "/..";
    BOOST_TEST(must(crawl::canonicalize(slashes)) == "http://h/");
    // normalizePath keeps a leading ".." and lets the next ".." remove it: an even number leaves nothing.
    BOOST_TEST(must(crawl::surt(slashes)) == "h)/");
    std::string heritrix = "http://h";
    for (std::size_t i = 0; i < n / 2; ++i) heritrix += ":1";
    // The last ":1" is the port; the host is one label: "http://(" host ",:1)".
    BOOST_TEST(must(crawl::surt(heritrix, {.format = crawl::surt_format::heritrix})) ==
               "http://(" + heritrix.substr(7, heritrix.size() - 9) + ",:1)");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    BOOST_TEST(seconds < 20.0);
}
