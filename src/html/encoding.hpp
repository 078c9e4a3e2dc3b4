// A page's encoding (HTML §13.2.3), on the Encoding Standard's labels and encodings (convert/encodings.hpp): the BOM, the prescan of the first 1,024 bytes for <meta charset> (§13.2.3.2), the
// charset of a meta content attribute (§2.5.3), and the encoding sniffing algorithm that puts them in order.
// Private to the library.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "convert/encodings.hpp"
#include "iri/html.hpp"

namespace iri::html::detail {

// The Encoding Standard's encodings and labels, one table for web/ and html/ (convert/encodings.hpp).
using iri::detail::ascii_compatible;
using iri::detail::converter_name;
using iri::detail::encoding_count;
using iri::detail::encoding_for_label;
using iri::detail::encoding_id;
using iri::detail::encoding_name;
using iri::detail::output_encoding;
using iri::detail::replacement;
using iri::detail::supported;
using iri::detail::utf16be;
using iri::detail::utf16le;
using iri::detail::utf8;
using iri::detail::windows1252;
using iri::detail::x_user_defined;

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
