// The octet tests that both the survey of a reference (normalize.cpp: is it already its normal form?) and the
// writer of its normal form (normal_writer.cpp) ask of a text (RFC 3987 §5.3.2.1, §5.3.2.3; 3987bis §5.3.3):
// inline, since both run them on every component they look at. Private to the library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "grammar/charset_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/grammar.hpp"
#include "iri/percent.hpp"
#include "text/ascii.hpp"
#include "text/percent_octets.hpp"

namespace iri::detail {

// Which kinds of octets a short text (a scheme, a host) has, eight octets at a time (SWAR; uppercase_octets): an
// octet equal to "%" is a zero octet of x ^ 0x25...25. A text of 8 or more octets ends with an overlapping load.
enum octet_kind : unsigned { upper = 1, non_ascii = 2, percent = 4 };  // a set of them: one register

inline unsigned kinds_of(std::string_view s) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x80 * ones;
    std::uint64_t upper = 0, non_ascii = 0, percent = 0;
    auto scan = [&](std::uint64_t x) {
        const std::uint64_t p = x ^ (0x25 * ones);
        upper |= detail::uppercase_octets(x);
        non_ascii |= x & high;
        percent |= (p - ones) & ~p & high;
    };
    // The kinds are a set: an octet read twice (overlapping loads) counts once.
    std::uint64_t x = 0;
    if (s.size() >= 8) {
        std::size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) scan((std::memcpy(&x, s.data() + i, 8), x));
        if (i < s.size()) scan((std::memcpy(&x, s.data() + s.size() - 8, 8), x));
    } else {
        scan(detail::load_up_to_8(s.data(), s.size()));  // the zero octets past the end are none of the three
    }
    return (upper != 0 ? octet_kind::upper : 0u) | (non_ascii != 0 ? octet_kind::non_ascii : 0u) |
           (percent != 0 ? octet_kind::percent : 0u);
}

// Whether §5.3.2.1 changes a scheme or host written without "%", from its octets' `kinds` (kinds_of): it has an
// ASCII uppercase letter and (for a reg-name, `ascii_only`) no other octet than US-ASCII ones.
inline bool lowercase_changes(unsigned kinds, bool ascii_only) noexcept {
    return (kinds & octet_kind::upper) != 0 && (!ascii_only || (kinds & octet_kind::non_ascii) == 0);
}

// A grammar's unreserved set (§5.3.2.3 decodes the characters in it) and the lead octets E1–EF and C2–DF whose
// three- and two-octet characters it holds entirely (literal_skip.hpp's whole_three_octet_leads and
// whole_two_octet_leads): for those a decoded "%HH%HH%HH" with two trail octets, or "%HH%HH" with one, needs no
// lookup. Built once per grammar.
struct unreserved_set {
    const detail::charset_info* cs = nullptr;
    std::uint16_t whole_leads = 0;
    std::uint32_t whole_two_octet_leads = 0;
    bool ascii_only = true;  // no character from U+0080 (URIs): a triplet of a non-ASCII octet is never decoded
};

inline const unreserved_set& unreserved_of(grammar g) noexcept {
    static const auto table = [] {
        std::array<unreserved_set, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i)
            if (const auto* cs = detail::find_charset(static_cast<grammar>(i), production::unreserved)) {
                const bool ascii_only = cs->count == 0 || cs->ranges[cs->count - 1][1] < 0x80;
                t[i] = {cs, detail::whole_three_octet_leads(*cs), detail::whole_two_octet_leads(*cs), ascii_only};
            }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

// The digits §5.3.2.1 leaves as they are ("0"-"9", "A"-"F").
inline constexpr auto upper_hex_digits = [] {
    std::array<bool, 256> t{};
    for (const char* d = detail::hex_digits; *d; ++d) t[static_cast<unsigned char>(*d)] = true;
    return t;
}();

// True when no triplet of `s` changes under §5.3.2.1 and §5.3.2.3: each "%" is followed by two uppercase hex
// digits, of an ASCII octet outside the unreserved set `u`, or of an octet from 0x80 where `u` is US-ASCII only
// (URIs: percent-encoded UTF-8, as Wikipedia writes its links). The text is then its own normal form; a query's
// encoded delimiters ("%3D", "%26", "%2F") are the common case.
inline bool triplets_already_normal(std::string_view s, const unreserved_set& u) noexcept {
    const char* p = s.data();
    const char* const end = p + s.size();
    while ((p = detail::find_first_of<'%'>(p, end, s.data())) != end) {
        do {  // triplets in a row: no search
            if (end - p < 3 || !upper_hex_digits[static_cast<unsigned char>(p[1])] ||
                !upper_hex_digits[static_cast<unsigned char>(p[2])])
                return false;
            const auto octet = static_cast<unsigned>(hex_value(p[1]) << 4 | hex_value(p[2]));
            if (octet >= 0x80 ? !u.ascii_only : detail::contains_ascii(*u.cs, octet)) return false;
            p += 3;
        } while (p != end && *p == '%');
        if (p == end) break;
    }
    return true;
}

// Whether UTS #46 can change a syntax-normalized reg-name: it has a non-ASCII or percent-encoded character, or a
// label that starts with "xn--" (an ASCII host without one is already lowercase, UTS #46's only change to it).
// `kinds` are those of h (kinds_of).
inline bool needs_uts46(std::string_view h, unsigned kinds) noexcept {
    return (kinds & (octet_kind::non_ascii | octet_kind::percent)) != 0 || h.starts_with("xn--") ||
           h.find(".xn--") != std::string_view::npos;
}

}  // namespace iri::detail
