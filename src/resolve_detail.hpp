// Pieces shared by resolution and relativization. Private to the library.
#pragma once

#include "iri/reference.hpp"

namespace iri::detail {

/// errc::base_not_absolute for a base without a scheme (RFC 3986 §5.1).
[[nodiscard]] error base_not_absolute(const reference_view& base);
/// The reference parsed in grammar `g`: itself when it already is, else its text parsed again.
[[nodiscard]] result<reference_view> in_grammar(const reference_view& r, grammar g);
/// Where the first "." or ".." segment of `path` begins (RFC 3986 §5.2.4), or path.size() when it has none.
[[nodiscard]] std::size_t first_dot_segment(std::string_view path) noexcept;

}  // namespace iri::detail
