// A page's encoding (iri/html.hpp: the encoding sniffing algorithm of HTML §13.2.3.2, and the change of a tentative
// encoding by a <meta> the tree builder meets later, §13.2.3.4) against html5lib-tests' encoding cases
// (datasets/html5lib-tests/, README there): each case's bytes and the encoding it expects, windows-1252 when nothing
// in it names one (the fallback those cases assume).
#define BOOST_TEST_MODULE html_encoding
#include <boost/test/unit_test.hpp>

#include "iri/html.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct encoding_case {
    std::string data, expected;
};

// The cases of a ".dat" file: "#data", the bytes, "#encoding", the label.
std::vector<encoding_case> read_cases(const std::string& name) {
    const std::string path = std::string(IRI_DATASETS_DIR) + "/html5lib-tests/encoding/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    std::vector<encoding_case> cases;
    for (std::size_t at = s.find("#data\n"); at != std::string::npos;) {
        const std::size_t data = at + 6, mark = s.find("\n#encoding\n", data);
        BOOST_REQUIRE_MESSAGE(mark != std::string::npos, name << ": a case without #encoding");
        const std::size_t label = mark + 11, line_end = s.find('\n', label);
        cases.push_back({s.substr(data, mark - data), s.substr(label, line_end - label)});
        at = s.find("#data\n", line_end);
    }
    return cases;
}

// The Encoding Standard's name of a label (the transport's charset of an empty page is that label's encoding).
std::string name_of_label(const std::string& label) { return std::string(iri::html::sniff_encoding("", label).name); }

// The encoding the extractor reads each case in (its document().encoding).
std::size_t passing(const std::string& file) {
    std::size_t ok = 0;
    iri::html::extractor x;
    iri::html::options opt;
    opt.fallback_encoding = "windows-1252";
    opt.resolve = false;
    for (const encoding_case& c : read_cases(file)) {
        BOOST_REQUIRE(x.links(c.data, "", opt).has_value());
        const std::string found(x.document().encoding);
        BOOST_TEST(found == name_of_label(c.expected), file << ": " << c.data.substr(0, 200));
        ok += found == name_of_label(c.expected);
    }
    return ok;
}

}  // namespace

BOOST_AUTO_TEST_CASE(tests1) { BOOST_TEST(passing("tests1.dat") == 59u); }
BOOST_AUTO_TEST_CASE(tests2) { BOOST_TEST(passing("tests2.dat") == 22u); }
BOOST_AUTO_TEST_CASE(yahoo_jp) { BOOST_TEST(passing("test-yahoo-jp.dat") == 1u); }

BOOST_AUTO_TEST_CASE(labels_and_bom) {
    // Encoding Standard §4.2: labels trimmed of ASCII whitespace and ASCII case-insensitive; §6 BOM sniff.
    BOOST_TEST(name_of_label(" \tLATIN1\n") == "windows-1252");
    BOOST_TEST(name_of_label("x-sjis") == "Shift_JIS");
    BOOST_TEST(name_of_label("utf-16") == "UTF-16LE");
    BOOST_TEST(name_of_label("unicode-1-1-utf-8") == "UTF-8");
    BOOST_TEST(iri::html::sniff_encoding("\xFE\xFF<p>", "shift_jis").name == "UTF-16BE");
    BOOST_TEST(iri::html::name(iri::html::sniff_encoding("\xFE\xFF<p>", "shift_jis").source) == std::string("bom"));
    // §13.2.3.2: UTF-16 named by a meta is UTF-8, x-user-defined windows-1252; an XML declaration when there is
    // no meta ("get an XML encoding"); the UTF-16 XML declaration prefix.
    BOOST_TEST(iri::html::sniff_encoding("<meta charset=utf-16le>").name == "UTF-8");
    BOOST_TEST(iri::html::sniff_encoding("<meta charset=x-user-defined>").name == "windows-1252");
    BOOST_TEST(iri::html::sniff_encoding("<?xml version='1.0' encoding='ISO-8859-5'?><p>").name == "ISO-8859-5");
    BOOST_TEST(iri::html::sniff_encoding(std::string("<\0?\0x\0m\0l\0", 10)).name == "UTF-16LE");
    // A meta after the first 1,024 bytes is not the prescan's.
    BOOST_TEST(iri::html::sniff_encoding(std::string(1024, ' ') + "<meta charset=koi8-r>").name == "UTF-8");
}
