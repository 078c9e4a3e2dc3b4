// The generator's error messages for broken grammar files: every tests/abnf_errors/*.abnf announces on its first
// line ("; expect: FILE:LINE:COLUMN: MESSAGE") the error it must produce; the message is reasoned from the file.
// Also: the real grammars load without errors.
#define BOOST_TEST_MODULE generator_errors
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "abnf.hpp"

namespace fs = std::filesystem;

BOOST_AUTO_TEST_CASE(broken_grammars_report_file_line_column) {
    const fs::path dir = fs::path(IRI_SOURCE_DIR) / "tests" / "abnf_errors";
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".abnf") continue;
        std::ifstream in(entry.path());
        std::string first;
        std::getline(in, first);
        const std::string prefix = "; expect: ";
        BOOST_REQUIRE(first.rfind(prefix, 0) == 0);
        const std::string expected = first.substr(prefix.size());
        // Load by a path relative to the folder, so messages name the file as the expectation does.
        const fs::path cwd = fs::current_path();
        fs::current_path(dir);
        iri::abnf::diagnostics d;
        (void)iri::abnf::load(entry.path().filename().string(), d);
        fs::current_path(cwd);
        ++cases;
        BOOST_TEST_CONTEXT(entry.path().filename().string()) {
            BOOST_TEST_REQUIRE(!d.ok());
            bool found = false;
            for (const std::string& e : d.errors) found = found || e.rfind(expected, 0) == 0;
            BOOST_TEST(found, "expected an error starting with: " << expected << "\ngot: " << d.errors.front());
        }
    }
    BOOST_TEST(cases >= 18);
}

BOOST_AUTO_TEST_CASE(the_shipped_grammars_load) {
    for (const char* v : {"uri", "iri", "rfc3987", "leiri"}) {
        iri::abnf::diagnostics d;
        const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/" + v + ".abnf", d);
        BOOST_TEST_CONTEXT(v) {
            BOOST_TEST(d.ok());
            BOOST_TEST(g.entries.size() == 26u);  // one per role of include/iri/roles.def
        }
    }
}

// A derived variant replaces exactly the rules it defines: rfc3987's iprivate lacks the tag characters that
// 3987bis added (U+E0000-E0FFF), and leiri's ucschar is leiri-ucschar with no exclusion (3987bis §6.1).
BOOST_AUTO_TEST_CASE(variants_replace_rules) {
    iri::abnf::diagnostics d;
    const auto iri3987 = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/rfc3987.abnf", d);
    const auto bis = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/iri.abnf", d);
    const auto leiri = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/leiri.abnf", d);
    BOOST_TEST_REQUIRE(d.ok());
    const auto p3987 = iri3987.as_char_set(iri3987.find("iprivate")->definition);
    const auto pbis = bis.as_char_set(bis.find("iprivate")->definition);
    BOOST_TEST_REQUIRE((p3987 && pbis));
    BOOST_TEST(pbis->contains(0xE0000));
    BOOST_TEST(pbis->contains(0xE0FFF));
    BOOST_TEST(!p3987->contains(0xE0000));
    BOOST_TEST(!p3987->contains(0xE0FFF));
    BOOST_TEST(p3987->contains(0xE000));
    BOOST_TEST(!bis.excluded_set().empty());
    BOOST_TEST(bis.excluded_set().contains(0x202E));
    BOOST_TEST(iri3987.excluded_set().contains(0x200E));  // inherited
    BOOST_TEST(leiri.excluded_set().empty());              // cleared by ";@exclude"
    const auto lu = leiri.as_char_set(leiri.find("ucschar")->definition);
    BOOST_TEST_REQUIRE(lu.has_value());
    BOOST_TEST(lu->contains(0x20));     // " "
    BOOST_TEST(lu->contains(0x0));      // %x0-1F
    BOOST_TEST(!lu->contains(0xD800));  // surrogates are in neither range
    BOOST_TEST(lu->contains(0x10FFFF));
}

// iri-generate's own help and a grammar-as-data check: the ireg-name of iri.abnf allows pct-encoded (the note on
// the 3987bis editorial slip), so the literal set of reg-name excludes "%" but the grammar accepts "%41".
BOOST_AUTO_TEST_CASE(literal_sets_follow_the_grammar) {
    iri::abnf::diagnostics d;
    const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/iri.abnf", d);
    BOOST_TEST_REQUIRE(d.ok());
    const auto reg = g.literal_set(*g.find("ireg-name"));
    BOOST_TEST_REQUIRE(reg.has_value());
    BOOST_TEST(!reg->contains('%'));
    BOOST_TEST(!reg->contains(':'));
    BOOST_TEST(reg->contains('!'));
    BOOST_TEST(reg->contains(0xE9));
    const auto query = g.literal_set(*g.find("iquery"));
    BOOST_TEST_REQUIRE(query.has_value());
    BOOST_TEST(query->contains(0xE000));  // iprivate: in the query only
    BOOST_TEST(!g.literal_set(*g.find("isegment"))->contains(0xE000));
}
