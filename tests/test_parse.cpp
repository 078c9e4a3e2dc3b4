// Tests of iri::parse and iri::is_valid (include/iri/parse.hpp). Every expected value is reasoned from
// the grammars in the specifications (draft-ietf-iri-3987bis-13 §2.2, RFC 3987 §2.2 as printed in
// draft-duerst-iri-11, RFC 3986 as repeated in 3987bis §2.2's second figure, 3987bis §6.1 / the W3C LEIRI note),
// never from the program's output. Every parse reads an exact-size heap copy of its input (support/test_strings.hpp)
// so AddressSanitizer catches a read past the end.
#define BOOST_TEST_MODULE parse
// BOOST_DATA_TEST_CASE names its cases with "literal" + std::string, on which GCC 12 at -O2 reports a false
// -Wrestrict (GCC bug 105329) from inside the Boost and libstdc++ headers.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#  pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include <boost/test/unit_test.hpp>

#include "iri/parse.hpp"
#include "iri/simd.hpp"

#include <boost/test/data/test_case.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_strings.hpp"

namespace bdata = boost::unit_test::data;

namespace {

using iri::component;
using iri::errc;
using iri::grammar;
using iri::host_kind;
using iri::production;
using iri_test::cat;
using iri_test::expect_spans;
using iri_test::parse_exact;
using iri_test::printable;
using iri_test::utf8;
using iri_test::valid_exact;

const char* const variant_names[] = {"uri", "iri", "rfc3987", "leiri"};

grammar variant(const char* name) {
    const auto g = iri::find_grammar(name);
    BOOST_TEST_REQUIRE(g.has_value(), "no grammar " << name);
    return *g;
}

std::string u_plus(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

std::string repeat(std::string_view s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i) out += s;
    return out;
}

// is_valid and parse agree, and both say `expected`; a valid parse is consistent.
void check_valid(std::string_view input, grammar g, production p, bool expected) {
    BOOST_TEST_CONTEXT("input \"" << printable(input) << "\" grammar " << iri::name(g) << " production "
                                  << iri::role_name(p)) {
        const auto r = parse_exact(input, g, p);
        BOOST_TEST(r.has_value() == expected, "expected " << (expected ? "valid" : "invalid") << ", got "
                                                          << (r ? std::string("valid") : r.error().message()));
        BOOST_TEST(valid_exact(input, g, p) == expected);
        if (r) BOOST_TEST(r->consistent(input.size()));
    }
}

// ---- The character ranges, transcribed from the specifications' grammar text --------------------------------

struct range {
    char32_t first;
    char32_t last;
};
using ranges = std::vector<range>;

// ucschar: draft-ietf-iri-3987bis-13 §2.2; RFC 3987 §2.2 (draft-duerst-iri-11 §2.2) prints the same ranges.
const ranges ucschar = {{0xA0, 0xD7FF},     {0xF900, 0xFDCF},   {0xFDF0, 0xFFEF},   {0x10000, 0x1FFFD},
                        {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}, {0x40000, 0x4FFFD}, {0x50000, 0x5FFFD},
                        {0x60000, 0x6FFFD}, {0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
                        {0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD}, {0xD0000, 0xDFFFD},
                        {0xE1000, 0xEFFFD}};
// iprivate: 3987bis-13 §2.2 (with the tag characters U+E0000-E0FFF) ...
const ranges iprivate_3987bis = {{0xE000, 0xF8FF}, {0xE0000, 0xE0FFF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}};
// ... and RFC 3987 §2.2 (without them).
const ranges iprivate_rfc3987 = {{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}};
// leiri-ucschar: 3987bis-13 §6.1 and the W3C LEIRI note §3 ([39] ucschar).
const ranges leiri_ucschar = {{0x20, 0x20}, {0x3C, 0x3C},   {0x3E, 0x3E},     {0x22, 0x22},       {0x7B, 0x7B},
                              {0x7D, 0x7D}, {0x7C, 0x7C},   {0x5C, 0x5C},     {0x5E, 0x5E},       {0x60, 0x60},
                              {0x0, 0x1F},  {0x7F, 0xD7FF}, {0xE000, 0xFFFD}, {0x10000, 0x10FFFF}};
// RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO must not appear in IRIs (3987bis §6.1 lifts it for LEIRIs).
const ranges bidi_formatting = {{0x200E, 0x200F}, {0x202A, 0x202E}};
// The only ASCII boundary point below that RFC 3986 allows anywhere: "~" (unreserved, RFC 3986 §2.3). The other
// ASCII points tested (C0 controls, space, DEL, and the LEIRI characters " < > \ ^ ` { | }) are in no RFC 3986
// class (RFC 3986 §2; rfc2396bis-02 §2.4.3 lists them as excluded).
const range tilde = {0x7E, 0x7E};
const char32_t known_ascii_points[] = {0x00, 0x1F, 0x20, 0x22, 0x3C, 0x3E, 0x5C,
                                       0x5E, 0x60, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F};

bool in(const ranges& set, char32_t c) {
    return std::any_of(set.begin(), set.end(), [c](range r) { return c >= r.first && c <= r.last; });
}

ranges minus(const ranges& a, const ranges& b) {
    ranges out;
    for (range r : a) {
        std::vector<range> pieces{r};
        for (range x : b) {
            std::vector<range> next;
            for (range p : pieces) {
                if (x.last < p.first || x.first > p.last) {
                    next.push_back(p);
                    continue;
                }
                if (x.first > p.first) next.push_back({p.first, x.first - 1});
                if (x.last < p.last) next.push_back({x.last + 1, p.last});
            }
            pieces = next;
        }
        out.insert(out.end(), pieces.begin(), pieces.end());
    }
    return out;
}

bool is_iri_variant(grammar g) { return g == grammar::iri || g == grammar::rfc3987; }

// Where a test character is put.
enum class place { scheme, userinfo, host, path, query, fragment };

// The code points a component allows literally in a variant, as far as the points tested here go.
ranges allowed_set(grammar g, place w) {
    if (w == place::scheme) return {};  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): none of the points
    ranges set{tilde};
    ranges ucs = g == grammar::uri ? ranges{} : g == grammar::leiri ? leiri_ucschar : ucschar;
    if (is_iri_variant(g)) ucs = minus(ucs, bidi_formatting);
    set.insert(set.end(), ucs.begin(), ucs.end());
    if (w == place::query && g != grammar::uri) {  // iquery = *( ipchar / iprivate / "/" / "?" )
        const ranges& priv = g == grammar::rfc3987 ? iprivate_rfc3987 : iprivate_3987bis;
        set.insert(set.end(), priv.begin(), priv.end());
    }
    return set;
}

// The scalar values (code points minus surrogates) by index.
constexpr std::uint32_t scalar_count = 0x110000 - 0x800;
char32_t scalar(std::uint32_t i) { return i < 0xD800 ? i : i + 0x800; }

// The code points whose UTF-8 form begins with the bytes `prefix`: an interval, because UTF-8 keeps code point
// order (RFC 3629 §3) and the byte strings with a given prefix are contiguous in byte order.
std::optional<range> with_prefix(std::string_view prefix) {
    auto head = [&](std::uint32_t i) { return utf8(scalar(i)).substr(0, prefix.size()); };
    std::uint32_t lo = 0, hi = scalar_count;
    while (lo < hi) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        if (head(mid).compare(prefix) < 0) lo = mid + 1;
        else hi = mid;
    }
    if (lo == scalar_count || head(lo) != prefix) return std::nullopt;
    const std::uint32_t first = lo;
    hi = scalar_count;
    while (lo < hi) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        if (head(mid).compare(prefix) <= 0) lo = mid + 1;
        else hi = mid;
    }
    return range{scalar(first), scalar(lo - 1)};
}

