#define BOOST_TEST_MODULE normalize
#include <boost/test/unit_test.hpp>

#include "iri/normalize.hpp"

#include <array>
#include <string>
#include <vector>

#include "iri/charset.hpp"
#include "iri/percent.hpp"
#include "iri/resolve.hpp"
#include "iri/resolver.hpp"
#include "iri/schemes.hpp"
#include "support/datasets.hpp"
#include "support/printing.hpp"

namespace {

using iri::grammar;
using iri::rung;

std::string norm(std::string_view s, iri::normalize_options o = {}, grammar g = grammar::iri) {
    auto r = iri::normalize(s, g, o);
    if (!r) BOOST_FAIL(std::string(s) << ": " << r.error().message());
    return *r;
}

bool equiv(std::string_view a, std::string_view b, iri::normalize_options o = {}, grammar g = grammar::iri) {
    auto r = iri::equivalent(a, b, g, o);
    BOOST_TEST_REQUIRE(r.has_value());
    return *r;
}

// For each ASCII character that is not unreserved in `g`: how often it occurs literally, and how often as
// "%HH" (either case), in `s`.
std::array<std::size_t, 256> reserved_in(std::string_view s, grammar g) {
    std::array<std::size_t, 256> n{};
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '%' && i + 2 < s.size() && iri::hex_value(s[i + 1]) >= 0 && iri::hex_value(s[i + 2]) >= 0) {
            const auto octet = static_cast<unsigned>(iri::hex_value(s[i + 1]) * 16 + iri::hex_value(s[i + 2]));
            if (octet < 0x80 && !iri::allowed_literally(octet, g, iri::production::unreserved)) ++n[128 + octet];
            i += 2;
        } else if (c < 0x80 && !iri::allowed_literally(c, g, iri::production::unreserved)) {
            ++n[c];
        }
    }
    return n;
}

constexpr iri::normalize_options simple{.rung = rung::simple};
constexpr iri::normalize_options syntax{.rung = rung::syntax};
constexpr iri::normalize_options scheme{.rung = rung::scheme};

}  // namespace

BOOST_AUTO_TEST_CASE(simple_string_comparison) {
    // RFC 3987 §5.3.1: code point by code point; an IRI is never mapped to a URI first.
    BOOST_TEST(norm("HTTP://A/%7e", simple) == "HTTP://A/%7e");
    BOOST_TEST(!equiv("http://a/rosé", "http://a/ros%C3%A9", simple));
    BOOST_TEST(equiv("http://a/b#x", "http://a/b#y", {.rung = rung::simple, .keep_fragment = false}));
    BOOST_TEST(norm("http://a/b#x", {.rung = rung::simple, .keep_fragment = false}) == "http://a/b");
}

