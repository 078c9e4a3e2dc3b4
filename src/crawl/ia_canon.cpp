// The IA canonicalizer as one writer over the parsed URL (crawl/ia_canon.hpp): each part written once into the
// output buffer through the Google stage and the IA stage (crawler-keys.md §1, in the order the surt package's
// GoogleURLCanonicalizer and IAURLCanonicalizer apply their steps), then the URL or the SURT key around them
// (handyurl.geturl_bytes). A part that none of the Google stage's decoding, dot handling and escaping would change
// (plain_run: octets escapeOnce keeps and no "%"; a path without dot or empty segments; a host of letters, digits,
// "-" and single inner dots that is no IPv4 form) is copied lowercase as it is; any other goes through the stage's
// pieces (crawl/ia_google.cpp), which give the same result for it.
#include "crawl/ia_canon.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "crawl/name_octets.hpp"
#include "grammar/charset_detail.hpp"
#include "text/ascii.hpp"
#include "text/percent_octets.hpp"

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

namespace iri::crawl::detail {

void append_lowercase(std::string& out, std::string_view in) {
    const std::size_t at = out.size();
    out.append(in);
    char* const d = out.data() + at;
    const std::size_t n = in.size();
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {  // eight at a time, stored again only when one is uppercase
        std::uint64_t x;
        std::memcpy(&x, d + i, 8);
        if (const std::uint64_t upper = iri::detail::uppercase_octets(x)) {
            x |= upper >> 2;
            std::memcpy(d + i, &x, 8);
        }
    }
    for (; i < n; ++i) d[i] = iri::detail::to_lower(d[i]);
}

void lowercase_from(std::string& out, std::size_t from) noexcept {
    for (std::size_t i = from; i < out.size(); ++i) out[i] = iri::detail::to_lower(out[i]);
}

namespace {

// What the writer's fast paths ask of an octet, one table built once from the grammar's named sets
// (grammar/charset_detail.hpp) and escapeOnce's octets (escaped_once).
enum octet_class : std::uint16_t {
    digit = 1,       // DIGIT
    name = 2,        // ALPHA or "-": with DIGIT, the LDH of RFC 1123 §2.1
    upper = 4,       // an uppercase ALPHA
    escaped = 8,     // escapeOnce escapes it (and "%", which decoding reads)
    slash = 16,      // "/"
    paren = 32,      // "(", which every path session id begins with
    ampersand = 64,  // "&", which separates query parameters
    letter_i = 128,  // "i" or "I": a query that has "id" (either case), which every session id pattern holds, has one
};

const std::array<std::uint16_t, 256>& octet_classes() noexcept {
    static const std::array<std::uint16_t, 256> table = [] {
        std::array<std::uint16_t, 256> t{};
        for (unsigned c = 0; c < 256; ++c) {
            const char o = static_cast<char>(c);
            std::uint16_t k = escaped_once(static_cast<unsigned char>(c)) ? escaped : 0;
            if (iri::detail::is_digit(o)) k |= digit;
            if (iri::detail::is_alpha(o) || o == '-') k |= name;
            if (iri::detail::is_alpha(o) && iri::detail::to_lower(o) != o) k |= upper;
            if (o == '/') k |= slash;
            if (o == '(') k |= paren;
            if (o == '&') k |= ampersand;
            if (o == 'i' || o == 'I') k |= letter_i;
            t[c] = k;
        }
        return t;
    }();
    return table;
}

}  // namespace

bool ldh_host(std::string_view host) noexcept {
    if (host.empty() || host.front() == '.' || host.back() == '.') return false;
    const auto& classes = octet_classes();
    unsigned names = 0;
    bool dot = false;
    for (const char c : host) {
        if (c == '.') {
            if (dot) return false;
            dot = true;
            continue;
        }
        dot = false;
        const unsigned k = classes[static_cast<unsigned char>(c)] & (digit | name);
        if (k == 0) return false;
        names |= k;
    }
    return (names & name) != 0;
}

// normalizePath (crawler-keys.md §1: "." dropped, ".." removing the segment before, empty segments but the last
// dropped) and Safe Browsing's step 6 (RFC 3986 §5.2.4, runs of "/" made one) leave such a path as it is.
bool normal_path(std::string_view path) noexcept {
    const std::size_t n = path.size();
    if (n == 0 || path[0] != '/') return false;
    for (std::size_t i = 0; i < n; ++i) {
        if (path[i] != '/') continue;
        // The segment after this "/": empty (another "/"; at the end it is the last, which stays), "." or "..".
        const char a = i + 1 < n ? path[i + 1] : '/';
        if (a == '/' && i + 1 < n) return false;
        if (a != '.') continue;
        const char b = i + 2 < n ? path[i + 2] : '/';
        if (b == '/' || (b == '.' && (i + 3 == n || path[i + 3] == '/'))) return false;
    }
    return true;
}

namespace {

// The scheme's default port (IAURLCanonicalizer's getDefaultPort: http 80, https 443).
bool default_port(std::string_view scheme, std::string_view port) noexcept {
    return (port == "80" && iri::detail::iequals(scheme, "http")) ||
           (port == "443" && iri::detail::iequals(scheme, "https"));
}

// The segment after the "/" at d[i] (of n octets) is one normalizePath would change: empty but the last, "." or
// "..".
bool changed_segment(const char* d, std::size_t i, std::size_t n) noexcept {
    const char a = i + 1 < n ? d[i + 1] : '/';
    if (a == '/') return i + 1 < n;
    if (a != '.') return false;
    const char b = i + 2 < n ? d[i + 2] : '/';
    return b == '/' || (b == '.' && (i + 3 == n || d[i + 3] == '/'));
}

// copy_stable's check of d[0, n) (written already) octet by octet, with the triplets' hex as it asks.
bool stable_octets(char* d, std::size_t n, bool path, bool lower, unsigned& met) noexcept {
    const auto& classes = octet_classes();
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned k = classes[static_cast<unsigned char>(d[i])];
        if ((k & (escaped | upper | paren | ampersand | letter_i | slash)) == 0) continue;
        met |= k;
        if ((k & slash) && path && changed_segment(d, i, n)) return false;
        if (k & escaped) {
            // A "%HH" of an octet escapeOnce escapes, but "%" itself: unescapeRepeatedly decodes it to an octet
            // that starts no triplet and is no hex digit, escapeOnce writes it back with uppercase hex.
            const int v = d[i] == '%' ? iri::detail::escape_at(std::string_view(d, n), i) : -1;
            if (v < 0 || v == '%' || !escaped_once(static_cast<unsigned char>(v))) return false;
            for (const std::size_t h : {i + 1, i + 2})
                d[h] = lower ? iri::detail::to_lower(d[h])
                             : iri::detail::hex_digits[iri::detail::hex_values[static_cast<unsigned char>(d[h])]];
            i += 2;
            continue;
        }
        if ((k & upper) && lower) d[i] = static_cast<char>(d[i] | 0x20);
    }
    return true;
}

// Whether d[i] (of n octets) begins "%HH" of an octet escapeOnce escapes, but "%" itself: unescapeRepeatedly decodes
// it to an octet that starts no triplet and is no hex digit, escapeOnce writes it back with uppercase hex, as it is
// made here unless `lower` (the IA stage lowercases it).
bool stable_triplet(char* d, std::size_t n, std::size_t i, bool lower) noexcept {
    const int v = d[i] == '%' ? iri::detail::escape_at(std::string_view(d, n), i) : -1;
    if (v < 0 || v == '%' || !escaped_once(static_cast<unsigned char>(v))) return false;
    if (!lower)
        for (const std::size_t h : {i + 1, i + 2})
            d[h] = iri::detail::hex_digits[iri::detail::hex_values[static_cast<unsigned char>(d[h])]];
    return true;
}

#if defined(__SSE2__)
// The octets escapeOnce escapes (escaped_once: <= 0x20, >= 0x7F, "#", "%"), sixteen at a time: a signed compare,
// in which the octets from 0x80 are below 0x21 too.
__m128i escapes_in(__m128i v) noexcept {
    return _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x21)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F))),
                        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('#')), _mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
}