// How many bytes of `bytes` (at a point where one character of `set` may come) still begin some character of
// `set`: the error offset of a rejected character is its start plus this (the first byte at which the
// input can no longer be extended).
std::uint32_t viable_length(std::string_view bytes, const ranges& set) {
    std::uint32_t k = 0;
    while (k < bytes.size()) {
        const auto iv = with_prefix(bytes.substr(0, k + 1));
        if (!iv ||
            !std::any_of(set.begin(), set.end(), [&](range r) { return r.first <= iv->last && iv->first <= r.last; }))
            break;
        ++k;
    }
    return k;
}

// The boundary points: for every range of ucschar, both iprivates, leiri-ucschar and the bidi formatting
// characters, the first and last code point inside and the neighbours outside (surrogates and U+110000 included:
// they are written in the forbidden UTF-8 forms). Single ASCII characters get no neighbours.
std::vector<char32_t> boundary_points() {
    std::vector<char32_t> points;
    for (const ranges* set : {&ucschar, &iprivate_3987bis, &iprivate_rfc3987, &leiri_ucschar, &bidi_formatting}) {
        for (range r : *set) {
            points.push_back(r.first);
            points.push_back(r.last);
            if (r.first == r.last && r.first < 0x80) continue;
            if (r.first > 0) points.push_back(r.first - 1);
            points.push_back(r.last + 1);
        }
    }
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    return points;
}

bool well_formed(char32_t c) { return c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF); }

struct templ {
    place where;
    const char* before;
    const char* after;
    component comp;
};
const templ templates[] = {
    {place::scheme, "s", "s:x", component::scheme},       {place::userinfo, "http://u", "u@h/", component::userinfo},
    {place::host, "http://h", "h/", component::host},     {place::path, "http://h/p", "p", component::path},
    {place::query, "http://h/?q", "q", component::query}, {place::fragment, "http://h/#f", "f", component::fragment},
};

void expect_template_spans(const iri::result<iri::components>& r, place w, std::size_t size, std::uint32_t L) {
    switch (w) {
        case place::scheme: BOOST_FAIL("a scheme never holds these points"); break;
        case place::userinfo:
            expect_spans(r, size,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 11 + L},
                          {component::userinfo, 7, 9 + L},
                          {component::host, 10 + L, 11 + L},
                          {component::reg_name, 10 + L, 11 + L},
                          {component::path, 11 + L, 12 + L}});
            break;
        case place::host:
            expect_spans(r, size,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 9 + L},
                          {component::host, 7, 9 + L},
                          {component::reg_name, 7, 9 + L},
                          {component::path, 9 + L, 10 + L}});
            break;
        case place::path:
            expect_spans(r, size,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 11 + L}});
            break;
        case place::query:
            expect_spans(r, size,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 9},
                          {component::query, 10, 12 + L}});
            break;
        case place::fragment:
            expect_spans(r, size,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 9},
                          {component::fragment, 10, 12 + L}});
            break;
    }
}

// The code a rejected character earns: ill-formed UTF-8, a character of the variant's prose exclusion, or any
// other character the grammar does not allow there.
errc rejection(grammar g, char32_t c) {
    if (!well_formed(c)) return errc::invalid_utf8;
    if (is_iri_variant(g) && in(bidi_formatting, c)) return errc::excluded_character;
    return errc::disallowed_character;
}

void expect_rejected_char(const iri::result<iri::components>& r, grammar g, char32_t c, std::uint32_t at,
                          std::uint32_t offset, component where) {
    BOOST_TEST(!r.has_value());
    if (r) return;
    const iri::error& e = r.error();
    BOOST_TEST(static_cast<int>(e.code) == static_cast<int>(rejection(g, c)),
               "code " << iri::name(e.code) << ", expected " << iri::name(rejection(g, c)));
    BOOST_TEST(e.offset == offset);
    BOOST_TEST(e.char_offset == at);
    BOOST_TEST(iri::name(e.where) == iri::name(where));
    if (well_formed(c)) {
        BOOST_TEST(static_cast<std::uint32_t>(e.character) == static_cast<std::uint32_t>(c));
        BOOST_TEST(e.length == utf8(c).size());
        BOOST_TEST(e.message().find(u_plus(c)) != std::string::npos, e.message());
    } else {
        BOOST_TEST(static_cast<std::uint32_t>(e.character) == 0u);
    }
}

}  // namespace

// ---- First/last inside, neighbours outside, of every range, in every component, every variant ------

BOOST_DATA_TEST_CASE(character_ranges_in_each_component, bdata::make(variant_names), variant_name) {
    const grammar g = variant(variant_name);
    const std::vector<char32_t> points = boundary_points();
    BOOST_TEST(points.size() > 100u);
    int accepted = 0, rejected = 0;
    for (char32_t c : points) {
        if (c < 0x80)
            BOOST_TEST_REQUIRE((std::find(std::begin(known_ascii_points), std::end(known_ascii_points), c) !=
                                std::end(known_ascii_points)));
        const std::string enc = utf8(c);
        const auto L = static_cast<std::uint32_t>(enc.size());
        for (const templ& t : templates) {
            const std::string input = cat({t.before, enc, t.after});
            const auto at = static_cast<std::uint32_t>(std::string_view(t.before).size());
            const ranges set = allowed_set(g, t.where);
            const bool allowed = well_formed(c) && in(set, c);
            BOOST_TEST_CONTEXT(u_plus(c) << " in " << iri::name(t.comp) << ": \"" << printable(input) << "\"") {
                const auto r = parse_exact(input, g);
                BOOST_TEST(valid_exact(input, g) == allowed);
                if (allowed) {
                    ++accepted;
                    expect_template_spans(r, t.where, input.size(), L);
                    continue;
                }
                ++rejected;
                if (t.where != place::scheme) {
                    expect_rejected_char(r, g, c, at, at + viable_length(enc, set), t.comp);
                    continue;
                }
                // "s<c>s:x": not a scheme; as a relative reference its first segment ends at the ":", which
                // path-noscheme cannot hold (RFC 3986 §4.2), or earlier if the path cannot hold <c> either.
                const ranges path_set = allowed_set(g, place::path);
                if (well_formed(c) && in(path_set, c)) {
                    BOOST_TEST(!r.has_value());
                    if (!r)
                        BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::disallowed_character));
                    if (!r) {
                        BOOST_TEST(r.error().offset == 2 + L);
                        BOOST_TEST(static_cast<std::uint32_t>(r.error().character) == 0x3Au);
                        BOOST_TEST(iri::name(r.error().where) == iri::name(component::scheme));
                    }
                } else {
                    expect_rejected_char(r, g, c, 1, 1 + viable_length(enc, path_set), component::scheme);
                }
                // The scheme production alone: no non-ASCII and none of the ASCII points tested.
                const std::string alone = cat({"s", enc});
                const auto rs = parse_exact(alone, g, production::scheme);
                BOOST_TEST(!valid_exact(alone, g, production::scheme));
                BOOST_TEST(!rs.has_value());
                if (rs) continue;
                BOOST_TEST(rs.error().offset == 1u);
                BOOST_TEST(rs.error().char_offset == 1u);
                BOOST_TEST(static_cast<int>(rs.error().code) == static_cast<int>(rejection(g, c)));
            }
        }
    }
    // Every variant both accepts and rejects some of the points (the uri variant accepts only "~").
    BOOST_TEST(accepted > 0);
    BOOST_TEST(rejected > 0);
}

