// Normalization of a target given as parts, and IDN equivalence. Private to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "iri/grammar.hpp"
#include "iri/normalize.hpp"
#include "resolve_detail.hpp"

namespace iri::detail {

/// Appends the normal form (normalize.hpp) of the reference made of `t`, in one pass: each component is written
/// normalized straight from the reference it comes from, so a resolved target is never written unnormalized first.
/// `source` is the text errors name. @return the number of bytes appended; on error `out` is as it was.
[[nodiscard]] result<std::size_t> append_normal_form(std::string& out, const target_parts& t,
                                                     const normalize_options& o, std::string_view source);

/// RFC 3987 §5.3.3: the form in which equivalent IDNs compare equal, for a reg-name host (syntax-normalized):
/// U-labels in grammars that allow them, A-labels in URIs, after decoding percent-encoded UTF-8; nothing when
/// the host is not UTS #46-valid or nothing changes.
[[nodiscard]] std::optional<std::string> idn_equivalent_host(std::string_view host, grammar g);

}  // namespace iri::detail
