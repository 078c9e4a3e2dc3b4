#define BOOST_TEST_MODULE web_host
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convert/idna_detail.hpp"
#include "iri/idna.hpp"
#include "support/escaped.hpp"
#include "support/wpt.hpp"
#include "text/ip_address.hpp"
#include "web/host_parser.hpp"

// The URL Standard's host parser (§3.5) and serializer (§3.6): every case of web-platform-tests' toascii.json and
// IdnaTestV2.json (and IdnaTestV2-removed.json), and the Standard's own examples (its table of validation errors in
// §1.1, the IPv4 parser's number forms, §3.6's compression example).
namespace {

using iri::web::host_kind;
using iri::web::validation;
using iri_test::escaped;  // support/escaped.hpp

// What parse_host answered: the serialized host or the failure, and the validation errors it noted.
struct parsed {
    iri::web::host_outcome outcome;
    std::string host;
    std::vector<iri::web::validation_note> notes;
};

parsed host_of(std::string_view input, bool opaque = false, std::uint32_t offset = 0) {
    parsed p;
    p.host = "unchanged";  // the parser appends; a failure leaves it as it was
    p.outcome = iri::web::parse_host(input, opaque, &p.host, &p.notes, offset);
    if (!p.outcome.failed) p.host.erase(0, 9);
    return p;
}

// What stands for the host parser's failure in the comparisons (no host serializes to it: "(" is no code point of
// a domain, and an opaque host has it only as written, which no test here does).
const std::string failure = "(failure)";

// The serialized host, or `failure`.
std::string serialized(std::string_view input, bool opaque = false) {
    parsed p = host_of(input, opaque);
    if (p.outcome.failed) {
        BOOST_TEST(p.host == "unchanged", "a failure changed the output: " << input);
        return failure;
    }
    return p.host;
}

bool noted(const parsed& p, validation v) {
    for (const auto& n : p.notes)
        if (n.what == v) return true;
    return false;
}

// The Standard's name of `v` and whether its table marks it as a failure, as iri/web_validation.def writes them.
struct validation_row {
    std::string_view name;
    bool failure;
};
validation_row row(validation v) {
    static const validation_row rows[] = {
#define IRI_WEB_VALIDATION(id, name, failure) {name, failure},
#include "iri/web_validation.def"
#undef IRI_WEB_VALIDATION
    };
    return rows[static_cast<std::size_t>(v)];
}

// A failure with validation error `v`, which the Standard's table marks as one that fails.
void check_failure(std::string_view input, validation v, bool opaque = false) {
    const parsed p = host_of(input, opaque);
    BOOST_TEST_CONTEXT(escaped(input)) {
        BOOST_TEST(p.outcome.failed);
        BOOST_TEST(row(p.outcome.failure).name == row(v).name);
        BOOST_TEST(row(v).failure);
    }
}

// The cases of one web-platform-tests file: input and expected output (`failure` for null).
struct wpt_case {
    std::string input;
    std::string output;
};

std::vector<wpt_case> cases_of(const std::string& file) {
    std::vector<wpt_case> cases;
    const boost::json::value json = iri_test::wpt_json(file);
    for (const boost::json::value& v : json.as_array()) {
        if (!v.is_object()) continue;  // the strings are comments
        const boost::json::object& o = v.as_object();
        wpt_case c{iri_test::wpt_string(o.at("input")), failure};
        if (!o.at("output").is_null()) c.output = iri_test::wpt_string(o.at("output"));
        cases.push_back(std::move(c));
    }
    return cases;
}

// Runs the cases of `file` through the host parser.
void run_cases(const std::string& file, const std::vector<wpt_case>& cases) {
    for (const wpt_case& c : cases) {
        const std::string got = serialized(c.input);
        if (c.input.empty()) {
            // The one case no URL can carry (IdnaTestV2.window.js skips it): UTS #46 ToASCII of "" is "", the file's
            // output; the Standard's domain parser then fails on an empty result (§3.3).
            BOOST_TEST(c.output == "");
            const std::optional<std::string> ascii = iri::detail::web_domain_to_ascii("", false);
            BOOST_TEST((ascii && ascii->empty()));
            BOOST_TEST(got == failure);
            continue;
        }
        BOOST_TEST(got == c.output, file << " input " << escaped(c.input));
    }
}

}  // namespace

