// The fast path of the basic URL parser: an absolute special URL ("http://", "https://", "ws://", "wss://", "ftp://"
// or "file://" in lowercase) whose authority is a plain host and maybe a port, which is most hrefs. Its authority is
// found with one search (SSE2) and checked a byte at a time; nothing after it can fail (§4.4's failures are all in
// the scheme, authority, host and port states), so can_parse answers there. A parse then writes the href: the host
// lowercased, the port without leading zeros and never the default one, the path, query and fragment copied where
// the SIMD skip (text/simd_scan.hpp) finds their bytes kept by their percent-encode sets, and encoded as runs
// (text/percent_encode.hpp, non-ASCII text byte by byte from its UTF-8) where not. Anything else goes to the state
// machine: an authority with a userinfo, an IP literal, a host with "%", non-ASCII or an "xn--" label (UTS #46 must
// judge it), an IPv4 host the IPv4 parser refuses; a tab or newline anywhere, a C0 control or space at the end; a
// path with a "\", a dot segment, or a file URL's drive letter written with "|".
//
// What the states would do with such an input, step by step: scheme state step 2 (a special scheme), special
// authority slashes state (the "//"), authority state (no "@"), host state step 3 and the host parser (§3.5: not
// "[", not opaque; percent-decoding and UTF-8 decoding change nothing; domain to ASCII of an ASCII domain without an
// "xn--" label is its ASCII lowercase (§3.3 step 5); no forbidden domain code point; the IPv4 parser when it ends in
// a number); port state; path start state (a "/", or an empty path: the path state appends the empty segment);
// path state (no dot segment, no "\": each segment appended after "/", encoded); query and fragment states.
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "grammar/url_sets.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_encode.hpp"
#include "text/simd_scan.hpp"
#include "web/url_access.hpp"
#include "web/url_machine.hpp"
#include "web/web_sets.hpp"

namespace iri::web {

namespace {

// What a host byte asks of the fast path: kept, lowercased (an ASCII upper alpha), or the host parser's general
// path (a forbidden domain code point, "%", a byte from 0x80).
enum : std::uint8_t { host_plain = 0, host_upper = 1, host_other = 2 };
constexpr std::array<std::uint8_t, 256> host_bytes = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c < 256; ++c) {
        const auto b = static_cast<unsigned char>(c);
        if (c >= 0x80 || c == '%' || detail::forbidden_domain.has(b)) t[c] = host_other;
        else if (detail::ascii_alphas.has(b) && !(c & 0x20)) t[c] = host_upper;  // the ASCII case bit clear
    }
    return t;
}();

// The path's bytes the skip copies: the path percent-encode set's kept bytes, but "\" (a "/" in special URLs).
constexpr iri::detail::ascii_set path_kept = [] {
    iri::detail::ascii_set s;
    for (unsigned char c = 0; c < 0x80; ++c)
        if (detail::path_set.copied.has(c) && c != '\\') s.add(c);
    return s;
}();

// A special scheme in lowercase and "://" at the input's start (§4.1's special schemes).
struct scheme_match {
    std::uint32_t end = 0;  // the scheme's length; 0: none
    std::int32_t default_port = -1;
    bool file = false;
};

scheme_match special_scheme_at(const char* s, std::size_t n) noexcept {
    const auto starts = [s, n](std::string_view p) { return n > p.size() && std::memcmp(s, p.data(), p.size()) == 0; };
    switch (s[0]) {
        case 'h':
            if (starts("https://")) return {5, 443, false};
            if (starts("http://")) return {4, 80, false};
            break;
        case 'w':
            if (starts("wss://")) return {3, 443, false};
            if (starts("ws://")) return {2, 80, false};
            break;
        case 'f':
            if (starts("file://")) return {4, -1, true};
            if (starts("ftp://")) return {3, 21, false};
            break;
        default: break;
    }
    return {};
}

