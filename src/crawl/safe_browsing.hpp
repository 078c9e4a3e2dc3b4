// Google Safe Browsing canonicalization (v4 "URLs and Hashing"). Private to the library: iri::crawl::canonicalize's
// safe_browsing profile.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "iri/error.hpp"

namespace iri::crawl::detail {

/// The Safe Browsing v4 canonical form of `input`, appended to `out` (untouched on an error). Errors (offsets in
/// the URL after step 3, its decoding): unexpected_end for a blank URL or an empty host, disallowed_character for
/// a scheme not followed by "//", bad_port for a port that is not digits.
[[nodiscard]] std::optional<error> append_safe_browsing(std::string& out, std::string_view input, bool keep_port);

}  // namespace iri::crawl::detail
