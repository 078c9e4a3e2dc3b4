// UTS #46 processing, ToASCII and ToUnicode (§4, §4.2, §4.3), see uts46_detail.hpp.
#include <string>
#include <vector>

#include "convert/punycode_detail.hpp"
#include "convert/uts46_detail.hpp"
#include "iri/error.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// §4's result: the labels after Convert/Validate, one after the other with a "." between each two, where each
// begins and ends, and the errors recorded.
struct processed {
    std::u32string text;
    std::vector<std::pair<std::size_t, std::size_t>> labels;
    std::uint32_t errors = 0;
    bool normalization_failed = false;

    [[nodiscard]] std::u32string_view label(std::size_t i) const noexcept {
        return std::u32string_view(text).substr(labels[i].first, labels[i].second - labels[i].first);
    }
};

bool is_ascii(std::u32string_view s) noexcept {
    for (char32_t c : s)
        if (c >= 0x80) return false;
    return true;
}

void append_code_points(std::string_view utf8, std::u32string& out) {
    for_each_code_point_or_fffd(utf8, [&out](char32_t c, std::size_t) { out += c; });
}

void append_utf8(std::u32string_view text, std::string& out) {
    for (char32_t c : text) {
        if (c < 0x80) out += static_cast<char>(c);
        else detail::append_utf8(out, c);
    }
}

// Step 4, Convert/Validate, of one label (UTF-8, after Map and Normalize): appended to p.text, converted when it
// is an "xn--" label that decodes, else as it is.
void convert_and_validate(std::string_view label, const uts46_flags& flags, processed& p) {
    const std::size_t at = p.text.size();
    if (label.substr(0, 4) != "xn--") {
        append_code_points(label, p.text);
        p.errors |= uts46_label_errors(std::u32string_view(p.text).substr(at), false, flags, p.normalization_failed);
        return;
    }
    // 1. An "xn--" label with a code point beyond ASCII is an error; 2. so is one whose rest is not Punycode
    // (IgnoreInvalidPunycode is false). Either is kept as it was.
    if (!detail::is_ascii(label) || !punycode_decode(label.substr(4), p.text)) {
        p.text.resize(at);
        append_code_points(label, p.text);
        p.errors |= idna_error::punycode;
        return;
    }
    // 3. The decoded label must not be empty or only ASCII; 4. and must meet the validity criteria (§4.1).
    const std::u32string_view decoded = std::u32string_view(p.text).substr(at);
    if (decoded.empty() || is_ascii(decoded)) p.errors |= idna_error::invalid_ace_label;
    p.errors |= uts46_label_errors(decoded, true, flags, p.normalization_failed);
}

// §4, Processing: Map, Normalize, Break, Convert/Validate; then the criteria on the labels as converted that ask
// for the others: CheckJoiners (§4.1 criterion 8), and CheckBidi (criterion 9) once one label is right-to-left.
processed process(std::string_view domain, const uts46_flags& flags) {
    processed p;
    std::string mapped;
    if (!uts46_map(domain, mapped)) {
        p.normalization_failed = true;
        return p;
    }
    p.text.reserve(mapped.size());
    // Step 3, Break: into labels at U+002E FULL STOP.
    for (std::size_t begin = 0;;) {
        const std::size_t dot = mapped.find('.', begin);
        const std::size_t at = p.text.size();
        convert_and_validate(std::string_view(mapped).substr(begin, dot - begin), flags, p);
        p.labels.emplace_back(at, p.text.size());
        if (dot == std::string::npos) break;
        p.text += U'.';
        begin = dot + 1;
    }
    bool bidi_domain = false;  // RFC 5893 §1.4: a domain name with a right-to-left label
    for (std::size_t i = 0; flags.check_bidi && !bidi_domain && i < p.labels.size(); ++i)
        bidi_domain = uts46_is_rtl(p.label(i));
    for (std::size_t i = 0; i < p.labels.size(); ++i) {
        if (flags.check_joiners && !uts46_joiners_valid(p.label(i))) p.errors |= idna_error::contextj;
        if (bidi_domain && !uts46_bidi_valid(p.label(i))) p.errors |= idna_error::bidi;
    }
    return p;
}

}  // namespace

uts46_result uts46_to_ascii(std::string_view domain, const uts46_flags& flags) {
    // 1. Processing (§4); 2. its labels.
    const processed p = process(domain, flags);
    uts46_result r{{}, p.errors, p.normalization_failed};
    if (r.normalization_failed) return r;
    r.domain.reserve(p.text.size() + 8 * p.labels.size());
    const std::size_t last = p.labels.size() - 1;
    const bool root = flags.root_label_allowed && last > 0 && p.label(last).empty();
    for (std::size_t i = 0; i < p.labels.size(); ++i) {
        if (i > 0) r.domain += '.';
        const std::size_t start = r.domain.size();
        const std::u32string_view label = p.label(i);
        // 3. A label with a code point beyond ASCII becomes "xn--" and its Punycode.
        if (is_ascii(label)) {
            append_utf8(label, r.domain);
        } else if (r.domain += "xn--"; !punycode_encode(label, r.domain)) {
            r.domain.resize(start);
            append_utf8(label, r.domain);
            r.errors |= idna_error::punycode;
        }
        // 4. VerifyDnsLength: each label of 1 to 63 octets (the root label too, unless it is allowed).
        const std::size_t length = r.domain.size() - start;
        if (flags.verify_dns_length && length == 0 && !(root && i == last)) r.errors |= idna_error::empty_label;
        if (flags.verify_dns_length && length > 63) r.errors |= idna_error::label_too_long;
    }
    // 4. VerifyDnsLength: the name, without the root label and its dot, of 1 to 253 octets.
    const bool ends_in_root = last > 0 && p.label(last).empty();
    const std::size_t name_length = r.domain.size() - (ends_in_root ? 1 : 0);
    if (flags.verify_dns_length && (name_length < 1 || name_length > 253)) r.errors |= idna_error::domain_name_too_long;
    return r;
}

uts46_result uts46_to_unicode(std::string_view domain, const uts46_flags& flags) {
    // 1. Processing (§4); 2. its result and errors.
    const processed p = process(domain, flags);
    uts46_result r{{}, p.errors, p.normalization_failed};
    if (r.normalization_failed) return r;
    r.domain.reserve(p.text.size() + p.text.size() / 2);
    append_utf8(p.text, r.domain);
    // An empty label is an error, but for the last of two or more (the root): IdnaTestV2's X4_2.
    for (std::size_t i = 0; i < p.labels.size(); ++i)
        if (p.label(i).empty() && !(i > 0 && i + 1 == p.labels.size())) r.errors |= idna_error::empty_label;
    return r;
}

}  // namespace iri::detail