// toascii.json: "the host parser on the input as a special URL's host" (web-platform-tests' toascii.window.js parses
// "https://" + input + "/x" and compares the host); IdnaTestV2.json and IdnaTestV2-removed.json: domain to ASCII
// through the host parser (IdnaTestV2.window.js: the host of "https://" + input + "/x"), null for failure. Every
// case, with UTS #46 of Unicode 17.0.0 (data/unicode/), the version IdnaTestV2.json was made from.
BOOST_AUTO_TEST_CASE(every_toascii_and_idna_test_v2_case) {
    const std::vector<wpt_case> toascii = cases_of("toascii.json"), v2 = cases_of("IdnaTestV2.json"),
                                removed = cases_of("IdnaTestV2-removed.json");
    BOOST_TEST(toascii.size() == 87u);
    BOOST_TEST(v2.size() == 2671u);
    BOOST_TEST(removed.size() == 20u);
    run_cases("toascii.json", toascii);
    run_cases("IdnaTestV2.json", v2);
    run_cases("IdnaTestV2-removed.json", removed);
    BOOST_TEST(iri::idna_unicode_version() == "17.0.0");
}

// ---- §3.5 the IPv4 parser and its number forms ----

BOOST_AUTO_TEST_CASE(ipv4_number_forms) {
    // Hex ("0x"), octal (a leading "0"), decimal; one to four parts, the last filling the bytes left.
    BOOST_TEST(serialized("0x7F.1") == "127.0.0.1");
    BOOST_TEST(serialized("0177.0.0.1") == "127.0.0.1");
    BOOST_TEST(serialized("0x7f000001") == "127.0.0.1");
    BOOST_TEST(serialized("2130706433") == "127.0.0.1");  // 127 * 2^24 + 1
    BOOST_TEST(serialized("127.1") == "127.0.0.1");
    BOOST_TEST(serialized("127.0.1") == "127.0.0.1");
    BOOST_TEST(serialized("1.2.65535") == "1.2.255.255");
    BOOST_TEST(serialized("4294967295") == "255.255.255.255");
    BOOST_TEST(serialized("0x") == "0.0.0.0");  // "0x" alone is the number 0
    BOOST_TEST(serialized("1.0x") == "1.0.0.0");
    BOOST_TEST(serialized("0") == "0.0.0.0");
    BOOST_TEST(serialized("00") == "0.0.0.0");
    BOOST_TEST(serialized("1.2.3.4") == "1.2.3.4");
    BOOST_TEST(serialized("1.2.3.4.") == "1.2.3.4");  // IPv4-empty-part, not a failure
    BOOST_TEST((host_of("1.2.3.4").outcome.kind == host_kind::ipv4));
    BOOST_TEST((host_of("0x7F.1").outcome.kind == host_kind::ipv4));
}

BOOST_AUTO_TEST_CASE(ipv4_failures) {
    check_failure("1.2.3.4.5", validation::ipv4_too_many_parts);          // §1.1's example
    check_failure("test.42", validation::ipv4_non_numeric_part);          // §1.1's example
    check_failure("255.255.4000.1", validation::ipv4_out_of_range_part);  // §1.1's example: not the last part
    check_failure("1.2.3.256", validation::ipv4_out_of_range_part);       // the last of four must be below 256
    check_failure("1.2.65536", validation::ipv4_out_of_range_part);       // of three, below 256^2
    check_failure("4294967296", validation::ipv4_out_of_range_part);      // of one, below 256^4
    check_failure("99999999999999999999999", validation::ipv4_out_of_range_part);
    check_failure("09", validation::ipv4_non_numeric_part);  // octal: 9 is no digit of it (the checker's note)
    check_failure("0xg.1", validation::ipv4_non_numeric_part);
    check_failure("1..2", validation::ipv4_non_numeric_part);  // an empty part that is not the last
}

