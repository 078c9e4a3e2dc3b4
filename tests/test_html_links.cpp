// Links from HTML pages (iri/html.hpp). Expected values are the HTML Standard's examples where it has one (named
// beside them), else read off its text: the tokenizer's states (§13.2.5), the tree builder's (§13.2.6), srcset
// (§4.8.4.3.10), the shared declarative refresh steps (§4.2.5.3), the frozen base URL (§4.2.3), the encoding
// sniffing algorithm (§13.2.3.2); the resolved URLs are the URL Standard's (its parser against the base).
#define BOOST_TEST_MODULE html_links
#include <boost/test/unit_test.hpp>

#include "iri/html.hpp"

#include <string>
#include <vector>

#include "support/counting_new.hpp"

namespace {

const std::string page_url = "https://example.com/dir/page.html";

// The resolved URLs of a page, in order ("!" and the value for one that failed).
std::vector<std::string> urls(std::string_view page, const iri::html::options& opt = {}) {
    iri::html::extractor x;
    const auto found = x.links(page, page_url, opt);
    BOOST_REQUIRE(found.has_value());
    std::vector<std::string> out;
    for (const auto& l : *found) {
        std::string shown(l.resolved ? "" : "!");
        shown += l.resolved ? l.url : l.value;
        out.push_back(shown);
    }
    return out;
}

std::vector<std::string> values(std::string_view page, const iri::html::options& opt = {}) {
    iri::html::extractor x;
    const auto found = x.links(page, page_url, opt);
    BOOST_REQUIRE(found.has_value());
    std::vector<std::string> out;
    for (const auto& l : *found) out.emplace_back(l.value);
    return out;
}

using list = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_CASE(header_example) {
    // iri/html.hpp's example.
    iri::html::extractor x;
    const std::string page = R"(<base href="/docs/"><a href="a.html?x=1&amp;y=2" rel=nofollow>A</a>
                           <img srcset="s.png 1x, l.png 2x">)";
    const auto found = x.links(page, page_url);
    BOOST_TEST_REQUIRE(found.has_value());
    BOOST_TEST_REQUIRE(found->size() == 3u);
    const auto& a = (*found)[0];
    BOOST_TEST(a.url == "https://example.com/docs/a.html?x=1&y=2");
    BOOST_TEST(a.element == "a");
    BOOST_TEST(a.attribute == "href");
    BOOST_TEST(a.raw == "a.html?x=1&amp;y=2");
    BOOST_TEST(a.value == "a.html?x=1&y=2");
    BOOST_TEST(a.offset == page.find("a.html"));
    BOOST_TEST(a.rel == "nofollow");
    BOOST_TEST((*found)[1].url == "https://example.com/docs/s.png");
    BOOST_TEST((*found)[1].element == "img");
    BOOST_TEST((*found)[1].attribute == "srcset");
    BOOST_TEST((*found)[1].value == "s.png");
    BOOST_TEST((*found)[1].offset == page.find("s.png 1x"));
    BOOST_TEST((*found)[2].url == "https://example.com/docs/l.png");
    BOOST_TEST(x.document().base_url == "https://example.com/docs/");
    BOOST_TEST(x.document().base_from_element);
    BOOST_TEST(x.document().encoding == "UTF-8");
    BOOST_TEST(iri::html::name(x.document().encoding_from) == std::string("fallback"));
}

BOOST_AUTO_TEST_CASE(every_link_attribute) {
    // data/html/attributes.tsv, one of each.
    const std::string page =
        "<a href=a><area href=area><link href=link><link imagesrcset='is 1x' rel=preload><img src=img srcset='ss 2x'>"
        "<picture><source srcset=pss></picture><video poster=poster src=video><source src=vs><track src=track>"
        "</video><audio src=audio></audio><iframe src=iframe></iframe><frame src=frame><embed src=embed>"
        "<script src=script></script><input type=image src=input formaction=fa><object data=object></object>"
        "<form action=form><button formaction=button></button></form><blockquote cite=bq></blockquote>"
        "<q cite=q></q><del cite=del></del><ins cite=ins></ins><meta http-equiv=refresh content='0;url=refresh'>";
    BOOST_TEST(
        (values(page) == list{"a",      "area",  "link",   "is",     "img",   "ss",    "pss",    "poster", "video",
                              "vs",     "track", "audio",  "iframe", "frame", "embed", "script", "input",  "fa",
                              "object", "form",  "button", "bq",     "q",     "del",   "ins",    "refresh"}));
    BOOST_TEST(urls("<a href=a>")[0] == "https://example.com/dir/a");
    // Not links: other attributes and elements, an attribute of another element.
    BOOST_TEST(urls("<div href=x><a src=y data-href=z><img href=w><span cite=v>").empty());
}

