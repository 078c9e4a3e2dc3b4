// The IA canonicalizer's IA stage (the surt package's IAURLCanonicalizer.py and URLRegexTransformer.py;
// crawler-keys.md §1 "IA stage"): its pieces, each named after the package's function it follows, each working in
// place on the part the writer has just written. Each of the package's regular expressions is written out as a scan
// of its own, in linear time: where the package's pattern begins with a greedy "(.*)", the scan runs from the right
// and takes the first match it meets, the one the regular expression's backtracking finds.
#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

#include "crawl/ia_canon.hpp"
#include "grammar/charset_detail.hpp"
#include "text/ascii.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::is_alnum;
using iri::detail::is_alpha;
using iri::detail::is_digit;
using iri::detail::to_lower;

constexpr std::size_t npos = std::string_view::npos;

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

// _RES_PATH_SESSIONID's middle groups at path[s]: "(" 24 alphanumerics ")/" (the second pattern), or
// "(" 1* (letter "(" 24 alphanumerics ")") ")/" (the first); the end of the match, or npos.
std::size_t path_session_segment(std::string_view path, std::size_t s, bool nested) noexcept {
    if (s >= path.size() || path[s] != '(') return npos;
    std::size_t j = s + 1;
    if (nested) {
        std::size_t n = 0;
        while (j + 27 <= path.size() && is_alpha(path[j]) && path[j + 1] == '(' &&
               all_of_at(path, j + 2, 24, is_alnum) && path[j + 26] == ')')
            j += 27, ++n;
        if (n == 0) return npos;
    } else {
        if (!all_of_at(path, j, 24, is_alnum)) return npos;
        j += 24;
    }
    return j + 2 <= path.size() && path[j] == ')' && path[j + 1] == '/' ? j + 2 : npos;
}

// ^(.*/)(SEGMENT)([^\?]+\.aspx.*)$ (re.I): the rightmost "/" followed by a segment after which, before any "?",
// an ".aspx" begins one byte or more later; the path (out from `from`) without the segment.
void strip_one_path_session(std::string& out, std::size_t from, bool nested) {
    const std::string_view p = std::string_view(out).substr(from);
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
            out.erase(from + i + 1, e - i - 1);
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
    std::size_t id;  // where "id" is in the literal
};

std::size_t query_session_at(std::string_view q, std::size_t i, const query_session_pattern& p) noexcept {
    // The literal's last octet first ("=", or the "d" of ASPSESSIONID): most places fail there.
    const std::size_t last = i + p.literal.size() - 1;
    if (q.size() - i < p.literal.size() + p.n1 || to_lower(q[last]) != p.literal.back() || !istarts_at(q, i, p.literal))
        return npos;
    std::size_t j = i + p.literal.size();
    if (!(p.alpha_only ? all_of_at(q, j, p.n1, is_alpha) : all_of_at(q, j, p.n1, is_alnum))) return npos;
    j += p.n1;
    if (p.n2 > 0) {
        if (j >= q.size() || q[j] != '=' || !all_of_at(q, j + 1, p.n2, is_alpha)) return npos;
        j += 1 + p.n2;
    }
    return j;
}

}  // namespace

std::size_t massage_host_prefix(std::string_view host) noexcept {
    if (!host.starts_with("www")) return 0;
    std::size_t i = 3;
    while (i < host.size() && is_digit(host[i])) ++i;
    return i < host.size() && host[i] == '.' ? i + 1 : 0;
}

void strip_path_session_id(std::string& out, std::size_t from) {
    if (out.find('(', from) == std::string::npos) return;  // every session segment starts with one
    strip_one_path_session(out, from, true);
    strip_one_path_session(out, from, false);
}

