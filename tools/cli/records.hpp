// The iri tool's input records: a block of input split into lines (or NUL-terminated strings, or JSON lines).
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "options.hpp"

namespace cli {

/// One input: one string, or two with --pairs, as views into the block read (or into strings the block keeps,
/// for JSON input); `bad` says why the record itself could not be read (a JSON line that is not a string, a
/// lone surrogate escape, a pair without its TAB).
struct record {
    // One or two strings, held without allocating.
    struct two_views {
        std::array<std::string_view, 2> v;
        std::size_t n = 0;
        void push_back(std::string_view s) { v[n < 2 ? n++ : 1] = s; }
        [[nodiscard]] std::string_view operator[](std::size_t i) const { return v[i]; }
        [[nodiscard]] std::string_view back() const { return v[n ? n - 1 : 0]; }
        [[nodiscard]] std::size_t size() const { return n; }
        [[nodiscard]] bool empty() const { return n == 0; }
    } fields;
    std::string bad;
    std::size_t bytes = 0;   // as read, with its separator
    bool null_base = false;  // iri url, JSON pairs: the base is null (none); fields[0] is then empty
};

struct counters {
    std::size_t lines = 0, valid = 0, invalid = 0, bytes = 0;
    void add(const counters& o) { lines += o.lines, valid += o.valid, invalid += o.invalid, bytes += o.bytes; }
};

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

/// read_record for a JSON line or a pair ("base<TAB>reference").
void read_structured_record(const options& o, std::string_view raw, std::size_t bytes, record& r,
                            std::deque<std::string>& decoded);

/// Makes `r` the record of one raw input (a line, a NUL-terminated string or a JSON line); `bytes` is its size as
/// read, with its separator. JSON strings, decoded, are added to `decoded`, which `r` views. A plain line is the
/// common case, filled here without a call.
inline void read_record(const options& o, std::string_view raw, std::size_t bytes, record& r,
                        std::deque<std::string>& decoded) {
    if (o.input == input_format::json || o.pairs) return read_structured_record(o, raw, bytes, r, decoded);
    r.fields = {};
    r.fields.push_back(raw);
    r.bad.clear();
    r.bytes = bytes;
}

/// Turns one raw input into a record of `c` (read_record).
void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c);

/// What ends a record of the input: NUL with o.input == nul, else LF.
[[nodiscard]] char record_separator(const options& o) noexcept;

/// Calls f(record) for each complete line of `text` (NUL-terminated string with o.input == nul; a CR before the LF
/// dropped), and for the incomplete last one too when `last`. One record is made anew for each line, so that a
/// line is run while it is in the cache; it, and the JSON strings it views (held by `decoded`), last until f
/// returns. Returns the bytes consumed: the rest is the start of a line the next block finishes.
template <class F>
std::size_t each_record(const options& o, std::string_view text, bool last, std::deque<std::string>& decoded, F&& f) {
    const char separator = record_separator(o);
    record r;
    std::size_t from = 0;
    const auto one = [&](std::size_t to, std::size_t bytes) {
        std::string_view line = text.substr(from, to - from);
        if (separator == '\n' && !line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!decoded.empty()) decoded.clear();
        read_record(o, line, bytes, r, decoded);
        f(static_cast<const record&>(r));
    };
    for (std::size_t sep; (sep = text.find(separator, from)) != std::string_view::npos; from = sep + 1)
        one(sep, sep - from + 1);
    if (last && from < text.size()) {  // the last line, without a separator
        one(text.size(), text.size() - from);
        from = text.size();
    }
    return from;
}

}  // namespace cli
