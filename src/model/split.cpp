// RFC 3986 Appendix B (rfc2396bis-02 Appendix B): the component-splitting regular expression, by hand: each
// component's end found by find_first_of, sixteen octets at a time.
#include "iri/split.hpp"

#include "text/ascii.hpp"

namespace iri {

components split(std::string_view s) noexcept {
    components c;
    const char* const text = s.data();
    const char* const end = text + s.size();
    const auto offset = [text](const char* p) { return static_cast<std::uint32_t>(p - text); };
    const char* p = text;
    // scheme: ^([^:/?#]+):
    if (const char* colon = detail::find_first_of<':', '/', '?', '#'>(text, end, text);
        colon != text && colon != end && *colon == ':') {
        c[component::scheme] = {0, offset(colon)};
        p = colon + 1;
    }
    // authority: (//([^/?#]*))?
    if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
        const char* const b = p + 2;
        const char* const e = detail::find_first_of<'/', '?', '#'>(b, end, text);
        c[component::authority] = {offset(b), offset(e)};
        const char* h = b;
        if (const char* at = detail::find_first_of<'@'>(b, e, text); at != e) {
            c[component::userinfo] = {offset(b), offset(at)};
            h = at + 1;
        }
        const char* he = e;
        if (h != e && *h == '[') {
            const char* close = detail::find_first_of<']'>(h, e, text);
            he = close != e ? close + 1 : e;
        } else {
            he = detail::find_first_of<':'>(h, e, text);
        }
        c[component::host] = {offset(h), offset(he)};
        if (he != e && *he == ':') c[component::port] = {offset(he) + 1, offset(e)};
        p = e;
    }
    // path: ([^?#]*)
    const char* const path_end = detail::find_first_of<'?', '#'>(p, end, text);
    c[component::path] = {offset(p), offset(path_end)};
    p = path_end;
    // query: (\?([^#]*))?
    if (p != end && *p == '?') {
        const char* const query_end = detail::find_first_of<'#'>(p + 1, end, text);
        c[component::query] = {offset(p) + 1, offset(query_end)};
        p = query_end;
    }
    // fragment: (#(.*))?
    if (p != end && *p == '#') c[component::fragment] = {offset(p) + 1, offset(end)};
    return c;
}

}  // namespace iri
