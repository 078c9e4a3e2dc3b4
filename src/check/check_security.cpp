// RFC 3986 §7 security diagnostics, and the IDNA validity of hosts (UTS #46).
#include "check/check_detail.hpp"
#include "convert/idna_detail.hpp"
#include "convert/percent_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "iri/percent.hpp"
#include "iri/schemes.hpp"

namespace iri::detail {

namespace {

// RFC 3986 §7.4: the forms platform resolvers (inet_aton) read as an IPv4 address: one to four parts, each a
// C number (decimal, 0-prefixed octal, 0x-prefixed hexadecimal).
bool rare_ipv4(std::string_view host) {
    if (host.empty()) return false;
    std::size_t parts = 0;
    for (std::size_t b = 0; b <= host.size(); ++parts) {
        std::size_t e = host.find('.', b);
        if (e == std::string_view::npos) e = host.size();
        std::string_view part = host.substr(b, e - b);
        if (part.empty()) return false;
        const bool hex = part.size() > 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X');
        if (hex) part.remove_prefix(2);
        static const detail::charset_info& digit = detail::named(grammar::uri, detail::named_set::digit);
        for (char c : part)
            if (!(hex ? hex_value(c) >= 0 : detail::contains(digit, static_cast<unsigned char>(c)))) return false;
        if (e == host.size()) {
            ++parts;
            break;
        }
        b = e + 1;
    }
    return parts >= 1 && parts <= 4;
}

}  // namespace

void check_security(const check_context& cx) {
    const reference_view& r = cx.r;
    const components& c = r.offsets();
    if (r.has_userinfo()) {
        const span u = c[component::userinfo];
        cx.add(diag::security_userinfo, u.begin, u.end, component::userinfo,
               "a userinfo before the host can mislead a reader about which host this is");
        if (r.has_password())
            cx.add(diag::security_password, u.begin, u.end, component::userinfo,
                   "the userinfo holds a password (\"user:password\"), which should not be in a URI");
    }
    if (r.host_kind() == host_kind::reg_name) {
        const span h = c[component::host];
        if (rare_ipv4(r.host()))
            cx.add(diag::security_rare_ipv4, h.begin, h.end, component::host,
                   "the host is a reg-name that platform resolvers read as an IPv4 address");
        // UTS #46 validity of the host as a domain name (pct-encoded UTF-8 decoded first, as 3987bis §3.4.2).
        if (!r.host().empty() && !is_plain_ldh_host(r.host())) {  // LDH labels pass (idna_detail.hpp)
            auto decoded = percent_decode_utf8(r.host());
            if (decoded) {
                auto a = host_to_ascii(*decoded);
                if (!a && a.error().code == errc::idna_failed) {
                    const bool same = decoded->size() == r.host().size();  // offsets map only without "%"
                    const std::uint32_t b = h.begin + (same ? a.error().char_offset : 0);
                    const std::uint32_t e = same ? b + a.error().length : h.end;
                    cx.add(diag::security_idna, b, e, component::host,
                           "the host label is not a valid IDN: " + idna_error_names(a.error().idna_errors));
                }
            }
        }
    }
    if (r.has_port() && r.port_status() == port_status::in_range && r.has_scheme()) {
        const auto def = default_port(r.scheme());
        if (def && *def != r.port_number()) {
            const span p = c[component::port];
            cx.add(diag::security_non_default_port, p.begin, p.end, component::port,
                   "port " + std::to_string(r.port_number()) + " is not the scheme's default (" + std::to_string(*def) +
                       "): another protocol may answer");
        }
    }
    // §7.2: percent-encoded CR and LF can smuggle a line into a line-based protocol.
    const std::string_view s = r.str();
    for (std::size_t i = s.find('%'); i != std::string_view::npos; i = s.find('%', i + 1)) {
        const int octet = escape_at(s, i);
        if (octet == '\r' || octet == '\n') {
            const auto b = static_cast<std::uint32_t>(i);
            cx.add(diag::security_encoded_crlf, b, b + 3, component_of(c, b),
                   std::string("a percent-encoded ") + (octet == '\r' ? "CR" : "LF") +
                       " must not be decoded before a line-based protocol sees it");
        }
    }
}

}  // namespace iri::detail