BOOST_AUTO_TEST_CASE(base_element) {
    // §4.2.3's example: "<base href="https://www.example.com/news/index.html"> ... <a href="archives.html">" is a
    // link to "https://www.example.com/news/archives.html".
    BOOST_TEST(
        (urls(R"(<!DOCTYPE html><html lang="en"><head><title>This is an example for the &lt;base&gt; element</title>
<base href="https://www.example.com/news/index.html"></head><body><p>Visit the <a href="archives.html">archives</a>.</p>)") ==
         list{"https://www.example.com/news/archives.html"}));
    // The first base with an href, wherever the links are (the document base URL is the same for all of them).
    BOOST_TEST((urls("<a href=x><base><base href=/b/><base href=/c/>") == list{"https://example.com/b/x"}));
    // A href that does not parse, or a data: or javascript: URL, leaves the page URL (§4.2.3 set the frozen base URL).
    BOOST_TEST((urls("<base href='http://[::1'><a href=x>") == list{"https://example.com/dir/x"}));
    BOOST_TEST((urls("<base href='data:text/html,a'><a href=x>") == list{"https://example.com/dir/x"}));
    BOOST_TEST((urls("<base href='javascript:void(0)'><a href=x>") == list{"https://example.com/dir/x"}));
    // A base in a template's contents is not in the document, nor is one in SVG an HTML base element.
    BOOST_TEST((urls("<template><base href=/t/></template><svg><base href=/s/></svg><a href=x>") ==
                list{"https://example.com/dir/x"}));
    // The base's href is resolved against the page URL, never against itself.
    BOOST_TEST((urls("<base href=sub/><a href=x>") == list{"https://example.com/dir/sub/x"}));
}

BOOST_AUTO_TEST_CASE(character_references_in_values) {
    // §13.2.5.73: named references, with the attribute-value rule for one not ended by ";" before "=" or an
    // alphanumeric; numeric ones (§13.2.5.80), with the table for 0x80-0x9F and U+FFFD for zero and surrogates.
    BOOST_TEST((values("<a href='?a=1&amp;b=2'>") == list{"?a=1&b=2"}));
    BOOST_TEST((values("<a href='?a=1&copy=2'>") == list{"?a=1&copy=2"}));
    BOOST_TEST((values("<a href='?a=1&copy;2'>") == list{"?a=1\xC2\xA9"
                                                         "2"}));
    BOOST_TEST((values("<a href='?a=1&copy 2'>") == list{"?a=1\xC2\xA9 2"}));
    BOOST_TEST((values("<a href='?x&notit;'>") == list{"?x&notit;"}));
    BOOST_TEST((values("<a href='?x&notin;'>") == list{"?x\xE2\x88\x89"}));
    BOOST_TEST((values("<a href=/&#x41;&#66;&#x80;&#0;&#xD800;&#x110000>") ==
                list{"/AB\xE2\x82\xAC\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"}));
    BOOST_TEST((values("<a href=/a&#b>") == list{"/a&#b"}));
    BOOST_TEST((values("<a href=/a&lt=b>") == list{"/a&lt=b"}));
    BOOST_TEST((values("<a href=/a&ltb>") == list{"/a&ltb"}));
    BOOST_TEST((values("<a href=/a&lt;b>") == list{"/a<b"}));
    BOOST_TEST((urls("<a href='?a=1&amp;b=2'>") == list{"https://example.com/dir/page.html?a=1&b=2"}));
}

