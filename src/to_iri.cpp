// URI→IRI (3987bis-13 §4.2, RFC 3987 §3.2).
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "ascii.hpp"
#include "convert_detail.hpp"
#include "iri/convert.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"

namespace iri {

namespace {

// §5.1: characters IRIs should avoid: those NFKC changes, default-ignorable and white space characters.
bool discouraged(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_SUCCESS(status) && !nfkc->isNormalized(icu::UnicodeString(c), status)) return true;
    return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || u_isUWhiteSpace(c);
}

struct decoder {
    const detail::charset_info& unreserved_ascii;  // step 2: the US-ASCII characters that are decoded
    const detail::charset_info* appropriate;       // step 4: what the component allows in the target IRI
    bool keep_discouraged;
};

// The octet of "%HH" at text[i] (the text is a valid URI: two hex digits follow every "%").
constexpr std::array<std::uint8_t, 256> hex_table = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(std::max(0, hex_value(static_cast<char>(c))));
    return t;
}();

// Whether a character is appropriate where it is decoded, remembering the last range that held one
// (text in one script hits the same range again and again).
struct appropriate_check {
    const detail::charset_info* set;
    char32_t lo = 1, hi = 0;
    bool operator()(char32_t c) {
        if (c >= lo && c <= hi) return true;
        if (!set || !detail::contains(*set, c)) return false;
        const auto* end = set->ranges + set->count;
        const auto* r = std::upper_bound(set->ranges, end, c, [](char32_t v, const std::uint32_t (&x)[2]) { return v < x[0]; }) - 1;
        lo = r[0][0], hi = r[0][1];
        return true;
    }
};

// Steps 2–4 and 6 over one component's text. The output is never longer than the text (a decoded
// character is shorter than its triplets, a kept or re-encoded triplet as long), so it is written in place.
void append_decoded(std::string& out, std::string_view text, const decoder& d) {
    static constexpr char hex[] = "0123456789ABCDEF";
    appropriate_check appropriate{d.appropriate};
    const std::size_t at = out.size();
    out.resize(at + text.size());
    char* p = out.data() + at;
    auto octet_at = [&](std::size_t i) -> int {  // the octet of a "%HH" at i, or -1
        if (i >= text.size() || text[i] != '%') return -1;  // (the URI is valid: two hex digits follow a "%")
        return hex_table[static_cast<unsigned char>(text[i + 1])] * 16 + hex_table[static_cast<unsigned char>(text[i + 2])];
    };
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] != '%') {  // a run without "%": copied at once
            const std::size_t pct = std::min(text.find('%', i), text.size());
            std::memcpy(p, text.data() + i, pct - i);
            p += pct - i;
            i = pct;
            continue;
        }
        const auto o = static_cast<std::uint8_t>(octet_at(i));
        if (o < 0x80) {  // step 2: only unreserved US-ASCII characters are decoded; the rest kept as written
            if (detail::contains(d.unreserved_ascii, o)) {
                *p++ = static_cast<char>(o);
            } else {
                std::memcpy(p, text.data() + i, 3);
                p += 3;
            }
            i += 3;
            continue;
        }
        // The octets of one character: as many further triplets as the lead octet announces.
        std::uint8_t bytes[4] = {o};
        std::int32_t n = 1;
        const std::int32_t want = 1 + U8_COUNT_TRAIL_BYTES(o);
        for (int t; n < want && n < 4 && (t = octet_at(i + 3 * static_cast<std::size_t>(n))) >= 0;)
            bytes[n++] = static_cast<std::uint8_t>(t);
        std::int32_t next = 0;
        UChar32 c = 0;
        U8_NEXT(bytes, next, n, c);
        if (c >= 0 && appropriate(static_cast<char32_t>(c)) && !(d.keep_discouraged && discouraged(c))) {
            std::memcpy(p, bytes, static_cast<std::size_t>(next));  // step 6: the character's UTF-8
            p += next;
        } else {  // step 4 (not appropriate here) or step 3 (not strictly valid UTF-8): re-encoded, uppercase
            if (c < 0) next = 1;  // only the octet that cannot start a character
            for (std::int32_t k = 0; k < next; ++k, p += 3)
                p[0] = '%', p[1] = hex[bytes[k] >> 4], p[2] = hex[bytes[k] & 15];
        }
        i += 3 * static_cast<std::size_t>(next);
    }
    out.resize(static_cast<std::size_t>(p - out.data()));
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

}  // namespace

result<std::size_t> append_to_iri(std::string& out, std::string_view uri, const to_iri_options& o) {
    auto r = reference_view::parse(uri, grammar::uri);
    if (!r) return r.error();
    const bool hosts = o.unicode_hosts && r->host_kind() == host_kind::reg_name;
    if (uri.find('%') == std::string_view::npos && !hosts) {  // nothing to decode
        out.append(uri);
        return uri.size();
    }
    const grammar to = o.to;
    const auto& unreserved = detail::component_set(grammar::uri, production::unreserved);
    auto dec = [&](production p) { return decoder{unreserved, detail::find_charset(to, p), o.keep_discouraged_encoded}; };

    const std::size_t before = out.size();
    out.reserve(before + uri.size());
    if (r->has_scheme()) out.append(r->scheme()).push_back(':');
    if (r->has_authority()) {
        out += "//";
        if (r->has_userinfo()) {
            append_decoded(out, r->userinfo(), dec(production::userinfo));
            out += '@';
        }
        if (r->host_kind() == host_kind::reg_name) {
            if (hosts) {
                std::string h;
                append_decoded(h, r->host(), dec(production::reg_name));
                append_host_labels(out, h, to);
            } else {
                append_decoded(out, r->host(), dec(production::reg_name));
            }
        } else {
            out += r->host();
        }
        if (r->has_port()) out.append(":").append(r->port());
    }
    append_decoded(out, r->path(), dec(production::segment));
    if (r->has_query()) {
        out += '?';
        if (o.keep_http_query_encoded && r->has_scheme() && detail::is_http(r->scheme())) out += r->query();  // step 5
        else append_decoded(out, r->query(), dec(production::query));
    }
    if (r->has_fragment()) {
        out += '#';
        append_decoded(out, r->fragment(), dec(production::fragment));
    }
    return out.size() - before;  // valid in `to` by construction: the test suites check it over the datasets
}

result<std::string> to_iri(std::string_view uri, const to_iri_options& o) {
    std::string out;
    auto n = append_to_iri(out, uri, o);
    if (!n) return n.error();
    return out;
}

}  // namespace iri
