// IPv4 and IPv6 addresses, text to binary (RFC 3986 §3.2.2) and IPv6 binary to text (RFC 5952 §4, §5).
#include "text/ip_address.hpp"

#include <cstddef>

#include "iri/percent.hpp"
#include "text/percent_octets.hpp"

namespace iri::detail {

namespace {

// A dec-octet (RFC 3986 §3.2.2): "0"–"255", no leading zero.
std::optional<std::uint8_t> dec_octet(std::string_view t) noexcept {
    if (t.empty() || t.size() > 3 || (t.size() > 1 && t[0] == '0')) return std::nullopt;
    unsigned v = 0;
    for (char ch : t) {
        if (ch < '0' || ch > '9') return std::nullopt;
        v = v * 10 + static_cast<unsigned>(ch - '0');
    }
    if (v > 255) return std::nullopt;
    return static_cast<std::uint8_t>(v);
}

// An h16 (RFC 3986 §3.2.2): one to four hex digits.
std::optional<std::uint16_t> h16(std::string_view t) noexcept {
    if (t.empty() || t.size() > 4) return std::nullopt;
    unsigned v = 0;
    for (char ch : t) {
        const int d = hex_value(ch);
        if (d < 0) return std::nullopt;
        v = v * 16 + static_cast<unsigned>(d);
    }
    return static_cast<std::uint16_t>(v);
}

// The 16-bit fields of one side of "::" (or of the whole address) into `out` from `at`; the side may end with an
// IPv4address (two fields) when `last`. Returns the number of fields, or -1.
int fields(std::string_view t, bool last, std::array<std::uint8_t, 16>& out, std::size_t at) noexcept {
    if (t.empty()) return 0;
    int n = 0;
    for (std::size_t begin = 0;;) {
        const std::size_t colon = t.find(':', begin);
        const std::string_view f = t.substr(begin, colon == std::string_view::npos ? t.npos : colon - begin);
        if (colon == std::string_view::npos && last && f.find('.') != std::string_view::npos) {
            const auto v4 = parse_ipv4(f);
            if (!v4 || at + 4 > 16) return -1;
            for (std::uint8_t o : *v4) out[at++] = o;
            return n + 2;
        }
        const auto v = h16(f);
        if (!v || at + 2 > 16) return -1;
        out[at++] = static_cast<std::uint8_t>(*v >> 8);
        out[at++] = static_cast<std::uint8_t>(*v & 0xFF);
        ++n;
        if (colon == std::string_view::npos) return n;
        begin = colon + 1;
    }
}

void append_hex_field(std::string& out, unsigned v) {
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
        const unsigned d = (v >> shift) & 0xF;
        if (d != 0 || started || shift == 0) {
            out += lower_hex_digits[d];
            started = true;
        }
    }
}

}  // namespace

std::optional<std::array<std::uint8_t, 4>> parse_ipv4(std::string_view text) noexcept {
    std::array<std::uint8_t, 4> a{};
    for (std::size_t i = 0, begin = 0; i < 4; ++i) {
        const std::size_t dot = i < 3 ? text.find('.', begin) : text.size();
        if (dot == std::string_view::npos) return std::nullopt;
        const auto o = dec_octet(text.substr(begin, dot - begin));
        if (!o) return std::nullopt;
        a[i] = *o;
        begin = dot + 1;
    }
    return a;
}

std::optional<std::array<std::uint8_t, 16>> parse_ipv6(std::string_view text) noexcept {
    std::array<std::uint8_t, 16> a{};
    const std::size_t gap = text.find("::");
    if (gap == std::string_view::npos) {  // eight fields, or six and an IPv4address
        if (fields(text, true, a, 0) != 8) return std::nullopt;
        return a;
    }
    const std::string_view head = text.substr(0, gap), tail = text.substr(gap + 2);
    if (tail.find("::") != std::string_view::npos) return std::nullopt;
    std::array<std::uint8_t, 16> back{};
    const int h = fields(head, false, a, 0), t = fields(tail, true, back, 0);
    if (h < 0 || t < 0 || h + t > 7) return std::nullopt;  // "::" stands for at least one zero field
    const std::size_t tail_bytes = static_cast<std::size_t>(t) * 2;
    for (std::size_t i = 0; i < tail_bytes; ++i) a[16 - tail_bytes + i] = back[i];
    return a;
}

void append_ipv4_text(std::string& out, const std::array<std::uint8_t, 4>& a) {
    for (std::size_t i = 0; i < 4; ++i) {
        if (i) out += '.';
        out += std::to_string(a[i]);
    }
}

void append_ipv6_text(std::string& out, const std::array<std::uint8_t, 16>& a, ipv4_mapped_text mapped_text) {
    unsigned f[8];
    for (std::size_t i = 0; i < 8; ++i) f[i] = static_cast<unsigned>(a[2 * i] << 8 | a[2 * i + 1]);
    // §5: IPv4-mapped addresses (::ffff:0:0/96) end in dotted decimal, when asked for.
    const bool mapped = mapped_text == ipv4_mapped_text::dotted && f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0 &&
                        f[4] == 0 && f[5] == 0xFFFF;
    const std::size_t hex_fields = mapped ? 6 : 8;
    // §4.2: the longest run of at least two zero fields, the first of equal runs.
    std::size_t best = hex_fields, best_len = 1;
    for (std::size_t i = 0; i < hex_fields;) {
        std::size_t j = i;
        while (j < hex_fields && f[j] == 0) ++j;
        if (j - i > best_len) best = i, best_len = j - i;
        i = j > i ? j : i + 1;
    }
    for (std::size_t i = 0; i < hex_fields;) {
        if (i == best) {
            out += "::";
            i += best_len;
            continue;
        }
        if (i != 0 && i != best + best_len) out += ':';
        append_hex_field(out, f[i]);  // §4.1 no leading zeros, §4.3 lowercase
        ++i;
    }
    if (mapped) {
        if (best + best_len != hex_fields) out += ':';
        append_ipv4_text(out, {a[12], a[13], a[14], a[15]});
    }
}

}  // namespace iri::detail
