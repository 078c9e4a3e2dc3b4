#include "shown.hpp"

#include "each_char.hpp"
#include "iri/simd.hpp"

#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/utf8.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#  include <tmmintrin.h>
#endif

#include <climits>
#include <cstdio>
#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>
#include <utility>

namespace cli {

namespace {

// True when every octet of `s` is printable ASCII (0x20–0x7E): no control, DEL or octet from 0x80. Sixteen octets
// at a time where SSE2 is (a signed compare below 0x20 also takes the octets from 0x80), the last sixteen
// overlapping the ones before; a reference shorter than that, or elsewhere, one octet at a time.
bool printable_ascii(std::string_view s) noexcept {
    const char* const p = s.data();
    const std::size_t n = s.size();
#if defined(__SSE2__)
    if (n >= 16) {
        const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7F);
        __m128i special = _mm_setzero_si128();
        const auto add = [&](const char* at) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
            special = _mm_or_si128(special, _mm_or_si128(_mm_cmplt_epi8(x, space), _mm_cmpeq_epi8(x, del)));
        };
        for (std::size_t i = 0; i + 16 <= n; i += 16) add(p + i);
        add(p + n - 16);
        return _mm_movemask_epi8(special) == 0;
    }
#endif
    unsigned char special = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        special |= static_cast<unsigned char>(c < 0x20) | static_cast<unsigned char>(c >= 0x7F);
    }
    return special == 0;
}

// The characters shown as they are: all but the C0 controls, DEL and the format characters (Cf), which could
// change or hide what is displayed; and but U+FFFD, which ICU's span also reports for bytes that are not UTF-8.
// Frozen: ICU spans UTF-8 over it with its own tables, and threads may share it.
const icu::UnicodeSet& shown_as_they_are() {
    static const icu::UnicodeSet set = [] {
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeSet s(UNICODE_STRING_SIMPLE("[^\\u0000-\\u001F\\u007F\\uFFFD[:Cf:]]"), status);
        if (U_FAILURE(status)) s.clear();  // no ICU data: every character is looked at one by one
        s.freeze();
        return s;
    }();
    return set;
}

// The code points a UTF-8 lead octet from 0xC2 to 0xF4 begins (RFC 3629 §3).
std::pair<UChar32, UChar32> characters_led_by(unsigned lead) noexcept {
    UChar32 first = 0, span = 0;
    if (lead <= 0xDF) first = static_cast<UChar32>((lead & 0x1F) << 6), span = 0x3F;
    else if (lead <= 0xEF) first = static_cast<UChar32>((lead & 0x0F) << 12), span = 0xFFF;
    else first = static_cast<UChar32>((lead & 0x07) << 18), span = 0x3FFFF;
    return {first, std::min<UChar32>(first + span, 0x10FFFF)};
}

// For each octet, from ICU's set above: 1 when it is a US-ASCII character not shown as it is (the controls and
// DEL), or a lead of UTF-8 (0xC2-0xF4) of which some character is not (the set asked for the lead's whole range),
// or an octet no well-formed UTF-8 holds (0xC0, 0xC1, 0xF5-0xFF); else 0. 0xE4-0xE9, the leads of the CJK
// ideographs, are 0; 0xE2 leads the bidi controls and 0xEF U+FEFF and U+FFFD, so they are 1. In well-formed
// UTF-8 the trail octets (0x80-0xBF) need no test: their lead had it.
const std::array<unsigned char, 256>& octets_not_shown_alone() {
    static const std::array<unsigned char, 256> table = [] {
        std::array<unsigned char, 256> t{};
        const icu::UnicodeSet& shown_set = shown_as_they_are();
        for (unsigned c = 0; c < 256; ++c) {
            if (c < 0x80) {
                t[c] = shown_set.contains(static_cast<UChar32>(c)) ? 0 : 1;
            } else if (c >= 0xC2 && c <= 0xF4) {
                const auto [first, last] = characters_led_by(c);
                t[c] = shown_set.contains(first, last) ? 0 : 1;
            } else if (c >= 0xC0) {
                t[c] = 1;
            }
        }
        return t;
    }();
    return table;
}

