// Relativization: the shortest reference that resolves (RFC 3986 §5.2) back to a target.
#include "iri/resolve.hpp"

#include <algorithm>
#include <array>

#include "resolve_detail.hpp"

namespace iri {

namespace {

// "?query#fragment" of the target, each when defined.
void append_tail(std::string& s, const reference_view& t, bool with_query) {
    if (with_query && t.has_query()) s.append("?").append(t.query());
    if (t.has_fragment()) s.append("#").append(t.fragment());
}

// A relative-path reference to `path` from the directory of the base (RFC 3986 §5.2.3 merge, inverted), or
// "" when the two paths cannot be related that way.
std::string relative_path(const reference_view& base, std::string_view path) {
    const std::string_view bp = base.path();
    std::string_view dir;  // what merge() keeps of the base path
    if (base.has_authority() && bp.empty()) dir = "/";
    else dir = bp.substr(0, bp.rfind('/') + 1);  // npos + 1 == 0: no directory
    if (!dir.empty() && (path.empty() || path.front() != '/')) return {};

    // The longest common directory: up to the last "/" both paths share.
    std::size_t common = 0;
    for (std::size_t i = 0; i < dir.size() && i < path.size() && dir[i] == path[i]; ++i)
        if (dir[i] == '/') common = i + 1;
    const std::size_t ups = static_cast<std::size_t>(std::count(dir.begin() + static_cast<std::ptrdiff_t>(common),
                                                                dir.end(), '/'));
    const std::string_view rest = path.substr(common);

    std::string rel;
    if (rest.empty()) {  // the target is a directory of the base: "." or "..", "../..", ...
        for (std::size_t k = 0; k + 1 < ups; ++k) rel.append("../");
        rel.append(ups == 0 ? "." : "..");
        return rel;
    }
    for (std::size_t k = 0; k < ups; ++k) rel.append("../");
    // A first segment that is empty (would read as "/" or "//") or holds ":" (would read as a scheme,
    // RFC 3986 §4.2) needs "./" before it.
    const std::string_view first = rest.substr(0, rest.find('/'));
    if (ups == 0 && (first.empty() || first.find(':') != std::string_view::npos)) rel.append("./");
    rel.append(rest);
    return rel;
}

}  // namespace

result<reference> relativize(const reference_view& base, const reference_view& target_in) {
    if (!base.has_scheme()) return detail::base_not_absolute(base);
    auto target = detail::in_grammar(target_in, base.variant());
    if (!target) return target.error();
    const reference_view& t = *target;
    // Another scheme (or none): only the target itself can resolve to the target.
    if (!t.has_scheme() || t.scheme() != base.scheme()) return reference(t);

    // The candidates, from the most to the least relative; the shortest one that resolves back wins.
    std::array<std::string, 6> candidates;
    std::size_t count = 0;
    const bool same_authority =
        t.has_authority() == base.has_authority() && t.authority() == base.authority();
    if (same_authority) {
        if (t.path() == base.path()) {
            if (t.has_query() == base.has_query() && t.query() == base.query()) {
                append_tail(candidates[count++], t, false);  // "" or "#fragment"
            } else if (t.has_query()) {
                append_tail(candidates[count++], t, true);  // "?query#fragment"
            }
        }
        std::string rel = relative_path(base, t.path());
        if (!rel.empty()) {
            append_tail(rel, t, true);
            candidates[count++] = std::move(rel);
        }
        if (t.path().starts_with('/') && !t.path().starts_with("//")) {  // an absolute-path reference
            std::string abs(t.path());
            append_tail(abs, t, true);
            candidates[count++] = std::move(abs);
        }
    }
    if (t.has_authority()) {  // a network-path reference
        std::string net = "//";
        net.append(t.authority()).append(t.path());
        append_tail(net, t, true);
        candidates[count++] = std::move(net);
    }
    candidates[count++] = t.str();  // always resolves to itself (a path without dot segments)
    std::stable_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(count),
                     [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    for (std::size_t i = 0; i < count; ++i) {
        auto ref = reference::parse(candidates[i], base.variant());
        if (!ref) continue;
        auto back = resolve(base, *ref);
        if (back && back->str() == t.str()) return ref;
    }
    return reference(t);  // a path with dot segments: nothing resolves to it
}

result<reference> relativize(std::string_view base, std::string_view target, grammar g) {
    auto b = reference_view::parse(base, g);
    if (!b) return b.error();
    auto t = reference_view::parse(target, g);
    if (!t) return t.error();
    return relativize(*b, *t);
}

}  // namespace iri
