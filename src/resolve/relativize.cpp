// Relativization: the shortest reference that resolves (RFC 3986 §5.2) back to a target.
#include "iri/resolve.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "model/error_detail.hpp"
#include "resolve/resolve_detail.hpp"

namespace iri {

namespace {

// A candidate reference: a few bytes of its own (such as "../"), then a suffix of the target's text (the rest of
// its path, its query, its fragment). Nothing long is copied before a candidate is chosen.
struct candidate {
    std::string head;
    std::string_view suffix;
    [[nodiscard]] std::size_t size() const noexcept { return head.size() + suffix.size(); }
};

// The target's text from the start of component k (`before` bytes earlier, for its delimiter) to its end.
std::string_view from(const reference_view& t, component k, std::uint32_t before = 0) {
    return t.str().substr(t.offsets()[k].begin - before);
}

// "#fragment" when the target has one, else "": the end of its text.
std::string_view fragment_tail(const reference_view& t) {
    return t.has_fragment() ? from(t, component::fragment, 1) : t.str().substr(t.str().size());
}

// A relative-path reference to the target's path from the directory of the base (RFC 3986 §5.2.3 merge,
// inverted), then its query and fragment; nothing when the two paths cannot be related that way.
std::optional<candidate> relative_path(const reference_view& base, const reference_view& t) {
    const std::string_view bp = base.path(), path = t.path();
    std::string_view dir;  // what merge() keeps of the base path
    if (base.has_authority() && bp.empty()) dir = "/";
    else dir = bp.substr(0, bp.rfind('/') + 1);  // npos + 1 == 0: no directory
    // Merge keeps the base's directory in front of the reference's path: both absolute, or both rootless (a
    // rootless base such as "urn:x/y/z" has the rootless directory "x/y/", or none at all).
    const bool dir_absolute = !dir.empty() && dir.front() == '/';
    if (dir_absolute != path.starts_with('/')) return std::nullopt;

    // The longest common directory: up to the last "/" both paths share.
    std::size_t common = 0;
    for (std::size_t i = 0; i < dir.size() && i < path.size() && dir[i] == path[i]; ++i)
        if (dir[i] == '/') common = i + 1;
    const std::size_t ups =
        static_cast<std::size_t>(std::count(dir.begin() + static_cast<std::ptrdiff_t>(common), dir.end(), '/'));
    const std::string_view rest = path.substr(common);
    candidate rel{{}, from(t, component::path).substr(common)};  // the rest of the path, the query, the fragment
    if (rest.empty()) {  // the target is a directory of the base: "." or "..", "../..", ...
        for (std::size_t k = 0; k + 1 < ups; ++k) rel.head.append("../");
        rel.head.append(ups == 0 ? "." : "..");
        return rel;
    }
    for (std::size_t k = 0; k < ups; ++k) rel.head.append("../");
    // A first segment that is empty (would read as "/" or "//") or holds ":" (would read as a scheme,
    // RFC 3986 §4.2) needs "./" before it.
    const std::string_view first = rest.substr(0, rest.find('/'));
    if (ups == 0 && (first.empty() || first.find(':') != std::string_view::npos)) rel.head.append("./");
    return rel;
}

// The references that may resolve to `t`, from the most to the least relative, shortest first. Each is
// checked by resolving it: the first that gives `t` back wins.
struct candidate_list {
    std::array<candidate, 6> all;
    std::size_t count = 0;
    void add(candidate c) { all[count++] = std::move(c); }
};

// Candidates that keep the base's authority: "" / "#f", "?q#f", a relative path, an absolute path.
void same_authority_candidates(const reference_view& base, const reference_view& t, candidate_list& c) {
    if (t.path() == base.path()) {
        if (t.has_query() == base.has_query() && t.query() == base.query())
            c.add({{}, fragment_tail(t)});                                  // "" or "#fragment"
        else if (t.has_query()) c.add({{}, from(t, component::query, 1)});  // "?query#fragment"
    }
    if (auto rel = relative_path(base, t)) c.add(std::move(*rel));
    if (t.path().starts_with('/') && !t.path().starts_with("//"))  // an absolute-path reference
        c.add({{}, from(t, component::path)});
}

candidate_list candidates(const reference_view& base, const reference_view& t) {
    candidate_list c;
    if (t.scheme() == base.scheme()) {
        if (t.has_authority() == base.has_authority() && t.authority() == base.authority())
            same_authority_candidates(base, t, c);
        if (t.has_authority()) c.add({{}, from(t, component::authority, 2)});  // a network-path reference
    }
    c.add({{}, t.str()});  // resolves to itself unless its path has dot segments
    std::stable_sort(c.all.begin(), c.all.begin() + static_cast<std::ptrdiff_t>(c.count),
                     [](const candidate& a, const candidate& b) { return a.size() < b.size(); });
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
        std::string text = c.all[i].head;
        std::string_view view = c.all[i].suffix;
        if (!text.empty()) view = text.append(view);
        auto ref = reference_view::parse(view, base.variant());
        if (!ref || !detail::resolves_to(base, *ref, t.str())) continue;
        if (text.empty()) text = view;
        return detail::reference_access::adopt(std::move(text), ref->offsets(), base.variant());  // no second parse
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
