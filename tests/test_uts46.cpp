#define BOOST_TEST_MODULE uts46
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "convert/idna_detail.hpp"
#include "convert/punycode_detail.hpp"
#include "convert/uts46_detail.hpp"
#include "iri/error.hpp"
#include "iri/idna.hpp"
#include "support/datasets.hpp"
#include "support/escaped.hpp"
#include "text/utf8_detail.hpp"

// The library's UTS #46 processing (src/convert/uts46.cpp and the pieces it calls) against Unicode's own
// conformance file of the same version, IdnaTestV2.txt (datasets/unicode/, README there), line by line; Punycode
// against RFC 3492's samples; the ASCII fast path against the processing.
namespace {

using iri::detail::uts46_flags;

using iri::detail::append_utf8;  // text/utf8_detail.hpp

// One column of IdnaTestV2.txt as UTF-8: `""` is the empty string, \uXXXX and \x{XXXX} escapes are their code
// points (a pair of surrogate escapes one code point). A lone surrogate has no UTF-8: it becomes `lone`, which the
// callers choose (the file's CONFORMANCE section: an implementation that works on well-formed strings reads the
// ill-formed part as U+FFFD).
std::string unescape(std::string_view column, std::string_view lone) {
    if (column == "\"\"") return "";
    std::string out;
    for (std::size_t i = 0; i < column.size();) {
        char32_t c = 0;
        std::size_t length = 0;
        if (column.substr(i, 2) == "\\u" && i + 6 <= column.size()) {
            c = static_cast<char32_t>(std::stoul(std::string(column.substr(i + 2, 4)), nullptr, 16));
            length = 6;
        } else if (column.substr(i, 3) == "\\x{") {
            const std::size_t close = column.find('}', i);
            c = static_cast<char32_t>(std::stoul(std::string(column.substr(i + 3, close - i - 3)), nullptr, 16));
            length = close + 1 - i;
        } else {
            out += column[i++];
            continue;
        }
        i += length;
        if (c >= 0xD800 && c <= 0xDBFF && column.substr(i, 2) == "\\u") {
            const auto low = static_cast<char32_t>(std::stoul(std::string(column.substr(i + 2, 4)), nullptr, 16));
            if (low >= 0xDC00 && low <= 0xDFFF) {
                append_utf8(out, 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00));
                i += 6;
                continue;
            }
        }
        if (c >= 0xD800 && c <= 0xDFFF) out += lone;
        else append_utf8(out, c);
    }
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// A line of IdnaTestV2.txt, its columns filled in as its FORMAT section says (a blank toUnicode is the source, a
// blank toAsciiN the toUnicode, a blank toAsciiNStatus the toUnicodeStatus). The transitional columns (6, 7) are not
// read: the library's processing is nontransitional only (Transitional_Processing is deprecated, UTS #46 §4).
struct conformance_case {
    std::size_t line = 0;
    std::string source, to_unicode, to_ascii;
    std::string unicode_status, ascii_status;  // "[...]" or "" for none
};

std::vector<conformance_case> conformance_cases() {
    std::vector<conformance_case> cases;
    const std::vector<std::string> lines = iri_test::dataset_lines("unicode/IdnaTestV2.txt");
    BOOST_REQUIRE(!lines.empty());
    BOOST_TEST(lines[7] == "# Version: 17.0.0");
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string_view line = std::string_view(lines[n]).substr(0, lines[n].find('#'));
        if (trim(line).empty()) continue;
        std::vector<std::string_view> columns;
        for (std::size_t begin = 0;;) {
            const std::size_t semicolon = line.find(';', begin);
            columns.push_back(trim(line.substr(begin, semicolon - begin)));
            if (semicolon == std::string_view::npos) break;
            begin = semicolon + 1;
        }
        BOOST_REQUIRE_MESSAGE(columns.size() == 7, "IdnaTestV2.txt line " << n + 1 << " has not 7 columns");
        conformance_case c;
        c.line = n + 1;
        c.source = unescape(columns[0], "\xFF");  // one octet that is no UTF-8: one U+FFFD
        c.to_unicode = columns[1].empty() ? unescape(columns[0], "\uFFFD") : unescape(columns[1], "\uFFFD");
        c.to_ascii = columns[3].empty() ? c.to_unicode : unescape(columns[3], "\uFFFD");
        c.unicode_status = std::string(columns[2]);
        c.ascii_status = columns[4].empty() ? c.unicode_status : std::string(columns[4] == "[]" ? "" : columns[4]);
        cases.push_back(std::move(c));
    }
    return cases;
}

using iri_test::escaped;  // support/escaped.hpp

