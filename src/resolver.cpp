// Resolve-and-normalize in one pass (resolver.hpp): RFC 3986 §5.2.2's target parts, normalized as they are written.
#include "iri/resolver.hpp"

#include "normalize_detail.hpp"
#include "resolve_detail.hpp"

namespace iri {

result<resolver> resolver::make(std::string_view base, grammar g, normalize_options n, resolve_options r) {
    auto parsed = reference::parse(std::string(base), g);
    if (!parsed) return parsed.error();
    if (!parsed->has_scheme()) return detail::base_not_absolute(parsed->view());
    return resolver(std::move(*parsed), n, r);
}

result<std::size_t> resolver::append_normalized(std::string& out, std::string_view href) const {
    const reference_view base = base_.view();
    auto ref = reference_view::parse(href, base.variant());
    if (!ref) return ref.error();
    return detail::append_normal_form(out, detail::resolved_parts(base, *ref, resolve_), normalize_, href);
}

// The key is the normal form itself (normalize.hpp).
result<std::size_t> resolver::append_key(std::string& out, std::string_view href) const {
    return append_normalized(out, href);
}

result<std::string_view> resolver::normalized(std::string_view href) {
    buffer_.clear();
    auto n = append_normalized(buffer_, href);
    if (!n) return n.error();
    return std::string_view(buffer_);
}

result<std::string_view> resolver::key(std::string_view href) {
    buffer_.clear();
    auto n = append_key(buffer_, href);
    if (!n) return n.error();
    return std::string_view(buffer_);
}

}  // namespace iri
