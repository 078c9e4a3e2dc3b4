// Google Safe Browsing canonicalization (Safe Browsing API v4, "URLs and Hashing", "Canonicalization";
// https://developers.google.com/safe-browsing/v4/urls-hashing), the steps in the document's order.
#include "crawl/safe_browsing.hpp"

#include <algorithm>

#include "crawl/ia_canon.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "model/error_detail.hpp"
#include "resolve/resolve_detail.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

error at(errc code, std::string_view text, std::size_t where, component c) {
    error e = iri::detail::text_error(code, text, where, where < text.size() ? 1 : 0,
                                      where < text.size() ? static_cast<unsigned char>(text[where]) : 0);
    e.where = c;
    return e;
}

// `h` with its leading and trailing dots removed and each run of dots made one, written to `to` (room for h.size()
// octets; `to` may be h.data(): the copy never overtakes the reading). Returns how many octets it wrote.
std::size_t collapse_dots(std::string_view h, char* to) noexcept {
    std::size_t w = 0;
    for (const char c : h)
        if (c != '.' || (w > 0 && to[w - 1] != '.')) to[w++] = c;
    if (w > 0 && to[w - 1] == '.') --w;
    return w;
}

// Step 5 on the host `h` (dots handled): IDN as A-labels, IPv4 in any form as a dotted quad, else lowercase;
// escaped (step 7) into `out`. A bracketed IPv6 address is only lowercased: v4 asks no more (the newer v5 text
// also compresses it), and the Go client does the same.
// `h` (its n octets) is the caller's scratch, lowercased in place.
void append_host(std::string& out, char* h, std::size_t n) {
    std::string mapped;  // the A-labels of a host beyond ASCII (the one case that allocates)
    if (!iri::detail::is_ascii({h, n})) {
        if (auto a = iri::host_to_ascii({h, n})) {  // refused (or not UTF-8): its bytes, escaped
            mapped = std::move(*a);
            n = collapse_dots(mapped, mapped.data());  // a dot the mapping made ("a\u3002" is "a.")
            h = mapped.data();
        }
    }
    if (const auto v = inet_aton({h, n}, true)) {
        iri::detail::append_ipv4_text(out, {static_cast<std::uint8_t>(*v >> 24), static_cast<std::uint8_t>(*v >> 16),
                                            static_cast<std::uint8_t>(*v >> 8), static_cast<std::uint8_t>(*v)});
        return;
    }
    for (std::size_t i = 0; i < n; ++i) h[i] = iri::detail::to_lower(h[i]);
    append_escaped_once(out, {h, n});
}

}  // namespace

