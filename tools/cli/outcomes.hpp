// What the iri tool's subcommands compute for one record, and the printing every subcommand shares: a failure as a
// line, a diagnostic or a block, and the error's fields of a JSON or TSV record.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri.hpp"
#include "iri/scheme_rules.hpp"
#include "iri/web.hpp"
#include "options.hpp"
#include "records.hpp"
#include "writers.hpp"

namespace cli {

/// Why a record failed: the library's error (about the input, or about the base), or the tool's own (an empty line,
/// a record that could not be read).
struct failure {
    std::optional<iri::error> error = {};
    std::string_view about = {};    // the string the error's offsets are in: the input's, or the base's
    bool in_base = false;           // the error is about the base
    const char* code = nullptr;     // the tool's own failure: "empty_line", "bad_input"
    std::string_view message = {};  // ... and why
    [[nodiscard]] bool failed() const noexcept { return error.has_value() || code != nullptr; }
};

/// The failure of an error about `about` (the base, with in_base).
inline failure failure_of(const iri::error& e, std::string_view about, bool in_base = false) {
    return failure{.error = e, .about = about, .in_base = in_base};
}

/// What a record is printed with: its input (a pair's reference; the line as read when it could not be read) and
/// its base (--base's, the pair's; none without).
struct subject {
    std::string_view input;
    std::optional<std::string_view> base;
};

// What each kind of subcommand computes. `fail` comes first, so that a failure alone is {.fail = f}; invalid() says
// whether the record counts as invalid (the exit status).

/// validate, parse: the components of the reference.
struct parsed {
    failure fail = {};
    std::optional<iri::components> parts = {};
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// normalize, key, to-uri, to-iri, resolve, relativize, surt, canonicalize: one string, written at the end of the
/// caller's sink (no allocation per line).
struct transformed {
    failure fail = {};
    std::optional<std::string_view> output = {};
    bool output_is_uri = false;  // printable US-ASCII by its grammar (RFC 3986 §2): shown as it is
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// compare: equivalent or different.
struct verdict {
    failure fail = {};
    bool equivalent = false;
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// url: the URL (a thread's own, refilled for each line).
struct web_outcome {
    failure fail = {};
    const iri::web::url* url = nullptr;
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// site: the public suffix and registrable domain of the input's host.
struct site_outcome {
    failure fail = {};
    std::optional<iri::crawl::site> site = {};  // its host: the host looked up
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// index-columns: Common Crawl's URL index columns (a thread's own row, refilled for each line).
struct columns_outcome {
    failure fail = {};
    const iri::crawl::index_row* row = nullptr;
    [[nodiscard]] bool invalid() const noexcept { return fail.failed(); }
};

/// check: the diagnostics at or above --min-severity; invalid when any diagnostic is an error.
struct diagnosed {
    failure fail = {};  // the record could not be read
    std::vector<iri::diagnostic> shown = {};
    bool errors = false;
    [[nodiscard]] bool invalid() const noexcept { return errors || fail.failed(); }
};

/// parse --scheme: the parts of the reference under its scheme's grammar, or where it leaves it.
struct scheme_outcome {
    failure fail = {};  // the record could not be read
    iri::scheme_match match = {};
    [[nodiscard]] bool invalid() const noexcept { return match.error.has_value() || fail.failed(); }
};

/// A record writer for `out` in o's format, with the subcommand's columns.
[[nodiscard]] record_writer writer(const options& o, std::string& out);

/// Writes the "error" object of a JSON record (code, offset, component, "in": "base" when about the base,
/// message) or the error_* columns of a TSV row.
void error_fields(record_writer& w, const failure& f);

/// Prints a failure in text: for a line subcommand the line --on-error chooses and a diagnostic for standard error
/// (both into `s`), or with --explain, and for the others, the block: "invalid", the input, and the caret display.
void print_failure(const options& o, const subject& in, const failure& f, line_sink& s);

}  // namespace cli
