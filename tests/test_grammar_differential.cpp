// The differential test of the grammars: the generated DFAs (iri::parse, including its split-at-delimiters fast path
// for the reference productions) agree with a slow reference matcher that interprets the grammar files' ABNF
// directly (support/abnf_interpreter), on acceptance and on every component boundary. Strings come from the
// grammar itself (random derivations of each entry production) plus single-byte mutations of them, with a fixed
// seed, at least 100,000 per variant; and from a list of hand-picked tricky strings.
#define BOOST_TEST_MODULE grammar_differential
#include <algorithm>
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "abnf.hpp"
#include "iri/parse.hpp"
#include "support/datasets.hpp"
#include "support/abnf_interpreter.hpp"

namespace {

std::string escaped(std::string_view s) {
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            out += static_cast<char>(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        }
    }
    return out;
}

std::string describe(const iri::components& c) {
    std::string out;
    for (std::size_t k = 0; k < iri::component_count; ++k) {
        const iri::span s = c.spans[k];
        if (!s.present()) continue;
        out += std::string(" ") + iri::name(static_cast<iri::component>(k)) + "=" + std::to_string(s.begin) + ".." +
               std::to_string(s.end);
    }
    return out;
}

struct counts {
    std::size_t checked = 0, accepted = 0, mismatches = 0;
};

// Compares one string under one entry production; reports the first few mismatches in full.
void compare(const iri::abnf::grammar& g, iri::grammar variant, const iri::abnf::entry& e, const std::string& s,
             counts& n) {
    const auto p = iri::find_production(variant, e.rule);
    BOOST_TEST_REQUIRE(p.has_value());
    const auto expected = iri_test::interpret(g, e.rule, s);
    const auto got = iri::parse(s, variant, *p);
    ++n.checked;
    bool same = expected.has_value() == got.has_value();
    if (same && expected) {
        ++n.accepted;
        same = expected->spans == got->spans;
    }
    if (got) same = same && got->consistent(s.size());
    if (!same && ++n.mismatches <= 20) {
        BOOST_ERROR(g.name << " " << e.rule << " \"" << escaped(s) << "\": ABNF interpreter "
                           << (expected ? "accepts:" + describe(*expected) : std::string("rejects")) << "; DFA "
                           << (got ? "accepts:" + describe(*got) : "rejects: " + got.error().message()));
    }
}

using namespace std::string_view_literals;

// Hand-picked strings, each tried under every entry production of every variant.
const std::string_view tricky[] = {
    ""sv,
    "a"sv,
    "a:"sv,
    "a:b"sv,
    "./a:b"sv,
    "1a:b"sv,
    "//"sv,
    "///"sv,
    "?"sv,
    "#"sv,
    "?#"sv,
    "%"sv,
    "%4"sv,
    "%41"sv,
    "%zz"sv,
    "a%2"sv,
    "http://a b"sv,
    "http://1.2.3.4"sv,
    "http://1.2.3.4.5"sv,
    "http://01.1.1.1"sv,
    "http://255.255.255.255"sv,
    "http://256.1.1.1"sv,
    "http://[::1]"sv,
    "http://[::1.2.3.4]"sv,
    "http://[1:2:3:4:5:6:7:8]"sv,
    "http://[1:2:3:4:5:6:7:8:9]"sv,
    "http://[1::2::3]"sv,
    "http://[fe80::1%25eth0]"sv,
    "http://[v7.a:b]"sv,
    "http://[V7.x]"sv,
    "http://[v.x]"sv,
    "http://u:p@h:80/p?q#f"sv,
    "http://@h"sv,
    "http://h:"sv,
    "http://a?"sv,
    "//a:8x"sv,
    "//a:80@b"sv,
    "//a@b@c"sv,
    "a:80@b"sv,
    "mailto:a@b"sv,
    "urn:isbn:0"sv,
    "http://a/%C3%A9"sv,
    "http://a/\xC3\xA9"sv,
    "http://\xE4\xBE\x8B\xE3\x81\x88.jp/"sv,
    "a\0b"sv,
    "http://a/\xE2\x80\x8E"sv,
    "http://a/\xE2\x80\xAE"sv,
    "http://a/?\xEE\x80\x80"sv,
    "http://a/\xEE\x80\x80"sv,
    "http://a/?\xF3\xA0\x80\x81"sv,
    "http://a/\xF3\xA0\x80\x81"sv,
    "http://a/\xEF\xB7\x90"sv,
    "x\xED\xA0\x80"sv,
    "x\xC0\xAF"sv,
    "x\xF4\x90\x80\x80"sv,
    "x\xE4\xB8"sv,
    "x\xFF"sv,
    "http://a/<b> c|d"sv,
    "a b"sv,
    "http://a/\x01"sv,
    "http://a:65536/"sv,
    "HTTP://A/"sv,
    "h+.-1:x"sv,
};

}  // namespace

