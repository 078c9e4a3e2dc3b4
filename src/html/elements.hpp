// The elements the link finder knows by name and the Standard's lists they are in (data/html/elements.tsv), and
// the attributes it reads (data/html/attributes.tsv), from the header the build generates of them
// (iri/generated/html_tables.hpp). Private to the library.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "iri/generated/html_tables.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

using generated::attribute_kind;
using generated::attribute_row;
using generated::element;
namespace list = generated::list;

/// A name of at most 16 octets, ASCII-lowercased (§13.2.5.8, §13.2.5.33), as the generated tables' words.
struct name_words {
    std::size_t size;
    std::uint64_t first, second;
};
[[nodiscard]] inline name_words words_of(std::string_view name) noexcept {
    if (name.size() > 16) return {name.size(), 0, 0};  // matches no name of the tables (none is that long)
    auto w = iri::detail::lowercase_words(name);
    if constexpr (std::endian::native == std::endian::big) w = {__builtin_bswap64(w[0]), __builtin_bswap64(w[1])};
    return {name.size(), w[0], w[1]};
}

/// The element a tag name (as written) names, or unknown.
[[nodiscard]] inline element element_of(std::string_view name) noexcept {
    if (name.size() > 16) return element::unknown;
    const name_words w = words_of(name);
    return generated::element_by_words(w.size, w.first, w.second);
}

/// Whether the attribute named `w` is `row`'s.
[[nodiscard]] constexpr bool names(const attribute_row& row, const name_words& w) noexcept {
    return row.name.size() == w.size && row.first == w.first && row.second == w.second;
}

/// Whether `e` is in the list (a bit of namespace list).
[[nodiscard]] constexpr bool in_list(element e, std::uint64_t l) noexcept {
    return (generated::element_lists[static_cast<std::size_t>(e)] & l) != 0;
}

[[nodiscard]] constexpr std::string_view name_of(element e) noexcept {
    return generated::element_names[static_cast<std::size_t>(e)];
}

/// The rows of attributes.tsv for `e`.
struct attribute_rows {
    const attribute_row* first;
    const attribute_row* last;
    [[nodiscard]] const attribute_row* begin() const noexcept { return first; }
    [[nodiscard]] const attribute_row* end() const noexcept { return last; }
    [[nodiscard]] bool empty() const noexcept { return first == last; }
};
[[nodiscard]] constexpr attribute_rows rows_of(element e) noexcept {
    const auto i = static_cast<std::size_t>(e);
    return {generated::attribute_rows + generated::attribute_first[i],
            generated::attribute_rows + generated::attribute_first[i + 1]};
}

}  // namespace iri::html::detail
