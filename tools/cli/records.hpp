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
/// for JSON input); `bad` says why the record itself could not be read (an empty line, a JSON line that is not a
/// string, a lone surrogate escape, a pair without its TAB), `bad_code` names that failure ("empty_line",
/// "bad_input") and `raw` is the line as read.
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
    const char* bad_code = nullptr;
    std::string_view raw;
    std::size_t bytes = 0;   // as read, with its separator
    bool null_base = false;  // iri url, JSON pairs: the base is null (none); fields[0] is then empty
};

struct counters {
    std::size_t lines = 0, valid = 0, invalid = 0, bytes = 0;  // lines: the records
    void add(const counters& o) { lines += o.lines, valid += o.valid, invalid += o.invalid, bytes += o.bytes; }
};

/// What the records of one slice of input (or of the command line) print: standard output's text, the diagnostics
/// for standard error, and the counts. The pipeline writes them in input order, each diagnostic after its input's
/// name and line number (io.hpp: write_diagnostics), which a slice does not know.
struct line_sink {
    std::string out;
    std::string err;  // the diagnostics' text, one after the other, without their places or line feeds
    struct diagnostic {
        std::size_t record;  // the record's index among this sink's (counts.lines before it)
        std::size_t end;     // where its text ends in `err`
    };
    std::vector<diagnostic> diagnostics;
    counters counts;
    void clear() {
        out.clear();
        err.clear();
        diagnostics.clear();
        counts = {};
    }
    /// Ends the diagnostic of the record being run, whose text was appended to `err`.
    void diagnosed() { diagnostics.push_back({counts.lines - 1, err.size()}); }
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

/// read_record for a JSON line, a pair ("base<TAB>reference") or an empty line.
void read_structured_record(const options& o, std::string_view raw, std::size_t bytes, bool line, record& r,
                            std::deque<std::string>& decoded);

/// Makes `r` the record of one raw input (a line, a NUL-terminated string or a JSON line, with `line`; else a
/// string of the command line); `bytes` is its size as read, with its separator. An empty line is no input (the
/// empty_line failure); an empty string of the command line, or a JSON "", is the empty string. JSON strings,
/// decoded, are added to `decoded`, which `r` views. A plain line is the common case, filled here without a call.
inline void read_record(const options& o, std::string_view raw, std::size_t bytes, bool line, record& r,
                        std::deque<std::string>& decoded) {
    if (o.input == input_format::json || o.pairs || (line && raw.empty()))
        return read_structured_record(o, raw, bytes, line, r, decoded);
    r.fields = {};
    r.fields.push_back(raw);
    r.bad_code = nullptr;
    r.raw = raw;
    r.bytes = bytes;
}

/// Turns one string of the command line into a record of `c` (read_record).
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
        read_record(o, line, bytes, true, r, decoded);
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