BOOST_AUTO_TEST_CASE(generated_dfas_agree_with_the_abnf) {
    constexpr std::size_t per_variant = 100000;
    for (const char* name : {"uri", "iri", "rfc3987", "leiri"}) {
        iri::abnf::diagnostics d;
        const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/" + name + ".abnf", d);
        BOOST_TEST_REQUIRE(d.ok());
        const auto variant = iri::find_grammar(name);
        BOOST_TEST_REQUIRE(variant.has_value());
        iri_test::abnf_generator gen(g, 0x1F1D5EEDull);
        counts n;
        for (const auto& e : g.entries)
            for (std::string_view t : tricky) compare(g, *variant, e, std::string(t), n);
        // Generated strings: every entry in turn; the reference productions get half of the budget.
        std::size_t i = 0;
        while (n.checked < per_variant) {
            const auto& e = g.entries[i % g.entries.size()];
            const bool reference =
                e.role == "URI-reference" || e.role == "URI" || e.role == "absolute-URI" || e.role == "relative-ref";
            for (int k = 0; k < (reference ? 6 : 1); ++k) {
                std::string s = gen.derive(e.rule);
                if (s.size() > 300) s.resize(300);
                compare(g, *variant, e, s, n);
                std::string m = s;
                const std::uint64_t times = 1 + gen.below(2);
                for (std::uint64_t t = 0; t < times; ++t) m = gen.mutate(m);
                compare(g, *variant, e, m, n);
            }
            ++i;
        }
        BOOST_TEST_MESSAGE(name << ": " << n.checked << " strings, " << n.accepted << " accepted, "
                                << n.checked - n.accepted << " rejected, " << n.mismatches << " mismatches");
        std::printf("%s: %zu strings checked, %zu accepted, %zu rejected, %zu mismatches\n", name, n.checked,
                    n.accepted, n.checked - n.accepted, n.mismatches);
        BOOST_TEST(n.mismatches == 0u);
        BOOST_TEST(n.checked >= per_variant);
        // Not vacuous: both outcomes well represented.
        BOOST_TEST(n.accepted > n.checked / 10);
        BOOST_TEST(n.checked - n.accepted > n.checked / 10);
    }
}

// Real references are longer than most generated ones: their components span whole SIMD blocks of the fast
// path, with "%HH" triplets and stops at every position. Each line of the datasets (the first 2,000 of each),
// and each line mutated, under the reference production of every variant.
BOOST_AUTO_TEST_CASE(dataset_lines_and_their_mutations_agree_with_the_abnf) {
    for (const char* name : {"uri", "iri", "leiri"}) {
        iri::abnf::diagnostics d;
        const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/" + name + ".abnf", d);
        BOOST_TEST_REQUIRE(d.ok());
        const auto variant = iri::find_grammar(name);
        const auto entry =
            std::find_if(g.entries.begin(), g.entries.end(), [](const auto& e) { return e.role == "URI-reference"; });
        BOOST_TEST_REQUIRE((entry != g.entries.end()));
        iri_test::abnf_generator gen(g, 0x5EEDull);
        counts n;
        for (const char* file :
             {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "derived/zhwiki_uri_100k.txt",
              "derived/zhwiki_iri_100k.txt", "url-various-datasets/node_files.txt"}) {
            const auto lines = iri_test::dataset_lines(file);
            for (std::size_t i = 0; i < lines.size() && i < 2000; ++i) {
                // At most 300 bytes, as for the generated strings: the interpreter recurses once per element.
                const std::string line = lines[i].substr(0, 300);
                compare(g, *variant, *entry, line, n);
                compare(g, *variant, *entry, gen.mutate(line), n);
            }
        }
        std::printf("%s, dataset lines: %zu strings checked, %zu accepted, %zu mismatches\n", name, n.checked,
                    n.accepted, n.mismatches);
        BOOST_TEST(n.mismatches == 0u);
        BOOST_TEST(n.accepted > n.checked / 4);
    }
}
