// Character limitations (3987bis §5.1, RFC 3987 §6.1) and the LEIRI groups (3987bis §6.3).
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>

#include "check/check_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/charset.hpp"
#include "text/ascii.hpp"
#include "text/nfc_detail.hpp"

namespace iri::detail {

namespace {

constexpr UChar32 zwnj = 0x200C, zwj = 0x200D;
constexpr int virama = 9;  // Canonical_Combining_Class Virama

int joining_type(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_JOINING_TYPE); }

// RFC 5892 Appendix A.1 and A.2: the contexts in which ZWNJ and ZWJ are allowed.
bool joiner_in_context(const std::vector<UChar32>& cps, std::size_t i) {
    if (i > 0 && u_getCombiningClass(cps[i - 1]) == virama) return true;  // A.1 and A.2: after a virama
    if (cps[i] == zwj) return false;
    // A.1: (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
    std::size_t b = i;
    while (b > 0 && joining_type(cps[b - 1]) == U_JT_TRANSPARENT) --b;
    if (b == 0) return false;
    const int before = joining_type(cps[b - 1]);
    if (before != U_JT_LEFT_JOINING && before != U_JT_DUAL_JOINING) return false;
    std::size_t a = i + 1;
    while (a < cps.size() && joining_type(cps[a]) == U_JT_TRANSPARENT) ++a;
    if (a == cps.size()) return false;
    const int after = joining_type(cps[a]);
    return after == U_JT_RIGHT_JOINING || after == U_JT_DUAL_JOINING;
}

}  // namespace

void check_chars(const check_context& cx, const std::vector<piece>& pieces) {
    if (cx.ascii) return;      // ASCII is NFC and NFKC-stable, and holds no mark, joiner or private-use character
    std::vector<UChar32> cps;  // a piece's code points, for a joiner's context only
    for (const piece& p : pieces) {
        if (is_ascii(cx.text(p.begin, p.end))) continue;
        cps.clear();
        std::size_t i = 0;  // the character's index in the piece
        for_each_char(cx.r.str(), p.begin, p.end, [&](UChar32 c, std::uint32_t b, std::uint32_t e) {
            const std::uint8_t f = char_flags(c);
            if (i++ == 0 && (f & flag_mark))
                cx.add(diag::chars_leading_combining_mark, b, e, p.where,
                       code_point_name(c) + ", a combining mark, starts the component");
            if (c == zwnj || c == zwj) {
                if (cps.empty())
                    for_each_char(cx.r.str(), p.begin, p.end,
                                  [&](UChar32 d, std::uint32_t, std::uint32_t) { cps.push_back(d); });
                if (!joiner_in_context(cps, i - 1))
                    cx.add(diag::chars_joiner_context, b, e, p.where,
                           code_point_name(c) + (c == zwj ? " (ZERO WIDTH JOINER)" : " (ZERO WIDTH NON-JOINER)") +
                               " outside the contexts of RFC 5892 Appendix A");
            }
            if (f & flag_compatibility)
                cx.add(diag::chars_compatibility, b, e, p.where,
                       code_point_name(c) + " is a compatibility character (NFKC changes it)");
            if (f & flag_private_use)
                cx.add(diag::chars_private_use, b, e, p.where,
                       code_point_name(c) + " is a private-use character: its meaning needs a private agreement");
        });
        if (is_nfc(cx.text(p.begin, p.end)) == false)  // nothing when ICU fails
            cx.add(diag::chars_not_nfc, p.begin, p.end, p.where,
                   "the component is not in NFC; IRIs should be created in NFC");
    }
}

void check_leiri(const check_context& cx, const std::vector<piece>& pieces) {
    // The characters a LEIRI component allows and the IRI component does not, by the groups of §6.3.
    for (const piece& p : pieces) {
        for_each_char(cx.r.str(), p.begin, p.end, [&](UChar32 c, std::uint32_t b, std::uint32_t e) {
            const auto u = static_cast<char32_t>(c);
            if (allowed_literally(u, grammar::iri, p.role) || !allowed_literally(u, grammar::leiri, p.role)) return;
            if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return;  // reported by check_bidi
            diag code;
            const char* why;
            // The groups as §6.3 lists them (grammar/leiri.abnf).
            static const charset_info& delimiters = named(grammar::leiri, named_set::leiri_delimiters);
            static const charset_info& unwise = named(grammar::leiri, named_set::leiri_unwise);
            if (c == ' ') {
                code = diag::leiri_space, why = "may be taken for a delimiter, or disappear";
            } else if (contains(delimiters, u)) {
                code = diag::leiri_delimiter, why = "delimits IRIs in plain text: the LEIRI may be cut off there";
            } else if (contains(unwise, u)) {
                code = diag::leiri_unwise, why = "displayed differently on some systems, and used around IRIs";
            } else if (u_charType(c) == U_CONTROL_CHAR) {
                code = diag::leiri_control, why = "cannot be transmitted reliably and may change the display";
            } else if (ublock_getCode(c) == UBLOCK_SPECIALS) {
                code = diag::leiri_special, why = "serves no purpose in a LEIRI and may display confusingly";
            } else if (u_charType(c) == U_PRIVATE_USE_CHAR) {
                code = diag::leiri_private_use, why = "undefined without private agreement";
            } else if (ublock_getCode(c) == UBLOCK_TAGS) {
                code = diag::leiri_tag, why = "language tags cannot be input, transmitted or recognized reliably";
            } else if (u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT)) {
                code = diag::leiri_non_character, why = "a non-character, for the internal use of applications";
            } else {
                code = diag::leiri_other, why = "allowed in LEIRIs only";
            }
            cx.add(code, b, e, p.where, code_point_name(c) + " is allowed in LEIRIs, not in IRIs: " + why);
        });
    }
}

}  // namespace iri::detail
