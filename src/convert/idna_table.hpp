// UTS #46's data for one code point: its IDNA Mapping Table status and mapping (§5) and the properties the
// validity criteria read (§4.1), from the tables the generator writes at build time out of the Unicode data files
// of data/unicode/ (iri-generate --idna-tables). Private to the library.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "grammar/charset_detail.hpp"
#include "iri/generated/idna_tables.hpp"
#include "text/ascii.hpp"

namespace iri::detail::idna {

using idna_data::bidi_class;
using idna_data::joining_type;
using idna_data::status;

/// The Unicode version of the tables ("17.0.0").
inline constexpr std::string_view unicode_version = idna_data::unicode_version;

/// What the tables say of one code point.
struct code_point_data {
    std::uint32_t bits;

    /// Its status: valid, deviation, mapped, ignored or disallowed (§5).
    [[nodiscard]] constexpr status state() const noexcept { return static_cast<status>(bits & idna_data::status_mask); }
    /// Its Bidi_Class, of those RFC 5893 §2 names.
    [[nodiscard]] constexpr bidi_class bidi() const noexcept {
        return static_cast<bidi_class>(bits >> idna_data::bidi_shift & idna_data::bidi_mask);
    }
    /// Its Joining_Type, of those RFC 5892 Appendix A.1 names.
    [[nodiscard]] constexpr joining_type joining() const noexcept {
        return static_cast<joining_type>(bits >> idna_data::joining_shift & idna_data::joining_mask);
    }
    /// Whether its Canonical_Combining_Class is Virama (RFC 5892 Appendix A.1, A.2).
    [[nodiscard]] constexpr bool virama() const noexcept { return (bits & idna_data::virama_bit) != 0; }
    /// Whether its General_Category is a Mark (Mn, Mc, Me: UTS #46 §4.1 criterion 6).
    [[nodiscard]] constexpr bool mark() const noexcept { return (bits & idna_data::mark_bit) != 0; }
    /// What a mapped code point maps to, in UTF-8 (empty for any other).
    [[nodiscard]] std::string_view mapping() const noexcept {
        const std::uint32_t span = idna_data::mapping_spans[bits >> idna_data::mapping_shift];
        return {idna_data::mapping_text + (span >> 8), span & 0xFF};
    }
};

/// The data of code point `c`; a value above U+10FFFF is read as U+FFFD (disallowed).
[[nodiscard]] inline code_point_data lookup(char32_t c) noexcept {
    if (c > 0x10FFFF) c = 0xFFFD;
    const std::uint32_t block = idna_data::block_index[c >> idna_data::block_shift];
    return {idna_data::block_values[block * idna_data::block_size + (c & (idna_data::block_size - 1))]};
}

/// What the tables say of an ASCII code point, in the form the fast paths over ASCII text read: whether step 1 (Map)
/// makes it one ASCII character (`one_char`: it is valid, a deviation or disallowed, kept as it is, or mapped to one)
/// and which (`to`), whether it is valid or a deviation (§4.1 criterion 7), allowed by UseSTD3ASCIIRules (a lowercase
/// letter, a digit or "-": the grammar's ALPHA and DIGIT), a Mark (criterion 6), and of Bidi_Class R, AL or AN (RFC
/// 5893 §1.4).
struct ascii_data {
    bool one_char = false;
    char to = 0;
    bool allowed = false;
    bool std3 = false;
    bool mark = false;
    bool right_to_left = false;
};

/// The ascii_data of U+0000 to U+007F, gathered from the tables once.
[[nodiscard]] inline const std::array<ascii_data, 128>& ascii_table() noexcept {
    static const std::array<ascii_data, 128> table = [] {
        std::array<ascii_data, 128> t{};
        for (char32_t c = 0; c < 128; ++c) {
            const code_point_data d = lookup(c);
            const std::string_view m = d.mapping();
            const bool mapped_to_one =
                d.state() == status::mapped && m.size() == 1 && static_cast<unsigned char>(m[0]) < 0x80;
            t[c].one_char = d.state() != status::ignored && (d.state() != status::mapped || mapped_to_one);
            t[c].to = mapped_to_one ? m[0] : static_cast<char>(c);
            t[c].allowed = d.state() == status::valid || d.state() == status::deviation;
            const char a = static_cast<char>(c);
            t[c].std3 = a == '-' || is_digit(a) || (is_alpha(a) && to_lower(a) == a);
            t[c].mark = d.mark();
            t[c].right_to_left = d.bidi() == bidi_class::r || d.bidi() == bidi_class::al || d.bidi() == bidi_class::an;
        }
        return t;
    }();
    return table;
}

}  // namespace iri::detail::idna