// The host's bytes the masks and the skip take: grammar/url.abnf's fast-path-domain-code-point (a lowercase ASCII
// domain's), which domain to ASCII leaves as they are.
constexpr iri::detail::ascii_set host_kept = [] {
    iri::detail::ascii_set s;
    for (unsigned char c = 0; c < 0x80; ++c)
        if (detail::fast_path_domain.has(c)) s.add(c);
    return s;
}();

// The authority as the fast path reads it: the host [a, host_end), a port [host_end + 1, end) when there is a ":".
struct authority_match {
    std::uint32_t host_end = 0, end = 0;
    std::uint32_t port = detail::url_state::no_port;
    bool port_written = false;  // a port that is not the scheme's default
    bool port_as_is = true;     // written as the input has it (no leading zero), or not at all
    bool upper = false;         // the host has ASCII upper alphas
    bool ipv4 = false;
    bool ipv4_as_is = false;  // an IPv4 host the IPv4 serializer writes as the input has it
    bool localhost = false;   // a file URL's "localhost": the empty host
    std::uint32_t address = 0;
};

// The host s[a, host_end) and a port up to `end` (the authority's end, at "/", "?", "#" or the input's end) as the
// fast path takes them; false when the state machine must judge them.
bool plain_host_and_port(const char* s, std::uint32_t a, const scheme_match& scheme, authority_match& m) noexcept {
    const std::string_view host(s + a, m.host_end - a);
    if (host.empty()) return scheme.file && m.host_end == m.end;  // a file URL's empty host
    if (iri::detail::find_after<'-', '-'>(host.data(), host.data() + host.size(), s) != host.data() + host.size())
        return false;  // maybe an "xn--" label
    if (iri::detail::ends_in_a_number(host)) {
        const iri::detail::ipv4_reading r = iri::detail::read_ipv4(host, iri::detail::whatwg_ipv4);
        if (!r) return false;
        m.ipv4 = true;
        m.address = r.address;
        m.ipv4_as_is = !m.upper && iri::detail::parse_ipv4(host).has_value();  // four dec-octets, no leading zero
    }
    m.localhost = scheme.file && host == "localhost";  // file host state step 1.3.3
    if (m.host_end == m.end) return true;
    if (scheme.file) return false;  // ":" is a forbidden domain code point of a file URL's host
    std::uint32_t value = 0;
    for (std::uint32_t k = m.host_end + 1; k < m.end; ++k) {
        if (s[k] < '0' || s[k] > '9') return false;
        value = value * 10 + static_cast<std::uint32_t>(s[k] - '0');
        if (value > 65535) return false;
    }
    m.port_as_is = false;
    if (m.end > m.host_end + 1 && static_cast<std::int32_t>(value) != scheme.default_port) {
        m.port = value;
        m.port_written = true;
        m.port_as_is = s[m.host_end + 1] != '0' || m.end == m.host_end + 2;
    }
    return true;
}

// The authority from s[a] when the fast path takes it, found by the SIMD skip over the host's bytes: false when the
// state machine must judge it.
bool plain_authority(const char* s, std::uint32_t a, std::uint32_t n, const scheme_match& scheme,
                     authority_match& m) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    std::uint32_t i = iri::detail::skip_literals(u, a, n, host_kept);
    for (; i < n; ++i) {  // other bytes of a host: ASCII upper alphas (lowercased), kept bytes after them
        const std::uint8_t k = host_bytes[u[i]];
        if (k == host_other) break;
        m.upper = m.upper || k == host_upper;
    }
    m.host_end = i;
    if (i < n && s[i] == ':')
        for (++i; i < n && s[i] >= '0' && s[i] <= '9';) ++i;
    m.end = i;
    if (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#') return false;  // "@", "[", "\", "%", a tab, non-ASCII...
    return plain_host_and_port(s, a, scheme, m);
}

// Appends s[begin, end) kept by `kept` as it is, else percent-encoded with `set`.
void append_component(std::string& b, const char* s, std::uint32_t begin, std::uint32_t end,
                      const iri::detail::ascii_set& kept, const detail::percent_encode_set& set) {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    const std::uint32_t stop = iri::detail::skip_literals(u, begin, end, kept);
    b.append(s + begin, stop - begin);
    if (stop < end) iri::detail::append_percent_encoded(b, std::string_view(s + stop, end - stop), set);
}