BOOST_AUTO_TEST_CASE(ipv4_validation_errors_that_do_not_fail) {
    const parsed empty_part = host_of("127.0.0.1.");  // §1.1's IPv4-empty-part example
    BOOST_TEST(noted(empty_part, validation::ipv4_empty_part));
    BOOST_TEST(!noted(empty_part, validation::ipv4_too_few_parts));
    const parsed few = host_of("1.2.3");  // §1.1's IPv4-too-few-parts example
    BOOST_TEST(few.host == "1.2.0.3");
    BOOST_TEST(noted(few, validation::ipv4_too_few_parts));
    const parsed non_decimal = host_of("127.0.0x0.1");  // §1.1's IPv4-non-decimal-part example
    BOOST_TEST(non_decimal.host == "127.0.0.1");
    BOOST_TEST(noted(non_decimal, validation::ipv4_non_decimal_part));
    const parsed large_last = host_of("1.65535");  // the last part above 255 but within its bytes
    BOOST_TEST(large_last.host == "1.0.255.255");
    BOOST_TEST(noted(large_last, validation::ipv4_out_of_range_part));
    BOOST_TEST(host_of("1.2.3.4").notes.empty());
}

BOOST_AUTO_TEST_CASE(ends_in_a_number) {
    using iri::detail::ends_in_a_number;  // text/ip_address.hpp
    BOOST_TEST(ends_in_a_number("1.2.3.4"));
    BOOST_TEST(ends_in_a_number("a.1"));
    BOOST_TEST(ends_in_a_number("a.1."));  // the empty last part is removed first
    BOOST_TEST(ends_in_a_number("a.09"));  // digits: the IPv4 parser rejects it later
    BOOST_TEST(ends_in_a_number("a.0x"));  // "0x" and hex digits: an IPv4 number
    BOOST_TEST(ends_in_a_number("a.0XfF"));
    BOOST_TEST(!ends_in_a_number("a.0xg"));
    BOOST_TEST(!ends_in_a_number("1.a"));
    BOOST_TEST(!ends_in_a_number("example.com"));
    BOOST_TEST(!ends_in_a_number("a.1.."));  // parts "a", "1", "", "": only one empty part goes, the last is ""
    BOOST_TEST(!ends_in_a_number("."));
    BOOST_TEST(!ends_in_a_number("a.-1"));
}

// ---- §3.5 the IPv6 parser, §3.6 its serializer ----

BOOST_AUTO_TEST_CASE(ipv6_serialization) {
    BOOST_TEST(serialized("[::1]") == "[::1]");
    BOOST_TEST(serialized("[0:0:0:0:0:0:0:1]") == "[::1]");
    BOOST_TEST(serialized("[::]") == "[::]");
    BOOST_TEST(serialized("[1:0:0:2:0:0:0:3]") == "[1:0:0:2::3]");        // the longest run of zeros
    BOOST_TEST(serialized("[1:0:0:2:0:0:3:4]") == "[1::2:0:0:3:4]");      // the first of equal runs
    BOOST_TEST(serialized("[0:f:0:0:f:f:0:0]") == "[0:f::f:f:0:0]");      // §3.6: "it would point to the second 0"
    BOOST_TEST(serialized("[1:0:2:3:4:5:6:7]") == "[1:0:2:3:4:5:6:7]");   // a single zero piece is not compressed
    BOOST_TEST(serialized("[2001:DB8::ABCD]") == "[2001:db8::abcd]");     // lowercase
    BOOST_TEST(serialized("[::ffff:192.0.2.1]") == "[::ffff:c000:201]");  // IPv4 syntax, serialized in hex
    BOOST_TEST(serialized("[::127.0.0.1]") == "[::7f00:1]");
    BOOST_TEST(serialized("[1:2:3:4:5:6:1.2.3.4]") == "[1:2:3:4:5:6:102:304]");
    BOOST_TEST((host_of("[::1]").outcome.kind == host_kind::ipv6));
}

