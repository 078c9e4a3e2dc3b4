#define BOOST_TEST_MODULE check
#include <boost/test/unit_test.hpp>

#include "iri/check.hpp"

#include <cctype>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "check/check_detail.hpp"
#include "iri/reference.hpp"
#include "iri/scheme_rules.hpp"
#include "support/abnf_interpreter.hpp"
#include "support/datasets.hpp"
#include "support/printing.hpp"

// One row per code of docs/diagnostics.md: the input, and the diagnostic it must produce. Byte ranges are
// counted by hand from the UTF-8 of the input ("http://a/" is 9 bytes; Hebrew letters take 2 bytes, the
// characters from U+0800 to U+FFFF 3, above 4).
namespace {

struct row {
    const char* code;
    iri::severity level;
    iri::grammar g;
    const char* input;
    std::uint32_t begin, end;
    iri::component where;
};

using iri::component;
using iri::grammar;
using iri::severity;

const row rows[] = {
    {"syntax.disallowed_character", severity::error, grammar::iri, "http://a/b c", 10, 11, component::path},
    {"syntax.excluded_character", severity::error, grammar::iri, "http://a/\u200F", 9, 12, component::path},
    // RFC 3986 §3.2.2: IP-literal = "[" ... "]"; the input ends before the "]" (an empty range at the end).
    {"syntax.unexpected_end", severity::error, grammar::iri, "http://[::1", 11, 11, component::host},
    {"syntax.invalid_utf8", severity::error, grammar::iri, "http://a/\xFF", 9, 10, component::path},
    // RFC 3986 §2.1: "%" then two HEXDIG; the "z" at byte 10 is the character that is none (error.hpp: the range
    // is the offending character).
    {"syntax.bad_percent_encoding", severity::error, grammar::iri, "http://a/%zz", 10, 11, component::path},
    // RFC 3986 §3.2: no "@" in the authority, so it is host ":" port, and port = *DIGIT (§3.2.3) fails at the "a"
    // of "80a" (byte 21): the range is that character, though the bytes could be a userinfo up to the "/".
    {"syntax.bad_port", severity::error, grammar::iri, "http://example.org:80a/", 21, 22, component::port},
    // RFC 3986 §3.2.2: IP-literal = "[" ... "]"; the "/" ends the authority before any "]": the range is the "[".
    {"syntax.unclosed_ip_literal", severity::error, grammar::iri, "http://[::1/", 7, 8, component::host},
    {"bidi.mixed-direction", severity::warning, grammar::iri, "http://a/ab\u05D0", 9, 13, component::path},
    {"bidi.rtl-edges", severity::warning, grammar::iri, "http://a/\u05D0\u05D1-", 9, 14, component::path},
    // RFC 3987 §4.4 example 8, in Hebrew: "GH1/2IJ".
    {"bidi.rtl-edge-digit", severity::warning, grammar::iri, "http://a/\u05D0\u05D11/2\u05D2\u05D3", 9, 14,
     component::path},
    {"leiri.bidi-formatting", severity::warning, grammar::leiri, "http://a/\u200F", 9, 12, component::path},
    {"chars.leading-combining-mark", severity::warning, grammar::iri, "http://a/\u0301x", 9, 11, component::path},
    {"chars.joiner-context", severity::warning, grammar::iri, "http://a/a\u200Db", 10, 13, component::path},
    {"chars.compatibility", severity::warning, grammar::iri, "http://a/\uFF21", 9, 12, component::path},
    {"chars.compatibility", severity::warning, grammar::iri, "http://a/\uFF71", 9, 12,
     component::path},  // half-width katakana
    {"chars.not-nfc", severity::warning, grammar::iri, "http://a/e\u0301", 9, 12, component::path},
    {"chars.private-use", severity::warning, grammar::iri, "http://a/?\uE000", 10, 13, component::query},
    {"leiri.space", severity::warning, grammar::leiri, "http://a/b c", 10, 11, component::path},
    {"leiri.delimiter", severity::warning, grammar::leiri, "http://a/<b", 9, 10, component::path},
    {"leiri.unwise", severity::warning, grammar::leiri, "http://a/{b", 9, 10, component::path},
    {"leiri.control", severity::warning, grammar::leiri, "http://a/\x01", 9, 10, component::path},
    {"leiri.special", severity::warning, grammar::leiri, "http://a/\uFFF0", 9, 12, component::path},
    {"leiri.private-use", severity::warning, grammar::leiri, "http://a/\uE000", 9, 12, component::path},
    {"leiri.tag", severity::warning, grammar::leiri, "http://a/\U000E0001", 9, 13, component::path},
    {"leiri.non-character", severity::warning, grammar::leiri, "http://a/\uFDD0", 9, 12, component::path},
    // U+E0100 VARIATION SELECTOR-17: in leiri-ucschar (%x10000-10FFFF), in no IRI path rule (iprivate's
    // %xE0000-E0FFF is for the query only), and in none of the other groups of §6.3.
    {"leiri.other", severity::warning, grammar::leiri, "http://a/\U000E0100", 9, 13, component::path},
    // "pаypal": a Cyrillic а (2 bytes) among Latin letters.
    {"spoof.mixed-script", severity::warning, grammar::iri, "http://p\u0430ypal.example/", 7, 14, component::host},
    {"spoof.ascii-confusable", severity::warning, grammar::iri, "http://p\u0430ypal.example/", 7, 14, component::host},
    // "аррӏе": five Cyrillic letters, 10 bytes.
    {"spoof.whole-script-confusable", severity::warning, grammar::iri, "http://\u0430\u0440\u0440\u04CF\u0435.example/",
     7, 17, component::host},
    {"spoof.invisible", severity::warning, grammar::iri, "http://a\u00ADb.example/", 8, 10, component::host},
    // RFC 3986 §7.6's example: the userinfo "www.example.com&story=breaking_news" is 35 bytes.
    {"security.userinfo", severity::warning, grammar::iri,
     "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", 7, 42, component::userinfo},
    {"security.password", severity::warning, grammar::iri, "ftp://u:p@h/", 6, 9, component::userinfo},
    {"security.rare-ipv4", severity::warning, grammar::iri, "http://0x7f.1/", 7, 13, component::host},
    {"security.rare-ipv4", severity::warning, grammar::iri, "http://0177.0.0.1/", 7, 17, component::host},
    {"security.rare-ipv4", severity::warning, grammar::iri, "http://2130706433/", 7, 17, component::host},
    {"security.non-default-port", severity::info, grammar::iri, "http://a:8080/", 9, 13, component::port},
    {"security.encoded-crlf", severity::warning, grammar::iri, "http://a/%0d%0A", 9, 12, component::path},
    {"security.encoded-crlf", severity::warning, grammar::iri, "http://a/%0d%0A", 12, 15, component::path},
    {"security.idna", severity::warning, grammar::iri, "http://ab--c.example/", 7, 12, component::host},
    // RFC 6068 §2: a mailto address is an addr-spec, whose local-part is not empty; "@" is where it fails.
    {"scheme.mailto.syntax", severity::error, grammar::iri, "mailto:@example.org", 7, 8, component::path},
};

// A code of the table: the same, or a family pattern "scheme.<name>.x" that it instantiates with a scheme name.
bool instance_of(const std::string& code, const std::string& table_code) {
    const std::size_t at = table_code.find("<name>");
    if (at == std::string::npos) return code == table_code;
    const std::string prefix = table_code.substr(0, at), suffix = table_code.substr(at + 6);
    if (code.size() <= prefix.size() + suffix.size() || !code.starts_with(prefix) || !code.ends_with(suffix))
        return false;
    const std::string name = code.substr(prefix.size(), code.size() - prefix.size() - suffix.size());
    return name.find('.') == std::string::npos;
}

bool in_table(const std::string& code) {
    for (const iri::diagnostic_code& c : iri::diagnostic_codes())
        if (instance_of(code, c.code)) return true;
    return false;
}

std::string describe(const std::vector<iri::diagnostic>& ds) {
    std::ostringstream o;
    for (const auto& d : ds) o << " " << d.code << "[" << d.begin << "," << d.end << ")";
    return o.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_documented_code) {
    for (const row& r : rows) {
        const auto ds = iri::check(r.input, r.g);
        bool found = false;
        for (const auto& d : ds)
            found = found || (d.code == r.code && d.level == r.level && d.begin == r.begin && d.end == r.end &&
                              d.where == r.where && !d.message.empty() && !d.spec.empty());
        BOOST_TEST(found, r.code << " on \"" << r.input << "\": got" << describe(ds));
    }
}

BOOST_AUTO_TEST_CASE(clean_references_have_no_diagnostics) {
    for (const char* s : {"http://example.com/a/b?x=1#f", "http://例え.jp/引き割り", "https://זה.example/\u05D0\u05D1/",
                          "mailto:a@example.org", "", "http://[2001:db8::7]/"})
        BOOST_TEST(iri::check(s).empty(), s << ":" << describe(iri::check(s)));
    // A host that UTS #46 accepts: no security.idna; Latin letters with diacritics or ligatures are Latin, not
    // confusables of ASCII.
    BOOST_TEST(iri::check("http://résumé.example.org/").empty());
    BOOST_TEST(iri::check("https://træna.no/").empty());
}

// The scheme rules of http and https (RFC 9110 §4.2.1, §4.2.2): check matches only the text up to the authority's
// end when the rest is the uri grammar's (scheme_grammar_info::head); what it reports is what the whole URI's
// grammar says.
std::vector<iri::diagnostic> scheme_diagnostics(std::string_view reference) {
    std::vector<iri::diagnostic> out;
    for (auto& d : iri::check(reference))
        if (d.code.starts_with("scheme.")) out.push_back(std::move(d));
    return out;
}

BOOST_AUTO_TEST_CASE(http_authorities_under_the_scheme_rules) {
    for (const char* s : {"http://example.com:80/~smith/home.html",  // RFC 9110 §4.2.3
                          "HTTP://EXAMPLE.COM/", "https://[2001:db8::7]:8443/a?b#c", "http://u:p@example.com/",
                          "http://192.0.2.16:/", "http://%65x.com/", "http://exämple.com/", "https://a.b"})
        BOOST_TEST(scheme_diagnostics(s).empty(), s << ":" << describe(scheme_diagnostics(s)));
    // §4.2.1: "A sender MUST NOT generate an "http" URI with an empty host identifier" (http-host is not empty).
    // The error is at the first octet no string of the rule can continue with: ":80" may still begin a userinfo,
    // which "/" cannot continue.
    for (auto [s, at] : {std::pair<const char*, std::uint32_t>{"http:///path", 7},
                         {"http://:80/", 10},
                         {"https://u@/", 10},
                         {"http://u@:8080", 9}}) {
        const auto ds = scheme_diagnostics(s);
        BOOST_TEST_REQUIRE(ds.size() == 1u, s);
        BOOST_TEST(ds[0].begin == at, s);
        BOOST_TEST(ds[0].code ==
                   (std::string_view(s).starts_with("https") ? "scheme.https.syntax" : "scheme.http.syntax"));
    }
}

// check's scheme diagnostic of `s` (a reference the iri grammar accepts, with scheme http or https) is what the
// whole URI's grammar says (match_scheme_grammar): the same code at the same byte, or none. Counts `s` in
// `compared` and, when the grammar rejects it, in `rejected`.
void compare_with_the_whole_uri_grammar(const std::string& s, std::size_t& compared, std::size_t& rejected) {
    const auto r = iri::reference_view::parse(s, iri::grammar::iri);
    if (!r || !r->has_scheme()) return;
    std::string scheme(r->scheme());
    for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (scheme != "http" && scheme != "https") return;
    const auto expected = iri::match_scheme_grammar(s, scheme).error;
    const auto ds = scheme_diagnostics(s);
    BOOST_TEST_REQUIRE(ds.size() == (expected ? 1u : 0u), s);
    if (expected) {
        BOOST_TEST((ds[0].code == expected->code && ds[0].begin == expected->begin), s);
        ++rejected;
    }
    ++compared;
}

// On every http and https line of the datasets, and on each with one octet of its authority changed or removed
// (those the iri grammar still accepts). The zhwiki IRIs have non-ASCII paths: the rest of the reference is
// matched through its URI mapping by the whole URI's grammar, and not at all by the fast path.
BOOST_AUTO_TEST_CASE(scheme_rules_agree_with_the_whole_uri_grammar_on_the_datasets) {
    std::vector<std::string> lines;
    for (const char* file :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "derived/zhwiki_iri_100k.txt"})
        for (std::string& l : iri_test::dataset_lines(file)) lines.push_back(std::move(l));
    for (auto& [page, href] : iri_test::cc10k_pairs()) lines.push_back(page);
    std::uint32_t seed = 15;
    const auto next = [&seed] { return seed = seed * 1103515245u + 12345u, seed >> 8; };
    const std::string_view inserted = "@:[]%.-~v1A!";
    std::size_t compared = 0, rejected = 0;
    for (const std::string& line : lines) {
        compare_with_the_whole_uri_grammar(line, compared, rejected);
        const auto r = iri::reference_view::parse(line, iri::grammar::iri);
        if (!r || !r->has_authority()) continue;
        const iri::span a = r->offsets()[iri::component::authority];
        const std::size_t at = a.begin + next() % (a.end - a.begin + 1);
        std::string changed = line;
        changed.insert(at, 1, inserted[next() % inserted.size()]);
        compare_with_the_whole_uri_grammar(changed, compared, rejected);
        if (at < a.end)
            compare_with_the_whole_uri_grammar(line.substr(0, at) + line.substr(at + 1), compared, rejected);
    }
    BOOST_TEST(compared > 300000u);
    BOOST_TEST(rejected > 100u);  // the changed authorities include invalid ones: both answers are compared
    BOOST_TEST_MESSAGE(compared << " compared, " << rejected << " rejected by the grammar");
}