// copy_stable's check sixteen octets at a time: lowercased with `lower` (ASCII "A" to "Z" plus 0x20), each escaped
// octet a stable triplet's "%", the octet classes met, each "/" of a path looked at; false when the part is not
// stable or a path's segment would change.
template <bool Path>
bool stable_blocks(char* d, std::size_t n, bool lower, unsigned& met) noexcept {
    unsigned amp = 0, id = 0, open = 0, i_before = 0;  // i_before: an "i" ends the block before
    const auto block = [&](std::size_t at) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + at));
        // An escaped octet is a "%" of a stable triplet, or the part is not stable.
        for (auto e = static_cast<unsigned>(_mm_movemask_epi8(escapes_in(v))); e != 0; e &= e - 1)
            if (!stable_triplet(d, n, at + static_cast<std::size_t>(std::countr_zero(e)), lower)) return false;
        if (lower) {
            const __m128i up =
                _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
            v = _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(d + at), v);
        }
        if constexpr (!Path) {  // a query's parameters and session ids
            amp |= static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('&'))));
            const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));  // "I" and "D" as "i" and "d"
            const auto i = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('i'))));
            const auto dd = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('d'))));
            id |= (i & (dd >> 1)) | (i_before & dd & 1u);  // "id" within the block, or across from the one before
            i_before = i >> 15;
        } else {  // a path's session ids, and its segments
            open |= static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('('))));
            for (unsigned s = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')))); s != 0;
                 s &= s - 1)
                if (changed_segment(d, at + static_cast<std::size_t>(std::countr_zero(s)), n)) return false;
        }
        return true;
    };
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
        if (!block(i)) return false;
    i_before = 0;  // the last sixteen again, which hold the octet before them: the same answers for those before
    if (i < n && !block(n - 16)) return false;
    met |= (amp ? unsigned{ampersand} : 0u) | (open ? unsigned{paren} : 0u) | (id ? unsigned{letter_i} : 0u);
    return true;
}

