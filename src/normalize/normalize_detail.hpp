// Normalization of a target given as parts, and IDN equivalence. Private to the library.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "iri/grammar.hpp"
#include "iri/normalize.hpp"
#include "iri/schemes.hpp"
#include "resolve/resolve_detail.hpp"

namespace iri::detail {

/// What a normal form is written for: normalize (the reference itself, normalized) or canonical_key and equivalent
/// (which a scheme's rule may shorten: RFC 8141 §3.1 leaves a URN's r-, q- and f-components out of equivalence).
enum class normal_purpose : std::uint8_t { reference, key };

/// Appends the normal form (normalize.hpp) of the reference made of `t`, in one pass: each component is written
/// normalized straight from the reference it comes from, so a resolved target is never written unnormalized first.
/// `source` is the text errors name; `normal_head`, when not empty, is the target's scheme and authority already
/// in normal form (head_already_normal), copied as they are. @return the number of bytes appended; on error
/// `out` is as it was.
[[nodiscard]] result<std::size_t> append_normal_form(std::string& out, const target_parts& t,
                                                     const normalize_options& o, std::string_view source,
                                                     std::string_view normal_head = {},
                                                     normal_purpose purpose = normal_purpose::reference);

/// The scheme rung's rule of `scheme` (scheme_info::equivalence) over the normal form out[from, ...), in place:
/// nothing when the scheme has none or the text does not satisfy the scheme's grammar (scheme_rules.hpp).
void apply_scheme_equivalence(std::string& out, std::size_t from, const scheme_info& scheme, normal_purpose purpose);
/// Whether that rule may change `written`, a normal form: false when what it changes is not there (no uppercase
/// letter for a URN's NID or a mailto domain; no "file://localhost"), told without matching the scheme's grammar.
[[nodiscard]] bool scheme_rule_may_change(const scheme_info& scheme, std::string_view written,
                                          normal_purpose purpose) noexcept;

/// Where the head of `r` ends: its scheme and authority, up to the authority's end or the ":" after the scheme.
[[nodiscard]] std::size_t head_end(const reference_view& r) noexcept;

/// True when the head of `r` (head_end) is its own normal form at rung syntax or scheme without NFC.
[[nodiscard]] bool head_already_normal(const reference_view& r, const normalize_options& o) noexcept;

/// normalize_options::as_uri: out[from, ...), a normal form in `g`, replaced by the URI to_uri writes for it with
/// IDNA hosts (3987bis §3.1, §3.4.2). @return the bytes from `from`; on error `out` ends at `from`.
[[nodiscard]] result<std::size_t> rewrite_as_uri(std::string& out, std::size_t from, grammar g);

/// RFC 3987 §5.3.3: the form in which equivalent IDNs compare equal, for a reg-name host (syntax-normalized):
/// U-labels in grammars that allow them, A-labels in URIs, after decoding percent-encoded UTF-8; nothing when
/// the host is not UTS #46-valid or nothing changes.
[[nodiscard]] std::optional<std::string> idn_equivalent_host(std::string_view host, grammar g);

}  // namespace iri::detail
