// The Public Suffix List's table and its walk (psl_table.hpp).
#include "crawl/psl_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "crawl/name_octets.hpp"
#include "text/ascii.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::load_up_to_8;
using iri::detail::to_lower_octets;

constexpr std::size_t npos = ~std::size_t{0};

// What a name's merged flags answer, as libpsl's is_public_suffix reads them (psl.c): a name some rule names
// ("named") is public unless an exception names it, and for the ICANN section only when one of that section's rules
// names it; a name no rule names is public when its parent carries a wildcard (of the ICANN section, for that
// section).
[[nodiscard]] constexpr std::uint8_t answers_of(std::uint8_t flags) noexcept {
    if (flags == 0) return 0;
    std::uint8_t a = psl_table::named;
    if ((flags & psl_exception) == 0) a |= psl_table::own_any | ((flags & psl_icann) ? psl_table::own_icann : 0);
    if (flags & psl_wildcard) a |= psl_table::under_any | ((flags & psl_icann) ? psl_table::under_icann : 0);
    return a;
}

// The first octets of label name[start, start + length) of a name copied lowercase into zero-padded words (the
// walk's copy): one load.
[[nodiscard]] std::uint64_t head_at(const char* name, std::size_t start, std::size_t length) noexcept {
    std::uint64_t x;
    std::memcpy(&x, name + start, 8);
    return length < 8 ? x & ~(~std::uint64_t{0} << (8 * length)) : x;
}

// The URL Standard's "ends in a number checker" (§3.5) on the host's last label: all ASCII digits, or "0x"/"0X"
// and hexadecimal digits (an IPv4 number, §3.5 "IPv4 number parser"). Such a host is an IPv4 address or no host at
// all (the IPv4 parser fails), never a domain.
[[nodiscard]] bool is_number(const char* label, std::size_t length) noexcept {
    const auto value = [label](std::size_t i) { return iri::detail::hex_values[static_cast<unsigned char>(label[i])]; };
    std::size_t i = 0;
    unsigned limit = 10;  // decimal digits
    if (length >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X')) i = 2, limit = 16;
    for (; i < length; ++i)
        if (value(i) >= limit) return false;
    return true;
}

}  // namespace

std::size_t psl_table::slot_of(std::uint64_t head, std::uint32_t parent, std::size_t length) const noexcept {
    return lookup{nodes_.data(), tails_.data(), mask_, shift_}.slot_of(head, parent, length);
}

inline std::uint32_t psl_table::lookup::child(std::uint32_t parent, const char* name, std::size_t start,
                                              std::size_t length) const noexcept {
    const std::uint64_t head = head_at(name, start, length);
    for (std::size_t i = slot_of(head, parent, length);; i = (i + 1) & mask) {
        const node& m = nodes[i];
        if (m.length == 0) return missing;
        if (m.head == head && m.parent == parent && m.length == length &&
            (length <= 8 || tail_equal(m, name + start, length)))
            return static_cast<std::uint32_t>(i);
    }
}

bool psl_table::lookup::tail_equal(const node& n, const char* label, std::size_t length) const noexcept {
    const std::uint64_t* words = tails + n.tail;
    for (std::size_t k = 8; k < length; k += 8, ++words)
        if (head_at(label, k, length - k) != *words) return false;
    return true;
}

std::uint32_t psl_table::add_child(std::uint32_t parent, std::string_view label) {
    const std::uint32_t found =
        lookup{nodes_.data(), tails_.data(), mask_, shift_}.child(parent, label.data(), 0, label.size());
    if (found != missing) return found;
    const std::uint64_t head = head_at(label.data(), 0, label.size());
    std::size_t i = slot_of(head, parent, label.size());
    while (nodes_[i].length != 0) i = (i + 1) & mask_;
    node& n = nodes_[i];
    n.head = head;
    n.parent = parent;
    n.length = static_cast<std::uint8_t>(label.size());
    n.tail = static_cast<std::uint16_t>(tails_.size());
    if (label.size() > 8 && tails_.size() + (label.size() - 1) / 8 > 0xFFFF) complete_ = false;
    for (std::size_t k = 8; k < label.size(); k += 8) tails_.push_back(head_at(label.data(), k, label.size() - k));
    return static_cast<std::uint32_t>(i);
}