// The other path forms (RFC 3986 §3.3: path-absolute, path-rootless, path-noscheme in its first and a later
// segment) take the same characters as path-abempty above: every boundary point, in every variant.
BOOST_AUTO_TEST_CASE(boundary_points_in_every_path_form) {
    const char* const forms[][2] = {{"s:/p", "p"}, {"s:p", "p/x"}, {"p", "p/x"}, {"p/p", "p"}, {"s:/p/", "/p"}};
    for (const char* name : variant_names) {
        const grammar g = variant(name);
        const ranges set = allowed_set(g, place::path);
        for (char32_t c : boundary_points()) {
            for (const auto& form : forms) {
                const std::string input = cat({form[0], utf8(c), form[1]});
                BOOST_TEST_CONTEXT(u_plus(c) << " in \"" << printable(input) << "\" (" << name << ")") {
                    check_valid(input, g, production::uri_reference, well_formed(c) && in(set, c));
                }
            }
        }
    }
}

// Octets that are not well-formed UTF-8 (RFC 3629 §4: overlong forms, surrogates, beyond U+10FFFF, a lone trail
// octet, a truncated character) are in no grammar's component, wherever they stand: at the end, before ASCII or
// before another character.
BOOST_AUTO_TEST_CASE(ill_formed_utf8_in_every_component) {
    const char* const octets[] = {"\xC0\x80",
                                  "\xC1\xBF",
                                  "\xE0\x80\x80",
                                  "\xE0\x9F\xBF",
                                  "\xED\xA0\x80",
                                  "\xED\xBF\xBF",
                                  "\xF0\x80\x80\x80",
                                  "\xF0\x8F\xBF\xBF",
                                  "\xF4\x90\x80\x80",
                                  "\xF5\x80\x80\x80",
                                  "\xFF",
                                  "\x80",
                                  "\xBF",
                                  "\xE4\xB8",
                                  "\xF0\x9F\x98",
                                  "\xC3",
                                  "\xE4\xB8\xAD\xAD"};
    const char* const places[][2] = {
        {"http://", "@h/"}, {"http://", "/"}, {"http://h/", ""}, {"http://h/", "/x"}, {"http://h/", "\xE4\xB8\xAD"},
        {"s:", ""},         {"s:/", "a"},     {"", "/x"},        {"http://h/?", ""},  {"http://h/?", "&a"},
        {"http://h/#", ""}, {"#", "f"}};
    for (const char* name : variant_names) {
        const grammar g = variant(name);
        for (const char* bad : octets)
            for (const auto& at : places) check_valid(cat({at[0], bad, at[1]}), g, production::uri_reference, false);
    }
    // The same octets around them, well-formed: U+4E2D and U+00E9 are ucschar.
    check_valid("http://\xE4\xB8\xAD@\xC3\xA9/\xE4\xB8\xAD?\xC3\xA9#\xE4\xB8\xAD", grammar::iri,
                production::uri_reference, true);
}

// The facts the issue names, spelled out once (they are also covered by the table above).
BOOST_AUTO_TEST_CASE(named_character_facts) {
    // iprivate only in the query (3987bis §2.2: "private UCS characters can occur only in query parts").
    check_valid("http://h/?\xEE\x80\x80", grammar::iri, production::uri_reference, true);  // U+E000
    check_valid("http://h/\xEE\x80\x80", grammar::iri, production::uri_reference, false);
    check_valid("http://h/#\xEE\x80\x80", grammar::iri, production::uri_reference, false);
    // U+E0000-E0FFF: query in 3987bis, nowhere in RFC 3987.
    check_valid("http://h/?\xF3\xA0\x80\x80", grammar::iri, production::uri_reference, true);
    check_valid("http://h/?\xF3\xA0\x80\x80", grammar::rfc3987, production::uri_reference, false);
    check_valid("http://h/?\xF3\xA0\xBF\xBF", grammar::iri, production::uri_reference, true);  // U+E0FFF
    check_valid("http://h/?\xF3\xA0\xBF\xBF", grammar::rfc3987, production::uri_reference, false);
    // ... and U+E1000 starts ucschar again: allowed everywhere in both.
    check_valid("http://h/\xF3\xA1\x80\x80", grammar::rfc3987, production::uri_reference, true);
    // Bidi formatting characters: excluded in IRIs (RFC 3987 §4.1), allowed in LEIRIs (3987bis §6.1).
    for (const char* bidi : {"\xE2\x80\x8E", "\xE2\x80\x8F", "\xE2\x80\xAA", "\xE2\x80\xAE"}) {
        const std::string s = cat({"http://h/", bidi});
        for (grammar g : {grammar::iri, grammar::rfc3987}) {
            const auto r = parse_exact(s, g);
            BOOST_TEST(!r.has_value());
            if (!r) BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::excluded_character));
        }
        check_valid(s, grammar::leiri, production::uri_reference, true);
    }
    // Neighbours of the bidi characters are ordinary ucschar.
    check_valid("http://h/\xE2\x80\x8D\xE2\x80\x90\xE2\x80\xA9\xE2\x80\xAF", grammar::iri, production::uri_reference,
                true);
    // The uri grammar has no non-ASCII at all.
    check_valid("http://h/\xC2\xA0", grammar::uri, production::uri_reference, false);
    check_valid("http://h/?\xEE\x80\x80", grammar::uri, production::uri_reference, false);
    // LEIRI controls %x0-1F and %x7F-9F (3987bis §6.3: C0 controls, DEL and C1 controls).
    check_valid("http://h/\x01\x1F\x7F\xC2\x80\xC2\x9F", grammar::leiri, production::uri_reference, true);
    check_valid("http://h/\xC2\x9F", grammar::iri, production::uri_reference, false);
}

// ---- IPv6address (RFC 3986 §3.2.2; 3987bis §2.2 second figure) ------------------------------------------------

namespace {
// The nine forms of IPv6address, each at least once, plus case and common addresses.
const char* const ipv6_valid[] = {
    "1:2:3:4:5:6:7:8",                          // 6( h16 ":" ) ls32, ls32 = h16 ":" h16
    "1:2:3:4:5:6:192.0.2.1",                    // 6( h16 ":" ) ls32, ls32 = IPv4address
    "::2:3:4:5:6:7:8",                          // "::" 5( h16 ":" ) ls32
    "::2:3:4:5:6:1.2.3.4",                      // "::" 5( h16 ":" ) ls32 (IPv4)
    "1::3:4:5:6:7:8",                           // [ h16 ] "::" 4( h16 ":" ) ls32
    "::3:4:5:6:7:8",                            // the same without the h16
    "1:2::4:5:6:7:8",                           // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    "1:2:3::5:6:7:8",                           // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    "1:2:3:4::6:7:8",                           // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    "1:2:3:4:5::7:8",                           // [ *4( h16 ":" ) h16 ] "::" ls32
    "1:2:3:4:5::1.2.3.4",                       // the same, ls32 = IPv4address
    "::1.2.3.4",                                // "::" ls32
    "::7:8",                                    // "::" ls32
    "1:2:3:4:5:6::8",                           // [ *5( h16 ":" ) h16 ] "::" h16
    "::1",                                      // "::" h16
    "1:2:3:4:5:6:7::",                          // [ *6( h16 ":" ) h16 ] "::"
    "::",                                       // "::"
    "FEDC:BA98:7654:3210:fedc:ba98:7654:3210",  // HEXDIG is case-insensitive (RFC 5234 §2.3)
    "::ffff:192.0.2.128",
    "fe80::1",
    "0:0:0:0:0:0:0:0",
    "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255",
};
const char* const ipv6_invalid[] = {
    "1:2:3:4:5:6:7:8:9",      // too many groups
    "1:2:3:4:5:6:7",          // too few groups without "::"
    "1::2:3:4:5:6:7:8",       // "::" with eight groups
    "::1:2:3:4:5:6:7:8",      // "::" with eight groups
    "1:2:3:4:5:6:7:8::",      // eight groups before "::"
    "1::2::3",                // two "::"
    "::1::",                  // two "::"
    ":::",                    // three colons
    ":1:2:3:4:5:6:7",         // a single leading colon
    "1:2:3:4:5:6:7:",         // a single trailing colon
    "1:2:3:4:5:6:7:1.2.3.4",  // IPv4 tail after seven groups
    "::1.2.3.256",            // bad IPv4 tail: 256
    "::1.2.3",                // bad IPv4 tail: three parts
    "::1.2.3.4.5",            // bad IPv4 tail: five parts
    "::01.2.3.4",             // bad IPv4 tail: leading zero
    "1.2.3.4::",              // IPv4 not last
    "12345::",                // a 5-hex-digit group
    "::12345",                // a 5-hex-digit group
    "fe80::1%25eth0",         // zone identifier (RFC 6874 syntax): not in this grammar
    "fe80::1%eth0",           // zone identifier, unencoded
    "g::",                    // not a hex digit
    "[::1]",                  // brackets belong to IP-literal
    "",                       // empty
};
}  // namespace

