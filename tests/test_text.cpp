// The text/ layer's primitives that several stages share: the IPv4 reader in its three readings (RFC 3986 §3.2.2's
// IPv4address, the URL Standard's IPv4 parser §3.5, glibc's inet_aton), the ends-in-a-number checker, the IPv6 reader
// against the RFC 3986 grammar, the percent-encoder over UTF-8 bytes at every SIMD level, and the UTF-8 walker.
// Expected values are reasoned from those texts (quoted beside the checks), not taken from the code.
#define BOOST_TEST_MODULE text
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "iri/parse.hpp"
#include "text/ip_address.hpp"
#include "text/percent_encode.hpp"
#include "text/simd_scan.hpp"
#include "text/utf8_detail.hpp"

namespace {

using iri::detail::ipv4_fault;
using iri::detail::ipv4_forms;
using iri::detail::read_ipv4;

constexpr ipv4_forms rfc3986{};
constexpr ipv4_forms whatwg = iri::detail::whatwg_ipv4;
constexpr ipv4_forms inet_aton{.hex = true, .octal = true, .short_forms = true};
constexpr ipv4_forms inet_aton_no_hex{.hex = false, .octal = true, .short_forms = true};

constexpr std::uint32_t ip(unsigned a, unsigned b, unsigned c, unsigned d) { return a << 24 | b << 16 | c << 8 | d; }

// The address `text` reads as in `forms`, or the fault.
void reads(std::string_view text, const ipv4_forms& forms, std::uint32_t address) {
    const auto r = read_ipv4(text, forms);
    BOOST_TEST_CONTEXT(text) {
        BOOST_TEST(static_cast<int>(r.fault) == static_cast<int>(ipv4_fault::none));
        BOOST_TEST(r.address == address);
    }
}
void fails(std::string_view text, const ipv4_forms& forms, ipv4_fault fault) {
    BOOST_TEST(static_cast<int>(read_ipv4(text, forms).fault) == static_cast<int>(fault), text);
}

}  // namespace

// RFC 3986 §3.2.2: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet, dec-octet 0-255 "without
// leading zeros".
BOOST_AUTO_TEST_CASE(ipv4_rfc3986) {
    reads("192.0.2.1", rfc3986, ip(192, 0, 2, 1));
    reads("0.0.0.0", rfc3986, 0);
    reads("255.255.255.255", rfc3986, 0xFFFFFFFFu);
    fails("192.0.2", rfc3986, ipv4_fault::too_many_parts);  // four parts, no fewer
    fails("1.2.3.4.5", rfc3986, ipv4_fault::too_many_parts);
    fails("192.0.2.01", rfc3986, ipv4_fault::non_numeric_part);  // a leading zero
    fails("192.0.2.256", rfc3986, ipv4_fault::out_of_range_part);
    fails("0x1.2.3.4", rfc3986, ipv4_fault::non_numeric_part);
    fails("1.2.3.4.", rfc3986, ipv4_fault::too_many_parts);  // no trailing dot: five parts, the last empty
    fails("1..3.4", rfc3986, ipv4_fault::non_numeric_part);
    BOOST_TEST(!iri::detail::parse_ipv4("1.2.3"));
    BOOST_TEST((*iri::detail::parse_ipv4("10.0.0.1") == std::array<std::uint8_t, 4>{10, 0, 0, 1}));
}

