// UTF-8 (RFC 3629): the octet facts of its form, walking it a code point at a time, and writing it. The one home of
// the lead and trail octet tests and of decoding (with U+FFFD for ill-formed sequences) for the whole library: no
// stage outside text/ calls ICU's U8_ macros (unicode/utf8.h), which these wrap. Private to the library.
#pragma once

#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace iri::detail {

/// Whether `octet` is a trail octet (10xxxxxx, RFC 3629 §3).
[[nodiscard]] constexpr bool is_utf8_trail(unsigned octet) noexcept { return (octet & 0xC0) == 0x80; }

/// Whether `octet` can start a character of two or more octets (C2–F4, RFC 3629 §4).
[[nodiscard]] constexpr bool is_utf8_lead(unsigned octet) noexcept { return octet >= 0xC2 && octet <= 0xF4; }

/// The code point that starts at s[i] (i < n), i moved past it; a negative value for an ill-formed sequence, i moved
/// past its maximal subpart (Unicode §3.9 "U+FFFD substitution of maximal subparts", as the Encoding Standard's UTF-8
/// decoder reads it): one decoder for every stage.
[[nodiscard]] inline std::int32_t next_code_point(const unsigned char* s, std::size_t& i, std::size_t n) noexcept {
    auto k = static_cast<std::int64_t>(i);
    UChar32 c = 0;
    U8_NEXT(s, k, static_cast<std::int64_t>(n), c);
    i = static_cast<std::size_t>(k);
    return c;
}

/// next_code_point with U+FFFD for an ill-formed sequence.
[[nodiscard]] inline char32_t next_code_point_or_fffd(const unsigned char* s, std::size_t& i, std::size_t n) noexcept {
    const std::int32_t c = next_code_point(s, i, n);
    return c < 0 ? char32_t{0xFFFD} : static_cast<char32_t>(c);
}

/// The code point of the UTF-16 code units at text[i] (i < text.size()), i moved past them; -1 for a lone surrogate
/// (i moved past it).
[[nodiscard]] inline std::int32_t next_code_point(std::u16string_view text, std::size_t& i) noexcept {
    const char16_t u = text[i++];
    if (!U16_IS_SURROGATE(u)) return u;
    if (!U16_IS_SURROGATE_LEAD(u) || i >= text.size() || !U16_IS_TRAIL(text[i])) return -1;
    return static_cast<std::int32_t>(U16_GET_SUPPLEMENTARY(u, text[i++]));
}

/// How many octets a UTF-8 character starting with this octet has (RFC 3629 §4: C2–DF two, E0–EF three, F0–F4
/// four); 0 for an octet that cannot start a character of two or more.
inline constexpr std::array<std::uint8_t, 256> utf8_length = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned o = 0xC2; o <= 0xF4; ++o) t[o] = o < 0xE0 ? 2 : o < 0xF0 ? 3 : 4;
    return t;
}();

/// Whether `s` is well-formed UTF-8 (RFC 3629 §3: no ill-formed sequence, surrogate or code point above U+10FFFF).
[[nodiscard]] inline bool is_well_formed_utf8(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (std::size_t i = 0; i < s.size();)
        if (p[i] < 0x80) ++i;
        else if (next_code_point(p, i, s.size()) < 0) return false;
    return true;
}

/// Appends code point `c` (a scalar value) as UTF-8.
inline void append_utf8(std::string& out, std::uint32_t c) {
    std::uint8_t buf[U8_MAX_LENGTH];
    std::uint32_t n = 0;
    U8_APPEND_UNSAFE(buf, n, c);
    out.append(reinterpret_cast<const char*>(buf), n);
}

/// Decodes `s` as the Encoding Standard's "UTF-8 decode without BOM" does (§4.1 of it; Unicode §3.9's "U+FFFD
/// substitution of maximal subparts"): each ill-formed sequence, its maximal subpart, is U+FFFD. Calls
/// `f(code point, offset of its first byte in s)` for each code point, in order.
template <class F>
void for_each_code_point_or_fffd(std::string_view s, F&& f) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t at = i;
        f(next_code_point_or_fffd(p, i, s.size()), at);
    }
}

/// Decodes `s`, which must be well-formed UTF-8 (text this library wrote or checked), into `out`, which has room for
/// s.size() code points; returns how many it wrote. No check is made: ill-formed input gives wrong code points, not
/// a read outside `s` (a sequence cut short at the end takes what is there).
inline std::size_t decode_well_formed_utf8(std::string_view s, char32_t* out) noexcept {
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    const std::size_t n = s.size();
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++count) {
        const std::uint32_t lead = p[i];
        const std::size_t length = lead < 0x80 ? 1 : utf8_length[lead] != 0 ? utf8_length[lead] : 1;
        std::uint32_t c = length == 1 ? lead : lead & (0x7Fu >> length);
        for (std::size_t k = 1; k < length && i + k < n; ++k) c = c << 6 | (p[i + k] & 0x3Fu);
        out[count] = static_cast<char32_t>(c);
        i += length;
    }
    return count;
}

/// `bytes` with each ill-formed sequence replaced by U+FFFD (as for_each_code_point_or_fffd reads it): UTF-8
/// that is well-formed, returned as it is when it already was. A leading U+FEFF stays.
[[nodiscard]] inline std::string with_fffd(std::string bytes) {
    if (is_well_formed_utf8(bytes)) return bytes;
    std::string out;
    out.reserve(bytes.size() + 8);
    for_each_code_point_or_fffd(bytes, [&out](char32_t c, std::size_t) { append_utf8(out, c); });
    return out;
}

}  // namespace iri::detail