BOOST_AUTO_TEST_CASE(values_as_the_tokenizer_reads_them) {
    // Unquoted, single-quoted, double-quoted; the first of several attributes of one name (§13.2.5.33); names in
    // any case; CR LF as LF (§13.2.3.5), U+0000 as U+FFFD; no "=": no value.
    BOOST_TEST((values("<A HREF=x Href=y><a href='s t'><a href=\"d'q\"><a\nhref\n=\n\"n\"\n>") ==
                list{"x", "s t", "d'q", "n"}));
    BOOST_TEST((values(std::string("<a href='a\r\nb\rc\0d'>", 19)) == list{"a\nb\nc\xEF\xBF\xBD"
                                                                           "d"}));
    BOOST_TEST((urls(std::string("<a href='a\r\nb\0'>", 16)) == list{"https://example.com/dir/ab%EF%BF%BD"}));
    // An empty or white-space-only value is no link; neither is an attribute without "=".
    BOOST_TEST(urls("<a href><a href=''><a href=' \t\n'><img src=\"\">").empty());
    // An attribute name may hold quotes and "<"; "=" first is part of the name.
    BOOST_TEST((values("<a x\"y=1 =z href=h>") == list{"h"}));
    BOOST_TEST((values("<a/href=h/>") == list{"h/"}));
    BOOST_TEST((values("<a href=h/>") == list{"h/"}));
    BOOST_TEST((values("<a href='h'/>") == list{"h"}));
    BOOST_TEST((values("<a href='h'title=t>") == list{"h"}));
    // rel of a, area and link, decoded; not of img.
    iri::html::extractor x;
    const auto found = x.links("<a href=a rel='No&#70;ollow'><img src=i rel=r><link rel=stylesheet href=s>", page_url);
    BOOST_TEST_REQUIRE(found->size() == 3u);
    BOOST_TEST((*found)[0].rel == "NoFollow");
    BOOST_TEST((*found)[1].rel == "");
    BOOST_TEST((*found)[2].rel == "stylesheet");
    // <image> is an img (§13.2.6.4.7).
    const auto image = x.links("<image src=i>", page_url);
    BOOST_TEST_REQUIRE(image->size() == 1u);
    BOOST_TEST((*image)[0].element == "img");
}

BOOST_AUTO_TEST_CASE(nothing_inside_text_elements_is_a_tag) {
    // Comments (with their odd endings), raw text, RCDATA, script data, plaintext.
    BOOST_TEST((values("<!-- <a href=c> --><a href=1><!--><a href=2><!---><a href=3><!-- --!><a href=4>") ==
                list{"1", "2", "3", "4"}));
    BOOST_TEST((values("<!-- -- > <a href=x> --><!-- a --!--><a href=5>") == list{"5"}));
    BOOST_TEST((values("<style><a href=s></style ><a href=1>") == list{"1"}));
    BOOST_TEST((values("<title><a href=t></title><textarea><a href=t></textarea><a href=2>") == list{"2"}));
    BOOST_TEST((values("<xmp><a href=x></xmp><iframe><a href=i></iframe><noembed><a href=e></noembed>"
                       "<noframes><a href=f></noframes><a href=3>") == list{"3"}));
    BOOST_TEST((values("<script>document.write('<a href=s>')</script><a href=4>") == list{"4"}));
    BOOST_TEST((values("<script>x = '</scriptx>'; '<a href=s>'</SCRIPT><a href=5>") == list{"5"}));
    // Script data's escaped states: "<!--" then "<script>" is double-escaped, and "</script>" there does not end
    // the script (§13.2.5.26 to §13.2.5.31).
    BOOST_TEST((values("<script><!--<script></script><a href=s>--></script><a href=6>") == list{"6"}));
    BOOST_TEST((values("<script><!-- </script><a href=7>") == list{"7"}));
    BOOST_TEST((values("<plaintext></plaintext><a href=p>").empty()));
    BOOST_TEST((values("<!DOCTYPE html SYSTEM \"<a href=d>\"><a href=8>") == list{"8"}));
    // A bogus comment runs to the first ">", the one of "<a href=p>" here (§13.2.5.41).
    BOOST_TEST((values("<?php echo '<a href=p>' ?><a href=9>") == list{"9"}));
    // noscript: raw text when scripting is on (a browser's view), markup when it is off (a crawler's).
    BOOST_TEST(values("<noscript><a href=n></noscript>").empty());
    iri::html::options no_scripts;
    no_scripts.scripting = false;
    BOOST_TEST((values("<noscript><a href=n></noscript>", no_scripts) == list{"n"}));
}

