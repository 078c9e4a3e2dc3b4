// Reference resolution (RFC 3986 §5.2). The target is written once into its own string, its components' offsets
// taken from the parts they come from (shifted): no parse of the result, one allocation.
#include "iri/resolve.hpp"

#include <algorithm>
#include <cstring>
#include <initializer_list>

#include "model/error_detail.hpp"
#include "resolve/resolve_detail.hpp"
#include "text/ascii.hpp"

namespace iri {

// RFC 3986 §5.2.4, steps A–E, over the buffer [b, b + n) in place: the output never overtakes the input, so both
// are kept in it (output before `w`, input from `i`). Each output byte is written once and removed at most once:
// linear. Until the first dot segment every step is E, which leaves the text as it is: the steps start there.
// Returns the output's length.
std::size_t detail::remove_dot_segments_in_place(char* b, std::size_t n) noexcept {
    return remove_dot_segments_in_place(b, n, first_dot_segment(std::string_view(b, n)));
}

std::size_t detail::remove_dot_segments_in_place(char* b, std::size_t n, std::size_t first) noexcept {
    std::size_t i = first == n ? n : first == 0 ? 0 : first - 1;  // the "/" before it, which step B or C takes
    std::size_t w = i;
    auto drop_last_segment = [&] {  // C: the output's last segment and its preceding "/" (if any)
        while (w > 0 && b[w - 1] != '/') --w;
        if (w > 0) --w;
    };
    while (i < n) {
        const char* s = b + i;
        const std::size_t left = n - i;
        if (s[0] == '.' && is_dot_segment(b, n, i)) {
            if (left <= 2 && (left == 1 || s[1] == '.')) break;  // D: "." or ".."
            i += s[1] == '/' ? 2 : 3;                            // A: "./" or "../"
            continue;
        }
        if (s[0] == '/' && is_dot_segment(b, n, i + 1)) {
            if (left == 2 || s[2] == '/') {  // B: "/./" or "/." (then "/")
                i += 1;
                if (left == 2) b[i] = '/';
                else i += 1;
            } else {  // C: "/../" or "/.." (then "/")
                i += 2;
                if (left == 3) b[i] = '/';
                else i += 1;
                drop_last_segment();
            }
            continue;
        }
        std::size_t end = i + 1;  // E: the first segment, with its leading "/" if any
        while (end < n && b[end] != '/') ++end;
        if (w != i) std::memmove(b + w, b + i, end - i);
        w += end - i;
        i = end;
    }
    return w;
}

std::string remove_dot_segments(std::string_view in) {
    std::string out(in);
    out.resize(detail::remove_dot_segments_in_place(out.data(), out.size()));
    return out;
}

namespace detail {

error base_not_absolute(const reference_view& base) {
    error e = make_error(errc::base_not_absolute, base.str(), 0, base.variant(), production::uri_reference);
    e.where = component::scheme;
    return e;
}

result<reference_view> in_grammar(const reference_view& r, grammar g) {
    if (r.variant() == g) return r;
    return reference_view::parse(r.str(), g);
}

}  // namespace detail

namespace {

// Without an authority a path must not begin with "//" (RFC 3986 §3.3): a target's path that would is written
// with "/." before it, which keeps it as it is.
bool needs_dot_before(bool has_authority, std::string_view path) noexcept {
    return !has_authority && path.size() >= 2 && path[0] == '/' && path[1] == '/';
}

// Appends `path` to `out` a block at a time, each block searched for a dot segment just before it is copied, while
// it is in the cache: a long path is read from memory once, not twice (the adversarial benchmark's 10 MB paths).
// Returns where in `path` the first dot segment begins, or path.size().
std::size_t append_finding_dot_segment(std::string& out, std::string_view path) {
    constexpr std::size_t block = 64 * 1024;
    std::size_t first = path.size();
    for (std::size_t at = 0; at < path.size(); at += block) {
        const std::size_t to = std::min(path.size(), at + block);
        if (first == path.size()) first = detail::first_dot_segment(path, at, to);
        out.append(path.substr(at, to - at));
    }
    return first;
}

// The target being written: its text and its components, each copied from a parsed reference with its offsets.
struct target_writer {
    std::string text;
    components c;  // every span omitted

