// The URL Standard's host parser (§3.5) and host serializer (§3.6), host_parser.hpp.
#include "web/host_parser.hpp"

#include <unicode/utf8.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "convert/idna_detail.hpp"
#include "iri/generated/url_sets.hpp"
#include "iri/percent.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"
#include "web/url_sets.hpp"

namespace iri::web {

namespace {

// Where the validation errors of one run of the host parser go: the non-failing ones to `notes` (when given), the
// failure to `outcome`. Offsets are bytes of `input`, counted from `base`.
struct reporter {
    std::vector<validation_note>* notes;
    std::uint32_t base;

    void note(validation v, std::size_t at) const {
        if (notes) notes->push_back({v, base + static_cast<std::uint32_t>(at)});
    }
    [[nodiscard]] host_outcome fail(validation v, std::size_t at) const {
        host_outcome o;
        o.failed = true;
        o.failure = v;
        o.failure_offset = base + static_cast<std::uint32_t>(at);
        return o;
    }
};

// in_set (url_sets.hpp), inline: the generated table itself.
[[nodiscard]] bool in(url_set s, char32_t c) noexcept {
    return generated::contains(generated::url_sets[static_cast<std::size_t>(s)], c);
}

// ---- §3.5 the IPv6 parser ----

// The IPv6 parser on `input` (the text between the brackets, its first byte at `at0` of the host's input): the
// address's eight pieces, or the failure in `failure`.
std::optional<std::array<std::uint16_t, 8>> parse_ipv6(std::string_view input, std::size_t at0, const reporter& r,
                                                       host_outcome& failure) {
    std::array<std::uint16_t, 8> address{};
    std::size_t piece_index = 0;
    std::optional<std::size_t> compress;
    std::size_t pointer = 0;
    const std::size_t n = input.size();
    // c: the code point at pointer (a byte; anything not ASCII is simply none of the characters looked for), or EOF.
    constexpr int eof = -1;
    const auto c = [&]() -> int { return pointer < n ? static_cast<unsigned char>(input[pointer]) : eof; };
    const auto fail = [&](validation v) {
        failure = r.fail(v, at0 + pointer);
        return std::nullopt;
    };
    if (c() == ':') {
        if (pointer + 1 >= n || input[pointer + 1] != ':') return fail(validation::ipv6_invalid_compression);
        pointer += 2;
        compress = ++piece_index;
    }
    while (c() != eof) {
        if (piece_index == 8) return fail(validation::ipv6_too_many_pieces);
        if (c() == ':') {
            if (compress) return fail(validation::ipv6_multiple_compression);
            ++pointer;
            compress = ++piece_index;
            continue;
        }
        unsigned value = 0;
        std::size_t length = 0;
        while (length < 4 && c() != eof && detail::hex_values[static_cast<std::size_t>(c())] < 16) {
            value = value * 0x10 + detail::hex_values[static_cast<std::size_t>(c())];
            ++pointer, ++length;
        }
        if (c() == '.') {
            if (length == 0) return fail(validation::ipv4_in_ipv6_invalid_code_point);
            pointer -= length;
            if (piece_index > 6) return fail(validation::ipv4_in_ipv6_too_many_pieces);
            int numbers_seen = 0;
            while (c() != eof) {
                int ipv4_piece = -1;  // null
                if (numbers_seen > 0) {
                    if (c() == '.' && numbers_seen < 4) ++pointer;
                    else return fail(validation::ipv4_in_ipv6_invalid_code_point);
                }
                if (c() == eof || !ascii_digit(static_cast<unsigned char>(c())))
                    return fail(validation::ipv4_in_ipv6_invalid_code_point);
                while (c() != eof && ascii_digit(static_cast<unsigned char>(c()))) {
                    const int number = c() - '0';
                    if (ipv4_piece == -1) ipv4_piece = number;
                    else if (ipv4_piece == 0) return fail(validation::ipv4_in_ipv6_invalid_code_point);
                    else ipv4_piece = ipv4_piece * 10 + number;
                    if (ipv4_piece > 255) return fail(validation::ipv4_in_ipv6_out_of_range_part);
                    ++pointer;
                }
                address[piece_index] = static_cast<std::uint16_t>(address[piece_index] * 0x100 + ipv4_piece);
                ++numbers_seen;
                if (numbers_seen == 2 || numbers_seen == 4) ++piece_index;
            }
            if (numbers_seen != 4) return fail(validation::ipv4_in_ipv6_too_few_parts);
            break;
        }
        if (c() == ':') {
            ++pointer;
            if (c() == eof) return fail(validation::ipv6_invalid_code_point);
        } else if (c() != eof) {
            return fail(validation::ipv6_invalid_code_point);
        }
        // A piece of more than one digit whose value a shorter one would write: "01", "000f".
        if (length > 1 && value < (1u << (4 * (length - 1))))
            r.note(validation::ipv6_piece_leading_zero, at0 + pointer);
        address[piece_index] = static_cast<std::uint16_t>(value);
        ++piece_index;
    }
    if (compress) {
        std::size_t swaps = piece_index - *compress;
        piece_index = 7;
        while (piece_index != 0 && swaps > 0) {
            std::swap(address[piece_index], address[*compress + swaps - 1]);
            --piece_index, --swaps;
        }
    } else if (piece_index != 8) {
        return fail(validation::ipv6_too_few_pieces);
    }
    return address;
}

// §3.6: "[", the IPv6 serializer's text, "]". Its compressed piece index (the first longest run of two or more zero
// pieces) is RFC 5952 §4.2.3's rule, which append_ipv6_text follows; the Standard writes IPv4-mapped addresses in
// hex like the others.
void serialize_ipv6(const std::array<std::uint16_t, 8>& pieces, std::string& out) {
    std::array<std::uint8_t, 16> octets{};
    for (std::size_t i = 0; i < 8; ++i) {
        octets[2 * i] = static_cast<std::uint8_t>(pieces[i] >> 8);
        octets[2 * i + 1] = static_cast<std::uint8_t>(pieces[i] & 0xFF);
    }
    out += '[';
    detail::append_ipv6_text(out, octets, detail::ipv4_mapped_text::hex);
    out += ']';
}

// ---- §3.5 the IPv4 number parser, the ends-in-a-number checker, the IPv4 parser ----

// The IPv4 number parser's answer: the number (saturated beyond every bound the IPv4 parser tests, 2^32) and whether
// it was written in hex or octal; nullopt for failure.
struct ipv4_number {
    std::uint64_t value;
    bool non_decimal;
};

std::optional<ipv4_number> parse_ipv4_number(std::string_view input) noexcept {
    if (input.empty()) return std::nullopt;
    bool validation_error = false;
    unsigned radix = 10;
    if (input.size() >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X')) {
        validation_error = true;
        input.remove_prefix(2);
        radix = 16;
    } else if (input.size() >= 2 && input[0] == '0') {
        validation_error = true;
        input.remove_prefix(1);
        radix = 8;
    }
    if (input.empty()) return ipv4_number{0, true};
    constexpr std::uint64_t saturated = std::uint64_t{1} << 40;  // above 2^32: out of range whatever the parts
    std::uint64_t output = 0;
    for (char ch : input) {
        const unsigned digit = detail::hex_values[static_cast<unsigned char>(ch)];  // ASCII hex digits: 0 to 15
        if (digit >= radix) return std::nullopt;
        output = output >= saturated ? saturated : output * radix + digit;
    }
    return ipv4_number{output, validation_error};
}

// The last part of `input` split on ".", an empty last part removed first (when there is one before it).
std::string_view last_ipv4_part(std::string_view input) noexcept {
    if (!input.empty() && input.back() == '.') input.remove_suffix(1);
    const std::size_t dot = input.rfind('.');
    return dot == std::string_view::npos ? input : input.substr(dot + 1);
}

// The IPv4 parser on `input` (the domain parser's ASCII result, which ends in a number): the address, or failure.
// Its validation errors are reported at `at` (the host's first byte: the text parsed is the decoded domain).
std::optional<std::uint32_t> parse_ipv4(std::string_view input, std::size_t at, const reporter& r,
                                        host_outcome& failure) {
    if (!input.empty() && input.back() == '.') {
        r.note(validation::ipv4_empty_part, at);
        input.remove_suffix(1);  // strictly split on ".", it has two parts at least: the empty last one goes
    }
    std::array<std::string_view, 4> parts{};
    std::size_t count = 0;
    for (std::size_t begin = 0;; ++count) {
        const std::size_t dot = input.find('.', begin);
        if (count == 4) {
            failure = r.fail(validation::ipv4_too_many_parts, at);
            return std::nullopt;
        }
        parts[count] = input.substr(begin, dot == std::string_view::npos ? std::string_view::npos : dot - begin);
        if (dot == std::string_view::npos) {
            ++count;
            break;
        }
        begin = dot + 1;
    }
    if (count < 4) r.note(validation::ipv4_too_few_parts, at);
    std::array<std::uint64_t, 4> numbers{};
    for (std::size_t i = 0; i < count; ++i) {
        const std::optional<ipv4_number> result = parse_ipv4_number(parts[i]);
        if (!result) {
            failure = r.fail(validation::ipv4_non_numeric_part, at);
            return std::nullopt;
        }
        if (result->non_decimal) r.note(validation::ipv4_non_decimal_part, at);
        numbers[i] = result->value;
    }
    bool over_255 = false, failed = false;
    for (std::size_t i = 0; i < count; ++i) {
        over_255 = over_255 || numbers[i] > 255;
        failed = failed || (i + 1 < count && numbers[i] > 255);
    }
    // The last must be below 256^(5 - count).
    failed = failed || numbers[count - 1] >= (std::uint64_t{1} << (8 * (5 - count)));
    if (failed) {
        failure = r.fail(validation::ipv4_out_of_range_part, at);
        return std::nullopt;
    }
    if (over_255) r.note(validation::ipv4_out_of_range_part, at);
    std::uint64_t ipv4 = numbers[count - 1];
    for (std::size_t counter = 0; counter + 1 < count; ++counter) ipv4 += numbers[counter] << (8 * (3 - counter));
    return static_cast<std::uint32_t>(ipv4);
}

// §3.6 the IPv4 serializer: four decimal numbers joined by ".".
void serialize_ipv4(std::uint32_t address, std::string& out) {
    detail::append_ipv4_text(out, {static_cast<std::uint8_t>(address >> 24), static_cast<std::uint8_t>(address >> 16),
                                   static_cast<std::uint8_t>(address >> 8), static_cast<std::uint8_t>(address)});
}

// ---- §3.5 the opaque-host parser ----

host_outcome parse_opaque_host(std::string_view input, const reporter& r, std::string& out) {
    for (std::size_t i = 0; i < input.size(); ++i)
        if (in(url_set::forbidden_host, static_cast<unsigned char>(input[i])))
            return r.fail(validation::host_invalid_code_point, i);
    if (r.notes) {
        // §3.5's two checks, each one validation error, noted where first found: a code point that is not a URL
        // code point and not "%" (an ill-formed UTF-8 sequence counts as one), and a "%" not followed by two ASCII
        // hex digits.
        const auto* s = reinterpret_cast<const std::uint8_t*>(input.data());
        const auto n = static_cast<std::int64_t>(input.size());
        bool not_url_code_point = false, bad_percent = false;
        for (std::int64_t i = 0; i < n && !(not_url_code_point && bad_percent);) {
            const auto at = static_cast<std::size_t>(i);
            UChar32 c = 0;
            U8_NEXT(s, i, n, c);
            if (c == '%') {
                if (!bad_percent && detail::escape_at(input, at) < 0) r.note(validation::invalid_url_unit, at);
                bad_percent = bad_percent || detail::escape_at(input, at) < 0;
            } else if (!not_url_code_point && (c < 0 || !in(url_set::url_code_point, static_cast<char32_t>(c)))) {
                r.note(validation::invalid_url_unit, at);
                not_url_code_point = true;
            }
        }
    }
    // UTF-8 percent-encode with the C0 control percent-encode set: every byte of a code point in it.
    out.reserve(out.size() + input.size());
    for (char ch : input) {
        const auto octet = static_cast<unsigned char>(ch);
        if (in(url_set::c0_control_percent_encode, octet)) {
            char triplet[3];
            detail::put_percent_encoded(triplet, octet);
            out.append(triplet, 3);
        } else {
            out += ch;
        }
    }
    host_outcome o;
    o.kind = input.empty() ? host_kind::empty : host_kind::opaque;
    return o;
}

// ---- §3.3 the domain parser (beStrict false), §3.5 the domain path of the host parser ----

// The offset of the first percent-encoded byte of `input` ("%" and two ASCII hex digits), or npos.
std::size_t first_percent_encoded_byte(std::string_view input) noexcept {
    for (std::size_t at = input.find('%'); at != std::string_view::npos; at = input.find('%', at + 1))
        if (detail::escape_at(input, at) >= 0) return at;
    return std::string_view::npos;
}

// The domain parser (§3.3) with beStrict false on `domain` (well-formed UTF-8): the ASCII domain, or failure
// (domain-to-ASCII: the Standard names no other error for it, and the strict ToASCII has failed whenever it fails).
std::optional<std::string> parse_domain(std::string_view domain, const reporter& r) {
    // Step 2: the strict ToASCII only tells whether to report domain-to-ASCII; it is asked only when notes are.
    if (r.notes && !detail::is_plain_ldh_host(domain) && !detail::web_domain_to_ascii(domain, true))
        r.note(validation::domain_to_ascii, 0);
    std::string result;
    if (detail::is_ascii(domain)) {  // step 5: lowercased, whatever Unicode ToASCII would say
        result.assign(domain);
        for (char& ch : result) ch = detail::to_lower(ch);
    } else {
        std::optional<std::string> ascii = detail::web_domain_to_ascii(domain, false);
        if (!ascii) return std::nullopt;
        result = std::move(*ascii);
    }
    if (result.empty()) return std::nullopt;
    for (char ch : result)
        if (in(url_set::forbidden_domain, static_cast<unsigned char>(ch))) return std::nullopt;
    return result;
}

}  // namespace

bool ends_in_a_number(std::string_view input) noexcept {
    const std::string_view last = last_ipv4_part(input);
    if (last.empty()) return false;
    bool digits = true;
    for (char ch : last) digits = digits && ascii_digit(static_cast<unsigned char>(ch));
    return digits || parse_ipv4_number(last).has_value();
}

host_outcome parse_host(std::string_view input, bool is_opaque, std::string& out, std::vector<validation_note>* notes,
                        std::uint32_t input_offset) {
    const reporter r{notes, input_offset};
    if (!input.empty() && input.front() == '[') {
        if (input.size() < 2 || input.back() != ']') return r.fail(validation::ipv6_unclosed, input.size());
        host_outcome o;
        const auto address = parse_ipv6(input.substr(1, input.size() - 2), 1, r, o);
        if (!address) return o;
        serialize_ipv6(*address, out);
        o.kind = host_kind::ipv6;
        return o;
    }
    if (is_opaque) return parse_opaque_host(input, r, out);
    if (const std::size_t at = first_percent_encoded_byte(input); at != std::string_view::npos)
        r.note(validation::domain_percent_encoded, at);
    // §1.3's percent-decode is percent_decode's lenient mode (a "%" without two hex digits kept), which never fails.
    const result<std::string> bytes = percent_decode(input, decode_mode::lenient);
    // UTF-8 decode without BOM: an ill-formed sequence becomes U+FFFD, which UTS #46 disallows, so the domain
    // parser fails on it (the Standard's note allows this early return).
    if (!bytes || !detail::is_well_formed_utf8(*bytes)) return r.fail(validation::domain_to_ascii, 0);
    const std::optional<std::string> ascii_domain = parse_domain(*bytes, r);
    if (!ascii_domain) return r.fail(validation::domain_to_ascii, 0);
    host_outcome o;
    if (ends_in_a_number(*ascii_domain)) {
        const std::optional<std::uint32_t> ipv4 = parse_ipv4(*ascii_domain, 0, r, o);
        if (!ipv4) return o;
        serialize_ipv4(*ipv4, out);
        o.kind = host_kind::ipv4;
        return o;
    }
    out += *ascii_domain;
    o.kind = host_kind::domain;
    return o;
}

}  // namespace iri::web