psl_table::psl_table(const std::vector<psl_rule>& rules) {
    std::size_t labels = 0;
    for (const psl_rule& r : rules)
        labels += 1 + static_cast<std::size_t>(std::count(r.name.begin(), r.name.end(), '.'));
    // At most half full: a miss, the walk's commonest outcome past the suffix, ends at an empty slot soon.
    std::size_t size = 16;
    while (size < 2 * labels) size *= 2;
    nodes_.assign(size, node{});
    mask_ = static_cast<std::uint32_t>(size - 1);
    shift_ = 64u - static_cast<unsigned>(std::countr_zero(size));
    std::vector<std::uint8_t> flags(size);  // each node's rules' flags, merged as libpsl merges them
    std::string padded;  // a rule's name as the walk reads a host: lowercase (read_psl_rules), zeros after it
    for (const psl_rule& r : rules) {
        padded.assign(r.name).append(16, '\0');
        std::uint32_t parent = root;
        for (std::size_t end = r.name.size();;) {
            const std::size_t dot = r.name.rfind('.', end == 0 ? 0 : end - 1);
            const std::size_t start = dot == std::string::npos ? 0 : dot + 1;
            parent = add_child(parent, std::string_view(padded).substr(start, end - start));
            if (dot == std::string::npos) break;
            end = dot;
        }
        flags[parent] |= r.flags;
        ++rules_;
    }
    for (std::size_t i = 0; i < size; ++i) nodes_[i].answers = answers_of(flags[i]);
}

template <class Name>
inline psl_offsets psl_table::walk_labels(const Name& name, std::size_t n, bool star_rule) const noexcept {
    const char* const p = name.octets();
    // The table's fields in registers (the name's octets are chars, which the compiler takes to alias them).
    const lookup table{nodes_.data(), tails_.data(), mask_, shift_};
    // The last label a number: an IPv4 address (or no host), never a domain (URL Standard §3.5).
    std::size_t start = name.start_before(n);
    if (iri::detail::hex_values[static_cast<unsigned char>(p[start])] < 10 && is_number(p + start, n - start))
        return {};
    // The labels from the right, each looked up under the one before while the tree has it. libpsl's
    // is_public_suffix for the suffix from a label (answers_of): the implicit "*" for the last label; else the
    // name's own rules; else a wildcard on its parent. No longer suffix is public once the tree has no node for one
    // (it would need that node, or a wildcard on it). `any` and `icann` are where the longest public suffixes
    // found so far begin (npos: none).
    std::uint32_t s = table.child(root, p, start, n - start);
    unsigned a = s == missing ? 0u : table.nodes[s].answers;
    unsigned public_in = star_rule ? 3u : (a & named) ? a & 3u : 0u;
    std::size_t any = public_in & 1u ? start : npos, icann = public_in & 2u ? start : npos;
    while (s != missing && start != 0) {
        const unsigned under = (a >> 2) & 3u;  // what the parent's wildcard makes public
        const std::size_t end = start - 1;
        start = name.start_before(end);
        s = table.child(s, p, start, end - start);
        a = s == missing ? 0u : table.nodes[s].answers;
        public_in = (a & named) ? a & 3u : under;
        any = public_in & 1u ? start : any;
        icann = public_in & 2u ? start : icann;
    }
    // The registrable domain: the public suffix and the label before it (found by the dots: no list of starts).
    const auto suffix_at = [](std::size_t at) {
        return at == npos ? psl_offsets::none : static_cast<std::uint16_t>(at);
    };
    const auto domain_at = [&name](std::size_t at) {
        return at == npos || at == 0 ? psl_offsets::none : static_cast<std::uint16_t>(name.start_before(at - 1));
    };
    const std::uint16_t domain = domain_at(any);  // the ICANN section's answers are most often the same
    return {suffix_at(any), domain, suffix_at(icann), icann == any ? domain : domain_at(icann)};
}

psl_offsets psl_table::walk(std::string_view host, bool star_rule) const noexcept {
    std::size_t n = host.size();
    if (n != 0 && host[n - 1] == '.') --n;  // a fully qualified name: its final dot is no label
    // The empty host, an IP literal, a name longer than DNS allows (RFC 1035 §2.3.4): no domain.
    if (n == 0 || n > 253 || host[0] == '[') return {};
    // An empty label (a leading dot, "..") or one longer than DNS allows: no domain.
    if (n <= 64) {
        short_name name;
        name.fill(host.data(), n);
        return name.labels_fit(n) ? walk_labels(name, n, star_rule) : psl_offsets{};
    }
    return walk_long(host.data(), n, star_rule);
}

psl_offsets psl_table::walk_long(const char* host, std::size_t n, bool star_rule) const noexcept {
    walked_name<4> name;
    name.fill(host, n);
    return name.labels_fit(n) ? walk_labels(name, n, star_rule) : psl_offsets{};
}

}  // namespace iri::crawl::detail
