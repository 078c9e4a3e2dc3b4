// Lookups in the generated literal character sets. Private to the library.
#pragma once

#include "match.hpp"
#include "iri/grammar.hpp"

namespace iri::detail {

/// The literal set of production `p` in grammar `g`, or nullptr when `p` is not a repeated-character production.
[[nodiscard]] const charset_info* find_charset(grammar g, production p) noexcept;
/// True when code point `c` is in the set.
[[nodiscard]] bool contains(const charset_info& cs, char32_t c) noexcept;

}  // namespace iri::detail
