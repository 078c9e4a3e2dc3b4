#define BOOST_TEST_MODULE web_sets
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "abnf.hpp"
#include "grammar/charset_detail.hpp"
#include "grammar/url_sets.hpp"

// The URL Standard's code point sets (§1.3, §3.2) and special schemes (§4.1), as the build generates them from
// grammar/url.abnf into the library's one set type (charset_info) and its membership test: each expected value is
// read off the Standard's sentences, quoted beside the checks. Then the byte form the encoder reads
// (percent_encode_set_of), which must agree with the code point sets.
namespace {

using iri::detail::url_set;

bool in_set(url_set s, char32_t c) { return iri::detail::contains(iri::detail::url_charset(s), c); }

// The code points of `s` among U+0000 to U+007F, as a string.
std::string ascii_members(url_set s) {
    std::string out;
    for (char32_t c = 0; c < 0x80; ++c)
        if (in_set(s, c)) out += static_cast<char>(c);
    return out;
}

// C0 controls (U+0000 to U+001F), then `rest`.
std::string c0_and(std::string_view rest) {
    std::string out;
    for (int c = 0; c < 0x20; ++c) out += static_cast<char>(c);
    return out + std::string(rest);
}

const url_set percent_encode_sets[] = {
    url_set::c0_control_percent_encode, url_set::fragment_percent_encode,
    url_set::query_percent_encode,      url_set::special_query_percent_encode,
    url_set::path_percent_encode,       url_set::userinfo_percent_encode,
    url_set::component_percent_encode,  url_set::form_urlencoded_percent_encode,
};

}  // namespace

// "The C0 control percent-encode set is a percent-encode set consisting of C0 controls and all code points greater
// than U+007E (~)."
BOOST_AUTO_TEST_CASE(c0_control_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::c0_control_percent_encode) == c0_and("\x7F"));
    BOOST_TEST(!in_set(url_set::c0_control_percent_encode, U'~'));
    BOOST_TEST(!in_set(url_set::c0_control_percent_encode, U' '));
}

// Every percent-encode set includes every code point above U+007E ("all code points greater than U+007E", and each
// set builds on that one): U+0080, U+00E9, a surrogate, U+FFFD, U+10FFFF.
BOOST_AUTO_TEST_CASE(percent_encode_sets_hold_every_code_point_above_tilde) {
    for (url_set s : percent_encode_sets)
        for (char32_t c : {U'\x7F', U'\x80', U'\xE9', char32_t{0xD800}, U'\xFFFD', U'\U0010FFFF'})
            BOOST_TEST(in_set(s, c), "set " << static_cast<int>(s) << " code point " << static_cast<unsigned>(c));
}

// "The fragment percent-encode set is ... the C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+003C (<),
// U+003E (>), and U+0060 (`)."
BOOST_AUTO_TEST_CASE(fragment_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::fragment_percent_encode) == c0_and(" \"<>`\x7F"));
    BOOST_TEST(!in_set(url_set::fragment_percent_encode, U'#'));
}

// "The query percent-encode set is ... the C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+0023 (#),
// U+003C (<), and U+003E (>)." The note: it is not the fragment set plus "#", for it has no U+0060 (`).
BOOST_AUTO_TEST_CASE(query_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::query_percent_encode) == c0_and(" \"#<>\x7F"));
    BOOST_TEST(!in_set(url_set::query_percent_encode, U'`'));
    BOOST_TEST(!in_set(url_set::query_percent_encode, U'\''));
}

// "The special-query percent-encode set is ... the query percent-encode set and U+0027 (')."
BOOST_AUTO_TEST_CASE(special_query_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::special_query_percent_encode) == c0_and(" \"#'<>\x7F"));
}

// "The path percent-encode set is ... the query percent-encode set and U+003F (?), U+005E (^), U+0060 (`),
// U+007B ({), and U+007D (})."
BOOST_AUTO_TEST_CASE(path_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::path_percent_encode) == c0_and(" \"#<>?^`{}\x7F"));
    BOOST_TEST(!in_set(url_set::path_percent_encode, U'\''));  // the query set's, not the special-query set's
    BOOST_TEST(!in_set(url_set::path_percent_encode, U'/'));
}

