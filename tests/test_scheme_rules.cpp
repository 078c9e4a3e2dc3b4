// Scheme grammars (grammar/schemes/): the examples of each scheme's RFC, valid and invalid, with the
// parts they must give; the boundary cases of the ABNF; IRIs through their URI mapping with positions in the
// IRI; the scheme.* diagnostics of iri::check; the shipped datasets through check; discovery by file.
// Expected values are read from the RFC text and its ABNF; byte offsets are counted by hand from the input.
#define BOOST_TEST_MODULE scheme_rules
#include <boost/test/unit_test.hpp>

#include "iri/check.hpp"
#include "iri/scheme_rules.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/datasets.hpp"

namespace {

std::vector<std::string> texts(const iri::scheme_match& m, std::string_view rule) {
    std::vector<std::string> out;
    for (const iri::scheme_part& p : m.all(rule)) out.emplace_back(p.text);
    return out;
}

std::string part(const iri::scheme_match& m, std::string_view rule) {
    const auto p = m.first(rule);
    return p ? std::string(p->text) : std::string("(none)");
}

// The reference is valid under its scheme's grammar.
iri::scheme_match valid(std::string_view s) {
    iri::scheme_match m = iri::parse_scheme(s);
    BOOST_TEST(m.ok(), s << ": " << (m.error ? m.error->message : "no scheme grammar"));
    return m;
}

// The reference breaks its scheme's grammar at byte `at` (a whole character from there).
void invalid(std::string_view s, std::uint32_t at, std::string_view code) {
    const iri::scheme_match m = iri::parse_scheme(s);
    BOOST_TEST_REQUIRE(m.error.has_value(), s << " is accepted");
    BOOST_TEST(m.error->code == code, s);
    BOOST_TEST(m.error->begin == at, s << ": error at " << m.error->begin << ", expected " << at);
}

using strings = std::vector<std::string>;

}  // namespace

// ---- mailto: RFC 6068 §2 and the examples of §6.1 and §6.2 ----
BOOST_AUTO_TEST_CASE(mailto_rfc6068_examples) {
    auto m = valid("mailto:chris@example.com");
    BOOST_TEST(texts(m, "addr-spec") == strings{"chris@example.com"});
    BOOST_TEST(part(m, "local-part") == "chris");
    BOOST_TEST(part(m, "domain") == "example.com");
    m = valid("mailto:infobot@example.com?subject=current-issue");
    BOOST_TEST(texts(m, "hfname") == strings{"subject"});
    BOOST_TEST(texts(m, "hfvalue") == strings{"current-issue"});
    m = valid("mailto:infobot@example.com?body=send%20current-issue");
    BOOST_TEST(part(m, "hfvalue") == "send%20current-issue");
    m = valid("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index");
    BOOST_TEST(part(m, "hfvalue") == "send%20current-issue%0D%0Asend%20index");
    m = valid("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E");
    BOOST_TEST(part(m, "hfname") == "In-Reply-To");
    BOOST_TEST(part(m, "hfvalue") == "%3C3469A91.D10AF4C@example.com%3E");
    m = valid("mailto:majordomo@example.com?body=subscribe%20bamboo-l");
    BOOST_TEST(part(m, "hfvalue") == "subscribe%20bamboo-l");
    m = valid("mailto:joe@example.com?cc=bob@example.com&body=hello");
    BOOST_TEST(texts(m, "hfield") == (strings{"cc=bob@example.com", "body=hello"}));
    BOOST_TEST(texts(m, "hfname") == (strings{"cc", "body"}));
    BOOST_TEST(texts(m, "hfvalue") == (strings{"bob@example.com", "hello"}));
    m = valid("mailto:?to=joe@example.com&cc=bob@example.com&body=hello");
    BOOST_TEST(texts(m, "addr-spec").empty());
    BOOST_TEST(texts(m, "hfname") == (strings{"to", "cc", "body"}));
    m = valid("mailto:gorby%25kremvax@example.com");
    BOOST_TEST(part(m, "local-part") == "gorby%25kremvax");
    m = valid("mailto:unlikely%3Faddress@example.com?blat=foop");
    BOOST_TEST(part(m, "local-part") == "unlikely%3Faddress");
    BOOST_TEST(part(m, "hfname") == "blat");
    BOOST_TEST(part(valid("mailto:Mike%26family@example.org"), "local-part") == "Mike%26family");
    BOOST_TEST(part(valid("mailto:%22not%40me%22@example.org"), "local-part") == "%22not%40me%22");
    BOOST_TEST(part(valid("mailto:%22oh%5C%5Cno%22@example.org"), "local-part") == "%22oh%5C%5Cno%22");
    BOOST_TEST(part(valid("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org"), "local-part") ==
               "%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22");
    BOOST_TEST(part(valid("mailto:user@example.org?subject=caf%C3%A9"), "hfvalue") == "caf%C3%A9");
    m = valid("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO");
    BOOST_TEST(part(m, "domain") == "%E7%B4%8D%E8%B1%86.example.org");
    BOOST_TEST(texts(m, "hfvalue") == (strings{"Test", "NATTO"}));
    // §6.2: several addresses.
    m = valid("mailto:addr1@an.example,addr2@an.example");
    BOOST_TEST(part(m, "to") == "addr1@an.example,addr2@an.example");
    BOOST_TEST(texts(m, "addr-spec") == (strings{"addr1@an.example", "addr2@an.example"}));
    BOOST_TEST(texts(m, "local-part") == (strings{"addr1", "addr2"}));
    m = valid("mailto:?to=addr1@an.example,addr2@an.example");
    BOOST_TEST(part(m, "hfvalue") == "addr1@an.example,addr2@an.example");
    m = valid("mailto:addr1@an.example?to=addr2@an.example");
    BOOST_TEST(texts(m, "addr-spec") == strings{"addr1@an.example"});
    BOOST_TEST(part(m, "hfvalue") == "addr2@an.example");
}

