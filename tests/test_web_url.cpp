// The URL Standard's basic URL parser and serializer (iri::web::parse) against web-platform-tests' urltestdata.json,
// every case; can_parse against parse; parse_into's reuse of the URL's buffer; the failure as an iri::error.
//
// urltestdata-javascript-only.json is not run: its inputs hold lone surrogates, which a JavaScript string can
// carry and UTF-8 cannot (the bytes that would spell one are ill-formed UTF-8, read as U+FFFD, which is a
// different input).
#define BOOST_TEST_MODULE web_url
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "iri.h"
#include "iri/web.hpp"
#include "support/counting_new.hpp"
#include "support/printing.hpp"
#include "support/wpt.hpp"

namespace {

using iri_test::wpt_string;

/// Options that collect the validation errors into `notes`.
iri::web::parse_options noting(std::vector<iri::web::validation_note>& notes) {
    iri::web::parse_options o;
    o.notes = &notes;
    return o;
}
namespace web = iri::web;

/// The cases of urltestdata.json (the strings in its array are comments).
std::vector<const boost::json::object*> cases(const boost::json::value& data) {
    std::vector<const boost::json::object*> out;
    for (const boost::json::value& v : data.as_array())
        if (v.is_object()) out.push_back(&v.as_object());
    return out;
}

/// Whether `u` answers every getter the case names as it says; the first that differs goes to `why`.
bool matches(const web::url& u, const boost::json::object& c, std::string& why) {
    const std::pair<const char*, std::string> got[] = {
        {"href", std::string(u.href())},         {"origin", u.origin()},
        {"protocol", std::string(u.protocol())}, {"username", std::string(u.username())},
        {"password", std::string(u.password())}, {"host", std::string(u.host())},
        {"hostname", std::string(u.hostname())}, {"port", std::string(u.port())},
        {"pathname", std::string(u.pathname())}, {"search", std::string(u.search())},
        {"hash", std::string(u.hash())},
    };
    for (const auto& [key, value] : got) {
        const boost::json::value* expected = c.if_contains(key);
        if (!expected) continue;  // "origin" is absent from some cases
        if (wpt_string(*expected) != value) {
            why = std::string(key) + " is \"" + value + "\", expected \"" + wpt_string(*expected) + "\"";
            return false;
        }
    }
    return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_urltestdata_case) {
    const boost::json::value data = iri_test::wpt_json("urltestdata.json");
    const auto all = cases(data);
    BOOST_TEST_REQUIRE(all.size() == 891u);  // the count of the file's README
    std::size_t passed = 0;
    for (const boost::json::object* c : all) {
        const std::string input = wpt_string(c->at("input"));
        const bool has_base = !c->at("base").is_null();
        std::string why;
        bool ok = false;
        web::url base;
        const iri::result<web::url> parsed_base = web::parse(has_base ? wpt_string(c->at("base")) : "x:");
        if (has_base && !parsed_base) {
            why = "the base fails: " + parsed_base.error().message();
        } else {
            const iri::result<web::url> u = web::parse(input, has_base ? &*parsed_base : nullptr);
            const bool failure = c->contains("failure") && c->at("failure").as_bool();
            if (failure) {
                ok = !u;
                if (!ok) why = "parses as " + std::string(u->href()) + ", expected failure";
                else ok = u.error().code == iri::errc::url_failure;
            } else if (!u) {
                why = "fails: " + u.error().message();
            } else {
                ok = matches(*u, *c, why);
            }
        }
        if (ok) ++passed;
        else
            BOOST_ERROR("input \"" << input << "\" base " << (has_base ? wpt_string(c->at("base")) : "null") << ": "
                                   << why);
    }
    BOOST_TEST_MESSAGE(passed << " of " << all.size() << " urltestdata cases pass");
    BOOST_TEST(passed == all.size());
}

BOOST_AUTO_TEST_CASE(can_parse_agrees_with_parse) {
    const boost::json::value data = iri_test::wpt_json("urltestdata.json");
    for (const boost::json::object* c : cases(data)) {
        const std::string input = wpt_string(c->at("input"));
        const bool has_base = !c->at("base").is_null();
        const iri::result<web::url> base = web::parse(has_base ? wpt_string(c->at("base")) : "x:");
        const web::url* b = has_base && base ? &*base : nullptr;
        BOOST_TEST(web::can_parse(input, b) == static_cast<bool>(web::parse(input, b)), input);
    }
}

BOOST_AUTO_TEST_CASE(parse_into_reuses_the_buffer) {
    web::url u;
    BOOST_TEST_REQUIRE(
        static_cast<bool>(web::parse_into(u, "https://example.org/a/long/enough/path/for/the/heap?q#f")));
    const web::url base = *web::parse("https://example.org/dir/page.html");
    // Warm the thread's scratch records too, then count.
    BOOST_TEST_REQUIRE(static_cast<bool>(web::parse_into(u, "../x y/z?é#f", &base)));
    const char* const data = u.href().data();
    const std::size_t before = iri_test::allocation_count();
    BOOST_TEST_REQUIRE(static_cast<bool>(web::parse_into(u, "HTTP://Example.COM:80/a/./b/../c")));
    BOOST_TEST(u.href() == "http://example.com/a/c");
    BOOST_TEST_REQUIRE(static_cast<bool>(web::parse_into(u, "../x y/z?é#f", &base)));
    BOOST_TEST(u.href() == "https://example.org/x%20y/z?%C3%A9#f");
    BOOST_TEST(iri_test::allocation_count() == before);
    BOOST_TEST(static_cast<const void*>(u.href().data()) == static_cast<const void*>(data));
    // On failure the url is left as it was.
    BOOST_TEST(!web::parse_into(u, "http://example.com:65536/"));
    BOOST_TEST(u.href() == "https://example.org/x%20y/z?%C3%A9#f");
    BOOST_TEST(u.pathname() == "/x%20y/z");
}

BOOST_AUTO_TEST_CASE(failure_is_an_error_naming_the_validation_error) {
    // §4.4 port state: 65536 is not a 16-bit unsigned integer; found when the port ends (byte 24, the end).
    const iri::result<web::url> port = web::parse("http://example.com:65536");
    BOOST_TEST_REQUIRE(!port);
    BOOST_TEST(port.error().code == iri::errc::url_failure);
    BOOST_TEST(port.error().url_validation == static_cast<std::uint8_t>(web::validation::port_out_of_range));
    BOOST_TEST(port.error().offset == 24u);
    BOOST_TEST(port.error().message().find("port-out-of-range") != std::string::npos, port.error().message());
    BOOST_TEST(std::string(port.error().spec()) == "URL Standard §4.4");
    BOOST_TEST(std::string(iri::name(iri::errc::url_failure)) == "url_failure");
    BOOST_TEST(std::string(iri_error_name(IRI_E_URL_FAILURE)) == "url_failure");
    // §4.4 no scheme state: no base to resolve against (the first code point after the stripped spaces, byte 2).
    const iri::result<web::url> relative = web::parse("  a/b");
    BOOST_TEST_REQUIRE(!relative);
    BOOST_TEST(relative.error().url_validation ==
               static_cast<std::uint8_t>(web::validation::missing_scheme_non_relative_url));
    BOOST_TEST(relative.error().offset == 2u);
    // A letter in the port (byte 21).
    const iri::result<web::url> letter = web::parse("http://example.org:80a/");
    BOOST_TEST_REQUIRE(!letter);
    BOOST_TEST(letter.error().url_validation == static_cast<std::uint8_t>(web::validation::port_invalid));
    BOOST_TEST(letter.error().offset == 21u);
    BOOST_TEST(std::string(web::name(web::validation::port_invalid)) == "port-invalid");
    BOOST_TEST(web::is_failure(web::validation::port_invalid));
    BOOST_TEST(!web::is_failure(web::validation::invalid_credentials));
}

// The host parser's failures and notes at bytes of the input, where the host's code points are not its bytes: each
// ill-formed byte is one U+FFFD (three bytes of UTF-8), a tab is removed (§4.4 step 3).
BOOST_AUTO_TEST_CASE(host_offsets_are_bytes_of_the_input) {
    // §3.5 step 1.1: "[" without "]", IPv6-unclosed at the host's end, the end of the input (byte 10).
    const iri::result<web::url> unclosed = web::parse("http://[\xFF\xFF");
    BOOST_TEST_REQUIRE(!unclosed);
    BOOST_TEST(unclosed.error().url_validation == static_cast<std::uint8_t>(web::validation::ipv6_unclosed));
    BOOST_TEST(unclosed.error().offset == 10u);
    // §3.2: "g" is no ASCII hex digit, IPv6-invalid-code-point at "g" (byte 10, after "1" and a tab).
    const iri::result<web::url> code_point = web::parse("http://[1\tg]/");
    BOOST_TEST_REQUIRE(!code_point);
    BOOST_TEST(code_point.error().url_validation ==
               static_cast<std::uint8_t>(web::validation::ipv6_invalid_code_point));
    BOOST_TEST(code_point.error().offset == 10u);
    // §3.5: a percent-encoded byte in a domain, noted at "%" (byte 10, after U+FFFD, a tab and "a"), before the
    // domain parser fails on U+FFFD.
    std::vector<web::validation_note> notes;
    const iri::result<web::url> percent = web::parse("http://\xFF\ta%61/", nullptr, noting(notes));
    BOOST_TEST(!percent);
    bool noted = false;
    for (const web::validation_note& n : notes)
        noted = noted || (n.what == web::validation::domain_percent_encoded && n.offset == 10u);
    BOOST_TEST(noted);
}

BOOST_AUTO_TEST_CASE(validation_notes_that_do_not_fail) {
    std::vector<web::validation_note> notes;
    const iri::result<web::url> u = web::parse(" http:\\\\u@h\tost/", nullptr, noting(notes));
    BOOST_TEST_REQUIRE(static_cast<bool>(u));
    BOOST_TEST(u->href() == "http://u@host/");
    // §4.4: the leading space (byte 0), the tab (byte 11), "\" for "/" (bytes 6, 7), the credentials' "@" (9).
    const auto has = [&](web::validation v, std::uint32_t at) {
        for (const web::validation_note& n : notes)
            if (n.what == v && n.offset == at) return true;
        return false;
    };
    BOOST_TEST(has(web::validation::invalid_url_unit, 0));
    BOOST_TEST(has(web::validation::invalid_url_unit, 11));
    BOOST_TEST(has(web::validation::special_scheme_missing_following_solidus, 6));
    BOOST_TEST(has(web::validation::special_scheme_missing_following_solidus, 7));
    BOOST_TEST(has(web::validation::invalid_credentials, 9));
    // §4.4 path state: a "%" without two hex digits (byte 9), "^" which is no URL code point (byte 12).
    notes.clear();
    const iri::result<web::url> path = web::parse("http://a/%zz^", nullptr, noting(notes));
    BOOST_TEST_REQUIRE(static_cast<bool>(path));
    BOOST_TEST(path->pathname() == "/%zz%5E");
    BOOST_TEST(notes.size() == 2u);
    BOOST_TEST(has(web::validation::invalid_url_unit, 9));
    BOOST_TEST(has(web::validation::invalid_url_unit, 12));
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_read_as_the_replacement_character) {
    // The Standard parses scalar value strings: an ill-formed byte is U+FFFD there, percent-encoded as its UTF-8.
    const iri::result<web::url> u = web::parse(
        "http://example.org/a\xFF"
        "b?\xC3#\xE2\x82");
    BOOST_TEST_REQUIRE(static_cast<bool>(u));
    BOOST_TEST(u->pathname() == "/a%EF%BF%BDb");
    BOOST_TEST(u->search() == "?%EF%BF%BD");
    BOOST_TEST(u->hash() == "#%EF%BF%BD");
}

BOOST_AUTO_TEST_CASE(fast_path_agrees_with_the_state_machine) {
    // Asking for the validation notes runs the state machine alone; without them an href the parser would leave
    // as it is takes the fast path. Both must give the same URL, component by component.
    std::vector<std::string> inputs = {
        "http://example.com/",
        "https://example.com:8443/a/b?c=d&e#f",
        "http://example.com:80/",
        "https://example.com:443/",
        "http://example.com:0080/",
        "http://example.com:/",
        "http://example.com:65536/",
        "http://1.2.3.4/",
        "http://0x7f.1/",
        "http://example.0/",
        "http://xn--nxasmq6b.com/",
        "http://a.xn--/",
        "http://Example.com/",
        "http://a/./b",
        "http://a/b/..",
        "http://a/%2e/b",
        "http://a/.%2E/b",
        "http://a/..a/.b/",
        "http://a/b\\c",
        "http://a/%zz",
        "http://a/%4",
        "http://a/b#c#d",
        "http://a..b/",
        "http://.a/",
        "http://a./",
        "http://a/b?c#d?e",
        "https://a/b?c'd",
        "http://a/b?c'd",
        "http://a/{b}",
        "http://a/b?{c}#`d`",
        "http://a",
        "http://a?b",
        "http://u@a/",
        "http://a/ b",
        "http://a/\tb",
        " http://a/",
        "http://a/b ",
        "http://a/\xC3\xA9",
        "http://-a-/",
        "http://a/b;c=d/e,f!g$h&i'j(k)l*m+n",
    };
    const boost::json::value data = iri_test::wpt_json("urltestdata.json");
    for (const boost::json::object* c : cases(data))
        if (c->at("base").is_null()) inputs.push_back(wpt_string(c->at("input")));
    for (const std::string& input : inputs) {
        std::vector<web::validation_note> notes;
        const iri::result<web::url> slow = web::parse(input, nullptr, noting(notes));
        const iri::result<web::url> fast = web::parse(input);
        BOOST_TEST_REQUIRE(static_cast<bool>(slow) == static_cast<bool>(fast), input);
        if (!slow) continue;
        BOOST_TEST(fast->href() == slow->href(), input);
        BOOST_TEST(fast->protocol() == slow->protocol(), input);
        BOOST_TEST(fast->username() == slow->username(), input);
        BOOST_TEST(fast->host() == slow->host(), input);
        BOOST_TEST(fast->hostname() == slow->hostname(), input);
        BOOST_TEST(fast->port() == slow->port(), input);
        BOOST_TEST((fast->port_number() == slow->port_number()), input);
        BOOST_TEST(fast->pathname() == slow->pathname(), input);
        BOOST_TEST(fast->search() == slow->search(), input);
        BOOST_TEST(fast->hash() == slow->hash(), input);
        BOOST_TEST((fast->query() == slow->query()), input);
        BOOST_TEST((fast->fragment() == slow->fragment()), input);
        BOOST_TEST((fast->host_type() == slow->host_type()), input);
        BOOST_TEST(fast->has_opaque_path() == slow->has_opaque_path(), input);
    }
}

// §4.4 query state with the parser's optional encoding (the document's, parse_options::encoding), on every case of
// web-platform-tests' percent-encoding.json, as its test reads them: "https://doesnotmatter.invalid/?" input "#"
// input parsed in a document of each encoding; the query is the case's output for that encoding (§1.3 percent-encode
// after encoding: a code point the encoding cannot represent as "%26%23" its decimal value "%3B"), the fragment its
// UTF-8 output (the fragment state ignores the encoding).
BOOST_AUTO_TEST_CASE(query_in_the_documents_encoding) {
    const boost::json::value data = iri_test::wpt_json("percent-encoding.json");
    std::size_t checked = 0;
    for (const boost::json::value& v : data.as_array()) {
        if (!v.is_object()) continue;  // the strings are comments
        const boost::json::object& c = v.as_object();
        const std::string input = wpt_string(c.at("input"));
        const boost::json::object& outputs = c.at("output").as_object();
        const std::string utf8 = wpt_string(outputs.at("utf-8"));
        for (const auto& [encoding, output] : outputs) {
            web::parse_options o;
            o.encoding = encoding;
            std::string href = "https://doesnotmatter.invalid/?";
            href.append(input).append("#").append(input);
            const iri::result<web::url> u = web::parse(href, nullptr, o);
            BOOST_TEST_REQUIRE(u.has_value());
            std::string search = "?", hash = "#";
            search.append(wpt_string(output));
            hash.append(utf8);
            BOOST_TEST(u->search() == search, encoding << ": " << input);
            BOOST_TEST(u->hash() == hash, encoding << ": " << input);
            ++checked;
        }
    }
    BOOST_TEST(checked > 0u);
    // A special URL that is ws or wss, or a URL that is not special, keeps UTF-8 (§4.4 query state step 1).
    web::parse_options o;
    o.encoding = "windows-1252";
    BOOST_TEST(web::parse("http://h/?\xC3\xBC", nullptr, o)->search() == "?%FC");
    BOOST_TEST(web::parse("wss://h/?\xC3\xBC", nullptr, o)->search() == "?%C3%BC");
    BOOST_TEST(web::parse("sc://h/?\xC3\xBC", nullptr, o)->search() == "?%C3%BC");
    o.encoding = " Latin1 ";  // a label, stripped and lowercased (Encoding Standard §4.2)
    BOOST_TEST(web::parse("http://h/?\xC3\xBC", nullptr, o)->search() == "?%FC");
    o.encoding = "utf-16le";  // getting an output encoding: UTF-8
    BOOST_TEST(web::parse("http://h/?\xC3\xBC", nullptr, o)->search() == "?%C3%BC");
    o.encoding = "no-such-label";  // not an encoding: UTF-8
    BOOST_TEST(web::parse("http://h/?\xC3\xBC", nullptr, o)->search() == "?%C3%BC");
}

// The Encoding Standard's encoders where the converter of its table (data/encoding/icu_converters.tsv) writes more
// than the Standard's index holds, or the encoder has steps of its own; each expected value from the encoder's steps.
BOOST_AUTO_TEST_CASE(query_in_the_encoders_of_the_standard) {
    const auto query = [](std::string_view label, std::string_view input) {
        web::parse_options o;
        o.encoding = label;
        std::string href = "http://h/?";
        href.append(input);
        const iri::result<web::url> u = web::parse(href, nullptr, o);
        return u ? std::string(u->search()) : std::string("failure");
    };
    // GBK (§10.2.2 gb18030 encoder with is GBK): U+20AC is byte 0x80 (step 4); U+00A5, which only a four-byte
    // sequence of gb18030 writes, is an error (step 6); gb18030 writes it as 81 30 84 36 (from index gb18030 ranges).
    BOOST_TEST(query("gbk", "\xE2\x82\xAC") == "?%80");
    BOOST_TEST(query("gbk", "\xC2\xA5") == "?%26%23165%3B");
    BOOST_TEST(query("gb18030", "\xC2\xA5") == "?%810%846");
    // Big5 (§11.1.2): "index Big5 pointer" excludes the pointers below (0xA1 - 0x81) x 157, the lead bytes 0x81 to
    // 0xA0 of HKSCS: U+00E9 (0x88 0x6D there) is an error.
    BOOST_TEST(query("big5", "\xC3\xA9") == "?%26%23233%3B");
    // ISO-2022-JP (§12.2.2): U+0391 is JIS X 0208 row 6 cell 1, 0x26 0x21 after ESC $ B, then ESC ( B at the end of
    // the queue; its "&" is a byte of the encoding, not a reference.
    BOOST_TEST(query("iso-2022-jp", "\xCE\x91") == "?%1B$B&!%1B(B");
    // x-user-defined (§14.5.2): U+F780 to U+F7FF are the bytes 0x80 to 0xFF, any other code point above ASCII an
    // error.
    BOOST_TEST(query("x-user-defined", "\xEF\x9E\x80") == "?%80");
    BOOST_TEST(query("x-user-defined", "\xC3\xA9") == "?%26%23233%3B");
}
