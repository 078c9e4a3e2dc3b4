// IRI→URI (3987bis-13 §3.3–§3.6, RFC 3987 §3.1) and LEIRI→IRI (3987bis §6.2).
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>

#include "convert/convert_detail.hpp"
#include "convert/percent_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/convert.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace detail {

const charset_info& component_set(grammar g, production p) noexcept {
    static const charset_info none{production::uri_reference, nullptr, 0, {0, 0}};
    const charset_info* cs = find_charset(g, p);
    return cs ? *cs : none;
}

bool is_http(std::string_view scheme) noexcept { return iequals(scheme, "http") || iequals(scheme, "https"); }

}  // namespace detail

namespace {

using detail::append_encoded;
using detail::component_set;

// §3.5: the query's non-ASCII characters in the document charset, unmappable ones as "&#NNNN;", then every
// byte outside the URI query set as %HH.
bool append_query_in_charset(std::string& out, std::string_view query, UConverter* conv) {
    const detail::charset_info& allowed = component_set(grammar::uri, production::query);
    std::string bytes;
    for (std::size_t i = 0; i < query.size();) {
        const std::size_t start = i;
        while (i < query.size() && static_cast<unsigned char>(query[i]) >= 0x80) ++i;  // a run of non-ASCII
        if (i > start) {
            const icu::UnicodeString u = icu::UnicodeString::fromUTF8(query.substr(start, i - start));
            UErrorCode status = U_ZERO_ERROR;
            ucnv_resetFromUnicode(conv);
            char buf[256];
            const UChar* src = u.getBuffer();
            const UChar* const end = src + u.length();
            do {
                char* dst = buf;
                status = U_ZERO_ERROR;
                ucnv_fromUnicode(conv, &dst, buf + sizeof buf, &src, end, nullptr, true, &status);
                bytes.assign(buf, static_cast<std::size_t>(dst - buf));
                for (char b : bytes) {
                    const auto o = static_cast<unsigned char>(b);
                    if (o < 0x80 && o != '%' && detail::contains(allowed, o)) out += b;
                    else append_percent_encoded(out, o);
                }
            } while (status == U_BUFFER_OVERFLOW_ERROR);
            if (U_FAILURE(status)) return false;
            continue;
        }
        std::size_t k = i;  // a run of ASCII: as in any query
        while (k < query.size() && static_cast<unsigned char>(query[k]) < 0x80) ++k;
        append_encoded(out, query.substr(i, k - i), allowed, detail::literal_sets(grammar::uri).query);
        i = k;
    }
    return true;
}

struct converter_closer {
    void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};
using converter = std::unique_ptr<UConverter, converter_closer>;

// The converter for a document charset, or null for Unicode charsets (UTF-8 applies then); `ok` false when
// ICU does not know the charset.
converter open_charset(std::string_view name, bool& ok) {
    ok = true;
    if (name.empty()) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    converter c(ucnv_open(std::string(name).c_str(), &status));
    if (U_FAILURE(status) || !c) {
        ok = false;
        return nullptr;
    }
    const std::string_view canonical = ucnv_getName(c.get(), &status);
    if (canonical.starts_with("UTF-") || canonical.starts_with("utf-")) return nullptr;
    // Unmappable characters as decimal numeric character references, as browsers write them.
    ucnv_setFromUCallBack(c.get(), UCNV_FROM_U_CALLBACK_ESCAPE, UCNV_ESCAPE_XML_DEC, nullptr, nullptr, &status);
    return U_SUCCESS(status) ? std::move(c) : nullptr;
}

// RFC 3987 §3.1: the printable US-ASCII characters that URIs do not allow anywhere: neither reserved nor
// unreserved (RFC 3986 §2.2, §2.3; the sets of the uri grammar), nor the "%" of pct-encoded (§2.1).
bool unsafe_ascii(unsigned char c) noexcept {
    static const detail::charset_info& reserved = detail::named(grammar::uri, detail::named_set::reserved);
    static const detail::charset_info& unreserved = detail::named(grammar::uri, detail::named_set::unreserved);
    return c >= 0x20 && c < 0x7F && c != '%' && !detail::contains(reserved, c) && !detail::contains(unreserved, c);
}

// §3.4.2 for a reg-name host: its pct-encoded UTF-8 decoded (a host that is not UTF-8 is left to §3.4.1), then
// ToASCII when it has a non-ASCII character; else the host percent-encoded as any other component.
std::optional<error> append_idna_host(const reference_view& r, grammar to, std::string& out) {
    const std::string_view host = r.host();
    auto decoded = percent_decode_utf8(host);
    const bool has_non_ascii = decoded && std::any_of(decoded->begin(), decoded->end(),
                                                      [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (!has_non_ascii) {
        append_encoded(out, host, component_set(to, production::reg_name), detail::literal_sets(to).reg_name);
        return std::nullopt;
    }
    auto a = host_to_ascii(*decoded);
    if (a) {
        out += *a;
        return std::nullopt;
    }
    error e = a.error();
    // Offsets into the reference, when the host was written without "%" (else: its start).
    const std::uint32_t base = r.offsets()[component::host].begin;
    const bool same = decoded->size() == host.size();
    e.char_offset = base + (same ? e.char_offset : 0);
    e.offset = e.char_offset;
    if (!same) e.length = static_cast<std::uint32_t>(host.size());
    e.variant = r.variant();
    e.tried = production::uri_reference;
    return e;
}

// "//" authority: userinfo encoded, an IP literal as it is, a reg-name encoded or (o.host) through IDNA.
std::optional<error> append_authority(const reference_view& r, grammar to, const to_uri_options& o, std::string& out) {
    const detail::component_sets& sets = detail::literal_sets(to);
    out += "//";
    if (r.has_userinfo()) {
        append_encoded(out, r.userinfo(), component_set(to, production::userinfo), sets.userinfo);
        out += '@';
    }
    if (r.host_kind() != host_kind::reg_name) {
        out += r.host();  // IP literals are never touched
    } else if (o.host == host_mapping::idna && to == grammar::uri) {
        if (auto e = append_idna_host(r, to, out)) return e;
    } else {
        append_encoded(out, r.host(), component_set(to, production::reg_name), sets.reg_name);
    }
    if (r.has_port()) out.append(":").append(r.port());
    return std::nullopt;
}

// "?" query: encoded as UTF-8, or for an http(s) URI in o.query_charset (§3.1's note on legacy query charsets).
std::optional<error> append_query(const reference_view& r, grammar to, const to_uri_options& o, std::string& out) {
    out += '?';
    bool known = true;
    converter conv = to == grammar::uri && r.has_scheme() && detail::is_http(r.scheme())
                         ? open_charset(o.query_charset, known)
                         : nullptr;
    // One code per condition: a charset ICU does not know is unknown_charset, as in from_charset.
    if (!known) return detail::text_error(errc::unknown_charset, o.query_charset, 0, 0);
    if (!conv) {
        append_encoded(out, r.query(), component_set(to, production::query), detail::literal_sets(to).query);
        return std::nullopt;
    }
    if (!append_query_in_charset(out, r.query(), conv.get()))
        return detail::text_error(errc::unicode_failure, r.str(), 0, 0);
    return std::nullopt;
}

// The components of `r`, each encoded for the matching production of grammar `to`.
// Appends to `out`; an error leaves part of the output there (the caller truncates).
std::optional<error> convert(const reference_view& r, grammar to, const to_uri_options& o, std::string& out) {
    const detail::component_sets& sets = detail::literal_sets(to);
    out.reserve(out.size() + r.str().size() + r.str().size() / 2);
    if (r.has_scheme()) out.append(r.scheme()).push_back(':');
    if (r.has_authority())
        if (auto e = append_authority(r, to, o, out)) return e;
    append_encoded(out, r.path(), component_set(to, production::segment), sets.path);
    if (r.has_query())
        if (auto e = append_query(r, to, o, out)) return e;
    if (r.has_fragment()) {
        out += '#';
        append_encoded(out, r.fragment(), component_set(to, production::fragment), sets.fragment);
    }
    return std::nullopt;  // valid in `to` by construction: the test suites check it over the datasets
}

// Whether grammar g allows literally no ASCII character in a component that the URI grammar does not: the ASCII
// part of each component's generated set within the uri grammar's. Worked out once per grammar.
bool ascii_as_in_uri(grammar g) noexcept {
    static const auto table = [] {
        std::array<bool, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i) {
            t[i] = true;
            for (production p : {production::userinfo, production::reg_name, production::segment,
                                 production::segment_nz_nc, production::query, production::fragment}) {
                const detail::charset_info& mine = component_set(static_cast<grammar>(i), p);
                const detail::charset_info& uri = component_set(grammar::uri, p);
                t[i] = t[i] && (mine.ascii[0] & ~uri.ascii[0]) == 0 && (mine.ascii[1] & ~uri.ascii[1]) == 0;
            }
        }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

// An error in the text whose unsafe characters were encoded (RFC 3987 §3.1), moved to the caller's text, where
// each of them took one byte, not three: its offsets and the end of its range.
error in_callers_text(error e, std::string_view original) {
    auto back = [original](std::uint32_t at) {  // the caller's byte where the encoded text's byte `at` is
        std::uint32_t p = 0, j = 0;
        for (; j < original.size() && p < at; ++j) p += unsafe_ascii(static_cast<unsigned char>(original[j])) ? 3u : 1u;
        return j;
    };
    const std::uint32_t end = back(e.char_offset + e.length);
    e.offset = back(e.offset);
    e.char_offset = back(e.char_offset);
    e.length = end - e.char_offset;
    return e;
}

}  // namespace

result<std::size_t> append_to_uri(std::string& out, std::string_view text, grammar from, const to_uri_options& o) {
    // RFC 3987 §3.1: the unsafe printable ASCII characters, when asked, are encoded before anything else.
    const std::string_view original = text;
    std::string pre;
    if (o.encode_unsafe_ascii) {
        bool any = false;
        for (char c : text) any = any || unsafe_ascii(static_cast<unsigned char>(c));
        if (any) {
            pre.reserve(text.size() + 16);
            for (char c : text) {
                if (unsafe_ascii(static_cast<unsigned char>(c)))
                    append_percent_encoded(pre, static_cast<unsigned char>(c));
                else pre += c;
            }
            text = pre;
        }
    }
    auto r = reference_view::parse(text, from);
    if (!r) return pre.empty() ? r.error() : in_callers_text(r.error(), original);
    // A reference of a grammar that allows no ASCII character a URI does not (an IRI, RFC 3987 IRI; not a LEIRI)
    // differs from a URI only above U+007F. So its URI is its text with each octet of a non-ASCII character
    // written as "%HH" (§3.1 step 2), whatever the component, unless a host or a query needs more: IDNA for a host
    // with non-ASCII characters or "%" (§3.4.2), a document charset for an http(s) query (§3.5).
    const bool host_as_text = o.host == host_mapping::percent_encoding || r->host_kind() != host_kind::reg_name ||
                              (detail::is_ascii(r->host()) && r->host().find('%') == std::string_view::npos);
    const bool query_as_text =
        o.query_charset.empty() || !r->has_query() || !r->has_scheme() || !detail::is_http(r->scheme());
    if (ascii_as_in_uri(from) && host_as_text && query_as_text) return detail::append_octets_encoded(out, text);
    const std::size_t before = out.size();
    if (auto e = convert(*r, grammar::uri, o, out)) {
        out.resize(before);
        return pre.empty() ? *e : in_callers_text(*e, original);
    }
    return out.size() - before;
}

result<std::string> to_uri(std::string_view text, grammar from, const to_uri_options& o) {
    std::string out;
    auto n = append_to_uri(out, text, from, o);
    if (!n) return n.error();
    return out;
}

result<std::string> leiri_to_iri(std::string_view text, grammar to) {
    auto r = reference_view::parse(text, grammar::leiri);
    if (!r) return r.error();
    if (is_valid(text, to)) return std::string(text);
    std::string out;
    if (auto e = convert(*r, to, {}, out)) return *e;
    return out;
}

}  // namespace iri