BOOST_AUTO_TEST_CASE(rfc3987_syntax_based_example) {
    // RFC 3987 §5.3.2: example://a/b/c/%7Bfoo%7D/rosé ≡ eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9
    BOOST_TEST(equiv("example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"));
    BOOST_TEST(norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9") == "example://a/b/c/%7Bfoo%7D/rosé");
    BOOST_TEST(!equiv("example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", simple));
}

BOOST_AUTO_TEST_CASE(choices_where_the_specs_leave_room) {
    BOOST_TEST(norm("http://a:080/", syntax) == "http://a:080/");        // syntax: the port is text
    BOOST_TEST(norm("http://a:080/", scheme) == "http://a/");            // scheme: 080 is 80, the default
    BOOST_TEST(norm("http://@a/", scheme) == "http://@a/");              // an empty userinfo keeps its "@" (§5.3.3)
    BOOST_TEST(norm("foo://a", scheme) == "foo://a");                    // no rule for an empty path: kept empty
    BOOST_TEST(norm("http://[v7.ABC]/", syntax) == "http://[v7.abc]/");  // the host is case-insensitive
}

BOOST_AUTO_TEST_CASE(case_normalization) {
    // RFC 3987 §5.3.2.1: <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>.
    BOOST_TEST(norm("HTTP://www.EXAMPLE.com/") == "http://www.example.com/");
    BOOST_TEST(equiv("HTTP://www.EXAMPLE.com/", "http://www.example.com/"));
    // "%3a" versus "%3A"; the path and the other components keep their case.
    BOOST_TEST(norm("http://a/%3a/B?%3b#%3c") == "http://a/%3A/B?%3B#%3C");
    BOOST_TEST(norm("http://User@a/") == "http://User@a/");
    BOOST_TEST(norm("http://[2001:DB8::A]/") == "http://[2001:db8::a]/");
    // A US-ASCII host is lowercased, but for the hex digits of its triplets, which are uppercase (RFC 3986 §6.2.2.1).
    BOOST_TEST(norm("http://A%5e,B.Example/") == "http://a%5E,b.example/");
    BOOST_TEST(norm("//Host%5E/") == "//host%5E/");
    // §5.3.2.1 lowercases a "US-ASCII only" host: a host with a non-ASCII character keeps its case at the
    // syntax rung, its ASCII letters included (case equivalence of IDNs is §5.3.3's).
    BOOST_TEST(norm("http://RÉSUMÉ.example/") == "http://RÉSUMÉ.example/");
    BOOST_TEST(!equiv("http://RÉSUMÉ.example/", "http://résumé.example/"));
    // ... and so does one whose non-ASCII character is percent-encoded (RFC 3986 §3.2.2 writes "é" so).
    BOOST_TEST(norm("http://EX%c3%a9.ORG/") == "http://EXé.ORG/");
    BOOST_TEST(norm("http://EX%c3%a9.ORG/", syntax, grammar::uri) == "http://EX%C3%A9.ORG/");
    BOOST_TEST(equiv("http://EX%C3%A9.ORG/", "http://EXé.ORG/"));
    // A host of ASCII characters, some of them percent-encoded, is US-ASCII only: "%41" is "A", lowered.
    BOOST_TEST(norm("http://%41B.Example/") == "http://ab.example/");
    BOOST_TEST(norm("http://A%2CB/") == "http://a%2Cb/");
}

BOOST_AUTO_TEST_CASE(percent_encoding_normalization) {
    // RFC 3987 §5.3.2.3: http://example.org/~user, http://example.org/%7euser and http://example.org/%7Euser.
    BOOST_TEST(norm("http://example.org/%7euser") == "http://example.org/~user");
    BOOST_TEST(equiv("http://example.org/~user", "http://example.org/%7Euser"));
    BOOST_TEST(equiv("http://example.org/%7euser", "http://example.org/%7Euser"));
    // Reserved characters are never decoded.
    BOOST_TEST(norm("http://a/%2F%3F%23%40%21?%26%3D") == "http://a/%2F%3F%23%40%21?%26%3D");
    BOOST_TEST(!equiv("http://a/a%2Fb", "http://a/a/b"));
    // IRIs: the UTF-8 of an iunreserved character is decoded (ros%C3%A9 ≡ rosé) in every component.
    BOOST_TEST(norm("http://ex%C3%A9.org/ros%c3%a9?%C3%A9#%C3%A9") == "http://exé.org/rosé?é#é");
    BOOST_TEST(equiv("http://a/ros%C3%A9", "http://a/rosé"));
    // ... but not in URIs, where "é" is not allowed.
    BOOST_TEST(norm("http://a/ros%c3%a9", syntax, grammar::uri) == "http://a/ros%C3%A9");
    // Not iunreserved: iprivate (U+E000), a bidi formatting character in an IRI, invalid UTF-8, a lone trail.
    BOOST_TEST(norm("http://a/?%EE%80%80") == "http://a/?%EE%80%80");
    BOOST_TEST(norm("http://a/%E2%80%8F") == "http://a/%E2%80%8F");
    BOOST_TEST(norm("http://a/%E9t%C3") == "http://a/%E9t%C3");
    BOOST_TEST(norm("http://a/%A9%41") == "http://a/%A9A");
    // LEIRIs allow U+200F, so it is decoded there.
    BOOST_TEST(norm("http://a/%E2%80%8F", syntax, grammar::leiri) == "http://a/\u200F");
    // Two-octet characters at the edges of ucschar (3987bis §2.2: from U+00A0): U+0080 and U+009F (C1 controls)
    // stay encoded, U+00A0, U+00BF, U+00C0, U+0430 and U+07FF are decoded; a lead without its trail stays.
    BOOST_TEST(norm("http://a/%C2%80%C2%9F%C2%A0%c2%bf%C3%80%D0%B0%DF%BF") ==
               "http://a/%C2%80%C2%9F\u00A0\u00BF\u00C0\u0430\u07FF");
    BOOST_TEST(norm("http://a/%D0%41%D0") == "http://a/%D0A%D0");
}

BOOST_AUTO_TEST_CASE(path_segment_normalization) {
    // RFC 3987 §5.3.2.4 / RFC 3986 §5.2.4.
    BOOST_TEST(norm("http://a/b/c/./../../g") == "http://a/g");
    // "%2E" is ".", unreserved (§5.3.2.3), but decoding it never makes a dot segment: §5.2.4 removes "." and ".."
    // as written, and the result must not depend on normalizing before or after resolution (normalize.hpp).
    BOOST_TEST(norm("http://a/b/%2E%2E/c") == "http://a/b/%2E%2E/c");
    BOOST_TEST(norm("http://a/b/%2e/.%2e/%2E./c") == "http://a/b/%2E/.%2E/%2E./c");
    BOOST_TEST(norm("http://a/b/%2E%2E%2E/x%2E/%2Ey/c") == "http://a/b/.../x./.y/c");  // not dot segments
    BOOST_TEST(norm("%2e%2e/b") == "%2E%2E/b");
    BOOST_TEST(norm("http://a/b/c/./../../g/%2E/..") == "http://a/g/");  // the literal ones still go
    BOOST_TEST(norm("../a/./b") == "../a/./b");                          // a relative reference keeps them
    BOOST_TEST(norm("s:/a/..//b") == "s:/.//b");  // without authority the path cannot begin with "//"
    // Written component by component (a triplet to decode, an uppercase host, NFC to apply): the literal dot
    // segments go as above, and a "/." that starts no dot segment, or a decoded "%2E", stays.
    BOOST_TEST(norm("HTTP://A/b/./c") == "http://a/b/c");
    BOOST_TEST(norm("http://a/%7E/../b/%7e") == "http://a/b/~");
    BOOST_TEST(norm("http://a/%7E/.b/c./%2E") == "http://a/~/.b/c./%2E");
    BOOST_TEST(norm("a:./%7E") == "a:~");  // §5.2.4 A: the leading "./" of a rootless path
    BOOST_TEST(norm("http://a/e\u0301/../b", {.nfc = true}) == "http://a/b");
}

BOOST_AUTO_TEST_CASE(scheme_based_normalization) {
    // RFC 3987 §5.3.3: these four are equivalent and the second is the normal form.
    for (const char* s :
         {"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"})
        BOOST_TEST(norm(s, scheme) == "http://example.com/");
    BOOST_TEST(equiv("http://example.com", "http://example.com:80/", scheme));
    BOOST_TEST(!equiv("http://example.com", "http://example.com:80/", syntax));
    // "http://example.com/?" cannot be assumed equivalent to them; nor a "#" suffix.
    BOOST_TEST(!equiv("http://example.com/?", "http://example.com/", scheme));
    BOOST_TEST(!equiv("http://example.com/#", "http://example.com/", scheme));
    BOOST_TEST(norm("https://a:443", scheme) == "https://a/");
    BOOST_TEST(norm("https://a:80/", scheme) == "https://a:80/");
    BOOST_TEST(norm("http://a:0080/", scheme) == "http://a/");
    BOOST_TEST(norm("http://a:08080/", scheme) == "http://a:8080/");
    BOOST_TEST(norm("ftp://a:21/", scheme) == "ftp://a/");
    BOOST_TEST(norm("ws://a:80", scheme) == "ws://a/");
    BOOST_TEST(norm("wss://a:443/x", scheme) == "wss://a/x");
    BOOST_TEST(norm("http://a:99999/", scheme) == "http://a:99999/");  // out of range: left as written
    BOOST_TEST(norm("urn:a:b", scheme) == "urn:a:b");
    BOOST_TEST(norm("foo://a:80", scheme) == "foo://a:80");  // no default known: nothing removed
    // IPv6 in the RFC 5952 text form (§4.2.1: 2001:db8:0:0:0:0:2:1 → 2001:db8::2:1; §4.2.2: one zero field
    // is not shortened; §4.2.3: the longest run, the first on a tie).
    BOOST_TEST(norm("http://[2001:DB8:0:0:0:0:2:1]/", scheme) == "http://[2001:db8::2:1]/");
    BOOST_TEST(norm("http://[2001:db8:0:1:1:1:1:1]/", scheme) == "http://[2001:db8:0:1:1:1:1:1]/");
    BOOST_TEST(norm("http://[2001:0:0:1:0:0:0:1]/", scheme) == "http://[2001:0:0:1::1]/");
    // §5: an IPv4-mapped address ends in dotted decimal (its example: ::ffff:192.0.2.128).
    BOOST_TEST(norm("http://[::FFFF:C000:0280]/", scheme) == "http://[::ffff:192.0.2.128]/");
    BOOST_TEST(norm("http://[::ffff:1:8]/", scheme) == "http://[::ffff:0.1.0.8]/");
    BOOST_TEST(norm("http://[2001:db8:0:0:1:0:0:1]/", scheme) == "http://[2001:db8::1:0:0:1]/");
}

BOOST_AUTO_TEST_CASE(idn_equivalence) {
    // RFC 3987 §5.3.3: http://résumé.example.org may be considered equivalent to http://xn--rsum-bpad.example.org
    BOOST_TEST(equiv("http://résumé.example.org", "http://xn--rsum-bpad.example.org", scheme));
    BOOST_TEST(norm("http://xn--rsum-bpad.example.org/", scheme) == "http://résumé.example.org/");
    BOOST_TEST(norm("http://RÉSUMÉ.Example.org/", scheme) == "http://résumé.example.org/");  // UTS #46 maps case
    BOOST_TEST(norm("http://r%C3%A9sum%C3%A9.example.org/", scheme) == "http://résumé.example.org/");
    // In URIs the IDN is written with A-labels.
    BOOST_TEST(norm("http://r%C3%A9sum%C3%A9.example.org/", scheme, grammar::uri) ==
               "http://xn--rsum-bpad.example.org/");
    BOOST_TEST(!equiv("http://résumé.example.org", "http://xn--rsum-bpad.example.org", syntax));
    // A host UTS #46 rejects (a hyphen in positions 3 and 4) is left as syntax normalization writes it.
    BOOST_TEST(norm("http://AB--C.example/", scheme) == "http://ab--c.example/");
    // 3987bis §3.4.2: IDNA applies where the reg-name "is intended to be used as a domain name": for the schemes
    // whose table row says so (dns_host), never for a scheme the table does not know.
    BOOST_TEST(norm("SCHEME://Alpha%ce%b1/", scheme) == "scheme://Alphaα/");
    BOOST_TEST(norm("foo://xn--rsum-bpad.example.org/", scheme) == "foo://xn--rsum-bpad.example.org/");
    BOOST_TEST(!equiv("foo://résumé.example.org", "foo://xn--rsum-bpad.example.org", scheme));
    BOOST_TEST(norm("HTTP://Alpha%ce%b1/", scheme) == "http://alphaα/");
    BOOST_TEST(norm("ftp://xn--rsum-bpad.example.org/", scheme) == "ftp://résumé.example.org/");
}

BOOST_AUTO_TEST_CASE(scheme_table_dns_column) {
    // Every scheme of the table with an authority defines its host as a DNS name or an IP address, and says where;
    // mailto and urn have no authority (RFC 6068 §2, RFC 8141 §2).
    for (const iri::scheme_info& s : iri::known_schemes()) {
        const bool authority = s.name != "mailto" && s.name != "urn";
        BOOST_TEST(s.dns_host == authority, s.name);
        BOOST_TEST(s.host_spec.empty() != authority, s.name);
    }
    BOOST_TEST(iri::find_scheme("http")->host_spec == "RFC 9110 §4.3.2");
    BOOST_TEST(iri::find_scheme("ftp")->host_spec == "RFC 1738 §3.1");
    BOOST_TEST(iri::find_scheme("sip")->host_spec == "RFC 3261 §19.1.1");
    BOOST_TEST((iri::find_scheme("urn")->equivalence == iri::scheme_equivalence::urn));  // a row for its rule
    BOOST_TEST(iri::find_scheme("urn")->equivalence_spec == "RFC 8141 §3.1");
    BOOST_TEST(!iri::find_scheme("mailto")->default_port.has_value());
    BOOST_TEST(iri::find_scheme(std::string_view("http\0", 5)) == nullptr);
    BOOST_TEST(*iri::find_scheme("COAPS+WS")->default_port == 443);
    // canonical_key and equivalent follow normalize: the same host is one key under http, two under foo.
    auto key = [](std::string_view s) {
        return iri::canonical_key(iri::reference_view::parse(s).value(), scheme).value();
    };
    BOOST_TEST(key("http://XN--RSUM-BPAD.example.org/") == key("http://résumé.example.org/"));
    BOOST_TEST(key("foo://xn--rsum-bpad.example.org/") != key("foo://résumé.example.org/"));
    BOOST_TEST(equiv("wss://xn--rsum-bpad.example.org/", "wss://résumé.example.org/", scheme));
}

BOOST_AUTO_TEST_CASE(urn_equivalence_rfc8141) {
    // RFC 8141 §3.2's examples. The scheme and the NID are case-insensitive:
    auto key = [](std::string_view s) {
        return iri::canonical_key(iri::reference_view::parse(s).value(), scheme).value();
    };
    const std::string first = "urn:example:a123,z456";
    BOOST_TEST(equiv(first, "URN:example:a123,z456", scheme));
    BOOST_TEST(equiv(first, "urn:EXAMPLE:a123,z456", scheme));
    BOOST_TEST(norm("URN:EXAMPLE:a123,z456", scheme) == first);
    // The r-, q- and f-components are not taken into account for URN-equivalence (kept by normalize):
    for (std::string_view with :
         {"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789"}) {
        BOOST_TEST(equiv(first, with, scheme), with);
        BOOST_TEST(key(with) == first, with);
        BOOST_TEST(norm(with, scheme) == with, with);
    }
    BOOST_TEST(key("urn:Example:a123,z456?+abc?=xyz#789") == first);
    // "/" and what follows it in the NSS count:
    BOOST_TEST(!equiv("urn:example:a123,z456/foo", "urn:example:a123,z456/bar", scheme));
    BOOST_TEST(!equiv(first, "urn:example:a123,z456/foo", scheme));
    // Percent-encoding: "%2C" (a reserved ",") is not decoded; the hex digits' case does not count.
    BOOST_TEST(equiv("urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456", scheme));
    BOOST_TEST(!equiv(first, "urn:example:a123%2Cz456", scheme));
    // The NSS is case-sensitive:
    BOOST_TEST(!equiv(first, "urn:example:A123,z456", scheme));
    BOOST_TEST(!equiv(first, "urn:example:a123,Z456", scheme));
    // Only at the scheme rung, and only for a URN its grammar takes (a one-letter NID is not one, RFC 8141 §2).
    BOOST_TEST(!equiv(first, "urn:EXAMPLE:a123,z456", {.rung = rung::syntax}));
    BOOST_TEST(norm("urn:A:b", scheme) == "urn:A:b");
}

BOOST_AUTO_TEST_CASE(mailto_and_file_equivalence) {
    // RFC 5321 §2.4 (RFC 6068 §6): the domain of an address is case-insensitive, its local part case-sensitive.
    BOOST_TEST(norm("mailto:Joe@Example.ORG", scheme) == "mailto:Joe@example.org");
    BOOST_TEST(norm("MAILTO:A@X.Example,B@Y.EXAMPLE?subject=Hi", scheme) ==
               "mailto:A@x.example,B@y.example?subject=Hi");
    BOOST_TEST(equiv("mailto:joe@EXAMPLE.org", "mailto:joe@example.org", scheme));
    BOOST_TEST(!equiv("mailto:Joe@example.org", "mailto:joe@example.org", scheme));
    BOOST_TEST(norm("mailto:Joe@Example.ORG", {.rung = rung::syntax}) == "mailto:Joe@Example.ORG");
    // RFC 6068 §6.2's quoted local part (its DQUOTEs and "@" percent-encoded) kept; a domain literal lowercased
    // but for the hex digits of its triplets.
    BOOST_TEST(norm("mailto:%22not%40me%22@Example.ORG", scheme) == "mailto:%22not%40me%22@example.org");
    BOOST_TEST(norm("mailto:a@%5BIPv6:ABCD::1%5D", scheme) == "mailto:a@%5Bipv6:abcd::1%5D");
    // The fragment is not the scheme's (RFC 3986 §3.5): the rule still applies.
    BOOST_TEST(norm("mailto:a@B.example#Top", scheme) == "mailto:a@b.example#Top");
    // RFC 8089 §2: "localhost" and the empty host mean the same machine.
    BOOST_TEST(norm("file://localhost/etc/fstab", scheme) == "file:///etc/fstab");
    BOOST_TEST(norm("FILE://LocalHost/etc/fstab", scheme) == "file:///etc/fstab");
    // Another host, or none, is kept (such a reference is copied whole, without a match of the file grammar):
    BOOST_TEST(norm("file:///etc/fstab", scheme) == "file:///etc/fstab");
    BOOST_TEST(norm("file://host.example/etc/fstab", scheme) == "file://host.example/etc/fstab");
    BOOST_TEST(norm("file://localhost.example/a", scheme) == "file://localhost.example/a");
    BOOST_TEST(norm("file://localhost:8/a", scheme) == "file://localhost:8/a");  // file-auth has no port
    BOOST_TEST(equiv("file:///etc/fstab", "file://localhost/etc/fstab", scheme));
    BOOST_TEST(!equiv("file:///etc/fstab", "file://localhost/etc/fstab", {.rung = rung::syntax}));
    BOOST_TEST(norm("file://host.example.com/x", scheme) == "file://host.example.com/x");
    BOOST_TEST(norm("file://localhost.example/x", scheme) == "file://localhost.example/x");
}

BOOST_AUTO_TEST_CASE(character_normalization_is_opt_in) {
    // RFC 3987 §5.3.2.2: "é" as e + U+0301 and as U+00E9.
    BOOST_TEST(!equiv("http://a/e\u0301", "http://a/\u00E9"));
    BOOST_TEST(equiv("http://a/e\u0301", "http://a/\u00E9", {.rung = rung::syntax, .nfc = true}));
    BOOST_TEST(norm("http://a/e\u0301?e\u0301#e\u0301", {.rung = rung::syntax, .nfc = true}) ==
               "http://a/\u00E9?\u00E9#\u00E9");
    // RFC 3987 §5.3.2.2: "résumé" vs "re&#x301;sume&#x301;", equal only with NFC on.
    BOOST_TEST(!equiv("http://example.org/résumé", "http://example.org/re\u0301sume\u0301", scheme));
    BOOST_TEST(equiv("http://example.org/résumé", "http://example.org/re\u0301sume\u0301",
                     {.rung = rung::simple, .nfc = true}));
    // Vietnamese (RFC 3987 §5.3.2.2's example of a text NFC changes): "ệ" = e + U+0323 + U+0302.
    BOOST_TEST(norm("http://a/Vi\u0065\u0323\u0302t", {.rung = rung::simple, .nfc = true}) == "http://a/Vi\u1EC7t");
}

// One set of defaults for C++, C, the tool and Python (normalize.hpp): the syntax rung, no NFC, the fragment kept, an
// IRI. The syntax rung lowercases the scheme and a US-ASCII-only host (RFC 3987 §5.3.2.1) and keeps the port as
// text; a key is the normal form at the same rung.
BOOST_AUTO_TEST_CASE(the_defaults) {
    const iri::normalize_options d;
    BOOST_TEST((d.rung == rung::syntax && !d.nfc && d.keep_fragment && !d.as_uri));
    const auto r = iri::reference_view::parse("HTTP://EXAMPLE.com:80/#x").value();
    BOOST_TEST(iri::canonical_key(r).value() == "http://example.com:80/#x");
    BOOST_TEST(iri::normalize(r).value() == "http://example.com:80/#x");
    BOOST_TEST(iri::canonical_key(r, {.rung = rung::scheme}).value() == "http://example.com/#x");  // §5.3.3
    auto page = iri::resolver::make("http://example.com/a").value();
    BOOST_TEST(page.key("HTTP://EXAMPLE.com:80/#x").value() == "http://example.com:80/#x");
}

// Keys are IRIs; as_uri gives the URI: RFC 3987 §3.1 writes "é" as its UTF-8 octets "%C3%A9", and the host is UTS
// #46 ToASCII's (3987bis §3.4.2): mapped to lowercase, then the A-label "xn--rsum-bpad".
BOOST_AUTO_TEST_CASE(as_uri_gives_the_fetchable_uri) {
    const std::string uri = "http://xn--rsum-bpad.example.org/ros%C3%A9";
    // At the syntax rung a host that is not US-ASCII only keeps its case (§5.3.2.1); "%C3%A9" is decoded (§5.3.2.3).
    const auto key = iri::canonical_key(iri::reference_view::parse("http://Résumé.example.org/ros%C3%A9").value());
    BOOST_TEST(key.value() == "http://Résumé.example.org/rosé");
    BOOST_TEST(iri::normalize("http://Résumé.example.org/rosé", grammar::iri, {.as_uri = true}).value() == uri);
    const auto r = iri::reference_view::parse("HTTP://résumé.example.org:80/ros%c3%a9").value();
    BOOST_TEST(iri::canonical_key(r, {.rung = rung::scheme, .as_uri = true}).value() == uri);
    // Already normal (copied whole): converted too.
    BOOST_TEST(iri::normalize("http://résumé.example.org/rosé", grammar::iri, {.as_uri = true}).value() == uri);
    // The resolver writes the same.
    auto page = iri::resolver::make("http://Résumé.example.org/a/b", grammar::iri, {.as_uri = true}).value();
    BOOST_TEST(page.normalized("../rosé").value() == "http://xn--rsum-bpad.example.org/ros%C3%A9");
    BOOST_TEST(page.key("/ros%C3%A9").value() == uri);
    // ASCII only: as without it.
    BOOST_TEST(iri::normalize("HTTP://A/%7e?q#f", grammar::iri, {.as_uri = true}).value() == "http://a/~?q#f");
    // A label UTS #46 rejects (CheckHyphens: no "-" at its start, UTS #46 §4.1) has no URI form.
    const auto bad = iri::normalize("http://-é.example/", grammar::iri, {.as_uri = true});
    BOOST_TEST((!bad && bad.error().code == iri::errc::idna_failed));
    // equivalent compares the keys as IRIs, with or without as_uri.
    BOOST_TEST(iri::equivalent("http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", grammar::iri,
                               {.rung = rung::scheme, .as_uri = true})
                   .value());
}

BOOST_AUTO_TEST_CASE(canonical_keys) {
    auto key = [](std::string_view s, iri::normalize_options o) {
        return iri::canonical_key(iri::reference_view::parse(s).value(), o).value();
    };
    BOOST_TEST(key("HTTP://Example.COM:80", scheme) == key("http://example.com/", scheme));
    BOOST_TEST(key("HTTP://Example.COM:80", syntax) != key("http://example.com/", syntax));
}

// Over the datasets: idempotent, valid in the same grammar, equivalent agrees with
// canonical_key, and the query is only percent-normalized: every "%HH" there that does not encode an
// unreserved character is still there.
BOOST_AUTO_TEST_CASE(properties_over_the_datasets) {
    const auto pairs = iri_test::cc10k_pairs();
    for (auto [file, g] :
         std::initializer_list<std::pair<const char*, grammar>>{{"derived/zhwiki_iri_100k.txt", grammar::iri},
                                                                {"derived/zhwiki_uri_100k.txt", grammar::uri},
                                                                {"derived/zhwiki_uri_100k.txt", grammar::iri},
                                                                {"url-various-datasets/kasztp.txt", grammar::uri},
                                                                {"url-various-datasets/userbait.txt", grammar::iri},
                                                                {"url-various-datasets/node_files.txt", grammar::uri},
                                                                {"url-various-datasets/isaacs_files.txt", grammar::iri},
                                                                {"derived/psl_idn_suffix_iris.txt", grammar::iri}}) {
        std::size_t checked = 0;
        auto lines = iri_test::dataset_lines(file);
        if (std::string(file).find("zhwiki_uri") != std::string::npos)
            for (const auto& [page, href] : pairs) {  // and the Common Crawl pages and hrefs
                lines.push_back(page);
                lines.push_back(href);
            }
        for (const std::string& line : lines) {
            auto r = iri::reference_view::parse(line, g);
            if (!r) continue;
            for (rung level : {rung::syntax, rung::scheme}) {
                const iri::normalize_options o{.rung = level};
                auto n = iri::normalize(*r, o);
                BOOST_TEST_REQUIRE(n.has_value(), line);
                auto again = iri::normalize(*n, g, o);
                BOOST_TEST_REQUIRE(again.has_value(), *n);  // valid in the same grammar
                if (*again != *n) BOOST_TEST(*again == *n, "not idempotent: " << line);
                BOOST_TEST(iri::equivalent(*r, iri::reference_view::parse(*n, g).value(), o));
                if (*iri::canonical_key(*r, o) != *n) BOOST_TEST(*iri::canonical_key(*r, o) == *n);
                // The query keeps every reserved character, literal or "%HH", as it was.
                const auto nr = iri::reference_view::parse(*n, g).value();
                if (reserved_in(r->query(), g) != reserved_in(nr.query(), g))
                    BOOST_TEST(false, line << ": the query's reserved characters changed in " << *n);
                ++checked;
            }
        }
        BOOST_TEST_MESSAGE(file << " (" << iri::name(g) << "): " << checked << " normalizations checked");
        BOOST_TEST(checked > 0u);
    }
}

namespace {

// Bases and references made of the pieces where normalizing and resolving could disagree: dot segments literal,
// percent-encoded and mixed, rootless and authority-less bases, segments with ":".
std::vector<std::pair<std::string, std::string>> generated_pairs() {
    const char* bases[] = {"http://a/b/c/d;p?q",
                           "HTTP://A/%2E%2E/b/",
                           "a:b",
                           "a:x/y",
                           "a:/b/c",
                           "s://h",
                           "foo://H%41/x/%2e/y",
                           "http://[2001:DB8::1]:80/a/..%2E/b"};
    const char* segments[] = {".", "..", "%2E", "%2e%2E", ".%2E", "%2E.", "%2E%2E%2E", "x%2E", "a", "", "b:c"};
    std::vector<std::string> refs = {"", "?y", "#s", "//H/%2E/x", "/%2E%2E", "HTTP://X/%2e/../y"};
    for (const char* a : segments)
        for (const char* b : segments) {
            refs.push_back(std::string(a) + "/" + b);
            refs.push_back(std::string("/") + a + "/" + b + "?q");
            for (const char* c : {".", "%2E", "z"}) refs.push_back(std::string(a) + "/" + b + "/" + c);
        }
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const char* b : bases)
        for (const std::string& r : refs) pairs.emplace_back(b, r);
    return pairs;
}

}  // namespace

