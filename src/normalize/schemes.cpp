// The scheme table: the permanent schemes of the IANA "Uniform Resource Identifier (URI) Schemes" registry
// whose defining document gives a default port or an equivalence rule of its own, with that document, and whether
// that document makes a reg-name host a DNS name (a fully qualified domain name, or a name looked up with DNS), with
// the section. Sorted by name.
#include "iri/schemes.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "text/ascii.hpp"

namespace iri {

namespace {

constexpr std::array<scheme_info, 28> table = {{
    {"coap", 5683, false, "RFC 7252 §6.1", true, "RFC 7252 §6.1"},
    {"coap+tcp", 5683, false, "RFC 8323 §8.1", true, "RFC 8323 §8.1"},
    {"coap+ws", 80, false, "RFC 8323 §8.3", true, "RFC 8323 §8.3"},
    {"coaps", 5684, false, "RFC 7252 §6.2", true, "RFC 7252 §6.2"},
    {"coaps+tcp", 5684, false, "RFC 8323 §8.2", true, "RFC 8323 §8.2"},
    {"coaps+ws", 443, false, "RFC 8323 §8.4", true, "RFC 8323 §8.4"},
    {"dict", 2628, false, "RFC 2229 §5", true, "RFC 2229 §5 (RFC 1738 §3.1 host)"},
    {"file", std::nullopt, false, "RFC 8089 §2", true, "RFC 8089 §2", scheme_equivalence::file, "RFC 8089 §2"},
    {"ftp", 21, false, "RFC 1738 §3.2", true, "RFC 1738 §3.1"},
    {"gopher", 70, false, "RFC 4266 §2.1", true, "RFC 4266 §2.1 (RFC 1738 §3.1 host)"},
    {"http", 80, true, "RFC 9110 §4.2.1, §4.2.3", true, "RFC 9110 §4.3.2"},
    {"https", 443, true, "RFC 9110 §4.2.2, §4.2.3", true, "RFC 9110 §4.3.3"},
    {"imap", 143, false, "RFC 5092 §3", true, "RFC 5092 §3 (RFC 3986 §3.2.2 host)"},
    {"ipp", 631, false, "RFC 3510 §4", true, "RFC 3510 §4"},
    {"ipps", 631, false, "RFC 7472 §4", true, "RFC 7472 §4"},
    {"ldap", 389, false, "RFC 4516 §2", true, "RFC 4516 §2"},
    {"ldaps", 636, false, "IANA port registry (ldaps)", true, "RFC 4516 §2"},
    {"mailto", std::nullopt, false, "RFC 6068 §2", false, "", scheme_equivalence::mailto, "RFC 6068 §6, RFC 5321 §2.4"},
    {"nntp", 119, false, "RFC 5538 §2.2", true, "RFC 5538 §2.2 (RFC 1738 §3.1 host)"},
    {"pop", 110, false, "RFC 2384 §3", true, "RFC 2384 §3"},
    {"rtsp", 554, false, "RFC 7826 §19.2", true, "RFC 7826 §19.2"},
    {"rtsps", 322, false, "RFC 7826 §19.3", true, "RFC 7826 §19.3"},
    {"sip", 5060, false, "RFC 3261 §19.1.2", true, "RFC 3261 §19.1.1"},
    {"sips", 5061, false, "RFC 3261 §19.1.2", true, "RFC 3261 §19.1.1"},
    {"telnet", 23, false, "RFC 4248 §2", true, "RFC 4248 §2 (RFC 1738 §3.1 host)"},
    {"urn", std::nullopt, false, "RFC 8141 §2", false, "", scheme_equivalence::urn, "RFC 8141 §3.1"},
    {"ws", 80, true, "RFC 6455 §3", true, "RFC 6455 §3"},
    {"wss", 443, true, "RFC 6455 §3", true, "RFC 6455 §3"},
}};

static_assert(std::is_sorted(table.begin(), table.end(),
                             [](const scheme_info& a, const scheme_info& b) { return a.name < b.name; }));

// Each name as two 64-bit numbers, lowercased, in memory order (what ascii.hpp's lowercase_words reads), zeros
// after the end: a lookup compares numbers, not strings.
constexpr std::size_t longest_name = 16;
using packed_name = std::array<std::uint64_t, 2>;

constexpr packed_name pack(std::string_view s) noexcept {
    packed_name p{};
    for (std::size_t i = 0; i < s.size() && i < longest_name; ++i) {
        const std::size_t shift = std::endian::native == std::endian::little ? 8 * (i % 8) : 8 * (7 - i % 8);
        p[i / 8] |= std::uint64_t{static_cast<unsigned char>(detail::to_lower(s[i]))} << shift;
    }
    return p;
}

// pack() at run time (s.size() <= longest_name): lowercase_words, whose short loads are little-endian.
packed_name pack_fast(std::string_view s) noexcept {
    if constexpr (std::endian::native != std::endian::little) return pack(s);
    return detail::lowercase_words(s);
}

constexpr auto packed_table = [] {
    std::array<packed_name, table.size()> t{};
    for (std::size_t i = 0; i < table.size(); ++i) t[i] = pack(table[i].name);
    return t;
}();
static_assert(std::all_of(table.begin(), table.end(),
                          [](const scheme_info& row) { return row.name.size() <= longest_name; }));

// A perfect hash of the packed names: 64 slots, each holding one row's index (or none), found at compile time by
// trying multipliers until no two names share a slot. A lookup is one multiplication and one compare, not a
// binary search.
constexpr std::size_t slot_bits = 6;
constexpr std::uint8_t no_row = 0xFF;

constexpr std::size_t slot_of(const packed_name& p, std::uint64_t multiplier) noexcept {
    return static_cast<std::size_t>(((p[0] ^ (p[1] * 0x9E3779B97F4A7C15u)) * multiplier) >> (64 - slot_bits));
}

constexpr std::uint64_t multiplier = [] {
    for (std::uint64_t m = 0xD6E8FEB86659FD93u;; m += 0x2545F4914F6CDD1Eu) {
        std::array<bool, std::size_t{1} << slot_bits> used{};
        bool collides = false;
        for (const packed_name& p : packed_table) {
            const std::size_t slot = slot_of(p, m | 1);
            collides = collides || used[slot];
            used[slot] = true;
        }
        if (!collides) return m | 1;
    }
}();

constexpr auto slots = [] {
    std::array<std::uint8_t, std::size_t{1} << slot_bits> t{};
    for (auto& row : t) row = no_row;
    for (std::size_t i = 0; i < packed_table.size(); ++i)
        t[slot_of(packed_table[i], multiplier)] = static_cast<std::uint8_t>(i);
    return t;
}();

}  // namespace

// RFC 3986 §3.1: schemes compare case-insensitively; the lowercase of `scheme` is looked up.
const scheme_info* find_scheme(std::string_view scheme) noexcept {
    if (scheme.size() > longest_name) return nullptr;
    const packed_name key = pack_fast(scheme);
    const std::uint8_t i = slots[slot_of(key, multiplier)];
    if (i == no_row || packed_table[i] != key) return nullptr;
    const scheme_info& row = table[i];
    return row.name.size() == scheme.size() ? &row : nullptr;  // "http\0" packs as "http"
}

std::optional<std::uint16_t> default_port(std::string_view scheme) noexcept {
    const scheme_info* s = find_scheme(scheme);
    return s ? s->default_port : std::nullopt;
}

std::span<const scheme_info> known_schemes() noexcept { return table; }

}  // namespace iri