// octets_not_shown_alone() as two 16-octet tables, one lookup by each nibble: octet c is not shown alone exactly
// when by_low[c & 15] & bit_of_high[c >> 4] is not 0. Each high nibble with such an octet has a bit of its own
// (0, 1, 7 and C to F, as ICU answers today); `exact` is false when more than eight would need one.
struct nibble_tables {
    alignas(16) std::array<unsigned char, 16> by_low{};
    alignas(16) std::array<unsigned char, 16> bit_of_high{};
    bool exact = true;
};

const nibble_tables& not_shown_by_nibbles() {
    static const nibble_tables tables = [] {
        const std::array<unsigned char, 256>& not_shown = octets_not_shown_alone();
        nibble_tables t;
        unsigned next_bit = 0;
        for (unsigned high = 0; high < 16; ++high) {
            bool any = false;
            for (unsigned low = 0; low < 16; ++low) any = any || not_shown[high << 4 | low];
            if (!any) continue;
            if (next_bit == 8) {
                t.exact = false;
                break;
            }
            const auto bit = static_cast<unsigned char>(1u << next_bit++);
            t.bit_of_high[high] = bit;
            for (unsigned low = 0; low < 16; ++low)
                if (not_shown[high << 4 | low]) t.by_low[low] = static_cast<unsigned char>(t.by_low[low] | bit);
        }
        return t;
    }();
    return tables;
}

// True when no octet of p[0, n) is one of octets_not_shown_alone(): one table lookup an octet.
bool none_not_shown_by_table(const unsigned char* p, std::size_t n) noexcept {
    const std::array<unsigned char, 256>& not_shown = octets_not_shown_alone();
    unsigned char any = 0;
    for (std::size_t i = 0; i < n; ++i) any |= not_shown[p[i]];
    return any == 0;
}

#if defined(__x86_64__) || defined(__i386__)
// The same, sixteen octets at a time with SSSE3's byte shuffle as the lookup by nibble (n >= 16: the last block
// overlaps the one before, and testing an octet twice changes nothing).
__attribute__((target("ssse3"))) __m128i not_shown_in_block(const unsigned char* at, __m128i by_low,
                                                            __m128i bit_of_high) noexcept {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i low = _mm_and_si128(x, nibble), high = _mm_and_si128(_mm_srli_epi16(x, 4), nibble);
    return _mm_and_si128(_mm_shuffle_epi8(by_low, low), _mm_shuffle_epi8(bit_of_high, high));
}

__attribute__((target("ssse3"))) bool none_not_shown_ssse3(const unsigned char* p, std::size_t n,
                                                           const nibble_tables& t) noexcept {
    const __m128i by_low = _mm_load_si128(reinterpret_cast<const __m128i*>(t.by_low.data()));
    const __m128i bit_of_high = _mm_load_si128(reinterpret_cast<const __m128i*>(t.bit_of_high.data()));
    __m128i found = not_shown_in_block(p + n - 16, by_low, bit_of_high);
    for (std::size_t i = 0; i + 16 <= n; i += 16)
        found = _mm_or_si128(found, not_shown_in_block(p + i, by_low, bit_of_high));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(found, _mm_setzero_si128())) == 0xFFFF;
}
#endif

// True when well-formed UTF-8 `s` is shown as it is: no octet of octets_not_shown_alone(). With SSSE3 (chosen at
// run time, and left out when the library runs its scalar level: iri::active_simd_level) sixteen octets at a
// time; else, or for a string shorter than that, one table lookup an octet.
bool well_formed_shown_as_is(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
#if defined(__x86_64__) || defined(__i386__)
    static const nibble_tables* const by_nibbles = []() -> const nibble_tables* {
        if (iri::active_simd_level() == iri::simd_level::scalar) return nullptr;
        __builtin_cpu_init();
        return __builtin_cpu_supports("ssse3") && not_shown_by_nibbles().exact ? &not_shown_by_nibbles() : nullptr;
    }();
    if (by_nibbles && s.size() >= 16) return none_not_shown_ssse3(p, s.size(), *by_nibbles);
#endif
    return none_not_shown_by_table(p, s.size());
}