BOOST_AUTO_TEST_CASE(mailto_boundaries) {
    // Three addresses and three header fields, with the byte ranges of the second of each.
    const std::string s = "mailto:a@x.example,b.c@y.example,d@z.example?subject=hi&cc=e@x.example&body=";
    const auto m = valid(s);
    const auto addrs = m.all("addr-spec");
    BOOST_TEST_REQUIRE(addrs.size() == 3u);
    BOOST_TEST(addrs[1].text == "b.c@y.example");
    BOOST_TEST(addrs[1].begin == 19u);
    BOOST_TEST(addrs[1].end == 32u);
    BOOST_TEST(texts(m, "hfname") == (strings{"subject", "cc", "body"}));
    BOOST_TEST(texts(m, "hfvalue") == (strings{"hi", "e@x.example", ""}));
    // RFC 5322 dot-atom-text: 1*atext, so the local part and the domain are not empty, no dot at an edge.
    invalid("mailto:@example.org", 7, "scheme.mailto.syntax");
    invalid("mailto:a@", 9, "scheme.mailto.syntax");
    invalid("mailto:.a@example.org", 7, "scheme.mailto.syntax");
    invalid("mailto:a,@example.org", 8, "scheme.mailto.syntax");  // "a" is a local part: "@" must follow
    // hfields = "?" hfield *( "&" hfield ): "?" is not a qchar, and an hfield needs its "=".
    invalid("mailto:joe@example.com?cc=bob@example.com?body=hello", 41, "scheme.mailto.syntax");
    invalid("mailto:a@example.org?subject", 28, "scheme.mailto.syntax");
    // RFC 6068 §2: "%" in an address is percent-encoded, and "?" too (it starts the header fields).
    invalid("mailto:a%@example.org", 9, "syntax.bad_percent_encoding");
}

