// The SURT formats (crawler-keys.md §1 "Format", "Heritrix SURT"): the surt package's hostToSURT, as the writer
// applies it in place to the host it has just written, and Heritrix's SURT.fromURI.
#include <algorithm>

#include "crawl/ia_canon.hpp"
#include "grammar/charset_detail.hpp"
#include "text/ascii.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::is_alnum;
using iri::detail::is_digit;
using iri::detail::to_lower;

// _RE_IP_ADDRESS (?:\d{1,3}\.){3}\d{1,3}$ from the start, and Heritrix's IP_PATTERN (\d{1,3}\.){3}\d{1,3}.
bool four_numbers(std::string_view host) noexcept {
    std::size_t parts = 1, run = 0;
    for (const char c : host) {
        if (c == '.' && run > 0) {
            ++parts, run = 0;
        } else if (is_digit(c) && run < 3) {
            ++run;
        } else {
            return false;
        }
    }
    return parts == 4 && run > 0;
}

}  // namespace

void reverse_host_surt(std::string& out, std::size_t from, bool reverse_ipaddr) {
    char* const b = out.data() + from;
    char* const e = out.data() + out.size();
    if (!reverse_ipaddr && four_numbers(std::string_view(b, static_cast<std::size_t>(e - b)))) return;
    // The labels in reverse order joined by ",": the whole host reversed, then each label reversed back.
    std::reverse(b, e);
    for (char* label = b;;) {
        char* const dot = std::find(label, e, '.');
        std::reverse(label, dot);
        if (dot == e) break;
        *dot = ',';
        label = dot + 1;
    }
}

void append_host_surt(std::string& out, std::string_view host, bool reverse_ipaddr) {
    const std::size_t at = out.size();
    out.append(host);
    reverse_host_surt(out, at, reverse_ipaddr);
}

void append_heritrix_surt(std::string& out, std::string_view s) {
    // ^(\w+://)(?:([-\w\.!~\*'\(\)%;:&=+$,]+?)(@))?(\S+?)(:\d+)?(/\S*)?$
    const auto is_word = [](char c) { return is_alnum(c) || c == '_'; };
    const auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    const auto in_userinfo = [&](char c) {
        return is_word(c) || std::string_view("-.!~*'()%;:&=+$,").find(c) != std::string_view::npos;
    };
    std::size_t a = 0;
    while (a < s.size() && is_word(s[a])) ++a;
    if (a == 0 || !s.substr(a).starts_with("://") || std::any_of(s.begin(), s.end(), is_space)) {
        out.append(s);
        return;
    }
    a += 3;
    const std::size_t base = out.size();
    std::string_view userinfo;
    std::size_t h = a;
    if (a == s.size()) {  // the host needs a character
        out.append(s);
        return;
    }
    std::size_t at = a;
    while (at < s.size() && in_userinfo(s[at])) ++at;
    if (at > a && at + 1 < s.size() && s[at] == '@') userinfo = s.substr(a, at - a), h = at + 1;
    // The host, lazily: up to the first place where (":" digits)? ("/" ...)? reaches the end.
    std::size_t e = h + 1, port_end = s.size();
    for (; e < s.size(); ++e) {
        if (s[e] == '/') {
            port_end = e;
            break;
        }
        if (s[e] == ':') {
            std::size_t d = e + 1;
            while (d < s.size() && is_digit(s[d])) ++d;
            if (d > e + 1 && (d == s.size() || s[d] == '/')) {
                port_end = d;
                break;
            }
        }
    }
    const std::string_view host = s.substr(h, e - h);
    out.append(s.substr(0, a)).push_back('(');
    // IP_PATTERN (\d{1,3}\.){3}\d{1,3}: as it is; else each label from the right, each followed by ",".
    if (four_numbers(host)) {
        out.append(host);
    } else {
        // SURT.fromURI's loop: a label starts after each "." (never at the host's end), the first at the start.
        std::size_t seg_end = host.size();
        for (std::size_t i = host.size(); i-- > 0;) {
            if (i > 0 && host[i - 1] != '.') continue;
            out.append(host.substr(i, seg_end - i)).push_back(',');
            seg_end = i > 0 ? i - 1 : 0;
        }
    }
    out.append(s.substr(e, port_end - e));
    if (!userinfo.empty()) out.append("@").append(userinfo);
    out.push_back(')');
    out.append(s.substr(port_end));
    for (std::size_t k = base; k < out.size(); ++k) out[k] = to_lower(out[k]);
}

}  // namespace iri::crawl::detail