// stable_blocks for a part of fewer than sixteen octets with none escaped, appended from a register: false, with
// nothing written, when one is escaped (the octet loop then decides) or a path's segment would change.
bool short_stable(std::string& out, std::string_view part, bool path, bool lower, unsigned& met) noexcept {
    const std::size_t n = part.size();
    std::uint64_t low = 0, rest = 0;  // the octets in two words, zeros after them
    if (n >= 8) {
        std::memcpy(&low, part.data(), 8);
        std::memcpy(&rest, part.data() + n - 8, 8);
        rest = n == 8 ? 0 : rest >> (8 * (16 - n));
    } else {
        low = iri::detail::load_up_to_8(part.data(), n);
    }
    __m128i v = _mm_set_epi64x(static_cast<long long>(rest), static_cast<long long>(low));
    const unsigned within = (1u << n) - 1;
    if ((static_cast<unsigned>(_mm_movemask_epi8(escapes_in(v))) & within) != 0) return false;
    if (path) {
        for (unsigned s = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')))); s != 0;
             s &= s - 1)
            if (changed_segment(part.data(), static_cast<std::size_t>(std::countr_zero(s)), n)) return false;
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('('))) != 0) met |= paren;
    } else {
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('&'))) != 0) met |= ampersand;
        const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));  // "I" and "D" as "i" and "d"
        const auto i = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('i'))));
        const auto dd = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('d'))));
        if (i & (dd >> 1)) met |= letter_i;
    }
    if (lower) {
        const __m128i up =
            _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
        v = _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
    }
    alignas(16) char octets[16];
    _mm_store_si128(reinterpret_cast<__m128i*>(octets), v);
    out.append(octets, n);
    return true;
}
#endif

}  // namespace

bool copy_stable(std::string& out, std::string_view part, bool path, bool lower, unsigned* seen) {
    const std::size_t n = part.size();
    if (path && (n == 0 || part[0] != '/')) return false;
    unsigned met = 0;
#if defined(__SSE2__)
    // A part of fewer than sixteen octets: one block, in two words read without an octet past it.
    if (n < 16 && short_stable(out, part, path, lower, met)) {
        if (seen != nullptr) *seen = met;
        return true;
    }
#endif
    const std::size_t at = out.size();
    out.append(part);
    char* const d = out.data() + at;
    bool ok = false;
#if defined(__SSE2__)
    if (n >= 16) ok = path ? stable_blocks<true>(d, n, lower, met) : stable_blocks<false>(d, n, lower, met);
    else ok = stable_octets(d, n, path, lower, met);
#else
    ok = stable_octets(d, n, path, lower, met);
#endif
    if (!ok) {
        out.resize(at);
        return false;
    }
    if (seen != nullptr) *seen = met;
    return true;
}