    // Appends `delimiter` then component k of `from`, when `from` has it, with the offsets of k and of the
    // components `inside` it shifted to where they now stand.
    void copy(std::string_view delimiter, const reference_view& from, component k,
              std::initializer_list<component> inside = {}) {
        if (!from.offsets().has(k)) return;
        text.append(delimiter);
        const span s = from.offsets()[k];
        const auto shift = static_cast<std::uint32_t>(text.size()) - s.begin;
        text.append(from.str().substr(s.begin, s.end - s.begin));
        for (component i : inside)
            if (const span in = from.offsets()[i]; in.present()) c[i] = {in.begin + shift, in.end + shift};
        c[k] = {s.begin + shift, s.end + shift};
    }
    // "//" authority, with its userinfo, host, port and host kind.
    void copy_authority(const reference_view& from) {
        copy("//", from, component::authority,
             {component::userinfo, component::host, component::port, component::ipv4address, component::ipv6address,
              component::ipvfuture, component::reg_name});
    }
    // The path: `prefix` then `rest`, its dot segments removed when `remove_dots` (§5.2.4).
    void path(std::string_view prefix, std::string_view rest, bool remove_dots) {
        const auto begin = text.size();
        if (!remove_dots) {
            text.append(prefix).append(rest);
        } else {
            // The prefix ends with "/" (or is empty): the segments of the path are those of its two pieces.
            std::size_t first = detail::first_dot_segment(prefix);
            text.append(prefix);
            if (first == prefix.size()) first += append_finding_dot_segment(text, rest);
            else text.append(rest);
            text.resize(begin + detail::remove_dot_segments_in_place(text.data() + begin, text.size() - begin, first));
        }
        if (needs_dot_before(c.has(component::authority), std::string_view(text).substr(begin)))
            text.insert(begin, "/.");
        c[component::path] = {static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(text.size())};
    }
    void append(std::string_view literal) { text.append(literal); }
};

// What a target_writer would write, compared with `expected` as it goes instead: nothing is written but a path
// whose dot segments are removed (a path without any is its own §5.2.4 output).
struct target_matcher {
    std::string_view expected;
    std::size_t at = 0;
    bool same = true, authority = false;