// Issue 16 item 4: normalization never makes a dot segment, so normalizing a reference before resolving it gives
// the target normalizing after does, at both rungs; and the resolver gives that target in one pass.
BOOST_AUTO_TEST_CASE(normalize_commutes_with_resolve) {
    auto pairs = iri_test::cc10k_pairs();
    const auto generated = generated_pairs();
    pairs.insert(pairs.end(), generated.begin(), generated.end());
    std::size_t checked = 0;
    for (const auto& [b, r] : pairs) {
        auto base = iri::reference_view::parse(b);
        auto ref = iri::reference_view::parse(r);
        if (!base || !ref || !base->has_scheme()) continue;
        for (rung level : {rung::syntax, rung::scheme}) {
            const iri::normalize_options o{.rung = level};
            const std::string after = iri::normalize(*iri::resolve(*base, *ref), o).value();
            const std::string nr = iri::normalize(*ref, o).value();
            const std::string before =
                iri::normalize(*iri::resolve(*base, iri::reference_view::parse(nr).value()), o).value();
            if (after != before) BOOST_TEST(after == before, b << " + " << r);
            auto pipeline = iri::resolver::make(b, grammar::iri, o);
            BOOST_TEST_REQUIRE(pipeline.has_value());
            if (*pipeline->normalized(r) != after) BOOST_TEST(*pipeline->normalized(r) == after, b << " + " << r);
            ++checked;
        }
    }
    BOOST_TEST(checked > 20000u);
}

