// Normalization and comparison (RFC 3987 §5.3, 3987bis-13 §5.3, RFC 3986 §6.2).
#include "iri/normalize.hpp"

#include <unicode/normalizer2.h>
#include <unicode/bytestream.h>
#include <unicode/utf8.h>

#include <cstring>

#include "ascii.hpp"
#include "charset_detail.hpp"
#include "iri/charset.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/resolve.hpp"
#include "iri/schemes.hpp"
#include "ip_address.hpp"
#include "error_detail.hpp"
#include "normalize_detail.hpp"

namespace iri {

namespace {

// §5.3.2.1 and §5.3.2.3: "%HH" with uppercase hex; decoded when it encodes an unreserved character of the
// grammar (for a multi-byte character, the whole well-formed UTF-8 sequence of "%HH" triplets). With
// `lowercase` (the host), ASCII letters are lowered too.
void append_pct_normalized(std::string& out, std::string_view s, const detail::charset_info& unreserved,
                           bool lowercase) {
    if (!lowercase && s.find('%') == std::string_view::npos) {  // nothing to do: the common case
        out.append(s);
        return;
    }
    auto hex_at = [&](std::size_t i) -> int {  // the octet of a "%HH" at i, or -1
        if (i + 2 >= s.size() || s[i] != '%') return -1;
        const int h = hex_value(s[i + 1]), l = hex_value(s[i + 2]);
        return h < 0 || l < 0 ? -1 : h * 16 + l;
    };
    for (std::size_t i = 0; i < s.size();) {
        const int octet = hex_at(i);
        if (octet < 0) {
            out += lowercase ? detail::to_lower(s[i]) : s[i];
            ++i;
            continue;
        }
        // The octets of one character: the lead's count of trail bytes, each a further "%HH".
        std::uint8_t bytes[4] = {static_cast<std::uint8_t>(octet)};
        std::int32_t n = 1;
        const std::int32_t want = octet < 0x80 ? 1 : 1 + U8_COUNT_TRAIL_BYTES(octet);
        while (n < want && n < 4) {
            const int t = hex_at(i + 3 * static_cast<std::size_t>(n));
            if (t < 0) break;
            bytes[n++] = static_cast<std::uint8_t>(t);
        }
        std::int32_t k = 0;
        UChar32 c = 0;
        U8_NEXT(bytes, k, n, c);
        if (c >= 0 && k == want && detail::contains(unreserved, static_cast<char32_t>(c))) {
            for (std::int32_t b = 0; b < k; ++b) {
                const char ch = static_cast<char>(bytes[b]);
                out += lowercase ? detail::to_lower(ch) : ch;
            }
            i += 3 * static_cast<std::size_t>(k);
        } else {  // not decoded: this one octet, with uppercase hex
            append_percent_encoded(out, static_cast<unsigned char>(octet));
            i += 3;
        }
    }
}

// §5.3.2.2: NFC of a component's text (percent-encoded octets are ASCII and stay as they are).
bool append_nfc(std::string& out, std::string_view s) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return false;
    icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(s.size()));
    nfc->normalizeUTF8(0, icu::StringPiece(s.data(), static_cast<int32_t>(s.size())), sink, nullptr, status);
    return U_SUCCESS(status);
}

// The RFC 5952 text form of an IPv6 address literal (ip_address.hpp).
std::string ipv6_text(std::string_view literal) {
    const auto addr = detail::parse_ipv6(literal);
    if (!addr) return std::string(literal);
    std::string out;
    detail::append_ipv6_text(out, *addr);
    return out;
}

}  // namespace

