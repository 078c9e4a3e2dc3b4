// Exact errors of iri::parse for invalid inputs (include/iri/error.hpp). For each input: the
// code, the offset (the first byte at which the input can no longer be extended to a valid string of the
// production, reasoned from the grammar), where the offending character begins, the character, and the component
// the offset falls in by the RFC 3986 Appendix B split (a delimiter belongs to the group that holds it there: the
// ":" after a scheme to $1, "//" to $3, "?" to $6, "#" to $8). Nothing here is copied from the program's output.
#define BOOST_TEST_MODULE parse_errors
// BOOST_DATA_TEST_CASE names its cases with "literal" + std::string, on which GCC 12 at -O2 reports a false
// -Wrestrict (GCC bug 105329) from inside the Boost and libstdc++ headers.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#  pragma GCC diagnostic ignored "-Wrestrict"
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

constexpr char32_t no_char = 0xFFFFFFFF;         // the error names no character (end of input, ill-formed bytes)
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
    return os << '"' << iri_test::printable(c.input) << "\" (" << iri::name(c.g) << ", " << iri::role_name(c.p) << ")";
}

constexpr grammar iri_ = grammar::iri;
constexpr production ref = production::uri_reference;

// clang-format off
const error_case cases[] = {
    {"http://a b", iri_, ref, errc::disallowed_character, 8, 8, U' ', component::host,
     "ireg-name and iuserinfo hold no space; 'http://a' is a valid prefix"},
    {"http://a:8x", iri_, ref, errc::bad_port, 11, 10, U'x', component::port,
     "'a:8x' may still be an iuserinfo before an '@' (viable to the end), but the input ends with no '@': the "
     "authority is host ':' port, and port = *DIGIT (RFC 3986 §3.2.3) fails at the 'x'"},
    {"http://a:8x/", iri_, ref, errc::bad_port, 11, 10, U'x', component::port,
     "the '/' ends the authority (RFC 3986 §3.2) with no '@': port '8x' is not *DIGIT from the 'x'"},
    {"http://a:80:80/", iri_, ref, errc::bad_port, 14, 11, U':', component::port,
     "'a:80:80' is a possible iuserinfo until the '/'; without an '@' the host ends at the first ':' and the "
     "port '80:80' is not *DIGIT from the second ':'"},
    {"http://[::1", iri_, ref, errc::unexpected_end, 11, unchecked, no_char, component::host,
     "IP-literal needs its ']'"},
    {"http://[::1]:x", iri_, ref, errc::bad_port, 13, 13, U'x', component::port,
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
    {"http://u@v@h/", iri_, ref, errc::disallowed_character, 10, 10, U'@', component::userinfo,
     "iuserinfo has no '@', nor has ireg-name: a second '@' breaks the userinfo (RFC 3986 §3.2.1)"},
    {"//a:b", iri_, ref, errc::bad_port, 5, 4, U'b', component::port,
     "'a:b' could still become an iuserinfo, but the input ends with no '@': port 'b' is not DIGIT"},
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

// When the parse fails, the fault is named in the component the grammar cannot make of its bytes. The authority
// ends at the next "/", "?", "#" or the end (RFC 3986 §3.2); authority = [ userinfo "@" ] host [ ":" port ];
// userinfo and reg-name hold no "@", reg-name and IPv4address no ":" (§3.2.1, §3.2.2); port = *DIGIT (§3.2.3);
// IP-literal = "[" ( IPv6address / IPvFuture ) "]" (§3.2.2). `fault` is the byte the error names (where the
// offending character begins), `stop` the byte the DFA stopped at (error::offset), which stays as it was.
struct fault_case {
    std::string_view input;
    grammar g;
    errc code;
    std::uint32_t fault;
    std::uint32_t stop;
    char32_t character;  // no_char: none (the end of the input, bytes that are not UTF-8)
    component where;
    std::string_view says;  // a part of message()
    const char* why;
};

std::ostream& operator<<(std::ostream& os, const fault_case& c) {
    return os << '"' << iri_test::printable(c.input) << "\" (" << iri::name(c.g) << ")";
}

// clang-format off
const fault_case fault_cases[] = {
    // "http://" is 7 bytes; "example.org" 11, so its ":" is byte 18 and the port "80a" bytes 19-21.
    {"http://example.org:80a/", iri_, errc::bad_port, 21, 22, U'a', component::port,
     "the port must be digits, found U+0061 'a' in port at byte 21 (IRI-reference, grammar iri)",
     "no '@' in the authority 'example.org:80a' (the '/' ends it): host ':' port, and 'a' is not DIGIT. The DFA "
     "runs on to the '/' because 'example.org:80a' could be an iuserinfo until then"},
    {"http://example.org:80a", iri_, errc::bad_port, 21, 22, U'a', component::port,
     "found U+0061 'a' in port at byte 21",
     "the same at the end of the input: no '@' came, so the authority is host ':' port"},
    {"http://a:b:c/", iri_, errc::bad_port, 9, 12, U'b', component::port, "in port at byte 9",
     "reg-name holds no ':', so the host is 'a' and the port 'b:c', not digits from its first byte"},
    {"http://[::1]:80:80/", iri_, errc::bad_port, 15, 15, U':', component::port, "found U+003A ':' in port at byte 15",
     "after an IP-literal only ':' port may follow; the port '80:80' is not digits from the second ':'"},
    {"http://a:%41/", iri_, errc::bad_port, 9, 12, U'%', component::port, "in port at byte 9",
     "port = *DIGIT has no pct-encoded: '%41' is not the digit it encodes"},
    {"http://a:8x/", grammar::uri, errc::bad_port, 10, 11, U'x', component::port, "in port at byte 10",
     "the same in RFC 3986's own grammar"},
    {"http://[::1/", iri_, errc::unclosed_ip_literal, 7, 11, U'[', component::host,
     "the IP literal opened by \"[\" is never closed by \"]\" in host at byte 7 (IRI-reference, grammar iri)",
     "'::1' is a good IPv6address so far, but the '/' ends the authority before any ']'"},
    {"http://[v1.x?q", iri_, errc::unclosed_ip_literal, 7, 12, U'[', component::host, "in host at byte 7",
     "IPvFuture 'v1.x' is well formed so far; the '?' ends the authority with no ']'"},
    {"http://u@[::1#f", iri_, errc::unclosed_ip_literal, 9, 13, U'[', component::host, "in host at byte 9",
     "after a userinfo the host starts at byte 9; the '#' ends the authority with no ']'"},
    {"http://user@@host/", iri_, errc::disallowed_character, 12, 12, U'@', component::userinfo,
     "U+0040 '@' is not allowed in userinfo at byte 12",
     "the userinfo ends at an '@' and holds none; the second '@' (byte 12) is what breaks it"},
    {"http://me:p@ss@host/", iri_, errc::disallowed_character, 14, 14, U'@', component::userinfo,
     "in userinfo at byte 14", "an '@' in a password must be written %40; the host 'ss@host' is not the fault"},
    // What the DFA reports stays when it names the fault already, or a worse one.
    {"http://a b:8x/", iri_, errc::disallowed_character, 8, 8, U' ', component::host, "in host at byte 8",
     "the space is not allowed anywhere in an authority, and comes before the port"},
    {"http://a:8\xFF/", iri_, errc::invalid_utf8, 10, 10, no_char, component::port, "in port at byte 10",
     "FF is no character at all: that says more than 'the port must be digits'"},
    {"http://[::g/", iri_, errc::disallowed_character, 10, 10, U'g', component::host, "in host at byte 10",
     "the first bad character inside the IP literal names the fault better than the ']' it never reaches"},
    {"http://[::1", iri_, errc::unexpected_end, 11, 11, no_char, component::host, "in host at byte 11",
     "the input ends where the IP literal needs its ']': the end is where it is missing"},
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

BOOST_DATA_TEST_CASE(the_error_names_the_fault, bdata::make(fault_cases), c) {
    BOOST_TEST_CONTEXT(c << ": " << c.why) {
        const auto r = iri_test::parse_exact(c.input, c.g, ref);
        BOOST_TEST_REQUIRE(!r.has_value());
        const iri::error& e = r.error();
        BOOST_TEST(iri::name(e.code) == iri::name(c.code));
        BOOST_TEST(e.fault() == c.fault);
        BOOST_TEST(e.char_offset == c.fault);
        BOOST_TEST(e.offset == c.stop);
        BOOST_TEST(iri::name(e.where) == iri::name(c.where));
        if (c.character != no_char) {
            BOOST_TEST(static_cast<std::uint32_t>(e.character) == static_cast<std::uint32_t>(c.character));
            BOOST_TEST(e.length == iri_test::utf8(c.character).size());
        }
        BOOST_TEST(e.message().find(c.says) != std::string::npos, e.message());
    }
}

// The fault never lies after the byte the DFA stopped at, nor outside the input.
BOOST_DATA_TEST_CASE(the_fault_is_not_after_the_stop, bdata::make(cases), c) {
    const auto r = iri_test::parse_exact(c.input, c.g, c.p);
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().fault() <= r.error().offset);
}

// The spec sections of the new codes: RFC 3986 §3.2.3 (port), §3.2.2 (IP-literal).
BOOST_AUTO_TEST_CASE(the_new_codes_cite_their_sections) {
    const auto port = iri_test::parse_exact("http://a:8x/");
    BOOST_TEST_REQUIRE(!port.has_value());
    BOOST_TEST(std::string(port.error().spec()) == "RFC 3986 §3.2.3");
    const auto literal = iri_test::parse_exact("http://[::1/");
    BOOST_TEST_REQUIRE(!literal.has_value());
    BOOST_TEST(std::string(literal.error().spec()) == "RFC 3986 §3.2.2");
    BOOST_TEST(std::string(iri::name(errc::bad_port)) == "bad_port");
    BOOST_TEST(std::string(iri::name(errc::unclosed_ip_literal)) == "unclosed_ip_literal");
}
