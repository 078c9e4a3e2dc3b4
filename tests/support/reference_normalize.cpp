// The reference normalizer and resolver (reference_normalize.hpp): one rule after another, on strings.
#include "support/reference_normalize.hpp"

#include <unicode/normalizer2.h>

#include <cstdio>
#include <optional>
#include <vector>

#include "iri/charset.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/reference.hpp"
#include "iri/scheme_rules.hpp"
#include "iri/schemes.hpp"

namespace iri_test {

namespace {

using iri::grammar;

// The parts of a reference, each undefined or a string.
struct parts {
    std::optional<std::string> scheme, userinfo, host, port, query, fragment;
    iri::host_kind kind = iri::host_kind::none;
    std::string path;
};

parts split(const iri::reference_view& r) {
    parts p;
    if (r.has_scheme()) p.scheme = std::string(r.scheme());
    if (r.has_authority()) p.host = std::string(r.host());
    if (r.has_userinfo()) p.userinfo = std::string(r.userinfo());
    if (r.has_port()) p.port = std::string(r.port());
    if (r.has_query()) p.query = std::string(r.query());
    if (r.has_fragment()) p.fragment = std::string(r.fragment());
    p.kind = r.host_kind();
    p.path = std::string(r.path());
    return p;
}

std::string lowercase(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// The code point of the UTF-8 sequence `b` (RFC 3629 §4: no overlong form, no surrogate, at most U+10FFFF), or -1.
long decode_utf8(const std::vector<unsigned>& b) {
    if (b.empty()) return -1;
    const unsigned lead = b[0];
    std::size_t n = lead < 0x80                    ? 1
                    : lead >= 0xC2 && lead <= 0xDF ? 2
                    : lead >= 0xE0 && lead <= 0xEF ? 3
                    : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                   : 0;
    if (n == 0 || b.size() < n) return -1;
    long c = n == 1 ? lead : n == 2 ? lead & 0x1F : n == 3 ? lead & 0x0F : lead & 0x07;
    for (std::size_t i = 1; i < n; ++i) {
        if ((b[i] & 0xC0) != 0x80) return -1;
        c = c << 6 | (b[i] & 0x3F);
    }
    const long least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return -1;
    return c;
}

std::size_t utf8_length(unsigned lead) {
    return lead < 0x80                    ? 1
           : lead >= 0xC2 && lead <= 0xDF ? 2
           : lead >= 0xE0 && lead <= 0xEF ? 3
           : lead >= 0xF0 && lead <= 0xF4 ? 4
                                          : 1;
}

bool is_triplet(std::string_view s, std::size_t i) {
    return i + 2 < s.size() && s[i] == '%' && iri::hex_value(s[i + 1]) >= 0 && iri::hex_value(s[i + 2]) >= 0;
}

unsigned triplet(std::string_view s, std::size_t i) {
    return static_cast<unsigned>(iri::hex_value(s[i + 1]) * 16 + iri::hex_value(s[i + 2]));
}

// §5.3.2.1 (hex digits uppercase) and §5.3.2.3 (unreserved characters decoded), character by character.
std::string percent_normalize(std::string_view s, grammar g) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        if (!is_triplet(s, i)) {
            out += s[i++];
            continue;
        }
        std::vector<unsigned> octets;
        const std::size_t n = utf8_length(triplet(s, i));
        for (std::size_t k = 0; k < n && is_triplet(s, i + 3 * k); ++k) octets.push_back(triplet(s, i + 3 * k));
        const long c = octets.size() == n ? decode_utf8(octets) : -1;
        if (c >= 0 && iri::allowed_literally(static_cast<char32_t>(c), g, iri::production::unreserved)) {
            for (unsigned o : octets) out += static_cast<char>(o);
            i += 3 * n;
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", triplet(s, i));
            out += hex;
            i += 3;
        }
    }
    return out;
}

// Every "%hh" with uppercase hex, nothing decoded.
std::string uppercase_hex(std::string_view s) {
    std::string out(s);
    for (std::size_t i = 0; i < out.size(); ++i)
        if (is_triplet(out, i))
            for (std::size_t k = i + 1; k <= i + 2; ++k)
                if (out[k] >= 'a' && out[k] <= 'f') out[k] = static_cast<char>(out[k] - 'a' + 'A');
    return out;
}

// The path percent-normalized segment by segment; a segment that would become "." or ".." although it was not
// one keeps its triplets (normalize.hpp: no dot segment is made).
std::string normalize_path(std::string_view path, grammar g) {
    std::string out;
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = path.find('/', start);
        const std::string_view seg = path.substr(start, slash == std::string_view::npos ? slash : slash - start);
        const std::string n = percent_normalize(seg, g);
        const bool made_dot = (n == "." || n == "..") && seg != "." && seg != "..";
        out += made_dot ? uppercase_hex(seg) : n;
        if (slash == std::string_view::npos) return out;
        out += '/';
        start = slash + 1;
    }
}