// On strings derived from grammar/schemes/http.abnf and https.abnf (userinfo, IP literals, ports, empty hosts),
// each also with one octet changed: the same comparison.
BOOST_AUTO_TEST_CASE(scheme_rules_agree_with_the_whole_uri_grammar_on_derived_strings) {
    for (const char* file : {"http.abnf", "https.abnf"}) {
        iri::abnf::diagnostics d;
        const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/schemes/" + file, d);
        BOOST_TEST_REQUIRE(d.ok(), file);
        iri_test::abnf_generator gen(g, 0x15A11CEull);
        std::size_t compared = 0, rejected = 0;
        for (int i = 0; i < 20000; ++i) {
            const std::string s = gen.derive(g.entries[0].rule);
            compare_with_the_whole_uri_grammar(s, compared, rejected);
            compare_with_the_whole_uri_grammar(gen.mutate(s), compared, rejected);
        }
        BOOST_TEST(compared > 20000u, file);
        BOOST_TEST(rejected > 100u, file);
        BOOST_TEST_MESSAGE(file << ": " << compared << " compared, " << rejected << " rejected by the grammar");
    }
}

BOOST_AUTO_TEST_CASE(grammar_errors_stop_the_other_checks) {
    const auto ds = iri::check("http://u:p@a b/");
    BOOST_TEST_REQUIRE(ds.size() == 1u);
    BOOST_TEST(ds[0].code == "syntax.disallowed_character");
}

