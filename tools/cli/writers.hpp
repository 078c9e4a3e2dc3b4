// The iri tool's two record formats, one writer each: a JSON object on one line (RFC 8259) and a TSV row under the
// subcommand's header. Every JSON and TSV record the tool prints is written here, so each format's escaping has one
// place: json_string (json.hpp) and tsv_field.
//
//   record_writer w(out, o.output, columns);            // columns: the subcommand's TSV header, in order
//   w.string("input", in).boolean("valid", false);
//   w.object("error", "error_").string("code", "bad_port").number("offset", 21).close();
//   w.end();   // {"input": "...", "valid": false, "error": {"code": "bad_port", "offset": 21}}
//              // or the row: input, false, ..., bad_port, 21, ... in the columns' order, "" where nothing was given
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "options.hpp"

namespace cli {

/// Appends `s` as a TSV field: tab, line feed, carriage return and backslash written \t \n \r \\.
void tsv_field(std::string& out, std::string_view s);

/// The column names of a subcommand's TSV output, in order.
using columns = std::span<const char* const>;

/// The header row of `c`: the names, tab-separated, and a line feed.
std::string tsv_header(columns c);

/// One record, in `format` (json or tsv). JSON: the members in the order given, objects and arrays nested. TSV:
/// each value in the column of its name (in an object, its prefix and its name: "error_" "code" is "error_code"),
/// in any order; a name no column has, and everything inside an array, is left out; a column nothing was given for
/// is empty. end() writes the record and its line feed to `out`.
class record_writer {
public:
    record_writer(std::string& out, output_format format, columns tsv_columns);
    record_writer(const record_writer&) = delete;
    record_writer(record_writer&&) = default;  // returned by the functions that write a record's first members
    record_writer& operator=(const record_writer&) = delete;
    record_writer& operator=(record_writer&&) = delete;
    ~record_writer() = default;

    record_writer& string(const char* name, std::string_view value);
    /// A string, or JSON null and an empty TSV field.
    record_writer& optional(const char* name, std::optional<std::string_view> value);
    record_writer& null(const char* name);
    record_writer& boolean(const char* name, bool value);
    /// A boolean of the TSV row alone: a JSON record leaves the member out.
    record_writer& tsv_boolean(const char* name, bool value);
    record_writer& number(const char* name, std::uint64_t value);
    /// Opens a member object (an element of an array when in one: its name is not written); `tsv_prefix` is put
    /// before the names of its members to find their columns.
    record_writer& object(const char* name, const char* tsv_prefix = "");
    /// Opens a member array (JSON only).
    record_writer& array(const char* name);
    /// Closes the innermost object or array.
    record_writer& close();
    /// Writes the record: the JSON object and its "\n", or the row.
    void end();

private:
    bool json() const noexcept { return format_ == output_format::json; }
    void name(const char* n);          // JSON: the separator and "name": (none in an array)
    std::string* cell(const char* n);  // TSV: the cell of the column named prefix + n, or nullptr

    std::string& out_;
    output_format format_;
    columns columns_;
    // The open objects and arrays: whether each is an array, and whether it has a member yet (JSON's comma).
    struct level {
        bool array = false;
        bool any = false;
        std::size_t prefix_size = 0;  // of prefix_ before this level's prefix was added
    };
    static constexpr std::size_t max_depth = 4;
    level levels_[max_depth];
    std::size_t depth_ = 0;
    std::size_t arrays_ = 0;  // open arrays (TSV leaves out what is in one)
    std::string prefix_;      // TSV: the open objects' prefixes
};

}  // namespace cli
