// The ABNF reader: parses the text of one .abnf file (RFC 5234 §4, the ABNF definition of ABNF, with RFC 7405's
// %s and %i strings) into its rules, as written, and its ";@" directive lines, unread. It opens no file and
// resolves nothing: the loader (abnf_loader.hpp) follows imports, merges rules and applies the directives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "abnf_model.hpp"

namespace iri::abnf {

// A syntax error: where, and "expected X, found Y".
struct parse_error {
    location where;
    std::string message;
};

// A recursive-descent reader over one file. Line ends may be CRLF or LF; a line that starts with white space
// continues the previous rule (RFC 5234 §3.1: c-nl WSP).
class reader {
public:
    reader(std::string file, std::string text) : file_(std::move(file)), s_(std::move(text)) {}

    // A comment line ";@word args" that starts in column 1.
    struct directive {
        std::string word;
        std::vector<std::string> args;
        std::string rest;  // the text after the first argument (for reasons)
        location where;
    };
    struct defined {
        rule r;
        bool incremental = false;  // "=/"
    };

    std::vector<defined> rules;
    std::vector<directive> directives;

    // Reads the whole text into `rules` and `directives`; throws parse_error at the first syntax error.
    void read();

private:
    std::string file_;
    std::string s_;
    std::size_t i_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;

    [[nodiscard]] bool eof() const { return i_ >= s_.size(); }
    [[nodiscard]] char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
    [[nodiscard]] int col() const { return static_cast<int>(i_ - line_start_) + 1; }
    [[nodiscard]] location here() const { return {file_, line_, col()}; }
    static bool is_wsp(char c) { return c == ' ' || c == '\t'; }
    static bool is_alpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    [[nodiscard]] bool starts_element() const {
        char c = peek();
        return is_alpha(c) || is_digit(c) || c == '*' || c == '(' || c == '[' || c == '"' || c == '%' || c == '<';
    }

    [[noreturn]] void fail(const std::string& expected, const std::string& found_override = "") const;

    // Line ends, comments and white space.
    bool newline();
    void comment();
    void record_directive(const std::string& text, location at);
    void skip_blank_lines();
    bool c_wsp();

    // The productions of RFC 5234 §4, one function each.
    std::string rulename();
    void read_rule();
    node alternation();
    node concatenation();
    std::uint32_t number(int base, const char* what);
    node repetition();
    node element();
    node group_or_option(char open);
    node prose();
    node percent_value();
    node num_val(int base, location where);
    node quoted(bool case_sensitive, location at = {});
};

}  // namespace iri::abnf
