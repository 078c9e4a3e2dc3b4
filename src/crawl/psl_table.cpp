// The Public Suffix List's table and its walk (psl_table.hpp).
#include "crawl/psl_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "text/ascii.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::load_up_to_8;
using iri::detail::to_lower_octets;

constexpr std::uint64_t ones = 0x0101010101010101u;
constexpr std::uint64_t high = 0x8080808080808080u;

// Bit 7 of each octet of `x` that is a "." (the exact zero-octet test of x ^ "........": no carry crosses octets).
[[nodiscard]] constexpr std::uint64_t dot_octets(std::uint64_t x) noexcept {
    const std::uint64_t y = x ^ (0x2E * ones);
    return ~(((y & ~high) + ~high) | y) & high;
}

// The offset of the last "." in p[0, end), or -1: eight octets at a time from the right.
[[nodiscard]] std::ptrdiff_t last_dot(const char* p, std::size_t end) noexcept {
    while (end >= 8) {
        std::uint64_t x;
        std::memcpy(&x, p + end - 8, 8);
        if (const std::uint64_t d = dot_octets(x))
            return static_cast<std::ptrdiff_t>(end - 8) + (63 - std::countl_zero(d)) / 8;
        end -= 8;
    }
    // Fewer than 8 left: the octets past `end` are zeros, never dots.
    if (const std::uint64_t d = end == 0 ? 0 : dot_octets(load_up_to_8(p, end))) return (63 - std::countl_zero(d)) / 8;
    return -1;
}

// The first octets of a label, lowercase, as its node keeps them.
[[nodiscard]] std::uint64_t head_of(const char* label, std::size_t length) noexcept {
    return to_lower_octets(load_up_to_8(label, length < 8 ? length : 8));
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
    const std::uint64_t key = head ^ (std::uint64_t{parent} << 6 | length);
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15u) >> shift_);
}

bool psl_table::tail_equal(const node& n, const char* label, std::size_t length) const noexcept {
    const std::uint64_t* words = tails_.data() + n.tail;
    for (std::size_t k = 8; k < length; k += 8, ++words)
        if (to_lower_octets(load_up_to_8(label + k, length - k < 8 ? length - k : 8)) != *words) return false;
    return true;
}

std::uint32_t psl_table::child(std::uint32_t parent, const char* label, std::size_t length) const noexcept {
    const std::uint64_t head = head_of(label, length);
    for (std::size_t i = slot_of(head, parent, length);; i = (i + 1) & mask_) {
        const node& n = nodes_[i];
        if (n.length == 0) return missing;
        if (n.head == head && n.parent == parent && n.length == length && (length <= 8 || tail_equal(n, label, length)))
            return static_cast<std::uint32_t>(i);
    }
}

std::uint32_t psl_table::add_child(std::uint32_t parent, std::string_view label) {
    const std::uint64_t head = head_of(label.data(), label.size());
    std::size_t i = slot_of(head, parent, label.size());
    for (;; i = (i + 1) & mask_) {
        const node& n = nodes_[i];
        if (n.length == 0) break;
        if (n.head == head && n.parent == parent && n.length == label.size() &&
            (label.size() <= 8 || tail_equal(n, label.data(), label.size())))
            return static_cast<std::uint32_t>(i);
    }
    node& n = nodes_[i];
    n.head = head;
    n.parent = parent;
    n.length = static_cast<std::uint8_t>(label.size());
    n.tail = static_cast<std::uint16_t>(tails_.size());
    if (label.size() > 8 && tails_.size() + (label.size() - 1) / 8 > 0xFFFF) complete_ = false;
    for (std::size_t k = 8; k < label.size(); k += 8) tails_.push_back(head_of(label.data() + k, label.size() - k));
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
    for (const psl_rule& r : rules) {
        std::uint32_t parent = root;
        for (std::size_t end = r.name.size();;) {
            const std::size_t dot = r.name.rfind('.', end == 0 ? 0 : end - 1);
            const std::size_t start = dot == std::string::npos ? 0 : dot + 1;
            parent = add_child(parent, std::string_view(r.name).substr(start, end - start));
            if (dot == std::string::npos) break;
            end = dot;
        }
        nodes_[parent].flags |= r.flags;
        ++rules_;
    }
}

psl_offsets psl_table::walk(std::string_view host, bool star_rule) const noexcept {
    std::size_t n = host.size();
    if (n != 0 && host[n - 1] == '.') --n;  // a fully qualified name: its final dot is no label
    // The empty host, an IP literal, a name longer than DNS allows (RFC 1035 §2.3.4): no domain.
    if (n == 0 || n > 253 || host[0] == '[') return {};
    const char* const p = host.data();
    psl_offsets r;
    std::uint32_t parent = root;
    std::uint8_t parent_flags = 0;
    bool walking = true;
    unsigned depth = 0, suffix_depth = 0, icann_depth = 0;
    for (std::size_t end = n;;) {
        const std::ptrdiff_t dot = last_dot(p, end);
        const auto start = static_cast<std::size_t>(dot + 1);
        const std::size_t length = end - start;
        // An empty label (a leading dot, "..") or one longer than DNS allows: no domain.
        if (length == 0 || length > 63) return {};
        ++depth;
        if (depth == 1 && is_number(p + start, length)) return {};
        // The registrable domain: the public suffix and the label before it.
        if (suffix_depth == depth - 1 && suffix_depth != 0) r.domain = static_cast<std::uint16_t>(start);
        if (icann_depth == depth - 1 && icann_depth != 0) r.icann_domain = static_cast<std::uint16_t>(start);
        if (walking) {
            const std::uint32_t s = child(parent, p + start, length);
            const std::uint8_t f = s == missing ? 0 : nodes_[s].flags;
            // libpsl's is_public_suffix for the suffix from this label: the implicit "*" for one label; else the
            // name's own rules (public unless an exception; for the ICANN section, only a name one of its rules
            // gives); else a wildcard on its parent.
            bool any = false, icann = false;
            if (depth == 1 && star_rule) {
                any = icann = true;
            } else if (f != 0) {
                any = (f & psl_exception) == 0;
                icann = any && (f & psl_icann) != 0;
            } else {
                any = (parent_flags & psl_wildcard) != 0;
                icann = any && (parent_flags & psl_icann) != 0;
            }
            if (any) suffix_depth = depth, r.suffix = static_cast<std::uint16_t>(start), r.domain = psl_offsets::none;
            if (icann)
                icann_depth = depth, r.icann_suffix = static_cast<std::uint16_t>(start),
                r.icann_domain = psl_offsets::none;
            // No longer suffix is public once the tree has no node for this one (it would need this node, or a
            // wildcard on it).
            if (s == missing) walking = false;
            parent = s, parent_flags = f;
        }
        if (dot < 0) break;
        end = static_cast<std::size_t>(dot);
    }
    return r;
}

}  // namespace iri::crawl::detail