// §1.1's examples of the IPv6 and IPv4-in-IPv6 validation errors, each a failure but IPv6-piece-leading-zero.
BOOST_AUTO_TEST_CASE(ipv6_validation_errors) {
    check_failure("[::1", validation::ipv6_unclosed);
    check_failure("[", validation::ipv6_unclosed);
    check_failure("[:1]", validation::ipv6_invalid_compression);
    check_failure("[1:2:3:4:5:6:7:8:9]", validation::ipv6_too_many_pieces);
    check_failure("[1::1::1]", validation::ipv6_multiple_compression);
    check_failure("[1:2:3!:4]", validation::ipv6_invalid_code_point);
    check_failure("[1:2:3:]", validation::ipv6_invalid_code_point);
    check_failure("[1:2:3]", validation::ipv6_too_few_pieces);
    check_failure("[]", validation::ipv6_too_few_pieces);
    check_failure("[1:1:1:1:1:1:1:127.0.0.1]", validation::ipv4_in_ipv6_too_many_pieces);
    check_failure("[ffff::.0.0.1]", validation::ipv4_in_ipv6_invalid_code_point);
    check_failure("[ffff::127.0.xyz.1]", validation::ipv4_in_ipv6_invalid_code_point);
    check_failure("[ffff::127.0xyz]", validation::ipv4_in_ipv6_invalid_code_point);
    check_failure("[ffff::127.00.0.1]", validation::ipv4_in_ipv6_invalid_code_point);
    check_failure("[ffff::127.0.0.1.2]", validation::ipv4_in_ipv6_invalid_code_point);
    check_failure("[ffff::127.0.0.4000]", validation::ipv4_in_ipv6_out_of_range_part);
    check_failure("[ffff::127.0.0]", validation::ipv4_in_ipv6_too_few_parts);
    check_failure("[12345::1]", validation::ipv6_invalid_code_point);  // a fifth hex digit
    check_failure("[::1%eth0]", validation::ipv6_invalid_code_point);  // no zone identifiers

    const parsed leading_zero = host_of("[::01]");
    BOOST_TEST(!leading_zero.outcome.failed);
    BOOST_TEST(leading_zero.host == "[::1]");
    BOOST_TEST(noted(leading_zero, validation::ipv6_piece_leading_zero));
    BOOST_TEST(!noted(host_of("[::10]"), validation::ipv6_piece_leading_zero));
    BOOST_TEST(!noted(host_of("[::0]"), validation::ipv6_piece_leading_zero));
}

// The failure's offset: the byte of the whole input (input_offset + the byte in the host) where it was found.
BOOST_AUTO_TEST_CASE(failure_offsets) {
    const parsed bang = host_of("[1:2:3!:4]", false, 8);  // as in "https://[1:2:3!:4]"
    BOOST_TEST(bang.outcome.failed);
    BOOST_TEST(bang.outcome.failure_offset == 8u + 6u);
    const parsed opaque = host_of("exa[mple.org", true, 6);  // "foo://exa[mple.org"
    BOOST_TEST(opaque.outcome.failure_offset == 6u + 3u);
    const parsed encoded = host_of("exam%70le.org", false, 8);
    BOOST_TEST(encoded.notes.size() == 1u);
    BOOST_TEST(encoded.notes[0].offset == 8u + 4u);
}

// ---- §3.5 the opaque-host parser ----

