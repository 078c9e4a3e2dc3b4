#define BOOST_TEST_MODULE resolve
#include <boost/test/unit_test.hpp>

#include "iri/resolve.hpp"

#include "iri/parse.hpp"

#include "support/datasets.hpp"
#include "support/printing.hpp"

#include <string>

// RFC 3986 §5.4 and rfc2396bis-02 §5.4 (draft-fielding-uri-rfc2396bis-02.xml.txt lines 1569–1661): every
// example, against the base "http://a/b/c/d;p?q".
namespace {

struct example {
    const char* ref;
    const char* target;
};

constexpr const char* base = "http://a/b/c/d;p?q";

constexpr example examples[] = {
    {"g:h", "g:h"},
    {"g", "http://a/b/c/g"},
    {"./g", "http://a/b/c/g"},
    {"g/", "http://a/b/c/g/"},
    {"/g", "http://a/g"},
    {"//g", "http://g"},
    {"?y", "http://a/b/c/d;p?y"},
    {"g?y", "http://a/b/c/g?y"},
    {"#s", "http://a/b/c/d;p?q#s"},
    {"g#s", "http://a/b/c/g#s"},
    {"g?y#s", "http://a/b/c/g?y#s"},
    {";x", "http://a/b/c/;x"},
    {"g;x", "http://a/b/c/g;x"},
    {"g;x?y#s", "http://a/b/c/g;x?y#s"},
    {".", "http://a/b/c/"},
    {"./", "http://a/b/c/"},
    {"..", "http://a/b/"},
    {"../", "http://a/b/"},
    {"../g", "http://a/b/g"},
    {"../..", "http://a/"},
    {"../../", "http://a/"},
    {"../../g", "http://a/g"},
    {"", "http://a/b/c/d;p?q"},
    {"../../../g", "http://a/g"},
    {"../../../../g", "http://a/g"},
    {"/./g", "http://a/g"},
    {"/../g", "http://a/g"},
    {"g.", "http://a/b/c/g."},
    {".g", "http://a/b/c/.g"},
    {"g..", "http://a/b/c/g.."},
    {"..g", "http://a/b/c/..g"},
    {"./../g", "http://a/b/g"},
    {"./g/.", "http://a/b/c/g/"},
    {"g/./h", "http://a/b/c/g/h"},
    {"g/../h", "http://a/b/c/h"},
    {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
    {"g;x=1/../y", "http://a/b/c/y"},
    {"g?y/./x", "http://a/b/c/g?y/./x"},
    {"g?y/../x", "http://a/b/c/g?y/../x"},
    {"g#s/./x", "http://a/b/c/g#s/./x"},
    {"g#s/../x", "http://a/b/c/g#s/../x"},
    {"http:g", "http:g"},
};

// The target's offsets are written with it, from the parts they come from: they must be those a parse of its
// text finds (RFC 3986 §3 splits a reference one way only), in the base's grammar.
void check_offsets(const iri::reference& t, std::string_view b, std::string_view r) {
    const auto again = iri::parse(t.str(), t.variant());
    BOOST_TEST_REQUIRE(again.has_value(), "resolve(" << b << ", " << r << ") = " << t.str() << " does not parse");
    for (std::size_t k = 0; k < iri::component_count; ++k) {
        const auto c = static_cast<iri::component>(k);
        BOOST_TEST(((*again)[c] == t.offsets()[c]),
                   "resolve(" << b << ", " << r << ") = " << t.str() << ": " << iri::name(c) << " offsets");
    }
}

std::string resolved(std::string_view b, std::string_view r, iri::grammar g = iri::grammar::iri,
                     iri::resolve_options o = {}) {
    auto t = iri::resolve(b, r, g, o);
    if (!t) BOOST_FAIL("resolve(" << b << ", " << r << "): " << t.error().message());
    check_offsets(*t, b, r);
    return t->str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(rfc3986_section_5_4_examples_in_every_grammar) {
    BOOST_TEST(std::size(examples) == 42u);
    for (iri::grammar g : {iri::grammar::uri, iri::grammar::iri, iri::grammar::rfc3987, iri::grammar::leiri})
        for (const example& e : examples) BOOST_TEST(resolved(base, e.ref, g) == e.target, e.ref);
}

BOOST_AUTO_TEST_CASE(non_strict_ignores_a_scheme_equal_to_the_base) {
    // §5.4.2: "http:g" = "http://a/b/c/g" for backward compatibility.
    BOOST_TEST(resolved(base, "http:g", iri::grammar::iri, {.strict = false}) == "http://a/b/c/g");
    BOOST_TEST(resolved(base, "HTTP:g", iri::grammar::iri, {.strict = false}) == "http://a/b/c/g");
    BOOST_TEST(resolved(base, "ftp:g", iri::grammar::iri, {.strict = false}) == "ftp:g");
}

BOOST_AUTO_TEST_CASE(remove_dot_segments_examples) {
    // §5.2.4's two worked examples.
    BOOST_TEST(iri::remove_dot_segments("/a/b/c/./../../g") == "/a/g");
    BOOST_TEST(iri::remove_dot_segments("mid/content=5/../6") == "mid/6");
    // Each rule alone: A, B, C, D, E.
    BOOST_TEST(iri::remove_dot_segments("../a") == "a");
    BOOST_TEST(iri::remove_dot_segments("./a") == "a");
    BOOST_TEST(iri::remove_dot_segments("/./a") == "/a");
    BOOST_TEST(iri::remove_dot_segments("/a/.") == "/a/");
    BOOST_TEST(iri::remove_dot_segments("/a/b/..") == "/a/");
    BOOST_TEST(iri::remove_dot_segments("/..") == "/");
    BOOST_TEST(iri::remove_dot_segments("..") == "");
    BOOST_TEST(iri::remove_dot_segments(".") == "");
    BOOST_TEST(iri::remove_dot_segments("") == "");
    BOOST_TEST(iri::remove_dot_segments("/a//../b") == "/a/b");
}

BOOST_AUTO_TEST_CASE(iris_resolve_like_uris) {
    // 3987bis §5.5: non-ASCII characters are treated like unreserved ones.
    BOOST_TEST(resolved("http://例え.jp/引き/割り?問", "../ü/./ß") == "http://例え.jp/ü/ß");
    BOOST_TEST(resolved("http://例え.jp/引き/割り?問", "#片") == "http://例え.jp/引き/割り?問#片");
}

BOOST_AUTO_TEST_CASE(results_that_need_a_dot_to_reparse) {
    // Without authority a path cannot start with "//" (RFC 3986 §3.3): "/." keeps the computed parts.
    auto t = iri::resolve("a:/b", "..//c");
    BOOST_TEST_REQUIRE(t.has_value());
    BOOST_TEST(t->str() == "a:/.//c");
    BOOST_TEST(!t->has_authority());
    BOOST_TEST(iri::remove_dot_segments(t->path()) == "//c");
    BOOST_TEST(resolved("a:", "/.//c") == "a:/.//c");
    // A rootless base path merges as §5.2.3 says; remove_dot_segments makes "b/../../d" "/d".
    BOOST_TEST(resolved("a:b/c", "../../d") == "a:/d");
    BOOST_TEST(resolved("mailto:x@y", "z@w") == "mailto:z@w");
    BOOST_TEST(resolved("urn:a:b", "?q") == "urn:a:b?q");
}

BOOST_AUTO_TEST_CASE(base_fragment_is_ignored_and_authority_kept) {
    BOOST_TEST(resolved("http://a/b#f", "") == "http://a/b");
    BOOST_TEST(resolved("http://a/b#f", "#g") == "http://a/b#g");
    BOOST_TEST(resolved("http://a", "g") == "http://a/g");  // §5.2.3: base with authority and empty path
    BOOST_TEST(resolved("http://u@a:8080?x", "?y") == "http://u@a:8080?y");
}

BOOST_AUTO_TEST_CASE(errors) {
    auto e = iri::resolve("/relative/base", "g");
    BOOST_TEST_REQUIRE(!e.has_value());
    BOOST_TEST(e.error().code == iri::errc::base_not_absolute);
    // A reference that is not valid in the grammar: the space at byte 1.
    auto p = iri::resolve("http://a/", "a b");
    BOOST_TEST_REQUIRE(!p.has_value());
    BOOST_TEST(p.error().code == iri::errc::disallowed_character);
    BOOST_TEST(p.error().offset == 1u);
    // An IRI reference resolved against a URI base: its text must be a URI.
    auto b = iri::reference_view::parse("http://a/", iri::grammar::uri);
    auto r = iri::reference_view::parse("é", iri::grammar::iri);
    BOOST_TEST_REQUIRE((b && r));
    auto x = iri::resolve(*b, *r);
    BOOST_TEST_REQUIRE(!x.has_value());
    BOOST_TEST(x.error().offset == 0u);
}

// Every part of a target comes from a base or a reference, with its offsets: over all Common Crawl page/href
// pairs, and over references of every form (scheme, authority with each host kind and port, absolute, relative
// and empty paths, dot segments, query, fragment) against bases of every form, the offsets are those a parse of
// the target finds.
BOOST_AUTO_TEST_CASE(target_offsets_are_those_of_its_text) {
    std::size_t checked = 0;
    for (const auto& [page, href] : iri_test::cc10k_pairs()) {
        auto t = iri::resolve(page, href);
        BOOST_TEST_REQUIRE(t.has_value(), page << " " << href);
        check_offsets(*t, page, href);
        ++checked;
    }
    BOOST_TEST(checked == 10000u);
    const char* bases[] = {"http://a/b/c/d;p?q",
                           "http://u:pw@[v7.x]:8/b/c?q#f",
                           "http://192.0.2.1",
                           "a:b/c",
                           "a:/b/c/",
                           "a:",
                           "urn:a:b",
                           "file:///x/y",
                           "http://[::1]/a/..",
                           "http://例え.jp/引き/割り?問"};
    const char* refs[] = {"",
                          "g",
                          "./g",
                          "../g",
                          "../../../../g",
                          "/g",
                          "//g",
                          "//u@h:1/p/../q",
                          "//[::2]",
                          "//10.0.0.1:80",
                          "?y",
                          "#s",
                          "g?y#s",
                          ".",
                          "..",
                          "./",
                          "/./g/.",
                          "..//c",
                          "/.//c",
                          "g:h",
                          "g:/a/../b",
                          "g://h/./x?y#z",
                          "x/./y/../z?q/../r#f/./g",
                          "%41/%2E%2E/b",
                          "ü/./ß?問#片"};
    for (const char* b : bases)
        for (const char* r : refs)
            for (bool strict : {true, false}) {
                auto t = iri::resolve(b, r, iri::grammar::iri, {.strict = strict});
                BOOST_TEST_REQUIRE(t.has_value(), b << " " << r);
                check_offsets(*t, b, r);
            }
}
