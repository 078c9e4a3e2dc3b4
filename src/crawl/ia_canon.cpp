// The Internet Archive's canonicalizer, after the surt package (internetarchive/surt: handyurl.py,
// GoogleURLCanonicalizer.py, IAURLCanonicalizer.py, URLRegexTransformer.py; Java's iipc/webarchive-commons). Each regular
// expression of the package is written out as a scan of its own, in linear time: where the package's pattern
// begins with a greedy "(.*)", the scan runs from the right and takes the first match it meets, the one the
// regular expression's backtracking finds.
#include "crawl/ia_canon.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::to_lower;

using iri::detail::is_alnum;
using iri::detail::is_alpha;
using iri::detail::is_digit;
// Python's bytes.strip() white space.
constexpr bool is_py_space(char c) noexcept { return c == ' ' || (c >= '\t' && c <= '\r'); }

void lowercase(std::string& s) noexcept {
    for (char& c : s) c = to_lower(c);
}

// Whether `s` from `at` begins with `literal` (lowercase), ASCII case-insensitively.
bool istarts_at(std::string_view s, std::size_t at, std::string_view literal) noexcept {
    return at <= s.size() && s.size() - at >= literal.size() &&
           iri::detail::iequals(s.substr(at, literal.size()), literal);
}

// Whether s[at, at + n) are all `pred`.
template <class Pred>
bool all_of_at(std::string_view s, std::size_t at, std::size_t n, Pred pred) noexcept {
    if (at > s.size() || s.size() - at < n) return false;
    for (std::size_t k = at; k < at + n; ++k)
        if (!pred(s[k])) return false;
    return true;
}

// handyurl's _RE_HAS_PROTOCOL: ^[a-zA-Z][a-zA-Z0-9+\-.]*:
bool has_protocol(std::string_view s) noexcept {
    if (s.empty() || !is_alpha(s[0])) return false;
    for (std::size_t i = 1; i < s.size(); ++i) {
        const char c = s[i];
        if (c == ':') return true;
        if (!is_alnum(c) && c != '+' && c != '-' && c != '.') return false;
    }
    return false;
}

// The length of an "http://" or "https://" at s[at], or 0.
std::size_t http_prefix_at(std::string_view s, std::size_t at) noexcept {
    const std::string_view rest = s.substr(at);
    if (rest.starts_with("http://")) return 7;
    if (rest.starts_with("https://")) return 8;
    return 0;
}

// The host of an invalid-UTF-8-free copy of `host` (Python's decode('utf-8', 'ignore')), as A-labels, into `out`;
// false when IDNA refuses it (the package then keeps the bytes as they were).
bool idna_host(std::string_view host, std::string& out) {
    std::string valid;
    valid.reserve(host.size());
    const auto* p = reinterpret_cast<const std::uint8_t*>(host.data());
    const auto n = static_cast<std::int32_t>(host.size());
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t start = i;
        UChar32 c = 0;
        U8_NEXT(p, i, n, c);
        if (c >= 0) valid.append(host.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
    auto a = iri::host_to_ascii(valid);
    if (!a) return false;
    out = std::move(*a);
    return true;
}

}  // namespace

error character_error(errc code, std::string_view text, std::size_t at) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::int32_t>(std::min<std::size_t>(text.size(), at + 4));
    auto i = static_cast<std::int32_t>(at);
    UChar32 c = 0;
    U8_NEXT(p, i, n, c);
    return iri::detail::text_error(code, text, at, static_cast<std::size_t>(i) - at,
                                   c < 0 ? 0 : static_cast<char32_t>(c));
}

void append_cleaned(std::string& out, std::string_view input) {
    std::size_t b = 0, e = input.size();
    while (b < e && is_py_space(input[b])) ++b;
    while (e > b && is_py_space(input[e - 1])) --e;
    const std::string_view kept = input.substr(b, e - b);
    for (std::size_t i = 0;;) {  // the runs between TABs, CRs and LFs
        const std::size_t cut = std::min(kept.find_first_of("\t\r\n", i), kept.size());
        out.append(kept.substr(i, cut - i));
        if (cut == kept.size()) break;
        i = cut + 1;
    }
}

