// Literal character sets of the productions, generated from the grammar files.
#include "iri/charset.hpp"

#include <algorithm>

#include "registry.hpp"

namespace iri {

bool allowed_literally(char32_t c, grammar g, production p) noexcept {
    const detail::grammar_info& gi = detail::info(g);
    for (std::size_t i = 0; i < gi.charset_count; ++i) {
        const detail::charset_info& cs = gi.charsets[i];
        if (cs.role != p) continue;
        if (c < 0x80) return (cs.ascii[c >> 6] >> (c & 63)) & 1u;
        const auto* end = cs.ranges + cs.count;
        const auto* it = std::upper_bound(cs.ranges, end, c,
                                          [](char32_t v, const std::uint32_t (&r)[2]) { return v < r[0]; });
        return it != cs.ranges && c <= (it - 1)[0][1];
    }
    return false;
}

}  // namespace iri
