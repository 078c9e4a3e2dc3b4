// The generator's error messages for broken grammar files: every tests/abnf_errors/*.abnf announces on its first
// line ("; expect: FILE:LINE:COLUMN: MESSAGE") the error it must produce; the message is reasoned from the file.
// Also: the real grammars load without errors.
#define BOOST_TEST_MODULE generator_errors
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "abnf.hpp"
#include "emit_re2c.hpp"

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
    BOOST_TEST(leiri.excluded_set().empty());             // cleared by ";@exclude"
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

namespace {

std::string emitted(const std::string& variant) {
    iri::abnf::diagnostics d;
    const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/" + variant + ".abnf", d);
    BOOST_TEST_REQUIRE(d.ok());
    std::ostringstream out;
    std::string error;
    BOOST_TEST_REQUIRE(iri::abnf::emit_re2c(g, {}, out, error), error);
    return out.str();
}

}  // namespace

// grammar/sets.def: the generator emits each named set from the rule of that name, so the stages
// take gen-delims, reserved or the LEIRI groups of 3987bis §6.3 from the grammar files.
BOOST_AUTO_TEST_CASE(named_sets_come_from_the_rules_of_that_name) {
    const std::string uri = emitted("uri");
    // RFC 3986 §2.2: gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@", as sorted ranges.
    BOOST_TEST(uri.find("const std::uint32_t named_gen_delims_ranges[][2] = {\n    {0x23, 0x23},\n    {0x2f, 0x2f},\n"
                        "    {0x3a, 0x3a},\n    {0x3f, 0x40},\n    {0x5b, 0x5b},\n    {0x5d, 0x5d},\n") !=
               std::string::npos);
    BOOST_TEST(uri.find("nullptr,  // leiri-delimiters") != std::string::npos);  // URIs have no LEIRI groups
    const std::string leiri = emitted("leiri");
    // 3987bis §6.3: "<", ">" and '"' (0x22, 0x3C, 0x3E).
    BOOST_TEST(leiri.find("const std::uint32_t named_leiri_delimiters_ranges[][2] = {\n    {0x22, 0x22},\n"
                          "    {0x3c, 0x3c},\n    {0x3e, 0x3e},\n    {0, 0},") != std::string::npos);
    // Whether reg-name takes U-labels is emitted: URIs' reg-name is ASCII (RFC 3986 §3.2.2), IRIs' ireg-name
    // has iunreserved (3987bis §2.2).
    BOOST_TEST(uri.find("::named_sets,\n    false,\n};") != std::string::npos);
    BOOST_TEST(emitted("iri").find("::named_sets,\n    true,\n};") != std::string::npos);
}
