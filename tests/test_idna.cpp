#define BOOST_TEST_MODULE idna
#include <boost/test/unit_test.hpp>

#include "iri/idna.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unicode/bytestream.h>
#include <unicode/idna.h>

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

namespace {

// UTS #46 ToASCII of a whole name by ICU itself, with the options idna.cpp gives it (src/convert/idna.cpp: STD3 rules,
// CheckBidi, CheckJoiners, nontransitional): the output, or nothing when ICU reports an error.
std::optional<std::string> icu_to_ascii(const std::string& host) {
    UErrorCode status = U_ZERO_ERROR;
    const std::unique_ptr<icu::IDNA> idna(
        icu::IDNA::createUTS46Instance(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                           UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                       status));
    std::string out;
    icu::StringByteSink<std::string> sink(&out);
    icu::IDNAInfo info;
    idna->nameToASCII_UTF8(icu::StringPiece(host.data(), static_cast<int32_t>(host.size())), sink, info, status);
    if (U_FAILURE(status) || info.hasErrors()) return std::nullopt;
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(ascii_hosts_as_icu_maps_them) {
    // host_to_ascii answers an LDH host (RFC 5890 §2.3.1) without ICU, by its lowercase: on every name of up to six
    // octets over letters of both cases, a digit, "-", "." and "_", and the same after a 19-octet prefix (so that
    // the labels and the "--" of positions 3 and 4 cross the 16-octet blocks of the fast test), its answer must
    // be ICU's.
    const std::string alphabet = "aZ0-._";
    std::vector<std::string> hosts{""};
    for (std::size_t length = 1, from = 0; length <= 6; ++length) {
        const std::size_t to = hosts.size();
        for (std::size_t i = from; i < to; ++i)
            for (char c : alphabet) hosts.push_back(hosts[i] + c);
        from = to;
    }
    std::size_t checked = 0, plain = 0;
    for (const std::string& prefix : {std::string(), std::string("abcdefghijklmn.opqr")}) {
        for (const std::string& tail : hosts) {
            if (tail.empty() || (!prefix.empty() && tail.size() > 4)) continue;
            const std::string host = prefix + tail;
            const auto ours = iri::host_to_ascii(host);
            const auto icu = icu_to_ascii(host);
            BOOST_TEST(ours.has_value() == icu.has_value(), host);
            if (ours && icu) BOOST_TEST(*ours == *icu, host);
            ++checked;
            plain += icu.has_value();
        }
    }
    BOOST_TEST(checked == 55986u + 1554u);  // 6 + 6^2 + ... + 6^6 names, and 6 + ... + 6^4 after the prefix
    BOOST_TEST(plain > 1000u);              // many of them valid: the test is not of errors alone
}
