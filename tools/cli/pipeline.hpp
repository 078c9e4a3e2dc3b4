// The iri tool's runs over the whole input: the batch pipeline of the subcommands that take references, and
// extract's reader of running text.
#pragma once

#include <fstream>
#include <istream>
#include <string>

#include "options.hpp"

namespace cli {

/// The stream of input `name` ("-": standard input), opened in `file` when it is a file; nullptr (after a
/// message on standard error) when it cannot be read.
std::istream* open_input(const std::string& name, std::ifstream& file);

/// Runs o.command over the references of the command line, then over each input, on --jobs threads, printing in
/// input order; the exit status: 0 when every input is valid, 1 when some are not, 2 when an input cannot be read.
int run_batch(const options& o);

/// iri extract: prints the IRIs found in the texts and files of `o`; the exit status.
int run_extract(const options& o);

}  // namespace cli
