// IPv4 and IPv6 addresses: text to binary (RFC 3986 §3.2.2; the URL Standard §3.5; inet_aton) and binary to text
// (RFC 5952 §4, §5; the URL Standard §3.6).
#include "text/ip_address.hpp"

#include <cstddef>
#include <utility>

#include "text/percent_octets.hpp"

namespace iri::detail {

namespace {

// Saturation for the numbers of the IPv4 forms: above 2^32, out of range whatever the parts.
constexpr std::uint64_t saturated = std::uint64_t{1} << 40;

// One part of an IPv4 address (§3.5 the IPv4 number parser, with `forms`): its value, saturated, or nullopt; sets
// `non_decimal` for a hex or octal one.
std::optional<std::uint64_t> ipv4_number(std::string_view part, const ipv4_forms& forms, bool& non_decimal) noexcept {
    if (part.empty()) return std::nullopt;
    unsigned radix = 10;
    if (forms.hex && part.size() >= 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X')) {
        radix = 16;
        part.remove_prefix(2);
    } else if (part.size() >= 2 && part[0] == '0') {
        if (!forms.octal) return std::nullopt;  // RFC 3986's dec-octet: no leading zero
        radix = 8;
        part.remove_prefix(1);
    }
    non_decimal = non_decimal || radix != 10;
    std::uint64_t value = 0;
    for (const char ch : part) {
        const unsigned digit = hex_values[static_cast<unsigned char>(ch)];  // 0xFF for a byte no hex digit
        if (digit >= radix) return std::nullopt;
        value = value >= saturated ? saturated : value * radix + digit;
    }
    return value;
}

}  // namespace

ipv4_reading read_ipv4(std::string_view text, const ipv4_forms& forms) noexcept {
    ipv4_reading r;
    // §3.5 IPv4 parser steps 1-3: split on "."; an empty last part is a validation error, and dropped.
    if (forms.trailing_dot && !text.empty() && text.back() == '.') {
        r.empty_last_part = true;
        text.remove_suffix(1);
    }
    std::string_view parts[4];
    std::size_t count = 0;
    for (std::size_t begin = 0;;) {
        if (count == 4) return r.fault = ipv4_fault::too_many_parts, r;  // step 4
        const std::size_t dot = text.find('.', begin);
        parts[count++] = text.substr(begin, dot == std::string_view::npos ? std::string_view::npos : dot - begin);
        if (dot == std::string_view::npos) break;
        begin = dot + 1;
    }
    if (count < 4) {
        if (!forms.short_forms) return r.fault = ipv4_fault::too_many_parts, r;
        r.too_few_parts = true;
    }
    // Steps 5-6: each part a number.
    std::uint64_t numbers[4] = {};
    for (std::size_t i = 0; i < count; ++i) {
        const std::optional<std::uint64_t> n = ipv4_number(parts[i], forms, r.non_decimal_part);
        if (!n) return r.fault = ipv4_fault::non_numeric_part, r;
        numbers[i] = *n;
    }
    // Steps 7-9: every part but the last below 256; the last below 256^(5 - count).
    for (std::size_t i = 0; i < count; ++i) {
        if (numbers[i] <= 255) continue;
        if (i + 1 < count) return r.fault = ipv4_fault::out_of_range_part, r;
        r.part_over_255 = true;
    }
    if (numbers[count - 1] >= (std::uint64_t{1} << (8 * (5 - count))))
        return r.fault = ipv4_fault::out_of_range_part, r;
    // Steps 10-12.
    std::uint64_t address = numbers[count - 1];
    for (std::size_t i = 0; i + 1 < count; ++i) address += numbers[i] << (8 * (3 - i));
    r.address = static_cast<std::uint32_t>(address);
    return r;
}

std::optional<std::array<std::uint8_t, 4>> parse_ipv4(std::string_view text) noexcept {
    const ipv4_reading r = read_ipv4(text);
    if (!r) return std::nullopt;
    return ipv4_octets(r.address);
}

bool ends_in_a_number(std::string_view text) noexcept {
    // §3.5 ends-in-a-number checker steps 1-2: the last part, after one empty last part is dropped.
    if (!text.empty() && text.back() == '.') {
        if (text.size() == 1) return false;
        text.remove_suffix(1);
    }
    // A number ends with a hex digit or "x" ("0x" alone): most domains are told by their last byte.
    const unsigned char last_byte = text.empty() ? 0 : static_cast<unsigned char>(text.back());
    if (hex_values[last_byte] > 15 && last_byte != 'x' && last_byte != 'X') return false;
    const std::size_t dot = text.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? text : text.substr(dot + 1);
    if (last.empty()) return false;
    // Steps 3-4: all ASCII digits, or a number of the IPv4 number parser: with letters in it, "0x" and hex digits.
    bool digits = true;
    for (const char ch : last) digits = digits && ch >= '0' && ch <= '9';
    bool non_decimal = false;
    return digits || ipv4_number(last, whatwg_ipv4, non_decimal).has_value();
}

std::array<std::uint8_t, 16> ipv6_reading::octets() const noexcept {
    std::array<std::uint8_t, 16> o{};
    for (std::size_t i = 0; i < 8; ++i) {
        o[2 * i] = static_cast<std::uint8_t>(pieces[i] >> 8);
        o[2 * i + 1] = static_cast<std::uint8_t>(pieces[i] & 0xFF);
    }
    return o;
}

ipv6_reading read_ipv6(std::string_view input) noexcept {
    // §3.5 the IPv6 parser, its steps in order; c: the code point at pointer (a byte: anything not ASCII is none of
    // the characters looked for), or EOF.
    ipv6_reading r;
    std::array<std::uint16_t, 8>& address = r.pieces;
    constexpr std::size_t null = 9;  // compress is 1 to 8 when set
    std::size_t piece_index = 0, compress = null;
    std::size_t pointer = 0;
    const std::size_t n = input.size();
    constexpr int eof = -1;
    const auto c = [&]() -> int { return pointer < n ? static_cast<unsigned char>(input[pointer]) : eof; };
    const auto fail = [&](ipv6_fault f) {
        r.fault = f;
        r.at = static_cast<std::uint32_t>(pointer);
        return r;
    };
    const auto digit = [](int ch) { return ch >= '0' && ch <= '9'; };
    if (c() == ':') {  // step 5
        if (pointer + 1 >= n || input[pointer + 1] != ':') return fail(ipv6_fault::invalid_compression);
        pointer += 2;
        compress = ++piece_index;
    }
    while (c() != eof) {  // step 6
        if (piece_index == 8) return fail(ipv6_fault::too_many_pieces);
        if (c() == ':') {
            if (compress != null) return fail(ipv6_fault::multiple_compression);
            ++pointer;
            compress = ++piece_index;
            continue;
        }
        unsigned value = 0;
        std::size_t length = 0;
        while (length < 4 && c() != eof && hex_values[static_cast<std::size_t>(c())] < 16) {
            value = value * 0x10 + hex_values[static_cast<std::size_t>(c())];
            ++pointer, ++length;
        }
        if (c() == '.') {  // step 6.7: the last 32 bits in dotted decimal
            if (length == 0) return fail(ipv6_fault::ipv4_invalid_code_point);
            pointer -= length;
            if (piece_index > 6) return fail(ipv6_fault::ipv4_too_many_pieces);
            int numbers_seen = 0;
            while (c() != eof) {
                int ipv4_piece = -1;  // null
                if (numbers_seen > 0) {
                    if (c() == '.' && numbers_seen < 4) ++pointer;
                    else return fail(ipv6_fault::ipv4_invalid_code_point);
                }
                if (c() == eof || !digit(c())) return fail(ipv6_fault::ipv4_invalid_code_point);
                while (c() != eof && digit(c())) {
                    const int number = c() - '0';
                    if (ipv4_piece == -1) ipv4_piece = number;
                    else if (ipv4_piece == 0) return fail(ipv6_fault::ipv4_invalid_code_point);
                    else ipv4_piece = ipv4_piece * 10 + number;
                    if (ipv4_piece > 255) return fail(ipv6_fault::ipv4_out_of_range_part);
                    ++pointer;
                }
                address[piece_index] = static_cast<std::uint16_t>(address[piece_index] * 0x100 + ipv4_piece);
                ++numbers_seen;
                if (numbers_seen == 2 || numbers_seen == 4) ++piece_index;
            }
            if (numbers_seen != 4) return fail(ipv6_fault::ipv4_too_few_parts);
            break;
        }
        if (c() == ':') {  // step 6.8
            ++pointer;
            if (c() == eof) return fail(ipv6_fault::invalid_code_point);
        } else if (c() != eof) {
            return fail(ipv6_fault::invalid_code_point);
        }
        // A piece of more than one digit whose value a shorter one would write: "01", "000f".
        if (length > 1 && value < (1u << (4 * (length - 1))) && r.leading_zero_at == ipv6_reading::npos)
            r.leading_zero_at = static_cast<std::uint32_t>(pointer);
        address[piece_index] = static_cast<std::uint16_t>(value);
        ++piece_index;
    }
    if (compress != null) {  // step 7
        std::size_t swaps = piece_index - compress;
        piece_index = 7;
        while (piece_index != 0 && swaps > 0) {
            std::swap(address[piece_index], address[compress + swaps - 1]);
            --piece_index, --swaps;
        }
    } else if (piece_index != 8) {  // step 8
        return fail(ipv6_fault::too_few_pieces);
    }
    return r;
}

std::optional<std::array<std::uint8_t, 16>> parse_ipv6(std::string_view text) noexcept {
    const ipv6_reading r = read_ipv6(text);
    if (!r) return std::nullopt;
    return r.octets();
}

namespace {

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
