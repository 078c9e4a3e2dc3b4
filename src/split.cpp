// RFC 3986 Appendix B (rfc2396bis-02 Appendix B): the component-splitting regular expression, by hand.
#include "iri/split.hpp"

namespace iri {

components split(std::string_view s) noexcept {
    components c;
    const auto n = static_cast<std::uint32_t>(s.size());
    std::uint32_t i = 0;
    // scheme: ^([^:/?#]+):
    {
        std::uint32_t j = 0;
        while (j < n && s[j] != ':' && s[j] != '/' && s[j] != '?' && s[j] != '#') ++j;
        if (j > 0 && j < n && s[j] == ':') {
            c[component::scheme] = {0, j};
            i = j + 1;
        }
    }
    // authority: (//([^/?#]*))?
    if (i + 2 <= n && s[i] == '/' && s[i + 1] == '/') {
        std::uint32_t b = i + 2, j = b;
        while (j < n && s[j] != '/' && s[j] != '?' && s[j] != '#') ++j;
        c[component::authority] = {b, j};
        std::uint32_t h = b;
        for (std::uint32_t k = b; k < j; ++k)
            if (s[k] == '@') {
                c[component::userinfo] = {b, k};
                h = k + 1;
                break;
            }
        std::uint32_t he = j;
        if (h < j && s[h] == '[') {
            std::uint32_t k = h;
            while (k < j && s[k] != ']') ++k;
            he = k < j ? k + 1 : j;
        } else {
            for (std::uint32_t k = h; k < j; ++k)
                if (s[k] == ':') {
                    he = k;
                    break;
                }
        }
        c[component::host] = {h, he};
        if (he < j && s[he] == ':') c[component::port] = {he + 1, j};
        i = j;
    }
    // path: ([^?#]*)
    {
        std::uint32_t j = i;
        while (j < n && s[j] != '?' && s[j] != '#') ++j;
        c[component::path] = {i, j};
        i = j;
    }
    // query: (\?([^#]*))?
    if (i < n && s[i] == '?') {
        std::uint32_t j = i + 1;
        while (j < n && s[j] != '#') ++j;
        c[component::query] = {i + 1, j};
        i = j;
    }
    // fragment: (#(.*))?
    if (i < n && s[i] == '#') c[component::fragment] = {i + 1, n};
    return c;
}

}  // namespace iri