// The errors (iri::idna_error bits) that stand for each status code of IdnaTestV2.txt (its header: Bn CheckBidi,
// Cn CheckJoiners, Pn §4 step n, Vn §4.1 criterion n, U1 UseSTD3ASCIIRules, An §4.2 step n, X4_2 an empty label
// in toUnicode). V4 (without CheckHyphens, no label beginning "xn--") is reported as hyphen_3_4 when CheckHyphens
// is on, as criterion 2 then covers the same labels and criterion 4 does not apply.
struct status_errors {
    std::string_view code;
    std::uint32_t errors;
};
constexpr status_errors status_table[] = {
    {"B1", iri::idna_error::bidi},
    {"B2", iri::idna_error::bidi},
    {"B3", iri::idna_error::bidi},
    {"B4", iri::idna_error::bidi},
    {"B5", iri::idna_error::bidi},
    {"B6", iri::idna_error::bidi},
    {"C1", iri::idna_error::contextj},
    {"C2", iri::idna_error::contextj},
    {"P4", iri::idna_error::punycode | iri::idna_error::invalid_ace_label},
    {"V1", iri::idna_error::invalid_ace_label},
    {"V2", iri::idna_error::hyphen_3_4},
    {"V3", iri::idna_error::leading_hyphen | iri::idna_error::trailing_hyphen},
    {"V4", iri::idna_error::invalid_ace_label | iri::idna_error::hyphen_3_4},
    {"V5", iri::idna_error::label_has_dot},
    {"V6", iri::idna_error::leading_combining_mark},
    {"V7", iri::idna_error::disallowed | iri::idna_error::invalid_ace_label},
    {"U1", iri::idna_error::disallowed},
    {"A3", iri::idna_error::punycode},
    {"A4_1", iri::idna_error::domain_name_too_long},
    {"A4_2", iri::idna_error::empty_label | iri::idna_error::label_too_long},
    {"X4_2", iri::idna_error::empty_label},
};

// Checks the errors recorded against the statuses of the file ("[B1, V6]"): each error stands for one of them,
// and each status but A3 has its error. A3 (a Punycode encoding error) comes only of a lone surrogate (the file's
// header), which UTF-8 cannot hold: the source reads U+FFFD there, which encodes (and is V7, also in the statuses).
void check_statuses(std::string_view statuses, std::uint32_t errors) {
    std::uint32_t explained = 0;
    for (std::size_t begin = 1; begin < statuses.size();) {
        const std::size_t end = std::min(statuses.find(',', begin), statuses.size() - 1);
        const std::string_view code = trim(statuses.substr(begin, end - begin));
        begin = end + 1;
        const status_errors* row = nullptr;
        for (const status_errors& s : status_table)
            if (s.code == code) row = &s;
        BOOST_TEST_REQUIRE(row != nullptr, "unknown status " << code);
        explained |= row->errors;
        if (code != "A3") BOOST_TEST((errors & row->errors) != 0u, "status " << code << " not recorded");
    }
    BOOST_TEST((errors & ~explained) == 0u,
               "errors " << iri::idna_error_names(errors & ~explained) << " beyond " << statuses);
}

}  // namespace

// IdnaTestV2.txt's CONFORMANCE section: toUnicode and toAsciiN on each source, with every flag set (CheckHyphens,
// CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength; the file's statuses are those of all of them), the
// result string compared (ToUnicode's always, ToASCII's where it succeeds, the file giving a string for a failure
// that no caller of a failed ToASCII sees), an error recorded exactly where the file has a status, and (more than
// conformance asks: "they need not reproduce the precise status codes") the errors those of its statuses.
BOOST_AUTO_TEST_CASE(every_line_of_idna_test_v2) {
    const std::vector<conformance_case> cases = conformance_cases();
    BOOST_TEST(cases.size() == 6391u);
    const uts46_flags all;  // every flag true, the root label not allowed: UTS #46 as it is written
    std::size_t unicode_errors = 0, ascii_errors = 0;
    for (const conformance_case& c : cases) {
        BOOST_TEST_CONTEXT("IdnaTestV2.txt line " << c.line << ": " << escaped(c.source)) {
            const iri::detail::uts46_result u = iri::detail::uts46_to_unicode(c.source, all);
            BOOST_TEST(!u.normalization_failed);
            BOOST_TEST(escaped(u.domain) == escaped(c.to_unicode));
            BOOST_TEST((u.errors != 0) == !c.unicode_status.empty(),
                       "toUnicode " << iri::idna_error_names(u.errors) << ", expected " << c.unicode_status);
            check_statuses(c.unicode_status, u.errors);
            const iri::detail::uts46_result a = iri::detail::uts46_to_ascii(c.source, all);
            BOOST_TEST(!a.normalization_failed);
            if (c.ascii_status.empty()) BOOST_TEST(escaped(a.domain) == escaped(c.to_ascii));
            BOOST_TEST((a.errors != 0) == !c.ascii_status.empty(),
                       "toAsciiN " << iri::idna_error_names(a.errors) << ", expected " << c.ascii_status);
            check_statuses(c.ascii_status, a.errors);
            unicode_errors += !c.unicode_status.empty();
            ascii_errors += !c.ascii_status.empty();
        }
    }
    BOOST_TEST_MESSAGE("IdnaTestV2.txt: " << cases.size() << " lines, " << unicode_errors << " toUnicode and "
                                          << ascii_errors << " toAsciiN failures expected");
}

