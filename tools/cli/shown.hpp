// Text helpers of the iri tool: JSON strings out and in, TSV fields, terminal display and carets.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri/error.hpp"

namespace cli {

/// Appends `s` as a JSON string literal (RFC 8259 §7). Bytes that are not UTF-8 cannot be carried by JSON and
/// are written as U+FFFD.
void json_string(std::string& out, std::string_view s);

/// Reads a JSON text that is one string literal, or an array of strings, into `values` (RFC 8259 §7, with
/// surrogate pairs joined). Returns an error message, or nothing: a lone surrogate escape is an error, since
/// no UTF-8 string holds it.
std::optional<std::string> json_strings(std::string_view text, std::vector<std::string>& values);

/// Appends `s` as a TSV field: tab, line feed, carriage return and backslash written \t \n \r \\.
void tsv_field(std::string& out, std::string_view s);

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
