// The iri tool's options: what the command line asks for (options.cpp reads it, and has the usage text).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iri.hpp"
#include "iri/web.hpp"

namespace cli {

enum class output_format { text, json, tsv };
enum class input_format { lines, nul, json };
/// --on-error: what the text output of a line subcommand prints for an input that fails.
enum class on_error { empty, input, skip };

struct subcommand;

/// What iri links prints of each link (--print).
enum class link_print { url, surt, key, site };

/// iri links's options (links_command.cpp).
struct links_options {
    std::string only;   // --only a,area: the elements kept
    std::string pages;  // --pages LIST: "page_url<TAB>file" lines
    link_print print = link_print::url;
    bool unique = false;    // --unique: a line a page printed already is not printed again
    bool scripting = true;  // --no-scripting: noscript content is markup
};

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
    bool scheme = false;         // parse --scheme: the parts of the scheme's own grammar
    std::string scheme_grammar;  // parse --scheme-grammar NAME: that grammar instead of the scheme's
    std::optional<std::string> base_text;
    std::optional<iri::reference> base;     // --base, parsed once
    std::optional<iri::web::url> web_base;  // url --base, parsed once by the URL Standard
    bool resolve_normalized = false;        // resolve --normalize RUNG: the target's normal form
    std::optional<iri::resolver> resolver;  // resolve --base: the base parsed once, each target written by it
    iri::normalize_options normalization{.rung = iri::rung::syntax};  // normalize, compare
    iri::to_uri_options to_uri;                                       // to-uri (query_charset points into charset)
    iri::to_iri_options to_iri;                                       // to-iri
    iri::crawl::surt_options surt;                                    // surt
    iri::crawl::canonicalize_options canon;                           // canonicalize (--profile, --keep-port)
    std::string charset;
    // site: --psl FILE (else the system's list), the list loaded once, --icann-only
    std::optional<std::string> psl_file;
    std::optional<iri::crawl::public_suffix_list> psl;
    iri::crawl::psl_sections psl_sections = iri::crawl::psl_sections::all;
    // the crawler's keys (crawl_command.cpp): surt --with-input (key TAB input), the host form of site and
    // index-columns (--host-form)
    bool with_input = false;
    iri::crawl::host_form site_form = iri::crawl::host_form::input;
    iri::crawl::host_form index_form = iri::crawl::host_form::ascii;
    iri::severity min_severity = iri::severity::info;  // check: the least severe diagnostic shown
    links_options links;                               // iri links
    unsigned jobs = 1;
    bool progress = true;
    on_error failed_line = on_error::empty;  // --on-error
    bool explain = false;                    // --explain: a failure as a block, as validate shows one
};

/// The options of the command line; exits with the usage text for -h and --help, and with status 2 after a
/// message on standard error for a usage error.
options parse_args(int argc, char** argv);

/// The options of the resolver of `resolve`: the normal form at --normalize's rung, or (rung simple) the target
/// as RFC 3986 §5.2 writes it.
iri::normalize_options resolver_options(const options& o);

}  // namespace cli
