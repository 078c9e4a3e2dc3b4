// The record's parts the basic URL parser (§4.4) writes from the base URL (its scheme, authority, path and query,
// at once where it can), the empty query and fragment, and the last step: the spans' ends and §4.5's "/." before a
// path that would read as an authority. Part of the machine of url_states.hpp.
#include <cstdint>
#include <cstring>
#include <string_view>

#include "grammar/url_sets.hpp"
#include "web/url_states.hpp"

namespace iri::web::detail {

// ---- the parts taken from the base ----

void machine::write_scheme(std::string_view scheme) {
    append(scheme);
    append(':');
    url_.parts[component::scheme] = {0, static_cast<std::uint32_t>(scheme.size())};
    const iri::detail::scheme_info info = iri::detail::special_scheme(scheme);
    url_.special = info.special;
    url_.default_port = info.default_port;
    url_.file = scheme == "file";
}

void machine::write_base_scheme() {
    const std::uint32_t end = (*base_->parts)[component::scheme].end;
    append(base_->href.substr(0, end + 1));  // the scheme and ":"
    url_.parts[component::scheme] = {0, end};
    url_.special = base_->special;
    url_.default_port = base_->default_port;
    url_.file = base_->file;
}

bool machine::copy_base_prefix(bool query, bool shorten) {
    // The base's href from its start to its path's end (or its query's), with the same offsets: the scheme, the
    // authority and the path of the record are the base's. Not when its path is written after "/." (§4.5), which
    // close_spans decides again.
    const components& b = *base_->parts;
    const span path = b[component::path];
    if (base_->host == host_kind::none && path.begin != b[component::scheme].end + 1) return false;
    std::uint32_t end = query && b.has(component::query) ? b[component::query].end : path.end;
    if (here() != 0) return false;
    // §4.1 shorten a URL's path, on the base's: up to its last "/", unless it is a file URL's one normalized Windows
    // drive letter (shorten_path then keeps it).
    const std::string_view p = base_->path();
    const bool drive = base_->file && p.size() == 3 && p[0] == '/' && p[2] == ':' && windows_drive_letter(p.substr(1));
    if (shorten && !drive && !p.empty())
        if (const void* slash = memrchr(p.data(), '/', p.size()))
            end = path.begin + static_cast<std::uint32_t>(static_cast<const char*>(slash) - p.data());
    append(base_->href.substr(0, end));
    url_.parts = b;
    url_.parts[component::fragment] = span{};
    if (!query) url_.parts[component::query] = span{};
    url_.special = base_->special;
    url_.default_port = base_->default_port;
    url_.file = base_->file;
    url_.host = base_->host;
    url_.port = base_->port;
    url_.opaque_path = base_->opaque_path;
    return true;
}

void machine::copy_base_authority() {
    if (base_->host == host_kind::none) return;  // its username and password are empty, its port null
    const span a = (*base_->parts)[component::authority];
    append(base_->href.substr(a.begin - 2, a.end - a.begin + 2));  // "//" and the authority
    const std::uint32_t shift = here() - a.end;
    // The spans of the authority's parts, moved to their new place (an omitted one stays omitted).
    const auto moved = [shift](span s) { return s.present() ? span{s.begin + shift, s.end + shift} : span{}; };
    components& c = url_.parts;
    const components& b = *base_->parts;
    c[component::authority] = moved(b[component::authority]);
    c[component::userinfo] = moved(b[component::userinfo]);
    c[component::host] = moved(b[component::host]);
    c[component::port] = moved(b[component::port]);
    c[component::ipv4address] = moved(b[component::ipv4address]);
    c[component::ipv6address] = moved(b[component::ipv6address]);
    c[component::reg_name] = moved(b[component::reg_name]);
    url_.host = base_->host;
    url_.port = base_->port;
}

void machine::copy_base_authority_of_file(bool from_base) {
    // A file URL's authority is its host (§4.1: no credentials, no port): the base's, or the empty host.
    if (from_base && base_->host != host_kind::none) {
        copy_base_authority();
        return;
    }
    append("//");
    url_.parts[component::authority] = url_.parts[component::host] = url_.parts[component::reg_name] = {here(), here()};
    url_.host = host_kind::empty;
}

void machine::copy_base_path(bool query) {
    begin_path();
    append(base_->path());
    const span q = (*base_->parts)[component::query];
    if (!query || !q.present()) return;
    append('?');
    url_.parts[component::query] = {here(), here() + (q.end - q.begin)};
    append(base_->href.substr(q.begin, q.end - q.begin));
}

void machine::begin_path() noexcept {
    if (!url_.parts.has(component::path)) url_.parts[component::path] = {here(), here()};
}

parser_state machine::empty_query() {
    begin_path();
    append('?');
    url_.parts[component::query] = {here(), here()};
    return parser_state::query;
}

parser_state machine::empty_fragment() {
    begin_path();
    append('#');
    url_.parts[component::fragment] = {here(), here()};
    return parser_state::fragment;
}

// ---- the end ----

void machine::finish() { close_spans(url_); }

void close_spans(url_state& u) {
    components& c = u.parts;
    std::uint32_t end = u.size();
    if (c.has(component::fragment)) {
        c[component::fragment].end = end;
        end = c[component::fragment].begin - 1;
    }
    if (c.has(component::query)) {
        c[component::query].end = end;
        end = c[component::query].begin - 1;
    }
    c[component::path].end = end;
    // §4.5 step 4: with no host, a path of more than one segment whose first is empty ("//x") is written after "/."
    // (the serialization would read as an authority otherwise).
    const span p = c[component::path];
    if (u.host != host_kind::none || u.opaque_path || p.size() < 2) return;
    const std::string_view path = u.text(p);
    if (path[0] != '/' || path[1] != '/') return;
    const std::uint32_t after_scheme = c[component::scheme].end + 1;
    if (p.begin == after_scheme + 2 && u.text({after_scheme, p.begin}) == "/.") return;  // written already
    u.buffer->insert(u.origin + p.begin, "/.");
    for (const component k : {component::path, component::query, component::fragment})
        if (c.has(k)) c[k] = {c[k].begin + 2, c[k].end + 2};
}

}  // namespace iri::web::detail
