// The fast path of the basic URL parser: most hrefs are already URLs the Standard leaves as they are. The same SIMD
// classification the RFC parse uses (text/simd_scan.hpp: classify_short, or classify_reference for a longer part)
// proves in one pass over the part after "//" that the parser (§4.4) would serialize the input byte for byte (§4.5),
// the host being the run of one mask and the path the run of the other; then the href is the input, copied, with
// the offsets the runs found (and a "/" after it when the path is empty: the one change the serializer makes to such
// an input). Anything else goes to the state machine.
//
// What it takes: "http://", "https://", or "file://" and a host or a third "/"; a host of ASCII lowercase letters,
// digits, "-" and "." (grammar/url.abnf's fast-path-domain-code-point) with no "--" (so no "xn--" label, which UTS #46
// would check), which domain to ASCII (§3.3 step 5: an ASCII domain is lowercased) leaves as it is, and which does
// not end in a number (§3.5), or which is IPv4 in its serialized form; not "localhost" in a file URL (the file host
// state empties it); a port of digits without a leading zero, at most 65535, not the scheme's default (http and
// https only); then a path starting with "/" of bytes the path percent-encode set keeps and no "\" (a "/" in special
// URLs), none of its segments a dot segment, a file URL's first segment no drive letter written with "|"; an
// optional query and fragment of bytes their sets keep. Every "%" is followed by two hex digits; no byte is a control,
// a space or non-ASCII (the classification says so: each is in every set).
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "grammar/url_sets.hpp"
#include "text/ip_address.hpp"
#include "text/simd_scan.hpp"
#include "web/url_access.hpp"
#include "web/url_machine.hpp"
#include "web/web_sets.hpp"

namespace iri::web {

namespace {

using iri::detail::ascii_set;

constexpr std::uint32_t none = span::omitted;

// The classification's two sets: the host's bytes, and the path's ("/" and the bytes the path percent-encode set
// keeps, but "\", a "/" in special URLs).
struct fast_sets {
    ascii_set host, path;
};
constexpr fast_sets sets = [] {
    fast_sets s;
    for (unsigned char c = 0; c < 0x80; ++c) {
        if (detail::fast_path_domain.has(c)) s.host.add(c);
        if (detail::path_set.copied.has(c) && c != '\\') s.path.add(c);
    }
    return s;
}();

// The runs of the two masks over s[a, n), from short_masks or reference_masks.
struct runs {
    iri::detail::short_masks short_m;
    iri::detail::reference_masks long_m;
    bool is_short = true;

