#define BOOST_TEST_MODULE percent
#include <boost/test/unit_test.hpp>

#include "iri/percent.hpp"

#include <string>

#include "iri/parse.hpp"
#include "support/printing.hpp"

namespace {

using iri::grammar;
using iri::production;

std::string enc(std::string_view s, grammar g, production p, iri::encode_mode m = iri::encode_mode::keep_escapes) {
    auto r = iri::percent_encode(s, g, p, m);
    if (!r) BOOST_FAIL(std::string(s) << ": " << r.error().message());
    return *r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(encoding_follows_the_component_and_grammar) {
    // 3987bis §3.3: a character not allowed becomes its UTF-8 octets as %HH.
    BOOST_TEST(enc("a b/é", grammar::iri, production::segment) == "a%20b%2Fé");
    BOOST_TEST(enc("a b/é", grammar::uri, production::segment) == "a%20b%2F%C3%A9");
    // RFC 3986 §3.4: "/" and "?" are allowed in a query, "#" is not.
    BOOST_TEST(enc("a/b?c#d", grammar::uri, production::query) == "a/b?c%23d");
    // 3987bis §2.2: iprivate only in the query.
    BOOST_TEST(enc("\xEE\x80\x80", grammar::iri, production::query) == "\xEE\x80\x80");
    BOOST_TEST(enc("\xEE\x80\x80", grammar::iri, production::fragment) == "%EE%80%80");
    // ":" is data in segment-nz-nc, a delimiter-free character in segment.
    BOOST_TEST(enc("a:b", grammar::uri, production::segment_nz_nc) == "a%3Ab");
    BOOST_TEST(enc("a:b", grammar::uri, production::segment) == "a:b");
    BOOST_TEST(enc("user:pw@x", grammar::uri, production::userinfo) == "user:pw%40x");
    // Bidi formatting characters are excluded from IRIs (RFC 3987 §4.1), allowed in LEIRIs.
    BOOST_TEST(enc("\xE2\x80\x8F", grammar::iri, production::segment) == "%E2%80%8F");
    BOOST_TEST(enc("\xE2\x80\x8F", grammar::leiri, production::segment) == "\xE2\x80\x8F");
    BOOST_TEST(enc(std::string_view("a\0b", 3), grammar::uri, production::fragment) == "a%00b");
    BOOST_TEST(enc("𐌀", grammar::uri, production::reg_name) == "%F0%90%8C%80");  // 4-byte UTF-8
}

BOOST_AUTO_TEST_CASE(existing_escapes_are_kept_unless_the_text_is_data) {
    BOOST_TEST(enc("100%25 %zz", grammar::uri, production::query) == "100%25%20%25zz");
    BOOST_TEST(enc("100%25", grammar::uri, production::query, iri::encode_mode::literal) == "100%2525");
    BOOST_TEST(enc("%", grammar::uri, production::query) == "%25");
    BOOST_TEST(enc("%4", grammar::uri, production::query) == "%254");
}

BOOST_AUTO_TEST_CASE(every_encoding_is_valid_in_its_production) {
    const std::string all = [] {
        std::string s;
        for (int c = 0; c < 0x80; ++c) s += static_cast<char>(c);
        return s + "é€𐌀\xE2\x80\x8E\xEE\x80\x80\xF3\xA0\x80\x80";
    }();
    for (grammar g : {grammar::uri, grammar::iri, grammar::rfc3987, grammar::leiri})
        for (production p : {production::userinfo, production::reg_name, production::segment, production::segment_nz,
                             production::query, production::fragment}) {
            auto e = iri::percent_encode(all, g, p);
            BOOST_TEST_REQUIRE(e.has_value());
            BOOST_TEST(iri::is_valid(*e, g, p), *e);
            auto d = iri::percent_decode(*e);
            BOOST_TEST_REQUIRE(d.has_value());
            BOOST_TEST(*d == all);  // decoding undoes encoding
        }
}

BOOST_AUTO_TEST_CASE(encoding_errors) {
    auto bad = iri::percent_encode("ab\xC3", grammar::iri, production::segment);
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().code == iri::errc::invalid_utf8);
    BOOST_TEST(bad.error().offset == 2u);
    auto np = iri::percent_encode("a", grammar::iri, production::uri_reference);
    BOOST_TEST_REQUIRE(!np.has_value());
    BOOST_TEST(np.error().code == iri::errc::no_such_production);
}

BOOST_AUTO_TEST_CASE(decoding) {
    BOOST_TEST(*iri::percent_decode("a%20b%2F") == "a b/");
    BOOST_TEST(*iri::percent_decode("%e2%82%ac") == "€");  // hex digits are case-insensitive (RFC 3986 §2.1)
    BOOST_TEST(*iri::percent_decode("%00") == std::string(1, '\0'));
    BOOST_TEST(*iri::percent_decode("100%", iri::decode_mode::lenient) == "100%");
    BOOST_TEST(*iri::percent_decode("%zz%4", iri::decode_mode::lenient) == "%zz%4");
    auto strict = iri::percent_decode("ab%4g");
    BOOST_TEST_REQUIRE(!strict.has_value());
    BOOST_TEST(strict.error().code == iri::errc::bad_percent_encoding);
    BOOST_TEST(strict.error().char_offset == 2u);  // the "%"
    BOOST_TEST(strict.error().offset == 4u);       // "g", which cannot follow "%4"
    auto end = iri::percent_decode("ab%");
    BOOST_TEST_REQUIRE(!end.has_value());
    BOOST_TEST(end.error().offset == 3u);
}

BOOST_AUTO_TEST_CASE(decoding_to_utf8_text) {
    // 3987bis §4.2's examples: r%C3%A9sum%C3%A9 is UTF-8, r%E9sum%E9 is not.
    BOOST_TEST(*iri::percent_decode_utf8("r%C3%A9sum%C3%A9") == "résumé");
    auto latin1 = iri::percent_decode_utf8("r%E9sum%E9");
    BOOST_TEST_REQUIRE(!latin1.has_value());
    BOOST_TEST(latin1.error().code == iri::errc::invalid_utf8);
    BOOST_TEST(latin1.error().offset == 1u);  // the "%E9" at byte 1
    auto raw = iri::percent_decode_utf8("ok\xFF");
    BOOST_TEST_REQUIRE(!raw.has_value());
    BOOST_TEST(raw.error().offset == 2u);
}

// Errors about text no grammar was applied to name no grammar and no production.
BOOST_AUTO_TEST_CASE(errors_without_a_grammar_name_none) {
    const auto d = iri::percent_decode("100%");
    BOOST_TEST_REQUIRE(!d.has_value());
    BOOST_TEST(d.error().code == iri::errc::bad_percent_encoding);
    BOOST_TEST(!d.error().grammar_involved);
    BOOST_TEST(d.error().message().find("grammar") == std::string::npos, d.error().message());
    BOOST_TEST(std::string(d.error().spec()) == "RFC 3986 §2.1");
}