BOOST_AUTO_TEST_CASE(opaque_hosts) {
    check_failure("exa[mple.org", validation::host_invalid_code_point, true);  // §1.1's example
    const std::string_view forbidden[] = {"a b",
                                          "a#b",
                                          "a/b",
                                          "a:b",
                                          "a<b",
                                          "a>b",
                                          "a?b",
                                          "a@b",
                                          "a\\b",
                                          "a]b",
                                          "a^b",
                                          "a|b",
                                          std::string_view("a\0b", 3),
                                          "a\tb",
                                          "a\nb",
                                          "a\rb"};
    for (std::string_view input : forbidden) check_failure(input, validation::host_invalid_code_point, true);
    BOOST_TEST(serialized("EXAMPLE.org", true) == "EXAMPLE.org");  // no lowercasing, no IDNA
    BOOST_TEST(serialized("ex%61mple", true) == "ex%61mple");      // no decoding
    BOOST_TEST(serialized("\xC3\xA9x", true) == "%C3%A9x");        // the C0 control percent-encode set
    BOOST_TEST(serialized("a\x01"
                          "b\x7F",
                          true) == "a%01b%7F");
    BOOST_TEST(serialized("a%b", true) == "a%b");  // kept, with invalid-URL-unit
    BOOST_TEST(serialized("1.2.3.4", true) == "1.2.3.4");
    BOOST_TEST((host_of("1.2.3.4", true).outcome.kind == host_kind::opaque));
    BOOST_TEST((host_of("", true).outcome.kind == host_kind::empty));
    BOOST_TEST(serialized("[::1]", true) == "[::1]");  // brackets: the IPv6 parser, special or not
    BOOST_TEST(noted(host_of("a%zz", true), validation::invalid_url_unit));
    BOOST_TEST(noted(host_of("a\x01", true), validation::invalid_url_unit));
    BOOST_TEST(noted(host_of("a\xC2\x80", true), validation::invalid_url_unit));  // U+0080 is no URL code point
    BOOST_TEST(host_of("a\x01\x02%zz%yy", true).notes.size() == 2u);              // each check one validation error
    BOOST_TEST(host_of("a%41\xC3\xA9!$&'()*+,;=_~-.", true).notes.empty());
}

// ---- §3.5 the domain path, §3.3 the domain parser ----

BOOST_AUTO_TEST_CASE(domains) {
    BOOST_TEST(serialized("EXAMPLE.com") == "example.com");
    BOOST_TEST(serialized("example.com.") == "example.com.");
    BOOST_TEST(serialized("\xE2\x98\x95.example") == "xn--53h.example");  // §3.3's note: "☕.example"
    BOOST_TEST(serialized("xn--8i7caa") == "xn--8i7caa");  // ASCII: lowercased whatever ToASCII says (§3.3 note)
    BOOST_TEST(serialized("XN--8I7CAA") == "xn--8i7caa");
    BOOST_TEST(serialized("%C3%A9.com") == "xn--9ca.com");              // percent-decoded, then UTF-8 decoded
    BOOST_TEST(serialized("\xEF\xBC\xA5xample.com") == "example.com");  // fullwidth E: UTS #46 maps it
    BOOST_TEST(serialized("\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x97.0.0.1") == "127.0.0.1");  // fullwidth digits: IPv4
    BOOST_TEST((host_of("example.com").outcome.kind == host_kind::domain));

    const parsed encoded = host_of("exam%70le.org");  // §1.1's domain-percent-encoded example
    BOOST_TEST(encoded.host == "example.org");
    BOOST_TEST(noted(encoded, validation::domain_percent_encoded));
    BOOST_TEST(noted(host_of("xn--8i7caa"), validation::domain_to_ascii));  // the strict ToASCII fails
    BOOST_TEST(host_of("example.com").notes.empty());

    check_failure("exa%23mple.org", validation::domain_to_ascii);  // §1.1: "exa#mple.org", a forbidden code point
    check_failure("exa%25mple.org", validation::domain_to_ascii);  // "%" is a forbidden domain code point
    check_failure("a%00b", validation::domain_to_ascii);
    check_failure("a\x7F", validation::domain_to_ascii);
    check_failure("%FF.com", validation::domain_to_ascii);               // not UTF-8: U+FFFD, which UTS #46 disallows
    check_failure("\xEF\xBF\xBD.com", validation::domain_to_ascii);      // U+FFFD itself
    check_failure("xn--a.\xC3\x9F", validation::domain_to_ascii);        // not ASCII: Unicode ToASCII, bad Punycode
    check_failure("\xE2\x80\x8D.example", validation::domain_to_ascii);  // CheckJoiners: a lone ZWJ
    check_failure("", validation::domain_to_ascii);                      // the domain parser fails on an empty result
    check_failure("\xC2\xAD", validation::domain_to_ascii);              // U+00AD maps to nothing: empty
    BOOST_TEST(serialized("a\xC2\xAD") == "a");
}

