// scheme.*: the reference under its scheme's own grammar (grammar/schemes/), when one governs it.
#include "check/check_detail.hpp"
#include "iri/parse.hpp"
#include "iri/scheme_rules.hpp"
#include "normalize/scheme_rules_detail.hpp"

namespace iri::detail {

void check_scheme_rules(const check_context& cx) {
    if (!cx.r.has_scheme()) return;
    // A LEIRI with characters IRIs do not allow maps to a URI through 3987bis §6.2 first; those characters have
    // their leiri.* warnings, and the scheme's rules are checked on references that are IRIs.
    if (cx.g != grammar::iri && cx.g != grammar::uri && !parse(cx.r.str(), grammar::iri)) return;
    // The whole-URI DFA only: the scheme's parts are not looked for (no allocation on a valid reference).
    const bool generic = cx.r.has_authority() && (cx.g == grammar::iri || cx.g == grammar::uri);
    const std::optional<scheme_error> error = scheme_grammar_error(
        cx.r.str(), cx.r.scheme(), generic ? cx.r.offsets()[component::authority].end : std::string_view::npos);
    if (!error) return;
    const scheme_error& e = *error;
    cx.out.push_back(
        {e.code, severity::error, e.begin, e.end, component_of(cx.r.offsets(), e.begin), e.message, e.spec});
}

}  // namespace iri::detail
