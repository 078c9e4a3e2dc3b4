// Pieces shared by resolution and relativization. Private to the library.
#pragma once

#include "iri/reference.hpp"

namespace iri::detail {

/// Makes references from offsets the library guarantees (reference's private constructor).
struct reference_access {
    /// A reference over `text` whose offsets are `c`, as a parse of `text` in grammar `g` gives them: the caller
    /// guarantees it (resolution writes a target from the parts of parsed references).
    [[nodiscard]] static reference adopt(std::string text, const components& c, grammar g) noexcept {
        return reference(std::move(text), c, g);
    }
};

/// errc::base_not_absolute for a base without a scheme (RFC 3986 §5.1).
[[nodiscard]] error base_not_absolute(const reference_view& base);
/// The reference parsed in grammar `g`: itself when it already is, else its text parsed again.
[[nodiscard]] result<reference_view> in_grammar(const reference_view& r, grammar g);

}  // namespace iri::detail