// A few of the file's statuses by name, each the error the library records for it.
BOOST_AUTO_TEST_CASE(statuses_by_name) {
    const uts46_flags all;
    const auto ascii_errors = [&all](std::string_view s) { return iri::detail::uts46_to_ascii(s, all).errors; };
    const auto unicode_errors = [&all](std::string_view s) { return iri::detail::uts46_to_unicode(s, all).errors; };
    namespace e = iri::idna_error;
    BOOST_TEST(unicode_errors("a\u200Cb") == e::contextj);                                 // C1
    BOOST_TEST(unicode_errors("a\u200Db") == e::contextj);                                 // C2
    BOOST_TEST(unicode_errors("0\u00E0.\u05D0") == e::bidi);                               // B1
    BOOST_TEST(unicode_errors("\u0308.\u05D0") == (e::bidi | e::leading_combining_mark));  // B1, V6
    BOOST_TEST(unicode_errors("xn--0.pt") == e::punycode);                                 // P4: "0" is no Punycode
    BOOST_TEST(unicode_errors("xn--a.pt") == e::disallowed);                               // V7: U+0080
    BOOST_TEST(unicode_errors("a..c") == e::empty_label);                                  // X4_2
    BOOST_TEST(unicode_errors("a.b.c.d.") == 0u);                                          // the root label
    BOOST_TEST(ascii_errors("a.b.c.d.") == e::empty_label);                                // A4_2: VerifyDnsLength
    BOOST_TEST(ascii_errors(std::string(64, 'a')) == e::label_too_long);                   // A4_2
    BOOST_TEST(ascii_errors("a_b") == e::disallowed);                                      // U1
    BOOST_TEST(ascii_errors("-a") == e::leading_hyphen);                                   // V3
    BOOST_TEST(ascii_errors("ab--c") == e::hyphen_3_4);                                    // V2
    BOOST_TEST(ascii_errors("") == (e::empty_label | e::domain_name_too_long));            // A4_1, A4_2
    // V4: without CheckHyphens, a label that decodes to one starting with "xn--" (xn--xn--a--gua is "xn--a-ä").
    const uts46_flags relaxed{.check_hyphens = false, .use_std3_ascii_rules = false, .verify_dns_length = false};
    BOOST_TEST(iri::detail::uts46_to_ascii("xn--xn--a--gua.pt", relaxed).errors == e::invalid_ace_label);
    BOOST_TEST(iri::detail::uts46_to_ascii("xn--a--gua.pt", relaxed).errors == 0u);
}

namespace {

std::u32string code_points(std::initializer_list<char32_t> c) { return std::u32string(c); }

}  // namespace

