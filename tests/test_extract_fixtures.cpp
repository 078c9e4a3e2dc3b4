// Other projects' tests of finding links in text, run through iri::extract: linkify-it's fixtures, the autolink
// examples of the GFM spec, xurls' test tables (tests/extract/, whose README gives their provenance, licenses, and
// each category of the cases that disagree with its reason). Each fixture asserts how many of its cases there are
// and how many agree; the expected values are the fixtures' own. Every disagreement is printed (--log_level=message).
#define BOOST_TEST_MODULE extract_fixtures
#include <boost/test/unit_test.hpp>

#include "iri/extract.hpp"

#include <fstream>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {

// The lines of tests/extract/`name`, without "\n" (and "\r").
std::vector<std::string> fixture_lines(const std::string& name) {
    const std::string path = std::string(IRI_SOURCE_DIR) + "/tests/extract/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in.good(), "cannot read " << path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    return lines;
}

std::vector<std::string> values(const std::string& text) {
    std::vector<std::string> v;
    for (const auto& e : iri::extract(text)) v.push_back(e.value);
    return v;
}

std::optional<std::string> first(const std::string& text) {
    const auto v = values(text);
    return v.empty() ? std::nullopt : std::optional<std::string>(v.front());
}

std::string shown(const std::optional<std::string>& s) { return s ? "\"" + *s + "\"" : "nothing"; }

std::string shown(const std::vector<std::string>& v) {
    std::string out = "[";
    for (const auto& s : v) out += (out.size() > 1 ? ", \"" : "\"") + s + "\"";
    return out + "]";
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

// How many cases a fixture has and how many agree.
struct tally {
    std::size_t cases = 0, agree = 0;

    void add(bool agrees, const std::string& where, const std::string& input, const std::string& wanted,
             const std::string& got) {
        ++cases;
        if (agrees) {
            ++agree;
            return;
        }
        BOOST_TEST_MESSAGE(where << ": in " << input << " the fixture wants " << wanted << ", extract gives " << got);
    }
};

// ---- linkify-it (test/test.mjs reads its fixtures so) ----

// A line of links.txt or not_links.txt: a line starting with "%" is a comment, and nothing else is removed.
std::string linkify_line(const std::vector<std::string>& lines, std::size_t i) {
    return i < lines.size() && !lines[i].starts_with("%") ? lines[i] : std::string();
}

// links.txt: each line holds a link; the next line, when not blank, is the link its first match must be, else the
// line itself is.
tally linkify_links() {
    const auto lines = fixture_lines("linkify-it/links.txt");
    tally t;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line = linkify_line(lines, i), next = linkify_line(lines, i + 1);
        if (blank(line)) continue;
        const std::string wanted = blank(next) ? line : next;
        const auto got = first(line);
        t.add(got == wanted, "links.txt:" + std::to_string(i + 1), line, "\"" + wanted + "\"", shown(got));
        if (!blank(next)) ++i;
    }
    return t;
}

// not_links.txt: no line holds a link.
tally linkify_not_links() {
    const auto lines = fixture_lines("linkify-it/not_links.txt");
    tally t;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line = linkify_line(lines, i);
        if (blank(line)) continue;
        const auto got = values(line);
        t.add(got.empty(), "not_links.txt:" + std::to_string(i + 1), line, "nothing", shown(got));
    }
    return t;
}

// ---- xurls (xurls_test.go: the tables of testCase{in, want}) ----

// A Go string literal at s[i] (raw `...` or interpreted "..." with its simple escapes); i moves past it.
std::optional<std::string> go_string(const std::string& s, std::size_t& i) {
    if (i >= s.size() || (s[i] != '`' && s[i] != '"')) return std::nullopt;
    const char quote = s[i++];
    std::string out;
    for (; i < s.size() && s[i] != quote; ++i) {
        if (quote == '"' && s[i] == '\\' && i + 1 < s.size()) {
            const char e = s[++i];
            out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        } else {
            out += s[i];
        }
    }
    if (i >= s.size()) return std::nullopt;
    ++i;
    return out;
}

struct go_case {
    std::size_t line;
    std::string in;
    std::optional<std::string> want;  // nullopt: nil (no match)
};

