// The ABNF reader: RFC 5234 §4 (ABNF definition of ABNF) with RFC 7405 (%s and %i), plus the ;@ directive lines.
#include "abnf_reader.hpp"

#include <cstdio>
#include <sstream>

namespace iri::abnf {

void reader::read() {
    while (true) {
        skip_blank_lines();
        if (eof()) break;
        if (col() != 1 || is_wsp(peek())) fail("a rule name at the start of a line");
        read_rule();
    }
}

void reader::fail(const std::string& expected, const std::string& found_override) const {
    std::string found = found_override;
    if (found.empty()) {
        if (eof()) found = "end of file";
        else if (peek() == '\n' || peek() == '\r') found = "end of line";
        else {
            unsigned char c = static_cast<unsigned char>(peek());
            if (c >= 0x21 && c < 0x7F) found = std::string("'") + peek() + "'";
            else {
                char buf[16];
                std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
                found = buf;
            }
        }
    }
    throw parse_error{here(), "expected " + expected + ", found " + found};
}

// Consumes a line end (CRLF or LF); false if not at one.
bool reader::newline() {
    if (peek() == '\r' && peek(1) == '\n') i_ += 2;
    else if (peek() == '\n') i_ += 1;
    else return false;
    ++line_;
    line_start_ = i_;
    return true;
}

// ";" up to (not including) the line end. Directives (";@word args") are recorded.
void reader::comment() {
    location at = here();
    std::size_t b = i_;
    while (!eof() && peek() != '\n' && !(peek() == '\r' && peek(1) == '\n')) {
        if (peek() == '\r') fail("a line end after CR");
        ++i_;
    }
    std::string text = s_.substr(b + 1, i_ - b - 1);
    if (!text.empty() && text[0] == '@' && at.column == 1) record_directive(text.substr(1), at);
}

void reader::record_directive(const std::string& text, location at) {
    std::istringstream in(text);
    directive d;
    d.where = at;
    in >> d.word;
    std::string a;
    while (in >> a) d.args.push_back(a);
    auto p = text.find_first_not_of(" \t");
    if (p != std::string::npos) p = text.find_first_of(" \t", p);      // after word
    if (p != std::string::npos) p = text.find_first_not_of(" \t", p);  // first arg
    if (p != std::string::npos) p = text.find_first_of(" \t", p);      // after first arg
    if (p != std::string::npos) p = text.find_first_not_of(" \t", p);  // rest
    if (p != std::string::npos) d.rest = text.substr(p);
    directives.push_back(std::move(d));
}

void reader::skip_blank_lines() {
    while (!eof()) {
        std::size_t save = i_;
        while (is_wsp(peek())) ++i_;
        if (peek() == ';') comment();
        if (newline()) continue;
        if (eof()) return;
        i_ = save;
        return;
    }
}

// c-wsp = WSP / (c-nl WSP): white space, comments, and line ends followed by white space (continuation).
// Returns true if anything was skipped.
bool reader::c_wsp() {
    bool any = false;
    while (true) {
        if (is_wsp(peek())) {
            ++i_;
            any = true;
            continue;
        }
        std::size_t save_i = i_;
        int save_line = line_;
        std::size_t save_ls = line_start_;
        if (peek() == ';') comment();
        if (newline()) {
            // Blank or comment-only lines inside a continued rule are allowed only if a continuation follows.
            std::size_t look = i_;
            while (true) {
                std::size_t j = look;
                while (j < s_.size() && is_wsp(s_[j])) ++j;
                const bool blank = j >= s_.size() || s_[j] == '\n' || s_[j] == '\r' || s_[j] == ';';
                if (!blank) {
                    if (j == look) look = std::string::npos;  // a new rule starts here
                    break;                                    // else: a continuation line
                }
                while (j < s_.size() && s_[j] != '\n') ++j;  // skip the blank or comment line
                if (j >= s_.size()) {
                    look = std::string::npos;
                    break;
                }
                look = j + 1;
            }
            if (look == std::string::npos) {
                i_ = save_i;
                line_ = save_line;
                line_start_ = save_ls;
                return any;
            }
            // consume blank/comment lines up to the continuation
            while (true) {
                while (is_wsp(peek())) ++i_;
                if (peek() == ';') comment();
                if (!newline()) break;
            }
            any = true;
            continue;
        }
        i_ = save_i;
        line_ = save_line;
        line_start_ = save_ls;
        return any;
    }
}

std::string reader::rulename() {
    if (!is_alpha(peek())) fail("a rule name");
    std::size_t b = i_;
    while (is_alpha(peek()) || is_digit(peek()) || peek() == '-') ++i_;
    return s_.substr(b, i_ - b);
}

void reader::read_rule() {
    defined d;
    d.r.where = here();
    d.r.name = rulename();
    c_wsp();
    if (peek() != '=') fail("\"=\" or \"=/\" after rule name " + d.r.name);
    ++i_;
    if (peek() == '/') {
        ++i_;
        d.incremental = true;
    }
    c_wsp();
    d.r.definition = alternation();
    c_wsp();
    while (is_wsp(peek())) ++i_;
    if (peek() == ';') comment();
    if (!newline() && !eof()) fail("\"/\", an element or the end of the rule");
    rules.push_back(std::move(d));
}

node reader::alternation() {
    node n;
    n.k = node::kind::alternation;
    n.where = here();
    n.children.push_back(concatenation());
    while (true) {
        std::size_t save = i_;
        int sl = line_;
        std::size_t sls = line_start_;
        c_wsp();
        if (peek() == '/') {
            ++i_;
            c_wsp();
            n.children.push_back(concatenation());
        } else {
            i_ = save, line_ = sl, line_start_ = sls;
            break;
        }
    }
    return n;
}

node reader::concatenation() {
    node n;
    n.k = node::kind::concatenation;
    n.where = here();
    n.children.push_back(repetition());
    while (true) {
        std::size_t save = i_;
        int sl = line_;
        std::size_t sls = line_start_;
        if (c_wsp() && starts_element()) {
            n.children.push_back(repetition());
        } else {
            i_ = save, line_ = sl, line_start_ = sls;
            break;
        }
    }
    return n;
}

std::uint32_t reader::number(int base, const char* what) {
    auto digit = [&](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (base == 16 && c >= 'A' && c <= 'F') return c - 'A' + 10;
        if (base == 16 && c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    };
    int d = digit(peek());
    if (d < 0 || d >= base) fail(what);
    std::uint64_t v = 0;
    while ((d = digit(peek())) >= 0 && d < base) {
        v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
        if (v > 0x10FFFF * 16ull) fail("a value of at most 0x10FFFF", "a larger number");
        ++i_;
    }
    return static_cast<std::uint32_t>(v);
}

node reader::repetition() {
    location at = here();
    bool has_repeat = false;
    std::uint32_t mn = 1, mx = 1;
    if (is_digit(peek()) || peek() == '*') {
        has_repeat = true;
        std::uint32_t a = 0;
        bool has_a = false;
        if (is_digit(peek())) a = number(10, "a repeat count"), has_a = true;
        if (peek() == '*') {
            ++i_;
            mn = has_a ? a : 0;
            mx = is_digit(peek()) ? number(10, "a repeat count") : node::unbounded;
            if (mx < mn)
                throw parse_error{at,
                                  "repeat maximum " + std::to_string(mx) + " is below minimum " + std::to_string(mn)};
        } else {
            mn = mx = a;
        }
    }
    node e = element();
    if (!has_repeat) return e;
    node r;
    r.k = node::kind::repetition;
    r.where = at;
    r.min = mn;
    r.max = mx;
    r.children.push_back(std::move(e));
    return r;
}

// RFC 5234 §4: element = rulename / group / option / char-val / num-val / prose-val (and RFC 7405's %s/%i).
node reader::element() {
    const char c = peek();
    if (is_alpha(c)) {
        node n;
        n.where = here();
        n.k = node::kind::rule_ref;
        n.name = rulename();
        return n;
    }
    if (c == '(' || c == '[') return group_or_option(c);
    if (c == '"') return quoted(false);
    if (c == '<') return prose();
    if (c == '%') return percent_value();
    fail("an element (rule name, group, option, string, %-value or prose)");
}

// group = "(" alternation ")"; option = "[" alternation "]", a repetition of 0 to 1 (RFC 5234 §3.5, §3.8).
node reader::group_or_option(char open) {
    node n;
    n.where = here();
    ++i_;
    c_wsp();
    node inner = alternation();
    c_wsp();
    const char close = open == '(' ? ')' : ']';
    if (peek() != close) fail(std::string("\"/\", an element or \"") + close + "\"");
    ++i_;
    if (open == '(') return inner;
    n.k = node::kind::repetition;
    n.min = 0;
    n.max = 1;
    n.children.push_back(std::move(inner));
    return n;
}

// prose-val = "<" *(%x20-3D / %x3F-7E) ">" (RFC 5234 §4).
node reader::prose() {
    node n;
    n.where = here();
    ++i_;
    n.k = node::kind::prose;
    while (!eof() && peek() != '>') {
        unsigned char b = static_cast<unsigned char>(peek());
        if (b < 0x20 || b > 0x7E) fail("'>' to close the prose value");
        n.text.push_back(b);
        ++i_;
    }
    if (peek() != '>') fail("'>' to close the prose value");
    ++i_;
    return n;
}

// "%" then RFC 7405's case-sensitive or -insensitive string (%s"..", %i".."), or a num-val (RFC 5234 §4).
node reader::percent_value() {
    const location where = here();
    const char t = peek(1);
    if (t == 's' || t == 'S' || t == 'i' || t == 'I') {
        if (peek(2) != '"') {
            i_ += 2;
            fail("'\"' after %s or %i (RFC 7405)");
        }
        i_ += 2;
        return quoted(t == 's' || t == 'S', where);
    }
    int base = 0;
    if (t == 'x' || t == 'X') base = 16;
    else if (t == 'd' || t == 'D') base = 10;
    else if (t == 'b' || t == 'B') base = 2;
    else {
        ++i_;
        fail("'x', 'd', 'b', 's' or 'i' after '%'");
    }
    i_ += 2;
    return num_val(base, where);
}

// num-val after "%x", "%d" or "%b": a value, a range "lo-hi", or a concatenation "v.v.v" (RFC 5234 §4).
node reader::num_val(int base, location where) {
    node n;
    n.where = where;
    const char* what = base == 16 ? "a hexadecimal digit" : base == 10 ? "a decimal digit" : "a binary digit";
    std::uint32_t lo = number(base, what);
    if (peek() == '-') {
        ++i_;
        std::uint32_t hi = number(base, what);
        if (hi < lo) throw parse_error{n.where, "range end is below range start"};
        if (hi > 0x10FFFF) throw parse_error{n.where, "value above U+10FFFF"};
        n.k = node::kind::char_range;
        n.lo = lo;
        n.hi = hi;
        return n;
    }
    if (lo > 0x10FFFF) throw parse_error{n.where, "value above U+10FFFF"};
    if (peek() != '.') {
        n.k = node::kind::char_range;
        n.lo = n.hi = lo;
        return n;
    }
    n.k = node::kind::literal;
    n.case_sensitive = true;
    n.text.push_back(lo);
    while (peek() == '.') {
        ++i_;
        std::uint32_t v = number(base, what);
        if (v > 0x10FFFF) throw parse_error{n.where, "value above U+10FFFF"};
        n.text.push_back(v);
    }
    return n;
}

node reader::quoted(bool case_sensitive, location at) {
    node n;
    n.where = at.line ? at : here();
    n.k = node::kind::literal;
    n.case_sensitive = case_sensitive;
    ++i_;  // opening quote
    while (true) {
        if (eof() || peek() == '\n' || peek() == '\r') fail("'\"' to close the string");
        unsigned char c = static_cast<unsigned char>(peek());
        if (c == '"') break;
        if (c < 0x20 || c > 0x7E) fail("a printable ASCII character in the string (RFC 5234 char-val)");
        n.text.push_back(c);
        ++i_;
    }
    ++i_;
    // A case-insensitive string without letters is case-sensitive in effect; keep it as written.
    return n;
}

}  // namespace iri::abnf
