// Helpers shared by the parse tests (test_parse, test_parse_errors, test_spec_examples). Header-only; include it
// after <boost/test/unit_test.hpp>.
//
// - utf8(c): the UTF-8 bytes of a code point. Surrogates and values above U+10FFFF are written with the same bit
//   pattern (the forms RFC 3629 §3 forbids), so that tests can feed them to the parser and expect a rejection.
// - exact_copy / parse_exact: every parse of a test goes through a heap buffer of exactly the input's length
//   (std::unique_ptr<char[]>), so AddressSanitizer catches any read past the end.
// - expect_spans: a valid parse whose twelve spans are exactly the ones listed (every other one omitted), and
//   consistent().
// - printable(s): the input with non-printable bytes written \xNN, for test names and messages.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "iri/components.hpp"
#include "iri/grammar.hpp"
#include "iri/parse.hpp"

namespace iri_test {

/// The UTF-8 encoding of `c` (RFC 3629 §3), extended to surrogates and to 21-bit values above U+10FFFF.
inline std::string utf8(char32_t c) {
    std::string s;
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else if (c < 0x800) {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        s += static_cast<char>(0xE0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        s += static_cast<char>(0xF0 | ((c >> 18) & 0x07));
        s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    return s;
}

/// `s` with bytes outside printable ASCII written as \xNN (for test contexts).
inline std::string printable(std::string_view s) {
    std::string out;
    for (char ch : s) {
        const auto b = static_cast<unsigned char>(ch);
        if (b >= 0x20 && b < 0x7F && b != '\\') {
            out += static_cast<char>(b);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(b));
            out += buf;
        }
    }
    return out;
}

/// The concatenation of `parts` (instead of "literal" + std::string, on which GCC 12 warns -Wrestrict falsely).
inline std::string cat(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts) out.append(p.data(), p.size());
    return out;
}

/// A heap copy of exactly s.size() bytes: reading one byte past the end is a heap-buffer-overflow under ASan.
struct exact_copy {
    std::unique_ptr<char[]> bytes;
    std::size_t size;
    explicit exact_copy(std::string_view s) : bytes(new char[s.size()]), size(s.size()) {
        if (!s.empty()) std::memcpy(bytes.get(), s.data(), s.size());
    }
    [[nodiscard]] std::string_view view() const noexcept { return {bytes.get(), size}; }
};

/// iri::parse on an exact-size copy of `s`.
inline iri::result<iri::components> parse_exact(std::string_view s, iri::grammar g = iri::grammar::iri,
                                                iri::production p = iri::production::uri_reference) {
    const exact_copy copy(s);
    return iri::parse(copy.view(), g, p);
}

/// iri::is_valid on an exact-size copy of `s`.
inline bool valid_exact(std::string_view s, iri::grammar g = iri::grammar::iri,
                        iri::production p = iri::production::uri_reference) {
    const exact_copy copy(s);
    return iri::is_valid(copy.view(), g, p);
}

/// One expected span: component `c` is [begin, end).
struct expected_span {
    iri::component c;
    std::uint32_t begin;
    std::uint32_t end;
};

/// Checks that `r` is a value, consistent with an input of `size` bytes, and that its spans are exactly `want`:
/// each listed component has the listed span, every other component is omitted.
inline void expect_spans(const iri::result<iri::components>& r, std::size_t size,
                         std::initializer_list<expected_span> want) {
    BOOST_TEST(r.has_value(), "expected a valid parse, got: " << (r ? std::string() : r.error().message()));
    if (!r) return;
    BOOST_TEST(r->consistent(size));
    auto show = [](iri::span s) {
        if (!s.present()) return std::string("omitted");
        std::string t = "[";
        t += std::to_string(s.begin);
        t += ",";
        t += std::to_string(s.end);
        t += ")";
        return t;
    };
    for (std::size_t i = 0; i < iri::component_count; ++i) {
        const auto c = static_cast<iri::component>(i);
        iri::span expected{};  // omitted
        for (const expected_span& w : want)
            if (w.c == c) expected = iri::span{w.begin, w.end};
        const iri::span got = (*r)[c];
        BOOST_TEST((got == expected), iri::name(c) << ": expected " << show(expected) << ", got " << show(got));
    }
}

}  // namespace iri_test
