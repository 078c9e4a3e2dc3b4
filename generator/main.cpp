// iri-generate: compiles a grammar variant's ABNF into an re2c specification (one DFA per entry production).
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "abnf.hpp"
#include "emit_idna_tables.hpp"
#include "emit_re2c.hpp"
#include "emit_url_sets.hpp"

namespace {

const char* const usage =
    "usage: iri-generate GRAMMAR.abnf [-o OUT.re] [--entry RULE]... [--namespace NAME] [--check]\n"
    "       iri-generate grammar/url.abnf --url-sets [-o url_sets.hpp]\n"
    "       iri-generate --idna-tables UNICODE_DIR -o idna_tables.hpp\n"
    "       iri-generate grammar/html.abnf --html-sets [-o html_sets.hpp]\n"
    "\n"
    "Reads an ABNF grammar (RFC 5234 with RFC 7405 %s/%i strings) and the files it imports (;@import NAME)\n"
    "or extends (;@extends NAME), checks it, and writes an re2c specification with one matcher function per\n"
    "entry production. Each matcher records the component boundaries (;@component) with re2c tags.\n"
    "\n"
    "  -o OUT.re        write the specification here (default: standard output)\n"
    "  --entry RULE     generate only this entry rule (repeatable; default: every ;@entry of the grammar)\n"
    "  --namespace NAME C++ namespace under iri::detail (default: gen_<grammar name>)\n"
    "  --check          check the grammar only; write nothing\n"
    "  --url-sets       write instead the C++ header of the URL Standard's code point sets and special schemes\n"
    "                   (grammar/url.abnf, the sets of grammar/url_sets.def)\n"
    "  --idna-tables DIR read instead the Unicode data files of DIR (IdnaMappingTable.txt and the derived\n"
    "                   Bidi_Class, Joining_Type, Canonical_Combining_Class and General_Category files of\n"
    "                   data/unicode/, unpacked) and write UTS #46's tables: the header -o names and, beside\n"
    "                   it, its definitions (the same name ending in .cpp)\n"
    "  --html-sets      write instead the C++ header of the HTML Standard's sets of the link tokenizer\n"
    "                   (grammar/html.abnf, the sets of grammar/html_sets.def)\n"
    "\n"
    "Then compile the output with re2c in UTF-8 mode:\n"
    "  re2c -8 -b --input custom --empty-class match-none -W -Wno-match-empty-string -Wno-unreachable-rules \\\n"
    "       -Wno-nondeterministic-tags OUT.re -o OUT.cpp\n"
    "\n"
    "Writing a variant: see grammar/README.md. Errors are reported as file:line:column: message; the exit\n"
    "status is 1 for a grammar error, 2 for a usage error.\n";

// The command line: the grammar file and the options (exits with 0 after --help, 2 on a usage error).
struct arguments {
    std::string input, output;
    bool check_only = false;
    bool url_sets = false;
    std::string idna_tables;  // the folder of the Unicode data files, for --idna-tables
    bool html_sets = false;
    iri::abnf::emit_options opt;
};

arguments parse_arguments(int argc, char** argv) {
    arguments args;
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
            std::exit(0);
        } else if (a == "-o") {
            args.output = value("a file name");
        } else if (a == "--entry") {
            args.opt.entries.push_back(value("a rule name"));
        } else if (a == "--namespace") {
            args.opt.ns = value("a name");
        } else if (a == "--check") {
            args.check_only = true;
        } else if (a == "--url-sets") {
            args.url_sets = true;
        } else if (a == "--idna-tables") {
            args.idna_tables = value("a folder");
        } else if (a == "--html-sets") {
            args.html_sets = true;
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "iri-generate: unknown option " << a << "\n" << usage;
            std::exit(2);
        } else if (args.input.empty()) {
            args.input = a;
        } else {
            std::cerr << "iri-generate: more than one grammar file\n" << usage;
            std::exit(2);
        }
    }
    if (args.input.empty() == args.idna_tables.empty()) {
        std::cerr << usage;
        std::exit(2);
    }
    if (!args.idna_tables.empty() && (args.output.size() < 5 || args.output.substr(args.output.size() - 4) != ".hpp")) {
        std::cerr << "iri-generate: --idna-tables needs -o NAME.hpp\n" << usage;
        std::exit(2);
    }
    return args;
}

// Writes `text` to `output`, or to standard output when it is empty. False when the file cannot be written.
bool write_output(const std::string& output, const std::string& text) {
    if (output.empty()) {
        std::cout << text;
        return true;
    }
    std::ofstream out(output, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

// --idna-tables: the header and its definitions beside it.
int write_idna_tables(const arguments& args, const std::string& command) {
    std::ostringstream header, source;
    std::string error;
    const std::string name = args.output.substr(args.output.find_last_of('/') + 1);
    if (!iri::abnf::emit_idna_tables(args.idna_tables, command, "iri/generated/" + name, header, source, error)) {
        std::cerr << "iri-generate: " << error << "\n";
        return 1;
    }
    const std::string definitions = args.output.substr(0, args.output.size() - 4) + ".cpp";
    for (const auto& [file, text] : {std::pair{args.output, header.str()}, std::pair{definitions, source.str()}}) {
        if (!write_output(file, text)) {
            std::cerr << "iri-generate: cannot write " << file << "\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    arguments args = parse_arguments(argc, argv);
    std::ostringstream cmd;
    cmd << "iri-generate";
    for (int i = 1; i < argc; ++i) cmd << " " << argv[i];
    if (!args.idna_tables.empty()) return write_idna_tables(args, cmd.str());

    iri::abnf::diagnostics d;
    iri::abnf::grammar g = iri::abnf::load(args.input, d);
    if (!d.ok()) {
        for (const std::string& e : d.errors) std::cerr << e << "\n";
        return 1;
    }
    if (args.check_only) return 0;
    args.opt.source = args.input;
    args.opt.command = cmd.str();
    std::ostringstream text;
    std::string error;
    const bool emitted = args.url_sets    ? iri::abnf::emit_url_sets(g, args.opt, text, error)
                         : args.html_sets ? iri::abnf::emit_html_sets(g, args.opt, text, error)
                                          : iri::abnf::emit_re2c(g, args.opt, text, error);
    if (!emitted) {
        std::cerr << args.input << ": " << error << "\n";
        return 1;
    }
    if (!write_output(args.output, text.str())) {
        std::cerr << "iri-generate: cannot write " << args.output << "\n";
        return 1;
    }
    return 0;
}
