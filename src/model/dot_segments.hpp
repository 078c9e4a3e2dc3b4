// The segments "." and ".." of a path (RFC 3986 §5.2.4, §6.2.2.3): where they are, and which "%2E" would make one.
// Shared by resolution, relativization, normalization and to_iri. Private to the library.
#pragma once

#include <cstddef>
#include <string_view>

namespace iri::detail {

/// Whether segment [k, ...) of the path [b, b + n) is "." or ".." (k at a segment's start).
[[nodiscard]] inline bool is_dot_segment(const char* b, std::size_t n, std::size_t k) noexcept {
    if (k >= n || b[k] != '.') return false;
    if (k + 1 == n || b[k + 1] == '/') return true;
    return b[k + 1] == '.' && (k + 2 == n || b[k + 2] == '/');
}

/// Where the first "." or ".." segment of `path` begins (RFC 3986 §5.2.4), or path.size() when it has none.
[[nodiscard]] std::size_t first_dot_segment(std::string_view path) noexcept;
/// The same for the segments of `path` that begin in [from, to).
[[nodiscard]] std::size_t first_dot_segment(std::string_view path, std::size_t from, std::size_t to) noexcept;

/// RFC 3986 §5.2.4 removes the segments "." and ".." as written, and §6.2.2.3 applies it to them only: decoding
/// "%2E" must not create one, or decoding a reference (normalize, to_iri) before resolving it would change its
/// target. True when the segment of `path` around the "%2E" at `at` is, decoded, "." or "..".
[[nodiscard]] bool decodes_to_dot_segment(std::string_view path, std::size_t at) noexcept;

}  // namespace iri::detail
