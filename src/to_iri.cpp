// URI→IRI (3987bis-13 §4.2, RFC 3987 §3.2).
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

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

// Steps 2–4 and 6 over one component's text.
void append_decoded(std::string& out, std::string_view text, const decoder& d) {
    std::uint8_t octets[64];
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] != '%') {
            out += text[i++];
            continue;
        }
        // A run of "%HH" triplets (the URI is valid, so every "%" starts one), in blocks of 64 octets.
        const std::size_t run = i;
        std::int32_t n = 0;
        while (i < text.size() && text[i] == '%' && n < 64) {
            octets[n++] = static_cast<std::uint8_t>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 3;
        }
        for (std::int32_t k = 0; k < n;) {
            const std::uint8_t o = octets[k];
            if (o < 0x80) {  // step 2: only unreserved US-ASCII characters are decoded
                if (detail::contains(d.unreserved_ascii, o)) out += static_cast<char>(o);
                else out.append(text.substr(run + 3 * static_cast<std::size_t>(k), 3));  // kept as written
                ++k;
                continue;
            }
            std::int32_t next = k;
            UChar32 c = 0;
            U8_NEXT(octets, next, n, c);
            const bool keep = c >= 0 && d.appropriate && detail::contains(*d.appropriate, static_cast<char32_t>(c)) &&
                              !(d.keep_discouraged && discouraged(c));
            if (keep) {  // step 6: the octets are the character's UTF-8
                out.append(reinterpret_cast<const char*>(octets + k), static_cast<std::size_t>(next - k));
                k = next;
            } else if (c >= 0) {  // step 4: a character not appropriate here, re-encoded
                for (; k < next; ++k) append_percent_encoded(out, octets[k]);
            } else {  // step 3: an octet that is not part of strictly valid UTF-8, re-encoded
                append_percent_encoded(out, o);
                ++k;
            }
        }
    }
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

result<std::string> to_iri(std::string_view uri, const to_iri_options& o) {
    auto r = reference_view::parse(uri, grammar::uri);
    if (!r) return r.error();
    const bool hosts = o.unicode_hosts && r->host_kind() == host_kind::reg_name;
    if (uri.find('%') == std::string_view::npos && !hosts) return std::string(uri);  // nothing to decode
    const grammar to = o.to;
    const auto& unreserved = detail::component_set(grammar::uri, production::unreserved);
    auto dec = [&](production p) { return decoder{unreserved, detail::find_charset(to, p), o.keep_discouraged_encoded}; };

    std::string out;
    out.reserve(uri.size());
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
    if (auto check = parse(out, to); !check) return check.error();
    return out;
}

}  // namespace iri
