// The generated grammar tables, indexed by iri::grammar. Private to the library.
#pragma once

#include "grammar/match.hpp"
#include "iri/grammar.hpp"

namespace iri::detail {

#define IRI_GRAMMAR(name) extern const grammar_info grammar_info_##name;
#include "iri/generated/grammars.def"
#undef IRI_GRAMMAR

inline const grammar_info* const grammar_infos[] = {
#define IRI_GRAMMAR(name) &grammar_info_##name,
#include "iri/generated/grammars.def"
#undef IRI_GRAMMAR
};

[[nodiscard]] inline const grammar_info& info(grammar g) noexcept {
    return *grammar_infos[static_cast<std::size_t>(g)];
}

}  // namespace iri::detail
