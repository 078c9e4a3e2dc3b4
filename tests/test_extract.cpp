#define BOOST_TEST_MODULE extract
#include <boost/test/unit_test.hpp>

#include "iri/extract.hpp"

#include <string>
#include <vector>

namespace {

std::vector<std::string> values(std::string_view text, iri::grammar g = iri::grammar::iri) {
    std::vector<std::string> v;
    for (const auto& e : iri::extract(text, g)) v.push_back(e.value);
    return v;
}

using list = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_CASE(rfc3986_appendix_c_example) {
    // rfc2396bis-02 Appendix C: the text and the three URI references it contains.
    const std::string text =
        "   Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
        "   but you can probably pick it up from <ftp://ds.internic.\n"
        "   net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"
        "   ietf/uri/historical.html#WARNING>.\n";
    const auto found = iri::extract(text);
    BOOST_TEST_REQUIRE(found.size() == 3u);
    BOOST_TEST(found[0].value == "http://www.w3.org/Addressing/");
    BOOST_TEST(found[1].value == "ftp://ds.internic.net/rfc/");
    BOOST_TEST(found[2].value == "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING");
    BOOST_TEST((found[0].delimiter == iri::delimiter::double_quotes));
    BOOST_TEST((found[1].delimiter == iri::delimiter::angle_brackets));
    // Byte ranges: inside the delimiters, line breaks included for the broken one.
    BOOST_TEST(found[0].begin == text.find("http://www.w3.org"));
    BOOST_TEST(found[0].end == text.find("\",\n"));
    BOOST_TEST(found[1].begin == text.find("ftp://"));
    BOOST_TEST(found[1].end == text.find(">.  Note"));
}

BOOST_AUTO_TEST_CASE(bare_iris_and_sentence_punctuation) {
    BOOST_TEST((values("See http://example.com/a. Then http://example.com/b, and http://example.com/c!") ==
                list{"http://example.com/a", "http://example.com/b", "http://example.com/c"}));
    BOOST_TEST((values("(see http://example.com/a)") == list{"http://example.com/a"}));
    BOOST_TEST(
        (values("http://en.wikipedia.org/wiki/Foo_(bar) and more") == list{"http://en.wikipedia.org/wiki/Foo_(bar)"}));
    BOOST_TEST((values("'http://example.com/q?x=1';") == list{"http://example.com/q?x=1"}));
    BOOST_TEST((values("write to mailto:someone@example.org?") == list{"mailto:someone@example.org"}));
    // Not IRIs: a word with a colon, a scheme alone.
    BOOST_TEST(values("Note: e.g.:x ratio 1:2 http: done").empty());
    BOOST_TEST((values("<URL:http://example.com/x>") == list{"http://example.com/x"}));
    BOOST_TEST((values("<URL: ht\n tp://example.com/\n  x> < b and c >") == list{"http://example.com/x"}));
}

BOOST_AUTO_TEST_CASE(non_ascii_does_not_end_an_iri) {
    // 3987bis §8.3. The ideographic full stop ends the sentence, not the IRI's characters.
    BOOST_TEST((values("見て http://例え.jp/引き割り。次") == list{"http://例え.jp/引き割り。次"}));
    BOOST_TEST((values("見て http://例え.jp/引き割り。") == list{"http://例え.jp/引き割り"}));
    BOOST_TEST((values("« http://例え.jp/ü »") == list{"http://例え.jp/ü"}));
    // Under the uri grammar the IRI stops where a URI must: "例" is not allowed in a reg-name.
    BOOST_TEST((values("http://a.jp/x例", iri::grammar::uri) == list{"http://a.jp/x"}));
}

BOOST_AUTO_TEST_CASE(hyphen_at_a_line_break) {
    // Appendix C: whitespace around a line break after a hyphen is ignored; the hyphen is kept.
    const std::string text = "at http://example.com/very-\n    long-name.html today";
    const auto found = iri::extract(text);
    BOOST_TEST_REQUIRE(found.size() == 1u);
    BOOST_TEST(found[0].value == "http://example.com/very-long-name.html");
    BOOST_TEST(found[0].end == text.find(" today"));
    // Without a line break, two words.
    BOOST_TEST((values("http://example.com/very- long") == list{"http://example.com/very-"}));
    // Any number of lines, each joined while the IRI can go on; an opening bracket's closing one ends it.
    BOOST_TEST((values("http://example.com/a-\n  b-\n  c.html.") == list{"http://example.com/a-b-c.html"}));
    std::string lines = "http://example.com/";
    for (int i = 0; i < 10000; ++i) lines += "x-\n";
    std::string chain = "http://example.com/";
    for (int i = 0; i < 10000; ++i) chain += "x-";
    BOOST_TEST((values(lines + "end") == list{chain + "end"}));
    BOOST_TEST((values("(http://example.com/a-\nb)-\nc") == list{"http://example.com/a-b"}));
    BOOST_TEST((values("http://example.com/a-\n%zz-\nhttp://example.com/b") ==
                list{"http://example.com/a-", "http://example.com/b"}));
    // Any Unicode White_Space around the line break (here a vertical tab after it, the extract harness's
    // finding): the range spans it, the value leaves it out.
    const std::string vt = "http://example.com/very-\n\vlong";
    const auto joined = iri::extract(vt);
    BOOST_TEST_REQUIRE(joined.size() == 1u);
    BOOST_TEST(joined[0].value == "http://example.com/very-long");
    BOOST_TEST(joined[0].begin == 0u);
    BOOST_TEST(joined[0].end == vt.size());
}

BOOST_AUTO_TEST_CASE(arbitrary_bytes) {
    BOOST_TEST(values(std::string("\xFF\xFE http://a/\xC3 <\x80>\0\"", 20)).size() == 1u);
    BOOST_TEST(values("").empty());
    BOOST_TEST(values(std::string(100000, '<')).empty());
    BOOST_TEST(values(std::string(100000, '"')).empty());
    const std::string many = [] {
        std::string s;
        for (int i = 0; i < 10000; ++i) s += "http://a/" + std::to_string(i) + " ";
        return s;
    }();
    BOOST_TEST(values(many).size() == 10000u);
    BOOST_TEST(values("http://a/" + std::string(100000, ')')).size() == 1u);
}

BOOST_AUTO_TEST_CASE(an_ill_formed_byte_ends_an_iri) {
    // RFC 3629 §3: a byte that starts no UTF-8 character is no character; it ends a bare IRI as white space does,
    // in every grammar, and is never read as the tail of the IRI's last character (the extract harness's finding).
    for (const iri::grammar g : {iri::grammar::iri, iri::grammar::uri, iri::grammar::rfc3987, iri::grammar::leiri}) {
        BOOST_TEST((values("http://example.com/ab\x80", g) == list{"http://example.com/ab"}));
        BOOST_TEST((values("http://example.com/ab\xBF tail", g) == list{"http://example.com/ab"}));
        BOOST_TEST((values("http://ex\x80"
                           "ample.com/",
                           g) == list{"http://ex"}));
        BOOST_TEST(values("see foo://\x9b x", g).empty());
        // A lead byte without its continuation, and an overlong form, end it too.
        BOOST_TEST((values("http://example.com/ab\xC3", g) == list{"http://example.com/ab"}));
        BOOST_TEST((values("http://example.com/ab\xC0\xAF", g) == list{"http://example.com/ab"}));
    }
}

BOOST_AUTO_TEST_CASE(angle_brackets_around_a_url_scheme) {
    // Appendix C drops a leading "URL:" when a reference follows it; "<URL://a/b>" holds none after it, and is
    // itself the reference (scheme "URL"), found as the bracketed one, not as a bare IRI.
    const auto found = iri::extract("<URL://a/b>");
    BOOST_TEST_REQUIRE(found.size() == 1u);
    BOOST_TEST(found[0].value == "URL://a/b");
    BOOST_TEST((found[0].delimiter == iri::delimiter::angle_brackets));
    BOOST_TEST(found[0].begin == 1u);
    BOOST_TEST(found[0].end == 10u);
    const auto broken = iri::extract("<URL://a/\n  b>");
    BOOST_TEST_REQUIRE(broken.size() == 1u);
    BOOST_TEST(broken[0].value == "URL://a/b");
    BOOST_TEST((broken[0].delimiter == iri::delimiter::angle_brackets));
    BOOST_TEST((values("<url:http://example.com/x>") == list{"http://example.com/x"}));
}

BOOST_AUTO_TEST_CASE(a_scheme_glued_to_the_text_before_it) {
    // The scheme starts after a character that cannot continue one: markup, JSON, emphasis, punctuation.
    BOOST_TEST((values("<p>http://www.rubyonrails.com Link</p>") == list{"http://www.rubyonrails.com"}));
    BOOST_TEST((values(R"({"url":"http://foo.com/bar"})") == list{"http://foo.com/bar"}));
    BOOST_TEST((values("*http://foo.com/bar*") == list{"http://foo.com/bar"}));
    BOOST_TEST((values(",http://foo.com/bar,") == list{"http://foo.com/bar"}));
    BOOST_TEST((values("text:http://example.com/") == list{"http://example.com/"}));  // "text:" has no "//"
    BOOST_TEST((values("~~http://a.example/~~ 'http://b.example/'") == list{"http://a.example/", "http://b.example/"}));
    BOOST_TEST((values("[x](http://a.example/)[y](mailto:b@example.org)") ==
                list{"http://a.example/", "mailto:b@example.org"}));
    // After a letter of a script other than Latin (Japanese is written without spaces) a new word starts; an IRI
    // goes on over non-ASCII characters (3987bis §8.3), a URI stops at them.
    BOOST_TEST((values("詳細はhttp://example.com/を参照") == list{"http://example.com/を参照"}));
    BOOST_TEST((values("詳細はhttp://example.com/を参照", iri::grammar::uri) == list{"http://example.com/"}));
    BOOST_TEST((values("詳細は、http://example.com/。") == list{"http://example.com/"}));
    BOOST_TEST((values("Смотритеhttp://example.com/ и") == list{"http://example.com/"}));
    // A Latin letter or a digit before it belongs to the scheme (RFC 3986 §3.1): "xhttp" is a scheme, "1http" and
    // "caféhttp" are not.
    BOOST_TEST((values("xhttp://a.example/") == list{"xhttp://a.example/"}));
    BOOST_TEST((values(".http://a.example/") == list{"http://a.example/"}));
    BOOST_TEST(values("1http://a.example/ caféhttp://a.example/").empty());
    // A fullwidth form of a character no IRI holds ends the IRI as that character would ("｜" for "|").
    BOOST_TEST((values("｜http://google.com｜bar") == list{"http://google.com"}));
    BOOST_TEST((values("（http://a.example/x）") == list{"http://a.example/x"}));
    BOOST_TEST((values("「http://a.example/x」") == list{"http://a.example/x"}));
}

BOOST_AUTO_TEST_CASE(the_end_of_a_glued_iri) {
    // An opening bracket right before the IRI is closed by the first closing bracket it does not hold.
    BOOST_TEST((values("(http://foo.com/bar)more") == list{"http://foo.com/bar"}));
    BOOST_TEST((values("(http://foo.com/path_(even_(nested)))") == list{"http://foo.com/path_(even_(nested))"}));
    // Quotation marks: dropped at the end when unpaired inside; kept inside.
    BOOST_TEST((values("'http://foo.com/bar'more") == list{"http://foo.com/bar'more"}));
    BOOST_TEST((values("http://foo.com/blah_'quoted'") == list{"http://foo.com/blah_'quoted'"}));
    BOOST_TEST((values("“http://a.example/b”") == list{"http://a.example/b"}));
    // Emphasis: a final "*" always goes; "_" and "~" when the same mark opens right before the IRI.
    BOOST_TEST((values("**see http://a.example/b**") == list{"http://a.example/b"}));
    BOOST_TEST((values("_http://a.example/b_ http://a.example/c_ http://a.example/~") ==
                list{"http://a.example/b", "http://a.example/c_", "http://a.example/~"}));
    BOOST_TEST((values("*http://foo.com/bar*more") == list{"http://foo.com/bar*more"}));
}

BOOST_AUTO_TEST_CASE(only_references_that_name_something) {
    // RFC 9110 §4.2.1: no http URI has an empty host; the same for https, ws, wss and ftp.
    BOOST_TEST(values("http:// foo http://? http://# http:/// https://").empty());
    BOOST_TEST(values(R"("http://" <http://> <ftp://?x> "wss:///a")").empty());
    BOOST_TEST(values("http://u@/x http://:80/").empty());
    // After an empty http authority the search goes on.
    BOOST_TEST((values("http://?u=https://a.example/") == list{"https://a.example/"}));
    // A scheme alone names nothing; other schemes may have an empty authority.
    BOOST_TEST(values("foo:// mailto: x://.").empty());
    BOOST_TEST((values("file:///etc/hosts") == list{"file:///etc/hosts"}));
}

BOOST_AUTO_TEST_CASE(linear_in_glued_candidates) {
    // Each candidate's parse is in proportion to what it covers, however long its word: a word of 100 000 IRIs,
    // each ended by a "%" not followed by two hex digits, gives all of them.
    std::string word;
    for (int i = 0; i < 100000; ++i) word += "http://a/%";
    BOOST_TEST(values(word).size() == 100000u);
    std::string empty_hosts;
    for (int i = 0; i < 100000; ++i) empty_hosts += "http:///";
    BOOST_TEST(values(empty_hosts).empty());
    // A word of bracketed IRIs, each read only to its closing bracket; and of IRIs each after an unclosed one.
    std::string bracketed, unclosed;
    for (int i = 0; i < 100000; ++i) bracketed += "(http://a/b)", unclosed += "(http://a/%";
    BOOST_TEST(values(bracketed).size() == 100000u);
    BOOST_TEST(values(unclosed).size() == 100000u);
    BOOST_TEST(values("(" + std::string(100000, '(') + "http://a/" + std::string(100000, ')')).size() == 1u);
    BOOST_TEST(values(std::string(100000, ':')).empty());
    BOOST_TEST(values("http://a/" + std::string(100000, '\'')).size() == 1u);
}