// The table of codes (iri::diagnostic_codes) and docs/diagnostics.md agree both ways, with the same severity;
// and every code of the table is produced by an input above. The one exception: syntax.input_too_long needs an
// input of 4 GiB.
BOOST_AUTO_TEST_CASE(the_table_the_documentation_and_the_inputs_agree) {
    std::ifstream doc(std::string(IRI_SOURCE_DIR) + "/docs/diagnostics.md");
    std::map<std::string, std::string> documented;  // code -> severity column
    for (std::string line; std::getline(doc, line);) {
        if (!line.starts_with("| `")) continue;
        const std::size_t end = line.find('`', 3);
        const std::size_t sev = line.find("| ", end) + 2;
        documented[line.substr(3, end - 3)] = line.substr(sev, line.find(' ', sev) - sev);
    }
    std::set<std::string> table;
    for (const iri::diagnostic_code& c : iri::diagnostic_codes()) {
        table.insert(c.code);
        const char* level = c.level == severity::error ? "error" : c.level == severity::warning ? "warning" : "info";
        BOOST_TEST(documented.count(c.code) == 1u, c.code << " is not in docs/diagnostics.md");
        if (documented.count(c.code)) BOOST_TEST(documented[c.code] == level, c.code);
        // check.capped needs more than 1,000 diagnostics: test_regressions (check_caps_its_diagnostics) has it;
        // scheme.<name>.too_long a reference over 1.4 GB.
        bool produced = std::string(c.code) == "syntax.input_too_long" || std::string(c.code) == "check.capped" ||
                        std::string(c.code) == "scheme.<name>.too_long";
        for (const row& r : rows) produced = produced || instance_of(r.code, c.code);
        BOOST_TEST(produced, c.code << " has no input in this test");
    }
    for (const auto& [code, level] : documented) BOOST_TEST(table.count(code) == 1u, code << " is not in the table");
    for (const row& r : rows) BOOST_TEST(in_table(r.code), r.code << " is not in the table");
}

