// A page's encoding (HTML §13.2.3): the Encoding Standard's labels and encodings (data/encoding/, generated into
// iri/generated/encodings.hpp), the BOM, the prescan of the first 1,024 bytes for <meta charset> (§13.2.3.2), the
// charset of a meta content attribute (§2.5.3), and the encoding sniffing algorithm that puts them in order.
// Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "iri/html.hpp"

namespace iri::html::detail {

/// An encoding: its index in the Encoding Standard's list (generated::encodings).
using encoding_id = std::uint8_t;

/// How many encodings the Encoding Standard has (the ids are 0 to this less 1).
[[nodiscard]] std::size_t encoding_count() noexcept;
/// The Encoding Standard's name of `e` ("UTF-8", "windows-1252", ...).
[[nodiscard]] std::string_view encoding_name(encoding_id e) noexcept;
/// Its ICU converter name, "" for replacement and x-user-defined (decoded by the library).
[[nodiscard]] const char* converter_name(encoding_id e) noexcept;
/// Whether the tokenizer may read a page in `e` as its bytes (data/encoding/icu_converters.tsv).
[[nodiscard]] bool ascii_compatible(encoding_id e) noexcept;
/// Whether the library can decode `e`: the two it decodes itself, and those whose ICU converter opens.
[[nodiscard]] bool supported(encoding_id e) noexcept;

/// The encodings the algorithms below name.
[[nodiscard]] encoding_id utf8() noexcept;
[[nodiscard]] encoding_id utf16le() noexcept;
[[nodiscard]] encoding_id utf16be() noexcept;
[[nodiscard]] encoding_id windows1252() noexcept;
[[nodiscard]] encoding_id x_user_defined() noexcept;
[[nodiscard]] encoding_id replacement() noexcept;

/// Encoding Standard §4.2 "get an encoding": `label` without its leading and trailing ASCII whitespace, ASCII
/// lowercased, looked up among the labels; nullopt (failure) when it is none. Supported or not.
[[nodiscard]] std::optional<encoding_id> encoding_for_label(std::string_view label) noexcept;

/// Encoding Standard §6 "BOM sniff": UTF-8 (EF BB BF), UTF-16BE (FE FF), UTF-16LE (FF FE), and the BOM's length.
struct bom_result {
    encoding_id encoding;
    std::size_t length;
};
[[nodiscard]] std::optional<bom_result> bom_sniff(std::string_view page) noexcept;

/// HTML §2.5.3 "the algorithm for extracting a character encoding from a meta element" on a content attribute's
/// value ("text/html; charset=utf-8").
[[nodiscard]] std::optional<encoding_id> encoding_from_meta_content(std::string_view content) noexcept;

/// HTML §13.2.3.2 "prescan a byte stream to determine its encoding" over `bytes` (the caller passes the first
/// 1,024 bytes, as the Standard encourages), with "get an XML encoding" when it finds no meta; UTF-16 named by a
/// meta is UTF-8, x-user-defined windows-1252, as the Standard says.
[[nodiscard]] std::optional<encoding_id> prescan(std::string_view bytes) noexcept;

/// The result of the encoding sniffing algorithm (§13.2.3.2).
struct sniffed {
    encoding_id encoding;
    encoding_source source;
    std::size_t bom_length = 0;  ///< the BOM's bytes, which the page's text starts after
};

/// §13.2.3.2 "encoding sniffing algorithm": a BOM; else `transport` (the charset of the HTTP Content-Type, a label)
/// when it names a supported encoding; else the prescan of the first 1,024 bytes when it finds a supported one;
/// else `fallback` (a label; UTF-8 when it names none). An unsupported encoding is passed over as an unknown label.
[[nodiscard]] sniffed sniff(std::string_view page, std::string_view transport, std::string_view fallback) noexcept;

}  // namespace iri::html::detail
