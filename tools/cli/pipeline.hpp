// The iri tool's runs over the whole input: the batch pipeline of the subcommands that take references, and
// extract's reader of running text.
#pragma once

#include "options.hpp"

namespace cli {

/// Runs o.command over the references of the command line, then over each input, on --jobs threads, printing in
/// input order; the exit status (exit_status, io.hpp). Stops at an input that cannot be read, or when standard
/// output cannot be written.
int run_batch(const options& o);

/// iri extract: prints the IRIs found in the texts and files of `o`; the exit status.
int run_extract(const options& o);

}  // namespace cli
