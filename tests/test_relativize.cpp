#define BOOST_TEST_MODULE relativize
#include <boost/test/unit_test.hpp>

#include "iri/resolve.hpp"

#include "support/printing.hpp"

#include <optional>
#include <string>
#include <vector>

#include "support/datasets.hpp"

namespace {

std::string rel(std::string_view base, std::string_view target, iri::grammar g = iri::grammar::iri) {
    auto r = iri::relativize(base, target, g);
    if (!r) BOOST_FAIL("relativize(" << base << ", " << target << "): " << r.error().message());
    // Whatever it returns must resolve back to the target, byte for byte.
    auto back = iri::resolve(iri::reference_view::parse(base, g).value(), r->view());
    BOOST_TEST_REQUIRE(back.has_value());
    BOOST_TEST(back->str() == target, "relativize(" << base << ", " << target << ") = " << r->str());
    return r->str();
}

constexpr const char* base = "http://a/b/c/d;p?q";

}  // namespace

// The RFC 3986 §5.4.1 examples read backwards: each target, and the shortest reference that gives it.
BOOST_AUTO_TEST_CASE(inverse_of_the_section_5_4_examples) {
    BOOST_TEST(rel(base, "http://a/b/c/g") == "g");
    BOOST_TEST(rel(base, "http://a/b/c/g/") == "g/");
    BOOST_TEST(rel(base, "http://a/g") == "/g");          // shorter than "../../g"
    BOOST_TEST(rel(base, "http://g") == "//g");           // another authority
    BOOST_TEST(rel(base, "http://a/b/c/d;p?y") == "?y");  // query only
    BOOST_TEST(rel(base, "http://a/b/c/g?y") == "g?y");
    BOOST_TEST(rel(base, "http://a/b/c/d;p?q#s") == "#s");  // fragment only
    BOOST_TEST(rel(base, "http://a/b/c/g;x?y#s") == "g;x?y#s");
    BOOST_TEST(rel(base, "http://a/b/c/;x") == ";x");
    BOOST_TEST(rel(base, "http://a/b/c/") == ".");
    BOOST_TEST(rel(base, "http://a/b/") == "..");
    BOOST_TEST(rel(base, "http://a/b/g") == "../g");
    BOOST_TEST(rel(base, "http://a/") == "/");
    BOOST_TEST(rel(base, "http://a/b/c/d;p?q") == "");  // the base itself
}

BOOST_AUTO_TEST_CASE(edge_cases) {
    BOOST_TEST(rel(base, "http://a/b/c/d;p") == "d;p");         // the base without its query
    BOOST_TEST(rel(base, "http://a/b/c/d;p?q#") == "#");        // an empty fragment is a fragment
    BOOST_TEST(rel(base, "http://a/b/c/d;p?") == "?");          // an empty query is a query
    BOOST_TEST(rel(base, "http://a/b/c/g:h") == "./g:h");       // "g:h" would be a scheme (RFC 3986 §4.2)
    BOOST_TEST(rel(base, "http://a/b/c//g") == ".//g");         // "//g" would be an authority
    BOOST_TEST(rel(base, "ftp://a/b/c/g") == "ftp://a/b/c/g");  // another scheme: the target itself
    BOOST_TEST(rel("http://a/b#f", "http://a/b") == "");        // the base's fragment does not count
    BOOST_TEST(rel("http://a", "http://a/x") == "x");           // merge with an empty base path gives "/x"
    BOOST_TEST(rel("http://a/x", "http://a") == "//a");         // an empty path needs the authority
    BOOST_TEST(rel("http://a/b?q", "http://a/b") == "b");
    BOOST_TEST(rel("http://a/b/?q", "http://a/b/") == ".");
    BOOST_TEST(rel("http://u@a:1/b", "http://a:1/b") == "//a:1/b");  // the userinfo is part of the authority
    BOOST_TEST(rel("mailto:a@b", "mailto:c@d") == "c@d");            // rootless paths
    BOOST_TEST(rel("urn:isbn:1", "urn:isbn:2") == "./isbn:2");
    BOOST_TEST(rel("http://例え.jp/引き/割り", "http://例え.jp/引き/ü") == "ü");
}