namespace {

// The path (with the "/" of a host taken from the path) through the stages, appended; `host` whether the URL
// has a host after the Google stage (which normalizes the path of one only).
void write_path(std::string& out, const ia_parts& u, const ia_writing& how, bool host) {
    const std::size_t at = out.size();
    unsigned seen = paren;  // what the part holds, as far as is known
    if (!how.google) {
        if (u.slash_path) out.push_back('/');
        if (how.ia) append_lowercase(out, u.path);
        else out.append(u.path);
    } else if (u.slash_path || !copy_stable(out, u.path, host, how.ia, &seen)) {
        // GoogleURLCanonicalizer: unescapeRepeatedly, then (with a host) normalizePath, then escapeOnce. Each
        // stage's text is written after the last one's, at the end of `out`, and the last moved down to `at`: no
        // allocation once out's buffer is large enough. The room is reserved first so that the views into out stay
        // valid: decoded <= n + 1 octets (the "/" of a host), normalized <= decoded + 1, escaped <= 3 x normalized.
        const std::size_t n = u.path.size();
        out.reserve(at + 5 * n + 16);
        if (u.slash_path) out.push_back('/');
        append_unescaped_repeatedly(out, u.path);
        std::string_view stage(out.data() + at, out.size() - at);
        if (host) {
            const std::size_t normal = out.size();
            append_normalized_path(out, stage);
            stage = std::string_view(out.data() + normal, out.size() - normal);
        }
        const std::size_t escaped = out.size();
        append_escaped_once(out, stage);
        out.erase(at, escaped - at);
        if (how.ia) lowercase_from(out, at);
    }
    if (!how.ia) return;
    // IAURLCanonicalizer: path lowercase (above), stripPathSessionID, one trailing "/" removed unless the path is
    // "/".
    if (seen & paren) strip_path_session_id(out, at);
    if (out.size() - at > 1 && out.back() == '/') out.pop_back();
}

// The query through the stages, appended with its "?" when it is not empty.
void write_query(std::string& out, const ia_parts& u, const ia_writing& how) {
    if (u.query.empty()) return;
    out.push_back('?');
    const std::size_t at = out.size();
    unsigned seen = ampersand | letter_i;
    if (!how.google) {
        if (how.ia) append_lowercase(out, u.query);
        else out.append(u.query);
    } else if (!copy_stable(out, u.query, false, how.ia, &seen)) {
        // As the path's stages, after out's end: decoded <= the query's octets, escaped <= 3 x decoded.
        out.reserve(at + 4 * u.query.size() + 8);
        append_unescaped_repeatedly(out, u.query);
        const std::size_t escaped = out.size();
        append_escaped_once(out, std::string_view(out.data() + at, escaped - at));
        out.erase(at, escaped - at);
        if (how.ia) lowercase_from(out, at);
    }
    if (how.ia) {
        // IAURLCanonicalizer: stripQuerySessionID (every pattern holds "id"), query lowercase (above),
        // alphaReorderQuery (of two parameters or more); an empty query dropped.
        if (seen & letter_i) strip_query_session_id(out, at);
        if (seen & ampersand) alpha_reorder_query(out, at);
    }
    if (out.size() == at) out.pop_back();
}

}  // namespace

namespace {

// Both stages on an LDH name (ldh_host), in one pass over its labels: lowercase, massageHost's "www" + digits + "."
// left out, and for a SURT key the labels written from the right, joined by "," (hostToSURT: an LDH name with a
// letter is never four numbers). False, with nothing written, for any other host.
// write_plain_host, inline in the IA writer.
[[gnu::always_inline]] inline bool plain_host(std::string& out, std::string_view host, const plain_host_writing& how) {
    const bool massage = how.massage, surt = how.surt;
    const std::size_t n = host.size();
    if (n == 0 || n > 64) return false;  // (a longer host takes the general path)
    const auto& classes = octet_classes();
    // No octet the Google stage decodes (a "%"), maps (beyond ASCII) or escapes, no dot first, last or next to
    // another, and no IPv4 form: for attemptIPFormats an octet other than a digit or a dot (looked at closer when
    // the last octet is a digit), for inet_aton with hexadecimal parts a last label that begins with no digit.
    short_name lower;  // the host lowercased, its dots and its escapes
#if defined(__SSE2__)
    lower.fill<true>(host.data(), n);
    if (lower.escapes != 0) return false;
#else
    if (plain_run(host) != n) return false;
    lower.fill(host.data(), n);
#endif
    const std::uint64_t dots = lower.dots[0];
    if ((dots & 1) | ((dots >> (n - 1)) & 1) | (dots & (dots >> 1))) return false;  // a dot first, last, or two
    const auto not_digit = [&](char c) { return (classes[static_cast<unsigned char>(c)] & digit) == 0 && c != '.'; };
    if (how.hex_ipv4) {
        if (!not_digit(host[lower.start_before(n)])) return false;
    } else if (!not_digit(host[n - 1]) && std::none_of(host.begin(), host.end(), not_digit)) {
        return false;
    }
    const char* const p = lower.octets();
    std::size_t from = 0;  // massageHost, on the lowercase host: "www" + digits + "."
    if (massage && n > 4 && p[0] == 'w' && p[1] == 'w' && p[2] == 'w') {
        std::size_t i = 3;
        while (classes[static_cast<unsigned char>(p[i])] & digit) ++i;
        if (p[i] == '.') from = i + 1;
    }
    if (!surt) {
        out.append(p + from, n - from);
        return true;
    }
    // hostToSURT: the labels from the right, joined by ",", as long as the host from `from`; each label copied
    // sixteen octets at a time into room for sixteen more (the next label or comma overwrites what is past it).
    char reversed[64 + 16];
    char* d = reversed;
    for (std::size_t end = n;;) {
        const std::size_t start = lower.start_before(end);
        for (std::size_t k = start; k < end; k += 16) std::memcpy(d + (k - start), p + k, 16);
        d += end - start;
        if (start <= from) break;
        *d++ = ',';
        end = start - 1;
    }
    out.append(reversed, n - from);
    return true;
}

}  // namespace

