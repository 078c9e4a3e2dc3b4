// The elements the link finder knows by name and the Standard's lists they are in (data/html/elements.tsv), and
// the attributes it reads (data/html/attributes.tsv), from the header the build generates of them
// (iri/generated/html_tables.hpp). Private to the library.
#pragma once

#include <cstdint>
#include <string_view>

#include "iri/generated/html_tables.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

using generated::attribute_kind;
using generated::attribute_row;
using generated::element;
namespace list = generated::list;

/// The element a tag name (as written) names: ASCII-lowercased (§13.2.5.8), looked up; unknown for any other.
[[nodiscard]] inline element element_of(std::string_view name) noexcept {
    constexpr std::size_t longest = 16;  // longer than every name of the tables
    if (name.empty() || name.size() > longest) return element::unknown;
    char lower[longest];
    for (std::size_t i = 0; i < name.size(); ++i) lower[i] = iri::detail::to_lower(name[i]);
    return generated::element_named(std::string_view(lower, name.size()));
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