// ---- urn: RFC 8141 §2, and the examples of §2.3 and §3 ----
BOOST_AUTO_TEST_CASE(urn_rfc8141_examples) {
    for (const char* s :
         {"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456", "urn:example:a123,z456?+abc",
          "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789", "urn:example:a123,z456/foo",
          "urn:example:a123,z456/bar", "urn:example:a123,z456/baz", "urn:example:a123%2Cz456",
          "URN:EXAMPLE:a123%2cz456", "urn:example:A123,z456", "urn:example:a123,Z456", "urn:example:%D0%B0123,z456"})
        valid(s);
    auto m = valid("URN:EXAMPLE:a123%2cz456");
    BOOST_TEST(part(m, "NID") == "EXAMPLE");
    BOOST_TEST(part(m, "NSS") == "a123%2cz456");
    m = valid("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk");
    BOOST_TEST(part(m, "NSS") == "foo-bar-baz-qux");
    BOOST_TEST(part(m, "r-component") == "CCResolve:cc=uk");
    BOOST_TEST(part(m, "q-component") == "(none)");
    m = valid("urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z");
    BOOST_TEST(part(m, "NSS") == "weather");
    BOOST_TEST(part(m, "q-component") == "op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z");
    m = valid("urn:example:foo-bar-baz-qux#somepart");
    BOOST_TEST(part(m, "f-component") == "somepart");
    m = valid("urn:example:a123,z456?+abc");
    BOOST_TEST(part(m, "r-component") == "abc");
}

BOOST_AUTO_TEST_CASE(urn_nid_length) {
    // NID = (alphanum) 0*30(ldh) (alphanum): 2 to 32 characters, no hyphen at an edge.
    invalid("urn:a:b", 5, "scheme.urn.syntax");  // length 1: ":" where a second character is needed
    BOOST_TEST(part(valid("urn:ab:c"), "NID") == "ab");
    const std::string n32(32, 'x'), n33(33, 'x');
    BOOST_TEST(part(valid("urn:" + n32 + ":c"), "NID") == n32);
    invalid("urn:" + n33 + ":c", 36, "scheme.urn.syntax");  // the 33rd character
    invalid("urn:-ab:c", 4, "scheme.urn.syntax");
    invalid("urn:ab-:c", 7, "scheme.urn.syntax");
    BOOST_TEST(part(valid("urn:a-b:c"), "NID") == "a-b");
    invalid("urn:example:", 12, "scheme.urn.syntax");  // NSS = pchar *(pchar / "/"): not empty
    invalid("urn:example:/a", 12, "scheme.urn.syntax");
}

// ---- data: RFC 2397 §3 and the examples of §4 ----
BOOST_AUTO_TEST_CASE(data_rfc2397_examples) {
    auto m = valid("data:,A%20brief%20note");
    BOOST_TEST(part(m, "data") == "A%20brief%20note");
    BOOST_TEST(part(m, "type") == "(none)");
    BOOST_TEST(part(m, "base64") == "(none)");
    m = valid("data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw");
    BOOST_TEST(part(m, "type") == "image");
    BOOST_TEST(part(m, "subtype") == "gif");
    BOOST_TEST(part(m, "base64") == ";base64");
    BOOST_TEST(part(m, "data") == "R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw");
    m = valid("data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local");
    BOOST_TEST(part(m, "mediatype") == "application/vnd-xxx-query");
    BOOST_TEST(part(m, "data") == "select_vcount,fcol_from_fieldtable/local");
    m = valid("data:text/plain;charset=US-ASCII;x=y,hi");
    BOOST_TEST(texts(m, "parameter") == (strings{"charset=US-ASCII", "x=y"}));
    m = valid("data:;charset=utf-8;base64,SGk=");
    BOOST_TEST(texts(m, "parameter") == strings{"charset=utf-8"});
    BOOST_TEST(part(m, "base64") == ";base64");
    // §4's "%be%fg%be" is not percent-encoding (RFC 3986 §2.1): the generic grammar stops at the "g" of "%fg".
    invalid("data:text/plain;charset=iso-8859-7,%be%fg%be", 40, "syntax.bad_percent_encoding");
}

BOOST_AUTO_TEST_CASE(data_boundaries) {
    invalid("data:text/plain", 15, "scheme.data.syntax");            // no "," before the data
    invalid("data:text,x", 9, "scheme.data.syntax");                 // type without "/" subtype
    invalid("data:text/plain;charset,x", 23, "scheme.data.syntax");  // parameter := attribute "=" value
    invalid("data:text/,x", 10, "scheme.data.syntax");               // empty subtype (token = 1*...)
    invalid("data:;base64", 12, "scheme.data.syntax");
}