void strip_query_session_id(std::string& out, std::size_t from) {
    // Every pattern has "id" in it (jsessionid=, phpsessid=, sid=, aspsessionid, cfid=), at a fixed offset: a match
    // starts that far before an "id" of the query, and those are the only places looked at (most queries have none).
    // Each pattern's rightmost match is the one its greedy "^(.*)" finds.
    std::uint32_t ids[64];
    std::size_t count = 0;
    bool many = false;           // more "id"s than ids holds: every place looked at
    const auto find_ids = [&] {  // each "d" after an "i", sixteen octets at a time
        count = 0;
        if (out.size() - from < 2) return;
        const char* const q = out.data() + from;
        const char* const end = out.data() + out.size();
        for (const char* d = q + 1; (d = iri::detail::find_first_of<'d', 'D'>(d, end, q)) != end; ++d) {
            if (to_lower(d[-1]) != 'i') continue;
            if (count == 64) {
                many = true;
                return;
            }
            ids[count++] = static_cast<std::uint32_t>(d - 1 - q);
        }
    };
    find_ids();
    if (count == 0) return;
    // Calls `match(i)` at each place a pattern with its "id" at `offset` may start, from the right, until it says
    // it matched; whether one did.
    const auto from_right = [&](std::size_t offset, const auto& match) {
        if (many) {
            for (std::size_t i = out.size() - from; i-- > 0;)
                if (match(i)) return true;
            return false;
        }
        for (std::size_t k = count; k-- > 0;)
            if (ids[k] >= offset && match(ids[k] - offset)) return true;
        return false;
    };
    static constexpr query_session_pattern fixed[] = {
        {"jsessionid=", 32, false, 0, 8},
        {"phpsessid=", 32, false, 0, 7},
        {"sid=", 32, false, 0, 1},
        {"aspsessionid", 8, true, 24, 10},
    };
    // Each pattern once, cut out with the "&" after it (the pattern's "(?:&(.*))?$": the end or an "&" follows).
    for (const query_session_pattern& p : fixed) {
        const bool cut = from_right(p.id, [&](std::size_t i) {
            const std::string_view q = std::string_view(out).substr(from);
            const std::size_t e = query_session_at(q, i, p);
            if (e == npos || (e < q.size() && q[e] != '&')) return false;
            out.erase(from + i, std::min(e + 1, q.size()) - i);
            return true;
        });
        if (cut) find_ids();
    }
    // cfid=[^&]+&cftoken=[^&]+ (then "&" or the end): the value up to the first "&" after it, which begins
    // "&cftoken=", the token up to the next "&".
    from_right(2, [&](std::size_t i) {
        const std::string_view q = std::string_view(out).substr(from);
        if (!istarts_at(q, i, "cfid=")) return false;
        const std::size_t a = std::min(q.find('&', i), q.size());
        if (a <= i + 5 || !istarts_at(q, a, "&cftoken=")) return false;
        const std::size_t b = std::min(q.find('&', a + 1), q.size());
        if (b <= a + 9) return false;
        out.erase(from + i, std::min(b + 1, q.size()) - i);
        return true;
    });
}

void alpha_reorder_query(std::string& out, std::size_t from) {
    const std::size_t size = out.size() - from;
    if (size <= 1 || out.find('&', from) == std::string::npos) return;  // one parameter: nothing to reorder
    // The parameters as offsets into out (views would not survive the copy below growing it), up to 128 of them
    // on the stack (4 KB; a longer query's on the heap).
    struct param {
        std::uint32_t name, name_size, value, value_size;
        bool has_value;
        std::uint64_t head;  // the name's first 8 octets, big-endian, zeros after a shorter one: most compares
    };
    param few[128];
    std::vector<param> many;
    std::size_t count = 0;
    const auto add = [&](const param& p) {
        if (count < std::size(few)) few[count] = p;
        else {
            if (count == std::size(few)) many.assign(std::begin(few), std::end(few));
            many.push_back(p);
        }
        ++count;
    };
    const std::string_view q = std::string_view(out).substr(from);
    const auto head = [](std::string_view name) {  // big-endian: its order is the octets' (unsigned) order
        std::uint64_t h = 0;
        for (std::size_t k = 0; k < 8; ++k) h = h << 8 | (k < name.size() ? static_cast<unsigned char>(name[k]) : 0u);
        return h;
    };
    for (std::size_t i = 0;;) {
        const std::size_t e = std::min(q.find('&', i), q.size());
        const std::string_view p = q.substr(i, e - i);
        const std::size_t eq = p.find('=');
        const auto at = static_cast<std::uint32_t>(i);
        if (eq == std::string_view::npos) add({at, static_cast<std::uint32_t>(p.size()), 0, 0, false, head(p)});
        else
            add({at, static_cast<std::uint32_t>(eq), static_cast<std::uint32_t>(i + eq + 1),
                 static_cast<std::uint32_t>(p.size() - eq - 1), true, head(p.substr(0, eq))});
        if (e == q.size()) break;
        i = e + 1;
    }
    param* const first = count <= std::size(few) ? few : many.data();
    // Python's order of the tuples (name,) and (name, value): by name, then the one without "=", then by value.
    // (A name's first octets decide most compares; a NUL, which sorts as the zeros after a short name, is never
    // in a canonical query: escapeOnce writes it "%00".)
    const auto text = [&q](std::uint32_t at, std::uint32_t n) { return q.substr(at, n); };
    std::sort(first, first + count, [&](const param& a, const param& b) {
        if (a.head != b.head) return a.head < b.head;
        const std::string_view an = text(a.name, a.name_size), bn = text(b.name, b.name_size);
        if (an != bn) return an < bn;
        if (a.has_value != b.has_value) return !a.has_value;
        return text(a.value, a.value_size) < text(b.value, b.value_size);
    });
    // The sorted query written after the query (as long as it), then moved in its place.
    out.resize(from + 2 * size);
    const char* const src = out.data() + from;
    char* d = out.data() + from + size;
    for (std::size_t k = 0; k < count; ++k) {
        const param& p = first[k];
        if (k > 0) *d++ = '&';
        std::memcpy(d, src + p.name, p.name_size);
        d += p.name_size;
        if (!p.has_value) continue;
        *d++ = '=';
        std::memcpy(d, src + p.value, p.value_size);
        d += p.value_size;
    }
    std::memcpy(out.data() + from, out.data() + from + size, size);
    out.resize(from + size);
}

}  // namespace iri::crawl::detail
