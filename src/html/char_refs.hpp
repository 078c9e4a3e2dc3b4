// Character references (HTML §13.2.5.72 to §13.2.5.80): "&amp;", "&#233;", "&#xE9;", and the named ones of the
// Standard's table (§13.5, data/html/entities.json, generated into a sorted table at build time), as the tokenizer
// decodes them in an attribute value and in text. Private to the library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace iri::html::detail {

/// Where the text is, which decides two of the tokenizer's rules.
enum class text_context : std::uint8_t {
    attribute_value,  ///< an attribute value: U+0000 is U+FFFD; a named reference not ended by ";" before "=" or
                      ///< an ASCII alphanumeric is left as it is (§13.2.5.73, "for historical reasons")
    data,             ///< the data state's text: U+0000 stays
    rcdata,           ///< RCDATA (title, textarea): U+0000 is U+FFFD
};

/// Appends `text` (UTF-8, its line breaks already normalized, §13.2.3.5) to `out` with its character references
/// decoded and its U+0000 replaced as `context` says. Linear in the text (a named reference is looked up among the
/// names of at most 32 characters that start there).
void append_decoded(std::string_view text, text_context context, std::string& out);

/// The longest named character reference at the start of `name` (the text after an "&"): how many characters of
/// it the name has, and its replacement in UTF-8; {0, ""} when no name matches.
struct named_match {
    std::size_t length = 0;
    std::string_view utf8;
};
[[nodiscard]] named_match longest_named_reference(std::string_view name) noexcept;

}  // namespace iri::html::detail
