#define BOOST_TEST_MODULE builder
#include <boost/test/unit_test.hpp>

#include "iri/builder.hpp"

#include <string>

#include "iri/parse.hpp"
#include "support/printing.hpp"

namespace {

using iri::grammar;

std::string built(const iri::builder& b) {
    auto r = b.build();
    if (!r) BOOST_FAIL(r.error().message());
    return r->str();
}

const iri::error& failed(const iri::builder& b) {
    static iri::error e;
    auto r = b.build();
    if (r) BOOST_FAIL("expected an error, built " << r->str());
    e = r.error();
    return e;
}

}  // namespace

BOOST_AUTO_TEST_CASE(iri_builder_keeps_non_ascii_uri_builder_encodes_it) {
    // 3987bis §3.3: in a URI the character is its UTF-8 octets, percent-encoded.
    auto make = [](grammar g) {
        return iri::builder(g).scheme("http").host("résumé.example.org").path("/rosé/a b").query("é=1").fragment("ß");
    };
    BOOST_TEST(built(make(grammar::iri)) == "http://résumé.example.org/rosé/a%20b?é=1#ß");
    BOOST_TEST(built(make(grammar::uri)) == "http://r%C3%A9sum%C3%A9.example.org/ros%C3%A9/a%20b?%C3%A9=1#%C3%9F");
}

BOOST_AUTO_TEST_CASE(every_component_of_the_rfc3986_section_3_example) {
    iri::builder b(grammar::uri);
    b.scheme("foo").host("example.com").port(8042).path("/over/there").query("name=ferret").fragment("nose");
    BOOST_TEST(built(b) == "foo://example.com:8042/over/there?name=ferret#nose");
    b.userinfo("user", "pass:word");
    BOOST_TEST(built(b) == "foo://user:pass:word@example.com:8042/over/there?name=ferret#nose");
    b.userinfo("us:er", "pw");  // ":" in the user name would end it (RFC 3986 §3.2.1)
    BOOST_TEST(built(b) == "foo://us%3Aer:pw@example.com:8042/over/there?name=ferret#nose");
    b.remove_userinfo().remove_port().remove_query().remove_fragment();
    BOOST_TEST(built(b) == "foo://example.com/over/there");
    b.remove_authority();
    BOOST_TEST(built(b) == "foo:/over/there");
    b.remove_scheme();
    BOOST_TEST(built(b) == "/over/there");
}

