// JSON strings out and in (RFC 8259 §7): the iri tool's JSON output and its --input-format json.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

/// Appends `s` as a JSON string literal (RFC 8259 §7). Bytes that are not UTF-8 cannot be carried by JSON and
/// are written as U+FFFD.
void json_string(std::string& out, std::string_view s);

/// Reads a JSON text that is one string literal, or an array of strings, into `values` (RFC 8259 §7, with
/// surrogate pairs joined). Returns an error message, or nothing: a lone surrogate escape is an error, since
/// no UTF-8 string holds it. With `nulls`, an array may hold null too (iri url --pairs: no base): its place in
/// `values` is an empty string, and nulls[i] says which are null.
std::optional<std::string> json_strings(std::string_view text, std::vector<std::string>& values,
                                        std::vector<bool>* nulls = nullptr);

}  // namespace cli
