#define BOOST_TEST_MODULE idna
#include <boost/test/unit_test.hpp>

#include "iri/idna.hpp"

#include <string>

#include "iri/schemes.hpp"
#include "support/printing.hpp"

BOOST_AUTO_TEST_CASE(rfc3987_examples) {
    // RFC 3987 §3.1: résumé is xn--rsum-bpad (3987bis §3.4.2 prints "xn--rsum-bad", a typo).
    BOOST_TEST(*iri::host_to_ascii("résumé.example.org") == "xn--rsum-bpad.example.org");
    BOOST_TEST(*iri::host_to_unicode("xn--rsum-bpad.example.org") == "résumé.example.org");
    // RFC 3987 §3.2.1: xn--99zt52a is 納豆.
    BOOST_TEST(*iri::host_to_unicode("xn--99zt52a.example.org") == "納豆.example.org");
    BOOST_TEST(*iri::host_to_ascii("納豆.example.org") == "xn--99zt52a.example.org");
    // UTS #46 mapping: case folded, ASCII untouched.
    BOOST_TEST(*iri::host_to_ascii("RÉSUMÉ.Example.ORG") == "xn--rsum-bpad.example.org");
    BOOST_TEST(*iri::host_to_unicode("www.example.com") == "www.example.com");
}

BOOST_AUTO_TEST_CASE(failures_name_the_label_and_the_rule) {
    // CheckHyphens: "--" in positions 3 and 4 of the second label (bytes 4–9).
    auto h = iri::host_to_ascii("www.ab--c.example");
    BOOST_TEST_REQUIRE(!h.has_value());
    BOOST_TEST(h.error().code == iri::errc::idna_failed);
    BOOST_TEST(h.error().char_offset == 4u);
    BOOST_TEST(h.error().length == 5u);
    BOOST_TEST(iri::idna_error_names(h.error().idna_errors) == "hyphen_3_4");
    BOOST_TEST(h.error().message() == "the host label at bytes 4-9 fails UTS #46 processing: hyphen_3_4");
    // VerifyDnsLength: a label of 64 octets.
    auto l = iri::host_to_ascii(std::string(64, 'a') + ".example");
    BOOST_TEST_REQUIRE(!l.has_value());
    BOOST_TEST(iri::idna_error_names(l.error().idna_errors) == "label_too_long");
    BOOST_TEST(l.error().length == 64u);
    // CheckJoiners: a ZERO WIDTH JOINER between two Latin letters (RFC 5892 Appendix A.2).
    auto j = iri::host_to_ascii("a\u200Db.example");
    BOOST_TEST_REQUIRE(!j.has_value());
    BOOST_TEST(iri::idna_error_names(j.error().idna_errors) == "contextj");
    // CheckBidi: a right-to-left label must not start with a European digit (RFC 5893 §2 rule 1).
    auto b = iri::host_to_ascii("1\u05D0.example");
    BOOST_TEST_REQUIRE(!b.has_value());
    BOOST_TEST(iri::idna_error_names(b.error().idna_errors).find("bidi") != std::string::npos);
    // UseSTD3ASCIIRules: "_" is disallowed in a host name.
    auto u = iri::host_to_ascii("a_b.example");
    BOOST_TEST_REQUIRE(!u.has_value());
    BOOST_TEST(iri::idna_error_names(u.error().idna_errors) == "disallowed");
    BOOST_TEST(u.error().char_offset == 0u);
    // A bad A-label.
    BOOST_TEST(!iri::host_to_unicode("xn--a.example").has_value());
}