BOOST_AUTO_TEST_CASE(hosts) {
    iri::builder b(grammar::uri);
    b.scheme("http").host(std::array<std::uint8_t, 4>{192, 0, 2, 16});
    BOOST_TEST(built(b) == "http://192.0.2.16");
    BOOST_TEST((b.build()->host_kind() == iri::host_kind::ipv4));
    // RFC 5952 §4: lowercase, longest run of zeros as "::".
    b.host(std::array<std::uint8_t, 16>{0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
    BOOST_TEST(built(b) == "http://[2001:db8::1]");
    BOOST_TEST((b.build()->host_kind() == iri::host_kind::ipv6));
    b.host("[v7.x]");
    BOOST_TEST((b.build()->host_kind() == iri::host_kind::ipvfuture));
    b.host("a:b c");  // a reg-name: ":" and " " are not allowed in it
    BOOST_TEST(built(b) == "http://a%3Ab%20c");
    b.host("");
    BOOST_TEST(built(b) == "http://");
    BOOST_TEST(built(iri::builder(grammar::uri).scheme("file").host("").path("/etc")) == "file:///etc");
}

BOOST_AUTO_TEST_CASE(existing_escapes_are_kept_unless_literal) {
    iri::builder b(grammar::uri);
    b.path("/a%2Fb/100%");
    BOOST_TEST(built(b) == "/a%2Fb/100%25");
    b.path("/a%2Fb", iri::encode_mode::literal);
    BOOST_TEST(built(b) == "/a%252Fb");
}

BOOST_AUTO_TEST_CASE(paths_that_need_a_prefix_to_read_back) {
    // With an authority a path must be empty or start with "/" (RFC 3986 §3.3).
    BOOST_TEST(built(iri::builder(grammar::uri).host("h").path("a/b")) == "//h/a/b");
    // Without, it must not start with "//".
    BOOST_TEST(built(iri::builder(grammar::uri).scheme("s").path("//a")) == "s:/.//a");
    // Without scheme, a first segment with ":" would read as a scheme (§4.2).
    BOOST_TEST(built(iri::builder(grammar::uri).path("a:b/c")) == "./a:b/c");
    BOOST_TEST(built(iri::builder(grammar::uri).scheme("s").path("a:b/c")) == "s:a:b/c");
}

BOOST_AUTO_TEST_CASE(segments) {
    BOOST_TEST(built(iri::builder(grammar::uri).segments({"a/b", "c d", ""})) == "/a%2Fb/c%20d/");
    BOOST_TEST(built(iri::builder(grammar::iri).segments({"引き", "割り"}, false)) == "引き/割り");
    BOOST_TEST(built(iri::builder(grammar::uri).scheme("s").segments({})) == "s:/");
}

BOOST_AUTO_TEST_CASE(query_parameters) {
    iri::builder b(grammar::uri);
    b.scheme("http").host("a").path("/s").query_params({{"q", "rosé & co"}, {"flag", std::nullopt}, {"e", ""}});
    BOOST_TEST(built(b) == "http://a/s?q=ros%C3%A9%20%26%20co&flag&e=");
    b.query_params({{"a+b", "c=d"}}, {.plus_as_space = true});
    BOOST_TEST(built(b) == "http://a/s?a%2Bb=c%3Dd");
    b.query_params({{"x", "1 2"}}, {.plus_as_space = true});
    BOOST_TEST(built(b) == "http://a/s?x=1+2");
}

BOOST_AUTO_TEST_CASE(starting_from_a_reference) {
    auto r = iri::reference::parse("http://u@例え.jp:80/p?q#f");
    BOOST_TEST_REQUIRE(r.has_value());
    iri::builder b(r->view());
    BOOST_TEST(built(b) == "http://u@例え.jp:80/p?q#f");
    b.port(8080).fragment("g");
    BOOST_TEST(built(b) == "http://u@例え.jp:8080/p?q#g");
}

BOOST_AUTO_TEST_CASE(invalid_input_is_an_error) {
    const iri::error& s = failed(iri::builder().scheme("1http"));
    BOOST_TEST(s.where == iri::component::scheme);
    BOOST_TEST(s.offset == 0u);  // a scheme begins with a letter (RFC 3986 §3.1)
    const iri::error& p = failed(iri::builder().host("a").port("80a"));
    BOOST_TEST(p.where == iri::component::port);
    BOOST_TEST(p.offset == 2u);
    const iri::error& h = failed(iri::builder().host("[::1"));
    BOOST_TEST(h.where == iri::component::host);
    BOOST_TEST(h.code == iri::errc::unexpected_end);
    const iri::error& v = failed(iri::builder().host("[1.2.3.4]"));  // not an IPv6address nor IPvFuture
    BOOST_TEST(v.where == iri::component::host);
    const iri::error& u = failed(iri::builder().path("/ok/b\xFFz"));
    BOOST_TEST(u.code == iri::errc::invalid_utf8);
    BOOST_TEST(u.where == iri::component::path);
    BOOST_TEST(u.offset == 5u);
    // The first error is kept even when later setters succeed.
    const iri::error& first = failed(iri::builder().scheme("").host("a").path("/x"));
    BOOST_TEST(first.where == iri::component::scheme);
}

// Issue 3 §6: every result validates, for every component and grammar, whatever the input characters.
BOOST_AUTO_TEST_CASE(every_result_validates_in_every_grammar) {
    std::string all;
    for (int c = 1; c < 0x80; ++c) all += static_cast<char>(c);
    all += "é€𐌀\xE2\x80\x8E\xEE\x80\x80%zz%41";
    for (grammar g : {grammar::uri, grammar::iri, grammar::rfc3987, grammar::leiri})
        for (iri::encode_mode m : {iri::encode_mode::keep_escapes, iri::encode_mode::literal}) {
            iri::builder b(g);
            b.scheme("s").userinfo(all, m).host(all, m).port("1").path(all, m).query(all, m).fragment(all, m);
            auto r = b.build();
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST(iri::is_valid(r->str(), g));
            BOOST_TEST(r->has_userinfo());
            BOOST_TEST((r->host_kind() == iri::host_kind::reg_name));
            BOOST_TEST(r->has_query());
            BOOST_TEST(r->has_fragment());
            iri::builder rel(g);
            rel.path(all, m);  // no scheme, no authority: the "./" rule applies
            BOOST_TEST(rel.build().has_value());
        }
}
