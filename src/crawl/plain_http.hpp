// The host of the commonest URLs read without the URL Standard's parser: an http: or https: URL whose host the
// parser would read as the same ASCII domain, lowercased, and whose parse cannot fail. Private to the library: the
// Public Suffix List's lookup of a URL (crawl/public_suffix.cpp), which needs the host alone.
//
// What is taken (anything else is left to the parser, which then reads it): the input begins "http://" or
// "https://" and an octet other than "/" and "\"; its authority, up to the first "/", "?", "#" or "\" (the path,
// query and fragment of a special URL never fail its parse: they are only encoded), is under 64 octets of ASCII
// letters, digits, "-", "_", ".", ":" and "@" (so no tab or newline for the parser to remove, no "%" to decode, no
// octet beyond ASCII); after its last "@" (the userinfo before it is only encoded) the host is labels of ASCII
// letters, digits, "-" and "_", none empty but after a final dot, none beginning "xn--" (URL Standard §3.5 domain
// to ASCII: such a domain is its ASCII lowercase), the last beginning with a letter (so that the host does not
// "end in a number" and no IPv4 parse follows); then the end or ":" and digits up to 65535.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

namespace iri::crawl::detail {

struct plain_http {
    std::string_view host;  // in the input, as written
    bool upper = false;     // it has an uppercase letter
};

// The classes of one authority's octets (bit i: octet i), up to 64 octets.
struct authority_masks {
    std::uint64_t end = 0;    // "/", "?", "#", "\", and every position past the input
    std::uint64_t ok = 0;     // the octets taken in an authority: a label's, ".", ":", "@"
    std::uint64_t at = 0;     // "@"
    std::uint64_t colon = 0;  // ":"
    std::uint64_t dot = 0;    // "."
    std::uint64_t name = 0;   // a host label's octets: letters, digits, "-", "_"
    std::uint64_t upper = 0;  // uppercase letters
    std::uint64_t dash = 0;   // "-"

    // Octet `c` at `i`, the scalar way.
    void octet(char c, std::size_t i) noexcept {
        const std::uint64_t b = std::uint64_t{1} << i;
        const bool up = c >= 'A' && c <= 'Z', al = up || (c >= 'a' && c <= 'z'), dg = c >= '0' && c <= '9';
        if (c == '/' || c == '?' || c == '#' || c == '\\') end |= b;
        if (c == '@') at |= b;
        if (c == ':') colon |= b;
        if (c == '.') dot |= b;
        if (al || dg || c == '-' || c == '_') name |= b;
        if (al || dg || c == '-' || c == '_' || c == '.' || c == ':' || c == '@') ok |= b;
        if (up) upper |= b;
        if (c == '-') dash |= b;
    }

#if defined(__SSE2__)
    // Sixteen octets at `p`, octet `at` of the authority on (`valid` of them the input's).
    [[gnu::always_inline]] void block(const char* p, std::size_t valid, std::size_t at_) noexcept {
        __m128i v;
        if (valid >= 16) {
            v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        } else {
            alignas(16) char t[16] = {};
            std::memcpy(t, p, valid);
            v = _mm_load_si128(reinterpret_cast<const __m128i*>(t));
        }
        const auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
        const auto in = [&](char lo, char hi) {
            return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(lo - 1))),
                                 _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(hi + 1))));
        };
        const auto bits = [&](__m128i m) {
            return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(m))) << at_;
        };
        const std::uint64_t past = valid >= 16 ? 0 : 0xFFFFu & ~((1u << valid) - 1u);
        end |= bits(_mm_or_si128(_mm_or_si128(eq('/'), eq('?')), _mm_or_si128(eq('#'), eq('\\')))) | past << at_;
        const __m128i a = eq('@'), c = eq(':'), d = eq('.'), ds = eq('-');
        at |= bits(a);
        colon |= bits(c);
        dot |= bits(d);
        dash |= bits(ds);
        // letters: the octets whose 0x20 bit set gives "a" to "z" (from "A" to "Z" and "a" to "z" only)
        const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
        const __m128i al = _mm_and_si128(_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)),
                                         _mm_cmplt_epi8(folded, _mm_set1_epi8('z' + 1)));
        upper |= bits(_mm_andnot_si128(_mm_cmpeq_epi8(v, folded), al));  // a letter the 0x20 bit changes
        const __m128i label = _mm_or_si128(_mm_or_si128(al, in('0', '9')), _mm_or_si128(ds, eq('_')));
        name |= bits(label);
        ok |= bits(_mm_or_si128(_mm_or_si128(label, d), _mm_or_si128(a, c)));
    }
