// The iri tool's subcommands: one row of a table each, with what it does with one input record.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "iri.hpp"
#include "options.hpp"
#include "records.hpp"

namespace cli {

/// What a subcommand prints for each input.
enum class shape : std::uint8_t {
    validity,     ///< validate: valid or invalid
    components,   ///< parse: the components
    diagnostics,  ///< check: every diagnostic
    output,       ///< normalize, to-uri, to-iri, resolve, relativize: one string
    equivalence,  ///< compare: equivalent or different
    texts,        ///< extract: the IRIs found in running text
    web,          ///< url: the URL Standard's href and getters, or its failure
    site,         ///< site: the public suffix and the registrable domain
    columns,      ///< index-columns: Common Crawl's URL index columns
};

/// What one record gives: an error (with the string it is about), or components, or an output string. Made with
/// designated initializers, in place: a default-made one assigned member by member was copied out through the
/// stack, a stall on every line.
struct outcome {
    std::optional<iri::error> error = {};
    std::string_view about = {};  // the string the error offsets refer to: the record's, or --base (both outlive it)
    std::string_view what = {};   // "base" or "" (the reference)
    std::optional<iri::components> parts = {};
    std::optional<std::string_view> output = {};  // at the end of the caller's sink (no allocation per line)
    bool output_is_uri = false;  // the output is a URI: printable US-ASCII by its grammar (RFC 3986 §2), shown as is
    std::optional<bool> equivalent = {};
};

/// One subcommand: its name, what it prints, whether it takes two strings (--base B or --pairs), what it does
/// with one record, what it does with the whole input, and its --help text.
struct subcommand {
    const char* name;
    shape prints;
    bool pairs;
    /// The outcome of one record, printed by print_outcome; an output it writes is appended to `sink`, which it
    /// leaves as it was on an error, and the outcome views it. nullptr for check and extract.
    outcome (*compute)(const options& o, const record& r, std::string& sink);
    /// Runs one readable record: counts it and appends what it prints (run() has taken the unreadable ones).
    void (*run_record)(const options& o, const record& r, std::string& out, counters& n);
    /// Runs the whole command: every reference and input of `o`; the exit status.
    int (*run_all)(const options& o);
    const char* help;
};

/// The subcommand of that name, or nullptr.
const subcommand* find_subcommand(std::string_view name);

/// Processes one record of o.command and appends what it prints.
void run(const options& o, const record& r, std::string& out, counters& n);

}  // namespace cli
