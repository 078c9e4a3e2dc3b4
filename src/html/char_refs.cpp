// Character references (char_refs.hpp).
#include "html/char_refs.hpp"

#include <algorithm>
#include <array>

#include "html/html_sets.hpp"
#include "iri/generated/named_references.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::html::detail {

namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";  // U+FFFD

using generated::named_references;

// The references whose names start with each ASCII octet: named_references[first[c], first[c + 1]).
constexpr auto first_of = [] {
    std::array<std::uint16_t, 129> first{};
    std::size_t k = 0;
    for (unsigned c = 0; c <= 128; ++c) {
        while (k < generated::named_reference_count && static_cast<unsigned char>(named_references[k].name[0]) < c) ++k;
        first[c] = static_cast<std::uint16_t>(k);
    }
    return first;
}();

// §13.2.5.80 numeric character reference end state: the code point a reference to `number` stands for.
char32_t numeric_replacement(std::uint32_t number) noexcept {
    if (number == 0 || number > 0x10FFFF) return 0xFFFD;      // null-character-reference, out of range
    if (number >= 0xD800 && number <= 0xDFFF) return 0xFFFD;  // surrogate-character-reference
    if (number >= 0x80 && number <= 0x9F) {                   // control-character-reference: the table
        const std::uint16_t r = generated::c1_replacements[number - 0x80];
        if (r != 0) return r;
    }
    return number;  // noncharacters and other controls are parse errors only
}

// §13.2.5.75 to §13.2.5.79 at "&#" (text[at] is "&"): the reference's end and code point, or npos when no digit
// follows ("&#" and "&#x" are then text: absence-of-digits-in-numeric-character-reference).
std::size_t numeric_reference(std::string_view text, std::size_t at, char32_t& code) noexcept {
    std::size_t p = at + 2;
    const bool hex = p < text.size() && (text[p] == 'x' || text[p] == 'X');
    if (hex) ++p;
    const std::size_t digits = p;
    std::uint32_t number = 0;
    for (; p < text.size(); ++p) {
        const char c = text[p];
        unsigned value;
        if (ascii_digit(c)) value = static_cast<unsigned>(c - '0');
        else if (hex && ascii_hex_digit(c)) value = static_cast<unsigned>(iri::detail::to_lower(c) - 'a' + 10);
        else break;
        number = std::min<std::uint32_t>(number * (hex ? 16 : 10) + value, 0x110000);  // past U+10FFFF it stays out
    }
    if (p == digits) return std::string_view::npos;
    if (p < text.size() && text[p] == ';') ++p;  // else missing-semicolon-after-character-reference
    code = numeric_replacement(number);
    return p;
}

}  // namespace

// The names sharing a prefix are a range of the sorted table, the name that is the prefix itself first: each
// character of `name` narrows the range to the names that have it there (two binary searches on that character), and
// the last prefix that is a whole name is the longest match.
named_match longest_named_reference(std::string_view name) noexcept {
    if (name.empty() || static_cast<unsigned char>(name[0]) >= 0x80) return {};
    const auto c0 = static_cast<unsigned char>(name[0]);
    std::size_t lo = first_of[c0], hi = first_of[c0 + 1];
    named_match best;
    for (std::size_t i = 1; lo < hi; ++i) {  // [lo, hi): the names that start with name[0, i)
        if (named_references[lo].name.size() == i) best = {i, named_references[lo++].utf8};
        if (i >= name.size() || i >= generated::longest_reference_name) break;
        const char c = name[i];
        const auto* first = named_references + lo;
        const auto* last = named_references + hi;
        first = std::lower_bound(first, last, c,
                                 [i](const generated::named_reference& r, char x) { return r.name[i] < x; });
        last = std::upper_bound(first, last, c,
                                [i](char x, const generated::named_reference& r) { return x < r.name[i]; });
        lo = static_cast<std::size_t>(first - named_references);
        hi = static_cast<std::size_t>(last - named_references);
    }
    return best;
}

void append_decoded(std::string_view text, text_context context, std::string& out) {
    const bool replace_null = context != text_context::data;
    std::size_t copied = 0;  // text[copied, i) is still to be appended as it is
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c != '&' && (c != '\0' || !replace_null)) {
            ++i;
            continue;
        }
        out.append(text.substr(copied, i - copied));
        if (c == '\0') {  // unexpected-null-character
            out.append(replacement_character);
            copied = ++i;
            continue;
        }
        // §13.2.5.72 character reference state
        if (i + 1 < text.size() && text[i + 1] == '#') {
            char32_t code = 0;
            const std::size_t end = numeric_reference(text, i, code);
            if (end != std::string_view::npos) {
                iri::detail::append_utf8(out, code);
                copied = i = end;
                continue;
            }
            copied = i;  // "&#" as text
            i += 2;
            continue;
        }
        const named_match m = longest_named_reference(text.substr(i + 1));
        const std::size_t after = i + 1 + m.length;
        if (m.length == 0) {  // the ambiguous ampersand state: "&" and what follows are text
            copied = i++;
            continue;
        }
        if (context == text_context::attribute_value && text[after - 1] != ';' && after < text.size() &&
            (text[after] == '=' || ascii_alphanumeric(text[after]))) {
            copied = i;  // for historical reasons: the reference is left as it is
            i = after;
            continue;
        }
        out.append(m.utf8);
        copied = i = after;
    }
    out.append(text.substr(copied));
}

}  // namespace iri::html::detail
