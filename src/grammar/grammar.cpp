// Names of grammar variants and productions, and lookup by ABNF rule name.
#include "iri/grammar.hpp"

#include <cstring>

#include "grammar/registry.hpp"
#include "text/ascii.hpp"

namespace iri {

// The shipped variants keep their values whatever other grammar files exist (cmake/IriGenerate.cmake; ABI policy).
static_assert(static_cast<int>(grammar::iri) == 0 && static_cast<int>(grammar::leiri) == 1 &&
              static_cast<int>(grammar::rfc3987) == 2 && static_cast<int>(grammar::uri) == 3);

namespace {

constexpr const char* role_names[] = {
#define IRI_PRODUCTION(id, rfc3986_name) rfc3986_name,
#include "iri/roles.def"
#undef IRI_PRODUCTION
};

}  // namespace

std::string_view name(grammar g) noexcept { return detail::info(g).name; }

std::optional<grammar> find_grammar(std::string_view n) noexcept {
    for (std::size_t i = 0; i < grammar_count; ++i)
        if (n == detail::grammar_infos[i]->name) return static_cast<grammar>(i);
    return std::nullopt;
}

std::string_view role_name(production p) noexcept { return role_names[static_cast<std::size_t>(p)]; }

std::string_view rule_name(grammar g, production p) noexcept {
    const detail::grammar_info& gi = detail::info(g);
    for (std::size_t i = 0; i < gi.entry_count; ++i)
        if (gi.entries[i].role == p) return gi.entries[i].rule;
    return {};
}

std::optional<production> find_production(grammar g, std::string_view abnf_name) noexcept {
    const detail::grammar_info& gi = detail::info(g);
    for (std::size_t i = 0; i < gi.entry_count; ++i)
        if (detail::iequals(abnf_name, gi.entries[i].rule)) return gi.entries[i].role;
    for (std::size_t i = 0; i < gi.alias_count; ++i)
        if (detail::iequals(abnf_name, gi.aliases[i].name)) return find_production(g, gi.aliases[i].rule);
    for (std::size_t i = 0; i < std::size(role_names); ++i)
        if (detail::iequals(abnf_name, role_names[i]) && gi.by_role[i]) return static_cast<production>(i);
    return std::nullopt;
}

}  // namespace iri
