// Issue 15: on every dataset line, the one-pass paths (normalize at both rungs with and without NFC, canonical_key,
// append_normalized, resolve, the resolver) give byte for byte what the reference implementation gives
// (support/reference_normalize.hpp: the rules applied one after another).
#define BOOST_TEST_MODULE normalize_reference
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <iterator>
#include <string>
#include <utility>

#include "iri/normalize.hpp"
#include "iri/resolve.hpp"
#include "iri/resolver.hpp"
#include "support/datasets.hpp"
#include "support/reference_normalize.hpp"

namespace {

using iri::grammar;
using iri::rung;

const iri::normalize_options every_option[] = {{.rung = rung::syntax},
                                               {.rung = rung::scheme},
                                               {.rung = rung::syntax, .nfc = true},
                                               {.rung = rung::scheme, .nfc = true},
                                               {.rung = rung::scheme, .keep_fragment = false}};

}  // namespace

BOOST_AUTO_TEST_CASE(reference_implementation_examples) {
    // The reference itself against the spec's examples (RFC 3987 §5.3.2, §5.3.3; RFC 3986 §5.4.1).
    BOOST_TEST(iri_test::reference_normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", grammar::iri,
                                             {.rung = rung::syntax}) == "example://a/b/c/%7Bfoo%7D/rosé");
    BOOST_TEST(iri_test::reference_normalize("http://example.com:/", grammar::iri, {.rung = rung::scheme}) ==
               "http://example.com/");
    BOOST_TEST(iri_test::reference_resolve("http://a/b/c/d;p?q", "../../../g", grammar::iri) == "http://a/g");
    BOOST_TEST(iri_test::reference_resolve("http://a/b/c/d;p?q", "?y", grammar::iri) == "http://a/b/c/d;p?y");
}

// A segment of more than 32 code points (nfc.cpp) is ordered and composed by the library's own linear pass, a
// shorter one by ICU; the reference gives ICU the whole component. Paths made of one base character and a long
// mixture of marks of many combining classes, composing and non-composing starters (Hangul jamo), singletons
// and composition exclusions (U+0344, U+0F73, U+0958), from a fixed pseudo-random sequence.
BOOST_AUTO_TEST_CASE(long_segments_equal_the_reference) {
    const char* const bases[] = {"e", "a", "o", "\u0915", "\u1100", "\u00E9"};
    const char* const pool[] = {"\u0301", "\u0300", "\u0316", "\u0327", "\u0345", "\u0308", "\u093C",
                                "\u0344", "\u0F71", "\u0F72", "\u0F73", "\u05B0", "\u0334", "\u1161",
                                "\u11A8", "\u0958", "\u0323", "\u0302", "\u0306", "\u031B"};
    std::uint32_t state = 12345;
    auto next = [&state](std::uint32_t n) {
        state = state * 1103515245u + 12345u;  // a linear congruential sequence: the same paths every run
        return (state >> 16) % n;
    };
    for (int k = 0; k < 400; ++k) {
        std::string text = "http://a/";
        text += bases[next(std::size(bases))];
        const std::uint32_t length = 33 + next(300);
        for (std::uint32_t i = 0; i < length; ++i) text += pool[next(std::size(pool))];
        const iri::normalize_options o{.rung = rung::syntax, .nfc = true};
        const auto got = iri::normalize(text, grammar::iri, o);
        BOOST_TEST_REQUIRE(got.has_value());
        BOOST_TEST(*got == iri_test::reference_normalize(text, grammar::iri, o), "path " << k);
    }
}

BOOST_AUTO_TEST_CASE(fast_paths_equal_the_reference_on_every_dataset_line) {
    std::size_t checked = 0;
    std::string buffer;
    for (auto [file, g] :
         std::initializer_list<std::pair<const char*, grammar>>{{"derived/zhwiki_iri_100k.txt", grammar::iri},
                                                                {"derived/zhwiki_uri_100k.txt", grammar::uri},
                                                                {"url-various-datasets/kasztp.txt", grammar::uri},
                                                                {"url-various-datasets/userbait.txt", grammar::iri},
                                                                {"url-various-datasets/node_files.txt", grammar::uri},
                                                                {"url-various-datasets/isaacs_files.txt", grammar::iri},
                                                                {"derived/psl_idn_suffix_iris.txt", grammar::iri}}) {
        auto lines = iri_test::dataset_lines(file);
        if (g == grammar::iri && std::string_view(file).find("userbait") != std::string_view::npos)
            for (auto& [page, href] : iri_test::cc10k_pairs()) {  // and the Common Crawl pages and hrefs
                lines.push_back(page);
                lines.push_back(href);
            }
        for (const std::string& line : lines) {
            auto r = iri::reference_view::parse(line, g);
            if (!r) continue;
            for (const iri::normalize_options& o : every_option) {
                const std::string expected = iri_test::reference_normalize(line, g, o);
                auto n = iri::normalize(*r, o);
                if (!n || *n != expected) BOOST_TEST(n.value() == expected, file << ": " << line);
                if (o.nfc) continue;
                const std::string expected_key = iri_test::reference_key(line, g, o);
                buffer.clear();
                buffer.push_back('x');
                auto k = iri::append_canonical_key(buffer, *r, o);
                const bool appended =
                    k && buffer.starts_with('x') && std::string_view(buffer).substr(1) == expected_key;
                if (!appended) BOOST_TEST(buffer.substr(1) == expected_key, file << ": " << line);
                ++checked;
            }
        }
    }
    BOOST_TEST(checked > 900000u);
}

BOOST_AUTO_TEST_CASE(resolve_and_resolver_equal_the_reference_on_the_cc10k_pairs) {
    std::size_t checked = 0;
    for (const auto& [page, href] : iri_test::cc10k_pairs()) {
        auto base = iri::reference_view::parse(page);
        auto ref = iri::reference_view::parse(href);
        if (!base || !ref || !base->has_scheme()) continue;
        const std::string target = iri_test::reference_resolve(page, href, grammar::iri);
        BOOST_TEST(iri::resolve(*base, *ref)->str() == target, page << " + " << href);
        // At the simple rung the resolver writes the target itself (the CLI's resolve uses it so).
        auto plain = iri::resolver::make(page, grammar::iri, {.rung = rung::simple});
        BOOST_TEST(plain->normalized(href).value() == target, page << " + " << href);
        for (std::size_t k = 0; k < std::size(every_option); ++k) {
            const iri::normalize_options& o = every_option[k];
            // A resolver made for the page, or one made for another page and rebased (neither allocates).
            auto made = iri::resolver::make(k % 2 ? page : std::string("http://x/"), grammar::iri, o);
            BOOST_TEST_REQUIRE(made.has_value());
            iri::resolver* pipeline = &*made;
            if (k % 2 == 0) BOOST_TEST_REQUIRE(pipeline->rebase(page).has_value());
            const std::string expected = iri_test::reference_normalize(target, grammar::iri, o);
            auto n = pipeline->normalized(href);
            if (!n || *n != expected) BOOST_TEST(n.value() == expected, page << " + " << href);
            if (!o.nfc) {
                const std::string expected_key = iri_test::reference_key(target, grammar::iri, o);
                auto key = pipeline->key(href);
                if (!key || *key != expected_key) BOOST_TEST(key.value() == expected_key, page << " + " << href);
            }
            ++checked;
        }
    }
    BOOST_TEST(checked > 40000u);  // 5 option sets × the pairs
}
