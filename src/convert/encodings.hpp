// The WHATWG Encoding Standard's encodings and labels (data/encoding/, generated into iri/generated/encodings.hpp):
// the one "get an encoding" (§4.2) and "get an output encoding" (§4.3), each encoding's name and the ICU converter
// the library decodes and encodes it with. For the URL parser's encoding (web/legacy_query.cpp) and a page's
// encoding (html/encoding.cpp). Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace iri::detail {

/// An encoding: its index in the Encoding Standard's list (encodings.json's order).
using encoding_id = std::uint8_t;

/// How many encodings the Encoding Standard has (the ids are 0 to this less 1).
[[nodiscard]] std::size_t encoding_count() noexcept;
/// The Encoding Standard's name of `e` ("UTF-8", "windows-1252", "Shift_JIS", ...).
[[nodiscard]] std::string_view encoding_name(encoding_id e) noexcept;
/// Its ICU converter name (data/encoding/icu_converters.tsv), "" for replacement and x-user-defined (which the
/// library decodes, and x-user-defined encodes, itself).
[[nodiscard]] const char* converter_name(encoding_id e) noexcept;
/// Whether a page in `e` may be read as its bytes (data/encoding/icu_converters.tsv's "ascii" column).
[[nodiscard]] bool ascii_compatible(encoding_id e) noexcept;
/// Whether the library can decode `e`: the two it decodes itself, and those whose ICU converter opens (the first
/// call opens each once).
[[nodiscard]] bool supported(encoding_id e) noexcept;

/// The encodings the library names.
[[nodiscard]] encoding_id utf8() noexcept;
[[nodiscard]] encoding_id utf16le() noexcept;
[[nodiscard]] encoding_id utf16be() noexcept;
[[nodiscard]] encoding_id windows1252() noexcept;
[[nodiscard]] encoding_id x_user_defined() noexcept;
[[nodiscard]] encoding_id replacement() noexcept;
[[nodiscard]] encoding_id gbk() noexcept;
[[nodiscard]] encoding_id gb18030() noexcept;
[[nodiscard]] encoding_id big5() noexcept;
[[nodiscard]] encoding_id shift_jis() noexcept;
[[nodiscard]] encoding_id euc_jp() noexcept;
[[nodiscard]] encoding_id iso_2022_jp() noexcept;

/// Encoding Standard §4.2 "get an encoding": `label` without its leading and trailing ASCII whitespace, ASCII
/// lowercased, looked up among the labels; nullopt (failure) when it is none. Supported or not.
/// @par Complexity  O(log labels), no allocation.
[[nodiscard]] std::optional<encoding_id> encoding_for_label(std::string_view label) noexcept;

/// Encoding Standard §4.3 "get an output encoding": UTF-8 for replacement, UTF-16BE and UTF-16LE, else `e`.
[[nodiscard]] encoding_id output_encoding(encoding_id e) noexcept;

}  // namespace iri::detail
