// The differential test of the scheme grammars: for every file in grammar/schemes/, the generated DFAs
// (iri::match_scheme_grammar: the URI's matcher, then each list's element matcher) agree with the reference
// matcher that interprets the same ABNF (support/abnf_interpreter), on acceptance and on the span of every part
// (the interpreter keeps the last match of a repeated part; so does the comparison). Strings are derived from
// each grammar and mutated, with a fixed seed. Then a fixture scheme that is not shipped (tests/schemes/about.abnf)
// goes through the same generator, re2c and CMake function: its matcher agrees with the interpreter too.
#define BOOST_TEST_MODULE scheme_differential
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "abnf.hpp"
#include "grammar/match.hpp"
#include "iri/scheme_rules.hpp"
#include "support/abnf_interpreter.hpp"

namespace iri::detail {
extern const scheme_grammar_info scheme_info_about;  // tests/schemes/about.abnf, generated at build time
}

namespace {

bool ascii(const std::string& s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

std::string describe(const std::map<std::string, iri::span>& parts) {
    std::string out;
    for (const auto& [rule, s] : parts)
        if (s.present()) out += " " + rule + "=" + std::to_string(s.begin) + ".." + std::to_string(s.end);
    return out;
}

// The DFA's parts as the interpreter reports them: the last match of each rule.
std::map<std::string, iri::span> last_parts(const iri::scheme_match& m) {
    std::map<std::string, iri::span> out;
    for (const iri::scheme_part& p : m.parts) {
        iri::span& s = out[std::string(p.rule)];
        if (!s.present() || p.begin >= s.begin) s = {p.begin, p.end};
    }
    return out;
}

std::map<std::string, iri::span> present(const std::map<std::string, iri::span>& parts) {
    std::map<std::string, iri::span> out;
    for (const auto& [rule, s] : parts)
        if (s.present()) out[rule] = s;
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(dfa_matches_the_abnf) {
    const std::string dir = std::string(IRI_SOURCE_DIR) + "/grammar/schemes";
    std::size_t files = 0;
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
        if (f.path().extension() != ".abnf") continue;
        iri::abnf::diagnostics d;
        const auto g = iri::abnf::load(f.path().string(), d);
        BOOST_TEST_REQUIRE(d.ok(), f.path());
        ++files;
        iri_test::abnf_generator gen(g, 0x5C4E3E17ull);
        std::size_t checked = 0, accepted = 0, mismatches = 0;
        for (int i = 0; i < 1000; ++i) {
            std::string s = gen.derive(g.entries[0].rule);
            if (i % 2) s = gen.mutate(s);
            if (!ascii(s)) continue;  // the DFA sees the URI mapping of non-ASCII text; the interpreter would not
            const auto want = iri_test::interpret_parts(g, g.entries[0].rule, s);
            const auto got = iri::match_scheme_grammar(s, g.scheme_option ? g.name : g.scheme);
            ++checked;
            bool same = want.has_value() == !got.error.has_value();
            if (same && want) {
                ++accepted;
                same = present(*want) == last_parts(got);
            }
            if (!same && ++mismatches <= 5)
                BOOST_ERROR(g.scheme << ": \"" << s << "\": ABNF " << (want ? "accepts" + describe(*want) : "rejects")
                                     << ", DFA " << (got.error ? "rejects" : "accepts" + describe(last_parts(got))));
        }
        BOOST_TEST(mismatches == 0u, g.scheme);
        BOOST_TEST(accepted > checked / 10, g.scheme << ": " << accepted << " of " << checked << " accepted");
        BOOST_TEST_MESSAGE(g.scheme << ": " << checked << " strings, " << accepted << " accepted, " << mismatches
                                    << " mismatches");
    }
    BOOST_TEST(files >= 10u);
}

BOOST_AUTO_TEST_CASE(a_new_scheme_file_needs_no_cpp) {
    iri::abnf::diagnostics d;
    const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/tests/schemes/about.abnf", d);
    BOOST_TEST_REQUIRE(d.ok());
    const iri::detail::scheme_grammar_info& info = iri::detail::scheme_info_about;
    BOOST_TEST(std::string(info.scheme) == "about");
    BOOST_TEST(std::string(info.spec) == "RFC 6694 §2");
    BOOST_TEST_REQUIRE(info.part_count == 3u);
    BOOST_TEST(std::string(info.part_names[0]) == "about-token");
    for (const std::string s : {"about:blank", "about:", "about:a/b?c#d", "about:a b", "about:%zz", "about:#x#"}) {
        iri::span parts[3];
        std::uint32_t stop = 0;
        const bool ok = info.match(reinterpret_cast<const unsigned char*>(s.data()), s.size(), parts, stop);
        const auto want = iri_test::interpret_parts(g, "about-uri", s);
        BOOST_TEST(ok == want.has_value(), s);
        if (!ok || !want) continue;
        BOOST_TEST((parts[0] == (*want).at("about-token")), s);
    }
    iri::span parts[3];
    std::uint32_t stop = 0;
    const std::string blank = "about:blank";
    BOOST_TEST(info.match(reinterpret_cast<const unsigned char*>(blank.data()), blank.size(), parts, stop));
    BOOST_TEST(parts[0].begin == 6u);
    BOOST_TEST(parts[0].end == 11u);
}
