// The URL Standard's host parser (§3.5) and host serializer (§3.6), host_parser.hpp. The IPv4 and IPv6 readers are
// text/ip_address.hpp's (the Standard's forms), the percent-encoder text/percent_encode.hpp's, UTS #46 convert/'s.
#include "web/host_parser.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

#include "convert/idna_detail.hpp"
#include "iri/percent.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"
#include "web/web_sets.hpp"

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

// ---- §3.5 the IPv6 parser (text/ip_address.hpp) and §3.6's serializer ----

validation ipv6_validation(iri::detail::ipv6_fault f) noexcept {
    using iri::detail::ipv6_fault;
    switch (f) {
        case ipv6_fault::invalid_compression: return validation::ipv6_invalid_compression;
        case ipv6_fault::too_many_pieces: return validation::ipv6_too_many_pieces;
        case ipv6_fault::multiple_compression: return validation::ipv6_multiple_compression;
        case ipv6_fault::too_few_pieces: return validation::ipv6_too_few_pieces;
        case ipv6_fault::ipv4_too_many_pieces: return validation::ipv4_in_ipv6_too_many_pieces;
        case ipv6_fault::ipv4_invalid_code_point: return validation::ipv4_in_ipv6_invalid_code_point;
        case ipv6_fault::ipv4_out_of_range_part: return validation::ipv4_in_ipv6_out_of_range_part;
        case ipv6_fault::ipv4_too_few_parts: return validation::ipv4_in_ipv6_too_few_parts;
        case ipv6_fault::invalid_code_point:
        case ipv6_fault::none: break;
    }
    return validation::ipv6_invalid_code_point;
}

// "[" address "]" (§3.5 host parser step 1): the IPv6 parser on the text between the brackets, serialized by §3.6
// ("[", the compressed form of RFC 5952 §4.2.3's rule, "]"; an IPv4-mapped address in hex like the others).
host_outcome parse_ipv6_host(std::string_view input, const reporter& r, std::string* out) {
    if (input.size() < 2 || input.back() != ']') return r.fail(validation::ipv6_unclosed, input.size());
    const iri::detail::ipv6_reading a = iri::detail::read_ipv6(input.substr(1, input.size() - 2));
    if (!a) return r.fail(ipv6_validation(a.fault), 1 + a.at);
    if (a.leading_zero_at != iri::detail::ipv6_reading::npos)
        r.note(validation::ipv6_piece_leading_zero, 1 + a.leading_zero_at);
    if (out) {
        *out += '[';
        iri::detail::append_ipv6_text(*out, a.octets(), iri::detail::ipv4_mapped_text::hex);
        *out += ']';
    }
    host_outcome o;
    o.kind = host_kind::ipv6;
    return o;
}

// ---- §3.5 the IPv4 parser (text/ip_address.hpp) and §3.6's serializer ----

// The IPv4 parser on `domain` (the domain parser's ASCII result, which ends in a number), serialized to `out`. Its
// validation errors are reported at the host's first byte (the text parsed is the decoded domain).
host_outcome parse_ipv4_host(std::string_view domain, const reporter& r, std::string* out) {
    const iri::detail::ipv4_reading a = iri::detail::read_ipv4(domain, iri::detail::whatwg_ipv4);
    if (a.empty_last_part) r.note(validation::ipv4_empty_part, 0);
    if (a.fault == iri::detail::ipv4_fault::too_many_parts) return r.fail(validation::ipv4_too_many_parts, 0);
    if (a.too_few_parts) r.note(validation::ipv4_too_few_parts, 0);
    if (a.non_decimal_part) r.note(validation::ipv4_non_decimal_part, 0);
    if (a.fault == iri::detail::ipv4_fault::non_numeric_part) return r.fail(validation::ipv4_non_numeric_part, 0);
    if (a.fault == iri::detail::ipv4_fault::out_of_range_part) return r.fail(validation::ipv4_out_of_range_part, 0);
    if (a.part_over_255) r.note(validation::ipv4_out_of_range_part, 0);
    if (out) iri::detail::append_ipv4_text(*out, iri::detail::ipv4_octets(a.address));
    host_outcome o;
    o.kind = host_kind::ipv4;
    return o;
}

// ---- §3.5 the opaque-host parser ----

// §3.5's two checks of an opaque host that do not fail, each one validation error, noted where first found: a code
// point that is not a URL code point and not "%" (an ill-formed UTF-8 sequence counts as one), and a "%" not followed
// by two ASCII hex digits.
void note_opaque_host_units(std::string_view input, const reporter& r) {
    const auto* s = reinterpret_cast<const unsigned char*>(input.data());
    bool not_url_code_point = false, bad_percent = false;
    for (std::size_t i = 0; i < input.size() && !(not_url_code_point && bad_percent);) {
        const std::size_t at = i;
        const std::int32_t c = iri::detail::next_code_point(s, i, input.size());
        if (c == '%') {
            if (!bad_percent && iri::detail::escape_at(input, at) < 0) r.note(validation::invalid_url_unit, at);
            bad_percent = bad_percent || iri::detail::escape_at(input, at) < 0;
        } else if (!not_url_code_point && (c < 0 || !detail::url_code_point(static_cast<char32_t>(c)))) {
            r.note(validation::invalid_url_unit, at);
            not_url_code_point = true;
        }
    }
}