#endif
};

// The plain host of `input` (see the file's comment), or nullopt for the parser.
[[nodiscard]] inline std::optional<plain_http> plain_http_host(std::string_view input) noexcept {
    const std::size_t scheme = input.starts_with("https://") ? 8 : input.starts_with("http://") ? 7 : 0;
    if (scheme == 0 || scheme == input.size() || input[scheme] == '/' || input[scheme] == '\\') return std::nullopt;
    const char* p = input.data() + scheme;
    const std::size_t size = input.size() - scheme;
    authority_masks m;
#if defined(__SSE2__)
    for (std::size_t b = 0; b < 64 && m.end == 0; b += 16) m.block(p + b, size - b, b);
#else
    for (std::size_t i = 0; i < 64 && m.end == 0; ++i)
        if (i < size) m.octet(p[i], i);
        else m.end |= std::uint64_t{1} << i;
#endif
    if (m.end == 0) return std::nullopt;  // an authority of 64 octets or more
    const std::size_t end = static_cast<std::size_t>(std::countr_zero(m.end));
    const std::uint64_t authority = (std::uint64_t{1} << end) - 1;
    if (authority & ~m.ok) return std::nullopt;  // a C0 control, space, "%" (the parser decodes it), ...
    const std::uint64_t ats = m.at & authority;
    const std::size_t host = ats ? 64 - static_cast<std::size_t>(std::countl_zero(ats)) : 0;  // after the last "@"
    const std::uint64_t rest = authority & ~((std::uint64_t{1} << host) - 1);
    const std::uint64_t colons = m.colon & rest;
    const std::size_t host_end = colons ? static_cast<std::size_t>(std::countr_zero(colons)) : end;
    if (host_end == host) return std::nullopt;
    const std::uint64_t in_host = rest & ((std::uint64_t{1} << host_end) - 1);
    const std::uint64_t dots = m.dot & in_host;
    if ((in_host & ~(m.name | dots)) != 0) return std::nullopt;                       // an octet no label has
    if (((dots >> host) & 1) != 0 || (dots & (dots >> 1)) != 0) return std::nullopt;  // an empty label
    // "xn--" beginning a label (looked for only in a host with a "-")
    for (std::uint64_t s = m.dash & in_host ? ((std::uint64_t{1} << host) | dots << 1) & in_host : 0; s; s &= s - 1) {
        const auto at = static_cast<std::size_t>(std::countr_zero(s));
        const char* l = p + at;
        if (at + 3 < host_end && (l[0] | 0x20) == 'x' && (l[1] | 0x20) == 'n' && l[2] == '-' && l[3] == '-')
            return std::nullopt;
    }
    const std::uint64_t inner = dots & ~(std::uint64_t{1} << (host_end - 1));  // not a final dot
    const std::size_t last = inner ? 64 - static_cast<std::size_t>(std::countl_zero(inner)) : host;
    if (static_cast<unsigned>((p[last] | 0x20) - 'a') > 'z' - 'a') return std::nullopt;  // it may "end in a number"
    if (host_end < end) {  // ":" and the port: digits, at most 65535 (an empty port is none)
        std::uint32_t value = 0;
        for (std::size_t d = host_end + 1; d < end; ++d) {
            if (p[d] < '0' || p[d] > '9') return std::nullopt;
            value = std::min<std::uint32_t>(value * 10 + static_cast<std::uint32_t>(p[d] - '0'), 65536);
        }
        if (value > 65535) return std::nullopt;
    }
    return plain_http{std::string_view(p + host, host_end - host), (m.upper & in_host) != 0};
}

}  // namespace iri::crawl::detail