    void take(std::string_view piece) {
        same = same && expected.substr(at, piece.size()) == piece;
        at += piece.size();
    }
    void copy(std::string_view delimiter, const reference_view& from, component k) {
        if (!from.offsets().has(k)) return;
        take(delimiter);
        const span s = from.offsets()[k];
        take(from.str().substr(s.begin, s.end - s.begin));
    }
    void copy_authority(const reference_view& from) {
        authority = from.has_authority();
        copy("//", from, component::authority);
    }
    void path(std::string_view prefix, std::string_view rest, bool remove_dots) {
        // The prefix ends with "/" (or is empty): the segments of the path are those of its two pieces.
        if (remove_dots &&
            (detail::first_dot_segment(prefix) < prefix.size() || detail::first_dot_segment(rest) < rest.size())) {
            std::string removed;
            removed.append(prefix).append(rest);
            removed.resize(detail::remove_dot_segments_in_place(removed.data(), removed.size()));
            return path(removed, {}, false);
        }
        std::string start(prefix.substr(0, 2));  // the path's first two bytes
        start.append(rest.substr(0, 2 - start.size()));
        if (needs_dot_before(authority, start)) take("/.");
        take(prefix);
        take(rest);
    }
    void append(std::string_view literal) { take(literal); }
};

// RFC 3986 §5.2.2's T, in order: scheme ":" ["//" authority] path ["?" query] ["#" fragment].
template <class Target>
void write_target(Target& t, const detail::target_parts& p) {
    t.copy({}, *p.scheme, component::scheme);
    t.append(":");
    if (p.authority) t.copy_authority(*p.authority);
    t.path(p.path_prefix, p.path, p.remove_dots);
    if (p.query) t.copy("?", *p.query, component::query);
    if (p.fragment) t.copy("#", *p.fragment, component::fragment);
}

// RFC 3986 §5.2.3: what a relative-path reference's path is appended to: "/" for a base with an authority and an
// empty path, else the base path up to and including its last "/" (nothing when it has none).
std::string_view merge_prefix(const reference_view& base) noexcept {
    if (base.has_authority() && base.path().empty()) return "/";
    const std::string_view p = base.path();
    const std::size_t slash = p.rfind('/');
    return slash == std::string_view::npos ? std::string_view() : p.substr(0, slash + 1);
}

const reference_view* if_has(const reference_view& r, component k) noexcept {
    return r.offsets().has(k) ? &r : nullptr;
}

}  // namespace

namespace detail {

target_parts parts_of(const reference_view& r) noexcept {
    target_parts t;
    t.scheme = if_has(r, component::scheme);
    t.authority = if_has(r, component::authority);
    t.path = r.path();
    t.query = if_has(r, component::query);
    t.fragment = if_has(r, component::fragment);
    t.variant = r.variant();
    return t;
}

// RFC 3986 §5.2.2, transform references.
target_parts resolved_parts(const reference_view& base, const reference_view& r, resolve_options options) noexcept {
    // §5.2.2: a non-strict parser ignores a scheme equal to the base's.
    const bool r_scheme = r.has_scheme() && (options.strict || !detail::iequals(r.scheme(), base.scheme()));
    target_parts t;
    t.scheme = r_scheme ? &r : &base;
    t.fragment = if_has(r, component::fragment);
    t.variant = base.variant();
    if (r_scheme || r.has_authority()) {
        t.authority = if_has(r, component::authority);
        t.path = r.path();
        t.remove_dots = true;
        t.query = if_has(r, component::query);
        return t;
    }
    t.authority = if_has(base, component::authority);
    if (r.path().empty()) {
        t.path = base.path();
        t.query = r.has_query() ? &r : if_has(base, component::query);
        return t;
    }
    t.path_prefix = r.path().front() == '/' ? std::string_view() : merge_prefix(base);
    t.path = r.path();
    t.remove_dots = true;
    t.query = if_has(r, component::query);
    return t;
}

bool resolves_to(const reference_view& base, const reference_view& r, std::string_view expected) {
    if (!base.has_scheme()) return false;
    auto ref = in_grammar(r, base.variant());
    if (!ref) return false;
    target_matcher t{expected};
    write_target(t, resolved_parts(base, *ref, {}));
    return t.same && t.at == expected.size();
}

}  // namespace detail

result<reference> resolve(const reference_view& base, const reference_view& ref_in, resolve_options options) {
    if (!base.has_scheme()) return detail::base_not_absolute(base);
    auto ref = detail::in_grammar(ref_in, base.variant());
    if (!ref) return ref.error();
    const detail::target_parts p = detail::resolved_parts(base, *ref, options);
    target_writer t;
    t.text.reserve(base.str().size() + ref->str().size() + 4);  // the most the parts below can add up to
    write_target(t, p);
    // Valid in the base's grammar by construction (every part comes from a valid reference of it, and removing
    // dot segments keeps a path's form); the tests parse every result again and compare the offsets.
    return detail::reference_access::adopt(std::move(t.text), t.c, base.variant());
}

result<reference> resolve(std::string_view base, std::string_view ref, grammar g, resolve_options options) {
    auto b = reference_view::parse(base, g);
    if (!b) return b.error();
    auto r = reference_view::parse(ref, g);
    if (!r) return r.error();
    return resolve(*b, *r, options);
}

}  // namespace iri
