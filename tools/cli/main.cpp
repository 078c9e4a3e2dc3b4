// iri: the command-line tool (docs/cli.md). The options say which subcommand runs (subcommands.cpp's table).
// Exit status (io.hpp): 0 when every input is valid, 1 when some are not, 2 for a usage or an I/O error.
#include <csignal>
#include <cstdio>
#include <exception>
#include <new>

#include "io.hpp"
#include "options.hpp"
#include "subcommands.hpp"

int main(int argc, char** argv) {
    // A reader that closes the pipe early is a normal end: write(2) says EPIPE (finish_output), no signal kills.
    std::signal(SIGPIPE, SIG_IGN);
    try {
        cli::options o = cli::parse_args(argc, argv);
        o.to_uri.query_charset = o.charset;  // points into o, which lives to the end
        return o.command->run_all(o);
    } catch (const std::bad_alloc&) {
        std::fputs("iri: out of memory\n", stderr);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "iri: %s\n", e.what());
    }
    return cli::exit_status::failed;
}
