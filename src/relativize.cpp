// Relativization: the shortest reference that resolves (RFC 3986 §5.2) back to a target.
#include "iri/resolve.hpp"

#include <algorithm>
#include <array>

#include "error_detail.hpp"
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
    // Merge keeps the base's directory in front of the reference's path: both absolute, or both rootless (a
    // rootless base such as "urn:x/y/z" has the rootless directory "x/y/", or none at all).
    const bool dir_absolute = !dir.empty() && dir.front() == '/';
    if (dir_absolute != path.starts_with('/')) return {};

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

// The references that may resolve to `t`, from the most to the least relative, shortest first. Each is
// checked by resolving it: the first that gives `t` back wins.
struct candidate_list {
    std::array<std::string, 6> text;
    std::size_t count = 0;
    void add(std::string s) { text[count++] = std::move(s); }
};

// Candidates that keep the base's authority: "" / "#f", "?q#f", a relative path, an absolute path.
void same_authority_candidates(const reference_view& base, const reference_view& t, candidate_list& c) {
    if (t.path() == base.path()) {
        std::string tail;
        if (t.has_query() == base.has_query() && t.query() == base.query()) {
            append_tail(tail, t, false);  // "" or "#fragment"
            c.add(std::move(tail));
        } else if (t.has_query()) {
            append_tail(tail, t, true);  // "?query#fragment"
            c.add(std::move(tail));
        }
    }
    if (std::string rel = relative_path(base, t.path()); !rel.empty()) {
        append_tail(rel, t, true);
        c.add(std::move(rel));
    }
    if (t.path().starts_with('/') && !t.path().starts_with("//")) {  // an absolute-path reference
        std::string abs(t.path());
        append_tail(abs, t, true);
        c.add(std::move(abs));
    }
}

candidate_list candidates(const reference_view& base, const reference_view& t) {
    candidate_list c;
    if (t.scheme() == base.scheme()) {
        if (t.has_authority() == base.has_authority() && t.authority() == base.authority())
            same_authority_candidates(base, t, c);
        if (t.has_authority()) {  // a network-path reference
            std::string net = "//";
            net.append(t.authority()).append(t.path());
            append_tail(net, t, true);
            c.add(std::move(net));
        }
    }
    c.add(std::string(t.str()));  // resolves to itself unless its path has dot segments
    std::stable_sort(c.text.begin(), c.text.begin() + static_cast<std::ptrdiff_t>(c.count),
                     [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    return c;
}

// errc::not_relativizable: the target is relative (no resolution gives a reference without a scheme), or its
// path has a dot segment (resolution removes every one, RFC 3986 §5.2.4); the error points at either.
error not_relativizable(const reference_view& t) {
    error e = detail::make_error(errc::not_relativizable, t.str(), 0, t.variant(), production::uri_reference);
    e.where = t.has_scheme() ? component::path : component::scheme;
    if (t.has_scheme()) {
        const std::size_t dot = detail::first_dot_segment(t.path());
        e.offset = e.char_offset = t.offsets()[component::path].begin + static_cast<std::uint32_t>(dot);
    }
    return e;
}

}  // namespace

result<reference> relativize(const reference_view& base, const reference_view& target_in) {
    if (!base.has_scheme()) return detail::base_not_absolute(base);
    auto target = detail::in_grammar(target_in, base.variant());
    if (!target) return target.error();
    const reference_view& t = *target;
    if (!t.has_scheme()) return not_relativizable(t);  // resolution always gives a reference with a scheme
    const candidate_list c = candidates(base, t);
    for (std::size_t i = 0; i < c.count; ++i) {
        auto ref = reference::parse(c.text[i], base.variant());
        if (!ref) continue;
        auto back = resolve(base, *ref);
        if (back && back->str() == t.str()) return ref;
    }
    return not_relativizable(t);  // a path with dot segments: resolution removes them (§5.2.4)
}

result<reference> relativize(std::string_view base, std::string_view target, grammar g) {
    auto b = reference_view::parse(base, g);
    if (!b) return b.error();
    auto t = reference_view::parse(target, g);
    if (!t) return t.error();
    return relativize(*b, *t);
}

}  // namespace iri