// Where the path, query and fragment end, and whether each is kept as it is (its bytes all kept by its set).
struct tail_match {
    std::uint32_t path_end = 0, query_end = 0;  // query_end: where the query ends (the path's end: none)
    bool plain = false;                         // every byte kept: the tail is copied
};

// The masks of s[a, n) (the host's set, the path's) when the part is short and plain (classify_short: ASCII, every
// "%" with two hex digits): the host and the path are their runs, the query and the fragment skipped.
bool masked_tail(const char* s, std::uint32_t a, std::uint32_t n, const scheme_match& scheme, authority_match& m,
                 tail_match& t) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    iri::detail::short_masks masks;
    if (n - a > iri::detail::short_masks::max_size ||
        !iri::detail::classify_short(u, a, n, host_kept, path_kept, masks))
        return false;
    std::uint32_t i = a + iri::detail::run_of_ones(masks.first, 0);
    m.host_end = i;
    if (i < n && s[i] == ':')
        for (++i; i < n && s[i] >= '0' && s[i] <= '9';) ++i;
    m.end = i;
    if (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#') return false;
    if (!plain_host_and_port(s, a, scheme, m)) return false;
    t.path_end = i < n && s[i] == '/' ? i + iri::detail::run_of_ones(masks.second, i - a) : i;
    std::uint32_t at = t.path_end;
    t.query_end = at;
    if (at < n && s[at] == '?')
        at = t.query_end = iri::detail::skip_literals(u, at + 1, n, detail::special_query_set.copied);
    if (at < n && s[at] == '#') at = iri::detail::skip_literals(u, at + 1, n, detail::fragment_set.copied);
    t.plain = at == n;
    return t.plain;
}

// The tail of an authority plain_authority took: no tab or newline (removed first, §4.4 step 3), no C0 control or
// space at the end (stripped, step 1); where the path and the query end.
bool encoded_tail(const char* s, std::uint32_t n, const authority_match& m, tail_match& t) noexcept {
    if (static_cast<unsigned char>(s[n - 1]) <= 0x20 ||
        iri::detail::find_first_of<'\t', '\n', '\r'>(s + m.end, s + n, s) != s + n)
        return false;
    t.path_end = static_cast<std::uint32_t>(iri::detail::find_first_of<'?', '#', '\\'>(s + m.end, s + n, s) - s);
    if (t.path_end < n && s[t.path_end] == '\\') return false;
    t.query_end = t.path_end;
    if (t.path_end < n && s[t.path_end] == '?') {
        const auto* hash = static_cast<const char*>(std::memchr(s + t.path_end + 1, '#', n - t.path_end - 1));
        t.query_end = hash ? static_cast<std::uint32_t>(hash - s) : n;
    }
    return true;
}

}  // namespace

std::optional<url_access::fast_host> url_access::fast_host_of(std::string_view input) noexcept {
    const char* const s = input.data();
    const auto n = static_cast<std::uint32_t>(input.size());
    if (n == 0) return std::nullopt;
    const scheme_match scheme = special_scheme_at(s, n);
    if (scheme.end == 0) return std::nullopt;
    const std::uint32_t a = scheme.end + 3;
    authority_match m;
    if (!plain_authority(s, a, n, scheme, m)) return std::nullopt;  // can_parse's proof: nothing after it fails
    if (m.host_end == a || m.localhost) return fast_host{std::string_view(s + a, 0), host_kind::empty, false};
    if (m.ipv4 && !m.ipv4_as_is) return std::nullopt;  // the IPv4 serializer writes it otherwise
    return fast_host{std::string_view(s + a, m.host_end - a), m.ipv4 ? host_kind::ipv4 : host_kind::domain, m.upper};
}