// ---- tel: RFC 3966 §3 and the examples of §6 ----
BOOST_AUTO_TEST_CASE(tel_rfc3966_examples) {
    auto m = valid("tel:+1-201-555-0123");
    BOOST_TEST(part(m, "global-number-digits") == "+1-201-555-0123");
    BOOST_TEST(part(m, "local-number") == "(none)");
    m = valid("tel:7042;phone-context=example.com");
    BOOST_TEST(part(m, "local-number-digits") == "7042");
    BOOST_TEST(part(m, "descriptor") == "example.com");
    BOOST_TEST(part(m, "global-number-digits") == "(none)");  // only a global number's own digits
    m = valid("tel:863-1234;phone-context=+1-914-555");
    BOOST_TEST(part(m, "local-number-digits") == "863-1234");
    BOOST_TEST(part(m, "descriptor") == "+1-914-555");
}

BOOST_AUTO_TEST_CASE(tel_boundaries) {
    auto m = valid("tel:+1234;ext=56;foo=bar;isub=7a");
    BOOST_TEST(part(m, "global-number-digits") == "+1234");
    BOOST_TEST(part(m, "global-number") == "+1234;ext=56;foo=bar;isub=7a");
    valid("tel:+1;isub=7a;foo=bar");
    // phonedigit = DIGIT / [ visual-separator ] may be empty, so 1*phonedigit is too: ";ext=" is allowed.
    BOOST_TEST(part(valid("tel:+12;ext="), "global-number-digits") == "+12");
    m = valid("tel:7042;ext=1;phone-context=example.com;foo=bar");
    BOOST_TEST(part(m, "local-number") == "7042;ext=1;phone-context=example.com;foo=bar");
    BOOST_TEST(part(m, "descriptor") == "example.com");
    invalid("tel:1234", 8, "scheme.tel.syntax");  // a local number needs its phone-context
    invalid("tel:+", 5, "scheme.tel.syntax");     // global-number-digits needs a DIGIT
    invalid("tel:+-", 6, "scheme.tel.syntax");
    invalid("tel:+12;", 8, "scheme.tel.syntax");  // parameter = ";" pname ..., pname = 1*( alphanum / "-" )
    invalid("tel:+12;=x", 8, "scheme.tel.syntax");
}

// ---- tag: RFC 4151 §2.1 and its examples ----
BOOST_AUTO_TEST_CASE(tag_rfc4151_examples) {
    auto m = valid("tag:timothy@hpl.hp.com,2001:web/externalHome");
    BOOST_TEST(part(m, "authorityName") == "timothy@hpl.hp.com");
    BOOST_TEST(part(m, "date") == "2001");
    BOOST_TEST(part(m, "specific") == "web/externalHome");
    m = valid("tag:sandro@w3.org,2004-05:Sandro");
    BOOST_TEST(part(m, "date") == "2004-05");
    m = valid("tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19");
    BOOST_TEST(part(m, "authorityName") == "my-ids.com");
    BOOST_TEST(part(m, "date") == "2001-09-15");
    BOOST_TEST(part(m, "specific") == "TimKindberg:presentations:UBath2004-05-19");
    BOOST_TEST(part(valid("tag:blogger.com,1999:blog-555"), "specific") == "blog-555");
    BOOST_TEST(part(valid("tag:yaml.org,2002:int"), "authorityName") == "yaml.org");
    invalid("tag:example.com,01:x", 18, "scheme.tag.syntax");  // year = 4DIGIT
    invalid("tag:example.com:x", 15, "scheme.tag.syntax");     // taggingEntity needs "," date
}