    // How many bytes from a + at are in the host set / the path set.
    [[nodiscard]] std::uint32_t host(std::uint32_t at) const noexcept {
        return is_short ? iri::detail::run_of_ones(short_m.first, at) : run(long_m.first, at);
    }
    [[nodiscard]] std::uint32_t path(std::uint32_t at) const noexcept {
        return is_short ? iri::detail::run_of_ones(short_m.second, at) : run(long_m.second, at);
    }
    static std::uint32_t run(const std::uint32_t* member, std::uint32_t at) noexcept {
        std::uint32_t w = at / 32;
        if (const std::uint32_t outside = ~member[w] >> (at % 32))
            return static_cast<std::uint32_t>(std::countr_zero(outside));
        while (!~member[++w]) {}
        return w * 32 + static_cast<std::uint32_t>(std::countr_zero(~member[w])) - at;
    }
};

// A host the fast path copies: not empty, no "--"; when it ends in a number (§3.5), IPv4 as §3.6 writes it.
bool plain_host(std::string_view host, bool& ipv4) noexcept {
    ipv4 = false;
    if (host.empty() || host.find("--") != std::string_view::npos) return false;
    if (!iri::detail::ends_in_a_number(host)) return true;
    const auto a = iri::detail::parse_ipv4(host);  // four dec-octets without leading zeros: the serialization
    ipv4 = a.has_value();
    return ipv4;
}

}  // namespace

bool url_access::fast_parse(std::string_view input, url* out) {
    const auto* s = reinterpret_cast<const unsigned char*>(input.data());
    const auto n = static_cast<std::uint32_t>(input.size());
    std::uint32_t scheme_end;
    std::int32_t default_port = -1;
    bool file = false;
    if (n >= 8 && std::memcmp(s, "https://", 8) == 0) {
        scheme_end = 5, default_port = 443;
    } else if (n >= 7 && std::memcmp(s, "http://", 7) == 0) {
        scheme_end = 4, default_port = 80;
    } else if (n >= 8 && std::memcmp(s, "file://", 7) == 0) {
        scheme_end = 4, file = true;
    } else {
        return false;
    }
    const std::uint32_t a = scheme_end + 3;
    runs r;
    if (n - a <= iri::detail::short_masks::max_size) {
        if (!iri::detail::classify_short(s, a, n, sets.host, sets.path, r.short_m)) return false;
    } else {
        r.is_short = false;
        if (!iri::detail::classify_reference(s + a, n - a, sets.host, sets.path, r.long_m)) return false;
    }
    // The host (§4.4 host state, or file host state), then a port (port state).
    const std::uint32_t host_end = a + r.host(0);
    bool ipv4 = false;
    const std::string_view host = input.substr(a, host_end - a);
    if (!(file && host.empty()) && !plain_host(host, ipv4)) return false;
    if (file && host == "localhost") return false;
    std::uint32_t end = host_end, port = url::no_port_, port_end = none;
    if (end < n && s[end] == ':') {
        if (file) return false;
        const std::uint32_t digits = end + 1;
        std::uint32_t value = 0, k = digits;
        for (; k < n && k - digits < 5 && s[k] >= '0' && s[k] <= '9'; ++k) value = value * 10 + (s[k] - '0');
        if (k == digits || (s[digits] == '0' && k - digits > 1) || value > 65535 ||
            static_cast<std::int32_t>(value) == default_port)
            return false;
        port = value, port_end = end = k;
    }
    // The path: its run, or nothing at the input's end (serialized "/").
    std::uint32_t path_end = end;
    if (end < n) {
        if (s[end] != '/') return false;
        path_end = end + r.path(end - a);
        const std::string_view path = input.substr(end, path_end - end);
        if (detail::has_dot_segment(path)) return false;
        if (file && path.size() >= 3 && path[2] == '|' && detail::windows_drive_letter(path.substr(1, 2)) &&
            (path.size() == 3 || path[3] == '/'))
            return false;
    }
    // The query and the fragment: runs of the bytes their sets keep.
    std::uint32_t query_end = none, fragment_end = none, at = path_end;
    if (at < n && s[at] == '?') at = query_end = iri::detail::skip_literals(s, at + 1, n, detail::special_query_set.copied);
    if (at < n && s[at] == '#') at = fragment_end = iri::detail::skip_literals(s, at + 1, n, detail::fragment_set.copied);
    if (at != n) return false;
    if (!out) return true;

    std::string& b = out->buffer_;
    b.assign(input);
    components& c = out->parts_;
    c = components{};
    c[component::scheme] = {0, scheme_end};
    c[component::authority] = {a, end};
    c[component::host] = {a, host_end};
    c[ipv4 ? component::ipv4address : component::reg_name] = {a, host_end};
    if (port_end != none) c[component::port] = {host_end + 1, port_end};
    if (path_end == end) {  // an empty path is "/" (§4.4 path state with an empty buffer)
        b.push_back('/');
        c[component::path] = {end, end + 1};
    } else {
        c[component::path] = {end, path_end};
        if (query_end != none) c[component::query] = {path_end + 1, query_end};
        if (fragment_end != none)
            c[component::fragment] = {(query_end != none ? query_end : path_end) + 1, fragment_end};
    }
    out->port_ = port_end != none ? port : url::no_port_;
    out->host_kind_ = host.empty() ? host_kind::empty : ipv4 ? host_kind::ipv4 : host_kind::domain;
    out->opaque_path_ = false;
    return true;
}

}  // namespace iri::web
