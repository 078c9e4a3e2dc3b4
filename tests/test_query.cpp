#define BOOST_TEST_MODULE query
#include <boost/test/unit_test.hpp>

#include "iri/query.hpp"

#include <string>
#include <vector>

#include "support/printing.hpp"

namespace {

std::vector<std::string> pieces(std::string_view q, iri::query_options o = {}) {
    std::vector<std::string> out;
    for (iri::query_param p : iri::query_params_view(q, o)) {
        std::string s(p.key);
        if (p.value) s.append("=").append(*p.value);
        else s.append("|");  // no value at all
        out.push_back(s);
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(iteration) {
    // RFC 3986 §3.4's example query, "name=ferret".
    BOOST_TEST((pieces("name=ferret") == std::vector<std::string>{"name=ferret"}));
    BOOST_TEST((pieces("a=1&b=x%20y&c") == std::vector<std::string>{"a=1", "b=x%20y", "c|"}));
    BOOST_TEST((pieces("c=&=v&a=b=c") == std::vector<std::string>{"c=", "=v", "a=b=c"}));
    BOOST_TEST((pieces("&&a&") == std::vector<std::string>{"a|"}));
    BOOST_TEST(pieces("").empty());
    BOOST_TEST((pieces("a=1;b=2") == std::vector<std::string>{"a=1;b=2"}));
    BOOST_TEST((pieces("a=1;b=2", {.semicolon = true}) == std::vector<std::string>{"a=1", "b=2"}));
    auto found = iri::query_params_view("a=1&b=2").find("b");
    BOOST_TEST_REQUIRE(found.has_value());
    BOOST_TEST(*found->value == "2");
    BOOST_TEST(!iri::query_params_view("a=1").find("z").has_value());
}

BOOST_AUTO_TEST_CASE(decoding) {
    BOOST_TEST(*iri::decode_query_part("x%20y+z") == "x y+z");
    BOOST_TEST(*iri::decode_query_part("x%20y+z", {.plus_as_space = true}) == "x y z");
    BOOST_TEST(*iri::decode_query_part("%2B", {.plus_as_space = true}) == "+");
    auto bad = iri::decode_query_part("%g");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().code == iri::errc::bad_percent_encoding);
    BOOST_TEST(*iri::decode_query_part("%g", {}, iri::decode_mode::lenient) == "%g");
}

BOOST_AUTO_TEST_CASE(building) {
    BOOST_TEST(*iri::make_query({{"q", "rosé & co"}}, iri::grammar::uri) == "q=ros%C3%A9%20%26%20co");
    BOOST_TEST(*iri::make_query({{"q", "rosé & co"}}, iri::grammar::iri) == "q=rosé%20%26%20co");
    BOOST_TEST(*iri::make_query({{"a", "1"}, {"b", std::nullopt}, {"c", ""}}) == "a=1&b&c=");
    BOOST_TEST(*iri::make_query({{"k;", "v=#%"}}, iri::grammar::uri, {.semicolon = true}) == "k%3B=v%3D%23%25");
    BOOST_TEST(*iri::make_query({{"a b", "c+d"}}, iri::grammar::uri, {.plus_as_space = true}) == "a+b=c%2Bd");
    BOOST_TEST(*iri::make_query({}) == "");
    // Round trip: build, iterate, decode.
    auto q = iri::make_query({{"x=y", "a&b c"}}, iri::grammar::uri, {.plus_as_space = true});
    BOOST_TEST_REQUIRE(q.has_value());
    auto p = *iri::query_params_view(*q).begin();
    BOOST_TEST(*iri::decode_query_part(p.key, {.plus_as_space = true}) == "x=y");
    BOOST_TEST(*iri::decode_query_part(*p.value, {.plus_as_space = true}) == "a&b c");
    auto bad = iri::make_query({{"a", "\xC3"}});
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().code == iri::errc::invalid_utf8);
}
