// Every example string the specifications present as a URI, IRI or LEIRI (reference), one table per document
// (RFC 3986, RFC 3987, RFC 2396bis-02, 3987bis-13), each with the grammars it must be valid in, reasoned from the text around it.
//
// The strings are written as the documents write them: the XML sources (rfc2396bis-02, 3987bis-13) escape "&"
// as "&amp;", and both IRI documents write non-ASCII characters in "XML Notation" (&#xHHHH;, RFC 3987 §1.4,
// 3987bis §1.4); from_spec() decodes both into UTF-8. (In the 3987bis XML source the notation is itself escaped
// once more, "&amp;#xE9;"; the tables hold the notation as the rendered document shows it.) RFC 3987's "Bidi
// Notation" (§1.4: upper-case letters stand for right-to-left letters) is checked both as printed and with the
// upper-case letters replaced by Hebrew letters (bidi_notation()).
#define BOOST_TEST_MODULE spec_examples
// BOOST_DATA_TEST_CASE names its cases with "literal" + std::string, on which GCC 12 at -O2 reports a false
// -Wrestrict (GCC bug 105329) from inside the Boost and libstdc++ headers.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#  pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include <boost/test/unit_test.hpp>

#include "iri/parse.hpp"

#include <boost/test/data/test_case.hpp>

#include <cstdlib>
#include <ostream>
#include <string>
#include <string_view>

#include "support/test_strings.hpp"

namespace bdata = boost::unit_test::data;

namespace {

using iri::component;
using iri::grammar;
using iri::production;
using iri_test::expect_spans;
using iri_test::parse_exact;

// The grammars an example is valid in.
constexpr unsigned U = 1;                // uri: RFC 3986
constexpr unsigned I = 2;                // iri: 3987bis-13
constexpr unsigned R = 4;                // rfc3987: RFC 3987 as published
constexpr unsigned L = 8;                // leiri
constexpr unsigned ALL = U | I | R | L;  // every URI is an IRI, every IRI a LEIRI
constexpr unsigned IRI = I | R | L;      // an IRI, not a URI
constexpr unsigned NONE = 0;

constexpr production ref = production::uri_reference;
constexpr production uri = production::uri;
constexpr production rel = production::relative_ref;
constexpr production abs = production::absolute_uri;

struct example {
    const char* text;  // as the document writes it
    production p;
    unsigned valid_in;
    const char* where;  // the section, and why
};

std::ostream& operator<<(std::ostream& os, const example& e) { return os << '"' << e.text << "\" [" << e.where << "]"; }

// XML Notation and the XML source's entities to UTF-8: &#xHHHH; &#DDDD; &amp; &lt; &gt; &quot;.
std::string from_spec(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '&') {
            const std::size_t semi = s.find(';', i);
            if (semi != std::string_view::npos) {
                const std::string_view entity = s.substr(i + 1, semi - i - 1);
                std::string repl;
                if (entity.size() > 2 && entity[0] == '#' && (entity[1] == 'x' || entity[1] == 'X')) {
                    repl = iri_test::utf8(
                        static_cast<char32_t>(std::strtoul(std::string(entity.substr(2)).c_str(), nullptr, 16)));
                } else if (entity.size() > 1 && entity[0] == '#') {
                    repl = iri_test::utf8(
                        static_cast<char32_t>(std::strtoul(std::string(entity.substr(1)).c_str(), nullptr, 10)));
                } else if (entity == "amp") {
                    repl = "&";
                } else if (entity == "lt") {
                    repl = "<";
                } else if (entity == "gt") {
                    repl = ">";
                } else if (entity == "quot") {
                    repl = "\"";
                }
                if (!repl.empty()) {  // utf8(0) is one NUL byte, so "&#x0;" decodes too
                    out += repl;
                    i = semi + 1;
                    continue;
                }
            }
        }
        out += s[i++];
    }
    return out;
}

// RFC 3987 §1.4 Bidi Notation: upper-case letters stand for right-to-left letters; here A-Z become the Hebrew
// letters U+05D0-U+05E9 (strong right-to-left characters, all in ucschar).
std::string bidi_notation(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c >= 'A' && c <= 'Z') out += iri_test::utf8(static_cast<char32_t>(0x05D0 + (c - 'A')));
        else out += c;
    }
    return out;
}