BOOST_AUTO_TEST_CASE(ipv6_forms) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (const char* a : ipv6_valid) {
            check_valid(a, g, production::ipv6address, true);
            const std::string host = cat({"[", a, "]"});
            check_valid(host, g, production::ip_literal, true);
            const auto hr = parse_exact(host, g, production::host);
            BOOST_TEST_CONTEXT(host) {
                BOOST_TEST(hr.has_value());
                if (hr) BOOST_TEST((hr->host() == host_kind::ipv6));
            }
            const std::string url = cat({"http://[", a, "]/"});
            const auto n = static_cast<std::uint32_t>(std::string_view(a).size());
            BOOST_TEST_CONTEXT(url) {
                expect_spans(parse_exact(url, g), url.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 9 + n},
                              {component::host, 7, 9 + n},
                              {component::ipv6address, 8, 8 + n},
                              {component::path, 9 + n, 10 + n}});
            }
        }
        for (const char* a : ipv6_invalid) {
            check_valid(a, g, production::ipv6address, false);
            const std::string url = cat({"http://[", a, "]/"});
            check_valid(url, g, production::uri_reference, false);
        }
    }
    // With a port (RFC 3986 §3.2.3).
    expect_spans(parse_exact("http://[::1]:80/x"), 17,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 15},
                  {component::host, 7, 12},
                  {component::ipv6address, 8, 11},
                  {component::port, 13, 15},
                  {component::path, 15, 17}});
}

// ---- IPv4address and dec-octet; first-match-wins between IPv4address and reg-name (RFC 3986 §3.2.2) ----------

BOOST_AUTO_TEST_CASE(ipv4_dec_octet_boundaries) {
    const char* const valid[] = {"0.0.0.0",         "9.9.9.9",    "10.99.100.199", "200.249.250.255",
                                 "255.255.255.255", "192.0.2.16", "1.22.199.249"};
    // Each of these is not an IPv4address, but is a reg-name (digits, "." and letters are iunreserved).
    const char* const reg_names[] = {"256.0.0.0", "0.0.0.256", "260.1.1.1", "300.1.1.1", "01.1.1.1", "1.1.1.01",
                                     "1.2.3",     "1.2.3.4.",  "1.2.3.4.5", "0x1.1.1.1", "1..1.1",   "255.255.255.2555",
                                     "1.2.3.04"};
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (const char* a : valid) {
            check_valid(a, g, production::ipv4address, true);
            const auto n = static_cast<std::uint32_t>(std::string_view(a).size());
            const std::string url = cat({"http://", a, "/"});
            BOOST_TEST_CONTEXT(url) {
                const auto r = parse_exact(url, g);
                expect_spans(r, url.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 7 + n},
                              {component::host, 7, 7 + n},
                              {component::ipv4address, 7, 7 + n},
                              {component::path, 7 + n, 8 + n}});
                if (r) BOOST_TEST((r->host() == host_kind::ipv4));
                const auto h = parse_exact(a, g, production::host);
                BOOST_TEST(h.has_value());
                if (h) BOOST_TEST((h->host() == host_kind::ipv4));
            }
        }
        for (const char* a : reg_names) {
            check_valid(a, g, production::ipv4address, false);
            check_valid(a, g, production::reg_name, true);
            const auto n = static_cast<std::uint32_t>(std::string_view(a).size());
            const std::string url = cat({"http://", a, "/"});
            BOOST_TEST_CONTEXT(url) {
                const auto r = parse_exact(url, g);
                expect_spans(r, url.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 7 + n},
                              {component::host, 7, 7 + n},
                              {component::reg_name, 7, 7 + n},
                              {component::path, 7 + n, 8 + n}});
                if (r) BOOST_TEST((r->host() == host_kind::reg_name));
            }
        }
    }
}

// ---- IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) ---------------------------------------

BOOST_AUTO_TEST_CASE(ipvfuture) {
    // "v" is a quoted string, so case-insensitive (RFC 5234 §2.3): "V1.x" is an IPvFuture too.
    const char* const valid[] = {"v1.x", "V1.x", "vF.a:b", "va.b", "v12ab.!$&'()*+,;=:-._~",
                                 "v0.0", "v1.."};  // "." is unreserved: the part after the first "." may be "."
    const char* const invalid[] = {
        "v.x",  "v1.",  "v1",   "vg.x",   "v1.x%20", "v1.x/",      "1.x", "v1.[",
        "v1.]", "v1.@", "w1.x", "v1.x y", "",        "v1.\xC3\xA9"};  // unreserved, not iunreserved: no é even in IRIs
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (const char* a : valid) {
            check_valid(a, g, production::ipvfuture, true);
            const auto n = static_cast<std::uint32_t>(std::string_view(a).size());
            const std::string url = cat({"http://[", a, "]/"});
            BOOST_TEST_CONTEXT(url) {
                const auto r = parse_exact(url, g);
                expect_spans(r, url.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 9 + n},
                              {component::host, 7, 9 + n},
                              {component::ipvfuture, 8, 8 + n},
                              {component::path, 9 + n, 10 + n}});
                if (r) BOOST_TEST((r->host() == host_kind::ipvfuture));
            }
        }
        for (const char* a : invalid) {
            check_valid(a, g, production::ipvfuture, false);
            check_valid(cat({"http://[", a, "]/"}), g, production::uri_reference, false);
        }
    }
}

// ---- port = *DIGIT (RFC 3986 §3.2.3): syntax only, no range ------------------------------------------------------

BOOST_AUTO_TEST_CASE(ports) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (const char* p : {"", "0", "80", "65535", "65536", "99999999999999999999"})
            check_valid(p, g, production::port, true);
        for (const char* p : {"8a", "-1", " 1", "1 ", "+1", "0x50", "\xD9\xA1"})  // U+0661: a digit, not DIGIT
            check_valid(p, g, production::port, false);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact("http://a:/", g), 10,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 9},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::port, 9, 9},
                          {component::path, 9, 10}});
            expect_spans(parse_exact("http://a:0/", g), 11,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 10},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::port, 9, 10},
                          {component::path, 10, 11}});
            expect_spans(parse_exact("http://a:65536/", g), 15,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 14},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::port, 9, 14},
                          {component::path, 14, 15}});
        }
        for (const char* u : {"http://a:8a", "http://a:8a/", "http://a:80:80/", "http://a:-1/", "http://a: 80/"})
            check_valid(u, g, production::uri_reference, false);
        // "a:8a" is a valid userinfo: with an "@" after it, the same characters make a valid authority.
        check_valid("http://a:8a@b/", g, production::uri_reference, true);
    }
}

// ---- scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 §3.1) ------------------------------------

