// The link finder (iri/html.hpp) against a DOM-built link list on the real pages of htmlparser-benchmark
// (datasets/htmlparser-benchmark/, README there): Google's gumbo, an HTML5 parser, builds each page's tree, and the
// links are read off it: every HTML element outside template contents, the attributes of data/html/attributes.tsv,
// srcset split and refresh read as the library does (parse_srcset, parse_refresh: checked on their own in
// test_html_links), and the first <base href>. The two must give the same set of (element, attribute, value, rel)
// and the same document base URL on every page, but those listed in expected_differences, each for a reason the
// Standard gives (datasets/htmlparser-benchmark/README.md); a listed page must still differ, so that the list stays
// true.
// gumbo implements the Standard with the scripting flag off: the library runs with it off here too.
#define BOOST_TEST_MODULE html_differential
#include <boost/test/unit_test.hpp>

#include <gumbo.h>
#include <unicode/ucnv.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "iri/html.hpp"
#include "iri/web.hpp"

namespace {

// (element, attribute, value, rel)
using link_key = std::tuple<std::string, std::string, std::string, std::string>;

struct reference_page {
    std::set<link_key> links;
    std::string base_url;
};

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// data/html/attributes.tsv: element -> (attribute, kind) of the links and rels.
std::map<std::string, std::vector<std::pair<std::string, std::string>>> link_attributes() {
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> table;
    std::istringstream in(read(std::string(IRI_SOURCE_DIR) + "/data/html/attributes.tsv"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string element, attribute, kind;
        std::getline(fields, element, '\t');
        std::getline(fields, attribute, '\t');
        std::getline(fields, kind, '\t');
        if (kind == "url" || kind == "srcset" || kind == "refresh" || kind == "rel")
            table[element].emplace_back(attribute, kind);
    }
    return table;
}

// `page` in UTF-8 (gumbo reads only UTF-8): the library's encoding for it, converted by ICU.
std::string as_utf8(const std::string& page, std::string_view encoding) {
    if (encoding == "UTF-8") return page;
    UErrorCode status = U_ZERO_ERROR;
    std::string out(page.size() * 3 + 16, '\0');
    const int32_t n = ucnv_convert("UTF-8", std::string(encoding).c_str(), out.data(), static_cast<int32_t>(out.size()),
                                   page.data(), static_cast<int32_t>(page.size()), &status);
    BOOST_REQUIRE_MESSAGE(U_SUCCESS(status), "ICU cannot convert from " << encoding);
    out.resize(static_cast<std::size_t>(n));
    return out;
}

class dom_reader {
public:
    explicit dom_reader(const std::string& page_url) : page_url_(page_url) {}

    reference_page read(const GumboNode* root) {
        walk(root, false);
        reference_page r;
        r.links = std::move(links_);
        // §4.2.3: the first base with an href, parsed against the page URL; failure, data: or javascript: leave it.
        const auto page = iri::web::parse(page_url_);
        r.base_url = std::string(page->href());
        if (base_) {
            const auto b = iri::web::parse(*base_, &*page);
            if (b && b->scheme() != "data" && b->scheme() != "javascript") r.base_url = std::string(b->href());
        }
        return r;
    }

private:
    static std::string tag_name(const GumboElement& e) {
        if (e.tag != GUMBO_TAG_UNKNOWN) return gumbo_normalized_tagname(e.tag);
        GumboStringPiece p = e.original_tag;
        gumbo_tag_from_original_text(&p);
        std::string s(p.data, p.length);
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    }

    static const char* attribute(const GumboElement& e, const std::string& name) {
        const GumboAttribute* a = gumbo_get_attribute(&e.attributes, name.c_str());
        return a ? a->value : nullptr;
    }

    static bool blank(std::string_view s) {
        return std::all_of(s.begin(), s.end(),
                           [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; });
    }

    void element(const GumboElement& e) {
        const std::string name = tag_name(e);
        if (name == "base" && !base_)
            if (const char* href = attribute(e, "href")) base_ = href;
        const auto row = table_.find(name);
        if (row == table_.end()) return;
        std::string rel;
        for (const auto& [a, kind] : row->second)
            if (kind == "rel")
                if (const char* v = attribute(e, a)) rel = v;
        for (const auto& [a, kind] : row->second) {
            const char* v = attribute(e, a);
            if (!v) continue;
            if (kind == "url" && !blank(v)) links_.insert({name, a, v, rel});
            if (kind == "srcset")
                for (const auto& c : iri::html::parse_srcset(v)) links_.insert({name, a, std::string(c.url), rel});
            if (kind == "refresh" && !refreshed_) {
                const char* pragma = attribute(e, "http-equiv");
                std::string p = pragma ? pragma : "";
                for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                if (p != "refresh" || !*v) continue;
                const auto r = iri::html::parse_refresh(v);
                if (!r) continue;
                refreshed_ = true;
                if (r->has_url && !blank(r->url)) links_.insert({name, a, std::string(r->url), ""});
            }
        }
    }

    void walk(const GumboNode* n, bool in_template) {
        if (n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE) {
            const GumboElement& e = n->v.element;
            const bool html = e.tag_namespace == GUMBO_NAMESPACE_HTML;
            if (html && !in_template) element(e);
            const bool template_contents = in_template || (html && n->type == GUMBO_NODE_TEMPLATE);
            for (unsigned i = 0; i < e.children.length; ++i)
                walk(static_cast<const GumboNode*>(e.children.data[i]), template_contents);
        } else if (n->type == GUMBO_NODE_DOCUMENT) {
            for (unsigned i = 0; i < n->v.document.children.length; ++i)
                walk(static_cast<const GumboNode*>(n->v.document.children.data[i]), in_template);
        }
    }

    std::string page_url_;
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> table_ = link_attributes();
    std::set<link_key> links_;
    std::optional<std::string> base_;
    bool refreshed_ = false;
};

// The pages whose link sets differ from gumbo's, and why (datasets/htmlparser-benchmark/README.md): none.
const std::map<std::string, std::string> expected_differences = {};

}  // namespace

BOOST_AUTO_TEST_CASE(corpus_against_gumbo) {
    const std::filesystem::path dir = std::filesystem::path(IRI_DATASETS_DIR) / "htmlparser-benchmark" / "pages";
    std::vector<std::filesystem::path> pages;
    for (const auto& f : std::filesystem::directory_iterator(dir)) pages.push_back(f.path());
    std::sort(pages.begin(), pages.end());
    BOOST_TEST_REQUIRE(pages.size() == 258u);
    iri::html::extractor x;
    iri::html::options opt;
    opt.scripting = false;
    std::size_t agree = 0, links = 0;
    for (const auto& p : pages) {
        const std::string name = p.filename().string(), page = read(p), page_url = "https://example.com/" + name;
        const auto found = x.links(page, page_url, opt);
        BOOST_TEST_REQUIRE(found.has_value());
        std::set<link_key> ours;
        for (const auto& l : *found)
            ours.insert({std::string(l.element), std::string(l.attribute), std::string(l.value), std::string(l.rel)});
        links += found->size();
        const std::string utf8 = as_utf8(page.substr(page.starts_with("\xEF\xBB\xBF") ? 3 : 0), x.document().encoding);
        GumboOutput* out = gumbo_parse_with_options(&kGumboDefaultOptions, utf8.data(), utf8.size());
        const reference_page reference = dom_reader(page_url).read(out->document);
        gumbo_destroy_output(&kGumboDefaultOptions, out);
        const bool same = ours == reference.links && x.document().base_url == reference.base_url;
        const auto expected = expected_differences.find(name);
        if (expected == expected_differences.end()) {
            BOOST_TEST(same, name << " differs from gumbo");
            if (!same) {
                for (const auto& k : ours)
                    if (!reference.links.count(k))
                        BOOST_TEST_MESSAGE("  only ours:  " << std::get<0>(k) << " " << std::get<1>(k) << " ["
                                                            << std::get<2>(k) << "] rel [" << std::get<3>(k) << "]");
                for (const auto& k : reference.links)
                    if (!ours.count(k))
                        BOOST_TEST_MESSAGE("  only gumbo: " << std::get<0>(k) << " " << std::get<1>(k) << " ["
                                                            << std::get<2>(k) << "] rel [" << std::get<3>(k) << "]");
                if (x.document().base_url != reference.base_url)
                    BOOST_TEST_MESSAGE("  base: ours " << x.document().base_url << ", gumbo " << reference.base_url);
            }
        } else {
            BOOST_TEST(!same, name << " is listed as differing (" << expected->second << ") but agrees");
        }
        agree += same;
    }
    BOOST_TEST_MESSAGE(agree << " of " << pages.size() << " pages agree; " << links << " links");
    BOOST_TEST(agree + expected_differences.size() == pages.size());
}
