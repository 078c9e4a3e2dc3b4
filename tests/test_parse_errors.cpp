// Exact errors of iri::parse for invalid inputs (include/iri/error.hpp). For each input: the
// code, the offset (the first byte at which the input can no longer be extended to a valid string of the
// production, reasoned from the grammar), where the offending character begins, the character, and the component
// the offset falls in by the RFC 3986 Appendix B split (a delimiter belongs to the group that holds it there: the
// ":" after a scheme to $1, "//" to $3, "?" to $6, "#" to $8). Nothing here is copied from the program's output.
#define BOOST_TEST_MODULE parse_errors
// BOOST_DATA_TEST_CASE names its cases with "literal" + std::string, on which GCC 12 at -O2 reports a false
// -Wrestrict (GCC bug 105329) from inside the Boost and libstdc++ headers.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include <boost/test/unit_test.hpp>

#include "iri/error.hpp"

#include <boost/test/data/test_case.hpp>

#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

#include "iri/parse.hpp"
#include "support/test_strings.hpp"

namespace bdata = boost::unit_test::data;

namespace {

using iri::component;
using iri::errc;
using iri::grammar;
using iri::production;

constexpr char32_t no_char = 0xFFFFFFFF;        // the error names no character (end of input, ill-formed bytes)
constexpr std::uint32_t unchecked = 0xFFFFFFFF;  // char_offset not checked (unexpected end)

struct error_case {
    std::string_view input;
    grammar g;
    production p;
    errc code;
    std::uint32_t offset;
    std::uint32_t char_offset;
    char32_t character;
    component where;  // component::none: not checked (a component production parses one component only)
    const char* why;  // the reasoning, from the grammar
};

std::ostream& operator<<(std::ostream& os, const error_case& c) {
    return os << '"' << iri_test::printable(c.input) << "\" (" << iri::name(c.g) << ", " << iri::role_name(c.p)
              << ")";
}

constexpr grammar iri_ = grammar::iri;
constexpr production ref = production::uri_reference;

// clang-format off
const error_case cases[] = {
    {"http://a b", iri_, ref, errc::disallowed_character, 8, 8, U' ', component::host,
     "ireg-name and iuserinfo hold no space; 'http://a' is a valid prefix"},
    {"http://a:8x", iri_, ref, errc::unexpected_end, 11, unchecked, no_char, component::port,
     "port = *DIGIT rejects 'x', but 'a:8x' may still be an iuserinfo before an '@': viable to the end"},
    {"http://a:8x/", iri_, ref, errc::disallowed_character, 11, 11, U'/', component::path,
     "the '/' ends the authority with neither a valid port nor an '@'"},
    {"http://a:80:80/", iri_, ref, errc::disallowed_character, 14, 14, U'/', component::path,
     "'a:80:80' is still a possible iuserinfo until the '/'"},
    {"http://[::1", iri_, ref, errc::unexpected_end, 11, unchecked, no_char, component::host,
     "IP-literal needs its ']'"},
    {"http://[::1]:x", iri_, ref, errc::disallowed_character, 13, 13, U'x', component::port,
     "port = *DIGIT; '[' cannot be in an iuserinfo, so no '@' can save it"},
    {"http://[1:2:3:4:5:6:7:8:9]/", iri_, ref, errc::disallowed_character, 23, 23, U':', component::host,
     "eight h16 make a complete IPv6address; no form has a ninth group"},
    {"http://[1::2::3]/", iri_, ref, errc::disallowed_character, 13, 13, U':', component::host,
     "every IPv6address form has at most one '::'"},
    {"http://[::1.2.3.256]/", iri_, ref, errc::disallowed_character, 18, 18, U'6', component::host,
     "dec-octet '25' takes %x30-35 only"},
    {"http://[12345::]/", iri_, ref, errc::disallowed_character, 12, 12, U'5', component::host,
     "h16 = 1*4HEXDIG"},
    {"http://[fe80::1%25eth0]/", iri_, ref, errc::disallowed_character, 15, 15, U'%', component::host,
     "this syntax has no zone identifier (3987bis §2.2, RFC 3986 §3.2.2)"},
    {"http://[v.x]/", iri_, ref, errc::disallowed_character, 9, 9, U'.', component::host,
     "IPvFuture = 'v' 1*HEXDIG '.' ..."},
    {"http://[v1.]/", iri_, ref, errc::disallowed_character, 11, 11, U']', component::host,
     "IPvFuture needs 1*( unreserved / sub-delims / ':' ) after the '.'"},
    {"1a:b", iri_, ref, errc::disallowed_character, 2, 2, U':', component::scheme,
     "not a scheme (starts with a digit); ipath-noscheme's first segment cannot hold ':'"},
    {"-a:b", iri_, ref, errc::disallowed_character, 2, 2, U':', component::scheme,
     "not a scheme (starts with '-'); ipath-noscheme's first segment cannot hold ':'"},
    {"ht^tp://a", iri_, ref, errc::disallowed_character, 2, 2, U'^', component::scheme,
     "'^' is neither in scheme nor in isegment-nz-nc"},
    {"a:b", iri_, production::relative_ref, errc::disallowed_character, 1, 1, U':', component::scheme,
     "irelative-ref: the first segment cannot hold ':'"},
    {"http://a", iri_, production::relative_ref, errc::disallowed_character, 4, 4, U':', component::scheme,
     "irelative-ref: the first segment cannot hold ':'"},
    {"", iri_, production::uri, errc::unexpected_end, 0, unchecked, no_char, component::path,
     "IRI needs a scheme; the empty string is an empty path by Appendix B"},
    {"//a/b", iri_, production::uri, errc::disallowed_character, 0, 0, U'/', component::authority,
     "IRI starts with scheme = ALPHA ...; '//' is Appendix B's $3, the authority"},
    {"http://a/b#c", iri_, production::absolute_uri, errc::disallowed_character, 10, 10, U'#',
     component::fragment, "absolute-IRI has no fragment; '#' is Appendix B's $8"},
    {"http://a/%", iri_, ref, errc::bad_percent_encoding, 10, 9, no_char, component::path,
     "pct-encoded = '%' HEXDIG HEXDIG: the input ends after '%'"},
    {"http://a/%4", iri_, ref, errc::bad_percent_encoding, 11, 9, no_char, component::path,
     "the input ends after '%4'"},
    {"http://a/%4g", iri_, ref, errc::bad_percent_encoding, 11, 11, U'g', component::path,
     "'g' is not HEXDIG"},
    {"http://a/%G1", iri_, ref, errc::bad_percent_encoding, 10, 10, U'G', component::path,
     "'G' is not HEXDIG"},
    {"http://a/%%41", iri_, ref, errc::bad_percent_encoding, 10, 10, U'%', component::path,
     "'%' is not HEXDIG"},
    {"http://a/b c", iri_, ref, errc::disallowed_character, 10, 10, U' ', component::path,
     "ipchar has no space"},
    {"http://a?b c", iri_, ref, errc::disallowed_character, 10, 10, U' ', component::query,
     "iquery has no space"},
    {"http://a#b#c", iri_, ref, errc::disallowed_character, 10, 10, U'#', component::fragment,
     "ifragment = *( ipchar / '/' / '?' ) has no '#'"},
    {"http://a/b?c#d e", iri_, ref, errc::disallowed_character, 14, 14, U' ', component::fragment,
     "ifragment has no space"},
    {"http://a/[x]", iri_, ref, errc::disallowed_character, 9, 9, U'[', component::path,
     "'[' is allowed only around an IP-literal"},
    {"http://u@v@h/", iri_, ref, errc::disallowed_character, 10, 10, U'@', component::host,
     "iuserinfo has no '@', nor has ireg-name"},
    {"//a:b", iri_, ref, errc::unexpected_end, 5, unchecked, no_char, component::port,
     "port 'b' is not DIGIT, but 'a:b' may still become an iuserinfo"},
    {"mailto:John Doe@example.com", iri_, ref, errc::disallowed_character, 11, 11, U' ', component::path,
     "ipath-rootless has no space"},
    {"http://a/\xC3(", iri_, ref, errc::invalid_utf8, 10, 9, no_char, component::path,
     "C3 must be followed by a continuation byte"},
    {"http://a/\xFF", iri_, ref, errc::invalid_utf8, 9, 9, no_char, component::path,
     "FF never occurs in UTF-8"},
    {"http://a/\xC0\xAF", iri_, ref, errc::invalid_utf8, 9, 9, no_char, component::path,
     "C0 AF is an overlong '/' (RFC 3987 §8)"},
    {"http://a/\xE0\x80\xAF", iri_, ref, errc::invalid_utf8, 10, 9, no_char, component::path,
     "E0 begins U+0800-0FFF (ucschar) but must be followed by A0-BF"},
    {"http://a/\xED\xA0\x80", iri_, ref, errc::invalid_utf8, 10, 9, no_char, component::path,
     "ED A0 80 would be the surrogate U+D800"},
    {"http://a/\xF4\x90\x80\x80", iri_, ref, errc::invalid_utf8, 9, 9, no_char, component::path,
     "F4 begins U+100000-10FFFF: iprivate only, which a path does not allow"},
    {"http://a?\xF4\x90\x80\x80", iri_, ref, errc::invalid_utf8, 10, 9, no_char, component::query,
     "in a query F4 may begin iprivate U+100000-10FFFD, but F4 90 would be above U+10FFFF"},
    {"http://a/\xE2\x80\x8E", iri_, ref, errc::excluded_character, 11, 9, U'\u200E', component::path,
     "LRM is in ucschar but excluded from IRIs (RFC 3987 §4.1)"},
    {"http://a/\xE2\x80\xAE", grammar::rfc3987, ref, errc::excluded_character, 11, 9, U'\u202E', component::path,
     "RLO is excluded from IRIs (RFC 3987 §4.1)"},
    {"http://a?\xF3\xA0\x80\x81", grammar::rfc3987, ref, errc::disallowed_character, 10, 9, U'\U000E0001',
     component::query, "RFC 3987's iprivate has no tag characters; F3 alone may begin U+C0000-FFFFF"},
    {"?\xF3\xA0\x80\x81", grammar::rfc3987, ref, errc::disallowed_character, 2, 1, U'\U000E0001',
     component::query, "the same in a relative reference"},
    {"http://a/\xF3\xA0\x80\x81", iri_, ref, errc::disallowed_character, 10, 9, U'\U000E0001', component::path,
     "3987bis allows the tags in iprivate, so in the query only"},
    {"http://a/\xEE\x80\x80", iri_, ref, errc::disallowed_character, 9, 9, U'\uE000', component::path,
     "EE begins U+E000-EFFF: private use, no ucschar; not in a path"},
    {"http://a#\xEE\x80\x80", iri_, ref, errc::disallowed_character, 9, 9, U'\uE000', component::fragment,
     "ifragment has no iprivate"},
    {"http://a/\xC3\xA9", grammar::uri, ref, errc::disallowed_character, 9, 9, U'\u00E9', component::path,
     "RFC 3986 allows no non-ASCII character"},
    {std::string_view("http://a/\0", 10), iri_, ref, errc::disallowed_character, 9, 9, U'\0', component::path,
     "NUL is no IRI character"},
    {"http://a/\xEF\xBF\xBE", grammar::leiri, ref, errc::disallowed_character, 11, 9, U'\uFFFE', component::path,
     "leiri-ucschar stops at U+FFFD (3987bis §6.3: U+FFFE-FFFF are not allowed even in LEIRIs)"},
    {"http://a/\xED\xA0\x80", grammar::leiri, ref, errc::invalid_utf8, 10, 9, no_char, component::path,
     "LEIRIs have no surrogates either"},
    {"http://a/%", grammar::uri, ref, errc::bad_percent_encoding, 10, 9, no_char, component::path,
     "RFC 3986 §2.1"},
    {"1:2:3:4:5:6:7:8:9", iri_, production::ipv6address, errc::disallowed_character, 15, 15, U':',
     component::none, "no ninth group"},
    {"1.2.3.256", iri_, production::ipv4address, errc::disallowed_character, 8, 8, U'6', component::none,
     "dec-octet '25' takes %x30-35 only"},
    {"1abc", iri_, production::scheme, errc::disallowed_character, 0, 0, U'1', component::none,
     "scheme starts with ALPHA"},
    {"8a", iri_, production::port, errc::disallowed_character, 1, 1, U'a', component::none, "port = *DIGIT"},
    {"v1", iri_, production::ipvfuture, errc::unexpected_end, 2, unchecked, no_char, component::none,
     "IPvFuture needs '.' and more"},
    {"//a", iri_, production::path_absolute, errc::disallowed_character, 1, 1, U'/', component::none,
     "ipath-absolute = '/' [ isegment-nz ... ]: no empty first segment"},
    {"a:b", iri_, production::segment_nz_nc, errc::disallowed_character, 1, 1, U':', component::none,
     "isegment-nz-nc has no ':'"},
    {"a#b", iri_, production::query, errc::disallowed_character, 1, 1, U'#', component::none,
     "iquery has no '#'"},
    {"[::1", iri_, production::host, errc::unexpected_end, 4, unchecked, no_char, component::none,
     "IP-literal needs its ']'"},
};
// clang-format on

std::string u_plus(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

}  // namespace


BOOST_AUTO_TEST_CASE(at_least_thirty_cases) { BOOST_TEST(std::size(cases) >= 30u); }

BOOST_DATA_TEST_CASE(exact_error, bdata::make(cases), c) {
    BOOST_TEST_CONTEXT(c << ": " << c.why) {
        const auto r = iri_test::parse_exact(c.input, c.g, c.p);
        BOOST_TEST(!iri_test::valid_exact(c.input, c.g, c.p));
        BOOST_TEST_REQUIRE(!r.has_value());
        const iri::error& e = r.error();
        BOOST_TEST(iri::name(e.code) == iri::name(c.code));
        BOOST_TEST(e.offset == c.offset);
        if (c.char_offset != unchecked) BOOST_TEST(e.char_offset == c.char_offset);
        if (c.where != component::none) BOOST_TEST(iri::name(e.where) == iri::name(c.where));
        BOOST_TEST((e.variant == c.g));
        BOOST_TEST((e.tried == c.p));
        BOOST_TEST((e.level() == iri::severity::error));
        const std::string m = e.message();
        BOOST_TEST(!m.empty());
        if (c.character != no_char) {
            BOOST_TEST(static_cast<std::uint32_t>(e.character) == static_cast<std::uint32_t>(c.character));
            // The message names the character as U+XXXX.
            BOOST_TEST(m.find(u_plus(c.character)) != std::string::npos, m);
            BOOST_TEST(e.length == iri_test::utf8(c.character).size());
        }
        if (c.code == errc::invalid_utf8) BOOST_TEST(static_cast<std::uint32_t>(e.character) == 0u);
        if (c.code == errc::excluded_character) BOOST_TEST(std::string(e.spec()) == "RFC 3987 §4.1");
        if (c.code == errc::bad_percent_encoding) BOOST_TEST(std::string(e.spec()) == "RFC 3986 §2.1");
    }
}

// A printable character appears in the message as text too ("U+0020 ' '"), per include/iri/error.hpp.
BOOST_AUTO_TEST_CASE(message_shows_the_character) {
    const auto r = iri_test::parse_exact("http://a b");
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().message().find("U+0020 ' '") != std::string::npos, r.error().message());
    const auto e = iri_test::parse_exact("http://a/\xC3\xA9", grammar::uri);
    BOOST_TEST_REQUIRE(!e.has_value());
    BOOST_TEST(e.error().message().find("U+00E9 '\xC3\xA9'") != std::string::npos, e.error().message());
}