// RFC 3986 §5.2.3: under a rootless base path with "/", merge keeps the base's directory ("x/y/"), so
// relative paths work as they do under an absolute one; §5.2.4 removes the dot segments of the merged path.
BOOST_AUTO_TEST_CASE(relative_paths_under_a_rootless_base) {
    BOOST_TEST(rel("urn:x/y/z", "urn:x/y/w") == "w");   // "x/y/" + "w"
    BOOST_TEST(rel("urn:x/y/z", "urn:x/y/") == ".");    // "x/y/."
    BOOST_TEST(rel("urn:x/y/z", "urn:x/w") == "../w");  // "x/y/../w" gives "x/w"
    BOOST_TEST(rel("urn:x/y/z", "urn:x/y/w?q") == "w?q");
    BOOST_TEST(rel("urn:x/y/z", "urn:x/y/a:b") == "./a:b");  // "a:b" would be a scheme (§4.2)
    // "x/y/../../a" removes to "/a" (step C drops "x" and leaves the "/"): no relative path gives "a", so
    // the target itself is the shortest reference.
    BOOST_TEST(rel("urn:x/y/z", "urn:a") == "urn:a");
    BOOST_TEST(rel("urn:x/y/z", "urn:/a") == "/a");  // an absolute path under a rootless base
}

// RFC 3986 §3.3: without an authority a path cannot begin with "//", and resolution writes such a path with
// "/." before it (resolve.cpp). "foo:/.//c" is the target of "..//c" against "foo:/a"; ".//c" merges with
// "/" to "/.//c", whose "." §5.2.4 removes, and "/." comes back before "//c": the shortest reference.
BOOST_AUTO_TEST_CASE(a_path_that_would_begin_with_two_slashes) {
    BOOST_TEST(iri::resolve("foo:/a", "..//c").value().str() == "foo:/.//c");
    BOOST_TEST(rel("foo:/a", "foo:/.//c") == ".//c");
    // From "/a/": the absolute path "/.//c" gives itself back (its "." removed, "/." put back), and so does
    // "..//c" ("/a/..//c" removes to "//c"). Both have five bytes and nothing shorter resolves to the target, so
    // either is the shortest reference (rel() checks that it resolves back).
    const std::string from_a_b = rel("foo:/a/b", "foo:/.//c");
    BOOST_TEST((from_a_b == "/.//c" || from_a_b == "..//c"), from_a_b);
}

// RFC 3986 §5.2.4: resolution removes every dot segment of the path it builds, so no reference gives a target
// whose path keeps one; and every resolution has a scheme (§5.2.2), so none gives a relative reference.
BOOST_AUTO_TEST_CASE(a_target_no_reference_resolves_to_is_an_error) {
    auto r = iri::relativize(base, "http://a/b/../c");
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().code == iri::errc::not_relativizable);
    BOOST_TEST(r.error().where == iri::component::path);
    BOOST_TEST(r.error().offset == 11u);  // the ".." segment
    auto d = iri::relativize(base, "http://h/./b");
    BOOST_TEST_REQUIRE(!d.has_value());
    BOOST_TEST(d.error().code == iri::errc::not_relativizable);
    BOOST_TEST(d.error().offset == 9u);
    auto o = iri::relativize(base, "ftp://h/a/..");  // another scheme: only the target itself could
    BOOST_TEST_REQUIRE(!o.has_value());
    BOOST_TEST(o.error().code == iri::errc::not_relativizable);
    auto t = iri::relativize(base, "../g");
    BOOST_TEST_REQUIRE(!t.has_value());
    BOOST_TEST(t.error().code == iri::errc::not_relativizable);
    BOOST_TEST(t.error().where == iri::component::scheme);
    BOOST_TEST(std::string(iri::name(t.error().code)) == "not_relativizable");
}

BOOST_AUTO_TEST_CASE(errors) {
    auto r = iri::relativize("b/c", "http://a/");
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().code == iri::errc::base_not_absolute);
}