bool url_access::fast_parse(std::string_view input, url* out) {
    const char* const s = input.data();
    const auto n = static_cast<std::uint32_t>(input.size());
    if (n == 0) return false;
    const scheme_match scheme = special_scheme_at(s, n);
    if (scheme.end == 0) return false;
    const std::uint32_t a = scheme.end + 3;
    authority_match m;
    tail_match t;
    if (!out) return plain_authority(s, a, n, scheme, m);  // can_parse: nothing after the authority fails
    if (!masked_tail(s, a, n, scheme, m, t)) {
        m = authority_match{};
        if (!plain_authority(s, a, n, scheme, m) || !encoded_tail(s, n, m, t)) return false;
    }
    // Path state: no "\" (the masks and encoded_tail stop there), no dot segment, no drive letter written with "|".
    const std::string_view path = input.substr(m.end, t.path_end - m.end);
    if (detail::has_dot_segment(path, s)) return false;
    if (scheme.file && path.size() >= 3 && path[2] == '|' && detail::windows_drive_letter(path.substr(1, 2)) &&
        (path.size() == 3 || path[3] == '/'))
        return false;

    std::string& b = out->buffer_;
    components& c = out->parts_;
    c = components{};
    c[component::scheme] = {0, scheme.end};
    const bool host_as_is = !m.upper && !m.localhost && (!m.ipv4 || m.ipv4_as_is) && m.port_as_is;
    if (t.plain && host_as_is && !path.empty()) {  // the href is the input
        b.assign(input);
        c[component::authority] = {a, m.end};
        c[component::host] = c[m.ipv4 ? component::ipv4address : component::reg_name] = {a, m.host_end};
        if (m.port_written) c[component::port] = {m.host_end + 1, m.end};
        c[component::path] = {m.end, t.path_end};
        if (t.query_end > t.path_end) c[component::query] = {t.path_end + 1, t.query_end};
        if (t.query_end < n) c[component::fragment] = {t.query_end + 1, n};
    } else {
        b.assign(s, a);
        c[component::authority].begin = a;
        if (m.ipv4) {
            iri::detail::append_ipv4_text(b, iri::detail::ipv4_octets(m.address));
        } else if (!m.localhost) {
            b.append(s + a, m.host_end - a);
            if (m.upper)
                for (std::size_t k = a; k < b.size(); ++k) b[k] = iri::detail::to_lower(b[k]);
        }
        const auto here = [&b] { return static_cast<std::uint32_t>(b.size()); };
        c[component::host] = c[m.ipv4 ? component::ipv4address : component::reg_name] = {a, here()};
        if (m.port_written) {
            char digits[8];
            const auto k =
                static_cast<std::uint32_t>(std::to_chars(digits, digits + sizeof digits, m.port).ptr - digits);
            b.push_back(':');
            c[component::port] = {here(), here() + k};
            b.append(digits, k);
        }
        c[component::authority].end = here();
        c[component::path].begin = here();
        if (path.empty()) b.push_back('/');  // the path state appends the empty segment
        else append_component(b, s, m.end, t.path_end, path_kept, detail::path_set);
        c[component::path].end = here();
        if (t.query_end > t.path_end) {
            b.push_back('?');
            c[component::query].begin = here();
            append_component(b, s, t.path_end + 1, t.query_end, detail::special_query_set.copied,
                             detail::special_query_set);
            c[component::query].end = here();
        }
        if (t.query_end < n) {  // "#"
            b.push_back('#');
            c[component::fragment].begin = here();
            append_component(b, s, t.query_end + 1, n, detail::fragment_set.copied, detail::fragment_set);
            c[component::fragment].end = here();
        }
    }
    out->port_ = m.port_written ? m.port : url::no_port_;
    out->default_port_dropped_ = m.end > m.host_end + 1 && !m.port_written;  // ":" and digits: the default port
    out->default_port_ = scheme.default_port;
    out->special_ = true;
    out->host_kind_ = m.ipv4 ? host_kind::ipv4 : m.host_end == a || m.localhost ? host_kind::empty : host_kind::domain;
    out->opaque_path_ = false;
    return true;
}

}  // namespace iri::web
