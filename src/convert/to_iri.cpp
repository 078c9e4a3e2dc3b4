// URI→IRI (3987bis-13 §4.2, RFC 3987 §3.2).
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "convert/convert_detail.hpp"
#include "convert/percent_detail.hpp"
#include "iri/convert.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "model/dot_segments.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

namespace {

// §5.1: characters IRIs should avoid: those NFKC changes, default-ignorable and white space characters.
bool discouraged(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_SUCCESS(status) && !nfkc->isNormalized(icu::UnicodeString(c), status)) return true;
    return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || u_isUWhiteSpace(c);
}

// What one component of the target IRI allows (step 4), from the grammar's literal set of the component, with its
// whole three-octet leads (literal_skip.hpp): a character of such a lead needs no code point.
struct component_decoding {
    const detail::charset_info* set = nullptr;
    std::uint16_t whole_leads = 0;
};

// The components of a target grammar, worked out once.
struct grammar_decoding {
    component_decoding userinfo, reg_name, segment, query, fragment;
};

const grammar_decoding& decoding_of(grammar g) noexcept {
    static const auto table = [] {
        std::array<grammar_decoding, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i) {
            auto of = [i](production p) {
                const detail::charset_info* set = detail::find_charset(static_cast<grammar>(i), p);
                return component_decoding{set, set ? detail::whole_three_octet_leads(*set) : std::uint16_t{0}};
            };
            t[i] = {of(production::userinfo), of(production::reg_name), of(production::segment), of(production::query),
                    of(production::fragment)};
        }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

struct decoder {
    const detail::charset_info& unreserved_ascii;  // step 2: the US-ASCII characters that are decoded
    const component_decoding& appropriate;         // step 4: what the component allows in the target IRI
    bool keep_discouraged;
    std::string_view path = {};  // the path, when the text is in it: no "%2E" is decoded into a dot segment
};

// Whether a character is appropriate where it is decoded, remembering the last range that held one
// (text in one script hits the same range again and again).
struct appropriate_check {
    const detail::charset_info* set;
    char32_t lo = 1, hi = 0;
    bool operator()(char32_t c) {
        if (c >= lo && c <= hi) return true;
        if (!set || !detail::contains(*set, c)) return false;
        const auto* end = set->ranges + set->count;
        const auto* r =
            std::upper_bound(set->ranges, end, c, [](char32_t v, const std::uint32_t(&x)[2]) { return v < x[0]; }) - 1;
        lo = r[0][0], hi = r[0][1];
        return true;
    }
};

using detail::escaped_octet;

// The character whose UTF-8 octets are written as `len` consecutive "%HH" from p (the lead's length), its octets
// written to `out`; -1 when they are not those of one character (a missing or wrong trail octet, an overlong
// form, a surrogate: RFC 3629 §4, "well-formed").
inline std::int32_t decode_character(const char* p, const char* end, unsigned lead, unsigned len, char* out) noexcept {
    static constexpr std::int32_t smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (static_cast<std::size_t>(end - p) < 3 * len) return -1;
    auto c = static_cast<std::int32_t>(lead & (0x7Fu >> len));
    out[0] = static_cast<char>(lead);
    for (unsigned k = 1; k < len; ++k) {
        const char* t = p + 3 * k;
        if (*t != '%') return -1;
        const unsigned o = escaped_octet(t);
        if (!detail::is_utf8_trail(o)) return -1;
        out[k] = static_cast<char>(o);
        c = c << 6 | static_cast<std::int32_t>(o & 0x3F);
    }
    if (c < smallest[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return -1;
    return c;
}

// Writes "%HH" in uppercase for each of the `count` triplets from s.
inline char* reencode(char* p, const char* s, unsigned count) noexcept {
    for (unsigned k = 0; k < count; ++k, s += 3)
        p = detail::put_percent_encoded(p, static_cast<unsigned char>(escaped_octet(s)));
    return p;
}

// Steps 2–4 and 6 over one component's text, written at p. The output is never longer than the text (a decoded
// character is shorter than its triplets, a kept or re-encoded triplet as long). Returns the end of the output.
char* decode_component(char* p, std::string_view text, const decoder& d) {
    appropriate_check appropriate{d.appropriate.set};
    const std::uint16_t whole_leads = d.keep_discouraged ? 0 : d.appropriate.whole_leads;
    const char* s = text.data();
    const char* const end = s + text.size();
    while (s != end) {
        if (*s != '%') {  // a run without "%": copied at once
            const char* pct = detail::find_first_of<'%'>(s, end, text.data());
            std::memcpy(p, s, static_cast<std::size_t>(pct - s));
            p += pct - s;
            s = pct;
            continue;
        }
        while (end - s >= 9 && detail::decode_whole_three_octets(s, p, whole_leads)) s += 9, p += 3;  // steps 3, 4, 6
        if (s == end || *s != '%') continue;
        const unsigned o = escaped_octet(s);
        if (o < 0x80) {  // step 2: only unreserved US-ASCII characters are decoded; the rest kept as written
            // RFC 3986 §5.2.4 and §6.2.2.3: a "%2E" that would make a "." or ".." segment stays encoded, as in
            // normalize, so the IRI resolves to the same target as the URI.
            const bool makes_dot_segment =
                o == '.' && !d.path.empty() && s >= d.path.data() && s < d.path.data() + d.path.size() &&
                detail::decodes_to_dot_segment(d.path, static_cast<std::size_t>(s - d.path.data()));
            if (detail::contains_ascii(d.unreserved_ascii, o) && !makes_dot_segment) {
                *p++ = static_cast<char>(o);
            } else {
                std::memcpy(p, s, 3);
                p += 3;
            }
            s += 3;
            continue;
        }
        // The octets of one character: as many further triplets as the lead octet announces, decoded into the
        // output (step 6), which they stay in when the character is appropriate here.
        const unsigned len = detail::utf8_length[o];
        const std::int32_t c = len ? decode_character(s, end, o, len, p) : -1;
        if (c >= 0 && appropriate(static_cast<char32_t>(c)) && !(d.keep_discouraged && discouraged(c))) {
            p += len;
            s += 3 * len;
        } else {  // step 4 (not appropriate here): re-encoded, uppercase; step 3 (not strictly valid UTF-8): this
                  // octet only, and the next triplet goes on
            const unsigned count = c >= 0 ? len : 1;
            p = reencode(p, s, count);
            s += 3 * count;
        }
    }
    return p;
}

// As decode_component, appending to `out`.
void append_decoded(std::string& out, std::string_view text, const decoder& d) {
    const std::size_t at = out.size();
    out.resize(at + text.size());
    out.resize(static_cast<std::size_t>(decode_component(out.data() + at, text, d) - out.data()));
}

// Step 7: a punycode label becomes Unicode when it converts back to the same A-label.
void append_host_labels(std::string& out, std::string_view host, grammar to) {
    for (std::size_t begin = 0; begin <= host.size();) {
        std::size_t end = host.find('.', begin);
        if (end == std::string_view::npos) end = host.size();
        const std::string_view label = host.substr(begin, end - begin);
        bool done = false;
        if (label.size() > 4 && detail::iequals(label.substr(0, 4), "xn--")) {
            auto u = host_to_unicode(label);
            if (u && is_valid(*u, to, production::reg_name)) {
                auto back = host_to_ascii(*u);
                if (back && detail::iequals(*back, label)) {
                    out += *u;
                    done = true;
                }
            }
        }
        if (!done) out += label;
        if (end == host.size()) break;
        out += '.';
        begin = end + 1;
    }
}

// A URI without "%": nothing to decode, only step 7 can change it (the host's punycode labels, when `hosts` and
// the host is not longer than max_idna_host_bytes, which never reaches UTS #46). Returns the bytes appended.
std::size_t append_converting_host(std::string& out, std::string_view uri, const reference_view& r, bool hosts,
                                   grammar to) {
    if (!hosts || r.host().size() > max_idna_host_bytes) {
        out.append(uri);
        return uri.size();
    }
    const std::size_t before = out.size();
    const span h = r.offsets()[component::host];
    out.append(uri.substr(0, h.begin));
    append_host_labels(out, r.host(), to);
    out.append(uri.substr(h.end));
    return out.size() - before;
}

}  // namespace

result<std::size_t> append_to_iri(std::string& out, std::string_view uri, const to_iri_options& o) {
    const auto parsed = reference_view::parse(uri, grammar::uri);
    if (!parsed) return parsed.error();
    const reference_view& r = *parsed;
    const bool hosts = o.unicode_hosts && r.host_kind() == host_kind::reg_name;
    // Before the first "%" there is nothing to decode: that text is copied as it is, all of it when there is no
    // "%" (but for a host to convert, step 7; one longer than max_idna_host_bytes never reaches UTS #46).
    const std::size_t first_pct = uri.find('%');
    if (first_pct == std::string_view::npos) return append_converting_host(out, uri, r, hosts, o.to);
    static const auto& unreserved = detail::component_set(grammar::uri, production::unreserved);
    const grammar_decoding& g = decoding_of(o.to);
    const components& c = r.offsets();

    // Step 7 may lengthen the host; every other step writes no more than it reads.
    std::string host;
    if (hosts) {
        append_decoded(host, r.host(), decoder{unreserved, g.reg_name, o.keep_discouraged_encoded});
        if (host.size() <= max_idna_host_bytes) {  // a longer one never reaches UTS #46 (idna.hpp)
            std::string labels;
            append_host_labels(labels, host, o.to);
            host = std::move(labels);
        }
    }
    const std::size_t before = out.size();
    out.resize(before + uri.size() + (host.size() > r.host().size() ? host.size() - r.host().size() : 0));
    char* p = out.data() + before;
    auto copy = [&p](std::string_view text) {
        p = static_cast<char*>(std::memcpy(p, text.data(), text.size())) + text.size();
    };
    // The text is written in order, from `from` to the end of each component that is decoded: what lies between
    // two such components (delimiters, scheme, port, IP literal) has no "%" and is copied as it is.
    std::uint32_t from = hosts ? 0 : static_cast<std::uint32_t>(first_pct);
    copy(uri.substr(0, from));
    auto through = [&](component k, const component_decoding& cd) {
        if (!c[k].present() || c[k].end <= from) return;
        const std::string_view path = k == component::path ? r.path() : std::string_view{};
        p = decode_component(p, uri.substr(from, c[k].end - from),
                             decoder{unreserved, cd, o.keep_discouraged_encoded, path});
        from = c[k].end;
    };
    auto as_written = [&](component k, std::string_view text) {  // component k written by the caller as `text`
        if (c[k].end <= from) return;                            // already copied, before the first "%"
        if (from < c[k].begin)
            p = decode_component(p, uri.substr(from, c[k].begin - from), decoder{unreserved, g.segment, false});
        copy(from <= c[k].begin ? text : uri.substr(from, c[k].end - from));
        from = c[k].end;
    };
    through(component::userinfo, g.userinfo);
    if (hosts) as_written(component::host, host);
    else if (r.host_kind() == host_kind::reg_name) through(component::host, g.reg_name);
    through(component::path, g.segment);
    if (r.has_query() && o.keep_http_query_encoded && r.has_scheme() && detail::is_http(r.scheme()))
        as_written(component::query, r.query());  // step 5: the query as it is
    else through(component::query, g.query);
    through(component::fragment, g.fragment);  // the path is always there: nothing is left after the last one
    out.resize(static_cast<std::size_t>(p - out.data()));
    return out.size() - before;  // valid in `to` by construction: the test suites check it over the datasets
}

result<std::string> to_iri(std::string_view uri, const to_iri_options& o) {
    std::string out;
    auto n = append_to_iri(out, uri, o);
    if (!n) return n.error();
    return out;
}

}  // namespace iri