const char* const variant_names[] = {"uri", "iri", "rfc3987", "leiri"};
constexpr unsigned variant_bits[] = {U, I, R, L};

void check_example(const std::string& input, production p, unsigned valid_in) {
    for (std::size_t k = 0; k < 4; ++k) {
        const auto g = iri::find_grammar(variant_names[k]);
        BOOST_TEST_REQUIRE(g.has_value());
        const bool expected = (valid_in & variant_bits[k]) != 0;
        BOOST_TEST_CONTEXT("grammar " << variant_names[k] << ", input \"" << iri_test::printable(input) << "\"") {
            const auto r = parse_exact(input, *g, p);
            BOOST_TEST(r.has_value() == expected, "expected " << (expected ? "valid" : "invalid") << ", got "
                                                              << (r ? std::string("valid") : r.error().message()));
            BOOST_TEST(iri_test::valid_exact(input, *g, p) == expected);
            if (r) BOOST_TEST(r->consistent(input.size()));
            // An absolute form is also a reference (RFC 3986 §4.1).
            if (expected && p != ref) BOOST_TEST(iri_test::valid_exact(input, *g, ref));
        }
    }
}

// ---- draft-fielding-uri-rfc2396bis-02 (an early RFC 3986); section numbers counted from the XML --------------
const example rfc2396bis[] = {
    {"http://www.w3.org/People/Berners-Lee/", uri, ALL, "front matter: author URI"},
    {"http://www.apache.org/~fielding/", uri, ALL, "front matter: author URI"},
    {"http://larry.masinter.net/", uri, ALL, "front matter: author URI"},
    {"http://www.apache.org/~fielding/uri/rev-2002/issues.html", uri, ALL, "status: issues list"},
    {"http://localhost/", uri, ALL, "§1.1"},
    {"ftp://ftp.is.co.za/rfc/rfc1808.txt", uri, ALL, "§1.1.2"},
    {"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", uri, ALL, "§1.1.2"},
    {"http://www.ietf.org/rfc/rfc2396.txt", uri, ALL, "§1.1.2"},
    {"mailto:John.Doe@example.com", uri, ALL, "§1.1.2"},
    {"news:comp.infosystems.www.servers.unix", uri, ALL, "§1.1.2"},
    {"telnet://melvyl.ucop.edu/", uri, ALL, "§1.1.2"},
    {"mailto:fred@example.com", uri, ALL, "§3.3: path 'fred@example.com'"},
    {"this:that", uri, ALL, "§4.2: a URI with scheme 'this'"},
    {"this:that", rel, NONE, "§4.2: cannot be the first segment of a relative-path reference"},
    {"./this:that", rel, ALL, "§4.2: preceded by a dot-segment"},
    {"www.w3.org/Addressing/", rel, ALL, "§4.5: a suffix reference has the syntax of a relative path"},
    {"http://a/b/c/d;p?q", abs, ALL, "§5.4: the base URI"},
    // §5.4.1 normal examples: each reference, then its result.
    {"g:h", uri, ALL, "§5.4.1"},
    {"g", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g", uri, ALL, "§5.4.1"},
    {"./g", rel, ALL, "§5.4.1"},
    {"g/", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g/", uri, ALL, "§5.4.1"},
    {"/g", rel, ALL, "§5.4.1"},
    {"http://a/g", uri, ALL, "§5.4.1"},
    {"//g", rel, ALL, "§5.4.1"},
    {"http://g", uri, ALL, "§5.4.1"},
    {"?y", rel, ALL, "§5.4.1"},
    {"http://a/b/c/d;p?y", uri, ALL, "§5.4.1"},
    {"g?y", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g?y", uri, ALL, "§5.4.1"},
    {"#s", rel, ALL, "§5.4.1"},
    {"http://a/b/c/d;p?q#s", uri, ALL, "§5.4.1"},
    {"g#s", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g#s", uri, ALL, "§5.4.1"},
    {"g?y#s", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g?y#s", uri, ALL, "§5.4.1"},
    {";x", rel, ALL, "§5.4.1"},
    {"http://a/b/c/;x", uri, ALL, "§5.4.1"},
    {"g;x", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g;x", uri, ALL, "§5.4.1"},
    {"g;x?y#s", rel, ALL, "§5.4.1"},
    {"http://a/b/c/g;x?y#s", uri, ALL, "§5.4.1"},
    {".", rel, ALL, "§5.4.1"},
    {"http://a/b/c/", uri, ALL, "§5.4.1"},
    {"./", rel, ALL, "§5.4.1"},
    {"..", rel, ALL, "§5.4.1"},
    {"http://a/b/", uri, ALL, "§5.4.1"},
    {"../", rel, ALL, "§5.4.1"},
    {"../g", rel, ALL, "§5.4.1"},
    {"http://a/b/g", uri, ALL, "§5.4.1"},
    {"../..", rel, ALL, "§5.4.1"},
    {"http://a/", uri, ALL, "§5.4.1"},
    {"../../", rel, ALL, "§5.4.1"},
    {"../../g", rel, ALL, "§5.4.1"},
    // §5.4.2 abnormal examples.
    {"", rel, ALL, "§5.4.2: the empty reference"},
    {"../../../g", rel, ALL, "§5.4.2"},
    {"../../../../g", rel, ALL, "§5.4.2"},
    {"/./g", rel, ALL, "§5.4.2"},
    {"/../g", rel, ALL, "§5.4.2"},
    {"g.", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g.", uri, ALL, "§5.4.2"},
    {".g", rel, ALL, "§5.4.2"},
    {"http://a/b/c/.g", uri, ALL, "§5.4.2"},
    {"g..", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g..", uri, ALL, "§5.4.2"},
    {"..g", rel, ALL, "§5.4.2"},
    {"http://a/b/c/..g", uri, ALL, "§5.4.2"},
    {"./../g", rel, ALL, "§5.4.2"},
    {"./g/.", rel, ALL, "§5.4.2"},
    {"g/./h", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g/h", uri, ALL, "§5.4.2"},
    {"g/../h", rel, ALL, "§5.4.2"},
    {"http://a/b/c/h", uri, ALL, "§5.4.2"},
    {"g;x=1/./y", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g;x=1/y", uri, ALL, "§5.4.2"},
    {"g;x=1/../y", rel, ALL, "§5.4.2"},
    {"http://a/b/c/y", uri, ALL, "§5.4.2"},
    {"g?y/./x", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g?y/./x", uri, ALL, "§5.4.2"},
    {"g?y/../x", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g?y/../x", uri, ALL, "§5.4.2"},
    {"g#s/./x", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g#s/./x", uri, ALL, "§5.4.2"},
    {"g#s/../x", rel, ALL, "§5.4.2"},
    {"http://a/b/c/g#s/../x", uri, ALL, "§5.4.2"},
    {"http:g", uri, ALL, "§5.4.2: for validating parsers, a URI"},
    {"example://a/b/c/%7A", uri, ALL, "§6.2.2"},
    {"eXAMPLE://a/./b/../b/c/%7a", uri, ALL, "§6.2.2"},
    {"HTTP://www.EXAMPLE.com/", uri, ALL, "§6.2.2.1"},
    {"http://www.example.com/", uri, ALL, "§6.2.2.1"},
    {"http://example.com/", uri, ALL, "§6.2.3"},
    {"http://example.com:80/", uri, ALL, "§6.2.3"},
    {"http://example.com/data", uri, ALL, "§6.2.4"},
    {"http://example.com/data/", uri, ALL, "§6.2.4"},
    {"http://www.example.com&amp;story=breaking_news@10.0.0.1/top_story.htm", uri, ALL, "§7.5"},
    {"http://www.ics.uci.edu/pub/ietf/uri/#Related", uri, ALL, "Appendix B"},
    {"http://www.example.com/Test/a/b/c", abs, ALL, "Appendix C: HTML BASE, 'must be an absolute URI'"},
    {"../x", rel, ALL, "Appendix C"},
    {"http://www.example.com/Test/a/x", uri, ALL, "Appendix C"},
    {"&lt;http://example.com/&gt;", ref, NONE, "Appendix D: the wrappers do not form part of the URI"},
    {"\"http://example.com/\"", ref, NONE, "Appendix D: the wrappers do not form part of the URI"},
    {"http://www.w3.org/Addressing/", uri, ALL, "Appendix D"},
    {"ftp://ds.internic.net/rfc/", uri, ALL, "Appendix D"},
    {"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING", uri, ALL, "Appendix D"},
    {"ftp://ds.internic. net/rfc/", uri, L,
     "Appendix D: with the line break kept as a space: only a LEIRI (leiri-ucschar has ' ')"},
};

// ---- draft-ietf-iri-3987bis-13; section numbers counted from the XML ------------------------------------------
const example iri3987bis[] = {
    {"http://www.sw.it.aoyama.ac.jp/D%C3%BCrst/", uri, ALL, "front matter: author URI (percent-encoded form)"},
    {"http://www.sw.it.aoyama.ac.jp/D&#xFC;rst/", uri, IRI, "front matter: author IRI"},
    {"http://r&#xE9;sum&#xE9;.example.org", uri, IRI, "§3.4.1"},
    {"http://r%C3%A9sum%C3%A9.example.org", uri, ALL, "§3.4.1: pct-encoded in the host"},
    {"http://xn--rsum-bad.example.org", uri, ALL, "§3.4.2 (the punycode is a typo, the syntax is fine)"},
    {"http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org", uri, IRI, "§3.4.3"},
    {"http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org", uri, ALL, "§3.4.3"},
    {"http://www.example.org/red%09ros&#xE9;#red", uri, IRI, "§3.4.3"},
    {"http://www.example.org/red%09ros%C3%A9#red", uri, ALL, "§3.4.3"},
    {"http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red", ref, ALL,
     "§3.4.3: the wrong conversion is still a relative reference (no ':' in its first segment)"},
    {"http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red", uri, NONE, "§3.4.3: ... but no IRI: no scheme"},
    {"http://www.example.org/r%E9sum%E9.html", uri, ALL, "§4.2"},
    {"http://www.example.org/r%C3%A9sum%C3%A9.html", uri, ALL, "§4.2"},
    {"http://www.example.org/D%C3%BCrst", uri, ALL, "§4.3 step 1"},
    {"http://www.example.org/D&#xFC;rst", uri, IRI, "§4.3 step 5"},
    {"http://www.example.org/D%FCrst", uri, ALL, "§4.3"},
    {"http://xn--99zt52a.example.org/%e2%80%ae", uri, ALL, "§4.3: lower-case hex is allowed"},
    {"http://xn--99zt52a.example.org/%E2%80%AE", uri, ALL, "§4.3"},
    {"http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE", uri, IRI, "§4.3 step 6"},
    {"http://xn--99zt52a.example.org/&#x202E;", uri, L,
     "§4.3: 'the direct use of this character is forbidden in an IRI'; §6.1 lifts it for LEIRIs"},
    {"http://www.example.org/r&#xE9;sum&#xE9;.html", uri, IRI, "§5.4"},
    {"http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9", uri, ALL, "§5.4"},
    {"http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;", uri, IRI, "§5.4"},
    {"http://example.com/", uri, ALL, "§6.3: delimited as \"...\" or <...> in plain text"},
    {"&lt;http://example.com/&gt;", ref, NONE, "§6.3: the angle brackets are delimiters, not part of it"},
};

// ---- draft-duerst-iri-11 (the text of RFC 3987) ----------------------------------------------------------------
const example rfc3987[] = {
    {"http://www.ietf.org/ietf/1id-abstracts.txt", uri, ALL, "status of this memo"},
    {"http://www.ietf.org/shadow.html", uri, ALL, "status of this memo"},
    {"http://r&#xE9;sum&#xE9;.example.org", uri, IRI, "§3.1"},
    {"http://xn--rsum-bpad.example.org", uri, ALL, "§3.1"},
    {"http://r%C3%A9sum%C3%A9.example.org", uri, ALL, "§3.1"},
    {"http://validator.w3.org/check?uri=http%3A%2F%2Fr&#xE9;sum&#xE9;.example.org", uri, IRI, "§3.1"},
    {"http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org", uri, ALL, "§3.1"},
    {"http://www.example.org/red%09ros&#xE9;#red", uri, IRI, "§3.1"},
    {"http://www.example.org/red%09ros%C3%A9#red", uri, ALL, "§3.1"},
    {"http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red", ref, ALL, "§3.1: a relative reference"},
    {"http://example.com/&#x10300;&#x10301;&#x10302;", uri, IRI, "§3.1: Old Italic, outside the BMP"},
    {"http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", uri, ALL, "§3.1"},
    {"http://www.example.org/r%E9sum%E9.html", uri, ALL, "§3.2"},
    {"http://www.example.org/r%C3%A9sum%C3%A9.html", uri, ALL, "§3.2"},
    {"http://www.example.org/D%C3%BCrst", uri, ALL, "§3.2.1 step 1"},
    {"http://www.example.org/D&#xFC;rst", uri, IRI, "§3.2.1 step 5"},
    {"http://www.example.org/D%FCrst", uri, ALL, "§3.2.1"},
    {"http://xn--99zt52a.example.org/%e2%80%ae", uri, ALL, "§3.2.1"},
    {"http://xn--99zt52a.example.org/%E2%80%AE", uri, ALL, "§3.2.1"},
    {"http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE", uri, IRI, "§3.2.1"},
    // §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)".
    {"http://example.com/&#x200E;", uri, L, "§4.1: LRM"},
    {"http://example.com/&#x200F;", uri, L, "§4.1: RLM"},
    {"http://example.com/&#x202A;", uri, L, "§4.1: LRE"},
    {"http://example.com/&#x202B;", uri, L, "§4.1: RLE"},
    {"http://example.com/&#x202C;", uri, L, "§4.1: PDF"},
    {"http://example.com/&#x202D;", uri, L, "§4.1: LRO"},
    {"http://example.com/&#x202E;", uri, L, "§4.1: RLO"},
    {"&#x202A;http://example.com/&#x202C;", ref, NONE,
     "§4.1: the embedding around an IRI is not part of it (and cannot start a scheme)"},
    {"http://example.org/ros&#xE9;", uri, IRI, "§5.2"},
    {"http://example.org/ros&#233;", uri, IRI, "§5.2: the same in decimal"},
    {"example://a/b/c/%7Bfoo%7D/ros&#xE9;", uri, IRI, "§5.3.2"},
    {"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", uri, ALL, "§5.3.2"},
    {"HTTP://www.EXAMPLE.com/", uri, ALL, "§5.3.2.1"},
    {"http://www.example.com/", uri, ALL, "§5.3.2.1"},
    {"http://www.example.org/r&#xE9;sum&#xE9;.html", uri, IRI, "§5.3.2.2: NFC"},
    {"http://www.example.org/re&#x301;sume&#x301;.html", uri, IRI, "§5.3.2.2: not NFC, still an IRI"},
    {"http://example.org/~user", uri, ALL, "§5.3.2.3"},
    {"http://example.org/%7euser", uri, ALL, "§5.3.2.3"},
    {"http://example.org/%7Euser", uri, ALL, "§5.3.2.3"},
    {"http://example.com", uri, ALL, "§5.3.3"},
    {"http://example.com/", uri, ALL, "§5.3.3"},
    {"http://example.com:/", uri, ALL, "§5.3.3: an empty port"},
    {"http://example.com:80/", uri, ALL, "§5.3.3"},
    {"http://example.com/?", uri, ALL, "§5.3.3: an empty query"},
    {"http://xn--rsum-bpad.example.org", uri, ALL, "§5.3.3"},
    {"http://example.com/data", uri, ALL, "§5.3.4"},
    {"http://example.com/data/", uri, ALL, "§5.3.4"},
    {"http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9", uri, ALL, "§6.4"},
    {"http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;", uri, IRI, "§6.4"},
    {"r&#xE9;sum&#xE9;.html", rel, IRI, "§7.4: a file name usable in an IRI"},
    {"r%C3%A9sum%C3%A9.html", rel, ALL, "§7.4"},
    {"%C0%AF..", rel, ALL, "§8: percent-encoded octets need not be UTF-8"},
    {"http://big.example.com/PopularPage.html", uri, ALL, "§8"},
    {"http://big.example.com/popularpage.html", uri, ALL, "§8"},
    {"http://www.example.org/ros[iso-8859-1]&#xE9;", ref, NONE,
     "Appendix A.4: a rejected design; '[' is not allowed in a path"},
    {"mailto:duerst@w3.org", uri, ALL, "authors' addresses"},
    {"http://www.w3.org/People/D%C3%BCrst/", uri, ALL, "authors' addresses"},
    {"mailto:michelsu@microsoft.com", uri, ALL, "authors' addresses"},
    {"http://www.suignard.com", uri, ALL, "authors' addresses"},
};

// §4.4 examples, logical representations in Bidi Notation ("It shows legal IRIs"; examples 8 and 9 break the
// §4.2 structure rules, which are "shoulds", not syntax).
const example rfc3987_bidi[] = {
    {"http://ab.CDEFGH.ij/kl/mn/op.html", uri, ALL, "§4.4 example 1"},
    {"http://ab.CDE.FGH/ij/kl/mn/op.html", uri, ALL, "§4.4 example 2"},
    {"http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", uri, ALL, "§4.4 example 3"},
    {"http://AB.CD.ef/gh/IJ/KL.html", uri, ALL, "§4.4 example 4"},
    {"http://ab.cd.EF/GH/ij/kl.html", uri, ALL, "§4.4 example 5"},
    {"http://ab.CD.EF/GH/IJ/kl.html", uri, ALL, "§4.4 example 6"},
    {"http://ab.CDE123FGH.ij/kl/mn/op.html", uri, ALL, "§4.4 example 7"},
    {"http://ab.cd.ef/GH1/2IJ/KL.html", uri, ALL, "§4.4 example 8 (not allowed by §4.2, valid syntax)"},
    {"http://ab.cd.ef/GH%31/%32IJ/KL.html", uri, ALL, "§4.4 example 9 (not allowed by §4.2, valid syntax)"},
    {"http://ab.CDEFGH.123/kl/mn/op.html", uri, ALL, "§4.4 example 10"},
};

// ---- W3C note: Legacy extended IRIs (2008), with draft-ietf-iri-3987bis-13 §6.3, which gives the same list -----
// §5 ("Characters allowed in Legacy Extended IRIs but not in IRIs"): one LEIRI per group, in a path (LEIRI
// only) and, where the note says a group is "allowed in IRIs only in the query part", in a query.
const example leiri_note[] = {
    {"http://example.com/", uri, ALL, "§5 delimiters: the note's example"},
    {"<http://example.com/>", ref, NONE, "§5: '<' cannot start a scheme, and ':' then ends a first segment"},
    {"\"http://example.com/\"", ref, NONE, "§5: the same with double quotes"},
    {"http://example.org/a b", uri, L, "§5 space"},
    {"http://example.org/a<b>", uri, L, "§5 delimiters"},
    {"http://example.org/a\"b", uri, L, "§5 delimiters"},
    {"http://example.org/a\\b", uri, L, "§5 unwise"},
    {"http://example.org/a^b", uri, L, "§5 unwise"},
    {"http://example.org/a`b", uri, L, "§5 unwise"},
    {"http://example.org/a{b|c}", uri, L, "§5 unwise"},
    {"http://example.org/a&#x0;", uri, L, "§3/§5: NUL, which a format may forbid, the syntax allows"},
    {"http://example.org/a&#x1;&#x1F;", uri, L, "§5 C0 controls"},
    {"http://example.org/a&#x7F;", uri, L, "§5 DEL"},
    {"http://example.org/a&#x80;&#x9F;", uri, L, "§5 C1 controls (3987bis §6.3: #x7F - #x9F)"},
    {"http://example.org/a&#x200E;&#x200F;", uri, L, "§5 bidi formatting: LRM, RLM"},
    {"http://example.org/a&#x202A;&#x202B;&#x202C;&#x202D;&#x202E;", uri, L, "§5 bidi formatting"},
    {"http://example.org/a&#xFFF0;&#xFFFD;", uri, L, "§5 specials U+FFF0-FFFD"},
    {"http://example.org/a&#xE000;&#xF8FF;", uri, L, "§5 private use U+E000-F8FF, in a path"},
    {"http://example.org/a&#xF0000;&#xFFFFD;", uri, L, "§5 private use U+F0000-FFFFD, in a path"},
    {"http://example.org/a&#x100000;&#x10FFFD;", uri, L, "§5 private use U+100000-10FFFD, in a path"},
    {"http://example.org/?a&#xE000;&#xF8FF;&#xF0000;&#xFFFFD;&#x100000;&#x10FFFD;", uri, IRI,
     "§5 private use: allowed in IRIs in the query"},
    {"http://example.org/a&#xE0000;&#xE0FFF;", uri, L, "§5 tags U+E0000-E0FFF, in a path"},
    {"http://example.org/?a&#xE0000;&#xE0FFF;", uri, I | L,
     "§5 tags: in the query of a 3987bis IRI (iprivate), not of an RFC 3987 IRI"},
    {"http://example.org/a&#xFDD0;&#xFDEF;", uri, L, "§5 non-characters U+FDD0-FDEF"},
    {"http://example.org/a&#x1FFFE;&#x1FFFF;&#x2FFFE;&#xEFFFF;", uri, L, "§5 non-characters U+nFFFE-nFFFF"},
    {"http://example.org/a&#xFFFFE;&#xFFFFF;&#x10FFFE;&#x10FFFF;", uri, L, "§5 non-characters"},
    {"http://example.org/?&#xFFFFE;", uri, L, "§5 non-characters are not iprivate either"},
    {"http://example.org/a&#xFFFE;", uri, NONE, "§5: U+FFFE-FFFF are not allowed even in LEIRIs"},
    {"http://example.org/a&#xFFFF;", uri, NONE, "§5: U+FFFE-FFFF are not allowed even in LEIRIs"},
    {"http://example.org/a&#xD800;", uri, NONE, "§5: surrogate code units (here in UTF-8 form) not in LEIRIs"},
    {"http://example.org/a&#xDFFF;", uri, NONE, "§5: surrogate code units not in LEIRIs"},
};

// ---- draft-weber-iri-guidelines-01 --------------------------------------------------------------------------
const example weber[] = {
    {"http://datatracker.ietf.org/drafts/current/", uri, ALL, "status of this memo"},
    {"http://trustee.ietf.org/license-info", uri, ALL, "copyright notice"},
    {"http://tools.ietf.org/html/draft-ietf-iri-3987bis-05", uri, ALL, "§3 source 1"},
    {"http://tools.ietf.org/html/draft-abarth-url-01", uri, ALL, "§3 source 2"},
    {"http://www.whatwg.org/specs/web-apps/current-work/multipage/urls.html#urls", uri, ALL, "§3 source 3"},
    {"http://lists.w3.org/Archives/Public/public-html/2010Jul/0036.html", uri, ALL, "§3 source 4"},
    {"http://www.w3.org/TR/uri-clarification/", uri, ALL, "§3 source 5"},
    {"http://lists.w3.org/Archives/Public/public-html/2010Feb/0882.html", uri, ALL, "§3 source 6"},
    {"https://docs.google.com/document/d/1c8-svx7og0qBUfGBobw7LYfOcNeDVPYbNVMNpSqYCFo/edit?hl=en", uri, ALL,
     "§3 source 7"},
    {"http://tools.ietf.org/html/draft-hoehrmann-javascript-scheme-03", uri, ALL, "§6.2"},
    {"user:password", production::userinfo, ALL, "§5.2.1: the 'user:password' form of a userinfo"},
    {"http://example.org/a b", uri, L, "§4 step 2: a space must be removed or encoded..."},
    {"http://example.org/a%20b", uri, ALL, "§4 step 2: ... as '%20'"},
};

void run(const example& e) {
    const std::string input = from_spec(e.text);
    check_example(input, e.p, e.valid_in);
}

}  // namespace

BOOST_DATA_TEST_CASE(rfc2396bis_02, bdata::make(rfc2396bis), e) { run(e); }
BOOST_DATA_TEST_CASE(draft_ietf_iri_3987bis_13, bdata::make(iri3987bis), e) { run(e); }
BOOST_DATA_TEST_CASE(rfc3987_draft_duerst_iri_11, bdata::make(rfc3987), e) { run(e); }
BOOST_DATA_TEST_CASE(w3c_leiri_note, bdata::make(leiri_note), e) { run(e); }
BOOST_DATA_TEST_CASE(draft_weber_iri_guidelines_01, bdata::make(weber), e) { run(e); }

// RFC 3987 §4.4 in Bidi Notation: as printed (ASCII, so a URI too), and with right-to-left letters (an IRI only).
BOOST_DATA_TEST_CASE(rfc3987_bidi_examples, bdata::make(rfc3987_bidi), e) {
    run(e);
    const std::string rtl = bidi_notation(e.text);
    BOOST_TEST(rtl != e.text);
    check_example(rtl, e.p, IRI);
}

// Examples whose components the documents spell out.
BOOST_AUTO_TEST_CASE(components_the_documents_name) {
    // rfc2396bis-02 Appendix B: $2 = http, $4 = www.ics.uci.edu, $5 = /pub/ietf/uri/, $7 undefined, $9 = Related.
    expect_spans(parse_exact("http://www.ics.uci.edu/pub/ietf/uri/#Related", grammar::uri), 44,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 22},
                  {component::host, 7, 22},
                  {component::reg_name, 7, 22},
                  {component::path, 22, 36},
                  {component::fragment, 37, 44}});
    // rfc2396bis-02 §3.3: "the URI <mailto:fred@example.com> has a path of 'fred@example.com'".
    expect_spans(parse_exact("mailto:fred@example.com", grammar::uri), 23,
                 {{component::scheme, 0, 6}, {component::path, 7, 23}});
    // rfc2396bis-02 §7.5: "the host is ... actually '10.0.0.1'", the rest is a userinfo.
    const auto attack = parse_exact("http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", grammar::uri);
    expect_spans(attack, 65,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 51},
                  {component::userinfo, 7, 42},
                  {component::host, 43, 51},
                  {component::ipv4address, 43, 51},
                  {component::path, 51, 65}});
    if (attack) BOOST_TEST((attack->host() == iri::host_kind::ipv4));
    // RFC 3987 §5.3.3: an empty port and an empty query are present, not absent.
    expect_spans(parse_exact("http://example.com:/"), 20,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 19},
                  {component::host, 7, 18},
                  {component::reg_name, 7, 18},
                  {component::port, 19, 19},
                  {component::path, 19, 20}});
    expect_spans(parse_exact("http://example.com/?"), 20,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 18},
                  {component::host, 7, 18},
                  {component::reg_name, 7, 18},
                  {component::path, 18, 19},
                  {component::query, 20, 20}});
    // rfc2396bis-02 §5.4.1: "g:h" is the URI with scheme "g" (it resolves to itself).
    expect_spans(parse_exact("g:h", grammar::uri), 3, {{component::scheme, 0, 1}, {component::path, 2, 3}});
    // 3987bis §3.4.1: "http://résumé.example.org": the host is "résumé.example.org" (8 + 12 bytes).
    const std::string resume = from_spec("http://r&#xE9;sum&#xE9;.example.org");
    expect_spans(parse_exact(resume), 27,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 27},
                  {component::host, 7, 27},
                  {component::reg_name, 7, 27},
                  {component::path, 27, 27}});
}

// The decoder itself, on the notation's own examples (RFC 3987 §1.4: "&#x44F;" is CYRILLIC SMALL LETTER YA).
BOOST_AUTO_TEST_CASE(xml_notation_decoding) {
    BOOST_TEST(from_spec("&#x44F;") == "\xD1\x8F");
    BOOST_TEST(from_spec("a&amp;b") == "a&b");
    BOOST_TEST(from_spec("&#x10300;") == "\xF0\x90\x8C\x80");
    BOOST_TEST(from_spec("&#233;") == "\xC3\xA9");
    BOOST_TEST(from_spec("&#x0;").size() == 1u);
    BOOST_TEST(bidi_notation("aB") == "a\xD7\x91");
}
