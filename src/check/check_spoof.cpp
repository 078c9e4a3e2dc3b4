// Spoofing diagnostics for host labels (3987bis §10, UTS #39 through ICU's spoof checker).
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>

#include <memory>

#include "check/check_detail.hpp"
#include "iri/idna.hpp"
#include "text/ascii.hpp"

namespace iri::detail {

namespace {

struct spoof_closer {
    void operator()(USpoofChecker* s) const noexcept { uspoof_close(s); }
};

// One checker for the process (a configured USpoofChecker is thread-safe for checking), with the
// restriction level "highly restrictive" (UTS #39 §5.2): one script, or the allowed Han/Kana/Hangul mixes.
const USpoofChecker* checker() {
    static const std::unique_ptr<USpoofChecker, spoof_closer> sc = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<USpoofChecker, spoof_closer> s(uspoof_open(&status));
        if (U_FAILURE(status)) return std::unique_ptr<USpoofChecker, spoof_closer>();
        uspoof_setRestrictionLevel(s.get(), USPOOF_HIGHLY_RESTRICTIVE);
        uspoof_setChecks(s.get(), USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, &status);
        if (U_FAILURE(status)) return std::unique_ptr<USpoofChecker, spoof_closer>();
        return s;
    }();
    return sc.get();
}

}  // namespace

void check_spoof(const check_context& cx, const std::vector<piece>& pieces) {
    const USpoofChecker* sc = checker();
    if (!sc) return;
    for (const piece& p : pieces) {
        if (p.where != component::host) continue;
        const std::string_view label = cx.text(p.begin, p.end);
        if (is_ascii(label)) continue;  // ASCII labels are what the others are compared with
        // Longer than a DNS label (security.idna reports it): not given to UTS #39, not linear in ICU.
        if (label.size() > max_idna_label_bytes) continue;
        UErrorCode status = U_ZERO_ERROR;
        const auto n = static_cast<int32_t>(label.size());
        const int32_t result = uspoof_checkUTF8(sc, label.data(), n, nullptr, &status);
        if (U_FAILURE(status)) continue;
        if (result & (USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS))
            cx.add(diag::spoof_mixed_script, p.begin, p.end, p.where,
                   "the host label mixes scripts (UTS #39 highly restrictive level)");
        if (result & USPOOF_INVISIBLE)
            cx.add(diag::spoof_invisible, p.begin, p.end, p.where,
                   "the host label has invisible characters (repeated nonspacing marks)");
        for_each_char(cx.r.str(), p.begin, p.end, [&](UChar32 c, std::uint32_t b, std::uint32_t e) {
            if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
                cx.add(diag::spoof_invisible, b, e, p.where, code_point_name(c) + " is invisible (default-ignorable)");
        });
        // A label whose skeleton is an ASCII name looks like that name (UTS #39 §4).
        char skeleton[256];
        status = U_ZERO_ERROR;
        const int32_t len = uspoof_getSkeletonUTF8(sc, 0, label.data(), n, skeleton, sizeof skeleton, &status);
        if (U_FAILURE(status) || len <= 0 || len >= static_cast<int32_t>(sizeof skeleton)) continue;
        bool ascii_skeleton = true;
        for (int32_t i = 0; i < len; ++i)
            ascii_skeleton = ascii_skeleton && static_cast<unsigned char>(skeleton[i]) < 0x80;
        if (!ascii_skeleton) continue;
        // One script throughout (Common and Inherited aside): a whole-script confusable.
        UScriptCode script = USCRIPT_COMMON;
        bool single = true;
        for_each_char(cx.r.str(), p.begin, p.end, [&](UChar32 c, std::uint32_t, std::uint32_t) {
            UErrorCode e = U_ZERO_ERROR;
            const UScriptCode s = uscript_getScript(c, &e);
            if (s == USCRIPT_COMMON || s == USCRIPT_INHERITED) return;
            if (script == USCRIPT_COMMON) script = s;
            else single = single && s == script;
        });
        // A Latin label with diacritics or ligatures ("træna") is not a confusable of ASCII: it is Latin.
        if (single && script == USCRIPT_LATIN) continue;
        const std::string looks_like(skeleton, static_cast<std::size_t>(len));
        cx.add(single ? diag::spoof_whole_script_confusable : diag::spoof_ascii_confusable, p.begin, p.end, p.where,
               "the host label is confusable with ASCII text (its UTS #39 skeleton is \"" + looks_like + "\")");
    }
}

}  // namespace iri::detail