// §5.3.2.1: US-ASCII only: no octet above 0x7F, literal or percent-encoded.
bool ascii_only(std::string_view host) {
    for (std::size_t i = 0; i < host.size(); ++i) {
        if (static_cast<unsigned char>(host[i]) >= 0x80) return false;
        if (is_triplet(host, i) && triplet(host, i) >= 0x80) return false;
    }
    return true;
}

std::string nfc(const std::string& s) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
    std::string out;
    icu::StringByteSink<std::string> sink(&out);
    n->normalizeUTF8(0, icu::StringPiece(s.data(), static_cast<int32_t>(s.size())), sink, nullptr, status);
    return out;
}

// RFC 3986 §5.2.4, steps A to E, with string operations on the input buffer.
std::string remove_dots(std::string in) {
    std::string out;
    while (!in.empty()) {
        if (in.starts_with("../")) in.erase(0, 3);
        else if (in.starts_with("./")) in.erase(0, 2);
        else if (in.starts_with("/./")) in = std::string("/").append(in, 3);
        else if (in == "/.") in = "/";
        else if (in.starts_with("/../") || in == "/..") {
            in = std::string("/").append(in, in == "/.." ? 3 : 4);
            const std::size_t last = out.rfind('/');
            out.erase(last == std::string::npos ? 0 : last);
        } else if (in == "." || in == "..") in.clear();
        else {
            const std::size_t end = in.find('/', 1);
            out += in.substr(0, end);
            in.erase(0, end == std::string::npos ? in.size() : end);
        }
    }
    return out;
}

// RFC 5952 §4: the text form of an IPv6 address; §5: an IPv4-mapped one (::ffff:0:0/96) as "::ffff:" and its
// IPv4 address in dotted decimal.
std::string ipv6_text(const std::array<std::uint8_t, 16>& a) {
    unsigned field[8];
    for (std::size_t i = 0; i < 8; ++i) field[i] = static_cast<unsigned>(a[2 * i] << 8 | a[2 * i + 1]);
    if (field[0] == 0 && field[1] == 0 && field[2] == 0 && field[3] == 0 && field[4] == 0 && field[5] == 0xFFFF)
        return "::ffff:" + std::to_string(a[12]) + "." + std::to_string(a[13]) + "." + std::to_string(a[14]) + "." +
               std::to_string(a[15]);
    int best = -1, best_len = 1;  // §4.2.2: a single zero field is not shortened
    for (int i = 0; i < 8;) {
        int j = i;
        while (j < 8 && field[j] == 0) ++j;
        if (j - i > best_len) best = i, best_len = j - i;  // §4.2.3: the longest, the first on a tie
        i = j == i ? i + 1 : j;
    }
    std::string out;
    for (int i = 0; i < 8; ++i) {
        if (i == best) {
            out += "::";
            i += best_len - 1;
            continue;
        }
        if (!out.empty() && out.back() != ':') out += ':';
        char hex[8];
        std::snprintf(hex, sizeof hex, "%x", field[i]);
        out += hex;
    }
    return out;
}

// §5.3.3's IDN equivalence (3987bis §3.4.2): percent-encoded UTF-8 decoded, then UTS #46 on the whole host.
std::string idn_host(const std::string& host, grammar g) {
    auto decoded = iri::percent_decode_utf8(host);
    if (!decoded) return host;
    const bool u_labels = iri::allowed_literally(U'\u00E9', g, iri::production::reg_name);  // asked of the set
    auto mapped = u_labels ? iri::host_to_unicode(*decoded) : iri::host_to_ascii(*decoded);
    return mapped && iri::is_valid(*mapped, g, iri::production::reg_name) ? *mapped : host;
}

std::string recompose(const parts& p) {
    std::string out;
    if (p.scheme) out += *p.scheme + ":";
    if (p.host) out += "//" + (p.userinfo ? *p.userinfo + "@" : "") + *p.host + (p.port ? ":" + *p.port : "");
    out += p.path;
    if (p.query) out += "?" + *p.query;
    if (p.fragment) out += "#" + *p.fragment;
    return out;
}

// US-ASCII letters to lowercase except the two hex digits after each "%".
std::string lowercase_outside_triplets(std::string s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') i += 2;
        else if (s[i] >= 'A' && s[i] <= 'Z') s[i] = static_cast<char>(s[i] - 'A' + 'a');
    }
    return s;
}

void syntax_rung(parts& p, grammar g) {
    if (p.scheme) p.scheme = lowercase(*p.scheme);
    if (p.userinfo) p.userinfo = percent_normalize(*p.userinfo, g);
    if (p.host) {
        const bool lower = p.kind != iri::host_kind::reg_name || ascii_only(*p.host);
        p.host = percent_normalize(*p.host, g);
        if (lower) p.host = lowercase_outside_triplets(*p.host);  // §5.3.2.1: hex digits stay uppercase
    }
    p.path = normalize_path(p.path, g);
    if (p.query) p.query = percent_normalize(*p.query, g);
    if (p.fragment) p.fragment = percent_normalize(*p.fragment, g);
}