BOOST_AUTO_TEST_CASE(schemes) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (const char* s : {"a", "A", "z9+-.", "http", "HTTP", "coap+tcp", "a-b.c", "xn--a"})
            check_valid(s, g, production::scheme, true);
        for (const char* s : {"", "1a", "+a", "-a", ".a", "a_b", "a b", "a:", "a/", "\xC3\xA9", "a\xC3\xA9", "a~"})
            check_valid(s, g, production::scheme, false);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact("a:", g), 2, {{component::scheme, 0, 1}, {component::path, 2, 2}});
            expect_spans(parse_exact("A+-.1:x", g), 7, {{component::scheme, 0, 5}, {component::path, 6, 7}});
            expect_spans(parse_exact("HTTP://a", g), 8,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 8}});
        }
        // Not schemes, and (a colon in the first segment) not relative references either.
        for (const char* s : {"1a:b", "+a:b", "-a:b", ".a:b", "a_b:c", "a b:c", ":b", ":"})
            check_valid(s, g, production::uri_reference, false);
    }
}

// ---- A colon in the first segment of a relative path (RFC 3986 §4.2) --------------------------------------------

BOOST_AUTO_TEST_CASE(colon_in_first_segment) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        BOOST_TEST_CONTEXT(v) {
            // "a:b" is a URI with scheme "a" and path-rootless "b", not a relative reference.
            expect_spans(parse_exact("a:b", g), 3, {{component::scheme, 0, 1}, {component::path, 2, 3}});
            check_valid("a:b", g, production::uri, true);
            check_valid("a:b", g, production::relative_ref, false);
            // "./a:b" is the relative form (RFC 3986 §4.2: "preceded by a dot-segment").
            expect_spans(parse_exact("./a:b", g), 5, {{component::path, 0, 5}});
            check_valid("./a:b", g, production::relative_ref, true);
            check_valid("./a:b", g, production::uri, false);
            // A colon after the first segment, or after a "/", is fine.
            expect_spans(parse_exact("a/b:c", g), 5, {{component::path, 0, 5}});
            expect_spans(parse_exact("/a:b", g), 4, {{component::path, 0, 4}});
            expect_spans(parse_exact("?a:b", g), 4, {{component::path, 0, 0}, {component::query, 1, 4}});
            expect_spans(parse_exact("#a:b", g), 4, {{component::path, 0, 0}, {component::fragment, 1, 4}});
            // "1a:b": "1a" is no scheme (a scheme starts with ALPHA) and path-noscheme cannot hold the colon.
            check_valid("1a:b", g, production::uri_reference, false);
            // "//a:b": authority "a:b" would need a port of digits, or an "@" to be a userinfo.
            check_valid("//a:b", g, production::uri_reference, false);
        }
        check_valid("a:b", g, production::path_noscheme, false);
        check_valid("a:b", g, production::segment_nz_nc, false);
        check_valid("a", g, production::path_noscheme, true);
        check_valid("a:b", g, production::segment_nz, true);
        check_valid("a:b", g, production::path_rootless, true);
        check_valid("a:b/c", g, production::path, true);  // ipath-rootless
        check_valid("a/b:c", g, production::path_noscheme, true);
    }
}

// ---- pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1) ----------------------------------------------------------

BOOST_AUTO_TEST_CASE(percent_encoding) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact("http://a/%41", g), 12,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 12}});
            // HEXDIG is case-insensitive: lower-case hex is allowed (RFC 3986 §2.1 "should" use upper case).
            check_valid("http://a/%af%AF%aF%Af", g, production::uri_reference, true);
            // In a host (reg-name; kept in ireg-name, see the specs README), a userinfo, a query, a fragment.
            expect_spans(parse_exact("http://%41/", g), 11,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 10},
                          {component::host, 7, 10},
                          {component::reg_name, 7, 10},
                          {component::path, 10, 11}});
            expect_spans(parse_exact("http://%41@a/", g), 13,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 12},
                          {component::userinfo, 7, 10},
                          {component::host, 11, 12},
                          {component::reg_name, 11, 12},
                          {component::path, 12, 13}});
            expect_spans(parse_exact("?%41#%42", g), 8,
                         {{component::path, 0, 0}, {component::query, 1, 4}, {component::fragment, 5, 8}});
            // Percent-encoded bytes need not be UTF-8 (RFC 3987 §8 example "%C0%AF..").
            check_valid("%C0%AF..", g, production::uri_reference, true);
            for (const char* bad : {"http://a/%", "http://a/%4", "http://a/%4g", "http://a/%G1", "http://a/%%41", "%",
                                    "%4", "http://a?%x1", "http://a#%", "http://a/%\xC3\xA9"}) {
                const auto r = parse_exact(bad, g);
                BOOST_TEST_CONTEXT(printable(bad)) {
                    BOOST_TEST(!r.has_value());
                    if (!r)
                        BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::bad_percent_encoding));
                }
            }
            // Not in places without pct-encoded: IPv6address, port, scheme.
            check_valid("http://[%41::1]/", g, production::uri_reference, false);
            check_valid("http://a:%38/", g, production::uri_reference, false);
            check_valid("%41:b", g, production::uri_reference, false);
            check_valid("h%41:b", g, production::scheme, false);
        }
    }
}

// ---- The empty string (a valid reference) --------------------------------------------------------

BOOST_AUTO_TEST_CASE(empty_string) {
    // Productions whose rule matches the empty string: the reference (through relative-ref / path-empty) and the
    // repetitions *( ... ); authority and host through the empty reg-name.
    const production matches_empty[] = {production::uri_reference, production::relative_ref, production::authority,
                                        production::userinfo,      production::host,         production::port,
                                        production::reg_name,      production::path,         production::path_abempty,
                                        production::path_empty,    production::segment,      production::query,
                                        production::fragment};
    const production needs_more[] = {production::uri,           production::absolute_uri,  production::scheme,
                                     production::ip_literal,    production::ipv4address,   production::ipv6address,
                                     production::ipvfuture,     production::path_absolute, production::path_noscheme,
                                     production::path_rootless, production::segment_nz,    production::segment_nz_nc};
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (production p : matches_empty) check_valid("", g, p, true);
        for (production p : needs_more) {
            check_valid("", g, p, false);
            const auto r = parse_exact("", g, p);
            if (r) continue;
            BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::unexpected_end));
            BOOST_TEST(r.error().offset == 0u);
        }
        BOOST_TEST_CONTEXT(v) { expect_spans(parse_exact("", g), 0, {{component::path, 0, 0}}); }
        check_valid("a", g, production::path_empty, false);
    }
}

// ---- Every class of invalid UTF-8 (RFC 3629 §3-§4), in a path ----------------------------------------------------

namespace {
struct bad_utf8 {
    const char* name;
    std::string_view bytes;  // what follows "http://h/p"
};
const bad_utf8 bad_utf8_cases[] = {
    {"stray continuation 80", std::string_view("\x80p", 2)},
    {"stray continuation BF", std::string_view("\xBFp", 2)},
    {"overlong C0 AF ('/')", std::string_view("\xC0\xAFp", 3)},
    {"overlong C1 BF", std::string_view("\xC1\xBFp", 3)},
    {"overlong E0 80 AF", std::string_view("\xE0\x80\xAFp", 4)},
    {"overlong E0 9F BF", std::string_view("\xE0\x9F\xBFp", 4)},
    {"overlong F0 80 80 80", std::string_view("\xF0\x80\x80\x80p", 5)},
    {"overlong F0 8F BF BF", std::string_view("\xF0\x8F\xBF\xBFp", 5)},
    {"surrogate ED A0 80", std::string_view("\xED\xA0\x80p", 4)},
    {"surrogate ED BF BF", std::string_view("\xED\xBF\xBFp", 4)},
    {"above U+10FFFF F4 90 80 80", std::string_view("\xF4\x90\x80\x80p", 5)},
    {"above U+10FFFF F7 BF BF BF", std::string_view("\xF7\xBF\xBF\xBFp", 5)},
    {"byte F5", std::string_view("\xF5\x80\x80\x80p", 5)},
    {"byte F8", std::string_view("\xF8\x88\x80\x80\x80p", 6)},
    {"byte FC", std::string_view("\xFC\x84\x80\x80\x80\x80p", 7)},
    {"byte FE", std::string_view("\xFEp", 2)},
    {"byte FF", std::string_view("\xFFp", 2)},
    {"truncated at the end C3", std::string_view("\xC3", 1)},
    {"truncated at the end E6 97", std::string_view("\xE6\x97", 2)},
    {"truncated at the end F0 9F 98", std::string_view("\xF0\x9F\x98", 3)},
    {"truncated in the middle C3 p", std::string_view("\xC3p", 2)},
    {"truncated in the middle E6 p", std::string_view("\xE6p", 2)},
    {"truncated in the middle E6 97 p", std::string_view("\xE6\x97p", 3)},
    {"truncated in the middle F0 9F 98 p", std::string_view("\xF0\x9F\x98p", 4)},
    {"truncated before another lead E6 97 E6 97 A5", std::string_view("\xE6\x97\xE6\x97\xA5", 5)},
};
}  // namespace

