// A small JSON reader (RFC 8259) for the data files the generator turns into C++ (data/html/entities.json,
// data/encoding/encodings.json): the build-time tool needs no JSON library. Objects keep their members in order
// (two lists: a std::pair of an incomplete json is not allowed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iri::generator {

/// A JSON value.
struct json {
    enum class type { null, boolean, number, string, array, object } kind = type::null;
    bool boolean = false;
    double number = 0;
    std::string string;  ///< UTF-8
    std::vector<json> array;
    std::vector<std::string> keys;  ///< an object's member names, in order
    std::vector<json> values;       ///< and their values (keys[i]: values[i])

    [[nodiscard]] bool is_string() const noexcept { return kind == type::string; }
    [[nodiscard]] bool is_number() const noexcept { return kind == type::number; }
    [[nodiscard]] bool is_array() const noexcept { return kind == type::array; }
    [[nodiscard]] bool is_object() const noexcept { return kind == type::object; }
    /// The first member named `name` of an object, or nullptr.
    [[nodiscard]] const json* member(const std::string& name) const noexcept;
};

/// Malformed JSON: the file, the byte offset and why.
struct json_error {
    std::string what;
};

/// The value `text` holds (throws json_error naming `file` when it is not JSON).
json parse_json(const std::string& text, const std::string& file);

/// Appends code point `c` (a scalar value) as UTF-8: the generator's one encoder (the JSON reader's escapes, the
/// entity table, the UTS #46 mapping table).
void append_utf8(std::string& out, std::uint32_t c);

}  // namespace iri::generator
