// UTS #46 processing, ToASCII and ToUnicode (§4, §4.2, §4.3), see uts46_detail.hpp.
#include <string>

#include "convert/punycode_detail.hpp"
#include "convert/uts46_detail.hpp"
#include "iri/error.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// §4's result: the labels after Convert/Validate, one after the other with a "." between each two (no label holds
// one: step 3 cut the text at each, and a decoded label's code points beyond its ASCII part are above U+007F), and
// the errors recorded.
struct processed {
    std::u32string text;
    std::uint32_t errors = 0;
    bool normalization_failed = false;
};

// Calls f(label, is_last) for each label of `text`, in order.
template <class F>
void for_each_label(std::u32string_view text, F f) {
    for (std::size_t begin = 0;;) {
        const std::size_t dot = text.find(U'.', begin);
        f(text.substr(begin, dot - begin), dot == std::u32string_view::npos);
        if (dot == std::u32string_view::npos) return;
        begin = dot + 1;
    }
}

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
        convert_and_validate(std::string_view(mapped).substr(begin, dot - begin), flags, p);
        if (dot == std::string::npos) break;
        p.text += U'.';
        begin = dot + 1;
    }
    // RFC 5893 §1.4: a Bidi domain name has a right-to-left label; the whole text is read for one.
    const bool bidi_domain = flags.check_bidi && uts46_is_rtl(p.text);
    if (!flags.check_joiners && !bidi_domain) return p;
    for_each_label(p.text, [&](std::u32string_view label, bool) {
        if (flags.check_joiners && !uts46_joiners_valid(label)) p.errors |= idna_error::contextj;
        if (bidi_domain && !uts46_bidi_valid(label)) p.errors |= idna_error::bidi;
    });
    return p;
}

}  // namespace

uts46_result uts46_to_ascii(std::string_view domain, const uts46_flags& flags) {
    // 1. Processing (§4); 2. its labels.
    const processed p = process(domain, flags);
    uts46_result r{{}, p.errors, p.normalization_failed};
    if (r.normalization_failed) return r;
    r.domain.reserve(p.text.size() + 16);
    const bool ends_in_root = p.text.size() > 0 && p.text.back() == U'.';  // a last label that is empty
    bool first = true;
    for_each_label(p.text, [&](std::u32string_view label, bool last) {
        if (!first) r.domain += '.';
        first = false;
        const std::size_t start = r.domain.size();
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
        const bool root = last && ends_in_root && flags.root_label_allowed;
        if (flags.verify_dns_length && length == 0 && !root) r.errors |= idna_error::empty_label;
        if (flags.verify_dns_length && length > 63) r.errors |= idna_error::label_too_long;
    });
    // 4. VerifyDnsLength: the name, without the root label and its dot, of 1 to 253 octets.
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
    bool first = true;
    for_each_label(p.text, [&](std::u32string_view label, bool last) {
        if (label.empty() && !(last && !first)) r.errors |= idna_error::empty_label;
        first = false;
    });
    return r;
}

}  // namespace iri::detail
