// Reference resolution (RFC 3986 §5.2).
#include "iri/resolve.hpp"

#include "ascii.hpp"
#include "error_detail.hpp"
#include "resolve_detail.hpp"

namespace iri {

// RFC 3986 §5.2.4, steps A–E. Each output byte is appended once and removed at most once: linear.
std::string remove_dot_segments(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    auto drop_last_segment = [&out]() {  // C: the last segment and its preceding "/" (if any)
        const std::size_t slash = out.rfind('/');
        out.erase(slash == std::string::npos ? 0 : slash);
    };
    while (!in.empty()) {
        if (in.starts_with("../")) {  // A
            in.remove_prefix(3);
        } else if (in.starts_with("./")) {  // A
            in.remove_prefix(2);
        } else if (in.starts_with("/./")) {  // B
            in.remove_prefix(2);
        } else if (in == "/.") {  // B
            in = "/";
        } else if (in.starts_with("/../")) {  // C
            in.remove_prefix(3);
            drop_last_segment();
        } else if (in == "/..") {  // C
            in = "/";
            drop_last_segment();
        } else if (in == "." || in == "..") {  // D
            in = {};
        } else {  // E: the first segment, with its leading "/" if any
            const std::size_t next = in.find('/', 1);
            const std::size_t n = next == std::string_view::npos ? in.size() : next;
            out.append(in.substr(0, n));
            in.remove_prefix(n);
        }
    }
    return out;
}

namespace {

// RFC 3986 §5.2.3: merge a relative-path reference with the base path.
std::string merge(const reference_parts& base, std::string_view ref_path) {
    std::string m;
    if (base.authority && base.path.empty()) {
        m.reserve(ref_path.size() + 1);
        m.push_back('/');
    } else {
        const std::size_t slash = base.path.rfind('/');
        if (slash != std::string_view::npos) m.reserve(slash + 1 + ref_path.size()), m.append(base.path.substr(0, slash + 1));
    }
    m.append(ref_path);
    return m;
}

}  // namespace

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

result<reference> resolve(const reference_view& base, const reference_view& ref_in, resolve_options options) {
    if (!base.has_scheme()) return detail::base_not_absolute(base);
    auto ref = detail::in_grammar(ref_in, base.variant());
    if (!ref) return ref.error();
    const reference_parts b = base.parts();
    reference_parts r = ref->parts();
    // §5.2.2: a non-strict parser ignores a scheme equal to the base's.
    if (!options.strict && r.scheme && detail::iequals(*r.scheme, *b.scheme)) r.scheme.reset();

    reference_parts t;
    std::string path;  // the target path when computed
    bool computed = true;
    if (r.scheme) {
        t.scheme = r.scheme;
        t.authority = r.authority;
        path = remove_dot_segments(r.path);
        t.query = r.query;
    } else {
        if (r.authority) {
            t.authority = r.authority;
            path = remove_dot_segments(r.path);
            t.query = r.query;
        } else {
            if (r.path.empty()) {
                t.path = b.path;
                computed = false;
                t.query = r.query ? r.query : b.query;
            } else {
                path = r.path.front() == '/' ? remove_dot_segments(r.path) : remove_dot_segments(merge(b, r.path));
                t.query = r.query;
            }
            t.authority = b.authority;
        }
        t.scheme = b.scheme;
    }
    t.fragment = r.fragment;
    if (computed) {
        // Without an authority a path must not begin with "//" (RFC 3986 §3.3): keep the parts with "/.".
        if (!t.authority && path.starts_with("//")) path.insert(0, "/.");
        t.path = path;
    }
    return reference::parse(recompose(t), base.variant());
}

result<reference> resolve(std::string_view base, std::string_view ref, grammar g, resolve_options options) {
    auto b = reference_view::parse(base, g);
    if (!b) return b.error();
    auto r = reference_view::parse(ref, g);
    if (!r) return r.error();
    return resolve(*b, *r, options);
}

}  // namespace iri
