// Literal character sets of the productions, generated from the grammar files.
#include "iri/charset.hpp"

#include "grammar/charset_detail.hpp"
#include "grammar/registry.hpp"

namespace iri {
namespace detail {

const charset_info* find_charset(grammar g, production p) noexcept {
    const grammar_info& gi = info(g);
    for (std::size_t i = 0; i < gi.charset_count; ++i)
        if (gi.charsets[i].role == p) return &gi.charsets[i];
    return nullptr;
}

const charset_info* find_named_set(grammar g, named_set s) noexcept {
    return info(g).named_sets[static_cast<std::size_t>(s)];
}

const charset_info& named(grammar g, named_set s) noexcept {
    static const charset_info none{production::uri_reference, nullptr, 0, {0, 0}};
    const charset_info* cs = find_named_set(g, s);
    return cs ? *cs : none;
}

}  // namespace detail

bool allowed_literally(char32_t c, grammar g, production p) noexcept {
    const detail::charset_info* cs = detail::find_charset(g, p);
    return cs != nullptr && detail::contains(*cs, c);
}

}  // namespace iri
