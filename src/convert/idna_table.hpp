// UTS #46's data for one code point: its IDNA Mapping Table status and mapping (§5) and the properties the
// validity criteria read (§4.1), from the tables the generator writes at build time out of the Unicode data files
// of data/unicode/ (iri-generate --idna-tables). Private to the library.
#pragma once

#include <cstdint>
#include <string_view>

#include "iri/generated/idna_tables.hpp"

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

}  // namespace iri::detail::idna
