// The emitters' entry point: writes the re2c specification of a grammar, one matcher per entry production, with
// the tables the library reads (a variant's in emit_re2c.cpp, a scheme grammar's in emit_scheme.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "abnf_model.hpp"

namespace iri::abnf {

struct emit_options {
    std::vector<std::string> entries;  // entry rule names; empty: every ;@entry of the grammar
    std::string ns;                    // C++ namespace below iri::detail; empty: gen_<variant>
    std::string source;                // the .abnf path as given, for the header line
    std::string command;               // the command line, for the header line
};

// Writes the .re text to `out`. On failure returns false with `error` set (nothing useful written).
bool emit_re2c(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error);

}  // namespace iri::abnf