std::optional<error> parse_ia(std::string_view input, ia_url& u) {
    std::string& s = u.scratch;
    s.clear();
    append_cleaned(s, input);
    if (s.empty()) return iri::detail::text_error(errc::unexpected_end, s, 0, 0);
    // addDefaultSchemeIfNeeded, then _RE_MULTIPLE_PROTOCOLS (^(https?://)+ -> its last repetition). Error offsets
    // are given in the cleaned input: `shift` undoes the prefix.
    std::ptrdiff_t shift = 0;
    if (!has_protocol(s)) {
        s.insert(0, "http://");
        shift = -7;
    } else {
        std::size_t last = 0, at = 0;
        while (const std::size_t n = http_prefix_at(s, at)) last = at, at += n;
        s.erase(0, last);
        shift = static_cast<std::ptrdiff_t>(last);
    }
    // RFC2396REGEX: scheme ":" ["//" authority] path ["?" query] ["#" fragment].
    const std::string_view t = s;
    const std::size_t colon = t.find(':');  // has_protocol: a scheme of its characters, then ":"
    u.scheme.assign(t.substr(0, colon));
    std::size_t i = colon + 1;
    std::string_view netloc;
    if (t.substr(i).starts_with("//")) {
        const std::size_t e = std::min(t.find_first_of("/?#", i + 2), t.size());
        netloc = t.substr(i + 2, e - i - 2);
        i = e;
    }
    const std::size_t path_end = std::min(t.find_first_of("?#", i), t.size());
    std::string_view path = t.substr(i, path_end - i), query, fragment;
    i = path_end;
    if (i < t.size() && t[i] == '?') {
        const std::size_t e = std::min(t.find('#', i), t.size());
        query = t.substr(i + 1, e - i - 1);
        i = e;
    }
    if (i < t.size()) fragment = t.substr(i + 1);
    // The netloc: trailing ":"s dropped (a host ending in ":" with no port), userinfo (up to the last "@") dropped,
    // then urllib's _hostinfo: "[" ... "]" [":" port], or host [":" port] at the first ":".
    while (!netloc.empty() && netloc.back() == ':') netloc.remove_suffix(1);
    if (const std::size_t at = netloc.rfind('@'); at != std::string_view::npos) netloc.remove_prefix(at + 1);
    std::string_view hostname, port;
    if (const std::size_t open = netloc.find('['); open != std::string_view::npos) {
        const std::string_view bracketed = netloc.substr(open + 1);
        const std::size_t close = bracketed.find(']');
        hostname = bracketed.substr(0, close);
        if (close != std::string_view::npos) {
            const std::string_view after = bracketed.substr(close + 1);
            if (const std::size_t c = after.find(':'); c != std::string_view::npos) port = after.substr(c + 1);
        }
    } else {
        const std::size_t c = netloc.find(':');
        hostname = netloc.substr(0, c);
        if (c != std::string_view::npos) port = netloc.substr(c + 1);
    }
    // urllib's port: digits (else ValueError), as a number: leading zeros dropped, 0 none ("o.port or None"). One
    // above 65535, which the package's Python 3 refuses too, is kept as written (its Python 2 did so): a key for it.
    u.port.clear();
    if (const std::size_t bad = port.find_first_not_of("0123456789"); bad != std::string_view::npos) {
        error e = character_error(errc::bad_port, t, static_cast<std::size_t>(port.data() - t.data()) + bad);
        e.offset = e.char_offset = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(e.offset) + shift);
        e.where = component::port;
        return e;
    }
    if (const std::size_t nonzero = port.find_first_not_of('0'); nonzero != std::string_view::npos)
        u.port.assign(port.substr(nonzero));
    u.host.assign(hostname);
    lowercase(u.host);
    // An http(s) URL with no host takes its path's first segment as host ("http:////www.x.com").
    if (u.host.empty() && !path.empty() && u.scheme.starts_with("http")) {
        const std::size_t b = path.find_first_not_of('/');
        const std::string_view rest = b == std::string_view::npos ? std::string_view() : path.substr(b);
        const std::size_t slash = rest.find('/');
        u.host.assign(rest.substr(0, slash));
        u.path.assign(1, '/');
        if (slash != std::string_view::npos) u.path.append(rest.substr(slash + 1));
    } else {
        u.path.assign(path);
    }
    u.query.assign(query);
    u.fragment.assign(fragment);
    u.trailing_question = u.query.empty() && t.back() == '?';
    return std::nullopt;
}

