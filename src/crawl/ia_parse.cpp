// The IA canonicalizer's lenient parse (the surt package's handyurl.parse, after internetarchive/surt handyurl.py):
// the input cleaned, then split into the parts the stages read, as views (crawl/ia_canon.hpp).
#include <unicode/utf8.h>

#include <algorithm>
#include <array>

#include "crawl/ia_canon.hpp"
#include "grammar/charset_detail.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

constexpr std::size_t npos = std::string_view::npos;

using iri::detail::is_alpha;

// Python's bytes.strip() white space.
constexpr bool is_py_space(char c) noexcept { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The octets of RFC 3986 §3.1's scheme after its first (ALPHA / DIGIT / "+" / "-" / "."), 2 for ALPHA itself, as a
// table of the grammar's named sets (grammar/charset_detail.hpp) built once.
const std::array<std::uint8_t, 256>& scheme_octets() noexcept {
    static const std::array<std::uint8_t, 256> table = [] {
        std::array<std::uint8_t, 256> t{};
        for (unsigned c = 0; c < 0x80; ++c) {
            const char o = static_cast<char>(c);
            t[c] = is_alpha(o) ? 3 : iri::detail::is_scheme_char(o) ? 1 : 0;
        }
        return t;
    }();
    return table;
}

// handyurl's _RE_HAS_PROTOCOL: ^[a-zA-Z][a-zA-Z0-9+\-.]*: ; the length of the scheme, or 0 (scheme_length).
inline std::size_t protocol_length(std::string_view s) noexcept {
    const auto& t = scheme_octets();
    if (s.empty() || (t[static_cast<unsigned char>(s[0])] & 2) == 0) return 0;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (s[i] == ':') return i;
        if (t[static_cast<unsigned char>(s[i])] == 0) return 0;
    }
    return 0;
}

}  // namespace

std::size_t scheme_length(std::string_view s) noexcept { return protocol_length(s); }