// Issue 3 §5: for every page/href pair of Common Crawl, T = resolve(page, href), then
// resolve(page, relativize(page, T)) == T; and the reference found is never longer than the href itself,
// which is one reference that gives T.
BOOST_AUTO_TEST_CASE(round_trip_over_common_crawl_pairs) {
    std::size_t checked = 0, invalid = 0;
    for (const auto& [page, href] : iri_test::cc10k_pairs()) {
        auto b = iri::reference_view::parse(page);
        auto h = iri::reference_view::parse(href);
        if (!b || !h || !b->has_scheme()) {
            ++invalid;
            continue;
        }
        auto t = iri::resolve(*b, *h);
        BOOST_TEST_REQUIRE(t.has_value(), page << " + " << href);
        auto r = iri::relativize(*b, t->view());
        BOOST_TEST_REQUIRE(r.has_value());
        auto back = iri::resolve(*b, r->view());
        BOOST_TEST_REQUIRE(back.has_value());
        BOOST_TEST(back->str() == t->str(), page << " + " << href << " -> " << r->str());
        BOOST_TEST(r->str().size() <= href.size(), page << " + " << href << " -> " << r->str());
        ++checked;
    }
    BOOST_TEST_MESSAGE("cc10k: " << checked << " pairs checked, " << invalid << " not valid IRI references");
    BOOST_TEST(invalid == 0u);  // every row of the file is a valid page URL and a valid IRI reference
    BOOST_TEST(checked == 10000u);
}

// Generated cases: every base and target built from these parts (all valid combinations): rootless and
// absolute paths, with and without authority, some with dot segments.
BOOST_AUTO_TEST_CASE(round_trip_over_generated_cases) {
    const std::vector<std::optional<std::string>> authorities = {std::nullopt, "", "a", "u@a:8"};
    const std::vector<std::string> paths = {"",       "/",    "/x",    "/x/",   "/x/y", "/x/y/", "/x//y", "/a:b",
                                            "/x/a:b", "x",    "x/y",   "a:b/c", "//y",  "x/y/z", "x/y/",  "x//y",
                                            "x/a:b",  "/./x", "/x/..", "x/./y", "./x",  "x/..",  "../x",  "/.//y"};
    const std::vector<std::optional<std::string>> queries = {std::nullopt, "", "q"};
    const std::vector<std::optional<std::string>> fragments = {std::nullopt, "f"};
    std::vector<std::string> refs;
    for (const auto& a : authorities)
        for (const auto& p : paths)
            for (const auto& q : queries)
                for (const auto& f : fragments) {
                    std::string s = "s:";
                    if (a) s += "//" + *a;
                    s += p;
                    if (q) s += "?" + *q;
                    if (f) s += "#" + *f;
                    if (iri::reference_view::parse(s)) refs.push_back(s);
                }
    std::size_t checked = 0, refused = 0;
    for (const std::string& b : refs) {
        const auto base_view = iri::reference_view::parse(b).value();
        for (const std::string& target : refs) {
            const auto target_view = iri::reference_view::parse(target).value();
            auto r = iri::relativize(base_view, target_view);
            // The target itself resolves to itself unless resolution removes one of its dot segments
            // (RFC 3986 §5.2.4): then some reference exists, and relativize must find one.
            auto self = iri::resolve(base_view, target_view);
            BOOST_TEST_REQUIRE(self.has_value());
            if (self->str() == target) BOOST_TEST_REQUIRE(r.has_value(), b << " -> " << target);
            if (!r) {
                BOOST_TEST(r.error().code == iri::errc::not_relativizable);
                ++refused;
                continue;
            }
            auto back = iri::resolve(base_view, r->view());
            BOOST_TEST_REQUIRE(back.has_value());
            if (back->str() != target) BOOST_TEST(back->str() == target, b << " -> " << target << " via " << r->str());
            BOOST_TEST(r->str().size() <= target.size());
            ++checked;
        }
    }
    BOOST_TEST_MESSAGE("generated: " << refs.size() << " references, " << checked << " pairs, " << refused
                                     << " targets with dot segments refused");
    BOOST_TEST(checked + refused == refs.size() * refs.size());
    BOOST_TEST(refused > 0u);
}
