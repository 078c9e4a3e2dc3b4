// NFC (UAX #15) in linear time, for normalization and the diagnostics. Private to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iri::detail {

/// Appends the NFC of UTF-8 `text` to `out`; false when ICU fails (no data, no memory). ICU puts each combining
/// mark of a run in place one at a time, quadratic in the run's length: a segment of more than a few dozen code
/// points (from one character with an NFC boundary before it to the next, UAX #15 §9) is normalized here
/// instead: decomposed, put in canonical order by sorting each run of marks into one bucket per combining
/// class, and composed (Unicode §3.11), so that the time stays linear for any text.
[[nodiscard]] bool append_nfc(std::string& out, std::string_view text);

/// Appends the NFC of UTF-8 `text` to `out` when it differs from `text`: true then; false when `text` is in NFC
/// (nothing appended); nothing when ICU fails. At most one normalization (a text without a long segment is
/// first given to ICU's quick check, which writes nothing). Linear likewise.
[[nodiscard]] std::optional<bool> append_nfc_if_changed(std::string& out, std::string_view text);

/// Whether UTF-8 `text` is in NFC; nothing when ICU fails. Linear likewise.
[[nodiscard]] std::optional<bool> is_nfc(std::string_view text);

}  // namespace iri::detail