// "The userinfo percent-encode set is ... the path percent-encode set and U+002F (/), U+003A (:), U+003B (;),
// U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C (|)."
BOOST_AUTO_TEST_CASE(userinfo_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::userinfo_percent_encode) == c0_and(" \"#/:;<=>?@[\\]^`{|}\x7F"));
}

// "The component percent-encode set is ... the userinfo percent-encode set and U+0024 ($) to U+0026 (&),
// inclusive, U+002B (+), and U+002C (,)."
BOOST_AUTO_TEST_CASE(component_percent_encode_set) {
    BOOST_TEST(ascii_members(url_set::component_percent_encode) == c0_and(" \"#$%&+,/:;<=>?@[\\]^`{|}\x7F"));
}

// "The application/x-www-form-urlencoded percent-encode set is ... the component percent-encode set and U+0021 (!),
// U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and U+007E (~)." Its note: it "contains all code points,
// except the ASCII alphanumeric, U+002A (*), U+002D (-), U+002E (.), and U+005F (_)."
BOOST_AUTO_TEST_CASE(form_urlencoded_percent_encode_set) {
    for (char32_t c = 0; c < 0x80; ++c) {
        const bool alphanumeric = (c >= U'0' && c <= U'9') || (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z');
        const bool kept = alphanumeric || c == U'*' || c == U'-' || c == U'.' || c == U'_';
        BOOST_TEST(in_set(url_set::form_urlencoded_percent_encode, c) == !kept, "code point " << unsigned(c));
    }
}

// "A forbidden host code point is U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F
// (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\), U+005D (]), U+005E (^),
// or U+007C (|)."
BOOST_AUTO_TEST_CASE(forbidden_host_code_points) {
    BOOST_TEST(ascii_members(url_set::forbidden_host) == std::string("\0\t\n\r #/:<>?@[\\]^|", 17));
    BOOST_TEST(!in_set(url_set::forbidden_host, U'%'));
    BOOST_TEST(!in_set(url_set::forbidden_host, U'\x01'));
    BOOST_TEST(!in_set(url_set::forbidden_host, U'\xE9'));
    BOOST_TEST(!in_set(url_set::forbidden_host, U'\U0010FFFF'));
}

// "A forbidden domain code point is a forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE."
BOOST_AUTO_TEST_CASE(forbidden_domain_code_points) {
    BOOST_TEST(ascii_members(url_set::forbidden_domain) == c0_and(" #%/:<>?@[\\]^|\x7F"));
    BOOST_TEST(!in_set(url_set::forbidden_domain, U'\x80'));
    BOOST_TEST(!in_set(url_set::forbidden_domain, U'\xFFFD'));
}

// §4.3: "The URL code points are ASCII alphanumeric, U+0021 (!), U+0024 ($), U+0026 (&), U+0027 ('), U+0028 LEFT
// PARENTHESIS, U+0029 RIGHT PARENTHESIS, U+002A (*), U+002B (+), U+002C (,), U+002D (-), U+002E (.), U+002F (/),
// U+003A (:), U+003B (;), U+003D (=), U+003F (?), U+0040 (@), U+005F (_), U+007E (~), and code points in the range
// U+00A0 to U+10FFFD, inclusive, excluding surrogates and noncharacters."
BOOST_AUTO_TEST_CASE(url_code_points) {
    BOOST_TEST(ascii_members(url_set::url_code_point) ==
               "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
    for (char32_t c : {U'\xA0', U'\xE9', U'\uD7FF', U'\uE000', U'\uFDCF', U'\uFDF0', U'\uFFFD', U'\U00010000',
                       U'\U0001FFFD', U'\U000E0001', U'\U0010FFFD'})
        BOOST_TEST(in_set(url_set::url_code_point, c), "U+" << std::hex << unsigned(c));
    // Not: C1 controls (U+0080 to U+009F), surrogates, the noncharacters U+FDD0 to U+FDEF and U+xFFFE, U+xFFFF.
    for (char32_t c : {U'\x80', U'\x9F', char32_t{0xD800}, char32_t{0xDFFF}, U'\uFDD0', U'\uFDEF', U'\uFFFE', U'\uFFFF',
                       char32_t{0x1FFFE}, char32_t{0x1FFFF}, char32_t{0x10FFFE}, char32_t{0x10FFFF}})
        BOOST_TEST(!in_set(url_set::url_code_point, c), "U+" << std::hex << unsigned(c));
}

// §4.1: "A special scheme is an ASCII string that is listed in the first column of the following table. The default
// port for a special scheme is listed in the second item on the same row." ftp 21, file null, http 80, https 443,
// ws 80, wss 443.
BOOST_AUTO_TEST_CASE(special_schemes_and_default_ports) {
    const std::pair<std::string_view, int> table[] = {{"ftp", 21},    {"file", -1}, {"http", 80},
                                                      {"https", 443}, {"ws", 80},   {"wss", 443}};
    for (const auto& [name, port] : table) {
        const iri::detail::scheme_info s = iri::detail::special_scheme(name);
        BOOST_TEST(s.special, name);
        BOOST_TEST(s.default_port == port, name);
    }
    for (std::string_view other : {"", "gopher", "data", "javascript", "blob", "htt", "https2", "HTTP", "wss "}) {
        BOOST_TEST(!iri::detail::special_scheme(other).special, other);
        BOOST_TEST(iri::detail::special_scheme(other).default_port == -1, other);
    }
}

// grammar/url.abnf is not a variant: the generator reads it (with its ;@special-scheme directives) but it has no
// entry production, so CMake's discovery of variants (a ;@entry or ;@extends line) passes it by.
BOOST_AUTO_TEST_CASE(url_abnf_loads_and_is_no_variant) {
    iri::abnf::diagnostics d;
    const auto g = iri::abnf::load(std::string(IRI_SOURCE_DIR) + "/grammar/url.abnf", d);
    BOOST_TEST_REQUIRE(d.ok());
    BOOST_TEST(g.entries.empty());
    BOOST_TEST(g.special_schemes.size() == 6u);
}

// Infra's ASCII classes and §4.4's scheme code points: "An ASCII digit is a code point in the range U+0030 (0) to
// U+0039 (9)"; an ASCII hex digit adds U+0041 (A) to U+0046 (F) and U+0061 (a) to U+0066 (f); an ASCII alpha is
// U+0041 (A) to U+005A (Z) and U+0061 (a) to U+007A (z); the scheme state appends "an ASCII alphanumeric, U+002B
// (+), U+002D (-), or U+002E (.)". None holds a code point above U+007F.
BOOST_AUTO_TEST_CASE(ascii_classes) {
    BOOST_TEST(ascii_members(url_set::ascii_digit) == "0123456789");
    BOOST_TEST(ascii_members(url_set::ascii_hex_digit) == "0123456789ABCDEFabcdef");
    BOOST_TEST(ascii_members(url_set::ascii_alpha) == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    BOOST_TEST(ascii_members(url_set::scheme_code_point) ==
               "+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    // The fast path's domain bytes (grammar/url.abnf): lowercase letters, digits, "-" and ".".
    BOOST_TEST(ascii_members(url_set::fast_path_domain) == "-.0123456789abcdefghijklmnopqrstuvwxyz");
    for (url_set s : {url_set::ascii_digit, url_set::ascii_hex_digit, url_set::ascii_alpha, url_set::scheme_code_point,
                      url_set::fast_path_domain})
        BOOST_TEST(!in_set(s, U'\u00E9'));
}

// The percent-encode sets as the encoder over UTF-8 bytes reads them (text/percent_encode.hpp): an ASCII byte is
// encoded exactly when its code point is in the set, every byte from 0x80 is (each set holds every code point from
// U+0080, so that every byte of such a code point's UTF-8 is), and the SIMD skip copies the ASCII bytes not encoded.
BOOST_AUTO_TEST_CASE(percent_encode_sets_as_bytes) {
    for (url_set s : percent_encode_sets) {
        const iri::detail::percent_encode_set b = iri::detail::percent_encode_set_of(s);
        for (unsigned c = 0; c < 0x80; ++c) {
            BOOST_TEST(b.encoded.has(static_cast<unsigned char>(c)) == in_set(s, c), "byte " << c);
            BOOST_TEST(b.copied.has(static_cast<unsigned char>(c)) == !in_set(s, c), "byte " << c);
        }
        for (unsigned c = 0x80; c < 0x100; ++c) BOOST_TEST(b.encoded.has(static_cast<unsigned char>(c)));
        BOOST_TEST(b.non_ascii_encoded);
    }
}