// ---- http, https (RFC 9110 §4.2.1, §4.2.2), ws, wss (RFC 6455 §3), file (RFC 8089 §2) ----
BOOST_AUTO_TEST_CASE(http_and_ws) {
    auto m = valid("http://example.com:80/~smith/home.html");  // RFC 9110 §4.2.3
    BOOST_TEST(part(m, "http-host") == "example.com");
    BOOST_TEST(part(m, "port") == "80");
    BOOST_TEST(part(m, "path-abempty") == "/~smith/home.html");
    valid("http://EXAMPLE.com/%7Esmith/home.html");
    valid("http://EXAMPLE.com:/%7esmith/home.html");
    valid("https://www.example.com/a?b#c");
    invalid("http:/x", 6, "scheme.http.syntax");
    invalid("http:///path", 7, "scheme.http.syntax");  // §4.2.1: an empty host is invalid
    invalid("https://", 8, "scheme.https.syntax");
    invalid("http:x", 5, "scheme.http.syntax");
    m = valid("ws://example.com/chat");
    BOOST_TEST(part(m, "host") == "example.com");
    BOOST_TEST(part(m, "path-abempty") == "/chat");
    valid("wss://example.com:8443/chat?x=1");
    invalid("ws://example.com/chat#frag", 21, "scheme.ws.syntax");  // §3: no fragment
    invalid("wss://u@example.com/", 7, "scheme.wss.syntax");        // no userinfo
}

BOOST_AUTO_TEST_CASE(file_rfc8089) {
    auto m = valid("file:///path/to/file");  // RFC 8089 Appendix B
    BOOST_TEST(part(m, "path-absolute") == "/path/to/file");
    BOOST_TEST(part(m, "file-auth") == "");  // auth-path = [ file-auth ] path-absolute; host may be empty
    m = valid("file:/path/to/file");
    BOOST_TEST(part(m, "file-auth") == "(none)");
    m = valid("file://host.example.com/path/to/file");
    BOOST_TEST(part(m, "file-auth") == "host.example.com");
    BOOST_TEST(part(valid("file://localhost/etc/fstab"), "file-auth") == "localhost");
    invalid("file:c:/path/to/file", 5, "scheme.file.syntax");  // Appendix E only: not the normative syntax
    invalid("file://host", 11, "scheme.file.syntax");          // auth-path needs path-absolute
    invalid("file:///a?b", 9, "scheme.file.syntax");           // no query in file-URI
}

// ---- IRIs: through the URI mapping (3987bis §3.1), positions in the IRI ----
BOOST_AUTO_TEST_CASE(file_rfc8089_appendix_e_as_an_option) {
    // The non-normative forms (RFC 8089 Appendix E, collected in Appendix F), only under the optional grammar.
    auto appendix_e = [](std::string_view s) {
        iri::scheme_match m = iri::match_scheme_grammar(s, "file_appendix_e");
        BOOST_TEST(m.ok(), s << ": " << (m.error ? m.error->message : "no scheme grammar"));
        BOOST_TEST(m.scheme == "file");
        BOOST_TEST(m.spec == "RFC 8089 Appendix F");
        return m;
    };
    // E.2: a drive letter with no authority; E.2.2: "|" for ":".
    auto m = appendix_e("file:c:/path/to/file");
    BOOST_TEST(part(m, "drive-letter") == "c:");
    BOOST_TEST(part(m, "path-absolute") == "/path/to/file");
    BOOST_TEST(part(appendix_e("file:c|/path/to/file"), "drive-letter") == "c|");
    // E.2: "file:///c:/path/to/file" is already a path-absolute; "file:/c:/..." is the file-absolute form.
    BOOST_TEST(part(appendix_e("file:///c:/path/to/file"), "path-absolute") == "/c:/path/to/file");
    BOOST_TEST(part(appendix_e("file:/c:/path/to/file"), "path-absolute") == "/c:/path/to/file");
    // E.3: a UNC string in the path, after an empty authority, with two or three slashes.
    m = appendix_e("file:////host.example.com/path/to/file");
    BOOST_TEST(part(m, "unc-authority") == "//host.example.com");
    BOOST_TEST(part(m, "file-host") == "host.example.com");
    BOOST_TEST(part(m, "path-absolute") == "/path/to/file");
    BOOST_TEST(part(appendix_e("file://///host.example.com/path/to/file"), "file-host") == "host.example.com");
    BOOST_TEST(part(appendix_e("file:////%5B2001:db8::1%5D/share"), "file-host") == "%5B2001:db8::1%5D");
    // E.1: a user name in the authority.
    BOOST_TEST(part(appendix_e("file://user@host.example.com/path"), "file-auth") == "user@host.example.com");
    // The normative forms are still taken.
    BOOST_TEST(part(appendix_e("file:///path/to/file"), "path-absolute") == "/path/to/file");
    // Outside Appendix F: a drive letter without a path-absolute after it; a drive "letter" of two letters.
    BOOST_TEST(iri::match_scheme_grammar("file:c:path", "file_appendix_e").error.has_value());
    BOOST_TEST(iri::match_scheme_grammar("file:cc:/x", "file_appendix_e").error.has_value());
    // parse_scheme and the list of schemes keep the normative grammar.
    invalid("file:c:/path/to/file", 5, "scheme.file.syntax");
    invalid("file://user@host.example.com/path", 11, "scheme.file.syntax");  // the "@" after the host "user"
    const auto schemes = iri::scheme_grammars();
    BOOST_TEST(std::count(schemes.begin(), schemes.end(), "file") == 1);
    BOOST_TEST(!iri::match_scheme_grammar("file:c:/x", "file").ok());
}