BOOST_AUTO_TEST_CASE(foreign_content_and_templates) {
    // Template contents are not in the document (§4.12.3).
    BOOST_TEST((values("<template><a href=t><template><a href=u></template></template><a href=1>") == list{"1"}));
    // In SVG and MathML an element is not an HTML one, until an integration point or a tag that leaves.
    BOOST_TEST((values("<svg><a href=s></a><image href=i/></svg><a href=1>") == list{"1"}));
    BOOST_TEST((values("<svg><foreignObject><a href=f></a></foreignObject><a href=s></svg>") == list{"f"}));
    BOOST_TEST((values("<math><mi><a href=m></a></mi><a href=n></math>") == list{"m"}));
    BOOST_TEST(
        (values("<math><annotation-xml encoding='text/html'><a href=h></a></annotation-xml></math>") == list{"h"}));
    BOOST_TEST((values("<math><annotation-xml><a href=x></a></annotation-xml></math><a href=1>") == list{"1"}));
    BOOST_TEST((values("<svg><g><p><a href=p>") == list{"p"}));         // <p> leaves foreign content
    BOOST_TEST((values("<svg><font size=1><a href=f>") == list{"f"}));  // so does font with size
    BOOST_TEST((values("<svg><font><a href=f></font></svg><a href=1>") == list{"1"}));
    BOOST_TEST((values("<svg/><a href=1>") == list{"1"}));  // self-closing: no content
    // A form start tag while the form element pointer is set is ignored (§13.2.6.4.7): no form, no action; </form>
    // clears the pointer, whatever element it closes; in a template the pointer is neither read nor set.
    BOOST_TEST((values("<form action=1><div><form action=2></div></form><form action=3>") == list{"1", "3"}));
    BOOST_TEST((values("<form action=1><template><form action=t></template><form action=2>") == list{"1"}));
    // In foreign content "<![CDATA[" opens a CDATA section; in HTML it is a bogus comment to the first ">".
    BOOST_TEST((values("<svg><![CDATA[<a href=c>]]></svg><a href=1>") == list{"1"}));
    BOOST_TEST((values("<![CDATA[x<a href=c>]]><a href=2>") == list{"2"}));
    // In SVG, style and title are not raw text: their tags are tags (none an HTML link here).
    BOOST_TEST((values("<svg><style><a href=s></style></svg><a href=1>") == list{"1"}));
    BOOST_TEST((values("<svg><title><a href=t></a></title></svg>") == list{"t"}));  // an HTML integration point
}