bool write_plain_host(std::string& out, std::string_view host, const plain_host_writing& how) {
    return plain_host(out, host, how);
}

namespace {

// write_ia_host, and whether it wrote the host as a SURT key's already.
bool write_host(std::string& out, const ia_parts& u, const ia_writing& how) {
    if (u.host.empty()) return false;
    const bool massage = how.ia && how.host_massage && u.scheme != "dns";
    // GoogleURLCanonicalizer's host steps leave an LDH name as it is but for its case; IAURLCanonicalizer
    // lowercases it and massages it.
    if (how.google && how.ia && plain_host(out, u.host, {.massage = massage, .surt = how.surt})) return how.surt;
    const std::size_t at = out.size();
    if (!how.google) {
        if (u.lower_host || how.ia) append_lowercase(out, u.host);
        else out.append(u.host);
    } else if (ldh_host(u.host)) {
        append_lowercase(out, u.host);
    } else {
        append_google_host(out, u.host);
        if (how.ia) lowercase_from(out, at);  // the IA stage's host lowercase: the escapes' hex too
    }
    // IAURLCanonicalizer: host lowercase (above), massageHost (not for dns:).
    if (massage) out.erase(at, massage_host_prefix(std::string_view(out).substr(at)));
    return false;
}

}  // namespace

void write_ia_host(std::string& out, const ia_parts& u, const ia_writing& how) {
    ia_writing url = how;
    url.surt = false;
    write_host(out, u, url);
}

void write_ia(std::string& out, const ia_parts& u, const ia_writing& how) {
    const std::size_t base = out.size();
    const bool dns = u.scheme == "dns";
    // handyurl.geturl_bytes: scheme ":" and, with a host, "//" (not for dns:) or, as a SURT key, the scheme only
    // when asked for, then "(" before the reversed host. Written before the host in the likelier case that it has
    // one, and written again without the host's part when it has none.
    const auto scheme_and_host_prefix = [&] {
        if (how.surt && !how.with_scheme) return;
        out.append(u.scheme).push_back(':');
        if (!dns) out.append("//");
        if (how.surt) out.push_back('(');
    };
    scheme_and_host_prefix();
    const std::size_t host_at = out.size();
    const bool reversed = write_host(out, u, how);
    const bool host = out.size() > host_at;
    if (host) {
        if (how.surt && !reversed) reverse_host_surt(out, host_at, how.reverse_ipaddr);
        if (!u.port.empty() && !(how.ia && default_port(u.scheme, u.port))) out.append(1, ':').append(u.port);
        if (how.surt) {
            if (how.trailing_comma) out.push_back(',');
            out.push_back(')');
        }
    } else {
        out.resize(base);
        out.append(u.scheme).push_back(':');
    }
    // The path, then "?" query and "#" fragment; a path that is empty before either is "/".
    const std::size_t path_at = out.size();
    write_path(out, u, how, host);
    const bool no_path = out.size() == path_at;
    write_query(out, u, how);
    if (!how.google && !u.fragment.empty()) out.append(1, '#').append(u.fragment);  // the Google stage drops it
    if (no_path && out.size() > path_at) out.insert(path_at, 1, '/');
    if (u.trailing_question && !how.ia) out.push_back('?');  // the IA stage drops a lone "?"
}

}  // namespace iri::crawl::detail
