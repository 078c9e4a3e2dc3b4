// UTS #46 processing, ToASCII and ToUnicode (§4, §4.2, §4.3), see uts46_detail.hpp.
#include <array>
#include <string>

#include "convert/punycode_detail.hpp"
#include "convert/uts46_detail.hpp"
#include "iri/error.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// §4's result: the labels after Convert/Validate as UTF-8, one after the other with a "." between each two (no label
// holds one: step 3 cut the text at each, and a decoded label's code points beyond its ASCII part are above
// U+007F), and the errors recorded.
struct processed {
    std::string text;
    std::uint32_t errors = 0;
    bool normalization_failed = false;
};

// Calls f(label, is_last) for each label of `text`, in order.
template <class F>
void for_each_label(std::string_view text, F f) {
    for (std::size_t begin = 0;;) {
        const std::size_t dot = text.find('.', begin);
        f(text.substr(begin, dot - begin), dot == std::string_view::npos);
        if (dot == std::string_view::npos) return;
        begin = dot + 1;
    }
}

bool is_ascii(std::u32string_view s) noexcept {
    for (char32_t c : s)
        if (c >= 0x80) return false;
    return true;
}

// The code points of one label of the mapped text (well-formed UTF-8), kept in place for a label of up to 64 bytes
// (nearly every label: no allocation), else on the heap.
class code_points {
public:
    std::u32string_view decode(std::string_view utf8) {
        char32_t* to = inline_.data();
        if (utf8.size() > inline_.size()) {
            heap_.resize(utf8.size());
            to = heap_.data();
        }
        return {to, decode_well_formed_utf8(utf8, to)};
    }

private:
    std::array<char32_t, 64> inline_;
    std::u32string heap_;
};

void append_utf8(std::u32string_view text, std::string& out) {
    for (char32_t c : text) {
        if (c < 0x80) out += static_cast<char>(c);
        else detail::append_utf8(out, c);
    }
}

// Step 3 and 4 of §4 over the mapped text, and what the criteria on the whole name ask. Each label is checked where
// it is; the text is copied (into `converted`) only from the first "xn--" label that decodes, which the copy holds
// decoded.
class converter {
public:
    converter(const uts46_flags& flags, processed& p) : flags_(flags), p_(p) {}

    void run() {
        // Step 3, Break: into labels at U+002E FULL STOP. Step 4, Convert/Validate each.
        const std::string_view text = p_.text;
        for (std::size_t begin = 0;;) {
            const std::size_t dot = text.find('.', begin);
            const std::string_view label = text.substr(begin, dot - begin);
            if (!ace(label, begin)) keep(label);
            if (dot == std::string_view::npos) break;
            if (copying_) converted_ += '.';
            begin = dot + 1;
        }
        if (copying_) p_.text = std::move(converted_);
        whole_name();
    }

private:
    // A label that is not an "xn--" label that decodes: checked (§4.1) as it is, copied once the text is.
    void keep(std::string_view label) {
        if (detail::is_ascii(label)) {
            add(uts46_check_ascii_label(label, flags_));
        } else {
            add(uts46_check_label(label_code_points_.decode(label), false, flags_, p_.normalization_failed));
        }
        if (copying_) converted_ += label;
    }

    // An "xn--" label (step 4): false when it is not one. 1. One with a code point beyond ASCII is an error; 2. so
    // is one whose rest is not Punycode (IgnoreInvalidPunycode is false): either is kept as it was, and not checked
    // further ("continue with the next label"). 3. The decoded label must not be empty or only ASCII; 4. and must
    // meet the validity criteria (§4.1).
    bool ace(std::string_view label, std::size_t at) {
        if (label.substr(0, 4) != "xn--") return false;
        scratch_.clear();
        if (!detail::is_ascii(label) || !punycode_decode(label.substr(4), scratch_)) {
            p_.errors |= idna_error::punycode;
            if (copying_) converted_ += label;
            return true;
        }
        if (scratch_.empty() || is_ascii(scratch_)) p_.errors |= idna_error::invalid_ace_label;
        add(uts46_check_label(scratch_, true, flags_, p_.normalization_failed));
        if (!copying_) {
            converted_.assign(p_.text, 0, at);  // the labels before it and their dots
            copying_ = true;
        }
        append_utf8(scratch_, converted_);
        return true;
    }

    void add(const uts46_label_facts& f) {
        p_.errors |= f.errors;
        right_to_left_ = right_to_left_ || f.right_to_left;
        joiner_ = joiner_ || f.joiner;
    }

    // Criterion 8 (CheckJoiners) on the labels with a joiner, and criterion 9 (CheckBidi) on every label once one is
    // right-to-left (RFC 5893 §1.4: a Bidi domain name), each label as converted.
    void whole_name() {
        const bool joiners = flags_.check_joiners && joiner_, bidi = flags_.check_bidi && right_to_left_;
        if (!joiners && !bidi) return;
        for_each_label(p_.text, [&](std::string_view label, bool) {
            const std::u32string_view decoded = label_code_points_.decode(label);
            if (joiners && !uts46_joiners_valid(decoded)) p_.errors |= idna_error::contextj;
            if (bidi && !uts46_bidi_valid(decoded)) p_.errors |= idna_error::bidi;
        });
    }

    const uts46_flags& flags_;
    processed& p_;
    std::u32string scratch_;  // a decoded "xn--" label
    code_points label_code_points_;
    std::string converted_;
    bool copying_ = false;
    bool right_to_left_ = false, joiner_ = false;
};

// §4, Processing: Map, Normalize, Break, Convert/Validate; then the criteria that read the whole name.
processed process(std::string_view domain, const uts46_flags& flags) {
    processed p;
    if (!uts46_map(domain, p.text)) {
        p.normalization_failed = true;
        return p;
    }
    converter(flags, p).run();
    return p;
}

}  // namespace

uts46_result uts46_to_ascii(std::string_view domain, const uts46_flags& flags) {
    // 1. Processing (§4); 2. its labels.
    processed p = process(domain, flags);
    uts46_result r{{}, p.errors, p.normalization_failed};
    if (r.normalization_failed) return r;
    const bool ends_in_root = !p.text.empty() && p.text.back() == '.';  // a last label that is empty
    const bool ascii = detail::is_ascii(p.text);
    if (ascii) r.domain = std::move(p.text);
    code_points label_code_points;
    bool first = true;
    for_each_label(ascii ? r.domain : p.text, [&](std::string_view label, bool last) {
        std::size_t length = label.size();
        if (!ascii) {
            if (!first) r.domain += '.';
            const std::size_t start = r.domain.size();
            // 3. A label with a code point beyond ASCII becomes "xn--" and its Punycode.
            if (detail::is_ascii(label)) {
                r.domain += label;
            } else if (r.domain += "xn--"; !punycode_encode(label_code_points.decode(label), r.domain)) {
                r.domain.resize(start);
                r.domain += label;
                r.errors |= idna_error::punycode;
            }
            length = r.domain.size() - start;
        }
        first = false;
        // 4. VerifyDnsLength: each label of 1 to 63 octets (the root label too, unless it is allowed).
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
    processed p = process(domain, flags);
    uts46_result r{std::move(p.text), p.errors, p.normalization_failed};
    if (r.normalization_failed) return r;
    // An empty label is an error, but for the last of two or more (the root): IdnaTestV2's X4_2.
    bool first = true;
    for_each_label(r.domain, [&](std::string_view label, bool last) {
        if (label.empty() && !(last && !first)) r.errors |= idna_error::empty_label;
        first = false;
    });
    return r;
}

}  // namespace iri::detail