// The URL Standard §3.5 IPv4 parser and IPv4 number parser, with its examples: "0x" then hex, a leading "0" then
// octal, the last part filling the bytes left, one empty last part dropped ("IPv4-empty-part"), numbers of any
// length; and its validation errors.
BOOST_AUTO_TEST_CASE(ipv4_url_standard) {
    reads("0x7F.1", whatwg, ip(127, 0, 0, 1));      // hex, the last part filling three bytes
    reads("0177.0.0.1", whatwg, ip(127, 0, 0, 1));  // octal
    reads("127.1", whatwg, ip(127, 0, 0, 1));
    reads("2130706433", whatwg, ip(127, 0, 0, 1));  // one part: all four bytes
    reads("1.2.3.4.", whatwg, ip(1, 2, 3, 4));
    reads("0x", whatwg, 0);  // "0x" is 0 (the number parser's empty input after the prefix)
    reads("0", whatwg, 0);   // a lone "0" is decimal
    fails("1.2.0x10000", whatwg, ipv4_fault::out_of_range_part);  // a third part fills two bytes: 0xFFFF at most
    reads("1.2.0xFFFF", whatwg, ip(1, 2, 255, 255));
    fails("1.2.3.4.5", whatwg, ipv4_fault::too_many_parts);
    fails("1.2.3.4..", whatwg, ipv4_fault::too_many_parts);  // one empty part only is dropped
    fails("1..2", whatwg, ipv4_fault::non_numeric_part);
    fails("09.1", whatwg, ipv4_fault::non_numeric_part);  // "9" is no octal digit
    fails("0x1g", whatwg, ipv4_fault::non_numeric_part);
    fails("256.1", whatwg, ipv4_fault::out_of_range_part);  // a part but the last above 255
    fails("4294967296", whatwg, ipv4_fault::out_of_range_part);
    fails("99999999999999999999999999999999", whatwg, ipv4_fault::out_of_range_part);  // saturates, no overflow
    reads("4294967295", whatwg, 0xFFFFFFFFu);
    const auto notes = read_ipv4("0x1.2.", whatwg);
    BOOST_TEST(notes.empty_last_part);
    BOOST_TEST(notes.too_few_parts);
    BOOST_TEST(notes.non_decimal_part);
    BOOST_TEST(!notes.part_over_255);
    BOOST_TEST(read_ipv4("1.300", whatwg).part_over_255);  // the last may exceed 255 and not fail
}

// glibc's inet_aton (inet_addr.c): "a.b.c.d", "a.b.c" (c fills 16 bits), "a.b" (b fills 24), "a" (32); each part
// decimal, octal after a leading "0", hex after "0x"; no empty part, no trailing dot. The crawler's keys read hosts
// so (the surt package asks gethostbyname_ex, which tries inet_aton first), without hex.
BOOST_AUTO_TEST_CASE(ipv4_inet_aton) {
    reads("127.1", inet_aton, ip(127, 0, 0, 1));
    reads("0x7f.1", inet_aton, ip(127, 0, 0, 1));
    reads("010.0.0.1", inet_aton, ip(8, 0, 0, 1));
    reads("1.2.65535", inet_aton, ip(1, 2, 255, 255));
    reads("4294967295", inet_aton, 0xFFFFFFFFu);
    fails("4294967296", inet_aton, ipv4_fault::out_of_range_part);
    fails("1.2.3.4.", inet_aton, ipv4_fault::too_many_parts);  // no trailing dot
    fails("1..2", inet_aton, ipv4_fault::non_numeric_part);
    fails("1.2.65536", inet_aton, ipv4_fault::out_of_range_part);
    fails("0x7f.1", inet_aton_no_hex, ipv4_fault::non_numeric_part);  // without hex, "x" is no octal digit
    reads("0177.1", inet_aton_no_hex, ip(127, 0, 0, 1));
}

// §3.5 ends-in-a-number checker: the last part (one empty last part dropped) is all ASCII digits, or "0x" and hex.
BOOST_AUTO_TEST_CASE(ends_in_a_number) {
    using iri::detail::ends_in_a_number;
    BOOST_TEST(ends_in_a_number("1.2.3.4"));
    BOOST_TEST(ends_in_a_number("example.1"));
    BOOST_TEST(ends_in_a_number("example.1."));
    BOOST_TEST(ends_in_a_number("example.09"));  // digits: the IPv4 parser rejects it afterwards
    BOOST_TEST(ends_in_a_number("example.0x"));
    BOOST_TEST(!ends_in_a_number("example.com"));
    BOOST_TEST(!ends_in_a_number("example.0xg"));
    BOOST_TEST(!ends_in_a_number("1.example"));
    BOOST_TEST(!ends_in_a_number("example.1.."));
    BOOST_TEST(!ends_in_a_number("."));
    BOOST_TEST(!ends_in_a_number(""));
}