BOOST_AUTO_TEST_CASE(srcset) {
    // §4.8.4.2's examples: the img element with srcset.
    BOOST_TEST((values(R"(<img src="/uploads/100-marie-lloyd.jpg"
     srcset="/uploads/150-marie-lloyd.jpg 1.5x, /uploads/200-marie-lloyd.jpg 2x"
     alt="" width="100" height="150">)") ==
                list{"/uploads/100-marie-lloyd.jpg", "/uploads/150-marie-lloyd.jpg", "/uploads/200-marie-lloyd.jpg"}));
    BOOST_TEST((values(R"h(<img sizes="(max-width: 30em) 100vw, (max-width: 50em) 50vw, calc(33vw - 100px)"
     srcset="swing-200.jpg 200w, swing-400.jpg 400w, swing-800.jpg 800w, swing-1600.jpg 1600w"
     src="swing-400.jpg" alt="Kettlebell Swing">)h") ==
                list{"swing-200.jpg", "swing-400.jpg", "swing-800.jpg", "swing-1600.jpg", "swing-400.jpg"}));
    // Commas: a URL ends at white space, so a data: URL keeps its commas; trailing commas end a candidate.
    BOOST_TEST((values("<img srcset='data:image/png;base64,AAA= 1x,b.png,,  c.png 2x'>") ==
                list{"data:image/png;base64,AAA=", "b.png", "c.png"}));
    BOOST_TEST((values("<img srcset='a.png,b.png'>") == list{"a.png,b.png"}));
    // Invalid descriptors drop the candidate (§4.8.4.3.10 step 9).
    BOOST_TEST(
        (values("<img srcset='a 1x 2x, b 0w, c 3q, d -1x, e 10h, f 100w 10h, g 1e1x, h 1.x'>") == list{"f", "g"}));
    const auto c = iri::html::parse_srcset("a.png 1x, b.png 2.5x, c.png 640w, d.png");
    BOOST_TEST_REQUIRE(c.size() == 4u);
    BOOST_TEST(c[0].url == "a.png");
    BOOST_TEST(c[0].density == 1.0);
    BOOST_TEST(c[1].density == 2.5);
    BOOST_TEST(c[2].width == 640u);
    BOOST_TEST(c[3].url == "d.png");
    BOOST_TEST(c[3].density == 0.0);
    BOOST_TEST(iri::html::parse_srcset(" , ,, ").empty());
    // Descriptors in parentheses hold commas and spaces (and are invalid).
    BOOST_TEST((values("<img srcset='a.png (1x, 2x), b.png'>") == list{"b.png"}));
}

