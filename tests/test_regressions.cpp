// Regressions found by fuzzing: each case the input that showed a finding, with the value the
// spec gives for it. The conversions read exact-size heap copies of their inputs (support/test_strings.hpp), so
// that AddressSanitizer and valgrind (the *_valgrind tests) see any byte read or written outside them.
#define BOOST_TEST_MODULE regressions
#include <boost/test/unit_test.hpp>

#include <string>

#include "iri/convert.hpp"
#include "iri/check.hpp"
#include "iri/error.hpp"
#include "iri/extract.hpp"
#include "iri/idna.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "support/printing.hpp"
#include "support/test_strings.hpp"

namespace {

using iri::grammar;
using iri_test::exact_copy;

std::string iri_of(std::string_view uri, const iri::to_iri_options& o) {
    const exact_copy in(uri);
    auto r = iri::to_iri(in.view(), o);
    if (!r) BOOST_FAIL(std::string(uri) << ": " << r.error().message());
    return *r;
}

std::string uri_of(std::string_view text, const iri::to_uri_options& o = {}, grammar from = grammar::iri) {
    const exact_copy in(text);
    auto r = iri::to_uri(in.view(), from, o);
    if (!r) BOOST_FAIL(std::string(text) << ": " << r.error().message());
    return *r;
}

iri::error uri_error(std::string_view text, const iri::to_uri_options& o) {
    const exact_copy in(text);
    auto r = iri::to_uri(in.view(), grammar::iri, o);
    BOOST_TEST_REQUIRE(!r.has_value(), text);
    return r.error();
}

}  // namespace

BOOST_AUTO_TEST_CASE(to_iri_keeps_the_query_when_the_first_percent_follows_it) {
    // 3987bis §4.2 step 5 keeps an http(s) query as written; the fragment's "%C3%A9" is é (steps 2–4). The first
    // "%" after the query once copied the text from it to the end a second time, past the output's end.
    const iri::to_iri_options keep{.keep_http_query_encoded = true};
    BOOST_TEST(iri_of("http://a/b?q=1#%C3%A9", keep) == "http://a/b?q=1#é");
    BOOST_TEST(iri_of("https://a/b?q#x%C3%A9y", keep) == "https://a/b?q#xéy");
    // Long enough to leave the small-string buffer, where the stray bytes once landed unseen.
    const std::string path(100, 'p'), query(200, 'q');
    BOOST_TEST(iri_of("http://a/" + path + "?" + query + "#%C3%A9", keep) == "http://a/" + path + "?" + query + "#é");
    // The first "%" inside the query: the query from there kept as written, the path before it untouched.
    BOOST_TEST(iri_of("http://a/b?x%C3%A9#%C3%A9", keep) == "http://a/b?x%C3%A9#é");
}

BOOST_AUTO_TEST_CASE(to_iri_never_decodes_a_dot_segment) {
    // The to_iri harness's finding: "%2E" became ".", a dot segment that resolution removes (RFC 3986 §5.2.4),
    // so the IRI had another target than the URI. §6.2.2.3 removes only the dot segments written as such; the
    // triplet stays where it makes "." or "..", as syntax normalization keeps it.
    const iri::to_iri_options o{};
    BOOST_TEST(iri_of("%2E", o) == "%2E");
    BOOST_TEST(iri_of("%2e%2E", o) == "%2e%2E");
    BOOST_TEST(iri_of("a/.%2E/b", o) == "a/.%2E/b");
    BOOST_TEST(iri_of("http://h/a/%2E%2E/b", o) == "http://h/a/%2E%2E/b");
    BOOST_TEST(iri_of("http://h/%2E/", o) == "http://h/%2E/");
    // Where no dot segment results, "%2E" is an unreserved "." and decoded (3987bis §4.2 step 2).
    BOOST_TEST(iri_of("http://h/a%2E/%2E%2E%2E/%2Ex?%2E#%2E", o) == "http://h/a./.../.x?.#.");
    BOOST_TEST(iri_of("http://%2E/", o) == "http://./");
    // Both sides of the round trip agree with normalize on the original.
    BOOST_TEST(*iri::normalize("%2E", grammar::uri) == "%2E");
}

