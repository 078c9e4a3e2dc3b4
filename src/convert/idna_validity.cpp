// UTS #46 §4.1, the validity criteria of a label, see uts46_detail.hpp.
#include <array>
#include <optional>
#include <string>

#include "convert/idna_table.hpp"
#include "convert/uts46_detail.hpp"
#include "iri/error.hpp"
#include "text/nfc_detail.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

using idna::bidi_class;
using idna::joining_type;

// UseSTD3ASCIIRules (§4.1 criterion 7): of ASCII, only lowercase letters, digits and "-" are allowed (an uppercase
// letter was mapped to its lowercase, but a decoded label can hold one).
bool std3_allowed(char32_t c) noexcept { return c < 0x80 && idna::ascii_table()[c].std3; }

// Criterion 1, for a decoded label: whether it is in NFC.
bool in_nfc(std::u32string_view label, bool& normalization_failed) {
    std::string utf8;
    for (char32_t c : label) append_utf8(utf8, c);
    const std::optional<bool> nfc = is_nfc(utf8);
    if (!nfc) normalization_failed = true;
    return nfc.value_or(true);
}

// Criteria 2 to 4 (CheckHyphens, and without it no "xn--" at the start) of a label of code points or of bytes.
template <class Label>
std::uint32_t hyphen_errors(const Label& label, const uts46_flags& flags) noexcept {
    std::uint32_t errors = 0;
    const bool hyphens_3_4 = label.size() >= 4 && label[2] == '-' && label[3] == '-';
    if (flags.check_hyphens) {
        // 2. No "-" in both the third and the fourth positions. 3. No "-" first or last.
        if (hyphens_3_4) errors |= idna_error::hyphen_3_4;
        if (label.front() == '-') errors |= idna_error::leading_hyphen;
        if (label.back() == '-') errors |= idna_error::trailing_hyphen;
    } else if (hyphens_3_4 && label[0] == 'x' && label[1] == 'n') {
        errors |= idna_error::invalid_ace_label;  // 4. Without CheckHyphens: not beginning with "xn--".
    }
    return errors;
}

}  // namespace

uts46_label_facts uts46_check_label(std::u32string_view label, bool from_punycode, const uts46_flags& flags,
                                    bool& normalization_failed) {
    uts46_label_facts facts;
    if (label.empty()) return facts;
    // 1. The label must be in NFC (step 2 put every other label in NFC already).
    if (from_punycode && !in_nfc(label, normalization_failed)) facts.errors |= idna_error::invalid_ace_label;
    facts.errors |= hyphen_errors(label, flags);
    // 6. Not beginning with a combining mark (General_Category=Mark).
    if (idna::lookup(label.front()).mark()) facts.errors |= idna_error::leading_combining_mark;
    for (char32_t c : label) {
        if (c == '.') facts.errors |= idna_error::label_has_dot;  // 5. No U+002E FULL STOP.
        facts.joiner = facts.joiner || c == 0x200C || c == 0x200D;
        // 7. Each code point valid or deviation (nontransitional), and with UseSTD3ASCIIRules an ASCII one a
        // lowercase letter, a digit or "-". A mapped or ignored one can only come from Punycode.
        const idna::code_point_data d = idna::lookup(c);
        switch (d.state()) {
            case idna::status::valid:
                if (flags.use_std3_ascii_rules && c < 0x80 && !std3_allowed(c)) facts.errors |= idna_error::disallowed;
                break;
            case idna::status::deviation: break;
            case idna::status::disallowed: facts.errors |= idna_error::disallowed; break;
            default: facts.errors |= idna_error::invalid_ace_label;
        }
        const bidi_class b = d.bidi();
        facts.right_to_left = facts.right_to_left || b == bidi_class::r || b == bidi_class::al || b == bidi_class::an;
    }
    return facts;
}

uts46_label_facts uts46_check_ascii_label(std::string_view label, const uts46_flags& flags) noexcept {
    uts46_label_facts facts;
    if (label.empty()) return facts;
    const std::array<idna::ascii_data, 128>& ascii = idna::ascii_table();
    facts.errors |= hyphen_errors(label, flags);
    if (ascii[static_cast<unsigned char>(label.front())].mark) facts.errors |= idna_error::leading_combining_mark;
    for (char ch : label) {
        const auto c = static_cast<unsigned char>(ch);
        if (!ascii[c].allowed || (flags.use_std3_ascii_rules && !std3_allowed(c)))
            facts.errors |= idna_error::disallowed;
        facts.right_to_left = facts.right_to_left || ascii[c].right_to_left;
    }
    return facts;
}

bool uts46_joiners_valid(std::u32string_view label) noexcept {
    const auto joining = [&label](std::size_t i) { return idna::lookup(label[i]).joining(); };
    for (std::size_t i = 0; i < label.size(); ++i) {
        if (label[i] != 0x200C && label[i] != 0x200D) continue;
        // A.1 and A.2: True if Canonical_Combining_Class(Before(cp)) is Virama.
        if (i > 0 && idna::lookup(label[i - 1]).virama()) continue;
        if (label[i] == 0x200D) return false;
        // A.1: or if (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D}) matches. Each
        // run of T is read at most twice (once from the ZWNJ after it, once from the one before it): linear.
        std::size_t before = i;
        while (before > 0 && joining(before - 1) == joining_type::t) --before;
        std::size_t after = i + 1;
        while (after < label.size() && joining(after) == joining_type::t) ++after;
        const bool left =
            before > 0 && (joining(before - 1) == joining_type::l || joining(before - 1) == joining_type::d);
        const bool right =
            after < label.size() && (joining(after) == joining_type::r || joining(after) == joining_type::d);
        if (!left || !right) return false;
    }
    return true;
}

bool uts46_bidi_valid(std::u32string_view label) noexcept {
    if (label.empty()) return true;
    // 1. The first character has Bidi property L, R or AL: an LTR label if L, an RTL one if R or AL.
    const bidi_class first = idna::lookup(label.front()).bidi();
    const bool rtl = first == bidi_class::r || first == bidi_class::al;
    if (!rtl && first != bidi_class::l) return false;
    bool en = false, an = false;
    bidi_class last = first;  // of the last character that is not NSM
    for (char32_t c : label) {
        const bidi_class b = idna::lookup(c).bidi();
        switch (b) {
            // 2. In an RTL label only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM; 5. in an LTR label only L, EN,
            // ES, CS, ET, ON, BN and NSM.
            case bidi_class::l:
                if (rtl) return false;
                break;
            case bidi_class::r:
            case bidi_class::al:
            case bidi_class::an:
                if (!rtl) return false;
                break;
            case bidi_class::other: return false;
            default: break;
        }
        en = en || b == bidi_class::en;
        an = an || b == bidi_class::an;
        if (b != bidi_class::nsm) last = b;
    }
    // 3. An RTL label ends with R, AL, EN or AN, then any NSM; 4. it does not have both EN and AN.
    if (rtl)
        return (last == bidi_class::r || last == bidi_class::al || last == bidi_class::en || last == bidi_class::an) &&
               !(en && an);
    // 6. An LTR label ends with L or EN, then any NSM.
    return last == bidi_class::l || last == bidi_class::en;
}

}  // namespace iri::detail