namespace {

// The length of an "http://" or "https://" at s[at], or 0.
std::size_t http_prefix_at(std::string_view s, std::size_t at) noexcept {
    const std::string_view rest = s.substr(at);
    if (rest.starts_with("http://")) return 7;
    if (rest.starts_with("https://")) return 8;
    return 0;
}

// The first of the octets `Set` in s from `at`, or s.size(): sixteen at a time (text/ascii.hpp).
template <char... Set>
std::size_t first_of(std::string_view s, std::size_t at) noexcept {
    const char* const p = s.data();
    return static_cast<std::size_t>(iri::detail::find_first_of<Set...>(p + at, p + s.size(), p) - p);
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

std::string_view cleaned(std::string_view input, std::string& storage) {
    std::size_t b = 0, e = input.size();
    while (b < e && is_py_space(input[b])) ++b;
    while (e > b && is_py_space(input[e - 1])) --e;
    const std::string_view kept = input.substr(b, e - b);
    const char* const p = kept.data();
    const char* const end = p + kept.size();
    const char* cut = iri::detail::find_first_of<'\t', '\r', '\n'>(p, end, p);
    if (cut == end) return kept;  // nothing to delete: the commonest input, a view of it
    storage.assign(p, cut);
    while (cut != end) {  // the runs between TABs, CRs and LFs
        const char* const next = iri::detail::find_first_of<'\t', '\r', '\n'>(cut + 1, end, p);
        storage.append(cut + 1, next);
        cut = next;
    }
    return storage;
}

std::optional<error> parse_ia(std::string_view c, ia_parts& u) {
    if (c.empty()) return iri::detail::text_error(errc::unexpected_end, c, 0, 0);
    u.port = u.query = u.fragment = {};
    u.slash_path = false;
    // addDefaultSchemeIfNeeded ("http://" before an input without a scheme), then _RE_MULTIPLE_PROTOCOLS
    // (^(https?://)+ -> its last repetition). RFC2396REGEX: scheme ":" ["//" authority] path ["?" query]
    // ["#" fragment]; without a scheme the input is what follows the "http://" it would be given.
    std::string_view t = c;
    std::size_t i = 0;
    std::string_view netloc;
    const std::size_t protocol = protocol_length(c);
    if (protocol == 0) {
        u.scheme = "http";
        i = first_of<'/', '?', '#'>(t, 0);
        netloc = t.substr(0, i);
    } else {
        std::size_t last = 0, at = 0;
        while (const std::size_t n = http_prefix_at(c, at)) last = at, at += n;
        t = c.substr(last);
        // The scheme: the protocol found, or, past repeated prefixes, the last "http" or "https".
        const std::size_t colon = last == 0 ? protocol : t[4] == ':' ? 4 : 5;
        u.scheme = t.substr(0, colon);
        i = colon + 1;
        if (t.substr(i).starts_with("//")) {
            const std::size_t e = first_of<'/', '?', '#'>(t, i + 2);
            netloc = t.substr(i + 2, e - i - 2);
            i = e;
        }
    }
    const std::size_t path_end = first_of<'?', '#'>(t, i);
    std::string_view path = t.substr(i, path_end - i);
    i = path_end;
    if (i < t.size() && t[i] == '?') {
        const std::size_t e = first_of<'#'>(t, i);
        u.query = t.substr(i + 1, e - i - 1);
        i = e;
    }
    if (i < t.size()) u.fragment = t.substr(i + 1);
    // The netloc: trailing ":"s dropped (a host ending in ":" with no port), userinfo (up to the last "@") dropped,
    // then urllib's _hostinfo: "[" ... "]" [":" port], or host [":" port] at the first ":". One pass: the last "@",
    // and the first "[" and ":" after it.
    while (!netloc.empty() && netloc.back() == ':') netloc.remove_suffix(1);
    std::size_t begin = 0, bracket = npos, colon = npos;
    if (first_of<'@', '[', ':'>(netloc, 0) < netloc.size()) {  // a host alone: the commonest netloc, one search
        for (std::size_t k = 0; k < netloc.size(); ++k) {
            const char ch = netloc[k];
            if (ch == '@') begin = k + 1, bracket = colon = npos;
            else if (ch == '[' && bracket == npos) bracket = k;
            else if (ch == ':' && colon == npos) colon = k;
        }
    }
    std::string_view hostname, port;
    if (bracket != npos) {
        const std::string_view bracketed = netloc.substr(bracket + 1);
        const std::size_t close = bracketed.find(']');
        hostname = bracketed.substr(0, close);
        if (close != npos) {
            const std::string_view after = bracketed.substr(close + 1);
            if (const std::size_t c2 = after.find(':'); c2 != npos) port = after.substr(c2 + 1);
        }
    } else if (colon != npos) {
        hostname = netloc.substr(begin, colon - begin);
        port = netloc.substr(colon + 1);
    } else {
        hostname = netloc.substr(begin);
    }
    // urllib's port: digits (else ValueError), as a number: leading zeros dropped, 0 none ("o.port or None"). One
    // above 65535, which the package's Python 3 refuses too, is kept as written (its Python 2 did so): a key for it.
    for (std::size_t k = 0; k < port.size(); ++k) {
        if (iri::detail::hex_values[static_cast<unsigned char>(port[k])] < 10) continue;
        error e = character_error(errc::bad_port, c, static_cast<std::size_t>(port.data() - c.data()) + k);
        e.where = component::port;
        return e;
    }
    if (const std::size_t nonzero = port.find_first_not_of('0'); nonzero != std::string_view::npos)
        u.port = port.substr(nonzero);
    // urlsplit's hostname is lowercase (the writer lowercases it); an http(s) URL with no host takes its path's
    // first segment as host ("http:////www.x.com"), as it is.
    u.host = hostname;
    u.lower_host = true;
    if (u.host.empty() && !path.empty() && u.scheme.starts_with("http")) {
        const std::size_t b = path.find_first_not_of('/');
        const std::string_view rest = b == std::string_view::npos ? std::string_view() : path.substr(b);
        const std::size_t slash = rest.find('/');
        u.host = rest.substr(0, slash);
        u.lower_host = false;
        u.slash_path = true;
        u.path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    } else {
        u.path = path;
    }
    u.trailing_question = u.query.empty() && t.back() == '?';
    return std::nullopt;
}

}  // namespace iri::crawl::detail
