// Building a parse error after the DFA has stopped (off the hot path). Private to the library.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

#include "iri/error.hpp"

namespace iri::detail {

/// The error for an input the DFA of `p` stopped on at byte `stop`.
[[nodiscard]] error make_error(std::string_view input, std::uint32_t stop, grammar g, production p) noexcept;
/// An error about the bytes [at, at + length) of `text` that no grammar was applied to (grammar_involved false);
/// `c` the character there, when well-formed.
[[nodiscard]] error text_error(errc code, std::string_view text, std::size_t at, std::size_t length,
                               char32_t c = 0) noexcept;
/// The first ill-formed UTF-8 sequence of `text` (RFC 3629 §4) as [at, at + length), or nothing.
[[nodiscard]] std::optional<std::pair<std::size_t, std::size_t>> ill_formed_utf8(std::string_view text) noexcept;
/// The URL Standard's name of validation error `v` (error::url_validation: an iri::web::validation, in the order of
/// iri/web_validation.def), "unknown" past its last: what error::message() and iri::web::name() say.
[[nodiscard]] const char* url_validation_name(std::uint8_t v) noexcept;
/// An error with a given code at byte `offset` (no such production, input too long).
[[nodiscard]] error make_error(errc code, std::string_view input, std::uint32_t offset, grammar g,
                               production p) noexcept;

}  // namespace iri::detail