// Where the first character of s[from, ...) that is not shown as it is begins and ends: a control, DEL, a format
// character or a byte that is not UTF-8 (U+FFFD itself is shown); {s.size(), s.size()} when there is none. Runs
// of characters shown as they are found by ICU's span, and the character it stops at looked at.
std::pair<std::size_t, std::size_t> next_not_shown(std::string_view s, std::size_t from) {
    const icu::UnicodeSet& shown_set = shown_as_they_are();
    const auto* b = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int64_t>(s.size());
    auto at = static_cast<std::int64_t>(from);
    while (at < n) {
        const auto left = static_cast<std::int32_t>(std::min<std::int64_t>(n - at, INT32_MAX));
        at += shown_set.spanUTF8(s.data() + at, left, USET_SPAN_CONTAINED);
        if (at >= n) break;
        const std::int64_t start = at;
        UChar32 c = 0;
        U8_NEXT(b, at, n, c);
        if (c >= 0x20 && c != 0x7F && (c < 0x80 || u_charType(c) != U_FORMAT_CHAR)) continue;  // c < 0: not UTF-8
        return {static_cast<std::size_t>(start), static_cast<std::size_t>(at)};
    }
    return {s.size(), s.size()};
}

}  // namespace

void append_shown_well_formed(std::string& out, std::string_view s) {
    if (well_formed_shown_as_is(s)) {
        out.append(s);
        return;
    }
    append_shown(out, s);
}

void show_well_formed_tail(std::string& out, std::size_t from) {
    // The lead octets' test, then for a lead some of whose characters are not shown (E2 leads both U+2013 and the
    // bidi controls) ICU's span, with no copy: a text all shown as it is, the common case, stays where it is.
    const std::string_view written = std::string_view(out).substr(from);
    if (well_formed_shown_as_is(written) || next_not_shown(written, 0).first == written.size()) return;
    const std::string copy(written);
    out.resize(from);
    append_shown(out, copy);
}

void append_shown(std::string& out, std::string_view s) {
    if (printable_ascii(s)) {  // shown as it is: the common case
        out.append(s);
        return;
    }
    std::size_t shown_to = 0;  // s[0, shown_to) is written; each character not shown as it is, as \xHH
    for (auto [begin, end] = next_not_shown(s, 0); begin < s.size(); std::tie(begin, end) = next_not_shown(s, end)) {
        out.append(s.substr(shown_to, begin - shown_to));
        for (std::size_t k = begin; k < end; ++k) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[k]));
            out += buf;
        }
        shown_to = end;
    }
    out.append(s.substr(shown_to));
}

std::string shown(std::string_view s) {
    std::string out;
    append_shown(out, s);
    return out;
}

namespace {

// The display width of `s`: East Asian wide and fullwidth characters take two columns, combining marks and
// other zero-width characters none.
std::size_t columns(std::string_view s) {
    std::size_t width = 0;
    each_char(s, [&](UChar32 c, std::size_t, std::size_t) {
        if (c < 0) {
            ++width;
            return;
        }
        const auto gc = u_charType(c);
        if (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) return;
        const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
        width += (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH) ? 2 : 1;
    });
    return width;
}

// The display width of shown(s), without the shown string when `s` is printable ASCII.
std::size_t shown_columns(std::string_view s) { return printable_ascii(s) ? s.size() : columns(shown(s)); }

}  // namespace

void append_marker_line(std::string& out, std::string_view input, std::size_t begin, std::size_t end) {
    // Columns are counted on the shown form, where escaped bytes take four columns each.
    begin = std::min(begin, input.size());
    end = std::clamp(end, begin, input.size());
    const std::size_t before = shown_columns(input.substr(0, begin));
    const std::size_t width = shown_columns(input.substr(begin, end - begin));
    out.append(before, ' ');
    out += '^';
    if (width > 1) out.append(width - 1, '~');
}

void append_caret_display(std::string& out, std::string_view input, const iri::error& e) {
    out.append("  ");
    append_shown(out, input);
    out += '\n';
    append_caret_line(out, input, e);
}

void append_caret_line(std::string& out, std::string_view input, const iri::error& e) {
    out.append("  ");
    append_marker_line(out, input, e.char_offset, e.char_offset);
    out.append(" ").append(iri::name(e.code)).append(": ");
    e.append_message(out);
    if (*e.spec()) out.append(" [").append(e.spec()).append("]");  // errors about no grammar may cite none
    out.append("\n");
}

std::string caret_display(std::string_view input, const iri::error& e) {
    std::string out;
    append_caret_display(out, input, e);
    return out;
}

}  // namespace cli
