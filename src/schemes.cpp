// The scheme table: the permanent schemes of the IANA "Uniform Resource Identifier (URI) Schemes" registry
// whose defining document gives a default port, with that document, and whether that document makes a reg-name host
// a DNS name (a fully qualified domain name, or a name looked up with DNS), with the section. Sorted by name.
#include "iri/schemes.hpp"

#include <algorithm>
#include <array>

#include "ascii.hpp"

namespace iri {

namespace {

constexpr std::array<scheme_info, 25> table = {{
    {"coap", 5683, false, "RFC 7252 §6.1", true, "RFC 7252 §6.1"},
    {"coap+tcp", 5683, false, "RFC 8323 §8.1", true, "RFC 8323 §8.1"},
    {"coap+ws", 80, false, "RFC 8323 §8.3", true, "RFC 8323 §8.3"},
    {"coaps", 5684, false, "RFC 7252 §6.2", true, "RFC 7252 §6.2"},
    {"coaps+tcp", 5684, false, "RFC 8323 §8.2", true, "RFC 8323 §8.2"},
    {"coaps+ws", 443, false, "RFC 8323 §8.4", true, "RFC 8323 §8.4"},
    {"dict", 2628, false, "RFC 2229 §5", true, "RFC 2229 §5 (RFC 1738 §3.1 host)"},
    {"ftp", 21, false, "RFC 1738 §3.2", true, "RFC 1738 §3.1"},
    {"gopher", 70, false, "RFC 4266 §2.1", true, "RFC 4266 §2.1 (RFC 1738 §3.1 host)"},
    {"http", 80, true, "RFC 9110 §4.2.1, §4.2.3", true, "RFC 9110 §4.3.2"},
    {"https", 443, true, "RFC 9110 §4.2.2, §4.2.3", true, "RFC 9110 §4.3.3"},
    {"imap", 143, false, "RFC 5092 §3", true, "RFC 5092 §3 (RFC 3986 §3.2.2 host)"},
    {"ipp", 631, false, "RFC 3510 §4", true, "RFC 3510 §4"},
    {"ipps", 631, false, "RFC 7472 §4", true, "RFC 7472 §4"},
    {"ldap", 389, false, "RFC 4516 §2", true, "RFC 4516 §2"},
    {"ldaps", 636, false, "IANA port registry (ldaps)", true, "RFC 4516 §2"},
    {"nntp", 119, false, "RFC 5538 §2.2", true, "RFC 5538 §2.2 (RFC 1738 §3.1 host)"},
    {"pop", 110, false, "RFC 2384 §3", true, "RFC 2384 §3"},
    {"rtsp", 554, false, "RFC 7826 §19.2", true, "RFC 7826 §19.2"},
    {"rtsps", 322, false, "RFC 7826 §19.3", true, "RFC 7826 §19.3"},
    {"sip", 5060, false, "RFC 3261 §19.1.2", true, "RFC 3261 §19.1.1"},
    {"sips", 5061, false, "RFC 3261 §19.1.2", true, "RFC 3261 §19.1.1"},
    {"telnet", 23, false, "RFC 4248 §2", true, "RFC 4248 §2 (RFC 1738 §3.1 host)"},
    {"ws", 80, true, "RFC 6455 §3", true, "RFC 6455 §3"},
    {"wss", 443, true, "RFC 6455 §3", true, "RFC 6455 §3"},
}};

static_assert(std::is_sorted(table.begin(), table.end(),
                             [](const scheme_info& a, const scheme_info& b) { return a.name < b.name; }));

constexpr std::size_t longest_name = 12;
static_assert(std::all_of(table.begin(), table.end(), [](const scheme_info& row) { return row.name.size() <= longest_name; }));

}  // namespace

// RFC 3986 §3.1: schemes compare case-insensitively; the lowercase copy of `scheme` is looked up.
const scheme_info* find_scheme(std::string_view scheme) noexcept {
    char lower[longest_name];
    if (scheme.size() > longest_name) return nullptr;
    for (std::size_t i = 0; i < scheme.size(); ++i) lower[i] = detail::to_lower(scheme[i]);
    const std::string_view key(lower, scheme.size());
    const auto it = std::lower_bound(table.begin(), table.end(), key, [](const scheme_info& row, std::string_view s) {
        for (std::size_t i = 0; i < row.name.size() && i < s.size(); ++i)  // short names: no memcmp call
            if (row.name[i] != s[i]) return row.name[i] < s[i];
        return row.name.size() < s.size();
    });
    return it != table.end() && it->name == key ? &*it : nullptr;
}

std::optional<std::uint16_t> default_port(std::string_view scheme) noexcept {
    const scheme_info* s = find_scheme(scheme);
    return s ? s->default_port : std::nullopt;
}

std::span<const scheme_info> known_schemes() noexcept { return table; }

}  // namespace iri
