// The web stage's three ways to an answer agree: the fast path (src/web/url_fast_path.cpp, which web::parse and
// can_parse take first), the state machine alone (url_access::parse_by_states), and can_parse writing nothing
// (the fast path's answer from the authority alone, and the machine's with store false), on every line of every
// dataset, every cc10k pair with its page as the base, and every input of urltestdata.json with its base, at every
// SIMD level the processor has. Agreement is the same href, the same offsets, port, host kind and opaque-path flag,
// or the same failure.
#define BOOST_TEST_MODULE web_paths
#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "iri/web.hpp"
#include "support/datasets.hpp"
#include "support/wpt.hpp"
#include "text/ascii.hpp"
#include "text/simd_scan.hpp"
#include "web/url_access.hpp"

namespace {

namespace web = iri::web;

struct input {
    std::string href;
    std::optional<std::string> base;
};

std::vector<input> every_input() {
    std::vector<input> all;
    for (const char* file :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "url-various-datasets/node_files.txt",
          "url-various-datasets/isaacs_files.txt", "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt",
          "derived/psl_idn_suffix_iris.txt"})
        for (std::string& line : iri_test::dataset_lines(file)) all.push_back({std::move(line), std::nullopt});
    for (auto& [page, href] : iri_test::cc10k_pairs()) {
        all.push_back({page, std::nullopt});
        all.push_back({href, page});
    }
    const boost::json::value data = iri_test::wpt_json("urltestdata.json");
    for (const boost::json::value& v : data.as_array()) {
        if (!v.is_object()) continue;
        const boost::json::object& c = v.as_object();
        input in{iri_test::wpt_string(c.at("input")), std::nullopt};
        if (!c.at("base").is_null()) in.base = iri_test::wpt_string(c.at("base"));
        all.push_back(std::move(in));
    }
    return all;
}

std::string describe(const iri::result<std::monostate>& r, const web::url& u) {
    if (!r) return "failure " + r.error().message();
    std::string s(u.href());
    for (const iri::span sp : u.offsets().spans)
        s.append(" ").append(std::to_string(sp.begin)).append("-").append(std::to_string(sp.end));
    s.append(" port ").append(u.port_number() ? std::to_string(*u.port_number()) : std::string("null"));
    s.append(" kind ").append(std::to_string(static_cast<int>(u.host_type())));
    if (u.has_opaque_path()) s.append(" opaque");
    return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(fast_path_states_and_can_parse_agree) {
    const std::vector<input> inputs = every_input();
    BOOST_TEST_REQUIRE(inputs.size() > 300000u);
    std::size_t compared = 0, failures = 0;
    for (const auto level : {iri::simd_level::scalar, iri::simd_level::avx2, iri::simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        for (const input& in : inputs) {
            std::optional<web::url> base;
            if (in.base) {
                auto b = web::parse(*in.base);
                if (!b) continue;  // urltestdata's cases of a failing base
                base = std::move(*b);
            }
            const web::url* against = base ? &*base : nullptr;
            web::url fast, states;
            const auto r1 = web::parse_into(fast, in.href, against);
            const auto r2 = web::url_access::parse_by_states(states, in.href, against);
            const std::string a = describe(r1, fast), b = describe(r2, states);
            const bool can = web::can_parse(in.href, against);
            const bool can_states = web::url_access::can_parse_by_states(in.href, against);
            const bool ok = a == b && can == r2.has_value() && can_states == r2.has_value();
            if (!ok && ++failures <= 20)
                BOOST_TEST(ok, iri::name(level) << ": " << in.href << (in.base ? " against " + *in.base : "")
                                                << "\n  fast path: " << a << "\n  states:    " << b << "\n  can_parse "
                                                << can << ", by the states " << can_states);
            ++compared;
        }
    }
    (void)iri::detail::select_simd_level(iri::detail::widest_simd_level());
    BOOST_TEST_MESSAGE(compared << " inputs compared");
    BOOST_TEST(failures == 0u);
}

// The host the fast path proves without writing an href (url_access::fast_host_of, which the crawl stage's site
// reads) is the parser's: every input it takes the state machine parses, to a host of its kind whose serialization
// is its text, lowercased when it has ASCII upper alphas; on every absolute input, at every SIMD level.
BOOST_AUTO_TEST_CASE(fast_host_is_the_parsers) {
    std::size_t taken = 0, failures = 0;
    const auto check = [&](const std::string& href) {
        const auto fast = web::url_access::fast_host_of(href);
        if (!fast) return false;
        web::url u;
        const auto r = web::url_access::parse_by_states(u, href, nullptr);
        std::string lower(fast->text);
        for (char& c : lower) c = iri::detail::to_lower(c);
        const bool ok =
            r && u.host_type() == fast->kind && u.hostname() == lower && fast->upper == (lower != fast->text);
        if (!ok && ++failures <= 20) BOOST_TEST(ok, href << ": " << fast->text << " kind " << int(fast->kind));
        return true;
    };
    const std::vector<input> inputs = every_input();
    for (const auto level : {iri::simd_level::scalar, iri::simd_level::avx2, iri::simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        for (const input& in : inputs)
            if (!in.base) taken += check(in.href);
    }
    (void)iri::detail::select_simd_level(iri::detail::widest_simd_level());
    BOOST_TEST_MESSAGE(taken << " inputs' hosts taken by the fast path");
    BOOST_TEST(failures == 0u);
    // Taken: a plain host (lowercased, "_" and a final dot kept), a port, an IPv4 address as the serializer writes
    // it, each special scheme, a file URL's empty host and "localhost" (the empty host, §4.4 file host state).
    for (const char* href : {"http://a.com", "https://WWW.Example.COM:8080/x", "http://a.com.:/",
                             "http://a_b.c-d.co.uk?x", "http://a.com#f", "https://a.com:00080/", "http://x.xn-a.com/",
                             "http://1.2.3.4/", "ws://a.b.co.uk/", "wss://A.COM:443/", "ftp://Ftp.Example.org/",
                             "file:///etc/hosts", "file://localhost/x", "file://Server.example.com/share"})
        BOOST_TEST(check(href), href);
    BOOST_TEST(check("http://" + std::string(600, 'a') + ".com/"));  // no length of its own
    // Left to the state machine: a userinfo, an "xn--" label (or any "--"), an IPv4 address the serializer writes
    // otherwise or the IPv4 parser refuses, an IP literal, "%", a space, a tab, "\", non-ASCII, a port out of range
    // or not digits, no "//", an uppercase scheme, an http URL's empty host, a file URL's port.
    for (
        const char* href :
        {"http://xn--a.com/", "http://a.XN--b.com/", "http://axn--b.com/",   "http://u:p@a.com/", "http://@a.com",
         "http://0x7f.1/",    "http://1.2.3.04/",    "http://a.0x1/",        "http://a.1",        "http://a.com:99999/",
         "http://a.com:8a/",  "http://a b/",         "http://a%41.com/",     "http://[::1]/",     "http:///a.com",
         "http:/a.com",       "HTTP://a.com/",       "http://a.com@",        "http://",           "https://",
         "http://a.com\t/",   "http://a.com\\x",     "http://\xc3\xbc.com/", "http://a:1:2/",     "file://a.com:80/"})
        BOOST_TEST(!web::url_access::fast_host_of(href).has_value(), href);
}