// One IPv6 reader serves both specifications: RFC 3986 §3.2.2's IPv6address (the generated matcher of the uri
// grammar is its judge here) and the URL Standard's IPv6 parser take the same strings.
BOOST_AUTO_TEST_CASE(ipv6_reader_agrees_with_rfc3986) {
    const char* const cases[] = {
        "::",
        "::1",
        "1::",
        "1::2",
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1:2:3:4::5:6:7:8",
        "1:2:3:4:5:6:7:8:9",
        ":1::2",
        "1:::2",
        "1::2::3",
        "::ffff:192.0.2.1",
        "::1.2.3.4",
        "1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5:6:7:1.2.3.4",
        "::1.2.3",
        "::1.2.3.04",
        "::1.2.3.256",
        "::a.2.3.4",
        "12345::",
        "fFfF::",
        "1:",
        ":",
        "",
        "1.2.3.4",
        "::1.2.3.4.5",
        "0:0:0:0:0:0:0:0",
        "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7",
        "g::",
    };
    for (const char* c : cases) {
        const std::string uri = "http://[" + std::string(c) + "]/";
        const bool grammar = iri::parse(uri, iri::grammar::uri, iri::production::uri).has_value();
        BOOST_TEST(static_cast<bool>(iri::detail::read_ipv6(c)) == grammar, c);
    }
    const auto a = iri::detail::read_ipv6("1:0::ffff:1.2.3.4");
    BOOST_TEST_REQUIRE(static_cast<bool>(a));
    BOOST_TEST(a.pieces[0] == 1);
    BOOST_TEST(a.pieces[5] == 0xFFFF);
    BOOST_TEST(a.pieces[6] == 0x0102);
    BOOST_TEST(a.pieces[7] == 0x0304);
    // §3.5's reasons: "IPv6-multiple-compression", "IPv4-in-IPv6-out-of-range-part", with the offset.
    const auto twice = iri::detail::read_ipv6("1::2::3");
    BOOST_TEST(static_cast<int>(twice.fault) == static_cast<int>(iri::detail::ipv6_fault::multiple_compression));
    BOOST_TEST(twice.at == 5u);  // the second ":" of the second "::", where step 6.2 finds compress set
    BOOST_TEST(iri::detail::read_ipv6("::01").leading_zero_at != iri::detail::ipv6_reading::npos);
}

namespace {

// The set of the URL Standard's path percent-encode set (§1.3) written out here: C0 controls, space, '"', "#", "<",
// ">", "?", "`", "{", "}", U+007F and above.
iri::detail::percent_encode_set path_like() {
    iri::detail::byte_set b;
    for (unsigned c = 0; c < 0x20; ++c) b.add(static_cast<unsigned char>(c));
    for (const char c : std::string_view(" \"#<>?`{}")) b.add(static_cast<unsigned char>(c));
    for (unsigned c = 0x7F; c < 0x100; ++c) b.add(static_cast<unsigned char>(c));
    return iri::detail::make_percent_encode_set(b);
}

std::string encoded(std::string_view text, bool space_as_plus = false) {
    std::string out = "<";
    iri::detail::append_percent_encoded(out, text, path_like(), space_as_plus);
    return out;
}

}  // namespace