host_outcome parse_opaque_host(std::string_view input, const reporter& r, std::string* out) {
    for (std::size_t i = 0; i < input.size(); ++i)
        if (detail::forbidden_host.has(static_cast<unsigned char>(input[i])))
            return r.fail(validation::host_invalid_code_point, i);
    if (r.notes) note_opaque_host_units(input, r);
    // UTF-8 percent-encode with the C0 control percent-encode set (ill-formed UTF-8 as U+FFFD).
    if (out) iri::detail::append_percent_encoded(*out, input, detail::c0_control_set);
    host_outcome o;
    o.kind = input.empty() ? host_kind::empty : host_kind::opaque;
    return o;
}

// ---- §3.3 the domain parser (beStrict false), §3.5 the domain path of the host parser ----

// The offset of the first percent-encoded byte of `input` ("%" and two ASCII hex digits), or npos.
std::size_t first_percent_encoded_byte(std::string_view input) noexcept {
    for (std::size_t at = input.find('%'); at != std::string_view::npos; at = input.find('%', at + 1))
        if (iri::detail::escape_at(input, at) >= 0) return at;
    return std::string_view::npos;
}

// The domain parser (§3.3) with beStrict false on `domain` (well-formed UTF-8): the ASCII domain, or failure
// (domain-to-ASCII: the Standard names no other error for it, and the strict ToASCII has failed whenever it fails).
std::optional<std::string> parse_domain(std::string_view domain, const reporter& r) {
    // Step 2: the strict ToASCII only tells whether to report domain-to-ASCII; it is asked only when notes are.
    if (r.notes && !iri::detail::is_plain_ldh_host(domain) && !iri::detail::web_domain_to_ascii(domain, true))
        r.note(validation::domain_to_ascii, 0);
    std::string result;
    if (iri::detail::is_ascii(domain)) {  // step 5: lowercased, whatever Unicode ToASCII would say
        result.assign(domain);
        for (char& ch : result) ch = iri::detail::to_lower(ch);
    } else {
        std::optional<std::string> ascii = iri::detail::web_domain_to_ascii(domain, false);
        if (!ascii) return std::nullopt;
        result = std::move(*ascii);
    }
    if (result.empty()) return std::nullopt;
    for (char ch : result)
        if (detail::forbidden_domain.has(static_cast<unsigned char>(ch))) return std::nullopt;
    return result;
}

// The domain path when the host is ASCII without "%" and no note is asked for (the common case): percent-decoding
// and UTF-8 decoding change nothing, and the domain parser lowercases it (§3.3 domain to ASCII step 5's ASCII case),
// so it is lowercased straight into `out`, its forbidden domain code points refused on the way. Then the IPv4 parser
// when it ends in a number (whose forms read letters of either case: it needs no lowercase copy).
host_outcome parse_ascii_domain(std::string_view input, const reporter& r, std::string* out) {
    if (input.empty()) return r.fail(validation::domain_to_ascii, 0);
    for (const char ch : input)
        if (detail::forbidden_domain.has(static_cast<unsigned char>(ch))) return r.fail(validation::domain_to_ascii, 0);
    if (iri::detail::ends_in_a_number(input)) return parse_ipv4_host(input, r, out);
    if (out) {
        const std::size_t start = out->size();
        out->resize(start + input.size());
        char* p = out->data() + start;
        for (const char ch : input) *p++ = iri::detail::to_lower(ch);
    }
    host_outcome o;
    o.kind = host_kind::domain;
    return o;
}

}  // namespace

host_outcome parse_host(std::string_view input, bool is_opaque, std::string* out, std::vector<validation_note>* notes,
                        std::uint32_t input_offset) {
    const reporter r{notes, input_offset};
    if (!input.empty() && input.front() == '[') return parse_ipv6_host(input, r, out);
    if (is_opaque) return parse_opaque_host(input, r, out);
    if (!notes && input.find('%') == std::string_view::npos && iri::detail::is_ascii(input))
        return parse_ascii_domain(input, r, out);
    if (const std::size_t at = first_percent_encoded_byte(input); at != std::string_view::npos)
        r.note(validation::domain_percent_encoded, at);
    // §1.3's percent-decode is percent_decode's lenient mode (a "%" without two hex digits kept), which never fails.
    const result<std::string> bytes = percent_decode(input, decode_mode::lenient);
    // UTF-8 decode without BOM: an ill-formed sequence becomes U+FFFD, which UTS #46 disallows, so the domain
    // parser fails on it (the Standard's note allows this early return).
    if (!bytes || !iri::detail::is_well_formed_utf8(*bytes)) return r.fail(validation::domain_to_ascii, 0);
    const std::optional<std::string> ascii_domain = parse_domain(*bytes, r);
    if (!ascii_domain) return r.fail(validation::domain_to_ascii, 0);
    if (iri::detail::ends_in_a_number(*ascii_domain)) return parse_ipv4_host(*ascii_domain, r, out);
    if (out) *out += *ascii_domain;
    host_outcome o;
    o.kind = host_kind::domain;
    return o;
}

}  // namespace iri::web
