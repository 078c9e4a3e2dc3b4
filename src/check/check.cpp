// The diagnostics driver: grammar errors, then each family (check_*.cpp).
#include "iri/check.hpp"

#include <unicode/uchar.h>

#include <cstdio>

#include "check/check_detail.hpp"
#include "iri/parse.hpp"
#include "model/form_detail.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace {

constexpr diagnostic_code table[] = {
#define IRI_DIAGNOSTIC(id, code, level, spec, summary) {code, severity::level, spec, summary},
#include "check/diagnostic_codes.def"
#undef IRI_DIAGNOSTIC
};

}  // namespace

std::span<const diagnostic_code> diagnostic_codes() noexcept { return table; }

namespace detail {

const diagnostic_code& row(diag d) noexcept { return table[static_cast<std::size_t>(d)]; }

std::string code_point_name(UChar32 c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

component component_of(const components& c, std::uint32_t at) noexcept {
    for (component k : {component::userinfo, component::host, component::port, component::path, component::query,
                        component::fragment, component::scheme})
        if (c.has(k) && at >= c[k].begin && at < c[k].end) return k;
    return component::none;
}

std::vector<piece> pieces_of(const reference_view& r) {
    std::vector<piece> out;
    out.reserve(16);  // enough for most references: one allocation
    const components& c = r.offsets();
    auto add = [&](std::uint32_t b, std::uint32_t e, component where, production role) {
        if (e > b) out.push_back({b, e, where, role});
    };
    // Split [b, e) of the reference at any of `seps` (one separator: memchr).
    auto split = [&](span s, std::string_view seps, component where, production role) {
        if (!s.present()) return;
        const std::string_view text = r.str().substr(0, s.end);
        std::uint32_t from = s.begin;
        for (std::size_t at;
             !seps.empty() && (at = seps.size() == 1 ? text.find(seps[0], from) : text.find_first_of(seps, from)) !=
                                  std::string_view::npos;) {
            add(from, static_cast<std::uint32_t>(at), where, role);
            from = static_cast<std::uint32_t>(at) + 1;
        }
        add(from, s.end, where, role);
    };
    split(c[component::userinfo], "", component::userinfo, production::userinfo);
    if (r.host_kind() == host_kind::reg_name) split(c[component::reg_name], ".", component::host, production::reg_name);
    split(c[component::path], "/", component::path, production::segment);
    split(c[component::query], detail::form_delimiters, component::query, production::query);  // names, values
    split(c[component::fragment], "", component::fragment, production::fragment);
    return out;
}

}  // namespace detail

std::vector<diagnostic> check(std::string_view reference, grammar g) {
    std::vector<diagnostic> out;
    auto parsed = reference_view::parse(reference, g);
    if (!parsed) {  // the grammar's error, as the parser reports it
        const error& e = parsed.error();
        const std::uint32_t end = e.char_offset + (e.length ? e.length : 0);
        out.push_back({std::string("syntax.") + name(e.code), severity::error, e.char_offset,
                       end > e.char_offset ? end : e.char_offset, e.where, e.message(), e.spec()});
        return out;
    }
    std::size_t left_out = 0;
    // Issue 15: cheap on clean input. An ASCII reference has no right-to-left character, no combining mark,
    // joiner, compatibility or private-use character, and is in NFC: the bidi and character checks are skipped.
    const detail::check_context cx{*parsed, g, out, left_out, detail::is_ascii(reference)};
    // The piece-by-piece checks find nothing in ASCII (but LEIRI's, whose space, "<", ">"... are ASCII): an ASCII
    // reference is not even split into pieces.
    if (!cx.ascii || g == grammar::leiri) {
        const auto pieces = detail::pieces_of(*parsed);
        detail::check_bidi(cx, pieces);
        detail::check_chars(cx, pieces);
        if (g == grammar::leiri) detail::check_leiri(cx, pieces);
        detail::check_spoof(cx, pieces);
    }
    detail::check_security(cx);
    detail::check_scheme_rules(cx);
    if (left_out > 0)
        out.push_back({detail::row(detail::diag::check_capped).code, severity::info, 0,
                       static_cast<std::uint32_t>(reference.size()), component::none,
                       std::to_string(left_out) + " more diagnostics left out: at most " +
                           std::to_string(max_diagnostics) + " are reported per reference",
                       detail::row(detail::diag::check_capped).spec});
    return out;
}

std::string wrap_for_display(std::string_view iri) {
    bool rtl = false;
    detail::for_each_char(iri, 0, static_cast<std::uint32_t>(iri.size()), [&](UChar32 c, std::uint32_t, std::uint32_t) {
        const auto d = u_charDirection(c);
        rtl = rtl || d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC;
    });
    if (!rtl) return std::string(iri);
    std::string out = "\u202A";  // LEFT-TO-RIGHT EMBEDDING
    out.append(iri);
    out += "\u202C";  // POP DIRECTIONAL FORMATTING
    return out;
}

}  // namespace iri
