#define BOOST_TEST_MODULE ip_address
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <string>

#include "iri/builder.hpp"
#include "iri/normalize.hpp"
#include "iri/reference.hpp"
#include "support/printing.hpp"

// IPv4 and IPv6 addresses, read (RFC 3986 §3.2.2) and written (RFC 5952 §4 and §5) by the library's own code:
// reference_view::ipv4_address/ipv6_address, builder::host and the scheme rung of normalize.
namespace {

using v6 = std::array<std::uint8_t, 16>;
using iri::grammar;

std::optional<v6> read(std::string_view literal) {
    const std::string text = "http://[" + std::string(literal) + "]/";
    auto r = iri::reference_view::parse(text, grammar::uri);
    BOOST_REQUIRE_MESSAGE(r.has_value(), "not a URI: " << text);
    return r->ipv6_address();
}

std::string written(const v6& a) {
    iri::builder b(grammar::uri);
    b.scheme("http").host(a);
    return std::string(b.build()->host());
}

std::string normalized(std::string_view literal) {
    const std::string text = "http://[" + std::string(literal) + "]/";
    auto r = iri::normalize(text, grammar::uri, {.rung = iri::rung::scheme});
    BOOST_REQUIRE(r.has_value());
    return r->substr(7, r->size() - 8);  // the host, brackets included
}

}  // namespace

BOOST_AUTO_TEST_CASE(ipv6_text_forms_of_rfc3986) {
    // RFC 3986 §3.2.2: eight h16, "::" for one or more zero fields, a trailing IPv4address for the last 32 bits.
    BOOST_TEST((read("1:2:3:4:5:6:7:8") == v6{0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8}));
    BOOST_TEST((read("::") == v6{}));
    BOOST_TEST((read("::1") == v6{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
    BOOST_TEST((read("1::") == v6{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    BOOST_TEST((read("FFFF::aBcD") == v6{0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xab, 0xcd}));
    BOOST_TEST((read("1:2:3:4:5:6:192.0.2.1") == v6{0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 192, 0, 2, 1}));
    BOOST_TEST((read("::192.0.2.1") == v6{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 192, 0, 2, 1}));
    BOOST_TEST((read("1::7:8") == v6{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 8}));
    BOOST_TEST((read("1:2:3:4:5:6:7::") == v6{0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0}));
    BOOST_TEST((read("0db8:0:0:0:0:0:0:0001") == v6{0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

BOOST_AUTO_TEST_CASE(ipv6_written_as_rfc5952_says) {
    // §4.1: no leading zeros (2001:0db8::0001 is written 2001:db8::1).
    BOOST_TEST(normalized("2001:0db8::0001") == "[2001:db8::1]");
    // §4.2.1: "::" shortens as much as possible.
    BOOST_TEST(normalized("2001:db8:0:0:0:0:2:1") == "[2001:db8::2:1]");
    BOOST_TEST(normalized("2001:db8::0:1") == "[2001:db8::1]");
    // §4.2.2: not for a single zero field.
    BOOST_TEST(normalized("2001:db8:0:1:1:1:1:1") == "[2001:db8:0:1:1:1:1:1]");
    BOOST_TEST(normalized("2001:db8::1:1:1:1:1") == "[2001:db8:0:1:1:1:1:1]");
    // §4.2.3: the longest run; the first of equal runs.
    BOOST_TEST(normalized("2001:0:0:1:0:0:0:1") == "[2001:0:0:1::1]");
    BOOST_TEST(normalized("2001:db8:0:0:1:0:0:1") == "[2001:db8::1:0:0:1]");
    // §4.3: lowercase.
    BOOST_TEST(normalized("2001:DB8::AbC") == "[2001:db8::abc]");
    // §5: an IPv4-mapped address ends in dotted decimal.
    BOOST_TEST(normalized("::ffff:c000:0201") == "[::ffff:192.0.2.1]");
    BOOST_TEST(normalized("0:0:0:0:0:FFFF:192.0.2.1") == "[::ffff:192.0.2.1]");
    // The unspecified and loopback addresses (§4.2.1: "::" as much as possible), all-ones fields, no zero run.
    BOOST_TEST(normalized("0:0:0:0:0:0:0:0") == "[::]");
    BOOST_TEST(normalized("0:0:0:0:0:0:0:1") == "[::1]");
    BOOST_TEST(normalized("1:0:0:0:0:0:0:0") == "[1::]");
    BOOST_TEST(normalized("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff") == "[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]");
    // Not IPv4-mapped (::/96 is not ::ffff:0:0/96): hex fields, §4.
    BOOST_TEST(normalized("::192.0.2.1") == "[::c000:201]");
}

BOOST_AUTO_TEST_CASE(builder_writes_what_the_parser_reads) {
    const v6 samples[] = {{},
                          {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
                          {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0},
                          {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1},
                          {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
                          {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}};
    BOOST_TEST(written(samples[2]) == "[2001:db8:0:0:1::]");  // §4.2.3: the longer run (three fields, last)
    BOOST_TEST(written(samples[3]) == "[::ffff:10.0.0.1]");
    BOOST_TEST(written(samples[5]) == "[1:0:1:0:1:0:1:0]");  // §4.2.2: single zero fields stay
    for (const v6& a : samples) {
        const std::string text = written(a);
        BOOST_TEST((read(text.substr(1, text.size() - 2)) == a), text);
    }
}

BOOST_AUTO_TEST_CASE(ipv4) {
    // RFC 3986 §3.2.2: four dec-octets.
    auto r = iri::reference_view::parse("http://255.0.10.1/", grammar::uri);
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((r->ipv4_address() == std::array<std::uint8_t, 4>{255, 0, 10, 1}));
    iri::builder b(grammar::uri);
    b.scheme("http").host(std::array<std::uint8_t, 4>{0, 10, 100, 255});
    BOOST_TEST(b.build()->host() == "0.10.100.255");
}
