// The URL class's setters (URL Standard §6.1). Each runs the basic URL parser's states with the state override the
// Standard gives it (url_machine.hpp) on a copy of the href up to the component it sets, then puts back the
// components after it: the href is rebuilt once, in the url's own buffer. A parse that fails before it sets the
// component leaves the URL as it was; one that fails after (a host set, then a port refused) keeps what it set, as
// the Standard's in-place parser does.
#include <charconv>
#include <string>
#include <string_view>

#include "text/percent_encode.hpp"
#include "web/url_access.hpp"
#include "web/url_machine.hpp"
#include "web/web_sets.hpp"

namespace iri::web {

detail::url_state url_access::prefix(const url& u, std::uint32_t end, std::string& buffer) {
    buffer.assign(u.buffer_, 0, end);
    detail::url_state s;
    s.buffer = &buffer;
    for (std::size_t k = 0; k < component_count; ++k) {
        const span p = u.parts_.spans[k];
        if (p.present() && p.end <= end) s.parts.spans[k] = p;
    }
    s.port = u.port_ == url::no_port_ ? detail::url_state::no_port : u.port_;
    s.host = u.host_kind_;
    s.opaque_path = u.opaque_path_;
    s.special = u.special_;
    s.default_port = u.default_port_;
    s.default_port_dropped = u.default_port_dropped_;
    s.file = u.special_ && u.scheme() == "file";
    return s;
}

namespace {

using detail::parser_state;

// Runs the machine with state override `state` on `value` (§6.1: no stripping of C0 controls and spaces; tab and
// newline removed, §4.4 steps 2-3).
detail::parse_outcome run_override(std::string_view value, detail::url_state& s, parser_state state) {
    const detail::clean_input clean(value, false, nullptr);
    detail::machine_options o;
    o.override = state;
    return detail::run_machine(clean, nullptr, s, o);
}

// Appends u's href from `from` to the end to s's, the spans of `parts` that lie there shifted to their new place.
void put_back(const url& u, std::string_view href, const components& old, std::uint32_t from, detail::url_state& s,
              std::initializer_list<component> parts) {
    const std::uint32_t shift_to = s.size();
    s.buffer->append(href.substr(from));
    for (const component k : parts) {
        const span p = old[k];
        if (p.present() && p.begin >= from) s.parts[k] = {p.begin - from + shift_to, p.end - from + shift_to};
    }
    (void)u;
}

// The end of the authority (host and port), or of the scheme's ":" when there is no host.
std::uint32_t authority_end(const components& c) noexcept {
    if (c.has(component::port)) return c[component::port].end;
    if (c.has(component::host)) return c[component::host].end;
    return c[component::scheme].end + 1;
}

// §4.1: its host is null or empty, or its scheme is "file".
bool cannot_have_credentials_or_port(const url& u) noexcept {
    return u.host_type() == host_kind::none || u.host_type() == host_kind::empty || u.scheme() == "file";
}

}  // namespace

struct url_setter {
    // Finishes a setter: close_spans, then the url takes the new href and parts.
    static void commit(url& u, std::string& buffer, detail::url_state& s) {
        detail::close_spans(s);
        url_access::buffer(u).swap(buffer);
        url_access::commit(u, s);
    }
};

result<std::monostate> url::set_href(std::string_view value) { return parse_into(*this, value); }

void url::set_protocol(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    // "basic URL parse the given value, followed by U+003A (:), with this's URL as url and scheme start state as
    // state override": the machine writes the new scheme into an empty href, the rest follows it.
    std::string input(value);
    input.push_back(':');
    std::string buffer;
    detail::url_state s = url_access::prefix(*this, 0, buffer);
    s.parts = parts_;  // the checks of the scheme state read the credentials and the port
    s.parts[component::scheme] = span{};
    (void)run_override(input, s, parser_state::scheme_start);
    if (!s.parts.has(component::scheme)) return;  // the value was refused
    const std::uint32_t old_end = parts_[component::scheme].end, new_end = s.parts[component::scheme].end;
    buffer.append(std::string_view(buffer_).substr(old_end + 1));
    const auto moved = [&](span p) {
        return p.present() ? span{p.begin - old_end + new_end, p.end - old_end + new_end} : span{};
    };
    for (std::size_t k = 0; k < component_count; ++k)
        if (static_cast<component>(k) != component::scheme) s.parts.spans[k] = moved(parts_.spans[k]);
    // Step 2.3.1: a port that is the new scheme's default port becomes null.
    if (s.port != detail::url_state::no_port && static_cast<std::int32_t>(s.port) == s.default_port) {
        const span p = s.parts[component::port];
        buffer.erase(p.begin - 1, p.size() + 1);
        const auto cut = static_cast<std::uint32_t>(p.size() + 1);
        s.parts[component::port] = span{};
        s.port = detail::url_state::no_port;
        for (std::size_t k = 0; k < component_count; ++k) {
            span& q = s.parts.spans[k];
            if (q.present() && q.begin >= p.end) q = {q.begin - cut, q.end - cut};
            else if (q.present() && q.end >= p.end && q.begin < p.begin) q.end -= cut;  // the authority
        }
    }
    url_setter::commit(*this, buffer, s);
}

// The userinfo setters: "set the username" / "set the password" (§4.4 after the parser), the other part kept.
static void set_userinfo(url& u, std::string_view username, std::string_view password) {
    const components& c = u.offsets();
    const std::string_view href = u.href();
    std::string buffer;
    detail::url_state s = url_access::prefix(u, c[component::authority].begin, buffer);
    const std::uint32_t start = s.size();
    buffer.append(username);
    if (!password.empty()) buffer.append(":").append(password);
    if (s.size() > start) {
        s.parts[component::userinfo] = {start, s.size()};
        buffer.push_back('@');
    }
    s.parts[component::authority].begin = start;
    put_back(u, href, c, c[component::host].begin, s,
             {component::host, component::port, component::path, component::query, component::fragment,
              component::ipv4address, component::ipv6address, component::reg_name});
    s.parts[component::authority].end = authority_end(s.parts);
    url_setter::commit(u, buffer, s);
}

void url::set_username(std::string_view value) {
    if (buffer_.empty() || cannot_have_credentials_or_port(*this)) return;
    std::string encoded;
    iri::detail::append_percent_encoded(encoded, value, detail::userinfo_set);
    set_userinfo(*this, encoded, password());
}

void url::set_password(std::string_view value) {
    if (buffer_.empty() || cannot_have_credentials_or_port(*this)) return;
    std::string encoded;
    iri::detail::append_percent_encoded(encoded, value, detail::userinfo_set);
    set_userinfo(*this, username(), encoded);
}

// The host and hostname setters: the host (and, for host, a port after it) from the machine, then the port it did
// not set, the path, the query and the fragment put back.
static void set_host_with(url& u, std::string_view value, parser_state state) {
    const components& c = u.offsets();
    const std::string_view href = u.href();
    std::string buffer;
    detail::url_state s;
    if (c.has(component::host)) {
        s = url_access::prefix(u, c[component::host].begin, buffer);
        s.parts[component::authority] = {c[component::authority].begin, c[component::authority].begin};
    } else {  // a null host: "//" comes first
        s = url_access::prefix(u, c[component::scheme].end + 1, buffer);
        buffer.append("//");
        s.parts[component::authority] = {s.size(), s.size()};
    }
    s.parts[component::host] = s.parts[component::port] = span{};
    (void)run_override(value, s, state);
    if (!s.parts.has(component::host)) return;    // refused before the host was set
    if (!s.port_set && c.has(component::port)) {  // the port it had
        buffer.push_back(':');
        put_back(u, href.substr(0, c[component::port].end), c, c[component::port].begin, s, {component::port});
        s.port = u.port_number() ? *u.port_number() : detail::url_state::no_port;
    }
    s.parts[component::authority].end = authority_end(s.parts);
    put_back(u, href, c, c[component::path].begin, s, {component::path, component::query, component::fragment});
    url_setter::commit(u, buffer, s);
}

void url::set_host(std::string_view value) {
    if (buffer_.empty() || opaque_path_) return;
    set_host_with(*this, value, parser_state::host);
}

void url::set_hostname(std::string_view value) {
    if (buffer_.empty() || opaque_path_) return;
    set_host_with(*this, value, parser_state::hostname);
}

void url::set_port(std::string_view value) {
    if (buffer_.empty() || cannot_have_credentials_or_port(*this)) return;
    const components& c = parts_;
    std::string buffer;
    detail::url_state s = url_access::prefix(*this, c[component::host].end, buffer);
    s.parts[component::port] = span{};
    s.parts[component::authority] = {c[component::authority].begin, c[component::host].end};
    if (value.empty()) {  // "set this's URL's port to null"
        s.port = detail::url_state::no_port;
    } else {
        (void)run_override(value, s, parser_state::port);
        if (!s.port_set) return;  // refused
    }
    s.parts[component::authority].end = authority_end(s.parts);
    put_back(*this, buffer_, c, c[component::path].begin, s, {component::path, component::query, component::fragment});
    url_setter::commit(*this, buffer, s);
}

void url::set_pathname(std::string_view value) {
    if (buffer_.empty() || opaque_path_) return;
    const components& c = parts_;
    std::string buffer;
    detail::url_state s = url_access::prefix(*this, authority_end(c), buffer);
    s.parts[component::path] = s.parts[component::query] = s.parts[component::fragment] = span{};
    (void)run_override(value, s, parser_state::path_start);  // "empty this's URL's path", then the path start state
    if (!s.parts.has(component::path)) s.parts[component::path] = {s.size(), s.size()};
    if (c.has(component::query))
        put_back(*this, buffer_, c, c[component::query].begin - 1, s, {component::query, component::fragment});
    else if (c.has(component::fragment))
        put_back(*this, buffer_, c, c[component::fragment].begin - 1, s, {component::fragment});
    url_setter::commit(*this, buffer, s);
}

void url::set_search(std::string_view value) {
    if (buffer_.empty()) return;
    const components& c = parts_;
    const std::uint32_t path_end = c[component::path].end;
    std::string buffer;
    detail::url_state s = url_access::prefix(*this, path_end, buffer);
    s.parts[component::path] = c[component::path];
    if (!value.empty()) {  // "?" removed first; the query state with an empty query
        if (value.front() == '?') value.remove_prefix(1);
        buffer.push_back('?');
        s.parts[component::query] = {s.size(), s.size()};
        (void)run_override(value, s, parser_state::query);
    }
    if (c.has(component::fragment))
        put_back(*this, buffer_, c, c[component::fragment].begin - 1, s, {component::fragment});
    url_setter::commit(*this, buffer, s);
}

void url::set_hash(std::string_view value) {
    if (buffer_.empty()) return;
    const components& c = parts_;
    const std::uint32_t end =
        c.has(component::fragment) ? c[component::fragment].begin - 1 : static_cast<std::uint32_t>(buffer_.size());
    std::string buffer;
    detail::url_state s = url_access::prefix(*this, end, buffer);
    s.parts[component::path] = c[component::path];
    if (c.has(component::query)) s.parts[component::query] = c[component::query];
    if (!value.empty()) {  // "#" removed first; the fragment state with an empty fragment
        if (value.front() == '#') value.remove_prefix(1);
        buffer.push_back('#');
        s.parts[component::fragment] = {s.size(), s.size()};
        (void)run_override(value, s, parser_state::fragment);
    }
    url_setter::commit(*this, buffer, s);
}

}  // namespace iri::web
