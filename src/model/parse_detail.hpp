// Parsing into components the caller already holds. Private to the library.
#pragma once

#include <optional>
#include <string_view>

#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/grammar.hpp"

namespace iri::detail {

/// The reference productions: URI-reference, URI, absolute-URI and relative-ref (and their IRI and LEIRI rules).
[[nodiscard]] constexpr bool is_reference_production(production p) noexcept {
    return p == production::uri_reference || p == production::uri || p == production::absolute_uri ||
           p == production::relative_ref;
}

/// iri::parse, writing the spans into `out` (every span omitted on entry) where the caller keeps them: nothing when
/// `input` is a string of `p` in `g`, else its error. A result that is filled elsewhere and then copied is read back
/// 16 octets at a time just after the parse wrote it 8 at a time, and the processor cannot forward those stores to
/// the loads: the copy waits for them to reach the cache, on every parse.
[[nodiscard]] std::optional<error> parse_into(components& out, std::string_view input, grammar g,
                                              production p) noexcept;

}  // namespace iri::detail