void append_unescaped_repeatedly(std::string& out, std::string_view in) {
    const std::size_t first = in.find('%');
    if (first == std::string_view::npos) {  // nothing to decode: the common case, one copy
        out.append(in);
        return;
    }
    const std::size_t base = out.size();
    out.append(in.substr(0, first));
    for (const char c : in.substr(first)) {
        out.push_back(c);
        // The octet just written (or decoded) may close a "%HH" with the two before it.
        while (out.size() - base >= 3) {
            const int v = iri::detail::escape_at(out, out.size() - 3);
            if (v < 0) break;
            out.resize(out.size() - 3);
            out.push_back(static_cast<char>(v));
        }
    }
}

void append_escaped_once(std::string& out, std::string_view in) {
    std::size_t run = 0;  // the bytes kept as they are, copied a run at a time
    for (std::size_t i = 0; i < in.size(); ++i) {
        const auto o = static_cast<unsigned char>(in[i]);
        if (!escaped_once(o)) continue;
        out.append(in.substr(run, i - run));
        char triplet[3];
        iri::detail::put_percent_encoded(triplet, o);
        out.append(triplet, 3);
        run = i + 1;
    }
    out.append(in.substr(run));
}

std::optional<std::uint32_t> inet_aton(std::string_view host, bool hex) noexcept {
    std::uint64_t parts[4] = {};
    std::size_t count = 0, i = 0;
    while (true) {
        if (count == 4) return std::nullopt;
        unsigned base = 10;
        if (i < host.size() && host[i] == '0') {
            base = 8, ++i;
            if (hex && i < host.size() && (host[i] == 'x' || host[i] == 'X')) base = 16, ++i;
        } else if (i == host.size() || !is_digit(host[i])) {
            return std::nullopt;  // an empty part
        }
        std::uint64_t v = 0;
        for (; i < host.size() && host[i] != '.'; ++i) {
            const unsigned d = iri::detail::hex_values[static_cast<unsigned char>(host[i])];
            if (d >= base) return std::nullopt;
            v = v * base + d;
            if (v > 0xFFFFFFFFu) return std::nullopt;
        }
        parts[count++] = v;
        if (i == host.size()) break;
        ++i;  // the "."
    }
    std::uint32_t value = 0;
    for (std::size_t k = 0; k + 1 < count; ++k) {
        if (parts[k] > 0xFF) return std::nullopt;
        value |= static_cast<std::uint32_t>(parts[k]) << (24 - 8 * k);
    }
    const std::uint64_t last_max = 0xFFFFFFFFu >> (8 * (count - 1));
    if (parts[count - 1] > last_max) return std::nullopt;
    return value | static_cast<std::uint32_t>(parts[count - 1]);
}

std::optional<std::array<std::uint8_t, 4>> attempt_ip_formats(std::string_view host) noexcept {
    const auto quad = [](std::uint32_t v) {
        return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                                           static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
    };
    if (host.empty()) return std::nullopt;
    if (std::all_of(host.begin(), host.end(), is_digit)) {  // int(host) & 0xffffffff: arithmetic modulo 2^32
        std::uint32_t v = 0;
        for (const char c : host) v = v * 10u + static_cast<std::uint32_t>(c - '0');
        return quad(v);
    }
    // DECIMAL_IP ^([1-9][0-9]*)(\.[0-9]+){0,3}$ or OCTAL_IP ^(0[0-7]*)(\.[0-7]+){0,3}$; then inet_aton (the package
    // asks gethostbyname_ex, which reads such a name with inet_aton and otherwise asks DNS: no address here).
    const bool octal = host[0] == '0';
    const char top = octal ? '7' : '9';
    std::size_t parts = 1, run = 0;
    for (const char c : host) {
        if (c == '.') {
            if (run == 0) return std::nullopt;
            ++parts, run = 0;
        } else if (c >= '0' && c <= top) {
            ++run;
        } else {
            return std::nullopt;
        }
    }
    if (run == 0 || parts > 4) return std::nullopt;
    const auto v = inet_aton(host, false);
    if (!v) return std::nullopt;
    return quad(*v);
}

