// Bidi diagnostics (RFC 3987 §4; 3987bis §6.3 for LEIRIs).
#include <unicode/uchar.h>

#include "check/check_detail.hpp"
#include "text/ascii.hpp"

namespace iri::detail {

void check_bidi(const check_context& cx, const std::vector<piece>& pieces) {
    // Bidi formatting characters: excluded from IRIs by the grammar (RFC 3987 §4.1), allowed in LEIRIs.
    if (cx.g == grammar::leiri && !cx.ascii) {  // (they are not ASCII)
        for_each_char(cx.r.str(), 0, static_cast<std::uint32_t>(cx.r.str().size()),
                      [&](UChar32 c, std::uint32_t b, std::uint32_t e) {
                          if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL))
                              cx.add(diag::leiri_bidi_formatting, b, e, component_of(cx.r.offsets(), b),
                                     code_point_name(c) +
                                         " is a bidi formatting character: displayed LEIRIs with it cannot be "
                                         "read back unambiguously");
                      });
    }
    // §4.2: for each component, (1) not both directions, (2) right-to-left ones start and end with one. An ASCII
    // component has no right-to-left character.
    if (cx.ascii) return;
    for (const piece& p : pieces) {
        if (is_ascii(cx.text(p.begin, p.end))) continue;
        unsigned all = 0, first = 0, last = 0;  // char_flags: of every character (or'ed), of the first and last
        bool any = false;
        for_each_char(cx.r.str(), p.begin, p.end, [&](UChar32 c, std::uint32_t, std::uint32_t) {
            last = char_flags(c);
            all |= last;
            if (!any) first = last;
            any = true;
        });
        const bool ltr = (all & flag_ltr) != 0, rtl = (all & flag_rtl) != 0;
        if (!rtl) continue;
        if (ltr)
            cx.add(diag::bidi_mixed_direction, p.begin, p.end, p.where,
                   "the component mixes left-to-right and right-to-left characters");
        if (!(first & last & flag_rtl)) {
            const bool digits = ((first | last) & flag_number) != 0;  // §4.4 example 8: "GH1/2IJ" reads as a fraction
            cx.add(digits ? diag::bidi_rtl_edge_digit : diag::bidi_rtl_edges, p.begin, p.end, p.where,
                   digits ? "a right-to-left component starts or ends with a digit, which the bidi algorithm "
                            "joins to its neighbours"
                          : "a right-to-left component does not start and end with a right-to-left character");
        }
    }
}

}  // namespace iri::detail
