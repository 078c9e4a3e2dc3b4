// Resolve-and-normalize in one pass (resolver.hpp): RFC 3986 §5.2.2's target parts, normalized as they are written.
#include "iri/resolver.hpp"

#include "model/parse_detail.hpp"
#include "normalize/normalize_detail.hpp"
#include "resolve/resolve_detail.hpp"

namespace iri {

result<resolver> resolver::make(std::string_view base, grammar g, const normalize_options& n, resolve_options r) {
    resolver made(g, n, r);
    if (auto b = made.rebase(base); !b) return b.error();
    return made;
}

result<reference_view> resolver::rebase(std::string_view base) {
    has_base_ = false;
    base_text_.assign(base);
    base_ = components{};  // every span omitted, filled in place (parse_detail.hpp)
    if (auto e = detail::parse_into(base_, base_text_, grammar_, production::uri_reference)) {
        base_text_.clear();  // no base: the empty reference, whose view is consistent
        base_ = reference_view().offsets();
        return *e;
    }
    const reference_view b = this->base();
    if (!b.has_scheme()) return detail::base_not_absolute(b);
    has_base_ = true;
    normal_head_ = detail::head_already_normal(b, normalize_);
    return b;
}

result<std::size_t> resolver::append_normalized(std::string& out, std::string_view href) const {
    return append_target(out, href, false);
}

result<std::size_t> resolver::append_key(std::string& out, std::string_view href) const {
    return append_target(out, href, true);
}

result<std::size_t> resolver::append_target(std::string& out, std::string_view href, bool key) const {
    const reference_view b = base();
    if (!has_base_) return detail::base_not_absolute(b);
    auto ref = reference_view::parse(href, grammar_);
    if (!ref) return ref.error();
    const detail::target_parts t = detail::resolved_parts(b, *ref, resolve_);
    // The base's head (scheme and authority), already normal, is copied as one block when the target takes both.
    const bool head = normal_head_ && t.scheme == &b && t.authority == (b.has_authority() ? &b : nullptr);
    return detail::append_normal_form(out, t, normalize_, href,
                                      head ? b.str().substr(0, detail::head_end(b)) : std::string_view(),
                                      key ? detail::normal_purpose::key : detail::normal_purpose::reference);
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