BOOST_DATA_TEST_CASE(invalid_utf8_classes, bdata::make(variant_names), variant_name) {
    const grammar g = variant(variant_name);
    const ranges path_set = allowed_set(g, place::path);
    for (const bad_utf8& b : bad_utf8_cases) {
        const std::string input = cat({"http://h/p", b.bytes});
        BOOST_TEST_CONTEXT(b.name) {
            const auto r = parse_exact(input, g);
            BOOST_TEST(!valid_exact(input, g));
            BOOST_TEST(!r.has_value());
            if (r) continue;
            BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::invalid_utf8),
                       iri::name(r.error().code));
            BOOST_TEST(r.error().offset == 10 + viable_length(b.bytes, path_set));
            BOOST_TEST(r.error().char_offset == 10u);
            BOOST_TEST(iri::name(r.error().where) == iri::name(component::path));
            BOOST_TEST(static_cast<std::uint32_t>(r.error().character) == 0u);
        }
    }
    // A stray continuation byte right after a complete character (only where the character itself is allowed).
    if (g != grammar::uri) {
        const auto r = parse_exact("http://h/p\xC3\xA9\x80p", g);
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::invalid_utf8));
        BOOST_TEST(r.error().offset == 12u);
        BOOST_TEST(r.error().char_offset == 12u);
    }
    // In the other components too: a query, a host, a scheme.
    for (const char* s : {"http://h/?\xC0\xAF", "http://h\xED\xA0\x80/", "h\xFFttp://h/", "http://h/#\xE6\x97"})
        check_valid(s, g, production::uri_reference, false);
}

// ---- An embedded NUL: a character like any other, allowed only in LEIRIs (%x0-1F) --------------------------------

BOOST_AUTO_TEST_CASE(embedded_nul) {
    const std::string_view mid("http://h/a\0b", 12);
    for (grammar g : {grammar::uri, grammar::iri, grammar::rfc3987}) {
        const auto r = parse_exact(mid, g);
        BOOST_TEST_REQUIRE(!r.has_value());
        BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::disallowed_character));
        BOOST_TEST(r.error().offset == 10u);
        BOOST_TEST(static_cast<std::uint32_t>(r.error().character) == 0u);
        BOOST_TEST(r.error().message().find("U+0000") != std::string::npos, r.error().message());
        check_valid(std::string_view("\0", 1), g, production::uri_reference, false);
    }
    expect_spans(parse_exact(mid, grammar::leiri), 12,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 8},
                  {component::host, 7, 8},
                  {component::reg_name, 7, 8},
                  {component::path, 8, 12}});
    expect_spans(parse_exact(std::string_view("\0", 1), grammar::leiri), 1, {{component::path, 0, 1}});
    expect_spans(parse_exact(std::string_view("http://\0@\0/?\0#\0", 15), grammar::leiri), 15,
                 {{component::scheme, 0, 4},
                  {component::authority, 7, 10},
                  {component::userinfo, 7, 8},
                  {component::host, 9, 10},
                  {component::reg_name, 9, 10},
                  {component::path, 10, 11},
                  {component::query, 12, 13},
                  {component::fragment, 14, 15}});
    // The parser reads on after a NUL: what follows it decides.
    check_valid(std::string_view("http://h/\0 \xC3\xA9", 13), grammar::leiri, production::uri_reference, true);
    check_valid(std::string_view("http://h/\0#\x80", 12), grammar::leiri, production::uri_reference, false);
    // Not in a scheme: "h\0ttp" is then a first segment that cannot hold the ":".
    const auto r = parse_exact(std::string_view("h\0ttp://a", 9), grammar::leiri);
    BOOST_TEST_REQUIRE(!r.has_value());
    BOOST_TEST(r.error().offset == 5u);
}

// ---- A 1 MB input, valid and invalid at the very end --------------------------------------------------------------

BOOST_AUTO_TEST_CASE(one_megabyte) {
    const std::size_t mb = std::size_t{1} << 20;
    const std::string path = cat({"http://h/", std::string(mb, 'a')});
    const auto n = static_cast<std::uint32_t>(path.size());
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact(path, g), n,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, n}});
            // A space at the very end (LEIRIs allow it).
            const std::string space = cat({path, " "});
            const auto r = parse_exact(space, g);
            if (g == grammar::leiri) {
                BOOST_TEST(r.has_value());
            } else {
                BOOST_TEST_REQUIRE(!r.has_value());
                BOOST_TEST(static_cast<int>(r.error().code) == static_cast<int>(errc::disallowed_character));
                BOOST_TEST(r.error().offset == n);
                BOOST_TEST(iri::name(r.error().where) == iri::name(component::path));
            }
            // A lone "%" at the end: the input ends inside pct-encoded.
            const auto pct = parse_exact(cat({path, "%"}), g);
            BOOST_TEST_REQUIRE(!pct.has_value());
            BOOST_TEST(static_cast<int>(pct.error().code) == static_cast<int>(errc::bad_percent_encoding));
            BOOST_TEST(pct.error().offset == n + 1);
            BOOST_TEST(pct.error().char_offset == n);
            // "#" then a 1 MB fragment ending in a "#".
            const std::string frag = cat({"#", std::string(mb, 'f'), "#"});
            const auto f = parse_exact(frag, g);
            BOOST_TEST_REQUIRE(!f.has_value());
            BOOST_TEST(f.error().offset == mb + 1);
            // A 1 MB scheme.
            const std::string scheme = cat({std::string(mb, 's'), ":"});
            expect_spans(parse_exact(scheme, g), mb + 1,
                         {{component::scheme, 0, static_cast<std::uint32_t>(mb)},
                          {component::path, static_cast<std::uint32_t>(mb + 1), static_cast<std::uint32_t>(mb + 1)}});
            // A 1 MB authority that could still become a userinfo: the parse stops at the end; with no "@" the
            // authority is host ":" port, and the fault is the port's "x", the last byte (RFC 3986 §3.2.3).
            const std::string auth = cat({"http://", std::string(mb, 'a'), ":8x"});
            const auto a = parse_exact(auth, g);
            BOOST_TEST_REQUIRE(!a.has_value());
            BOOST_TEST(static_cast<int>(a.error().code) == static_cast<int>(errc::bad_port));
            BOOST_TEST(a.error().offset == auth.size());
            BOOST_TEST(a.error().fault() == auth.size() - 1);
        }
    }
    // 1 MB of "é" in a query: an IRI, not a URI (which stops at the first byte of the first "é").
    const std::string query = cat({"http://h/?", repeat("\xC3\xA9", mb / 2)});
    const auto q = static_cast<std::uint32_t>(query.size());
    for (grammar g : {grammar::iri, grammar::rfc3987, grammar::leiri})
        expect_spans(parse_exact(query, g), q,
                     {{component::scheme, 0, 4},
                      {component::authority, 7, 8},
                      {component::host, 7, 8},
                      {component::reg_name, 7, 8},
                      {component::path, 8, 9},
                      {component::query, 10, q}});
    const auto u = parse_exact(query, grammar::uri);
    BOOST_TEST_REQUIRE(!u.has_value());
    BOOST_TEST(u.error().offset == 10u);
    BOOST_TEST(static_cast<std::uint32_t>(u.error().character) == 0xE9u);
    // 1 MB of "é" then a truncated sequence at the very end.
    const auto t = parse_exact(cat({query, "\xE6\x97"}), grammar::iri);
    BOOST_TEST_REQUIRE(!t.has_value());
    BOOST_TEST(static_cast<int>(t.error().code) == static_cast<int>(errc::invalid_utf8));
    BOOST_TEST(t.error().offset == q + 2);
    BOOST_TEST(t.error().char_offset == q);
}

