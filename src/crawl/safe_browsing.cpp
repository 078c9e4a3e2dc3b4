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

namespace iri::crawl::detail {

namespace {

using iri::detail::is_alpha;
using iri::detail::is_scheme_char;

// The length of a scheme ALPHA *(ALPHA / DIGIT / "+" / "-" / ".") followed by ":" at the start of `s`, or 0.
std::size_t scheme_length(std::string_view s) noexcept {
    if (s.empty() || !is_alpha(s[0])) return 0;
    std::size_t i = 1;
    while (i < s.size() && is_scheme_char(s[i])) ++i;
    return i < s.size() && s[i] == ':' ? i : 0;
}

error at(errc code, std::string_view text, std::size_t where, component c) {
    error e = iri::detail::text_error(code, text, where, where < text.size() ? 1 : 0,
                                      where < text.size() ? static_cast<unsigned char>(text[where]) : 0);
    e.where = c;
    return e;
}

// Leading and trailing dots removed, each run of dots made one, in place.
void collapse_dots(std::string& h) {
    std::size_t w = 0;
    for (const char c : h)
        if (c != '.' || (w > 0 && h[w - 1] != '.')) h[w++] = c;
    if (w > 0 && h[w - 1] == '.') --w;
    h.resize(w);
}

// Step 5 on the host `h` (dots handled): IDN as A-labels, IPv4 in any form as a dotted quad, else lowercase;
// escaped (step 7) into `out`. A bracketed IPv6 address is only lowercased: v4 asks no more (the newer v5 text
// also compresses it), and the Go client does the same.
void append_host(std::string& out, std::string& h) {
    if (!iri::detail::is_ascii(h)) {
        if (auto a = iri::host_to_ascii(h)) {  // refused (or not UTF-8): its bytes, escaped
            h = std::move(*a);
            collapse_dots(h);  // a dot the mapping made ("a\u3002" is "a.")
        }
    }
    if (const auto v = inet_aton(h, true)) {
        iri::detail::append_ipv4_text(out, {static_cast<std::uint8_t>(*v >> 24), static_cast<std::uint8_t>(*v >> 16),
                                            static_cast<std::uint8_t>(*v >> 8), static_cast<std::uint8_t>(*v)});
        return;
    }
    for (char& c : h) c = iri::detail::to_lower(c);
    append_escaped_once(out, h);
}

}  // namespace

std::optional<error> append_safe_browsing(std::string& out, std::string_view input, bool keep_port) {
    // 1. Trim white space, remove TAB, CR and LF.
    std::string cleaned_storage, decoded_storage;
    const std::string_view c = cleaned(input, cleaned_storage);
    if (c.empty()) return at(errc::unexpected_end, c, 0, component::host);
    // 2. Remove the fragment. 3. Percent-decode repeatedly (a URL without "%" is its own decoding).
    std::string_view d = c.substr(0, c.find('#'));
    if (d.find('%') != std::string_view::npos) {
        append_unescaped_repeatedly(decoded_storage, d);
        d = decoded_storage;
    }
    // 4. The scheme (http when there is none), which must be followed by "//": Safe Browsing hashes host
    // expressions, so a URL without an authority has nothing to look up.
    std::size_t scheme = scheme_length(d), i = 0;
    if (scheme > 0 && !d.substr(scheme + 1).starts_with("//")) {
        // "host:port" without a scheme ("www.google.com:8080/foo.html", as the Go client reads it), or a URL with
        // no authority ("mailto:x"), which has no host to hash.
        const std::size_t digits = std::min(d.find_first_not_of("0123456789", scheme + 1), d.size());
        if (digits == scheme + 1 || (digits < d.size() && d[digits] != '/' && d[digits] != '?'))
            return at(scheme + 1 < d.size() ? errc::disallowed_character : errc::unexpected_end, d, scheme + 1,
                      component::host);
        scheme = 0;
    }
    if (scheme > 0) i = scheme + 3;
    const std::size_t authority_end = std::min(d.find_first_of("/?", i), d.size());
    std::string_view authority = d.substr(i, authority_end - i);
    if (const std::size_t a = authority.rfind('@'); a != std::string_view::npos) authority.remove_prefix(a + 1);
    // The port: after the first ":" (after the "]" of an IP literal); digits. So no host keeps a ":" outside
    // brackets, and the canonical form reads back as itself.
    std::string_view host = authority, port;
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
    // lowercase (7. escaped). A name of LDH octets with single inner dots that inet_aton does not read needs
    // nothing but its case.
    const bool plain_name = ldh_host(host) && (!iri::detail::is_digit(host.front()) || !inet_aton(host, true));
    std::string h;
    if (!plain_name) {
        h.assign(host);
        collapse_dots(h);
        if (h.empty())
            return at(errc::unexpected_end, d, static_cast<std::size_t>(host.data() - d.data()), component::host);
    }
    const std::string_view scheme_name = scheme > 0 ? d.substr(0, scheme) : std::string_view("http");
    append_lowercase(out, scheme_name);
    out.append("://");
    if (plain_name) append_lowercase(out, host);
    else append_host(out, h);
    if (keep_port && !port.empty()) out.append(":").append(port);  // 8. (v4 drops the port)
    // 6. Path: a "/" at least, runs of "/" made one, then "." and ".." resolved (RFC 3986 §5.2.4); 7. escaped.
    const std::size_t query_at = std::min(d.find('?', authority_end), d.size());
    const std::string_view path = d.substr(authority_end, query_at - authority_end);
    if (path.empty()) {
        out.push_back('/');
    } else if (normal_path(path) && plain_run(path) == path.size()) {
        out.append(path);  // nothing to resolve, nothing to escape
    } else {
        std::string p(1, '/');
        for (const char ch : path)
            if (ch != '/' || p.back() != '/') p.push_back(ch);
        p.resize(iri::detail::remove_dot_segments_in_place(p.data(), p.size()));
        if (p.empty() || p.front() != '/') p.insert(p.begin(), '/');
        append_escaped_once(out, p);
    }
    // 7. Escape; 9. a "?" with an empty query stays.
    if (query_at < d.size()) {
        out.push_back('?');
        append_escaped_once(out, d.substr(query_at + 1));
    }
    return std::nullopt;
}

}  // namespace iri::crawl::detail
