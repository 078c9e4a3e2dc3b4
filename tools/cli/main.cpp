// iri: the command-line tool (docs/cli.md). The options say which subcommand runs (subcommands.cpp's table).
// Exit status: 0 when every input is valid, 1 when some are not, 2 for usage errors.
#include "options.hpp"
#include "subcommands.hpp"

int main(int argc, char** argv) {
    cli::options o = cli::parse_args(argc, argv);
    o.to_uri.query_charset = o.charset;  // points into o, which lives to the end
    return o.command->run_all(o);
}