result<std::string> normalize(const reference_view& r, normalize_options o) {
    const grammar g = r.variant();
    if (o.rung == rung::simple && !o.nfc) {  // §5.3.1: the string itself
        std::string s(r.str());
        if (!o.keep_fragment && r.has_fragment()) s.resize(r.offsets()[component::fragment].begin - 1);
        return s;
    }
    const bool syntax = o.rung != rung::simple, scheme_based = o.rung == rung::scheme;
    const detail::charset_info* unreserved = detail::find_charset(g, production::unreserved);
    std::string out;
    out.reserve(r.str().size() + 4);
    // Appends one component's text: percent-encoding normalized (syntax), then NFC (when asked).
    bool failed = false;
    auto put = [&](std::string_view s, bool lowercase = false) {
        const std::size_t from = out.size();
        if (syntax && unreserved) append_pct_normalized(out, s, *unreserved, lowercase);
        else out.append(s);
        if (o.nfc) {
            const std::string t = out.substr(from);
            out.resize(from);
            failed = !append_nfc(out, t) || failed;
        }
    };
    auto lowered = [&](std::string_view s) {
        for (char c : s) out += syntax ? detail::to_lower(c) : c;
    };

    const scheme_info* known = nullptr;
    if (r.has_scheme()) {
        lowered(r.scheme());
        if (scheme_based) known = find_scheme(r.scheme());
        out += ':';
    }
    if (r.has_authority()) {
        out += "//";
        if (r.has_userinfo()) {
            put(r.userinfo());
            out += '@';
        }
        const std::size_t host_from = out.size();
        switch (r.host_kind()) {
            case host_kind::reg_name:
                put(r.host(), syntax);
                if (scheme_based) {
                    if (auto idn = detail::idn_equivalent_host(std::string_view(out).substr(host_from), g)) {
                        out.resize(host_from);
                        out += *idn;
                    }
                }
                break;
            case host_kind::ipv6:
                if (scheme_based) {
                    out += '[';
                    out += ipv6_text(r.host().substr(1, r.host().size() - 2));
                    out += ']';
                } else {
                    lowered(r.host());
                }
                break;
            default:  // IPv4address (digits and dots), IPvFuture (case-insensitive like any host), none
                lowered(r.host());
        }
        if (r.has_port()) {
            // §5.3.3: an empty port, or the scheme's default, is removed; another is written as its number.
            const port_status ps = r.port_status();
            const bool drop = scheme_based && (ps == port_status::empty ||
                                               (ps == port_status::in_range && known && known->default_port &&
                                                r.port_number() == *known->default_port));
            if (!drop) {
                out += ':';
                if (scheme_based && ps == port_status::in_range) out += std::to_string(r.port_number());
                else out += r.port();
            }
        }
    }
    const std::size_t path_from = out.size();
    put(r.path());
    const std::string_view path = std::string_view(out).substr(path_from);
    if (syntax && r.has_scheme() && (path.starts_with('.') || path.find("/.") != std::string_view::npos)) {
        std::string p = remove_dot_segments(path);  // §5.3.2.4, for references with a scheme only
        if (!r.has_authority() && p.starts_with("//")) p.insert(0, "/.");  // as resolve() does
        out.resize(path_from);
        out += p;
    }
    if (scheme_based && r.has_authority() && out.size() == path_from && known && known->empty_path_is_root) out += '/';
    if (r.has_query()) {
        out += '?';
        put(r.query());
    }
    if (r.has_fragment() && o.keep_fragment) {
        out += '#';
        put(r.fragment());
    }
    if (failed) return detail::make_error(errc::unicode_failure, r.str(), 0, g, production::uri_reference);
    if (auto check = iri::parse(out, g, production::uri_reference); !check) return check.error();
    return out;
}

result<std::string> normalize(std::string_view text, grammar g, normalize_options o) {
    auto r = reference_view::parse(text, g);
    if (!r) return r.error();
    return normalize(*r, o);
}

bool equivalent(const reference_view& a, const reference_view& b, normalize_options o) {
    auto without_fragment = [&](const reference_view& r) {
        return !o.keep_fragment && r.has_fragment() ? r.str().substr(0, r.offsets()[component::fragment].begin - 1)
                                                    : r.str();
    };
    if (without_fragment(a) == without_fragment(b)) return true;  // no allocation
    if (o.rung == rung::simple && !o.nfc) return false;
    auto na = normalize(a, o);
    auto nb = normalize(b, o);
    return na && nb && *na == *nb;
}

result<bool> equivalent(std::string_view a, std::string_view b, grammar g, normalize_options o) {
    auto ra = reference_view::parse(a, g);
    if (!ra) return ra.error();
    auto rb = reference_view::parse(b, g);
    if (!rb) return rb.error();
    return equivalent(*ra, *rb, o);
}

result<std::string> canonical_key(const reference_view& r, normalize_options o) { return normalize(r, o); }

}  // namespace iri

namespace iri::detail {

std::optional<std::string> idn_equivalent_host(std::string_view host, grammar g) {
    // Percent-encoded UTF-8 in the host is its characters (3987bis §3.4.2 decodes it before ToASCII).
    std::string decoded;
    if (host.find('%') != std::string_view::npos) {
        auto d = percent_decode_utf8(host);
        if (!d) return std::nullopt;
        decoded = std::move(*d);
        host = decoded;
    }
    const bool unicode = allowed_literally(U'\u00E9', g, production::reg_name);  // does the grammar take U-labels?
    auto mapped = unicode ? host_to_unicode(host) : host_to_ascii(host);
    if (!mapped || !is_valid(*mapped, g, production::reg_name)) return std::nullopt;
    return std::move(*mapped);
}

}  // namespace iri::detail