// Linear time for huge hosts: 4 MB of ASCII labels (no ICU), and 1 MB of short non-ASCII labels (ICU, without
// DNS's limits: VerifyDnsLength is false).
BOOST_AUTO_TEST_CASE(huge_hosts) {
    std::string ascii;
    for (int i = 0; i < 1 << 20; ++i) ascii += "Ab.";
    std::string lower;
    for (int i = 0; i < 1 << 20; ++i) lower += "ab.";
    BOOST_TEST(serialized(ascii) == lower);
    std::string unicode, expected;
    for (int i = 0; i < 1 << 18; ++i) unicode += "\xC3\xA9.", expected += "xn--9ca.";
    BOOST_TEST(serialized(unicode) == expected);
}

// CheckBidi over a whole long name (UTS #46 §4.1 V8, RFC 5893): once one label is right-to-left (U+05D0), every label
// must keep the Bidi Rule, and "1" (a digit first) does not; "a" does. The same far apart as side by side.
BOOST_AUTO_TEST_CASE(bidi_rule_across_a_long_name) {
    std::string many_a, many_a_ascii;
    for (int i = 0; i < 2000; ++i) many_a += "a.";
    BOOST_TEST(serialized("1.\xD7\x90") == failure);
    BOOST_TEST(serialized("1." + many_a + "\xD7\x90") == failure);
    BOOST_TEST(serialized("1." + many_a + "\xC3\xA9") == "1." + many_a + "xn--9ca");  // no right-to-left label
    BOOST_TEST(serialized("a.\xD7\x90") == "a.xn--4db");
    BOOST_TEST(serialized(many_a + "\xD7\x90") == many_a + "xn--4db");
    BOOST_TEST(serialized(many_a + "\xD7\x90.") == many_a + "xn--4db.");
}

// UTS #46 maps a label to NFC (§4 step 1), so canonically equivalent labels give the same host: "e" with U+0301
// (class 230) and U+0316 (class 220) in either order, and "é" (U+00E9) with U+0316. Canonical ordering puts every
// U+0316 of a run before every U+0301, as for 200 marks alternating (a run longer than a few dozen).
BOOST_AUTO_TEST_CASE(combining_marks_in_any_order_give_one_host) {
    const std::string acute = "\xCC\x81", below = "\xCC\x96";
    const std::string host = serialized("e" + acute + below);
    BOOST_TEST(host != failure);
    BOOST_TEST(host.starts_with("xn--"));
    BOOST_TEST(serialized("e" + below + acute) == host);
    BOOST_TEST(serialized("\xC3\xA9" + below) == host);
    std::string alternating = "e", ordered = "e", composed = "\xC3\xA9";
    for (int i = 0; i < 100; ++i) alternating += acute + below;
    for (int i = 0; i < 100; ++i) ordered += below, composed += below;
    for (int i = 0; i < 100; ++i) ordered += acute, composed += i ? acute : "";
    const std::string long_host = serialized(alternating);
    BOOST_TEST(long_host != failure);
    BOOST_TEST(long_host.starts_with("xn--"));
    BOOST_TEST(serialized(ordered) == long_host);
    BOOST_TEST(serialized(composed) == long_host);
    BOOST_TEST(serialized(alternating + "." + alternating) == long_host + "." + long_host);
}

// Linear time for a label of 400 kB of combining marks out of canonical order: it fails on ICU's limit on a label's
// Punycode (about a thousand code points, idna_detail.hpp), after NFC of the whole label.
BOOST_AUTO_TEST_CASE(huge_label_of_combining_marks) {
    std::string label = "e";
    for (int i = 0; i < 100000; ++i) label += "\xCC\x81\xCC\x96";
    BOOST_TEST(serialized(label) == failure);
}