BOOST_AUTO_TEST_CASE(meta_refresh) {
    // §4.2.5.3's example: "<meta http-equiv="Refresh" content="20; URL=page4.html">".
    BOOST_TEST((urls(R"(<meta http-equiv="Refresh" content="20; URL=page4.html">)") ==
                list{"https://example.com/dir/page4.html"}));
    // A time alone reloads the page: no link; and it is the first refresh, so a later one is ignored.
    BOOST_TEST(urls(R"(<meta http-equiv="Refresh" content="300"><meta http-equiv=refresh content="0;url=x">)").empty());
    // The steps' spellings: ";" or ",", "url" in any case, quotes, no "url=".
    BOOST_TEST((values(R"(<meta http-equiv=refresh content="0,url='/a' b">)") == list{"/a"}));
    BOOST_TEST((values(R"(<meta http-equiv=refresh content='5 "/b"'>)") == list{"/b"}));
    BOOST_TEST((values(R"(<meta http-equiv=refresh content="1; Url = /c">)") == list{"/c"}));
    BOOST_TEST((values(R"(<meta http-equiv=refresh content="1; urx=/d">)") == list{"urx=/d"}));
    BOOST_TEST((values(R"(<meta http-equiv=refresh content=".5; /e">)") == list{"/e"}));
    // The steps return early: no time, or a character after it that is not a separator; then the next one counts.
    BOOST_TEST((values(R"(<meta http-equiv=refresh content="x; url=/f"><meta http-equiv=refresh content="1a">
                         <meta http-equiv=refresh content="2;url=/g">)") == list{"/g"}));
    BOOST_TEST((values(R"(<meta content="0;url=/h" http-equiv="REFRESH">)") == list{"/h"}));
    BOOST_TEST(values(R"(<meta http-equiv=refres content="0;url=/i"><meta name=refresh content="0;url=/j">)").empty());
    const auto r = iri::html::parse_refresh("5; URL='/next'");
    BOOST_TEST_REQUIRE(r.has_value());
    BOOST_TEST(r->seconds == 5u);
    BOOST_TEST(r->has_url);
    BOOST_TEST(r->url == "/next");
    BOOST_TEST(!iri::html::parse_refresh("; url=a").has_value());
}

BOOST_AUTO_TEST_CASE(encodings) {
    // A <meta charset> in the first 1,024 bytes (the prescan, §13.2.3.2): "caf\xE9" is "café" in windows-1252.
    iri::html::extractor x;
    const auto w = x.links("<meta charset=windows-1252><a href=\"/caf\xE9\">", page_url);
    BOOST_TEST_REQUIRE(w->size() == 1u);
    BOOST_TEST((*w)[0].value == "/caf\xC3\xA9");
    BOOST_TEST((*w)[0].url == "https://example.com/caf%C3%A9");
    BOOST_TEST(x.document().encoding == "windows-1252");
    BOOST_TEST(iri::html::name(x.document().encoding_from) == std::string("prescan"));
    // The transport's charset wins over a meta; "latin1" is a label of windows-1252 (0x80 is the euro sign).
    iri::html::options latin1;
    latin1.charset = "latin1";
    const auto t = x.links("<meta charset=utf-8><a href=\"/\x80\">", page_url, latin1);
    BOOST_TEST((*t)[0].value == "/\xE2\x82\xAC");
    BOOST_TEST(iri::html::name(x.document().encoding_from) == std::string("transport"));
    // A BOM wins over both; the page's text starts after it.
    const auto b = x.links("\xEF\xBB\xBF<a href=/\xC3\xA9>", page_url, latin1);
    BOOST_TEST((*b)[0].value == "/\xC3\xA9");
    BOOST_TEST((*b)[0].offset == 11u);
    // Invalid UTF-8 is U+FFFD, each maximal subpart once (Encoding Standard §8.1.1).
    BOOST_TEST((values("<a href=/\xE2\x82\xFF\x80>") == list{"/\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"}));
    // Shift_JIS: 0x83 0x65 is U+30C6 (テ).
    BOOST_TEST((values("<meta charset=shift_jis><a href=/\x83\x65>") == list{"/\xE3\x83\x86"}));
    // A <meta> after the first 1,024 bytes changes a tentative encoding: the page is read again in it.
    const std::string late = "<!--" + std::string(1100, ' ') + "--><meta charset=iso-8859-2><a href=/\xB1>";
    const auto l = x.links(late, page_url);
    BOOST_TEST((*l)[0].value == "/\xC4\x85");  // ISO-8859-2 0xB1 is U+0105
    BOOST_TEST(x.document().encoding == "ISO-8859-2");
    BOOST_TEST(iri::html::name(x.document().encoding_from) == std::string("meta"));
    // Not when the encoding is certain (the transport named it), nor for a second meta.
    const auto c = x.links(late, page_url, latin1);
    BOOST_TEST((*c)[0].value == "/\xC2\xB1");
    const auto second = x.links(
        "<meta charset=utf-8>" + std::string(1100, ' ') + "<meta charset=iso-8859-2><a href=/\xC3\xA9>", page_url);
    BOOST_TEST((*second)[0].value == "/\xC3\xA9");
    // UTF-16LE with a BOM: converted to UTF-8 whole; the offset is the page's byte.
    std::string utf16 = "\xFF\xFE";
    for (const char ch : std::string("<a href=/x\xFC>")) {
        utf16 += ch;
        utf16 += '\0';
    }
    const auto u = x.links(utf16, page_url);
    BOOST_TEST_REQUIRE(u->size() == 1u);
    BOOST_TEST((*u)[0].value == "/x\xC3\xBC");
    BOOST_TEST((*u)[0].offset == 2u + 2u * 8u);
    BOOST_TEST(x.document().encoding == "UTF-16LE");
    // The replacement encoding's decoder gives one U+FFFD: no links.
    iri::html::options kr;
    kr.charset = "iso-2022-kr";
    BOOST_TEST(x.links("<a href=x>", page_url, kr)->empty());
    BOOST_TEST(x.document().encoding == "replacement");
    // An unknown transport label is none.
    iri::html::options bogus;
    bogus.charset = "no-such-charset";
    BOOST_TEST((x.links("<a href=x>", page_url, bogus)->size() == 1u));
    BOOST_TEST(x.document().encoding == "UTF-8");
    // sniff_encoding alone.
    BOOST_TEST(iri::html::sniff_encoding("<meta http-equiv=content-type content='text/html; charset=koi8-r'>").name ==
               "KOI8-R");
    BOOST_TEST(iri::html::sniff_encoding("<p>", "", "windows-1252").name == "windows-1252");
    const auto supported = iri::html::supported_encodings();
    BOOST_TEST(supported.size() >= 38u);
    BOOST_TEST((std::find(supported.begin(), supported.end(), "Shift_JIS") != supported.end()));
}

BOOST_AUTO_TEST_CASE(only_some_elements) {
    iri::html::options only;
    only.only = "a,area";
    BOOST_TEST((values("<a href=1><img src=2><area href=3><link href=4>", only) == list{"1", "3"}));
    BOOST_TEST(iri::html::is_link_element("img"));
    BOOST_TEST(iri::html::is_link_element("meta"));
    BOOST_TEST(!iri::html::is_link_element("div"));
    BOOST_TEST(!iri::html::is_link_element("base"));
}

BOOST_AUTO_TEST_CASE(failures) {
    // A value the URL parser rejects is a link that did not resolve; a page URL that is none is an error.
    iri::html::extractor x;
    const auto f = x.links("<a href='http://[::1'>", page_url);
    BOOST_TEST_REQUIRE(f->size() == 1u);
    BOOST_TEST(!(*f)[0].resolved);
    BOOST_TEST((*f)[0].url.empty());
    BOOST_TEST(((*f)[0].failure.code == iri::errc::url_failure));
    BOOST_TEST(!x.links("<a href=x>", "not a url").has_value());
    iri::html::options raw_only;
    raw_only.resolve = false;
    const auto r = x.links("<a href=x>", "", raw_only);
    BOOST_TEST_REQUIRE(r->size() == 1u);
    BOOST_TEST(!(*r)[0].resolved);
    BOOST_TEST((*r)[0].value == "x");
    const auto owned = iri::html::links("<a href=x>", page_url);
    BOOST_TEST_REQUIRE(owned->size() == 1u);
    BOOST_TEST((*owned)[0].url == "https://example.com/dir/x");
}

BOOST_AUTO_TEST_CASE(bad_input_is_normal_input) {
    // Cut tags (eof-in-tag drops them), unterminated comments and values, NULs, a 10 MB value.
    BOOST_TEST(values("<a href=x").empty());
    BOOST_TEST(values("<a href='x>").empty());
    BOOST_TEST(values("<!-- <a href=x>").empty());
    BOOST_TEST(values("<a href=x ").empty());
    BOOST_TEST((values(std::string("\0<a\0 href=x>\0<a href=y>", 23)) == list{"y"}));
    const std::string big = "<a href='" + std::string(10 << 20, 'x') + "'><a href=y>";
    const auto v = values(big);
    BOOST_TEST_REQUIRE(v.size() == 2u);
    BOOST_TEST(v[0].size() == std::size_t{10} << 20);
    BOOST_TEST(v[1] == "y");
    // Many tags, many attributes on one tag, deep nesting: linear.
    std::string tags;
    for (int i = 0; i < 100000; ++i) tags += "<a href=" + std::to_string(i) + ">";
    BOOST_TEST(values(tags).size() == 100000u);
    std::string attributes = "<a";
    for (int i = 0; i < 100000; ++i) attributes += " x" + std::to_string(i) + "=1";
    BOOST_TEST((values(attributes + " href=h>") == list{"h"}));
    std::string svg;
    for (int i = 0; i < 100000; ++i) svg += "<svg><g>";
    BOOST_TEST(values(svg + "<a href=x>").empty());
}

BOOST_AUTO_TEST_CASE(no_allocation_once_warm) {
    std::string page;
    for (int i = 0; i < 1000; ++i)
        page += "<p><a href='/p" + std::to_string(i) + "?a=1&amp;b=2' rel=x>x</a><img srcset='a.png 1x, b.png 2x'>";
    iri::html::extractor x;
    BOOST_TEST_REQUIRE(x.links(page, page_url)->size() == 3000u);
    const std::size_t before = iri_test::allocation_count();
    BOOST_TEST_REQUIRE(x.links(page, page_url)->size() == 3000u);
    BOOST_TEST(iri_test::allocation_count() == before);
}