BOOST_AUTO_TEST_CASE(literal_runs_of_every_length_end_at_the_input) {
    // The SIMD literal skip near the end of an exact-size input (each IRI_FORCE_SIMD level runs this; valgrind
    // and ASan see a read past the end). Every run of unreserved characters is a valid path (RFC 3986 §3.3); a
    // "%" with one hex digit at the end is not a pct-encoded triplet (§2.1).
    for (std::size_t n = 0; n <= 130; ++n) {
        const std::string run = "http://a/" + std::string(n, 'a');
        BOOST_TEST(iri_test::valid_exact(run), n);
        BOOST_TEST(iri_test::valid_exact(run + "%41"), n);
        const auto bad = iri_test::parse_exact(run + "%4");
        BOOST_TEST_REQUIRE(!bad.has_value(), n);
        BOOST_TEST(bad.error().code == iri::errc::bad_percent_encoding, n);
        BOOST_TEST(bad.error().char_offset == run.size(), n);
        // Three-octet characters (U+4E00, CJK) to the end: the run of whole characters (literal_skip.hpp).
        std::string cjk = "http://a/";
        for (std::size_t k = 0; k < n; ++k) cjk += "\xE4\xB8\x80";
        BOOST_TEST(iri_test::valid_exact(cjk), n);
        BOOST_TEST(!iri_test::valid_exact(cjk + "\xE4\xB8"), n);  // a truncated character (RFC 3629 §3)
    }
}

BOOST_AUTO_TEST_CASE(to_uri_idna_errors_are_in_the_callers_text) {
    // RFC 3987 §3.1: "<" and ">" are encoded before the host goes through UTS #46, which rejects "ab--c" (hyphens
    // in positions 3 and 4, CheckHyphens). The label is bytes 11–15 of the caller's text, not of the encoded one.
    const iri::to_uri_options o{.host = iri::host_mapping::idna, .encode_unsafe_ascii = true};
    const std::string text = "http://u<>@ab--c.例え.jp/";
    const iri::error e = uri_error(text, o);
    BOOST_TEST(e.code == iri::errc::idna_failed);
    BOOST_TEST(e.char_offset == 11u);
    BOOST_TEST(e.length == 5u);
    BOOST_TEST(e.offset == 11u);
    // A host with "%" (3987bis §3.4.2 decodes it first): the error spans the whole host, here to the input's end.
    const std::string pct = "http://u<>@例え%20.jp";
    const iri::error h = uri_error(pct, o);
    BOOST_TEST(h.code == iri::errc::idna_failed);
    BOOST_TEST(h.char_offset == 11u);
    BOOST_TEST(h.char_offset + h.length == pct.size());
}

BOOST_AUTO_TEST_CASE(conversions_read_exact_size_buffers) {
    // The spec examples of each conversion and normalization, each input in an exact-size heap copy.
    BOOST_TEST(uri_of("http://www.example.org/red%09rosé#red") == "http://www.example.org/red%09ros%C3%A9#red");
    BOOST_TEST(uri_of("http://résumé.example.org", {.host = iri::host_mapping::idna}) ==
               "http://xn--rsum-bpad.example.org");                                                 // 3987bis §3.4.2
    BOOST_TEST(uri_of("http://a/b c", {}, grammar::leiri) == "http://a/b%20c");                     // 3987bis §6.2
    BOOST_TEST(iri_of("http://www.example.org/D%C3%BCrst", {}) == "http://www.example.org/Dürst");  // §4.2
    BOOST_TEST(iri_of("http://www.example.org/D%FCrst", {}) == "http://www.example.org/D%FCrst");
    BOOST_TEST(iri_of("http://xn--99zt52a.example.org/%e2%80%ae", {.unicode_hosts = true}) ==
               "http://納豆.example.org/%E2%80%AE");
    {
        const exact_copy in("http://a/b c<>");
        const auto r = iri::leiri_to_iri(in.view());
        BOOST_TEST_REQUIRE(r.has_value());
        BOOST_TEST(*r == "http://a/b%20c%3C%3E");  // 3987bis §6.2: the LEIRI-only characters %-encoded
    }
    {
        // RFC 3987 §5.3.2.1–§5.3.2.4 and §5.3.3.
        const exact_copy in("HTTP://www.EXAMPLE.com:80/%7euser/./a/../b#f");
        const auto r = iri::normalize(in.view(), grammar::iri, {.rung = iri::rung::syntax});
        BOOST_TEST_REQUIRE(r.has_value());
        BOOST_TEST(*r == "http://www.example.com:80/~user/b#f");
    }
    {
        const exact_copy in("http://a/e\xCC\x81");  // e U+0301 composes to U+00E9 (RFC 3987 §5.3.2.2)
        const auto r = iri::normalize(in.view(), grammar::iri, {.nfc = true});
        BOOST_TEST_REQUIRE(r.has_value());
        BOOST_TEST(*r == "http://a/\xC3\xA9");
    }
}

