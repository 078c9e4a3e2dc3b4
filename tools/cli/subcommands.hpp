// What the iri tool does with one input record, for each subcommand, in each output format.
#pragma once

#include <array>
#include <cstdint>
#include <cstddef>
#include <fstream>
#include <istream>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "iri.hpp"

namespace cli {

enum class output_format { text, json, tsv };
enum class input_format { lines, nul, json };

/// What a subcommand prints for each input.
enum class shape : std::uint8_t {
    validity,     ///< validate: valid or invalid
    components,   ///< parse: the components
    diagnostics,  ///< check: every diagnostic
    output,       ///< normalize, to-uri, to-iri, resolve, relativize: one string
    equivalence,  ///< compare: equivalent or different
    texts,        ///< extract: the IRIs found in running text
};

struct options;
struct record;
struct outcome;

/// One subcommand: its name, what it prints, whether it takes two strings (--base B or --pairs), what it does
/// with one record (nullptr: check and extract, which print themselves; an output it writes is appended to `sink`,
/// which it leaves as it was on an error, and the outcome views it) and its --help text.
struct subcommand {
    const char* name;
    shape prints;
    bool pairs;
    outcome (*compute)(const options& o, const record& r, std::string& sink);
    const char* help;
};

/// The subcommand of that name, or nullptr.
const subcommand* find_subcommand(std::string_view name);

struct options {
    const subcommand* command = nullptr;
    iri::grammar grammar = iri::grammar::iri;
    iri::production production = iri::production::uri_reference;
    std::string production_name;
    std::vector<std::string> inputs;      // files ("-": standard input)
    std::vector<std::string> references;  // from the command line
    output_format output = output_format::text;
    input_format input = input_format::lines;
    bool quiet = false, stats = false, pairs = false, strict = true;
    bool scheme = false;  // parse --scheme: the parts of the scheme's own grammar
    std::string scheme_grammar;  // parse --scheme-grammar NAME: that grammar instead of the scheme's
    std::optional<std::string> base_text;
    std::optional<iri::reference> base;  // --base, parsed once
    bool resolve_normalized = false;     // resolve --normalize LEVEL: the target's normal form
    std::optional<iri::resolver> resolver;  // resolve --base: the base parsed once, each target written by it
    iri::normalize_options normalization{.rung = iri::rung::syntax};  // normalize, compare
    iri::to_uri_options to_uri;                                       // to-uri (query_charset points into charset)
    iri::to_iri_options to_iri;                                       // to-iri
    std::string charset;
    iri::severity min_severity = iri::severity::info;  // check: the least severe diagnostic shown
    unsigned jobs = 1;
    bool progress = true;
};

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
    std::size_t bytes = 0;  // as read, with its separator
};

struct counters {
    std::size_t lines = 0, valid = 0, invalid = 0, bytes = 0;
    void add(const counters& o) {
        lines += o.lines, valid += o.valid, invalid += o.invalid, bytes += o.bytes;
    }
};

/// The first line of --tsv output: the column names.
std::string tsv_header(const options& o);

/// The stream of input `name` ("-": standard input), opened in `file` when it is a file; nullptr (after a
/// message on standard error) when it cannot be read.
std::istream* open_input(const std::string& name, std::ifstream& file);

/// The options of the resolver of `resolve`: the normal form at --normalize's rung, or (rung simple) the target
/// as RFC 3986 §5.2 writes it.
iri::normalize_options resolver_options(const options& o);

/// Processes one record and appends what it prints.
void run(const options& o, const record& r, std::string& out, counters& n);

/// iri parse --scheme: the parts of one reference under its scheme's grammar, or its first error.
void run_parse_scheme(const options& o, std::string_view input, std::string& out, counters& n);

/// iri extract: prints the IRIs found in the texts and files of `o`; the exit status.
int run_extract(const options& o);

}  // namespace cli