BOOST_AUTO_TEST_CASE(scheme_table) {
    BOOST_TEST(*iri::default_port("http") == 80);
    BOOST_TEST(*iri::default_port("HTTPS") == 443);
    BOOST_TEST(*iri::default_port("ws") == 80);
    BOOST_TEST(*iri::default_port("wss") == 443);
    BOOST_TEST(*iri::default_port("ftp") == 21);
    BOOST_TEST(!iri::default_port("mailto").has_value());
    BOOST_TEST(!iri::default_port("").has_value());
    BOOST_TEST(iri::find_scheme("Http")->empty_path_is_root);
    BOOST_TEST(!iri::find_scheme("ftp")->empty_path_is_root);
    BOOST_TEST(iri::find_scheme("htt") == nullptr);
    BOOST_TEST(iri::find_scheme("https2") == nullptr);
    for (const auto& s : iri::known_schemes()) BOOST_TEST(iri::find_scheme(s.name) == &s);
    // RFC 3986 §3.1: case-insensitive, A-Z only. Every name in uppercase; the octets next to "A" and "Z" ("@",
    // "[") lowercase to nothing ("`", "{" are not in any name).
    for (const auto& s : iri::known_schemes()) {
        std::string upper(s.name);
        for (char& c : upper) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
        BOOST_TEST(iri::find_scheme(upper) == &s, upper);
    }
    BOOST_TEST(iri::find_scheme("ws@") == nullptr);
    BOOST_TEST(iri::find_scheme("@s") == nullptr);  // "@" + 0x20 is "`"
    BOOST_TEST(iri::find_scheme("[s") == nullptr);
    BOOST_TEST(iri::find_scheme("WS") == iri::find_scheme("ws"));
    BOOST_TEST(iri::find_scheme(std::string(17, 'a')) == nullptr);
    BOOST_TEST(iri::find_scheme(std::string_view("ws\0", 3)) == nullptr);  // not "ws" packed with a zero octet
}

BOOST_AUTO_TEST_CASE(ldh_hosts_at_the_dns_limits) {
    // UTS #46 maps an LDH host (RFC 5890 §2.3.1) to its lowercase, within DNS's 63 octets per label and 253 per
    // name (RFC 1035 §2.3.4); one octet more is an error.
    BOOST_TEST(*iri::host_to_ascii("WWW.Ex-Ample.COM") == "www.ex-ample.com");
    BOOST_TEST(*iri::host_to_unicode("WWW.Ex-Ample.COM") == "www.ex-ample.com");
    const std::string label63(63, 'A');
    BOOST_TEST(*iri::host_to_ascii(label63 + ".x") == std::string(63, 'a') + ".x");
    BOOST_TEST(!iri::host_to_ascii(std::string(64, 'a') + ".x").has_value());
    std::string name253 = label63 + "." + label63 + "." + label63 + "." + std::string(61, 'b');  // 3 × 63 + 61 + 3 dots
    BOOST_TEST(name253.size() == 253u);
    BOOST_TEST(iri::host_to_ascii(name253).has_value());
    auto long_name = iri::host_to_ascii(name253 + "c");
    BOOST_TEST_REQUIRE(!long_name.has_value());
    BOOST_TEST(iri::idna_error_names(long_name.error().idna_errors) == "domain_name_too_long");
    BOOST_TEST(iri::idna_error_names(iri::host_to_ascii("-ab.example").error().idna_errors) == "leading_hyphen");
    BOOST_TEST(iri::idna_error_names(iri::host_to_ascii("ab-.example").error().idna_errors) == "trailing_hyphen");
    BOOST_TEST(iri::host_to_ascii("123.456").value() == "123.456");
}