void scheme_rung(parts& p, const iri::reference_view& r, grammar g) {
    const iri::scheme_info* known = p.scheme ? iri::find_scheme(*p.scheme) : nullptr;
    if (p.port) {
        if (p.port->empty()) p.port.reset();
        else if (r.port_status() == iri::port_status::in_range) {
            if (known && known->default_port == r.port_number()) p.port.reset();
            else p.port = std::to_string(r.port_number());
        }
    }
    if (p.host && p.kind == iri::host_kind::ipv6)
        p.host = std::string("[").append(ipv6_text(*r.ipv6_address())).append("]");
    if (p.host && p.kind == iri::host_kind::reg_name && known && known->dns_host) p.host = idn_host(*p.host, g);
    if (p.host && p.path.empty() && known && known->empty_path_is_root) p.path.push_back('/');
}

// RFC 6068 §2: the addresses of a mailto path, split at the "," that are not inside a quoted local part
// ("%22...%22": a quoted-string's DQUOTEs are percent-encoded in a mailto URI).
std::vector<std::string> mailto_addresses(const std::string& path) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path.compare(i, 3, "%22") == 0) quoted = !quoted;
        if (path[i] == ',' && !quoted) out.emplace_back();
        else out.back() += path[i];
    }
    return out;
}

// The rules of particular schemes (normalize.hpp), for a reference the scheme's grammar takes, as the RFCs word
// them. `key`: for canonical_key and equivalent.
void scheme_rules(parts& p, grammar g, bool key) {
    if (!p.scheme) return;
    parts governed = p;
    governed.fragment.reset();  // RFC 3986 §3.5: not the scheme's
    if (!iri::parse_scheme(recompose(governed), g).ok()) return;
    if (*p.scheme == "urn") {  // RFC 8141 §3.1: "urn:" NID ":" NSS, the NID case-insensitive
        const std::size_t colon = p.path.find(':');
        p.path = lowercase(p.path.substr(0, colon)) + p.path.substr(colon);
        if (key) p.query.reset(), p.fragment.reset();  // the r- and q-components ("?+", "?="), the f-component
    } else if (*p.scheme == "mailto") {                // RFC 5321 §2.4: the domain after the last "@" of each address
        std::string path;
        bool first = true;
        for (const std::string& address : mailto_addresses(p.path)) {
            if (!first) path += ',';
            first = false;
            const std::size_t at = address.rfind('@');
            path += address.substr(0, at + 1) + lowercase_outside_triplets(address.substr(at + 1));
        }
        p.path = path;
    } else if (*p.scheme == "file" && p.host && *p.host == "localhost") {  // RFC 8089 §2
        p.host = "";
    }
}

std::string normal_form(std::string_view text, grammar g, iri::normalize_options o, bool key) {
    const auto r = iri::reference_view::parse(text, g).value();
    parts p = split(r);
    if (!o.keep_fragment) p.fragment.reset();
    if (o.rung != iri::rung::simple) syntax_rung(p, g);
    if (o.nfc)
        for (std::optional<std::string>* c : {&p.userinfo, &p.host, &p.query, &p.fragment})
            if (*c) **c = nfc(**c);
    if (o.nfc) p.path = nfc(p.path);
    if (o.rung != iri::rung::simple && p.scheme) {  // §5.3.2.4
        p.path = remove_dots(p.path);
        if (!p.host && p.path.starts_with("//")) p.path = std::string("/.").append(p.path);
    }
    if (o.rung == iri::rung::scheme) scheme_rung(p, r, g);
    if (o.rung == iri::rung::scheme) scheme_rules(p, g, key);
    return recompose(p);
}

}  // namespace

std::string reference_normalize(std::string_view text, grammar g, iri::normalize_options o) {
    return normal_form(text, g, o, false);
}

std::string reference_key(std::string_view text, grammar g, iri::normalize_options o) {
    return normal_form(text, g, o, true);
}

std::string reference_resolve(std::string_view base_text, std::string_view ref_text, grammar g) {
    const parts base = split(iri::reference_view::parse(base_text, g).value());
    const parts r = split(iri::reference_view::parse(ref_text, g).value());
    parts t;
    if (r.scheme) {
        t = r;
        t.path = remove_dots(r.path);
    } else {
        if (r.host) {
            t = r;
            t.path = remove_dots(r.path);
        } else {
            if (r.path.empty()) {
                t.path = base.path;
                t.query = r.query ? r.query : base.query;
            } else {
                if (r.path.starts_with('/')) {
                    t.path = remove_dots(r.path);
                } else {  // §5.2.3 merge
                    const std::size_t slash = base.path.rfind('/');
                    const std::string merged = base.host && base.path.empty() ? "/" + r.path
                                               : slash == std::string::npos   ? r.path
                                                                              : base.path.substr(0, slash + 1) + r.path;
                    t.path = remove_dots(merged);
                }
                t.query = r.query;
            }
            t.userinfo = base.userinfo;
            t.host = base.host;
            t.port = base.port;
        }
        t.scheme = base.scheme;
    }
    t.fragment = r.fragment;
    if (!t.host && t.path.starts_with("//")) t.path = std::string("/.").append(t.path);
    return recompose(t);
}

}  // namespace iri_test
