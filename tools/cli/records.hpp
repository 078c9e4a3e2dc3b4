// The iri tool's input records: a block of input split into lines (or NUL-terminated strings, or JSON lines).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"

namespace cli {

/// The records of some input, which view the text they were made from (kept by the caller); JSON strings,
/// decoded, are kept in `decoded` (a deque: its strings never move, so views into them stay valid).
struct chunk {
    std::deque<std::string> decoded;
    std::vector<record> records;
    void clear() {
        decoded.clear();
        records.clear();
    }
};

/// Turns one raw input (a line, a NUL-terminated string or a JSON line) into a record of `c`; `bytes` is its
/// size as read, with its separator.
void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c);

/// What ends a record of the input: NUL with o.input == nul, else LF.
[[nodiscard]] char record_separator(const options& o) noexcept;

/// Adds a record of `c` for each complete line of `text` (NUL-terminated string with o.input == nul; a CR
/// before the LF dropped), and for the incomplete last one too when `last`. Returns the bytes consumed: the rest
/// is the start of a line the next block finishes.
std::size_t add_records(const options& o, std::string_view text, bool last, chunk& c);

}  // namespace cli