namespace {

std::string repeat(std::string_view unit, std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s.append(unit);
    return s;
}

std::string nfc_of(std::string_view text) {
    const exact_copy in(text);
    auto r = iri::normalize(in.view(), grammar::iri, {.rung = iri::rung::simple, .nfc = true});
    if (!r) BOOST_FAIL(iri_test::printable(text) << ": " << r.error().message());
    return *r;
}

bool reported(const std::vector<iri::diagnostic>& ds, std::string_view code) {
    for (const iri::diagnostic& d : ds)
        if (d.code == code) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(nfc_of_long_runs_of_combining_marks) {
    // "e" then U+0301 (combining class 230) and U+0316 (220) alternating. Canonical ordering (Unicode §3.11) puts
    // every U+0316 first; composition (UAX #15) then joins e with the first U+0301, which no mark of class 230
    // or 0 blocks: U+00E9, the U+0316s, the other U+0301s. A short run goes through ICU alone, a long one is put
    // in order first (nfc.cpp): the same rule for both.
    const std::string acute = "\xCC\x81", grave_below = "\xCC\x96", e_acute = "\xC3\xA9";
    for (std::size_t k : {2u, 5u, 40u, 5000u}) {
        const std::string in = "http://a/e" + repeat(acute + grave_below, k);
        const std::string want = "http://a/" + e_acute + repeat(grave_below, k) + repeat(acute, k - 1);
        BOOST_TEST(nfc_of(in) == want, k);
        BOOST_TEST(nfc_of(want) == want, k);  // NFC is idempotent
        const exact_copy in_copy(in), want_copy(want);
        BOOST_TEST(reported(iri::check(in_copy.view()), "chars.not-nfc"), k);
        BOOST_TEST(!reported(iri::check(want_copy.view()), "chars.not-nfc"), k);
    }
}

BOOST_AUTO_TEST_CASE(canonical_ordering_of_long_runs_is_stable) {
    // "a" then U+0300 (class 230), U+0316 (220), U+0301 (230) repeated. Canonical ordering (Unicode §3.11) is a
    // stable sort by class: every U+0316, then U+0300 U+0301 U+0300 U+0301 ... in their order. Composition (UAX #15)
    // joins a with the first U+0300 (U+00E0); U+00E0 U+0301 has no composite, and that U+0301 (230) blocks the rest.
    const std::string grave = "\xCC\x80", grave_below = "\xCC\x96", acute = "\xCC\x81", a_grave = "\xC3\xA0";
    for (std::size_t k : {5u, 40u, 5000u}) {
        const std::string in = "http://a/a" + repeat(grave + grave_below + acute, k);
        const std::string want = "http://a/" + a_grave + repeat(grave_below, k) + acute + repeat(grave + acute, k - 1);
        BOOST_TEST(nfc_of(in) == want, k);
        BOOST_TEST(nfc_of(want) == want, k);
    }
}

BOOST_AUTO_TEST_CASE(hosts_longer_than_dns_allows_never_reach_uts46) {
    // RFC 1035 §2.3.4: 63 octets per label, 255 per name (253 as text); limits in idna.hpp.
    const std::string long_label = "a." + repeat("\xC3\xA9", iri::max_idna_label_bytes / 2 + 1);
    for (const auto& r : {iri::host_to_ascii(long_label), iri::host_to_unicode(long_label)}) {
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(r.error().code == iri::errc::idna_failed);
        BOOST_TEST(iri::idna_error_names(r.error().idna_errors) == "label_too_long");
        BOOST_TEST(r.error().char_offset == 2u);
        BOOST_TEST(r.error().length == long_label.size() - 2);
    }
    const std::string long_name = repeat("ab.", iri::max_idna_host_bytes / 3 + 1);
    for (const auto& r : {iri::host_to_ascii(long_name), iri::host_to_unicode(long_name)}) {
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(iri::idna_error_names(r.error().idna_errors) == "domain_name_too_long");
        BOOST_TEST(r.error().char_offset == 0u);
        BOOST_TEST(r.error().length == long_name.size());
    }
    // Through to_uri (3987bis §3.4.2: a host with non-ASCII characters), the range is the host in the caller's
    // text (7 is after "http://").
    const std::string text = "http://" + repeat("\xC3\xA9.", iri::max_idna_host_bytes / 3 + 1) + "/";
    const iri::error e = uri_error(text, {.host = iri::host_mapping::idna});
    BOOST_TEST(iri::idna_error_names(e.idna_errors) == "domain_name_too_long");
    BOOST_TEST(e.char_offset == 7u);
    BOOST_TEST(e.char_offset + e.length == text.size() - 1);
}

BOOST_AUTO_TEST_CASE(extract_joins_hyphenated_lines_in_one_parse) {
    // RFC 3986 Appendix C: a line break right after a hyphen continues the IRI on the next line, over as many
    // lines as the text has (each line once parsed the whole joined word again: quadratic).
    const std::string text = "see http://example.org/very-\nlong/path-\nname and";
    const exact_copy in(text);
    const auto found = iri::extract(in.view());
    BOOST_TEST_REQUIRE(found.size() == 1u);
    BOOST_TEST(found[0].value == "http://example.org/very-long/path-name");
    BOOST_TEST(found[0].begin == 4u);
    BOOST_TEST(found[0].end == 44u);
    // Many lines: one IRI of all of them.
    const std::string many = repeat("http://a/b-\n", 2000);
    const auto all = iri::extract(many);
    BOOST_TEST_REQUIRE(all.size() == 1u);
    BOOST_TEST(all[0].value == repeat("http://a/b-", 2000));
    // A next line that cannot continue the IRI (a space cannot follow in any IRI) is not joined.
    const auto two = iri::extract("http://a/b-\n<x> http://c/");
    BOOST_TEST_REQUIRE(two.size() == 2u);
    BOOST_TEST(two[0].value == "http://a/b-");
    BOOST_TEST(two[1].value == "http://c/");
}

BOOST_AUTO_TEST_CASE(check_caps_its_diagnostics) {
    // Each ZWJ after "a" is outside the contexts of RFC 5892 Appendix A (chars.joiner-context): 1,001 of them
    // give max_diagnostics kept, then one check.capped saying how many were left out, over the whole reference.
    const std::string text = "http://a/" + repeat("a\xE2\x80\x8D", iri::max_diagnostics + 1);
    const exact_copy in(text);
    const auto ds = iri::check(in.view());
    BOOST_TEST_REQUIRE(ds.size() == iri::max_diagnostics + 1);
    BOOST_TEST(ds.front().code == "chars.joiner-context");
    BOOST_TEST(ds.back().code == "check.capped");
    BOOST_TEST(ds.back().begin == 0u);
    BOOST_TEST(ds.back().end == text.size());
    BOOST_TEST(ds.back().message.starts_with("1 more diagnostics left out"));
    // At the cap exactly, nothing is left out.
    const std::string at_cap = "http://a/" + repeat("a\xE2\x80\x8D", iri::max_diagnostics);
    const auto all = iri::check(at_cap);
    BOOST_TEST(all.size() == iri::max_diagnostics);
    BOOST_TEST(all.back().code != "check.capped");
}
