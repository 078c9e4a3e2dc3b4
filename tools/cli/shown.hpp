// The shown form of the iri tool's text output: what a terminal can display of an input (\xHH for the bytes and
// characters it cannot) and the caret display under an invalid one.
#pragma once

#include <string>
#include <string_view>

#include "iri/error.hpp"

namespace cli {

/// The input as it can be shown on a terminal: control and format characters and invalid bytes as \xNN.
std::string shown(std::string_view s);
/// Appends shown(s) to `out`, without a string of its own (plain ASCII is copied as one block).
void append_shown(std::string& out, std::string_view s);
/// append_shown for a string known to be well-formed UTF-8: one the library accepted or wrote. Its lead octets
/// alone are looked at, so text of characters all shown as they are (most scripts) is copied as one block.
void append_shown_well_formed(std::string& out, std::string_view s);
/// Makes out[from, end), well-formed UTF-8 the library wrote there, its shown form, in place: as it is, unless a
/// character in it is not shown as it is (append_shown_well_formed).
void show_well_formed_tail(std::string& out, std::size_t from);

/// Appends the marker line under the shown input for bytes [begin, end): "^" under the first character, "~" under
/// the rest, after as many spaces as the display columns before it.
void append_marker_line(std::string& out, std::string_view input, std::size_t begin, std::size_t end);

/// Two lines: the shown input, and a caret under the character the error points at (display columns counted
/// with East Asian widths; combining marks take none), then the code, message and spec section.
std::string caret_display(std::string_view input, const iri::error& e);
/// Appends caret_display(input, e) to `out`, with no string of its own.
void append_caret_display(std::string& out, std::string_view input, const iri::error& e);
/// Appends the second line of caret_display(input, e) alone: the caret, the code, the message and the section.
void append_caret_line(std::string& out, std::string_view input, const iri::error& e);

}  // namespace cli