namespace {

// The split of step 4: the scheme's length (0: none, http), where the authority begins and ends; or the error of
// a URL with no authority ("mailto:x", which has no host to hash).
struct sb_split {
    std::size_t scheme = 0, begin = 0, end = 0;
    std::optional<error> failure;
};

sb_split split_at_authority(std::string_view d) {
    sb_split s;
    s.scheme = scheme_length(d);
    if (s.scheme > 0 && !d.substr(s.scheme + 1).starts_with("//")) {
        // "host:port" without a scheme ("www.google.com:8080/foo.html", as the Go client reads it), or a URL with
        // no authority ("mailto:x"), which has no host to hash.
        const std::size_t digits = std::min(d.find_first_not_of("0123456789", s.scheme + 1), d.size());
        if (digits == s.scheme + 1 || (digits < d.size() && d[digits] != '/' && d[digits] != '?')) {
            s.failure = at(s.scheme + 1 < d.size() ? errc::disallowed_character : errc::unexpected_end, d, s.scheme + 1,
                           component::host);
            return s;
        }
        s.scheme = 0;
    }
    s.begin = s.scheme > 0 ? s.scheme + 3 : 0;
    const char* const p = d.data();
    s.end = static_cast<std::size_t>(iri::detail::find_first_of<'/', '?'>(p + s.begin, p + d.size(), p) - p);
    return s;
}

// Whether every "%" of d from `first` begins a triplet of an octet escapeOnce escapes, but "%" itself: decoding
// then re-escaping such a URL gives it back (the hex uppercase), and no such octet splits a URL or a path.
bool stable_triplets(std::string_view d, std::size_t first) noexcept {
    for (std::size_t i = first; i != std::string_view::npos; i = d.find('%', i + 3)) {
        const int v = iri::detail::escape_at(d, i);
        if (v < 0 || v == '%' || !escaped_once(static_cast<unsigned char>(v))) return false;
    }
    return true;
}

// Steps 4 to 9 on `d`, whose split is `s`: decoded (step 3), or with stable triplets after its authority only,
// which the path's and the query's own steps decode where they need to.
std::optional<error> write_url(std::string& out, std::string_view d, const sb_split& s, bool keep_port) {
    std::string_view authority = d.substr(s.begin, s.end - s.begin);
    std::string_view host = authority, port;
    const char* const a0 = authority.data();
    const char* const a1 = a0 + authority.size();
    if (iri::detail::find_first_of<'@', ':'>(a0, a1, a0) != a1) {  // a host alone: the commonest, one search
        if (const std::size_t a = authority.rfind('@'); a != std::string_view::npos) authority.remove_prefix(a + 1);
        host = authority;
    }
    // The port: after the first ":" (after the "]" of an IP literal); digits. So no host keeps a ":" outside
    // brackets, and the canonical form reads back as itself.
    const std::size_t close = authority.starts_with('[') ? authority.find(']') : std::string_view::npos;
    const std::size_t colon = authority.find(':', close == std::string_view::npos ? 0 : close);
    if (colon != std::string_view::npos) {
        host = authority.substr(0, colon);
        port = authority.substr(colon + 1);
        const std::size_t bad = port.find_first_not_of("0123456789");
        if (bad != std::string_view::npos) {
            error e = character_error(errc::bad_port, d, static_cast<std::size_t>(port.data() - d.data()) + bad);
            e.where = component::port;
            return e;
        }
    }
    // 5. Host: leading and trailing dots removed, runs of dots made one; IDN A-labels, IPv4 in any form,
    // lowercase (7. escaped). A name of LDH octets with single inner dots whose last label begins with a letter
    // (every part of an inet_aton address begins with a digit) needs nothing but its case.
    const std::size_t base = out.size();
    const std::string_view scheme = s.scheme > 0 ? d.substr(0, s.scheme) : std::string_view("http");
    if (scheme == "http" || scheme == "https") out.append(scheme);
    else append_lowercase(out, scheme);
    out.append("://");
    if (!write_plain_host(out, host, {.hex_ipv4 = true})) {
        // The host's octets with its dots collapsed, in a buffer on the stack (a DNS name has at most 253), else
        // on the heap: no allocation for a host of the common lengths.
        char stack[256];
        std::string heap;
        char* h = stack;
        if (host.size() > sizeof stack) {
            heap.resize(host.size());
            h = heap.data();
        }
        const std::size_t n = collapse_dots(host, h);
        if (n == 0) {
            out.resize(base);
            return at(errc::unexpected_end, d, static_cast<std::size_t>(host.data() - d.data()), component::host);
        }
        append_host(out, h, n);
    }
    if (keep_port && !port.empty()) out.append(":").append(port);  // 8. (v4 drops the port)
    // 6. Path: a "/" at least, runs of "/" made one, then "." and ".." resolved (RFC 3986 §5.2.4); 7. escaped.
    const std::size_t query_at = std::min(d.find('?', s.end), d.size());
    const std::string_view path = d.substr(s.end, query_at - s.end);
    if (path.empty()) {
        out.push_back('/');
    } else if (!copy_stable(out, path, true, false)) {  // nothing to resolve, nothing to escape but triplets
        // (a decoded URL is its own decoding). Each stage's text after the last one's, at out's end, the last
        // moved down: no allocation once out's buffer is large enough. The room is reserved first so that the
        // views into out stay valid: decoded <= n octets, with single "/"s and a first "/" <= n + 2, escaped <=
        // 3(n + 2).
        const std::size_t at = out.size(), n = path.size();
        out.reserve(at + 5 * n + 16);
        append_unescaped_repeatedly(out, path);
        const std::size_t single = out.size();
        out.push_back('/');
        for (std::size_t i = at; i < single; ++i)
            if (out[i] != '/' || out.back() != '/') out.push_back(out[i]);
        out.resize(single + iri::detail::remove_dot_segments_in_place(out.data() + single, out.size() - single));
        if (out.size() == single || out[single] != '/') out.insert(single, 1, '/');
        const std::size_t escaped = out.size();
        append_escaped_once(out, std::string_view(out.data() + single, escaped - single));
        out.erase(at, escaped - at);
    }
    // 7. Escape; 9. a "?" with an empty query stays.
    if (query_at < d.size()) {
        out.push_back('?');
        const std::string_view query = d.substr(query_at + 1);
        if (!copy_stable(out, query, false, false)) {  // as the path's stages: decoded <= n, escaped <= 3n
            const std::size_t at = out.size();
            out.reserve(at + 4 * query.size() + 8);
            append_unescaped_repeatedly(out, query);
            const std::size_t escaped = out.size();
            append_escaped_once(out, std::string_view(out.data() + at, escaped - at));
            out.erase(at, escaped - at);
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<error> append_safe_browsing(std::string& out, std::string_view input, bool keep_port) {
    // 1. Trim white space, remove TAB, CR and LF.
    std::string cleaned_storage;
    const std::string_view c = cleaned(input, cleaned_storage);
    if (c.empty()) return at(errc::unexpected_end, c, 0, component::host);
    // 2. Remove the fragment (one search for it and a "%").
    const char* const p = c.data();
    const std::size_t mark = static_cast<std::size_t>(iri::detail::find_first_of<'#', '%'>(p, p + c.size(), p) - p);
    const bool percent = mark < c.size() && c[mark] == '%';
    const std::string_view d = c.substr(0, percent ? std::min(c.find('#', mark), c.size()) : mark);
    sb_split s = split_at_authority(d);
    // 3. Percent-decode repeatedly. A URL without "%", or whose every "%" after its authority begins a stable
    // triplet, is read as it is (its path and query decode where they need to); any other is decoded first, and
    // split again (a decoded "/" or "?" splits it).
    const std::size_t first = percent ? mark : std::string_view::npos;
    if (first == std::string_view::npos || (first >= s.end && !s.failure && stable_triplets(d, first))) {
        if (s.failure) return s.failure;
        return write_url(out, d, s, keep_port);
    }
    std::string decoded;
    append_unescaped_repeatedly(decoded, d);
    s = split_at_authority(decoded);
    if (s.failure) return s.failure;
    return write_url(out, decoded, s, keep_port);
}

}  // namespace iri::crawl::detail
