#define BOOST_TEST_MODULE prepare
#include <boost/test/unit_test.hpp>

#include "iri/prepare.hpp"

#include <string>
#include <vector>

#include "support/printing.hpp"

BOOST_AUTO_TEST_CASE(unicode_input_is_not_normalized) {
    // RFC 3987 §3.1 variant C.
    BOOST_TEST(*iri::from_utf16(u"http://例え.jp/") == "http://例え.jp/");
    BOOST_TEST(*iri::from_utf16(u"e\u0301") == "e\u0301");              // not composed
    BOOST_TEST(*iri::from_utf16(u"\U00010300") == "\xF0\x90\x8C\x80");  // a surrogate pair
    BOOST_TEST(*iri::from_utf32(U"\U00010300é") == "\xF0\x90\x8C\x80é");
    BOOST_TEST(*iri::from_utf8("http://例え.jp/") == "http://例え.jp/");
}

BOOST_AUTO_TEST_CASE(invalid_unicode_input) {
    const char16_t lone[] = {u'a', u'b', 0xD800, u'c'};
    auto a = iri::from_utf16(std::u16string_view(lone, 4));
    BOOST_TEST_REQUIRE(!a.has_value());
    BOOST_TEST(a.error().code == iri::errc::invalid_encoding);
    BOOST_TEST(a.error().offset == 4u);  // the third code unit, 2 bytes each
    const char16_t trail[] = {0xDC00};
    BOOST_TEST(iri::from_utf16(std::u16string_view(trail, 1)).error().offset == 0u);
    const char32_t big[] = {U'a', 0x110000};
    BOOST_TEST(iri::from_utf32(std::u32string_view(big, 2)).error().offset == 4u);
    auto u = iri::from_utf8("ab\xFF");
    BOOST_TEST_REQUIRE(!u.has_value());
    BOOST_TEST(u.error().code == iri::errc::invalid_utf8);
    BOOST_TEST(u.error().offset == 2u);
}

BOOST_AUTO_TEST_CASE(legacy_charsets_are_transcoded_then_nfc) {
    // RFC 3987 §3.1 variant B.
    BOOST_TEST(*iri::from_charset("http://a/r\xE9sum\xE9", "ISO-8859-1") == "http://a/résumé");
    BOOST_TEST(*iri::from_charset("\x80", "windows-1252") == "€");
    BOOST_TEST(*iri::from_charset("\x93\xFA\x96\x7B", "Shift_JIS") == "日本");
    BOOST_TEST(*iri::from_charset("\xC6\xFC\xCB\xDC", "EUC-JP") == "日本");
    BOOST_TEST(*iri::from_charset("\xC8\xD5", "GB18030") == "日");
    BOOST_TEST(*iri::from_charset("\xCD\xC9\xD2", "KOI8-R") == "мир");
    // RFC 3987 §3.1 note: windows-1258 writes "ệ" as ê (0xEA) + COMBINING DOT BELOW (0xF2); NFC composes it.
    BOOST_TEST(*iri::from_charset("Vi\xEA\xF2t Nam", "windows-1258") == "Vi\u1EC7t Nam");
}

BOOST_AUTO_TEST_CASE(invalid_legacy_input) {
    auto sj = iri::from_charset("ab\x81", "Shift_JIS");  // a lead byte with nothing after it
    BOOST_TEST_REQUIRE(!sj.has_value());
    BOOST_TEST(sj.error().code == iri::errc::invalid_encoding);
    BOOST_TEST(sj.error().offset == 2u);
    auto u8 = iri::from_charset("abc\xFF", "UTF-8");
    BOOST_TEST_REQUIRE(!u8.has_value());
    BOOST_TEST(u8.error().offset == 3u);
    BOOST_TEST(iri::from_charset("a", "no-such-charset").error().code == iri::errc::unknown_charset);
}

BOOST_AUTO_TEST_CASE(clean_up_of_arbitrary_text) {
    // Weber §4 step 1: SPACE, CR, LF and TAB at both ends; step 2: split on runs of spaces or encode them.
    using v = std::vector<std::string>;
    BOOST_TEST((iri::clean_up("  http://a/b c  \r\n", iri::spaces::encode) == v{"http://a/b%20c"}));
    BOOST_TEST((iri::clean_up("\t http://a/   http://b/ \n", iri::spaces::split) == v{"http://a/", "http://b/"}));
    BOOST_TEST(iri::clean_up(" \t\r\n ", iri::spaces::split).empty());
    // Other white space is not touched: U+3000 IDEOGRAPHIC SPACE, a form feed.
    BOOST_TEST((iri::clean_up("\u3000a\f", iri::spaces::encode) == v{"\u3000a\f"}));
    BOOST_TEST((iri::clean_up("a\tb", iri::spaces::split) == v{"a\tb"}));
}