// Whatever check reports is a code of the table, on real data too.
BOOST_AUTO_TEST_CASE(every_reported_code_is_in_the_table) {
    std::size_t seen = 0;
    for (const row& r : rows)
        for (const auto& d : iri::check(r.input, r.g)) {
            BOOST_TEST(in_table(d.code), d.code << " on " << r.input);
            ++seen;
        }
    BOOST_TEST(seen >= std::size(rows));
}

namespace {

// Whether NFC keeps code point `c` alone and NFKC changes it, as ICU's normalizers compute them: the definition
// of a compatibility character (3987bis §5.1).
bool nfkc_changes_alone(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    static const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    static const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    const icu::UnicodeString one(c);
    return nfc->isNormalized(one, status) && !nfkc->isNormalized(one, status) && U_SUCCESS(status);
}

// Calls f(c) for every Unicode scalar value (no surrogate: no UTF-8 holds one).
template <class F>
void for_each_scalar_value(F f) {
    for (UChar32 c = 0; c <= 0x10FFFF; ++c)
        if (c < 0xD800 || c > 0xDFFF) f(c);
}

}  // namespace

// chars.compatibility's test (check_detail.hpp) against its definition, on every code point.
BOOST_AUTO_TEST_CASE(compatibility_characters_are_those_nfkc_changes) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    BOOST_TEST_REQUIRE(U_SUCCESS(status));
    std::size_t count = 0, wrong = 0;
    for_each_scalar_value([&](UChar32 c) {
        const bool expected = c >= 0x80 && nfkc_changes_alone(c);
        count += expected;
        if (c >= 0x80 && iri::detail::is_compatibility_character(*nfkc, c) != expected && ++wrong <= 5)
            BOOST_ERROR("U+" << std::hex << c << ": expected " << expected);
    });
    BOOST_TEST(wrong == 0u);
    BOOST_TEST(count > 3000u);  // the compatibility decompositions of UnicodeData.txt (about 3,600)
}