// UTF-8 percent-encode (§1.3) of each code point, done on the bytes: "é" (U+00E9, C3 A9) is "%C3%A9"; a byte of an
// ill-formed sequence, its maximal subpart (Unicode §3.9, the Encoding Standard's UTF-8 decoder), is U+FFFD's bytes
// "%EF%BF%BD"; a "%" is copied, with or without hex digits after it; long runs of copied bytes cross SIMD blocks.
BOOST_AUTO_TEST_CASE(percent_encoder_over_bytes) {
    const iri::detail::simd_level levels[] = {iri::detail::simd_level::scalar, iri::detail::simd_level::avx2,
                                              iri::detail::simd_level::avx512};
    const std::string long_run(100, 'a');
    for (const auto level : levels) {
        if (!iri::detail::select_simd_level(level)) continue;
        BOOST_TEST_CONTEXT("level " << iri::name(level)) {
            BOOST_TEST(encoded("a b") == "<a%20b");
            BOOST_TEST(encoded("a b", true) == "<a+b");  // spaceAsPlus (§5.2)
            BOOST_TEST(encoded("caf\xC3\xA9") == "<caf%C3%A9");
            BOOST_TEST(encoded("\xE4\xB8\xAD/\xF0\x9F\x98\x80") == "<%E4%B8%AD/%F0%9F%98%80");
            BOOST_TEST(encoded("a\xFF"
                               "b") == "<a%EF%BF%BDb");                             // a stray byte
            BOOST_TEST(encoded("\xE4\xB8") == "<%EF%BF%BD");                        // a truncated sequence: one subpart
            BOOST_TEST(encoded("\xE0\x80\x80") == "<%EF%BF%BD%EF%BF%BD%EF%BF%BD");  // E0 80: no subpart of two
            BOOST_TEST(encoded("\xED\xA0\x80") == "<%EF%BF%BD%EF%BF%BD%EF%BF%BD");  // a surrogate
            BOOST_TEST(encoded("\xC0\xAF") == "<%EF%BF%BD%EF%BF%BD");               // overlong
            BOOST_TEST(encoded("%41%zz%") == "<%41%zz%");
            BOOST_TEST(encoded(long_run + "{" + long_run + "\xC3\xA9" + long_run) ==
                       "<" + long_run + "%7B" + long_run + "%C3%A9" + long_run);
            BOOST_TEST(iri::detail::first_to_encode(long_run + "?", 0, path_like()) == 100u);
            BOOST_TEST(iri::detail::first_to_encode("a%zzb", 0, path_like()) == 5u);
        }
    }
    (void)iri::detail::select_simd_level(iri::detail::widest_simd_level());
}

// A set that keeps the bytes from 0x80 (no set of the URL Standard does; the encoder allows it): well-formed
// characters are copied, an ill-formed sequence is U+FFFD's bytes, unencoded.
BOOST_AUTO_TEST_CASE(percent_encoder_keeping_non_ascii) {
    iri::detail::byte_set b;
    b.add(' ');
    const auto set = iri::detail::make_percent_encode_set(b);
    std::string out;
    iri::detail::append_percent_encoded(out,
                                        "a b\xC3\xA9\xFF"
                                        "c",
                                        set);
    BOOST_TEST(out ==
               "a%20b\xC3\xA9\xEF\xBF\xBD"
               "c");
}

// The UTF-8 walker: code points, and an ill-formed sequence as one negative value over its maximal subpart.
BOOST_AUTO_TEST_CASE(utf8_walker) {
    const std::string_view s = "a\xC3\xA9\xE4\xB8\xF0\x9F\x98\x80";
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    std::size_t i = 0;
    BOOST_TEST(iri::detail::next_code_point(p, i, s.size()) == 'a');
    BOOST_TEST(iri::detail::next_code_point(p, i, s.size()) == 0xE9);
    BOOST_TEST(iri::detail::next_code_point(p, i, s.size()) < 0);
    BOOST_TEST(i == 5u);  // E4 B8: the maximal subpart, two bytes
    BOOST_TEST(static_cast<std::uint32_t>(iri::detail::next_code_point_or_fffd(p, i, s.size())) == 0x1F600u);
    BOOST_TEST(i == s.size());
    const std::u16string_view u = u"a\xD83D\xDE00\xDC00";
    std::size_t k = 0;
    BOOST_TEST(iri::detail::next_code_point(u, k) == 'a');
    BOOST_TEST(iri::detail::next_code_point(u, k) == 0x1F600);
    BOOST_TEST(iri::detail::next_code_point(u, k) == -1);  // a lone trail surrogate
}