// ---- Undefined versus empty components (RFC 3986 §5.3; 3987bis §2.2) ----------------------------------------

BOOST_AUTO_TEST_CASE(undefined_versus_empty) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact("http://a?", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 8},
                          {component::query, 9, 9}});
            expect_spans(parse_exact("http://a", g), 8,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 8}});
            expect_spans(parse_exact("http://@a", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 9},
                          {component::userinfo, 7, 7},
                          {component::host, 8, 9},
                          {component::reg_name, 8, 9},
                          {component::path, 9, 9}});
            expect_spans(parse_exact("http://a:", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 9},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::port, 9, 9},
                          {component::path, 9, 9}});
            expect_spans(parse_exact("http://a#", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 8},
                          {component::fragment, 9, 9}});
            // An empty host is an empty reg-name (IPv4address cannot be empty).
            expect_spans(parse_exact("http://", g), 7,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 7},
                          {component::host, 7, 7},
                          {component::reg_name, 7, 7},
                          {component::path, 7, 7}});
            expect_spans(parse_exact("http://?#", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 7},
                          {component::host, 7, 7},
                          {component::reg_name, 7, 7},
                          {component::path, 7, 7},
                          {component::query, 8, 8},
                          {component::fragment, 9, 9}});
            expect_spans(parse_exact("http://@:", g), 9,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 9},
                          {component::userinfo, 7, 7},
                          {component::host, 8, 8},
                          {component::reg_name, 8, 8},
                          {component::port, 9, 9},
                          {component::path, 9, 9}});
            expect_spans(parse_exact("a:?#", g), 4,
                         {{component::scheme, 0, 1},
                          {component::path, 2, 2},
                          {component::query, 3, 3},
                          {component::fragment, 4, 4}});
            expect_spans(parse_exact("//", g), 2,
                         {{component::authority, 2, 2},
                          {component::host, 2, 2},
                          {component::reg_name, 2, 2},
                          {component::path, 2, 2}});
            expect_spans(parse_exact("?", g), 1, {{component::path, 0, 0}, {component::query, 1, 1}});
            expect_spans(parse_exact("#", g), 1, {{component::path, 0, 0}, {component::fragment, 1, 1}});
            const auto r = parse_exact("http://a", g);
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST((r->host() == host_kind::reg_name));
            const auto rel = parse_exact("a", g);
            BOOST_TEST_REQUIRE(rel.has_value());
            BOOST_TEST((rel->host() == host_kind::none));
        }
    }
}

// ---- Typical references, with every span worked out from the grammar -------------------------------------------

BOOST_AUTO_TEST_CASE(typical_references) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        BOOST_TEST_CONTEXT(v) {
            expect_spans(parse_exact("https://user:pass@example.com:8080/over/there?name=ferret#nose", g), 62,
                         {{component::scheme, 0, 5},
                          {component::authority, 8, 34},
                          {component::userinfo, 8, 17},
                          {component::host, 18, 29},
                          {component::reg_name, 18, 29},
                          {component::port, 30, 34},
                          {component::path, 34, 45},
                          {component::query, 46, 57},
                          {component::fragment, 58, 62}});
            expect_spans(parse_exact("urn:example:animal:ferret:nose", g), 30,
                         {{component::scheme, 0, 3}, {component::path, 4, 30}});
            expect_spans(parse_exact("file:///etc/hosts", g), 17,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 7},
                          {component::host, 7, 7},
                          {component::reg_name, 7, 7},
                          {component::path, 7, 17}});
            expect_spans(parse_exact("mailto:a@b", g), 10, {{component::scheme, 0, 6}, {component::path, 7, 10}});
            expect_spans(parse_exact("../a?b#c", g), 8,
                         {{component::path, 0, 4}, {component::query, 5, 6}, {component::fragment, 7, 8}});
            expect_spans(parse_exact("//a/b", g), 5,
                         {{component::authority, 2, 3},
                          {component::host, 2, 3},
                          {component::reg_name, 2, 3},
                          {component::path, 3, 5}});
            expect_spans(parse_exact("/a//b", g), 5, {{component::path, 0, 5}});
            expect_spans(parse_exact("http://a//b", g), 11,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 11}});
            expect_spans(parse_exact("tel:+1-816-555-1212", g), 19,
                         {{component::scheme, 0, 3}, {component::path, 4, 19}});
            expect_spans(parse_exact("http://192.0.2.16:80/", g), 21,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 20},
                          {component::host, 7, 17},
                          {component::ipv4address, 7, 17},
                          {component::port, 18, 20},
                          {component::path, 20, 21}});
            expect_spans(parse_exact("ldap://[2001:db8::7]/c=GB?objectClass?one", g), 41,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 20},
                          {component::host, 7, 20},
                          {component::ipv6address, 8, 19},
                          {component::path, 20, 25},
                          {component::query, 26, 41}});
            expect_spans(parse_exact("foo://u@h:1?q/?#f/?:@", g), 21,
                         {{component::scheme, 0, 3},
                          {component::authority, 6, 11},
                          {component::userinfo, 6, 7},
                          {component::host, 8, 9},
                          {component::reg_name, 8, 9},
                          {component::port, 10, 11},
                          {component::path, 11, 11},
                          {component::query, 12, 15},
                          {component::fragment, 16, 21}});
            // The absolute forms and the relative form as productions of their own (RFC 3986 §4.1-§4.3).
            expect_spans(parse_exact("http://a/b?c", g, production::absolute_uri), 12,
                         {{component::scheme, 0, 4},
                          {component::authority, 7, 8},
                          {component::host, 7, 8},
                          {component::reg_name, 7, 8},
                          {component::path, 8, 10},
                          {component::query, 11, 12}});
            check_valid("http://a/b?c#d", g, production::absolute_uri, false);
            check_valid("http://a/b?c#d", g, production::uri, true);
            check_valid("/b", g, production::uri, false);
            check_valid("a/b", g, production::relative_ref, true);
            check_valid("http://a", g, production::relative_ref, false);
            // Component productions.
            check_valid("u:p@h:80", g, production::authority, true);
            check_valid("u@v@h", g, production::authority, false);
            check_valid("u:p", g, production::userinfo, true);
            check_valid("u@p", g, production::userinfo, false);
            check_valid("/a/b", g, production::path_abempty, true);
            check_valid("a/b", g, production::path_abempty, false);
            check_valid("/a", g, production::path_absolute, true);
            check_valid("//a", g, production::path_absolute, false);  // "/" [ segment-nz ... ]: no empty 1st seg
            check_valid("a/", g, production::path_rootless, true);
            check_valid("/", g, production::path, true);
            check_valid("a/b", g, production::segment, false);
            check_valid("a?/b", g, production::query, true);
            check_valid("a#b", g, production::query, false);
            check_valid("a?/b:@", g, production::fragment, true);
            check_valid("[::1]", g, production::host, true);
            check_valid("[::1", g, production::host, false);
            check_valid("[v1.x]", g, production::ip_literal, true);
            check_valid("a.b", g, production::ip_literal, false);
        }
    }
    // The example of include/iri/parse.hpp: "http://例え.jp/引き割り?q#f" (each CJK character is 3 bytes).
    const std::string example =
        "http://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE5\xBC\x95\xE3\x81\x8D\xE5\x89\xB2\xE3\x82\x8A?q#f";
    for (grammar g : {grammar::iri, grammar::rfc3987, grammar::leiri}) {
        const auto r = parse_exact(example, g);
        expect_spans(r, 33,
                     {{component::scheme, 0, 4},
                      {component::authority, 7, 16},
                      {component::host, 7, 16},
                      {component::reg_name, 7, 16},
                      {component::path, 16, 29},
                      {component::query, 30, 31},
                      {component::fragment, 32, 33}});
        if (r) BOOST_TEST((r->host() == host_kind::reg_name));
    }
    check_valid(example, grammar::uri, production::uri_reference, false);
}