// RFC 3492 §7.1's sample strings: each encodes to its Punycode and decodes back (a decoder takes the uppercase
// letters of the mixed-case annotation, §A, as their digits; the encoder writes lowercase).
BOOST_AUTO_TEST_CASE(punycode_samples_of_rfc_3492) {
    struct sample {
        std::u32string text;
        std::string punycode;
    };
    const std::vector<sample> samples = {
        // (A) Arabic (Egyptian)
        {code_points({0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634,
                      0x0639, 0x0631, 0x0628, 0x064A, 0x061F}),
         "egbpdaj6bu4bxfgehfvwxn"},
        // (B) Chinese (simplified)
        {code_points({0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587}),
         "ihqwcrb4cv8a8dqg056pqjye"},
        // (C) Chinese (traditional)
        {code_points({0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587}),
         "ihqwctvzc91f659drss3x8bo0yb"},
        // (D) Czech: Pro<ccaron>prost<ecaron>nemluv<iacute><ccaron>esky
        {code_points({0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E,
                      0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079}),
         "Proprostnemluvesky-uyb24dma41a"},
        // (E) Hebrew
        {code_points({0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0,
                      0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA}),
         "4dbcagdahymbxekheh6e0a7fei0b"},
        // (L) 3<nen>B<gumi><kinpachi><sensei>
        {code_points({0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F}), "3B-ww4c5e180e575a65lsy2b"},
        // (S) -> $1.00 <-
        {code_points({0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D}),
         "-> $1.00 <--"},
    };
    for (const sample& s : samples) {
        std::string encoded;
        BOOST_TEST(iri::detail::punycode_encode(s.text, encoded));
        BOOST_TEST(encoded == s.punycode);
        std::u32string decoded;
        BOOST_TEST(iri::detail::punycode_decode(s.punycode, decoded));
        BOOST_TEST((decoded == s.text), s.punycode);
    }
    // (I) Russian, with its annotation's uppercase "D": decoded as "d".
    std::u32string russian;
    BOOST_TEST(iri::detail::punycode_decode("b1abfaaepdrnnbgefbaDotcwatmq2g4l", russian));
    std::string again;
    BOOST_TEST(iri::detail::punycode_encode(russian, again));
    BOOST_TEST(again == "b1abfaaepdrnnbgefbadotcwatmq2g4l");
    // Failures (§6.2): a digit that is none, a delta cut short, one that overflows, a result beyond U+10FFFF.
    std::u32string out;
    BOOST_TEST(!iri::detail::punycode_decode("a!", out));
    BOOST_TEST(!iri::detail::punycode_decode("0", out));            // 26 at k = 36 asks for a next digit
    BOOST_TEST(!iri::detail::punycode_decode("99999999999", out));  // i overflows
    BOOST_TEST(!iri::detail::punycode_decode("\xC3\xA9-a", out));   // a basic part that is not ASCII
    // The limit: max_punycode_code_points encode and decode back; one more fails either way ("a" is the digit 0: one
    // more code point each).
    const std::u32string longest(iri::detail::max_punycode_code_points, U'\u00E9');
    std::string encoded;
    BOOST_TEST_REQUIRE(iri::detail::punycode_encode(longest, encoded));
    std::u32string decoded;
    BOOST_TEST((iri::detail::punycode_decode(encoded, decoded) && decoded == longest));
    BOOST_TEST(!iri::detail::punycode_decode(std::string(iri::detail::max_punycode_code_points + 1, 'a'), out));
    // The longest deltas: distinct code points far apart, in falling order (each insertion goes first), 63 of them
    // (the encoder's stack buffer) and max_punycode_code_points (in place): they encode and decode back.
    for (const std::size_t count : {std::size_t{63}, iri::detail::max_punycode_code_points}) {
        std::u32string far;
        for (std::size_t i = 0; i < count; ++i) far += static_cast<char32_t>(0x10FFFF - i * 1000);  // above U+1C1A6
        std::string far_encoded;
        BOOST_TEST_REQUIRE(iri::detail::punycode_encode(far, far_encoded));
        std::u32string far_decoded;
        BOOST_TEST((iri::detail::punycode_decode(far_encoded, far_decoded) && far_decoded == far));
    }
    std::string ignored;
    BOOST_TEST(!iri::detail::punycode_encode(longest + U'\u00E9', ignored));
}

// host_to_ascii answers an LDH host (RFC 5890 §2.3.1) without UTS #46 processing, by its lowercase
// (convert/idna_detail.hpp): on every name of up to six octets over letters of both cases, a digit, "-", "." and
// "_", and the same after a 19-octet prefix (so that the labels and the "--" of positions 3 and 4 cross the
// 16-octet blocks of the fast test), its answer must be the processing's (with the library's flags, the root
// label allowed).
BOOST_AUTO_TEST_CASE(ascii_hosts_as_the_processing_maps_them) {
    const std::string alphabet = "aZ0-._";
    std::vector<std::string> hosts{""};
    for (std::size_t length = 1, from = 0; length <= 6; ++length) {
        const std::size_t to = hosts.size();
        for (std::size_t i = from; i < to; ++i)
            for (char c : alphabet) hosts.push_back(hosts[i] + c);
        from = to;
    }
    const uts46_flags library{.root_label_allowed = true};
    std::size_t checked = 0, plain = 0;
    for (const std::string& prefix : {std::string(), std::string("abcdefghijklmn.opqr")}) {
        for (const std::string& tail : hosts) {
            if (tail.empty() || (!prefix.empty() && tail.size() > 4)) continue;
            const std::string host = prefix + tail;
            const auto ours = iri::host_to_ascii(host);
            const iri::detail::uts46_result processed = iri::detail::uts46_to_ascii(host, library);
            BOOST_TEST(ours.has_value() == (processed.errors == 0), host);
            if (ours && processed.errors == 0) BOOST_TEST(*ours == processed.domain, host);
            ++checked;
            plain += iri::detail::is_plain_ldh_host(host);
        }
    }
    BOOST_TEST(checked == 55986u + 1554u);  // 6 + 6^2 + ... + 6^6 names, and 6 + ... + 6^4 after the prefix
    BOOST_TEST(plain > 1000u);              // many of them take the fast path: the test is not of errors alone
}
