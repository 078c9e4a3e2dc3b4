// IDN equivalence for scheme-based normalization. Private to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "iri/grammar.hpp"

namespace iri::detail {

/// RFC 3987 §5.3.3: the form in which equivalent IDNs compare equal, for a reg-name host (syntax-normalized):
/// U-labels in grammars that allow them, A-labels in URIs, after decoding percent-encoded UTF-8; nothing when
/// the host is not UTS #46-valid or nothing changes.
[[nodiscard]] std::optional<std::string> idn_equivalent_host(std::string_view host, grammar g);

}  // namespace iri::detail
