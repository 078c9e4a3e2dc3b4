// Pieces shared by resolution, relativization and resolve-and-normalize. Private to the library.
#pragma once

#include <cstddef>
#include <string_view>

#include "iri/reference.hpp"
#include "iri/resolve.hpp"
#include "model/dot_segments.hpp"

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
/// RFC 3986 §5.2.4 over the buffer [b, b + n), in place. Returns the output's length.
[[nodiscard]] std::size_t remove_dot_segments_in_place(char* b, std::size_t n) noexcept;
/// The same when the first dot segment is known to begin at `first` (first_dot_segment; n: none).
[[nodiscard]] std::size_t remove_dot_segments_in_place(char* b, std::size_t n, std::size_t first) noexcept;

/// A target's parts, each taken from a parsed reference (RFC 3986 §5.2.2's T.scheme ... T.fragment): the reference
/// whose component it is (nullptr: undefined), and the path as §5.2.3's merge prefix then the reference's path.
struct target_parts {
    const reference_view* scheme = nullptr;
    const reference_view* authority = nullptr;
    std::string_view path_prefix, path;
    bool remove_dots = false;     ///< §5.2.2: remove_dot_segments(path)
    bool no_dot_segment = false;  ///< the path is known to hold none (a survey of its octets): nothing to remove
    const reference_view* query = nullptr;
    const reference_view* fragment = nullptr;
    grammar variant = grammar::iri;
};

/// The parts of a reference itself (no resolution).
[[nodiscard]] target_parts parts_of(const reference_view& r) noexcept;
/// RFC 3986 §5.2.2: the parts of the target of `r` (parsed in the base's grammar) against `base` (with a scheme).
[[nodiscard]] target_parts resolved_parts(const reference_view& base, const reference_view& r,
                                          resolve_options options) noexcept;

/// Whether resolve(base, r) gives a target whose text is `expected`, found without writing the target (only a
/// path whose dot segments are removed is written).
[[nodiscard]] bool resolves_to(const reference_view& base, const reference_view& r, std::string_view expected);

}  // namespace iri::detail