BOOST_AUTO_TEST_CASE(the_mapping_of_unicode_17) {
    // UTS #46 of Unicode 17.0.0 (data/unicode/), not of the ICU on the machine. Since Unicode 15.1 the IDNA Mapping
    // Table maps U+1E9E LATIN CAPITAL LETTER SHARP S to U+00DF (before: "ss"), which nontransitional processing
    // keeps: xn--zca is "ß" (the browsers' answer, web-platform-tests' toascii.json).
    BOOST_TEST(iri::idna_unicode_version() == "17.0.0");
    BOOST_TEST(*iri::host_to_ascii("\u1E9E.com") == "xn--zca.com");
    BOOST_TEST(*iri::host_to_unicode("\u1E9E.com") == "\u00DF.com");
    // U+04C0 and U+2183 map to their lowercase (U+04CF, U+2184) and U+2F868 to U+36FC; before 15.1 all disallowed.
    BOOST_TEST(*iri::host_to_ascii("\u04C0.com") == "xn--s5a.com");
    BOOST_TEST(*iri::host_to_ascii("\u2183.com") == "xn--r5g.com");
    BOOST_TEST(*iri::host_to_ascii("\U0002F868.com") == "xn--snl.com");
    // Default ignorable code points are ignored (U+180E MONGOLIAN VOWEL SEPARATOR, U+206B, U+034F).
    BOOST_TEST(*iri::host_to_ascii("look\u180Eout.net") == "lookout.net");
    BOOST_TEST(*iri::host_to_ascii("look\u206Bout.net") == "lookout.net");
    // Full-width letters and the ideographic full stop map to ASCII (§5: mapped).
    BOOST_TEST(*iri::host_to_ascii("\uFF37\uFF37\uFF37\u3002example\uFF0Ecom") == "www.example.com");
}

BOOST_AUTO_TEST_CASE(the_root_label_and_empty_labels) {
    // A name ending in "." (the DNS root, RFC 1034 §3.1) keeps it, as it is written (idna.hpp: the one departure
    // from VerifyDnsLength, which counts the empty root label as an error).
    BOOST_TEST(*iri::host_to_ascii("r\u00E9sum\u00E9.example.org.") == "xn--rsum-bpad.example.org.");
    BOOST_TEST(*iri::host_to_unicode("xn--rsum-bpad.example.org.") == "r\u00E9sum\u00E9.example.org.");
    BOOST_TEST(*iri::host_to_ascii("Example.ORG.") == "example.org.");
    // Any other empty label fails, in both directions (ToUnicode: IdnaTestV2's X4_2).
    for (const auto& r : {iri::host_to_ascii("a..b\u00E9"), iri::host_to_unicode("a..b\u00E9")}) {
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(iri::idna_error_names(r.error().idna_errors) == "empty_label");
        BOOST_TEST(r.error().char_offset == 0u);  // no label fails alone: the whole host
        BOOST_TEST(r.error().length == 6u);
    }
    BOOST_TEST(!iri::host_to_ascii("..").has_value());
    BOOST_TEST(!iri::host_to_ascii(".").has_value());  // an empty label before the root
}

BOOST_AUTO_TEST_CASE(punycode_labels_that_fail) {
    // An "xn--" label that is not Punycode, or holds what no ToASCII writes, fails at that label (UTS #46 §4 step
    // 4: IgnoreInvalidPunycode is false).
    const auto not_punycode = iri::host_to_unicode("www.xn--0.example");  // "0" asks for a digit after it
    BOOST_TEST_REQUIRE(!not_punycode.has_value());
    BOOST_TEST(iri::idna_error_names(not_punycode.error().idna_errors) == "punycode");
    BOOST_TEST(not_punycode.error().char_offset == 4u);
    BOOST_TEST(not_punycode.error().length == 5u);
    // "xn--abc-" decodes to "abc", only ASCII (§4 step 4.3).
    BOOST_TEST(iri::idna_error_names(iri::host_to_unicode("xn--abc-.example").error().idna_errors) ==
               "invalid_ace_label");
    // "xn--ls8h" is U+1F4A9, valid; upper case "XN--" is mapped to "xn--" first.
    BOOST_TEST(*iri::host_to_unicode("XN--LS8H.example") == "\U0001F4A9.example");
    BOOST_TEST(*iri::host_to_ascii("\U0001F4A9.example") == "xn--ls8h.example");
    // Bytes that are not UTF-8 read as U+FFFD, which is disallowed.
    const auto bad = iri::host_to_ascii("ab\xFF.example");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(iri::idna_error_names(bad.error().idna_errors) == "disallowed");
    BOOST_TEST(bad.error().length == 3u);
}
