// Building references component by component (RFC 3986 §3, §5.3).
#include "iri/builder.hpp"

#include "iri/parse.hpp"
#include "text/ip_address.hpp"

namespace iri {

builder::builder(const reference_view& from) : grammar_(from.variant()), path_(from.path()) {
    auto opt = [](bool has, std::string_view v) { return has ? std::optional<std::string>(v) : std::nullopt; };
    scheme_ = opt(from.has_scheme(), from.scheme());
    userinfo_ = opt(from.has_userinfo(), from.userinfo());
    host_ = opt(from.has_authority(), from.host());
    port_ = opt(from.has_port(), from.port());
    query_ = opt(from.has_query(), from.query());
    fragment_ = opt(from.has_fragment(), from.fragment());
}

void builder::fail(const error& e, component where) {
    if (error_) return;  // the first error is the one reported
    error_ = e;
    error_->where = where;
}

void builder::encode_into(std::optional<std::string>& slot, std::string_view text, production p, encode_mode mode,
                          component where, std::string_view also) {
    auto e = percent_encode(text, grammar_, p, mode, also);
    if (!e) return fail(e.error(), where);
    slot = std::move(*e);
}

builder& builder::scheme(std::string_view s) {
    if (auto r = iri::parse(s, grammar_, production::scheme); !r) fail(r.error(), component::scheme);
    else scheme_ = std::string(s);
    return *this;
}

builder& builder::remove_scheme() noexcept {
    scheme_.reset();
    return *this;
}

builder& builder::userinfo(std::string_view text, encode_mode mode) {
    encode_into(userinfo_, text, production::userinfo, mode, component::userinfo);
    return *this;
}

builder& builder::userinfo(std::string_view user, std::string_view password, encode_mode mode) {
    std::optional<std::string> u, p;
    encode_into(u, user, production::userinfo, mode, component::userinfo, ":");
    encode_into(p, password, production::userinfo, mode, component::userinfo);
    if (u && p) userinfo_ = std::move(u->append(":").append(*p));
    return *this;
}

builder& builder::remove_userinfo() noexcept {
    userinfo_.reset();
    return *this;
}

builder& builder::host(std::string_view text, encode_mode mode) {
    if (text.starts_with('[')) {  // RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        if (auto r = iri::parse(text, grammar_, production::ip_literal); !r) fail(r.error(), component::host);
        else host_ = std::string(text);
    } else {
        encode_into(host_, text, production::reg_name, mode, component::host);
    }
    return *this;
}

builder& builder::host(const std::array<std::uint8_t, 4>& a) {
    std::string h;
    detail::append_ipv4_text(h, a);
    host_ = std::move(h);
    return *this;
}

builder& builder::host(const std::array<std::uint8_t, 16>& a) {
    std::string h = "[";
    detail::append_ipv6_text(h, a);  // RFC 5952 §4
    h += ']';
    host_ = std::move(h);
    return *this;
}

builder& builder::remove_authority() noexcept {
    userinfo_.reset();
    host_.reset();
    port_.reset();
    return *this;
}

builder& builder::port(std::string_view digits) {
    if (auto r = iri::parse(digits, grammar_, production::port); !r) fail(r.error(), component::port);
    else port_ = std::string(digits);
    return *this;
}

builder& builder::port(std::uint16_t number) {
    port_ = std::to_string(number);
    return *this;
}

builder& builder::remove_port() noexcept {
    port_.reset();
    return *this;
}

builder& builder::path(std::string_view text, encode_mode mode) {
    std::string p;
    p.reserve(text.size());
    for (std::size_t i = 0;;) {  // each segment alone, the "/" between them kept
        const std::size_t slash = text.find('/', i);
        auto seg = percent_encode(text.substr(i, slash == std::string_view::npos ? slash : slash - i), grammar_,
                                  production::segment, mode);
        if (!seg) {  // the offset in `text`, not in the segment
            error e = seg.error();
            e.offset += static_cast<std::uint32_t>(i);
            e.char_offset += static_cast<std::uint32_t>(i);
            fail(e, component::path);
            return *this;
        }
        p += *seg;
        if (slash == std::string_view::npos) break;
        p += '/';
        i = slash + 1;
    }
    path_ = std::move(p);
    return *this;
}

builder& builder::segments(std::span<const std::string_view> segs, bool absolute, encode_mode mode) {
    std::string p;
    if (absolute && segs.empty()) p.push_back('/');
    for (std::size_t i = 0; i < segs.size(); ++i) {
        if (absolute || i > 0) p += '/';
        std::optional<std::string> seg;
        encode_into(seg, segs[i], production::segment, mode, component::path);
        if (!seg) return *this;
        p += *seg;
    }
    path_ = std::move(p);
    return *this;
}

builder& builder::query(std::string_view text, encode_mode mode) {
    encode_into(query_, text, production::query, mode, component::query);
    return *this;
}

builder& builder::query_params(std::span<const query_pair> pairs, query_options options) {
    auto q = make_query(pairs, grammar_, options);
    if (!q) fail(q.error(), component::query);
    else query_ = std::move(*q);
    return *this;
}

builder& builder::remove_query() noexcept {
    query_.reset();
    return *this;
}

builder& builder::fragment(std::string_view text, encode_mode mode) {
    encode_into(fragment_, text, production::fragment, mode, component::fragment);
    return *this;
}

builder& builder::remove_fragment() noexcept {
    fragment_.reset();
    return *this;
}

result<reference> builder::build() const {
    if (error_) return *error_;
    const bool authority = host_ || userinfo_ || port_;
    std::string auth;
    if (authority) {
        if (userinfo_) auth.append(*userinfo_).push_back('@');
        if (host_) auth.append(*host_);
        if (port_) auth.append(":").append(*port_);
    }
    // RFC 3986 §3.3 and §4.2: the path must read back as the path (see the header).
    std::string path;
    if (authority && !path_.empty() && path_.front() != '/') path = "/";
    else if (!authority && path_.starts_with("//")) path = "/.";
    else if (!authority && !scheme_ && path_.substr(0, path_.find('/')).find(':') != std::string::npos) path = "./";
    path += path_;
    reference_parts parts;
    if (scheme_) parts.scheme = *scheme_;
    if (authority) parts.authority = auth;
    parts.path = path;
    if (query_) parts.query = *query_;
    if (fragment_) parts.fragment = *fragment_;
    return reference::parse(recompose(parts), grammar_);
}

}  // namespace iri