void append_normalized_path(std::string& out, std::string_view path) {
    out.push_back('/');
    const std::size_t slash = path.find('/');
    if (slash == std::string_view::npos) return;  // no segment after the first piece, which is never kept
    // keptPaths, joined by "/", from `kept` on; "..", when one is kept, removes the last whatever it is.
    const std::size_t kept = out.size();
    std::size_t count = 0;
    for (std::size_t i = slash + 1;;) {
        const std::size_t j = std::min(path.find('/', i), path.size());
        const std::string_view seg = path.substr(i, j - i);
        if (seg == "..") {
            if (count > 0) {
                std::size_t e = out.size();
                while (e > kept && out[e - 1] != '/') --e;
                out.resize(e > kept ? e - 1 : kept);
                --count;
            } else {
                out.append(seg);
                count = 1;
            }
        } else if (seg != ".") {
            if (count > 0) out.push_back('/');
            out.append(seg);
            ++count;
        }
        if (j == path.size()) break;
        i = j + 1;
    }
    // The kept segments, each but the last followed by "/" and left out when empty.
    std::size_t r = kept, w = kept;
    const std::size_t end = out.size();
    for (std::size_t k = 0; k < count; ++k) {
        const bool last = k + 1 == count;
        std::size_t e = r;
        if (last) {
            e = end;
        } else {
            while (out[e] != '/') ++e;
        }
        if (last || e > r) {
            std::memmove(out.data() + w, out.data() + r, e - r);
            w += e - r;
            if (!last) out[w++] = '/';
        }
        r = e + 1;
    }
    out.resize(w);
}

void alpha_reorder_query(std::string& query) {
    if (query.size() <= 1) return;
    struct param {
        std::string_view name, value;
        bool has_value;
    };
    thread_local std::vector<param> params;
    thread_local std::string sorted;
    params.clear();
    const std::string_view q = query;
    for (std::size_t i = 0;;) {
        const std::size_t e = std::min(q.find('&', i), q.size());
        const std::string_view p = q.substr(i, e - i);
        const std::size_t eq = p.find('=');
        params.push_back(eq == std::string_view::npos ? param{p, {}, false}
                                                      : param{p.substr(0, eq), p.substr(eq + 1), true});
        if (e == q.size()) break;
        i = e + 1;
    }
    // Python's order of the tuples (name,) and (name, value): by name, then the one without "=", then by value.
    std::sort(params.begin(), params.end(), [](const param& a, const param& b) {
        if (a.name != b.name) return a.name < b.name;
        if (a.has_value != b.has_value) return !a.has_value;
        return a.value < b.value;
    });
    sorted.clear();
    for (std::size_t k = 0; k < params.size(); ++k) {
        const param& p = params[k];
        if (k > 0) sorted.push_back('&');
        sorted.append(p.name);
        if (p.has_value) sorted.append("=").append(p.value);
    }
    query.assign(sorted);
}

std::size_t massage_host_prefix(std::string_view host) noexcept {
    if (!host.starts_with("www")) return 0;
    std::size_t i = 3;
    while (i < host.size() && is_digit(host[i])) ++i;
    return i < host.size() && host[i] == '.' ? i + 1 : 0;
}

