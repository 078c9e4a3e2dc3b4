// The fast path of the basic URL parser: most hrefs are already http(s) URLs the Standard leaves as they are. One
// forward scan proves that the parser (§4.4) would serialize the input byte for byte (§4.5), and then the href
// is the input, copied, with the offsets the scan found; anything else goes to the state machine.
//
// What the scan accepts: "http://" or "https://" in lowercase; a host of ASCII lowercase letters, digits, "-" and
// "." that is not IPv4 (ends in a number, §3.5) and has no "xn--" label (which UTS #46 would check), so that
// domain to ASCII (§3.3) returns it unchanged; an optional port of digits with no leading zero, at most 65535 and
// not the scheme's default; then a path starting with "/" whose segments are not single- or double-dot
// segments; an optional query and fragment. Every byte from the path on is printable ASCII outside the
// component's percent-encode set, not "\" (a "/" in special URLs), and any "%" is followed by two hex digits. No
// credentials, no tab, newline, control or space anywhere (the parser would strip or remove them).
#include <array>
#include <cstdint>
#include <string_view>

#include "iri/percent.hpp"
#include "web/host_parser.hpp"
#include "text/ip_address.hpp"
#include "web/web_detail.hpp"

namespace iri::web {

namespace {

/// For each ASCII byte, a bit per component (path, special query, fragment): set when the byte is printable, not
/// "\\" and not in that component's percent-encode set, so the parser copies it as it is; and the host's bit, set for
/// the bytes of a domain the scan copies (url_set::fast_path_domain). Read off the sets once.
enum : std::uint8_t { in_path = 1, in_query = 2, in_fragment = 4, in_host = 8 };
const std::array<std::uint8_t, 128>& kept_as_is() noexcept {
    static const std::array<std::uint8_t, 128> table = [] {
        std::array<std::uint8_t, 128> t{};
        for (char32_t c = 0x21; c < 0x7F; ++c) {
            if (c == '\\') continue;
            const auto b = static_cast<unsigned char>(c);
            t[c] = static_cast<std::uint8_t>((detail::path_set.encoded.has(b) ? 0 : in_path) |
                                             (detail::special_query_set.encoded.has(b) ? 0 : in_query) |
                                             (detail::fragment_set.encoded.has(b) ? 0 : in_fragment) |
                                             (detail::fast_path_domain.has(b) ? in_host : 0));
        }
        return t;
    }();
    return table;
}

[[nodiscard]] bool dot_segment(std::string_view seg) noexcept {
    // ".", "..", and their "%2e" spellings: any segment of one or two such dots.
    std::size_t dots = 0;
    for (std::size_t i = 0; i < seg.size();) {
        if (seg[i] == '.') {
            ++i;
        } else if (seg.size() - i >= 3 && seg[i] == '%' && seg[i + 1] == '2' && (seg[i + 2] | 0x20) == 'e') {
            i += 3;
        } else {
            return false;
        }
        ++dots;
    }
    return dots == 1 || dots == 2;
}

}  // namespace

bool url_access::fast_parse(std::string_view s, url* out) {
    std::size_t i;
    std::int32_t default_port;
    if (s.starts_with("http://")) {
        i = 7, default_port = 80;
    } else if (s.starts_with("https://")) {
        i = 8, default_port = 443;
    } else {
        return false;
    }
    const std::size_t host_start = i;
    while (i < s.size() &&
           (static_cast<unsigned char>(s[i]) < 0x80 && (kept_as_is()[static_cast<unsigned char>(s[i])] & in_host)))
        ++i;
    const std::string_view host = s.substr(host_start, i - host_start);
    if (host.empty() || host.front() == '.' || host.find("..") != std::string_view::npos || host.starts_with("xn--") ||
        host.find(".xn--") != std::string_view::npos || iri::detail::ends_in_a_number(host))
        return false;
    const std::size_t host_end = i;
    std::uint32_t port = url::no_port_;
    if (i < s.size() && s[i] == ':') {
        const std::size_t digits = ++i;
        std::uint32_t value = 0;
        while (i < s.size() && detail::ascii_digit(static_cast<unsigned char>(s[i])) && i - digits < 5)
            value = value * 10 + static_cast<std::uint32_t>(s[i++] - '0');
        if (i == digits || s[digits] == '0' || value > 65535 || static_cast<std::int32_t>(value) == default_port)
            return false;
        port = value;
    }
    if (i == s.size() || s[i] != '/') return false;
    const std::size_t path_start = i;
    std::size_t segment = i + 1;
    std::size_t search = url::npos_, hash = url::npos_;
    const std::array<std::uint8_t, 128>& kept = kept_as_is();
    std::uint8_t component = in_path;
    for (++i; i <= s.size(); ++i) {
        const char c = i < s.size() ? s[i] : '\0';
        if (component == in_path && (c == '/' || c == '?' || c == '#' || i == s.size())) {
            if (dot_segment(s.substr(segment, i - segment))) return false;
            segment = i + 1;
            if (i == s.size()) break;
            if (c == '/') continue;
        }
        if (i == s.size()) break;
        if (c == '?' && component == in_path) {
            search = i, component = in_query;
        } else if (c == '#' && component != in_fragment) {
            hash = i, component = in_fragment;
        } else if (static_cast<unsigned char>(c) >= 0x80 || !(kept[static_cast<unsigned char>(c)] & component) ||
                   (c == '%' && (i + 2 >= s.size() || hex_value(s[i + 1]) < 0 || hex_value(s[i + 2]) < 0))) {
            return false;
        }
    }
    if (!out) return true;
    url& u = *out;
    u.buffer_.assign(s);
    u.protocol_end_ = static_cast<std::uint32_t>(host_start - 2);
    u.username_end_ = u.host_start_ = static_cast<std::uint32_t>(host_start);
    u.host_end_ = static_cast<std::uint32_t>(host_end);
    u.pathname_start_ = static_cast<std::uint32_t>(path_start);
    u.search_start_ = static_cast<std::uint32_t>(search);
    u.hash_start_ = static_cast<std::uint32_t>(hash);
    u.port_ = port;
    u.host_kind_ = host_kind::domain;
    u.opaque_path_ = false;
    return true;
}

}  // namespace iri::web