// The cases `{in, want},` of xurls_test.go's tables, by table: the constant table ("constant", which the test runs
// with both Relaxed and Strict), "Relaxed2", "Strict2", "StrictMatchingScheme" (schemes http, ftp, ftps, mailto
// only) and "StrictMatchingSchemeAny" (AnyScheme). Lines commented out upstream ("//{...}") are not cases.
std::vector<std::pair<std::string, std::vector<go_case>>> xurls_tables() {
    const auto lines = fixture_lines("xurls/xurls_test.go");
    std::vector<std::pair<std::string, std::vector<go_case>>> tables;
    bool in_table = false;
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string& l = lines[n];
        const auto opens = [&](const char* marker, const char* table) {
            if (l.find(marker) == std::string::npos) return false;
            tables.push_back({table, {}});
            return in_table = true;
        };
        if (opens("var constantTestCases", "constant") || opens("doTest(t, \"Relaxed2\"", "Relaxed2") ||
            opens("doTest(t, \"Strict2\"", "Strict2") ||
            opens("func TestStrictMatchingScheme(t", "StrictMatchingScheme") ||
            opens("func TestStrictMatchingSchemeAny(t", "StrictMatchingSchemeAny"))
            continue;
        if (l.starts_with("func ")) in_table = false;  // TestStrictMatchingSchemeError's table is of patterns
        std::size_t i = l.find_first_not_of('\t');
        if (!in_table || i == std::string::npos || l[i] != '{') continue;
        ++i;
        auto in = go_string(l, i);
        if (!in || l.compare(i, 2, ", ") != 0) continue;
        i += 2;
        go_case c{n + 1, *in, std::nullopt};
        if (l.compare(i, 4, "true") == 0) {
            c.want = c.in;
        } else if (l.compare(i, 3, "nil") != 0) {
            auto want = go_string(l, i);
            if (!want) continue;
            c.want = std::move(want);
        }
        tables.back().second.push_back(std::move(c));
    }
    return tables;
}

// doTest: FindString of the input alone and between "\n"s is the wanted string ("" for nil).
tally xurls_table(const std::vector<go_case>& cases) {
    tally t;
    for (const go_case& c : cases) {
        bool agrees = true;
        std::optional<std::string> got;
        for (const std::string surround : {"", "\n"}) {
            got = first(surround + c.in + surround);
            agrees = agrees && got == c.want;
        }
        t.add(agrees, "xurls_test.go:" + std::to_string(c.line), "`" + c.in + "`", shown(c.want), shown(got));
    }
    return t;
}

// ---- GFM (the spec's examples: "```...``` example", the Markdown, ".", the HTML, "```...```") ----

// The text of each <a ...>...</a> of some HTML, its character references decoded (those the examples use).
std::vector<std::string> anchor_texts(const std::string& html) {
    std::vector<std::string> texts;
    for (std::size_t a = html.find("<a "); a != std::string::npos; a = html.find("<a ", a + 1)) {
        const std::size_t open_end = html.find('>', a), close = html.find("</a>", a);
        if (open_end == std::string::npos || close == std::string::npos) break;
        std::string text = html.substr(open_end + 1, close - open_end - 1), decoded;
        for (std::size_t i = 0; i < text.size(); ++i) {
            bool replaced = false;
            for (const auto& [ref, c] :
                 {std::pair<std::string_view, char>{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}})
                if (!replaced && std::string_view(text).substr(i).starts_with(ref)) {
                    decoded += c;
                    i += ref.size() - 1;
                    replaced = true;
                }
            if (!replaced) decoded += text[i];
        }
        texts.push_back(std::move(decoded));
    }
    return texts;
}

// The Markdown's blocks (lines between blank lines) and the HTML's top-level elements (from a line "<tag..." to
// the line that ends "</tag>"), each joined with "\n".
std::vector<std::string> markdown_blocks(const std::vector<std::string>& lines) {
    std::vector<std::string> blocks;
    bool open = false;
    for (const std::string& l : lines) {
        if (blank(l)) {
            open = false;
        } else if (open) {
            blocks.back() += "\n" + l;
        } else {
            blocks.push_back(l);
            open = true;
        }
    }
    return blocks;
}

std::vector<std::string> html_blocks(const std::vector<std::string>& lines) {
    std::vector<std::string> blocks;
    std::string closing;
    for (const std::string& l : lines) {
        if (!closing.empty()) {
            blocks.back() += "\n" + l;
        } else if (!blank(l)) {
            const std::size_t name_end = l.find_first_of(" >", 1);
            closing = "</" + l.substr(1, name_end - 1) + ">";
            blocks.push_back(l);
        }
        if (!closing.empty() && l.ends_with(closing)) closing.clear();
    }
    return blocks;
}

