// iri-generate: compiles a grammar variant's ABNF into an re2c specification (one DFA per entry production).
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "abnf.hpp"
#include "emit_re2c.hpp"

namespace {

const char* const usage =
    "usage: iri-generate GRAMMAR.abnf [-o OUT.re] [--entry RULE]... [--namespace NAME] [--check]\n"
    "\n"
    "Reads an ABNF grammar (RFC 5234 with RFC 7405 %s/%i strings) and the files it imports (;@import NAME)\n"
    "or extends (;@extends NAME), checks it, and writes an re2c specification with one matcher function per\n"
    "entry production. Each matcher records the component boundaries (;@component) with re2c tags.\n"
    "\n"
    "  -o OUT.re        write the specification here (default: standard output)\n"
    "  --entry RULE     generate only this entry rule (repeatable; default: every ;@entry of the grammar)\n"
    "  --namespace NAME C++ namespace under iri::detail (default: gen_<grammar name>)\n"
    "  --check          check the grammar only; write nothing\n"
    "\n"
    "Then compile the output with re2c in UTF-8 mode:\n"
    "  re2c -8 -b --input custom --empty-class match-none -W -Wno-match-empty-string -Wno-unreachable-rules \\\n"
    "       -Wno-nondeterministic-tags OUT.re -o OUT.cpp\n"
    "\n"
    "Writing a variant: see grammar/README.md. Errors are reported as file:line:column: message; the exit\n"
    "status is 1 for a grammar error, 2 for a usage error.\n";

}  // namespace

int main(int argc, char** argv) {
    std::string input, output;
    bool check_only = false;
    iri::abnf::emit_options opt;
    std::ostringstream cmd;
    cmd << "iri-generate";
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "iri-generate: " << a << " needs " << what << "\n" << usage;
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "-h" || a == "--help") {
            std::cout << usage;
            return 0;
        } else if (a == "-o") {
            output = value("a file name");
        } else if (a == "--entry") {
            opt.entries.push_back(value("a rule name"));
        } else if (a == "--namespace") {
            opt.ns = value("a name");
        } else if (a == "--check") {
            check_only = true;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "iri-generate: unknown option " << a << "\n" << usage;
            return 2;
        } else if (input.empty()) {
            input = a;
        } else {
            std::cerr << "iri-generate: more than one grammar file\n" << usage;
            return 2;
        }
    }
    if (input.empty()) {
        std::cerr << usage;
        return 2;
    }
    for (int i = 1; i < argc; ++i) cmd << " " << argv[i];

    iri::abnf::diagnostics d;
    iri::abnf::grammar g = iri::abnf::load(input, d);
    if (!d.ok()) {
        for (const std::string& e : d.errors) std::cerr << e << "\n";
        return 1;
    }
    if (check_only) return 0;
    opt.source = input;
    opt.command = cmd.str();
    std::ostringstream text;
    std::string error;
    if (!iri::abnf::emit_re2c(g, opt, text, error)) {
        std::cerr << input << ": " << error << "\n";
        return 1;
    }
    if (output.empty()) {
        std::cout << text.str();
        return 0;
    }
    std::ofstream out(output, std::ios::binary);
    out << text.str();
    if (!out) {
        std::cerr << "iri-generate: cannot write " << output << "\n";
        return 1;
    }
    return 0;
}
