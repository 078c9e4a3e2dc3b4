// The parse path. The reference productions (URI-reference, URI, absolute-URI, relative-ref and their IRI/LEIRI
// counterparts) of a grammar that declares ";@split rfc3986" first take fast paths. The commonest shapes, an
// http(s) reference with a reg-name or IPv4 host and a relative reference without an authority, all ASCII, go by
// masks: one SIMD pass classifies every octet (literal_skip.hpp: classify_reference), and each component is the run
// of its mask. The others are split at the RFC 3986 delimiters while running the generated DFA of each component
// over its own bytes (RFC 3986 §3 and Appendix B: "scheme ':' ['//' authority] path ['?' query] ['#' fragment]";
// the differential test checks both per variant). Each component DFA stops at the first byte its component cannot
// hold, which must then be the next delimiter. Anything the fast paths do not accept goes to the DFA of the whole
// production, which decides validity and reports the error: the fast paths can only say yes. Nothing here
// allocates; an invalid input's error is worked out by make_error (error.cpp) after the pass.
#include "iri/parse.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <string_view>

#include "grammar/charset_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "grammar/registry.hpp"
#include "model/error_detail.hpp"
#include "model/parse_detail.hpp"

namespace iri {

namespace {

using detail::grammar_info;

constexpr std::uint32_t none = span::omitted;

detail::prefix_fn prefix(const grammar_info& gi, production p) noexcept {
    return gi.prefix_by_role[static_cast<std::size_t>(p)];
}

// The longest prefix of [s + at, s + n) in production p, as an end offset; `none` if there is none.
std::uint32_t run(detail::prefix_fn f, const unsigned char* s, std::uint32_t at, std::uint32_t n) noexcept {
    const std::uint32_t len = f(s + at, n - at);
    return len == none ? none : at + len;
}

// The prefix matchers the fast path needs; all present for every variant that keeps RFC 3986's structure.
// With them, the ASCII literal sets of the repeated components, whose runs are skipped with SIMD.
struct prefixes {
    detail::prefix_fn scheme, userinfo, ip_literal, ipv4, ipv6, reg_name, port, abempty, rootless, noscheme, query,
        fragment;
    bool complete;
    bool http_schemes;         // the grammar's scheme holds "http" and "https" (the scheme's DFA says so, once)
    bool reg_name_in_segment;  // every ASCII octet of reg-name's set is in segment-nz-nc's (whole_masked)
    const detail::component_sets* sets;
};

// The repeated components are first skipped over with SIMD (literal_skip.hpp): their literal characters and
// "%HH" triplets. The run stops at a byte the DFA must judge (non-ASCII: ucschar in IRIs; a "%" without two
// hex digits) or at an ASCII byte outside the set, which ends the component: RFC 3986's repeated components
// have no element longer than one character but pct-encoded.
bool ends_component(const unsigned char* s, std::uint32_t at, std::uint32_t n) noexcept {
    return at == n || (s[at] < 0x80 && s[at] != '%');  // ASCII outside the set; "%" here is a bad triplet
}

// The end of the longest prefix of a repetition such as reg-name from `at`: the skip, then the DFA from where
// the skip stopped if it must judge that byte (the DFA's loop state there is its start state).
std::uint32_t run_repeated(detail::prefix_fn f, const detail::ascii_set& set, const unsigned char* s, std::uint32_t at,
                           std::uint32_t n) noexcept {
    const std::uint32_t stop = detail::skip_literals(s, at, n, set);
    return ends_component(s, stop, n) ? stop : run(f, s, stop, n);
}

// path-abempty = *( "/" segment ) from `at`: the skip runs over segment characters and "/"; the DFA restarts
// at the last "/" it passed, where a segment begins (its start state).
std::uint32_t run_abempty(const struct prefixes& f, const unsigned char* s, std::uint32_t at,
                          std::uint32_t n) noexcept {
    if (at < n && s[at] == '/') {
        std::uint32_t stop = detail::skip_literals(s, at, n, f.sets->path);
        if (ends_component(s, stop, n)) return stop;
        while (stop > at && s[stop - 1] != '/') --stop;
        if (stop > at) at = stop - 1;
    }
    return run(f.abempty, s, at, n);
}

// path-rootless = segment-nz *( "/" segment ) and path-noscheme = segment-nz-nc *( "/" segment ) from `at`, where
// no "/" is: the first segment is skipped with its own set from the grammar (segment-nz-nc has no ":", RFC 3986
// §4.2), then path-abempty from the "/" that ends it. When the skip stops at a byte the DFA must judge, the
// production's DFA decides from `at`. An empty run is the empty path, as the production's DFA finding nothing is.
std::uint32_t run_relative_path(const struct prefixes& f, detail::prefix_fn production_dfa,
                                const detail::ascii_set& first_segment, const unsigned char* s, std::uint32_t at,
                                std::uint32_t n) noexcept {
    const std::uint32_t first_end = detail::skip_literals(s, at, n, first_segment);
    if (first_end < n && s[first_end] == '/') return run_abempty(f, s, first_end, n);
    return ends_component(s, first_end, n) ? first_end : run(production_dfa, s, at, n);
}

prefixes make_prefixes(const grammar_info& gi) noexcept {
    prefixes f{prefix(gi, production::scheme),
               prefix(gi, production::userinfo),
               prefix(gi, production::ip_literal),
               prefix(gi, production::ipv4address),
               prefix(gi, production::ipv6address),
               prefix(gi, production::reg_name),
               prefix(gi, production::port),
               prefix(gi, production::path_abempty),
               prefix(gi, production::path_rootless),
               prefix(gi, production::path_noscheme),
               prefix(gi, production::query),
               prefix(gi, production::fragment),
               false,
               false,
               false,
               nullptr};
    const auto scheme_of = [&f](std::string_view text) {
        return run(f.scheme, reinterpret_cast<const unsigned char*>(text.data()), 0,
                   static_cast<std::uint32_t>(text.size()));
    };
    f.http_schemes = f.scheme && scheme_of("http://") == 4 && scheme_of("https://") == 5;
    f.complete = f.scheme && f.userinfo && f.ip_literal && f.ipv4 && f.ipv6 && f.reg_name && f.port && f.abempty &&
                 f.rootless && f.noscheme && f.query && f.fragment;
    return f;
}

// Built once per grammar (thread-safe static initialization).
const prefixes& prefixes_of(grammar g) noexcept {
    static const auto table = [] {
        std::array<prefixes, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i) {
            t[i] = make_prefixes(*detail::grammar_infos[i]);
            t[i].sets = &detail::literal_sets(static_cast<grammar>(i));
            t[i].reg_name_in_segment = detail::includes(t[i].sets->segment_nz_nc, t[i].sets->reg_name);
            t[i].complete = t[i].complete && detail::grammar_infos[i]->split_rfc3986;
        }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

bool is_authority_end(const unsigned char* s, std::uint32_t at, std::uint32_t n) noexcept {
    return at == n || s[at] == '/' || s[at] == '?' || s[at] == '#';
}

// host [":" port] from `at` (RFC 3986 §3.2.2–§3.2.3): the end of the authority, or `none`. Host kinds are tried
// in the grammar's order, first match wins: IP-literal, IPv4address (when it is the whole host), reg-name.
std::uint32_t host_port(const prefixes& f, const unsigned char* s, std::uint32_t at, std::uint32_t n,
                        components& out) noexcept {
    // IP-literal = "[" ( IPv6address / IPvFuture ) "]": only a "[" starts one (RFC 3986 §3.2.2).
    std::uint32_t end = at < n && s[at] == '[' ? run(f.ip_literal, s, at, n) : none;
    if (end != none) {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        const std::uint32_t inner = end - 1;
        const bool v6 = run(f.ipv6, s, at + 1, inner) == inner;
        out[v6 ? component::ipv6address : component::ipvfuture] = {at + 1, inner};
    } else {
        end = run_repeated(f.reg_name, f.sets->reg_name, s, at, n);  // reg-name = *( ... ): at least ""
        if (end == none) return none;
        const bool v4 = end > at && run(f.ipv4, s, at, end) == end;
        out[v4 ? component::ipv4address : component::reg_name] = {at, end};
    }
    out[component::host] = {at, end};
    if (end < n && s[end] == ':') {
        const std::uint32_t port_end = run(f.port, s, end + 1, n);
        if (port_end == none) return none;
        out[component::port] = {end + 1, port_end};
        end = port_end;
    }
    return end;
}

// authority = [ userinfo "@" ] host [ ":" port ] from s[a]: without a userinfo first (the common case); if the
// authority does not end there, with the userinfo that runs up to an "@". Where it ends, or none.
inline std::uint32_t authority(const prefixes& f, const unsigned char* s, std::uint32_t a, std::uint32_t n,
                               components& out) noexcept {
    std::uint32_t end = host_port(f, s, a, n, out);
    if (end != none && is_authority_end(s, end, n)) return end;
    const std::uint32_t at_sign = run_repeated(f.userinfo, f.sets->userinfo, s, a, n);
    if (at_sign == none || at_sign >= n || s[at_sign] != '@') return none;
    for (component k : {component::host, component::port, component::ipv4address, component::ipv6address,
                        component::ipvfuture, component::reg_name})
        out[k] = span{};
    out[component::userinfo] = {a, at_sign};
    end = host_port(f, s, at_sign + 1, n, out);
    return end != none && is_authority_end(s, end, n) ? end : none;
}

// The end of the run of `member` (a mask of reference_masks) from `at`: the first octet from there outside the
// component's set. Octets past the input are in no set, so the word of the input's end stops the search.
std::uint32_t run_end(const std::uint32_t* member, std::uint32_t at) noexcept {
    std::uint32_t w = at / 32;
    if (const std::uint32_t outside = ~member[w] >> (at % 32))
        return at + static_cast<std::uint32_t>(std::countr_zero(outside));
    while (!~member[++w]) {}
    return w * 32 + static_cast<std::uint32_t>(std::countr_zero(~member[w]));
}

// ["?" query] ["#" fragment] from the path's end `at` to the input's end (RFC 3986 §3): where the query and the
// fragment end (`none`: not there), or false when the input does not end there.
[[gnu::always_inline]] inline bool query_and_fragment(const prefixes& f, production p, const unsigned char* s,
                                                      std::uint32_t n, std::uint32_t at, std::uint32_t& query_end,
                                                      std::uint32_t& fragment_end) noexcept {
    query_end = fragment_end = none;
    if (at < n && s[at] == '?' && (at = query_end = run_repeated(f.query, f.sets->query, s, at + 1, n)) == none)
        return false;
    if (at < n && s[at] == '#' && p != production::absolute_uri &&
        (at = fragment_end = run_repeated(f.fragment, f.sets->fragment, s, at + 1, n)) == none)
        return false;
    return at == n;
}

// The spans of the path [path_begin, path_end) and of the query and fragment query_and_fragment found.
void put_tail(components& out, std::uint32_t path_begin, std::uint32_t path_end, std::uint32_t query_end,
              std::uint32_t fragment_end) noexcept {
    out[component::path] = {path_begin, path_end};
    if (query_end != none) out[component::query] = {path_end + 1, query_end};
    if (fragment_end != none) out[component::fragment] = {(query_end != none ? query_end : path_end) + 1, fragment_end};
}

// scheme "://" reg-name or IPv4address [":" port] path-abempty ["?" query] ["#" fragment] (RFC 3986 §3), the shape
// of most absolute references, from the masks `m` of s[base, n) (reg-name's and the path's, of a plain part as
// classify_reference says): the host and the path are the runs of their masks, with no call; a query or fragment (the
// rarer parts) is skipped as on the other path. The scheme (0 to scheme_end, ":" after it) is found already. True
// with `out` filled when the input is that; false when it cannot tell (the per-component path then decides: no
// "//", a userinfo, an IP-literal), having written nothing.
[[gnu::always_inline]] inline bool authority_and_path(const prefixes& f, production p, const unsigned char* s,
                                                      std::uint32_t n, std::uint32_t scheme_end,
                                                      const detail::reference_masks& m, std::uint32_t base,
                                                      components& out) noexcept {
    if (n - scheme_end < 3 || s[scheme_end + 1] != '/' || s[scheme_end + 2] != '/') return false;
    const std::uint32_t a = scheme_end + 3;
    const std::uint32_t host_end = base + run_end(m.first, a - base);
    std::uint32_t end = host_end, port_end = none;
    if (end < n && s[end] == ':') {
        if ((port_end = run(f.port, s, end + 1, n)) == none) return false;
        end = port_end;
    }
    if (!is_authority_end(s, end, n)) return false;  // "@" (a userinfo first), "[" (an IP-literal), or not valid
    // IPv4address starts with a digit (dec-octet, RFC 3986 §3.2.2): only such a host is tried, first as the rule
    // says (IPv4address before reg-name).
    const bool v4 = host_end > a && s[a] >= '0' && s[a] <= '9' && run(f.ipv4, s, a, host_end) == host_end;
    const std::uint32_t path_end = end < n && s[end] == '/' ? base + run_end(m.second, end - base) : end;
    std::uint32_t query_end, fragment_end;
    if (!query_and_fragment(f, p, s, n, path_end, query_end, fragment_end)) return false;
    out[component::scheme] = {0, scheme_end};
    out[component::authority] = {a, end};
    out[component::host] = {a, host_end};
    out[v4 ? component::ipv4address : component::reg_name] = {a, host_end};
    if (port_end != none) out[component::port] = {host_end + 1, port_end};
    put_tail(out, end, path_end, query_end, fragment_end);
    return true;
}

// The whole-reference path of an http or https reference short_http leaves (a port, an IPv4 host, a part longer than
// its masks), whose "://" http_scheme has seen: one SIMD pass classifies every octet after the "//" for the host and
// the path, then authority_and_path.
[[gnu::noinline]] bool whole_reference(const prefixes& f, production p, const unsigned char* s, std::uint32_t n,
                                       std::uint32_t scheme_end, components& out) noexcept {
    const std::uint32_t a = scheme_end + 3;
    detail::reference_masks m;  // of s[a, n): reg-name, the path
    return detail::classify_reference(s + a, n - a, f.sets->reg_name, f.sets->path, m) &&
           authority_and_path(f, p, s, n, scheme_end, m, a, out);
}

// What short_http made of a reference: done (`out` filled), a shape it leaves to whole_reference, or a part that is
// not plain (a non-ASCII octet, a "%" without two digits), which whole_reference's masks would not take either.
enum class short_answer : std::uint8_t { done, other_shape, not_plain };

// The commonest reference of all by the shortest path: "http://" or "https://", a reg-name that does not start with
// a digit (IPv4address does, RFC 3986 §3.2.2) and no port, then path-abempty ["?" query] ["#" fragment], with at most
// short_masks::max_size octets after the "//", plain as classify_short says. The host is the run of reg-name's mask
// and the path that of the path's, as in authority_and_path, from masks held in two words each. Anything else is
// left as short_answer says, having written nothing.
short_answer short_http(const prefixes& f, production p, const unsigned char* s, std::uint32_t n,
                        std::uint32_t scheme_end, components& out) noexcept {
    const std::uint32_t a = scheme_end + 3;
    if (n - a > detail::short_masks::max_size) return short_answer::other_shape;
    detail::short_masks m;  // of s[a, n): reg-name, the path
    if (!detail::classify_short(s, a, n, f.sets->reg_name, f.sets->path, m)) return short_answer::not_plain;
    const std::uint32_t host_size = detail::run_of_ones(m.first, 0);
    const std::uint32_t host_end = a + host_size;
    if (host_size == 0 || (s[a] >= '0' && s[a] <= '9')) return short_answer::other_shape;
    std::uint32_t path_end = host_end;
    if (host_end < n && s[host_end] == '/') path_end += detail::run_of_ones(m.second, host_size);
    std::uint32_t query_end = none, fragment_end = none;  // a port, a userinfo or an IP-literal fails here
    if (path_end < n && !query_and_fragment(f, p, s, n, path_end, query_end, fragment_end))
        return short_answer::other_shape;
    out[component::scheme] = {0, scheme_end};
    out[component::authority] = {a, host_end};
    out[component::host] = {a, host_end};
    out[component::reg_name] = {a, host_end};
    put_tail(out, host_end, path_end, query_end, fragment_end);
    return short_answer::done;
}

// The whole-reference path of a reference that is not http or https, plain as classify_reference says: one pass
// classifies every octet for reg-name's set and the path's, and the run of reg-name's set from the start tells the
// two shapes apart. Ended by a ":", the run is a scheme if the scheme's DFA takes all of it (RFC 3986 §3.1: a scheme's
// characters are reg-name's), and the reference goes on as authority_and_path says. Else the reference is relative
// (§4.2: a scheme is followed by ":" before any "/", "?" or "#"): path-absolute, path-noscheme or path-empty, then
// ["?" query] ["#" fragment], the run being its first segment when reg-name's characters are all segment-nz-nc's,
// and a "/" after it going on with the run of the path's set. A network-path reference ("//"), a segment or host
// with another octet, a scheme without "//" are left to the per-component path (false, having written nothing).
bool whole_masked(const prefixes& f, production p, const unsigned char* s, std::uint32_t n, components& out) noexcept {
    if (n >= 2 && s[0] == '/' && s[1] == '/') return false;
    detail::reference_masks m;  // of s[0, n): reg-name, the path
    if (!detail::classify_reference(s, n, f.sets->reg_name, f.sets->path, m)) return false;
    const std::uint32_t first_end = run_end(m.first, 0);
    if (first_end < n && s[first_end] == ':') {
        if (p == production::relative_ref || run(f.scheme, s, 0, first_end) != first_end) return false;
        return authority_and_path(f, p, s, n, first_end, m, 0, out);
    }
    if ((p != production::uri_reference && p != production::relative_ref) || !f.reg_name_in_segment) return false;
    const std::uint32_t path_end = first_end < n && s[first_end] == '/' ? run_end(m.second, first_end) : first_end;
    std::uint32_t query_end, fragment_end;
    if (!query_and_fragment(f, p, s, n, path_end, query_end, fragment_end)) return false;
    put_tail(out, 0, path_end, query_end, fragment_end);
    return true;
}

// The end of "http" or "https" when the reference starts with it and "://", and the grammar's scheme holds them:
// the commonest shape of all, told by one comparison; else `none`.
std::uint32_t http_scheme(const prefixes& f, const unsigned char* s, std::uint32_t n) noexcept {
    if (f.http_schemes && n >= 8) {
        if (std::memcmp(s, "https://", 8) == 0) return 5;
        if (std::memcmp(s, "http://", 7) == 0) return 4;
    }
    return none;
}

// The per-component path, for what the whole-reference paths leave. True with `out` filled when the input is a
// valid string of the reference production `p`; false when it cannot tell (the whole-production DFA then decides).
// `http` is http_scheme's answer.
[[gnu::noinline]] bool split_parse(const prefixes& f, production p, const unsigned char* s, std::uint32_t n,
                                   std::uint32_t http, components& out) noexcept {
    std::uint32_t at = 0;
    // scheme ":" — first-match-wins: a reference that starts with a scheme and ":" is not a relative-ref, whose
    // first segment cannot hold a ":" (RFC 3986 §4.2).
    const std::uint32_t scheme_end = http != none ? http : run(f.scheme, s, 0, n);
    const bool has_scheme = scheme_end != none && scheme_end < n && s[scheme_end] == ':';
    if (has_scheme) {
        if (p == production::relative_ref) return false;
        out[component::scheme] = {0, scheme_end};
        at = scheme_end + 1;
    } else if (p != production::uri_reference && p != production::relative_ref) {
        return false;
    }
    // "//" authority path-abempty / path-absolute / path-rootless (with a scheme) or path-noscheme (without) /
    // path-empty (RFC 3986 §3, §4.2).
    std::uint32_t path_end;
    if (n - at >= 2 && s[at] == '/' && s[at + 1] == '/') {
        const std::uint32_t a = at + 2;
        const std::uint32_t end = authority(f, s, a, n, out);
        if (end == none) return false;
        out[component::authority] = {a, end};
        at = end;
        path_end = run_abempty(f, s, at, n);
    } else if (at < n && s[at] == '/') {
        // path-absolute = "/" [ segment-nz *( "/" segment ) ]: path-abempty that does not start with "//", which
        // an authority took above.
        path_end = run_abempty(f, s, at, n);
    } else {
        path_end = has_scheme ? run_relative_path(f, f.rootless, f.sets->segment_nz, s, at, n)
                              : run_relative_path(f, f.noscheme, f.sets->segment_nz_nc, s, at, n);
        if (path_end == none) path_end = at;  // path-empty
    }
    if (path_end == none) return false;
    out[component::path] = {at, path_end};
    at = path_end;
    if (at < n && s[at] == '?') {
        const std::uint32_t end = run_repeated(f.query, f.sets->query, s, at + 1, n);
        if (end == none) return false;
        out[component::query] = {at + 1, end};
        at = end;
    }
    if (at < n && s[at] == '#' && p != production::absolute_uri) {
        const std::uint32_t end = run_repeated(f.fragment, f.sets->fragment, s, at + 1, n);
        if (end == none) return false;
        out[component::fragment] = {at + 1, end};
        at = end;
    }
    return at == n;
}

// A reference production `p` of `g` by the fast paths: short_http, then whole_reference, for an http or https
// reference; whole_masked for any other; then split_parse. True with `out` filled when the input is valid; false
// when they cannot tell.
inline bool parse_reference(grammar g, production p, const unsigned char* s, std::uint32_t n,
                            components& out) noexcept {
    const prefixes& f = prefixes_of(g);
    if (!f.complete) return false;
    const std::uint32_t http = http_scheme(f, s, n);
    if (http != none) {
        const short_answer a =
            p != production::relative_ref ? short_http(f, p, s, n, http, out) : short_answer::not_plain;
        if (a == short_answer::done || (a == short_answer::other_shape && whole_reference(f, p, s, n, http, out)))
            return true;
    } else if (whole_masked(f, p, s, n, out)) {
        return true;
    }
    return split_parse(f, p, s, n, http, out);
}

}  // namespace

namespace detail {

std::optional<error> parse_into(components& out, std::string_view input, grammar g, production p) noexcept {
    const grammar_info& gi = detail::info(g);
    const detail::match_fn match = gi.by_role[static_cast<std::size_t>(p)];
    if (!match) return detail::make_error(errc::no_such_production, input, 0, g, p);
    if (input.size() >= span::omitted) return detail::make_error(errc::input_too_long, input, 0, g, p);
    const auto* s = reinterpret_cast<const unsigned char*>(input.data());
    const auto n = static_cast<std::uint32_t>(input.size());
    if (detail::is_reference_production(p) && parse_reference(g, p, s, n, out)) return std::nullopt;
    std::uint32_t stop = 0;
    if (match(s, n, out, stop)) return std::nullopt;
    return detail::make_error(input, stop, g, p);
}

}  // namespace detail

result<components> parse(std::string_view input, grammar g, production p) noexcept {
    result<components> r = components{};  // every span omitted, filled in place (parse_detail.hpp)
    if (auto e = detail::parse_into(*r, input, g, p)) r = *e;
    return r;
}

bool is_valid(std::string_view input, grammar g, production p) noexcept {
    const grammar_info& gi = detail::info(g);
    const detail::match_fn match = gi.by_role[static_cast<std::size_t>(p)];
    if (!match || input.size() >= span::omitted) return false;
    const auto* s = reinterpret_cast<const unsigned char*>(input.data());
    const auto n = static_cast<std::uint32_t>(input.size());
    components c;
    if (detail::is_reference_production(p) && parse_reference(g, p, s, n, c)) return true;
    std::uint32_t stop = 0;
    return match(s, n, c, stop);
}

}  // namespace iri