BOOST_AUTO_TEST_CASE(iris_map_back) {
    // "納豆" is 6 bytes of UTF-8: the domain is [12, 30) of the IRI, not of its 54-byte mapping.
    const std::string s = "mailto:user@\u7D0D\u8C46.example.org?subject=Test&body=NATTO";
    const auto m = valid(s);
    const auto d = m.first("domain");
    BOOST_TEST_REQUIRE(d.has_value());
    BOOST_TEST(d->begin == 12u);
    BOOST_TEST(d->end == 30u);
    BOOST_TEST(d->text == "\u7D0D\u8C46.example.org");
    BOOST_TEST(texts(m, "hfname") == (strings{"subject", "body"}));
    const auto h = valid("http://r\u00E9sum\u00E9.example.org/\u00E4").first("http-host");
    BOOST_TEST_REQUIRE(h.has_value());
    BOOST_TEST(h->begin == 7u);
    BOOST_TEST(h->end == 27u);
    // A non-ASCII NID: the error covers the whole character é, [4, 6) of the IRI.
    const auto e = iri::parse_scheme("urn:\u00E9x:y");
    BOOST_TEST_REQUIRE(e.error.has_value());
    BOOST_TEST(e.error->begin == 4u);
    BOOST_TEST(e.error->end == 6u);
    invalid("mailto:\u7D0D\u8C46", 13, "scheme.mailto.syntax");  // the IRI's end, not the mapping's
}

BOOST_AUTO_TEST_CASE(no_grammar_and_bad_input) {
    const auto m = iri::parse_scheme("foo:bar");
    BOOST_TEST(m.scheme.empty());
    BOOST_TEST(!m.error.has_value());
    BOOST_TEST(!m.ok());
    BOOST_TEST(iri::parse_scheme("/relative").scheme.empty());
    invalid("mailto:a b@example.org", 8, "syntax.disallowed_character");
    // Arbitrary bytes straight into a scheme's DFA: the mapping writes octets from 0x80 as "%XX", so "\xFF" is a
    // local part "%FF"; the NUL after it is the first byte no grammar allows. An offset inside the input.
    const std::string junk("mailto:\xFF\x00\xC3", 10);
    const auto j = iri::match_scheme_grammar(junk, "mailto");
    BOOST_TEST_REQUIRE(j.error.has_value());
    BOOST_TEST(j.error->begin == 8u);
    BOOST_TEST(j.error->end == 9u);
    BOOST_TEST(iri::match_scheme_grammar("mailto:a@b", "MAILTO").ok());
}