// Each block of each example is a case when the Markdown and the HTML have as many blocks, else the example is
// one. An example whose HTML is "<IGNORE>" (it asserts only that nothing crashes) is run and not counted.
tally gfm_examples(const std::string& name) {
    const auto lines = fixture_lines("cmark-gfm/" + name);
    const std::string fence(32, '`');
    tally t;
    for (std::size_t n = 0; n < lines.size(); ++n) {
        if (!lines[n].starts_with(fence + " example")) continue;
        const std::size_t first_line = n + 1;
        std::vector<std::string> markdown, html;
        for (++n; n < lines.size() && lines[n] != "."; ++n) markdown.push_back(lines[n]);
        for (++n; n < lines.size() && lines[n] != fence; ++n) html.push_back(lines[n]);
        if (html.size() == 1 && html[0] == "<IGNORE>") {
            for (const std::string& l : markdown) (void)values(l);
            continue;
        }
        auto in = markdown_blocks(markdown), out = html_blocks(html);
        if (in.size() != out.size()) {
            std::string all_in, all_out;
            for (const auto& b : in) all_in += b + "\n\n";
            for (const auto& b : out) all_out += b + "\n";
            in = {all_in};
            out = {all_out};
        }
        for (std::size_t b = 0; b < in.size(); ++b) {
            const auto wanted = anchor_texts(out[b]);
            const auto got = values(in[b]);
            t.add(got == wanted, name + ":" + std::to_string(first_line), in[b], shown(wanted), shown(got));
        }
    }
    return t;
}

}  // namespace

// The counts of cases that agree, and the categories of the rest, are those of tests/extract/README.md.

BOOST_AUTO_TEST_CASE(linkify_it_links) {
    // 38 disagree: 23 links without a scheme (domains, IP addresses, "//host", "www."), 12 e-mail addresses
    // without "mailto:", 3 with characters RFC 3986 and 3987 exclude ("[", "{", '"').
    const tally t = linkify_links();
    BOOST_TEST(t.cases == 117u);
    BOOST_TEST(t.agree == 79u);
}

BOOST_AUTO_TEST_CASE(linkify_it_not_links) {
    // 6 disagree: 3 reg-names RFC 3986 allows ("http://.example.com", "http://-example.com", "http://example.com_"),
    // a scheme linkify-it does not know ("hppt:"), a scheme after "_", a mailto: URI without an address.
    const tally t = linkify_not_links();
    BOOST_TEST(t.cases == 38u);
    BOOST_TEST(t.agree == 32u);
}

BOOST_AUTO_TEST_CASE(gfm_spec_autolinks_extension) {
    // 16 disagree: 12 "www." links, 4 e-mail addresses without "mailto:". The "<IGNORE>" example is not counted.
    const tally t = gfm_examples("spec-autolinks-extension.txt");
    BOOST_TEST(t.cases == 21u);
    BOOST_TEST(t.agree == 5u);
}

BOOST_AUTO_TEST_CASE(gfm_extensions_autolinks) {
    // 7 disagree: 4 with "www." links, 2 e-mail addresses without "mailto:", a Markdown image (not a link).
    const tally t = gfm_examples("extensions-autolinks.txt");
    BOOST_TEST(t.cases == 18u);
    BOOST_TEST(t.agree == 11u);
}

BOOST_AUTO_TEST_CASE(xurls_test_tables) {
    // constant: 18 disagree: 14 with characters RFC 3986 excludes ("%" without two hex digits, "[", "]", "{",
    // "}"), an IPv6 address without brackets, a final "@", a "_" closing emphasis, a scheme glued to a word.
    // Relaxed2: all 111 that disagree are links without a scheme. StrictMatchingScheme: 2 schemes the test's
    // option excludes.
    const std::vector<std::tuple<std::string, std::size_t, std::size_t>> wanted = {{"constant", 149, 131},
                                                                                   {"Relaxed2", 121, 10},
                                                                                   {"Strict2", 8, 8},
                                                                                   {"StrictMatchingScheme", 10, 8},
                                                                                   {"StrictMatchingSchemeAny", 4, 4}};
    const auto tables = xurls_tables();
    BOOST_TEST_REQUIRE(tables.size() == wanted.size());
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const auto& [table, cases, agree] = wanted[i];
        BOOST_TEST_CONTEXT("xurls table " << table) {
            BOOST_TEST(tables[i].first == table);
            const tally t = xurls_table(tables[i].second);
            BOOST_TEST(t.cases == cases);
            BOOST_TEST(t.agree == agree);
        }
    }
}
