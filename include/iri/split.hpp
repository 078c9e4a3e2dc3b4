// Splitting any string into the five generic components without validating it.
#pragma once

#include <string_view>

#include "iri/components.hpp"
#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// Splits `input` by the regular expression of RFC 3986 Appendix B,
///     ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// and the authority at its first "@" and at the ":" after the host ("[...]" kept whole), the way a reader
/// finds the components of a string that may not be valid (3987bis and RFC 3986 both allow this). Every
/// input splits; no host kind is set.
///
/// @par Example
///     iri::split("http://a b/c")[iri::component::host] == iri::span{7, 10}
/// @par Complexity
/// Linear; no allocation.
[[nodiscard]] components split(std::string_view input) noexcept;

}  // namespace iri
IRI_API_END