// The memoized flags (check_detail.hpp's char_flags) against ICU's properties, on every scalar value: the BMP
// blocks are filled on first use, and the rest are asked of ICU each time; both must say what ICU says.
BOOST_AUTO_TEST_CASE(char_flags_are_icu_properties) {
    using namespace iri::detail;
    std::size_t wrong = 0, rtl = 0;
    for_each_scalar_value([&](UChar32 c) {
        const UCharDirection d = u_charDirection(c);
        const auto gc = u_charType(c);
        const bool mark = gc == U_NON_SPACING_MARK || gc == U_COMBINING_SPACING_MARK || gc == U_ENCLOSING_MARK;
        const unsigned expected = (d == U_LEFT_TO_RIGHT ? flag_ltr : 0) |
                                  (d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC ? flag_rtl : 0) |
                                  (d == U_EUROPEAN_NUMBER || d == U_ARABIC_NUMBER ? flag_number : 0) |
                                  (mark ? flag_mark : 0) |
                                  (c >= 0x80 && nfkc_changes_alone(c) ? flag_compatibility : 0) |
                                  (gc == U_PRIVATE_USE_CHAR ? flag_private_use : 0);
        rtl += (expected & flag_rtl) != 0;
        if (char_flags(c) != expected && ++wrong <= 5)
            BOOST_ERROR("U+" << std::hex << c << ": flags " << unsigned{char_flags(c)} << ", ICU says " << expected);
    });
    BOOST_TEST(wrong == 0u);
    BOOST_TEST(rtl > 1000u);  // Hebrew, Arabic, Syriac, Thaana, N'Ko... have thousands of strong RTL characters
}

BOOST_AUTO_TEST_CASE(display_wrapping) {
    // RFC 3987 §4.1: LRE ... PDF only when the IRI holds a right-to-left character.
    BOOST_TEST(iri::wrap_for_display("http://a/b") == "http://a/b");
    BOOST_TEST(iri::wrap_for_display("http://a/\u05D0") == "\u202Ahttp://a/\u05D0\u202C");
}