// resolver.hpp: after a failed rebase the resolver has no base (it is the empty reference) until the next one
// succeeds, and each href fails with base_not_absolute (RFC 3986 §5.1: a base must have a scheme).
BOOST_AUTO_TEST_CASE(a_failed_rebase_leaves_no_base) {
    auto pipeline = iri::resolver::make("http://a/b/c", grammar::iri, {.rung = iri::rung::syntax});
    BOOST_TEST_REQUIRE(pipeline.has_value());
    BOOST_TEST(*pipeline->normalized("d") == "http://a/b/d");
    const auto failed = pipeline->rebase("http://a b/");
    BOOST_TEST_REQUIRE(!failed.has_value());
    BOOST_TEST((failed.error().code == iri::errc::disallowed_character));
    BOOST_TEST(failed.error().offset == 8u);
    BOOST_TEST(pipeline->base().str().empty());
    BOOST_TEST(!pipeline->base().has_scheme());
    const auto href = pipeline->normalized("d");
    BOOST_TEST_REQUIRE(!href.has_value());
    BOOST_TEST((href.error().code == iri::errc::base_not_absolute));
    BOOST_TEST_REQUIRE(pipeline->rebase("HTTP://C/x/y").has_value());
    BOOST_TEST(*pipeline->normalized("../z") == "http://c/z");
}
