// Punycode (RFC 3492), the Bootstring encoding of IDNA's A-labels, without the "xn--" prefix. Private to the
// library (UTS #46 processing, convert/uts46.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace iri::detail {

/// The most code points a label is encoded or decoded with: the encoder's work grows with the product of its
/// length and its distinct code points, the decoder's insertions with the square of its length, so a longer label
/// fails (as it did in ICU, which refuses about as many). A label DNS allows has at most 59.
inline constexpr std::size_t max_punycode_code_points = 1000;

/// Decodes `in` (RFC 3492 §6.2: the basic code points before the last "-", then the deltas), appending the code
/// points to `out`. False for a failure: a code point that is not ASCII, a digit that is none, a delta that ends
/// early or overflows, a result above U+10FFFF or a surrogate, or more than max_punycode_code_points of result
/// (what punycode_encode writes it decodes).
[[nodiscard]] bool punycode_decode(std::string_view in, std::u32string& out);

/// Encodes the scalar values `in` (RFC 3492 §6.3), appending the ASCII to `out`. False for more than
/// max_punycode_code_points of them (and for a value above U+10FFFF, which no caller gives).
[[nodiscard]] bool punycode_encode(std::u32string_view in, std::string& out);

}  // namespace iri::detail
