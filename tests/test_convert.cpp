#define BOOST_TEST_MODULE convert
#include <boost/test/unit_test.hpp>

#include "iri/convert.hpp"

#include <string>

#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "support/datasets.hpp"
#include "support/printing.hpp"

namespace {

using iri::grammar;

std::string uri(std::string_view s, const iri::to_uri_options& o = {}, grammar from = grammar::iri) {
    auto r = iri::to_uri(s, from, o);
    if (!r) BOOST_FAIL(std::string(s) << ": " << r.error().message());
    return *r;
}

std::string iri_of(std::string_view s, const iri::to_iri_options& o = {}) {
    auto r = iri::to_iri(s, o);
    if (!r) BOOST_FAIL(std::string(s) << ": " << r.error().message());
    return *r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(iri_to_uri_spec_examples) {
    // 3987bis §3.4 / RFC 3987 §3.1: "red%09rosé#red"; the existing %09 is not encoded further.
    BOOST_TEST(uri("http://www.example.org/red%09rosé#red") == "http://www.example.org/red%09ros%C3%A9#red");
    // 3987bis §3.4.1 and §3.4.2: résumé.example.org by both host methods (xn--rsum-bpad, not the draft's typo).
    BOOST_TEST(uri("http://résumé.example.org") == "http://r%C3%A9sum%C3%A9.example.org");
    BOOST_TEST(uri("http://résumé.example.org", {.host = iri::host_mapping::idna}) ==
               "http://xn--rsum-bpad.example.org");
    BOOST_TEST(uri("http://r%C3%A9sum%C3%A9.example.org/", {.host = iri::host_mapping::idna}) ==
               "http://xn--rsum-bpad.example.org/");
    // RFC 3987 §3.1: the Old Italic letters U+10300–U+10302, outside the BMP.
    BOOST_TEST(uri("http://example.com/\U00010300\U00010301\U00010302") ==
               "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    // §3.4 "Additional considerations": the validator.w3.org query.
    BOOST_TEST(uri("http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org") ==
               "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org");
}

BOOST_AUTO_TEST_CASE(iri_to_uri_is_the_identity_on_uris) {
    for (const char* u : {"http://a/%7e?x=%2F#y", "", "//h:1/p", "urn:isbn:0", "http://[::1]/", "http://A/%c3"})
        BOOST_TEST(uri(u) == u);
    // iprivate in the query, a tag character (3987bis), a 4-byte character in the host.
    BOOST_TEST(uri("http://a/?\uE000") == "http://a/?%EE%80%80");
    BOOST_TEST(uri("http://\U00010300.example/") == "http://%F0%90%8C%80.example/");
}

BOOST_AUTO_TEST_CASE(unsafe_ascii) {
    // RFC 3987 §3.1: space, "<", ">", '"', "{", "}", "|", "\", "^", "`" fail unless asked to be encoded.
    auto e = iri::to_uri("http://a/b c");
    BOOST_TEST_REQUIRE(!e.has_value());
    BOOST_TEST(e.error().code == iri::errc::disallowed_character);
    BOOST_TEST(e.error().offset == 10u);
    BOOST_TEST(uri("http://a/b c<d>\"{}|\\^`", {.encode_unsafe_ascii = true}) ==
               "http://a/b%20c%3Cd%3E%22%7B%7D%7C%5C%5E%60");
    // "#", "%", "[" and "]" are never converted: "[" in a path stays an error, at its offset in the input.
    auto b = iri::to_uri("http://a/ x[y]", grammar::iri, {.encode_unsafe_ascii = true});
    BOOST_TEST_REQUIRE(!b.has_value());
    BOOST_TEST(b.error().char_offset == 11u);
}

BOOST_AUTO_TEST_CASE(query_in_the_document_charset) {
    // 3987bis §3.5: http and https only; the other components stay UTF-8.
    BOOST_TEST(uri("http://example.com/é?q=rosé", {.query_charset = "ISO-8859-1"}) ==
               "http://example.com/%C3%A9?q=ros%E9");
    BOOST_TEST(uri("https://example.jp/?q=日本", {.query_charset = "Shift_JIS"}) ==
               "https://example.jp/?q=%93%FA%96%7B");
    BOOST_TEST(uri("http://example.ru/?q=мир", {.query_charset = "KOI8-R"}) == "http://example.ru/?q=%CD%C9%D2");
    // A character the charset lacks: "&#8364;" (U+20AC), its "#" percent-encoded.
    BOOST_TEST(uri("http://example.com/?p=€", {.query_charset = "ISO-8859-1"}) == "http://example.com/?p=&%238364;");
    BOOST_TEST(uri("ftp://example.com/?q=é", {.query_charset = "ISO-8859-1"}) == "ftp://example.com/?q=%C3%A9");
    BOOST_TEST(uri("http://example.com/?q=é", {.query_charset = "UTF-8"}) == "http://example.com/?q=%C3%A9");
    // A charset ICU does not know is the same error as in from_charset (RFC 3987 §3.1 step 1 names the charset).
    const auto unknown = iri::to_uri("http://a/?q=é", grammar::iri, {.query_charset = "no-such-charset"});
    BOOST_TEST_REQUIRE(!unknown.has_value());
    BOOST_TEST(unknown.error().code == iri::errc::unknown_charset);
}

BOOST_AUTO_TEST_CASE(idna_failures_name_the_label) {
    // "ab--c" has "--" in positions 3 and 4 (UTS #46 CheckHyphens); it starts at byte 7.
    auto e = iri::to_uri("http://ab--c.例え.jp/", grammar::iri, {.host = iri::host_mapping::idna});
    BOOST_TEST_REQUIRE(!e.has_value());
    BOOST_TEST(e.error().code == iri::errc::idna_failed);
    BOOST_TEST(e.error().char_offset == 7u);
    BOOST_TEST(e.error().length == 5u);
    BOOST_TEST(e.error().where == iri::component::host);
    // ASCII hosts and IP literals are left alone.
    BOOST_TEST(uri("http://my_host/é", {.host = iri::host_mapping::idna}) == "http://my_host/%C3%A9");
    BOOST_TEST(uri("http://[::1]/é", {.host = iri::host_mapping::idna}) == "http://[::1]/%C3%A9");
}

BOOST_AUTO_TEST_CASE(leiris) {
    // 3987bis §6.2: what LEIRIs allow and IRIs do not is percent-encoded.
    BOOST_TEST(*iri::leiri_to_iri("http://a/b c<d>?e f") == "http://a/b%20c%3Cd%3E?e%20f");
    BOOST_TEST(*iri::leiri_to_iri("http://a/\u200E") == "http://a/%E2%80%8E");  // bidi formatting (RFC 3987 §4.1)
    BOOST_TEST(*iri::leiri_to_iri("http://a/\uE000?\uE000") == "http://a/%EE%80%80?\uE000");  // iprivate: query only
    BOOST_TEST(*iri::leiri_to_iri("http://a/rosé") == "http://a/rosé");
    BOOST_TEST(uri("http://a/b c/é", {}, grammar::leiri) == "http://a/b%20c/%C3%A9");
    BOOST_TEST(*iri::leiri_to_iri("http://a/?\U000E0001", grammar::rfc3987) == "http://a/?%F3%A0%80%81");
}

BOOST_AUTO_TEST_CASE(uri_to_iri_spec_examples) {
    // 3987bis §4.2's three examples.
    BOOST_TEST(iri_of("http://www.example.org/D%C3%BCrst") == "http://www.example.org/Dürst");
    BOOST_TEST(iri_of("http://www.example.org/D%FCrst") == "http://www.example.org/D%FCrst");
    BOOST_TEST(iri_of("http://xn--99zt52a.example.org/%e2%80%ae") == "http://xn--99zt52a.example.org/%E2%80%AE");
    BOOST_TEST(iri_of("http://xn--99zt52a.example.org/%e2%80%ae", {.unicode_hosts = true}) ==
               "http://納豆.example.org/%E2%80%AE");
    // "Never use a charset other than UTF-8": r%E9sum%E9 stays, the UTF-8 fragment is decoded.
    BOOST_TEST(iri_of("http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9") ==
               "http://www.example.org/r%E9sum%E9.xml#résumé");
}

BOOST_AUTO_TEST_CASE(uri_to_iri_steps) {
    // Step 2: "%", reserved and disallowed US-ASCII characters stay encoded; unreserved ones are decoded.
    BOOST_TEST(iri_of("http://a/%25%2F%3F%20%41%7e") == "http://a/%25%2F%3F%20A~");
    // Step 4: iprivate only in the query; the tag characters are iprivate in 3987bis, not in RFC 3987.
    BOOST_TEST(iri_of("http://a/%EE%80%80?%EE%80%80") == "http://a/%EE%80%80?\uE000");
    BOOST_TEST(iri_of("http://a/?%F3%A0%80%81") == "http://a/?\U000E0001");
    BOOST_TEST(iri_of("http://a/?%F3%A0%80%81", {.to = grammar::rfc3987}) == "http://a/?%F3%A0%80%81");
    // Step 3: overlong and surrogate encodings are not strictly valid UTF-8.
    BOOST_TEST(iri_of("http://a/%C0%AF%ED%A0%80") == "http://a/%C0%AF%ED%A0%80");
    // Step 4 policy (§5.1): FULLWIDTH LATIN CAPITAL LETTER A, which NFKC changes.
    BOOST_TEST(iri_of("http://a/%EF%BC%A1") == "http://a/\uFF21");
    BOOST_TEST(iri_of("http://a/%EF%BC%A1", {.keep_discouraged_encoded = true}) == "http://a/%EF%BC%A1");
    // Step 5: the query of http(s) may be kept.
    BOOST_TEST(iri_of("http://a/%C3%A9?%C3%A9", {.keep_http_query_encoded = true}) == "http://a/é?%C3%A9");
    // Step 7 only where the label converts back to the same A-label.
    BOOST_TEST(iri_of("http://xn--a.example/", {.unicode_hosts = true}) == "http://xn--a.example/");
    // A host longer than iri::max_idna_host_bytes (idna.hpp) never reaches UTS #46: its labels stay as written,
    // with or without a "%" elsewhere. 85 labels of 12 bytes: 1,020 bytes.
    std::string long_host;
    for (int k = 0; k < 85; ++k) long_host += "xn--99zt52a.";
    BOOST_TEST(iri_of("http://" + long_host + "/", {.unicode_hosts = true}) == "http://" + long_host + "/");
    BOOST_TEST(iri_of("http://" + long_host + "/%41", {.unicode_hosts = true}) == "http://" + long_host + "/A");
    BOOST_TEST(iri_of("http://xn--99zt52a./%41", {.unicode_hosts = true}) == "http://納豆./A");
    auto bad = iri::to_iri("http://a/é");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().offset == 9u);
}

// 3987bis §4.2: runs of percent-encoded characters an IRI allows are decoded whatever their length and wherever a
// triplet that stays encoded breaks them: '"' (§2.2: not in an IRI), U+FFFD (not a ucschar) and an ill-formed
// sequence (a lead octet without its two trail octets) stay as written, and so do "/" and "a". Run lengths from 0
// to 25 characters (up to 225 bytes: several 64-byte blocks of the literal skip, and their ends), with the path or
// the query holding them (RFC 3986 §3.3, §3.4).
BOOST_AUTO_TEST_CASE(uri_to_iri_decodes_runs_of_any_length) {
    const std::string zhong = "%E4%B8%AD", decoded = "\u4E2D";  // 中
    for (const std::string breaker : {"%22", "%EF%BF%BD", "%E4%B8%22", "/", "a"}) {
        for (const char* where : {"/", "/p?"}) {
            for (std::size_t k = 0; k <= 25; ++k) {
                for (std::size_t m : {std::size_t{0}, std::size_t{1}, std::size_t{8}}) {
                    std::string uri = std::string("http://a") + where, iri = uri;
                    for (std::size_t i = 0; i < k; ++i) uri += zhong, iri += decoded;
                    uri += breaker, iri += breaker;
                    for (std::size_t i = 0; i < m; ++i) uri += zhong, iri += decoded;
                    const auto got = iri::to_iri(uri);
                    BOOST_TEST_REQUIRE(got.has_value(), uri);
                    BOOST_TEST(*got == iri, uri);
                }
            }
        }
    }
}

// The datasets README: zhwiki_uri_100k.txt is the line-for-line RFC 3987 §3.1 mapping of zhwiki_iri_100k.txt.
BOOST_AUTO_TEST_CASE(zhwiki_iris_map_to_the_zhwiki_uris) {
    const auto iris = iri_test::dataset_lines("derived/zhwiki_iri_100k.txt");
    const auto uris = iri_test::dataset_lines("derived/zhwiki_uri_100k.txt");
    BOOST_TEST_REQUIRE(iris.size() == uris.size());
    std::size_t same = 0, invalid = 0;
    for (std::size_t i = 0; i < iris.size(); ++i) {
        auto u = iri::to_uri(iris[i], grammar::iri);
        if (!u) u = iri::to_uri(iris[i], grammar::leiri);  // a line that is a LEIRI, not an IRI
        if (!u) {
            ++invalid;
            continue;
        }
        if (*u == uris[i]) ++same;
        else BOOST_TEST(*u == uris[i], "line " << i + 1);
        // Idempotent, and the identity on the URI.
        if (*iri::to_uri(*u) != *u) BOOST_TEST(*iri::to_uri(*u) == *u);
    }
    BOOST_TEST(invalid == 0u);
    BOOST_TEST(same == iris.size());
}

// And back: each zhwiki URI converts (3987bis §4.2) to the IRI it was made from, characters spanning long
// runs of triplets included; a line whose IRI is not valid (a LEIRI) keeps those characters encoded.
BOOST_AUTO_TEST_CASE(zhwiki_uris_map_back_to_the_zhwiki_iris) {
    const auto iris = iri_test::dataset_lines("derived/zhwiki_iri_100k.txt");
    const auto uris = iri_test::dataset_lines("derived/zhwiki_uri_100k.txt");
    std::size_t same = 0, leiris = 0;
    for (std::size_t i = 0; i < uris.size(); ++i) {
        if (!iri::is_valid(iris[i], grammar::iri)) {
            ++leiris;
            continue;
        }
        auto back = iri::to_iri(uris[i]);
        BOOST_TEST_REQUIRE(back.has_value());
        if (*back == iris[i]) ++same;
        else BOOST_TEST(*back == iris[i], "line " << i + 1);
    }
    BOOST_TEST(same + leiris == uris.size());
    BOOST_TEST(leiris <= 1u);
    // 30 CJK characters: one run of 90 triplets.
    std::string many, expected = "http://a/";
    for (int k = 0; k < 30; ++k) many += "%E4%B8%AD", expected += "中";
    BOOST_TEST(iri_of("http://a/" + many) == expected);
}

// 3987bis §4.1: to_uri(to_iri(u)) equals u up to hex case and percent-encoded unreserved characters, that is
// after syntax-based normalization in the uri grammar; over the zhwiki URIs and the Common Crawl hrefs.
BOOST_AUTO_TEST_CASE(uri_iri_round_trip) {
    auto lines = iri_test::dataset_lines("derived/zhwiki_uri_100k.txt");
    for (const auto& [page, href] : iri_test::cc10k_pairs()) lines.push_back(href);
    std::size_t checked = 0;
    for (const std::string& u : lines) {
        if (!iri::is_valid(u, grammar::uri)) continue;
        auto i = iri::to_iri(u);
        BOOST_TEST_REQUIRE(i.has_value(), u);
        auto back = iri::to_uri(*i);
        BOOST_TEST_REQUIRE(back.has_value(), *i);
        const auto a = iri::normalize(*back, grammar::uri, {.rung = iri::rung::syntax});
        const auto b = iri::normalize(u, grammar::uri, {.rung = iri::rung::syntax});
        BOOST_TEST_REQUIRE((a && b));
        if (*a != *b) BOOST_TEST(*a == *b, u << " -> " << *i << " -> " << *back);
        ++checked;
    }
    BOOST_TEST_MESSAGE("round trips: " << checked);
    BOOST_TEST(checked > 100000u);
}