namespace {

// _RES_PATH_SESSIONID's middle groups at path[s]: "(" 24 alphanumerics ")/" (the second pattern), or
// "(" 1* (letter "(" 24 alphanumerics ")") ")/" (the first); the end of the match, or npos.
std::size_t path_session_segment(std::string_view path, std::size_t s, bool nested) noexcept {
    if (s >= path.size() || path[s] != '(') return std::string_view::npos;
    std::size_t j = s + 1;
    if (nested) {
        std::size_t n = 0;
        while (j + 27 <= path.size() && is_alpha(path[j]) && path[j + 1] == '(' &&
               all_of_at(path, j + 2, 24, is_alnum) && path[j + 26] == ')')
            j += 27, ++n;
        if (n == 0) return std::string_view::npos;
    } else {
        if (!all_of_at(path, j, 24, is_alnum)) return std::string_view::npos;
        j += 24;
    }
    return j + 2 <= path.size() && path[j] == ')' && path[j + 1] == '/' ? j + 2 : std::string_view::npos;
}

// ^(.*/)(SEGMENT)([^\?]+\.aspx.*)$ (re.I): the rightmost "/" followed by a segment after which, before any "?",
// an ".aspx" begins one byte or more later; the path without the segment.
void strip_one_path_session(std::string& path, bool nested) {
    const std::string_view p = path;
    const std::size_t npos = std::string_view::npos;
    std::size_t question = npos, aspx1 = npos, aspx2 = npos;  // the nearest "?" and two ".aspx" at or after i
    for (std::size_t i = p.size(); i-- > 0;) {
        if (p[i] == '?') question = i;
        if (istarts_at(p, i, ".aspx")) aspx2 = aspx1, aspx1 = i;
        if (p[i] != '/') continue;
        const std::size_t e = path_session_segment(p, i + 1, nested);
        if (e == npos) continue;
        // No "." and no "?" in the segment: aspx1 is at e or later, and the "?" after e is `question`.
        const std::size_t k = aspx1 == e ? aspx2 : aspx1;
        if (k != npos && (question == npos || k < question)) {
            path.erase(i + 1, e - i - 1);
            return;
        }
    }
}

// The end of a fixed session id pattern (literal, then `n1` of class `c1`, then an optional "=" and `n2` of
// class `c2`) at q[i], or npos.
struct query_session_pattern {
    std::string_view literal;
    std::size_t n1;
    bool alpha_only;
    std::size_t n2;  // "=" + n2 letters after (ASPSESSIONID), or 0
};

std::size_t query_session_at(std::string_view q, std::size_t i, const query_session_pattern& p) noexcept {
    if (!istarts_at(q, i, p.literal)) return std::string_view::npos;
    std::size_t j = i + p.literal.size();
    if (!(p.alpha_only ? all_of_at(q, j, p.n1, is_alpha) : all_of_at(q, j, p.n1, is_alnum)))
        return std::string_view::npos;
    j += p.n1;
    if (p.n2 > 0) {
        if (j >= q.size() || q[j] != '=' || !all_of_at(q, j + 1, p.n2, is_alpha)) return std::string_view::npos;
        j += 1 + p.n2;
    }
    return j;
}

// The query without [i, e) and the "&" after it (the pattern's "(?:&(.*))?$"); false when e is neither the end
// nor an "&".
bool cut_query_session(std::string& q, std::size_t i, std::size_t e) {
    if (e < q.size() && q[e] != '&') return false;
    q.erase(i, std::min(e + 1, q.size()) - i);
    return true;
}

}  // namespace

void strip_path_session_id(std::string& path) {
    if (path.find('(') == std::string::npos) return;  // every session segment starts with one
    strip_one_path_session(path, true);
    strip_one_path_session(path, false);
}

void strip_query_session_id(std::string& query) {
    // Every pattern has "id" in it (jsessionid=, phpsessid=, sid=, aspsessionid, cfid=): most queries have none.
    bool id = false;
    for (std::size_t i = 0; i + 1 < query.size() && !id; ++i)
        id = to_lower(query[i]) == 'i' && to_lower(query[i + 1]) == 'd';
    if (!id) return;
    static constexpr query_session_pattern fixed[] = {
        {"jsessionid=", 32, false, 0},
        {"phpsessid=", 32, false, 0},
        {"sid=", 32, false, 0},
        {"aspsessionid", 8, true, 24},
    };
    for (const query_session_pattern& p : fixed) {
        for (std::size_t i = query.size(); i-- > 0;) {
            const std::size_t e = query_session_at(query, i, p);
            if (e != std::string_view::npos && cut_query_session(query, i, e)) break;
        }
    }
    // cfid=[^&]+&cftoken=[^&]+ (then "&" or the end): with the two nearest "&" at or after i, no search per start.
    const std::size_t n = query.size();
    std::size_t amp1 = n, amp2 = n;
    for (std::size_t i = n; i-- > 0;) {
        if (query[i] == '&') amp2 = amp1, amp1 = i;
        if (!istarts_at(query, i, "cfid=")) continue;
        const std::size_t a = amp1;  // "cfid=" has no "&": the first after its value
        if (a > i + 5 && istarts_at(query, a, "&cftoken=") && amp2 > a + 9) {
            query.erase(i, std::min(amp2 + 1, n) - i);
            break;
        }
    }
}

void append_host_surt(std::string& out, std::string_view host, bool reverse_ipaddr) {
    if (!reverse_ipaddr) {  // _RE_IP_ADDRESS: (?:\d{1,3}\.){3}\d{1,3}$ from the start
        std::size_t parts = 1, run = 0;
        bool ip = true;
        for (const char c : host) {
            if (c == '.' && run > 0) {
                ++parts, run = 0;
            } else if (is_digit(c) && run < 3) {
                ++run;
            } else {
                ip = false;
                break;
            }
        }
        if (ip && parts == 4 && run > 0) {
            out.append(host);
            return;
        }
    }
    for (std::size_t e = host.size();;) {
        const std::size_t dot = host.rfind('.', e == 0 ? 0 : e - 1);
        const bool first = dot == std::string_view::npos || e == 0;
        const std::size_t b = first ? 0 : dot + 1;
        out.append(host.substr(b, e - b));
        if (first) break;
        out.push_back(',');
        e = dot;
    }
}

