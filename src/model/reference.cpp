// The reference model: accessors, segments and recomposition (RFC 3986 §3, §5.3).
#include "iri/reference.hpp"

#include <cstring>

#include "iri/parse.hpp"
#include "model/parse_detail.hpp"
#include "text/ip_address.hpp"

namespace iri {

// ---- segments (RFC 3986 §3.3) ----

segments_view::iterator::iterator(std::string_view path, std::size_t pos) noexcept : path_(path), pos_(pos) {
    const std::size_t slash = pos_ < path_.size() ? path_.find('/', pos_) : std::string_view::npos;
    end_ = slash == std::string_view::npos ? path_.size() : slash;
}

segments_view::iterator& segments_view::iterator::operator++() noexcept {
    *this = end_ < path_.size() ? iterator(path_, end_ + 1) : iterator(path_, path_.size() + 1);
    return *this;
}

segments_view::iterator segments_view::begin() const noexcept {
    if (path_.empty()) return end();
    return iterator(path_, path_.front() == '/' ? 1 : 0);
}

segments_view::iterator segments_view::end() const noexcept { return iterator(path_, path_.size() + 1); }

std::size_t segments_view::size() const noexcept {
    if (path_.empty()) return 0;
    std::size_t n = 1;
    for (std::size_t i = 1; i < path_.size(); ++i) n += path_[i] == '/';
    return n;  // one more than the separators after the first byte: "a/b" and "/a/b" have two
}

// ---- reference_view ----

reference_view::reference_view() noexcept { c_[component::path] = span{0, 0}; }

result<reference_view> reference_view::parse(std::string_view text, grammar g) noexcept {
    result<reference_view> r = reference_view(text, components{}, g);  // filled in place (parse_detail.hpp)
    if (auto e = detail::parse_into(r->c_, text, g, production::uri_reference)) r = *e;
    return r;
}

bool reference_view::has_password() const noexcept {
    return has_userinfo() && userinfo().find(':') != std::string_view::npos;
}

std::string_view reference_view::user() const noexcept {
    const std::string_view u = userinfo();  // RFC 3986 §3.2.1: user ":" password, split at the first ":"
    return u.substr(0, u.find(':'));
}

std::string_view reference_view::password() const noexcept {
    const std::string_view u = userinfo();
    const std::size_t colon = u.find(':');
    return colon == std::string_view::npos ? std::string_view() : u.substr(colon + 1);
}

std::optional<std::array<std::uint8_t, 4>> reference_view::ipv4_address() const noexcept {
    if (host_kind() != host_kind::ipv4) return std::nullopt;
    return detail::parse_ipv4(host());  // RFC 3986 §3.2.2, already checked by the grammar
}

std::optional<std::array<std::uint8_t, 16>> reference_view::ipv6_address() const noexcept {
    if (host_kind() != host_kind::ipv6) return std::nullopt;
    const span s = c_[component::ipv6address];  // RFC 3986 §3.2.2 IPv6address, accepted by the grammar
    return detail::parse_ipv6(text_.substr(s.begin, s.end - s.begin));
}

iri::port_status reference_view::port_status() const noexcept {
    if (!has_port()) return port_status::absent;
    const std::string_view p = port();
    if (p.empty()) return port_status::empty;
    std::size_t i = p.find_first_not_of('0');  // leading zeros do not change the value
    if (i == std::string_view::npos) return port_status::in_range;
    if (p.size() - i > 5) return port_status::out_of_range;
    std::uint32_t v = 0;
    for (; i < p.size(); ++i) v = v * 10 + static_cast<std::uint32_t>(p[i] - '0');
    return v <= 65535 ? port_status::in_range : port_status::out_of_range;
}

std::uint16_t reference_view::port_number() const noexcept {
    if (port_status() != port_status::in_range) return 0;
    std::uint32_t v = 0;
    for (char ch : port()) v = v * 10 + static_cast<std::uint32_t>(ch - '0');  // leading zeros keep v small
    return static_cast<std::uint16_t>(v);
}

reference_parts reference_view::parts() const noexcept {
    auto opt = [&](component c) -> std::optional<std::string_view> {
        if (!c_.has(c)) return std::nullopt;
        return get(c);
    };
    return {opt(component::scheme), opt(component::authority), path(), opt(component::query), opt(component::fragment)};
}

// ---- reference ----

result<reference> reference::parse(std::string text, grammar g) noexcept {
    auto c = iri::parse(text, g, production::uri_reference);
    if (!c) return c.error();
    return reference(std::move(text), *c, g);
}

// ---- recomposition (RFC 3986 §5.3) ----

std::string recompose(const reference_parts& t) {
    std::string out;
    out.reserve((t.scheme ? t.scheme->size() + 1 : 0) + (t.authority ? t.authority->size() + 2 : 0) + t.path.size() +
                (t.query ? t.query->size() + 1 : 0) + (t.fragment ? t.fragment->size() + 1 : 0));
    if (t.scheme) out.append(*t.scheme).push_back(':');
    if (t.authority) out.append("//").append(*t.authority);
    out.append(t.path);
    if (t.query) out.append("?").append(*t.query);
    if (t.fragment) out.append("#").append(*t.fragment);
    return out;
}

}  // namespace iri