// Unknown productions of a variant and the size limit are errors, not crashes: every role is defined in the four
// shipped variants (tests/test_generator_errors.cpp checks 25 entries), so here only the grammar lookup.
// The common shapes are parsed by masks of 32 or 64 octets (model/parse.cpp: short_http, whole_reference,
// whole_masked), so every component end, triplet and stopping octet is put at every offset across two blocks' edges:
// host and path of each length from 0 to 140 octets, a "%41" triplet (RFC 3986 §2.1) at each offset of a path, and a
// "%4" that lacks its second hex digit (not a pct-encoded, so no reference) at each offset, in an http reference and
// in a relative one. The spans follow from the strings' construction (RFC 3986 §3: scheme "://" host path "?" query).
BOOST_AUTO_TEST_CASE(components_across_simd_blocks) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (std::uint32_t k = 0; k <= 140; ++k) {
            BOOST_TEST_CONTEXT(v << ", " << k << " octets") {
                const std::string name = repeat("h", k), segment = repeat("p", k);
                // http:// host path: the host ends at the "/", the path at the "?".
                const std::string a = "http://" + name + "/" + segment + "?q";
                expect_spans(parse_exact(a, g), a.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 7 + k},
                              {component::host, 7, 7 + k},
                              {component::reg_name, 7, 7 + k},
                              {component::path, 7 + k, 8 + 2 * k},
                              {component::query, 9 + 2 * k, 10 + 2 * k}});
                // http:// host and nothing after: an empty path (path-abempty), the authority empty when k is 0.
                const std::string h = "http://" + name;
                expect_spans(parse_exact(h, g), h.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 7 + k},
                              {component::host, 7, 7 + k},
                              {component::reg_name, 7, 7 + k},
                              {component::path, 7 + k, 7 + k}});
                // https:// host: a port, then the path.
                const std::string b = "https://" + name + ":80/" + segment;
                expect_spans(parse_exact(b, g), b.size(),
                             {{component::scheme, 0, 5},
                              {component::authority, 8, 11 + k},
                              {component::host, 8, 8 + k},
                              {component::reg_name, 8, 8 + k},
                              {component::port, 9 + k, 11 + k},
                              {component::path, 11 + k, 12 + 2 * k}});
                // A relative path (path-noscheme) and an absolute one, each with a fragment.
                const std::string c = segment + "x/y#f";
                expect_spans(parse_exact(c, g), c.size(),
                             {{component::path, 0, 3 + k}, {component::fragment, 4 + k, 5 + k}});
                const std::string d = "/" + segment + "#f";
                expect_spans(parse_exact(d, g), d.size(),
                             {{component::path, 0, 1 + k}, {component::fragment, 2 + k, 3 + k}});
                // A triplet at offset k of a path of 144 octets, whole or cut short.
                const std::string path = "/" + segment + "%41" + repeat("p", 140 - k);
                const std::string e = "http://h" + path;
                expect_spans(parse_exact(e, g), e.size(),
                             {{component::scheme, 0, 4},
                              {component::authority, 7, 8},
                              {component::host, 7, 8},
                              {component::reg_name, 7, 8},
                              {component::path, 8, 152}});
                expect_spans(parse_exact(path, g), 144, {{component::path, 0, 144}});
                const std::string cut = "/" + segment + "%4";
                BOOST_TEST(!parse_exact("http://h" + cut, g));
                BOOST_TEST(!parse_exact(cut, g));
                BOOST_TEST(!parse_exact("http://h" + cut + "/", g));
                BOOST_TEST(!parse_exact(cut + "g", g));
            }
        }
    }
}

// The http references of up to 127 octets after the "//" are classified in registers, in blocks that overlap at the
// end (literal_skip.cpp: classify_short): a "%41" triplet (RFC 3986 §2.1) at each offset of such a path, with each
// number of octets after it, is part of the path; a "%4" without its second digit, or followed by a non-digit, makes
// no reference.
BOOST_AUTO_TEST_CASE(triplets_in_short_http_references) {
    for (const char* v : variant_names) {
        const grammar g = variant(v);
        for (std::uint32_t k = 0; k <= 122; ++k) {
            for (std::uint32_t after = 0; k + after <= 122; after += after < 4 ? 1 : 13) {
                BOOST_TEST_CONTEXT(v << ", triplet at " << k << ", " << after << " octets after") {
                    const std::string path = "/" + repeat("p", k) + "%41" + repeat("q", after);
                    const std::string r = "http://h" + path;  // 1 + k + 3 + after octets after the host
                    expect_spans(parse_exact(r, g), r.size(),
                                 {{component::scheme, 0, 4},
                                  {component::authority, 7, 8},
                                  {component::host, 7, 8},
                                  {component::reg_name, 7, 8},
                                  {component::path, 8, static_cast<std::uint32_t>(r.size())}});
                    BOOST_TEST(!parse_exact("http://h/" + repeat("p", k) + "%4" + repeat("q", after), g));
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(variants_are_found_by_name) {
    for (const char* v : variant_names) BOOST_TEST(iri::name(variant(v)) == v);
    BOOST_TEST(!iri::find_grammar("http").has_value());
    BOOST_TEST(iri::rule_name(grammar::iri, production::uri_reference) == "IRI-reference");
    BOOST_TEST(iri::rule_name(grammar::uri, production::host) == "host");
    BOOST_TEST((iri::find_production(grammar::leiri, "LEIRI-reference") == production::uri_reference));
    BOOST_TEST((iri::find_production(grammar::iri, "ihost") == production::host));
}

// The level the parse path runs at, as the library reports it (iri/simd.hpp): this test runs once per level
// (tests/CMakeLists.txt sets IRI_FORCE_SIMD), and the level reported is at most the one asked for; the names are
// those IRI_FORCE_SIMD takes.
BOOST_AUTO_TEST_CASE(active_simd_level_follows_the_environment) {
    const char* forced = std::getenv("IRI_FORCE_SIMD");
    const std::string_view force = forced ? forced : "";
    const iri::simd_level active = iri::active_simd_level();
    if (force == "scalar") BOOST_TEST((active == iri::simd_level::scalar));
    if (force == "avx2") BOOST_TEST((active != iri::simd_level::avx512));
    BOOST_TEST(std::string_view(iri::name(iri::simd_level::scalar)) == "scalar");
    BOOST_TEST(std::string_view(iri::name(iri::simd_level::avx2)) == "avx2");
    BOOST_TEST(std::string_view(iri::name(iri::simd_level::avx512)) == "avx512");
}