void google_stage(ia_url& u) {
    u.fragment.clear();
    if (!u.query.empty()) {
        u.scratch.clear();
        append_unescaped_repeatedly(u.scratch, u.query);
        u.query.clear();
        append_escaped_once(u.query, u.scratch);
    }
    if (!u.host.empty()) {
        std::string& h = u.scratch;
        h.clear();
        append_unescaped_repeatedly(h, u.host);
        if (!iri::detail::is_ascii(h)) idna_host(h, h);
        // host.replace(b'..', b'.') (each pair once, left to right), then strip(b'.').
        std::size_t w = 0;
        for (std::size_t r = 0; r < h.size();) {
            const bool pair = h[r] == '.' && r + 1 < h.size() && h[r + 1] == '.';
            h[w++] = h[r];
            r += pair ? 2 : 1;
        }
        h.resize(w);
        const std::size_t b = h.find_first_not_of('.');
        const std::size_t e = h.find_last_not_of('.');
        const std::string_view stripped =
            b == std::string::npos ? std::string_view() : std::string_view(h).substr(b, e - b + 1);
        u.scratch2.assign(stripped);
        u.host.clear();
        if (const auto ip = attempt_ip_formats(u.scratch2)) {
            iri::detail::append_ipv4_text(u.host, *ip);
        } else {
            lowercase(u.scratch2);
            append_escaped_once(u.host, u.scratch2);
        }
    }
    u.scratch.clear();
    append_unescaped_repeatedly(u.scratch, u.path);
    u.path.clear();
    if (!u.host.empty()) {
        u.scratch2.clear();
        append_normalized_path(u.scratch2, u.scratch);
        append_escaped_once(u.path, u.scratch2);
    } else {
        append_escaped_once(u.path, u.scratch);
    }
}

void ia_stage(ia_url& u, bool host_massage) {
    lowercase(u.host);
    if (host_massage && u.scheme != "dns") u.host.erase(0, massage_host_prefix(u.host));
    if ((u.port == "80" && iri::detail::iequals(u.scheme, "http")) ||
        (u.port == "443" && iri::detail::iequals(u.scheme, "https")))
        u.port.clear();
    lowercase(u.path);
    strip_path_session_id(u.path);
    if (u.path.size() > 1 && u.path.back() == '/') u.path.pop_back();
    if (!u.query.empty()) {
        strip_query_session_id(u.query);
        lowercase(u.query);
        alpha_reorder_query(u.query);
    }
    u.trailing_question = false;
}

namespace {

void append_port(std::string& out, std::string_view port) {
    if (!port.empty()) out.append(":").append(port);
}

// geturl_bytes after the host: path (or "/" before a query or fragment), "?" query, "#" fragment, a lone "?".
void append_tail(std::string& out, const ia_url& u) {
    if (!u.path.empty()) {
        out.append(u.path);
    } else if (!u.query.empty() || !u.fragment.empty()) {
        out.push_back('/');
    }
    if (!u.query.empty()) out.append("?").append(u.query);
    if (!u.fragment.empty()) out.append("#").append(u.fragment);
    if (u.trailing_question) out.push_back('?');
}

}  // namespace

void append_url(std::string& out, const ia_url& u) {
    out.append(u.scheme).push_back(':');
    if (!u.host.empty()) {
        if (u.scheme != "dns") out.append("//");
        out.append(u.host);
        append_port(out, u.port);
    }
    append_tail(out, u);
}

void append_surt_form(std::string& out, const ia_url& u, bool with_scheme, bool trailing_comma, bool reverse_ipaddr) {
    const bool host = !u.host.empty();
    if (with_scheme || !host) out.append(u.scheme).push_back(':');
    if (host) {
        if (with_scheme) out.append(u.scheme != "dns" ? "//(" : "(");
        append_host_surt(out, u.host, reverse_ipaddr);
        append_port(out, u.port);
        if (trailing_comma) out.push_back(',');
        out.push_back(')');
    }
    append_tail(out, u);
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
    std::size_t parts = 1, run = 0;
    bool ip = true;
    for (const char c : host) {
        if (c == '.' && run > 0) ++parts, run = 0;
        else if (is_digit(c) && run < 3) ++run;
        else ip = false;
    }
    if (ip && parts == 4 && run > 0) {
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
