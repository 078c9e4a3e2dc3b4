// Percent-encoding over the bytes of UTF-8 text with a 256-bit set (the URL Standard's "UTF-8 percent-encode" of
// each code point of a string, §1.3): runs that need no encoding are found by the SIMD skip (text/simd_scan.hpp) and
// copied whole; the rest is written byte by byte. The web stage's components, URLSearchParams and the crawler's
// keys encode with it. Private to the library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "text/simd_scan.hpp"

namespace iri::detail {

/// A set of bytes: 256 bits.
struct byte_set {
    std::uint64_t bits[4] = {};

    constexpr void add(unsigned char c) noexcept { bits[c >> 6] |= std::uint64_t{1} << (c & 63); }
    [[nodiscard]] constexpr bool has(unsigned char c) const noexcept { return (bits[c >> 6] >> (c & 63)) & 1u; }
};

/// A percent-encode set as the encoder reads it: the bytes written as "%HH" (all of 0x80–0xFF or none of them:
/// the bytes of a code point's UTF-8 from U+0080 are all from 0x80, so that a set holding every such code point, as
/// each of the URL Standard's does, encodes a string's bytes as it would its code points), and for the SIMD skip the
/// ASCII bytes copied as they are, "%" among them when it is not encoded (its "%HH" triplets pass the skip whole).
struct percent_encode_set {
    byte_set encoded;
    ascii_set copied;
    bool non_ascii_encoded = false;
    std::uint8_t kept[256] = {};  ///< 1 for each ASCII byte copied as it is (a byte at a time); 0 from 0x80
};

/// The percent_encode_set that writes the bytes of `encoded` as "%HH" (its bytes from 0x80: all or none).
[[nodiscard]] constexpr percent_encode_set make_percent_encode_set(const byte_set& encoded) noexcept {
    percent_encode_set set;
    set.encoded = encoded;
    set.non_ascii_encoded = encoded.has(0x80);
    for (unsigned c = 0; c < 0x80; ++c)
        if (!encoded.has(static_cast<unsigned char>(c))) set.copied.add(static_cast<unsigned char>(c));
    for (unsigned c = 0; c < 0x80; ++c) set.kept[c] = encoded.has(static_cast<unsigned char>(c)) ? 0 : 1;
    return set;
}

/// Appends `text` to `out`, each byte of `set.encoded` as "%HH" (uppercase hex) and the others as they are; an
/// ill-formed UTF-8 sequence, its maximal subpart, as U+FFFD (EF BF BD, encoded with the set), as the Encoding
/// Standard's UTF-8 decoder reads it. With `space_as_plus`, a space is "+" (§5.2's spaceAsPlus). Linear time;
/// copies a run of bytes the set keeps with one append.
void append_percent_encoded(std::string& out, std::string_view text, const percent_encode_set& set,
                            bool space_as_plus = false);

/// The offset of the first byte from `at` that append_percent_encoded would not copy as it is (a byte of the set,
/// an ill-formed UTF-8 sequence), or text.size(): the SIMD skip, then its stops judged one at a time.
[[nodiscard]] std::size_t first_to_encode(std::string_view text, std::size_t at,
                                          const percent_encode_set& set) noexcept;

}  // namespace iri::detail
