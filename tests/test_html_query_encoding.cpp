// A link's query is encoded in its page's encoding (the URL Standard's basic URL parser, query state: "percent-encode
// after encoding, with encoding"; HTML §2.4.2 "encoding-parsing a URL" passes the document's character encoding).
// The extractor hands the page's encoding, found once, to iri::web's parser (src/html/resolution.cpp).
#define BOOST_TEST_MODULE html_query_encoding
#include <boost/test/unit_test.hpp>

#include "iri/html.hpp"

#include <string>

namespace {

std::string first_url(const std::string& page) {
    const auto found = iri::html::links(page, "https://example.com/");
    BOOST_REQUIRE(found.has_value());
    BOOST_REQUIRE(!found->empty());
    return (*found)[0].url;
}

}  // namespace

BOOST_AUTO_TEST_CASE(query_in_the_page_encoding) {
    // windows-1252: "ü" is 0xFC.
    BOOST_TEST(first_url("<meta charset=windows-1252><a href='?q=\xFC'>") == "https://example.com/?q=%FC");
    // The path and the fragment stay UTF-8 (only the query state takes the encoding).
    BOOST_TEST(first_url("<meta charset=windows-1252><a href='/\xFC?q=\xFC#\xFC'>") ==
               "https://example.com/%C3%BC?q=%FC#%C3%BC");
    // A character the encoding cannot encode is written as a decimal character reference, percent-encoded.
    BOOST_TEST(first_url("<meta charset=windows-1252><a href='?q=&#9731;'>") == "https://example.com/?q=%26%239731%3B");
    // Shift_JIS: U+30C6 is 0x83 0x65, and 0x65 is "e".
    BOOST_TEST(first_url("<meta charset=shift_jis><a href='?q=\x83\x65'>") == "https://example.com/?q=%83e");
    // ws and wss, and schemes that are not special, take UTF-8 whatever the page's encoding.
    BOOST_TEST(first_url("<meta charset=windows-1252><a href='wss://example.com/?q=\xFC'>") ==
               "wss://example.com/?q=%C3%BC");
}
