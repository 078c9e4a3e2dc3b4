// Issue 15: on every dataset line, the one-pass paths (normalize at both rungs with and without NFC, canonical_key,
// append_normalized, resolve, the resolver) give byte for byte what the reference implementation gives
// (support/reference_normalize.hpp: the rules applied one after another).
#define BOOST_TEST_MODULE normalize_reference
#include <boost/test/unit_test.hpp>

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

const iri::normalize_options every_option[] = {
    {.rung = rung::syntax}, {.rung = rung::scheme}, {.rung = rung::syntax, .nfc = true},
    {.rung = rung::scheme, .nfc = true}, {.rung = rung::scheme, .keep_fragment = false}};

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

BOOST_AUTO_TEST_CASE(fast_paths_equal_the_reference_on_every_dataset_line) {
    std::size_t checked = 0;
    std::string buffer;
    for (auto [file, g] : std::initializer_list<std::pair<const char*, grammar>>{
             {"derived/zhwiki_iri_100k.txt", grammar::iri},
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
            // A resolver made for the page, or one made for another page and rebased (issue 15: no allocation).
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
