// The URL class's getters and origin (URL Standard §6.1, §4.7), the URL serializer (§4.5) into one buffer with
// the components' offsets, and parse, parse_into and can_parse over the basic URL parser (url_parser.cpp).
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "web/web_detail.hpp"

namespace iri::web {

namespace detail {

void url_record::clear() noexcept {
    scheme.clear();
    username.clear();
    password.clear();
    host = host_kind::none;
    host_text.clear();
    port = -1;
    opaque_path = false;
    path.clear();
    has_query = false;
    query.clear();
    has_fragment = false;
    fragment.clear();
}

error failure_error(const parse_outcome& o) noexcept {
    error e;
    e.code = errc::url_failure;
    e.offset = o.offset;
    e.char_offset = o.offset;
    e.grammar_involved = false;
    e.url_validation = static_cast<std::uint8_t>(o.why);
    return e;
}

}  // namespace detail

namespace {

constexpr std::size_t max_href = std::numeric_limits<std::uint32_t>::max() - 1;  // offsets are 32-bit, npos apart

error too_long_error(std::size_t at) noexcept {
    error e;
    e.code = errc::input_too_long;
    e.offset = static_cast<std::uint32_t>(at > max_href ? max_href : at);
    e.char_offset = e.offset;
    e.grammar_involved = false;
    return e;
}

/// The basic URL parser without a state override into the thread's reused record.
result<std::monostate> parse_record(std::string_view input, const url* base, const parse_options& options,
                                    detail::url_record& record) {
    if (input.size() > max_href) return too_long_error(input.size());
    thread_local detail::url_record base_record;
    const bool has_base = base && !base->href().empty();
    if (has_base) url_access::to_record(*base, base_record);
    const detail::parse_outcome o = detail::basic_parse(input, has_base ? &base_record : nullptr, record,
                                                        detail::parser_state::none, options.notes);
    if (o.failed) return detail::failure_error(o);
    return std::monostate{};
}

}  // namespace

bool url_access::serialize(const detail::url_record& r, url& u) {
    char port_text[8];
    std::size_t port_length = 0;
    if (r.port >= 0)
        port_length =
            static_cast<std::size_t>(std::to_chars(port_text, port_text + sizeof port_text, r.port).ptr - port_text);
    const std::size_t size = r.scheme.size() + 1 + 2 + r.username.size() + 1 + r.password.size() + 1 +
                             r.host_text.size() + 1 + port_length + 2 + r.path.size() + 1 + r.query.size() + 1 +
                             r.fragment.size();
    if (size > max_href) return false;
    std::string& b = u.buffer_;
    const auto here = [&b] { return static_cast<std::uint32_t>(b.size()); };
    b.clear();
    b.append(r.scheme).push_back(':');
    u.protocol_end_ = here();
    if (r.host != host_kind::none) {
        b.append("//").append(r.username);
        u.username_end_ = here();
        if (!r.password.empty()) b.append(":").append(r.password);
        u.host_start_ = here();
        if (r.includes_credentials()) b.push_back('@');
        b.append(r.host_text);
        u.host_end_ = here();
        if (r.port >= 0) b.append(":").append(port_text, port_length);
    } else {
        u.username_end_ = u.host_start_ = u.host_end_ = here();
        // §4.5: a path whose first segment is empty, with no host, would read as one.
        if (!r.opaque_path && r.path.size() > 1 && r.path[0] == '/' && r.path[1] == '/') b.append("/.");
    }
    u.pathname_start_ = here();
    b.append(r.path);
    u.search_start_ = u.hash_start_ = url::npos_;
    if (r.has_query) {
        u.search_start_ = here();
        b.append("?").append(r.query);
    }
    if (r.has_fragment) {
        u.hash_start_ = here();
        b.append("#").append(r.fragment);
    }
    u.port_ = r.port >= 0 ? static_cast<std::uint32_t>(r.port) : url::no_port_;
    u.host_kind_ = r.host;
    u.opaque_path_ = r.opaque_path;
    return true;
}

void url_access::to_record(const url& u, detail::url_record& r) {
    r.scheme.assign(u.scheme());
    r.username.assign(u.username());
    r.password.assign(u.password());
    r.host = u.host_kind_;
    r.host_text.assign(u.hostname());
    r.port = u.port_ == url::no_port_ ? -1 : static_cast<std::int32_t>(u.port_);
    r.opaque_path = u.opaque_path_;
    r.path.assign(u.pathname());
    const std::optional<std::string_view> q = u.query(), f = u.fragment();
    r.has_query = q.has_value();
    r.query.assign(q.value_or(""));
    r.has_fragment = f.has_value();
    r.fragment.assign(f.value_or(""));
}

std::string_view url::protocol() const noexcept { return std::string_view(buffer_).substr(0, protocol_end_); }

std::string_view url::scheme() const noexcept {
    return std::string_view(buffer_).substr(0, protocol_end_ == 0 ? 0 : protocol_end_ - 1);
}

std::string_view url::username() const noexcept {
    if (host_kind_ == host_kind::none) return {};
    return std::string_view(buffer_).substr(protocol_end_ + 2, username_end_ - (protocol_end_ + 2));
}

std::string_view url::password() const noexcept {
    if (host_kind_ == host_kind::none || host_start_ <= username_end_) return {};
    return std::string_view(buffer_).substr(username_end_ + 1, host_start_ - username_end_ - 1);
}

bool url::has_credentials() const noexcept {
    return host_kind_ != host_kind::none && (username_end_ > protocol_end_ + 2 || host_start_ > username_end_);
}

std::string_view url::hostname() const noexcept {
    if (host_kind_ == host_kind::none) return {};
    const std::uint32_t start = host_start_ + (has_credentials() ? 1 : 0);
    return std::string_view(buffer_).substr(start, host_end_ - start);
}

std::string_view url::host() const noexcept {
    if (host_kind_ == host_kind::none) return {};
    const std::uint32_t start = host_start_ + (has_credentials() ? 1 : 0);
    return std::string_view(buffer_).substr(start, pathname_start_ - start);
}

std::string_view url::port() const noexcept {
    if (port_ == no_port_) return {};
    return std::string_view(buffer_).substr(host_end_ + 1, pathname_start_ - host_end_ - 1);
}

std::optional<std::uint16_t> url::port_number() const noexcept {
    if (port_ == no_port_) return std::nullopt;
    return static_cast<std::uint16_t>(port_);
}

std::string_view url::pathname() const noexcept {
    const std::uint32_t end = search_start_ != npos_ ? search_start_
                              : hash_start_ != npos_ ? hash_start_
                                                     : static_cast<std::uint32_t>(buffer_.size());
    return std::string_view(buffer_).substr(pathname_start_, end - pathname_start_);
}

std::optional<std::string_view> url::query() const noexcept {
    if (search_start_ == npos_) return std::nullopt;
    const std::uint32_t end = hash_start_ != npos_ ? hash_start_ : static_cast<std::uint32_t>(buffer_.size());
    return std::string_view(buffer_).substr(search_start_ + 1, end - search_start_ - 1);
}

std::optional<std::string_view> url::fragment() const noexcept {
    if (hash_start_ == npos_) return std::nullopt;
    return std::string_view(buffer_).substr(hash_start_ + 1);
}

std::string_view url::search() const noexcept {
    const std::optional<std::string_view> q = query();
    if (!q || q->empty()) return {};
    return std::string_view(buffer_).substr(search_start_, q->size() + 1);
}

std::string_view url::hash() const noexcept {
    const std::optional<std::string_view> f = fragment();
    if (!f || f->empty()) return {};
    return std::string_view(buffer_).substr(hash_start_);
}

bool url::is_special() const noexcept { return iri::detail::special_scheme(scheme()).special; }

std::string url::origin() const {
    const std::string_view s = scheme();
    if (s == "blob") {  // the origin of the URL its path holds, when that is an http(s) URL
        const result<url> inner = parse(pathname());
        if (inner && (inner->scheme() == "http" || inner->scheme() == "https")) return inner->origin();
        return "null";
    }
    // §4.7 origin: a tuple origin for the special schemes but "file" (grammar/url.abnf's ;@special-scheme list).
    if (iri::detail::special_scheme(s).special && s != "file") {
        std::string out(protocol());
        out.append("//").append(host());
        return out;
    }
    return "null";  // an opaque origin (for "file" too, as the Standard advises when in doubt)
}

result<url> parse(std::string_view input, const url* base, const parse_options& options) {
    url out;
    if (const result<std::monostate> r = parse_into(out, input, base, options); !r) return r.error();
    return out;
}

result<std::monostate> parse_into(url& out, std::string_view input, const url* base, const parse_options& options) {
    if (input.size() <= max_href && !options.notes && url_access::fast_parse(input, &out)) return std::monostate{};
    thread_local detail::url_record record;  // reused: no allocation once large enough
    if (result<std::monostate> r = parse_record(input, base, options, record); !r) return r;
    if (!url_access::serialize(record, out)) return too_long_error(input.size());
    return std::monostate{};
}

bool can_parse(std::string_view input, const url* base) noexcept {
    try {
        if (input.size() <= max_href && url_access::fast_parse(input, nullptr)) return true;
        thread_local detail::url_record record;
        return static_cast<bool>(parse_record(input, base, {}, record));
    } catch (...) {  // no memory: what cannot be parsed cannot be said to parse
        return false;
    }
}

}  // namespace iri::web