// ---- iri::check: scheme.* with byte range, component and section ----
BOOST_AUTO_TEST_CASE(check_reports_scheme_errors) {
    struct row {
        const char* input;
        const char* code;
        std::uint32_t begin, end;
        iri::component where;
        const char* spec;
    };
    const row rows[] = {
        {"mailto:@example.org", "scheme.mailto.syntax", 7, 8, iri::component::path, "RFC 6068 §2"},
        {"urn:a:b", "scheme.urn.syntax", 5, 6, iri::component::path, "RFC 8141 §2"},
        {"data:text/plain", "scheme.data.syntax", 15, 15, iri::component::none, "RFC 2397 §3"},
        {"http:/x", "scheme.http.syntax", 6, 7, iri::component::path, "RFC 9110 §4.2.1"},
    };
    for (const row& r : rows) {
        const auto ds = iri::check(r.input);
        const auto it = std::find_if(ds.begin(), ds.end(),
                                     [](const iri::diagnostic& d) { return d.code.rfind("scheme.", 0) == 0; });
        BOOST_TEST_REQUIRE((it != ds.end()), r.input);
        BOOST_TEST(it->code == r.code);
        BOOST_TEST((it->level == iri::severity::error));
        BOOST_TEST(it->begin == r.begin, r.input);
        BOOST_TEST(it->end == r.end, r.input);
        BOOST_TEST((it->where == r.where), r.input);
        BOOST_TEST(it->spec == r.spec);
    }
    for (const char* s : {"mailto:a@example.org", "urn:ab:c", "data:,x", "http://a/", "tel:+1", "foo:bar"})
        for (const iri::diagnostic& d : iri::check(s)) BOOST_TEST(d.code.rfind("scheme.", 0) != 0, s << ": " << d.code);
}

// ---- discovery: every grammar/schemes/*.abnf with ;@scheme is built in, and nothing else ----
BOOST_AUTO_TEST_CASE(schemes_are_the_files) {
    std::vector<std::string> files;
    for (const auto& f : std::filesystem::directory_iterator(std::string(IRI_SOURCE_DIR) + "/grammar/schemes")) {
        if (f.path().extension() != ".abnf") continue;
        std::ifstream in(f.path());
        for (std::string line; std::getline(in, line);)
            if (line.rfind(";@scheme ", 0) == 0 && !line.ends_with(" option")) files.push_back(line.substr(9));
    }
    std::sort(files.begin(), files.end());
    std::vector<std::string> built;
    for (std::string_view s : iri::scheme_grammars()) built.emplace_back(s);
    BOOST_TEST(built == files);
    for (const char* s : {"http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel", "tag"})
        BOOST_TEST(iri::has_scheme_grammar(s), s);
}

// ---- datasets: no scheme.* on a reference its scheme's RFC allows ----
// The only scheme.* errors in the shipped datasets are the ones the RFCs make: file URIs with a query (RFC 8089
// §2 has none), "file://name" without a path (auth-path needs path-absolute) and "https://" (RFC 9110 §4.2.2:
// no empty host).
BOOST_AUTO_TEST_CASE(datasets_have_no_false_alarms) {
    std::size_t checked = 0, flagged = 0;
    auto run = [&](const std::string& s) {
        if (!iri::parse_scheme(s).scheme.empty()) ++checked;
        for (const iri::diagnostic& d : iri::check(s)) {
            if (d.code.rfind("scheme.", 0) != 0) continue;
            ++flagged;
            const bool file_query = d.code == "scheme.file.syntax" && s[d.begin] == '?';
            const bool file_no_path = d.code == "scheme.file.syntax" && d.begin == s.size() &&
                                      s.rfind("file://", 0) == 0 && s.find('/', 7) == std::string::npos;
            const bool empty_host = d.code == "scheme.https.syntax" && s == "https://";
            BOOST_TEST((file_query || file_no_path || empty_host), s << ": " << d.code << " " << d.message);
        }
    };
    for (const char* f :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "url-various-datasets/node_files.txt",
          "url-various-datasets/isaacs_files.txt", "derived/zhwiki_iri_100k.txt", "derived/psl_idn_suffix_iris.txt"})
        for (const std::string& s : iri_test::dataset_lines(f)) run(s);
    for (const auto& [base, href] : iri_test::cc10k_pairs()) {
        run(base);
        run(href);
    }
    BOOST_TEST(checked > 200000u);
    BOOST_TEST_MESSAGE("scheme grammars applied to " << checked << " dataset references; " << flagged << " flagged");
}
