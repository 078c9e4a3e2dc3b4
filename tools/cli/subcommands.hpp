// The iri tool's subcommands: one row of a table each (subcommands.cpp), which names what it reads, what it does
// with one record and how it prints the result.
#pragma once

#include <cstdint>
#include <string_view>

#include "options.hpp"
#include "records.hpp"
#include "writers.hpp"

namespace cli {

/// What a subcommand reads.
enum class input_shape : std::uint8_t {
    one,            ///< one string a record
    pair,           ///< a base and a reference: --base B, or --pairs ("base<TAB>reference"); compare
    absolute_pair,  ///< the same, the base with a scheme (RFC 3986 §5.1): resolve, relativize
    web_pair,       ///< url: an href against --base, the pair's page (--pairs; with JSON, null for none) or none
    key_pair,       ///< the crawler's keys: a URL, or with --pairs the href of "page<TAB>href" resolved by the URL
                    ///< Standard against its page (crawl_command.cpp)
    text,           ///< extract: running text, not records
};

/// How a subcommand's text output answers an input that fails.
enum class output_shape : std::uint8_t {
    /// One line per input, always: a failure is the line --on-error chooses (empty by default), and its diagnostic
    /// goes to standard error with the input's line number; --explain shows it as a block instead. The
    /// subcommands that transform or answer (url, surt, canonicalize, site, normalize, key, to-uri, to-iri,
    /// resolve, relativize, compare).
    line,
    /// A failure is a block: the input, a caret under the byte at fault, the code, message and spec section
    /// (validate, parse, check).
    block,
};

/// One subcommand: its name, what it reads, how its text output answers a failure, its TSV columns, what it does
/// with one record (compute and print: run_row in row.hpp names them), with the whole input, and its --help text.
struct subcommand {
    const char* name;
    input_shape input;
    output_shape output;
    columns tsv;
    /// Runs one record: counts it and prints what it gives into the sink.
    void (*run_record)(const options& o, const record& r, line_sink& s);
    /// Runs the whole command: every reference and input of `o`; the exit status.
    int (*run_all)(const options& o);
    const char* help;
    /// Whether it reads --base or a pair's base (resolve, relativize, compare, url).
    [[nodiscard]] bool takes_base() const noexcept {
        return input != input_shape::one && input != input_shape::text && input != input_shape::key_pair;
    }
};

/// The subcommand of that name, or nullptr.
const subcommand* find_subcommand(std::string_view name);

/// Processes one record of o.command and prints what it gives into `s`.
void run(const options& o, const record& r, line_sink& s);

}  // namespace cli
