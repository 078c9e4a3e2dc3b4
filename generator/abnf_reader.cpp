// ABNF reader: RFC 5234 §4 (ABNF definition of ABNF) with RFC 7405 (%s and %i), plus the ;@ directives.
#include "abnf.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

namespace iri::abnf {

std::string location::str() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string fold(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

const std::vector<std::string>& production_roles() {
    static const std::vector<std::string> roles = {
#define IRI_PRODUCTION(id, name) name,
#include "iri/roles.def"
#undef IRI_PRODUCTION
    };
    return roles;
}

const std::vector<std::string>& component_roles() {
    static const std::vector<std::string> roles = {
#define IRI_COMPONENT(id, name) name,
#include "iri/roles.def"
#undef IRI_COMPONENT
    };
    return roles;
}

// ---- char_set ----

void char_set::add(std::uint32_t lo, std::uint32_t hi) {
    if (lo > hi) return;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    bool placed = false;
    for (auto [a, b] : ranges) {
        if (b + 1 < lo) {
            out.emplace_back(a, b);
        } else if (hi + 1 < a) {
            if (!placed) out.emplace_back(lo, hi), placed = true;
            out.emplace_back(a, b);
        } else {
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
    }
    if (!placed) out.emplace_back(lo, hi);
    std::sort(out.begin(), out.end());
    ranges = std::move(out);
}

void char_set::add(const char_set& other) {
    for (auto [a, b] : other.ranges) add(a, b);
}

void char_set::subtract(const char_set& other) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    for (auto [a, b] : ranges) {
        std::uint64_t lo = a;
        for (auto [x, y] : other.ranges) {
            if (y < lo || x > b) continue;
            if (x > lo) out.emplace_back(static_cast<std::uint32_t>(lo), x - 1);
            lo = std::uint64_t(y) + 1;
            if (lo > b) break;
        }
        if (lo <= b) out.emplace_back(static_cast<std::uint32_t>(lo), b);
    }
    ranges = std::move(out);
}

bool char_set::contains(std::uint32_t cp) const {
    auto it = std::upper_bound(ranges.begin(), ranges.end(), std::make_pair(cp, 0xFFFFFFFFu));
    if (it == ranges.begin()) return false;
    --it;
    return cp >= it->first && cp <= it->second;
}

// ---- grammar queries ----

const rule* grammar::find(const std::string& n) const {
    const std::string f = fold(n);
    for (const rule& r : rules)
        if (fold(r.name) == f) return &r;
    return nullptr;
}

std::optional<char_set> grammar::as_char_set(const node& n) const {
    char_set s;
    switch (n.k) {
        case node::kind::char_range:
            s.add(n.lo, n.hi);
            return s;
        case node::kind::literal: {
            if (n.text.size() != 1) return std::nullopt;
            char32_t c = n.text[0];
            s.add(c, c);
            if (!n.case_sensitive) {
                if (c >= 'a' && c <= 'z') s.add(c - 32, c - 32);
                if (c >= 'A' && c <= 'Z') s.add(c + 32, c + 32);
            }
            return s;
        }
        case node::kind::alternation:
            for (const node& c : n.children) {
                auto cs = as_char_set(c);
                if (!cs) return std::nullopt;
                s.add(*cs);
            }
            return s;
        case node::kind::concatenation:
        case node::kind::repetition:
            if (n.children.size() == 1 && n.min == 1 && n.max == 1) return as_char_set(n.children[0]);
            return std::nullopt;
        case node::kind::rule_ref: {
            const rule* r = find(n.name);
            if (!r) return std::nullopt;
            return as_char_set(r->definition);
        }
        case node::kind::prose:
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<char_set> grammar::literal_set(const rule& r) const {
    const node* n = &r.definition;
    // Unwrap single-child alternations/concatenations and references down to a repetition.
    for (int guard = 0; guard < 64; ++guard) {
        if ((n->k == node::kind::alternation || n->k == node::kind::concatenation) && n->children.size() == 1) {
            n = &n->children[0];
        } else if (n->k == node::kind::rule_ref) {
            const rule* t = find(n->name);
            if (!t) return std::nullopt;
            n = &t->definition;
        } else {
            break;
        }
    }
    if (n->k != node::kind::repetition) return as_char_set(*n);  // one character of a set: unreserved
    if (n->max < 2) return std::nullopt;
    char_set out;
    // Flatten the repeated element's alternatives, following references to alternations.
    std::function<void(const node&, int)> flatten = [&](const node& e, int depth) {
        if (depth > 64) return;
        if (auto cs = as_char_set(e)) {
            out.add(*cs);
            return;
        }
        if (e.k == node::kind::alternation || (e.k == node::kind::concatenation && e.children.size() == 1)) {
            for (const node& c : e.children) flatten(c, depth + 1);
        } else if (e.k == node::kind::rule_ref) {
            if (const rule* t = find(e.name)) flatten(t->definition, depth + 1);
        }
        // Anything else (a sequence such as pct-encoded) allows no single character.
    };
    flatten(n->children[0], 0);
    return out;
}

char_set grammar::excluded_set() const {
    if (excluded.rule.empty()) return {};
    const rule* r = find(excluded.rule);
    if (!r) return {};
    auto s = as_char_set(r->definition);
    return s ? *s : char_set{};
}

std::string grammar::component_role(const std::string& parent, const std::string& used) const {
    const std::string u = fold(used), p = fold(parent);
    for (const auto& [role, rs] : components)
        for (const std::string& r : rs) {
            const std::string f = fold(r);
            const auto slash = f.find('/');
            if (slash == std::string::npos) {
                if (f == u) return role;
            } else if (f.compare(slash + 1, std::string::npos, u) == 0 && (p.empty() || f.compare(0, slash, p) == 0)) {
                return role;
            }
        }
    return {};
}

// ---- the reader ----

namespace {

struct parse_error {
    location where;
    std::string message;
};

// A recursive-descent reader over one file. Line ends may be CRLF or LF; a line that starts with white space
// continues the previous rule (RFC 5234 §3.1: c-nl WSP).
class reader {
public:
    reader(std::string file, std::string text) : file_(std::move(file)), s_(std::move(text)) {}

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

    void read() {
        while (true) {
            skip_blank_lines();
            if (eof()) break;
            if (col() != 1 || is_wsp(peek())) fail("a rule name at the start of a line");
            read_rule();
        }
    }

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

    [[noreturn]] void fail(const std::string& expected, const std::string& found_override = "") const {
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
    bool newline() {
        if (peek() == '\r' && peek(1) == '\n') i_ += 2;
        else if (peek() == '\n') i_ += 1;
        else return false;
        ++line_;
        line_start_ = i_;
        return true;
    }

    // ";" up to (not including) the line end. Directives (";@word args") are recorded.
    void comment() {
        location at = here();
        std::size_t b = i_;
        while (!eof() && peek() != '\n' && !(peek() == '\r' && peek(1) == '\n')) {
            if (peek() == '\r') fail("a line end after CR");
            ++i_;
        }
        std::string text = s_.substr(b + 1, i_ - b - 1);
        if (!text.empty() && text[0] == '@' && at.column == 1) record_directive(text.substr(1), at);
    }

    void record_directive(const std::string& text, location at) {
        std::istringstream in(text);
        directive d;
        d.where = at;
        in >> d.word;
        std::string a;
        while (in >> a) d.args.push_back(a);
        auto p = text.find_first_not_of(" \t");
        if (p != std::string::npos) p = text.find_first_of(" \t", p);                      // after word
        if (p != std::string::npos) p = text.find_first_not_of(" \t", p);                  // first arg
        if (p != std::string::npos) p = text.find_first_of(" \t", p);                      // after first arg
        if (p != std::string::npos) p = text.find_first_not_of(" \t", p);                  // rest
        if (p != std::string::npos) d.rest = text.substr(p);
        directives.push_back(std::move(d));
    }

    void skip_blank_lines() {
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
    bool c_wsp() {
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

    std::string rulename() {
        if (!is_alpha(peek())) fail("a rule name");
        std::size_t b = i_;
        while (is_alpha(peek()) || is_digit(peek()) || peek() == '-') ++i_;
        return s_.substr(b, i_ - b);
    }

    void read_rule() {
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

    node alternation() {
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

    [[nodiscard]] bool starts_element() const {
        char c = peek();
        return is_alpha(c) || is_digit(c) || c == '*' || c == '(' || c == '[' || c == '"' || c == '%' || c == '<';
    }

    node concatenation() {
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

    std::uint32_t number(int base, const char* what) {
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

    node repetition() {
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
                if (mx < mn) throw parse_error{at, "repeat maximum " + std::to_string(mx) + " is below minimum " +
                                                       std::to_string(mn)};
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
    node element() {
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
    node group_or_option(char open) {
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
    node prose() {
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
    node percent_value() {
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
    node num_val(int base, location where) {
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

    node quoted(bool case_sensitive, location at = {}) {
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
};

bool known(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

std::string stem_of(const std::string& path) {
    auto slash = path.find_last_of('/');
    std::string f = slash == std::string::npos ? path : path.substr(slash + 1);
    auto dot = f.rfind(".abnf");
    return dot == std::string::npos ? f : f.substr(0, dot);
}

std::string dir_of(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// Reads one file into g, following ;@import and ;@extends. `stack` detects import cycles.
// ;@scheme NAME, ;@part RULE..., ;@list LIST ELEMENT: a scheme grammar (grammar/schemes/, issue 17).
void scheme_directive(grammar& g, const reader::directive& dv, diagnostics& d) {
    if (dv.word == "scheme") {
        // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); written in lower case here.
        // A second word "option": an alternative grammar of the scheme, used only when asked for by its name.
        const bool ok = (dv.args.size() == 1 || (dv.args.size() == 2 && dv.args[1] == "option")) &&
                        dv.args[0][0] >= 'a' && dv.args[0][0] <= 'z' &&
                        std::all_of(dv.args[0].begin(), dv.args[0].end(), [](char c) {
                            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
                        });
        if (!ok) {
            d.errors.push_back(dv.where.str() + ": ;@scheme takes one scheme name in lower case (RFC 3986 §3.1), " +
                               "then \"option\" for an alternative grammar");
        } else {
            g.scheme = dv.args[0];
            g.scheme_option = dv.args.size() == 2;
        }
    } else if (dv.word == "part") {
        if (dv.args.empty()) d.errors.push_back(dv.where.str() + ": ;@part takes rule names");
        for (const std::string& r : dv.args) {  // RULE, or PARENT/RULE: only the uses inside PARENT
            const std::string part = r.substr(r.find('/') + 1);
            if (std::find(g.parts.begin(), g.parts.end(), part) != g.parts.end()) continue;
            g.parts.push_back(part);
            g.components[part] = {r};
        }
    } else if (dv.args.size() != 2) {
        d.errors.push_back(dv.where.str() + ": ;@list takes a list rule and its element rule");
    } else {
        g.lists.push_back({dv.args[0], dv.args[1], dv.where});
    }
}

// `rules_only`: the file is imported (;@import), so only its rules count, not its directives (a scheme grammar
// imports ../uri for RFC 3986's rules without becoming a URI grammar).
std::set<std::string> load_into(const std::string& path, grammar& g, diagnostics& d,
                                std::vector<std::string>& stack, bool rules_only = false) {
    std::set<std::string> loaded;  // folded names of the rules this file (and what it reads) defines
    if (std::find(stack.begin(), stack.end(), path) != stack.end()) {
        d.errors.push_back(path + ":1:1: grammar files import or extend each other in a cycle");
        return loaded;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        d.errors.push_back(path + ":1:1: cannot open grammar file");
        return loaded;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    reader r(path, ss.str());
    try {
        r.read();
    } catch (const parse_error& e) {
        d.errors.push_back(e.where.str() + ": " + e.message);
        return loaded;
    }
    stack.push_back(path);
    const std::string dir = dir_of(path);
    // Imports and the base first, so that this file's rules replace the base's.
    std::set<std::string> imported, inherited;
    for (const auto& dv : r.directives) {
        if (dv.word == "import" || dv.word == "extends") {
            if (dv.args.size() != 1) {
                d.errors.push_back(dv.where.str() + ": ;@" + dv.word + " takes one grammar name");
                continue;
            }
            auto got = load_into(dir + "/" + dv.args[0] + ".abnf", g, d, stack, rules_only || dv.word == "import");
            (dv.word == "extends" ? inherited : imported).insert(got.begin(), got.end());
            loaded.insert(got.begin(), got.end());
        }
    }
    stack.pop_back();
    g.files.push_back(path);

    // Rules. Within one file a second "=" definition is an error; across an ;@extends it replaces.
    std::set<std::string> here;
    for (auto& def : r.rules) {
        const std::string key = fold(def.r.name);
        auto it = std::find_if(g.rules.begin(), g.rules.end(), [&](const rule& x) { return fold(x.name) == key; });
        if (def.incremental) {
            if (it == g.rules.end()) {
                d.errors.push_back(def.r.where.str() + ": \"=/\" adds to rule " + def.r.name +
                                   ", which is not defined before it");
                continue;
            }
            for (auto& c : def.r.definition.children) it->definition.children.push_back(std::move(c));
            continue;
        }
        if (here.count(key)) {
            d.errors.push_back(def.r.where.str() + ": rule " + def.r.name + " is defined twice (first at " +
                               it->where.str() + "); use \"=/\" to add alternatives");
            continue;
        }
        here.insert(key);
        loaded.insert(key);
        if (it != g.rules.end()) {
            // Defined by the base (;@extends): this definition replaces it. Defined by an import: a duplicate.
            if (!inherited.count(key)) {
                d.errors.push_back(def.r.where.str() + ": rule " + def.r.name + " is already defined at " +
                                   it->where.str() + " (imported; only a rule of an ;@extends base can be replaced)");
                continue;
            }
            *it = std::move(def.r);
        } else {
            g.rules.push_back(std::move(def.r));
        }
    }

    // Directives. Each keyed directive of this file replaces the inherited one with the same key.
    for (const auto& dv : r.directives) {
        if (dv.word == "import" || dv.word == "extends" || rules_only) continue;
        if (dv.word == "entry") {
            if (dv.args.size() != 2) {
                d.errors.push_back(dv.where.str() + ": ;@entry takes a role and a rule name");
                continue;
            }
            if (!known(production_roles(), dv.args[0])) {
                d.errors.push_back(dv.where.str() + ": ;@entry names unknown role " + dv.args[0] +
                                   " (roles are the RFC 3986 rule names in include/iri/roles.def)");
                continue;
            }
            auto e = std::find_if(g.entries.begin(), g.entries.end(), [&](const entry& x) { return x.role == dv.args[0]; });
            if (e != g.entries.end()) *e = entry{dv.args[0], dv.args[1], dv.where};
            else g.entries.push_back(entry{dv.args[0], dv.args[1], dv.where});
        } else if (dv.word == "alias") {
            if (dv.args.size() != 2) {
                d.errors.push_back(dv.where.str() + ": ;@alias takes a new name and an entry rule name");
                continue;
            }
            g.aliases.emplace_back(dv.args[0], dv.args[1]);
        } else if (dv.word == "component") {
            if (dv.args.empty()) {
                d.errors.push_back(dv.where.str() + ": ;@component takes a role and rule names");
                continue;
            }
            if (!known(component_roles(), dv.args[0])) {
                d.errors.push_back(dv.where.str() + ": ;@component names unknown component " + dv.args[0]);
                continue;
            }
            g.components[dv.args[0]] = std::vector<std::string>(dv.args.begin() + 1, dv.args.end());
        } else if (dv.word == "split") {
            if (!dv.args.empty() && dv.args[0] != "rfc3986") {
                d.errors.push_back(dv.where.str() + ": ;@split knows only rfc3986");
                continue;
            }
            g.split_rfc3986 = !dv.args.empty();
        } else if (dv.word == "scheme" || dv.word == "part" || dv.word == "list") {
            scheme_directive(g, dv, d);
        } else if (dv.word == "spec") {
            g.spec = dv.args.empty() ? std::string() : dv.args[0] + (dv.rest.empty() ? "" : " " + dv.rest);
        } else if (dv.word == "exclude") {
            g.excluded = exclusion{dv.args.empty() ? std::string() : dv.args[0], dv.rest, dv.where};
        } else {
            d.errors.push_back(dv.where.str() + ": unknown directive ;@" + dv.word +
                               " (known: import, extends, entry, alias, component, exclude, spec, split, scheme, part, list)");
        }
    }
    return loaded;
}

void check_refs(const grammar& g, const node& n, diagnostics& d) {
    if (n.k == node::kind::rule_ref && !g.find(n.name))
        d.errors.push_back(n.where.str() + ": rule " + n.name + " is not defined");
    for (const node& c : n.children) check_refs(g, c, d);
}

// Prose values are an error unless no repetition can take them (0<...>, as in RFC 3986's path-empty).
void check_prose(const node& n, diagnostics& d, bool reachable = true) {
    if (n.k == node::kind::prose && reachable)
        d.errors.push_back(n.where.str() + ": prose value <" + std::string(n.text.begin(), n.text.end()) +
                           "> cannot be compiled; write it as ABNF");
    bool inner = reachable && !(n.k == node::kind::repetition && n.max == 0);
    for (const node& c : n.children) check_prose(c, d, inner);
}

void collect_refs(const node& n, std::vector<const node*>& out) {
    if (n.k == node::kind::rule_ref) out.push_back(&n);
    for (const node& c : n.children) collect_refs(c, out);
}

void check_recursion(const grammar& g, diagnostics& d) {
    // Colours: 0 white, 1 on stack, 2 done.
    std::map<std::string, int> colour;
    std::vector<std::string> path;
    std::function<void(const rule&)> visit = [&](const rule& r) {
        const std::string key = fold(r.name);
        colour[key] = 1;
        path.push_back(r.name);
        std::vector<const node*> refs;
        collect_refs(r.definition, refs);
        for (const node* ref : refs) {
            const rule* t = g.find(ref->name);
            if (!t) continue;
            const std::string tk = fold(t->name);
            if (colour[tk] == 1) {
                std::string cycle;
                auto start = std::find_if(path.begin(), path.end(), [&](const std::string& p) { return fold(p) == tk; });
                for (auto it = start; it != path.end(); ++it) cycle += *it + " -> ";
                cycle += t->name;
                d.errors.push_back(ref->where.str() + ": recursive rule: " + cycle +
                                   " (these grammars are regular; a recursive rule cannot become a DFA)");
            } else if (colour[tk] == 0) {
                visit(*t);
            }
        }
        path.pop_back();
        colour[key] = 2;
    };
    for (const rule& r : g.rules)
        if (colour[fold(r.name)] == 0) visit(r);
}

// A scheme grammar: one entry (the whole URI), parts that are rules, lists whose rules are parts.
void check_scheme(const grammar& g, diagnostics& d) {
    const std::string file = g.files.empty() ? g.name : g.files.back();
    if (g.entries.size() != 1) d.errors.push_back(file + ":1:1: a scheme grammar has exactly one ;@entry (role URI)");
    for (const std::string& p : g.parts)
        if (!g.find(p)) d.errors.push_back(file + ":1:1: ;@part names undefined rule " + p);
    auto is_part = [&](const std::string& r) {
        return std::any_of(g.parts.begin(), g.parts.end(), [&](const std::string& p) { return fold(p) == fold(r); });
    };
    for (const grammar::list& l : g.lists)
        if (!is_part(l.rule) || !is_part(l.element))
            d.errors.push_back(l.where.str() + ": ;@list " + l.rule + " " + l.element + ": both rules must be parts (;@part)");
    for (const auto& [role, rs] : g.components)
        if (!is_part(role)) d.errors.push_back(file + ":1:1: a scheme grammar names its parts with ;@part, not ;@component");
}

}  // namespace

grammar load(const std::string& path, diagnostics& d) {
    grammar g;
    g.name = stem_of(path);
    std::vector<std::string> stack;
    load_into(path, g, d, stack);
    if (!d.ok()) return g;
    for (const rule& r : g.rules) check_refs(g, r.definition, d);
    for (const rule& r : g.rules) check_prose(r.definition, d);
    if (!d.ok()) return g;
    check_recursion(g, d);
    for (const entry& e : g.entries)
        if (!g.find(e.rule)) d.errors.push_back(e.where.str() + ": ;@entry names undefined rule " + e.rule);
    for (const auto& [alias, target] : g.aliases) {
        const std::string folded_target = fold(target);  // clang < 16 cannot capture a structured binding
        bool ok = std::any_of(g.entries.begin(), g.entries.end(),
                              [&](const entry& e) { return fold(e.rule) == folded_target; });
        if (!ok) d.errors.push_back(path + ":1:1: ;@alias " + alias + " names " + target + ", which is not an entry rule");
    }
    for (const auto& [role, rs] : g.components)
        for (const std::string& r : rs) {
            const auto slash = r.find('/');
            for (const std::string& part : {r.substr(0, slash), slash == std::string::npos ? r : r.substr(slash + 1)})
                if (!g.find(part)) d.errors.push_back(path + ":1:1: ;@component " + role + " names undefined rule " + part);
        }
    if (!g.scheme.empty()) check_scheme(g, d);
    if (!g.excluded.rule.empty()) {
        const rule* r = g.find(g.excluded.rule);
        if (!r) d.errors.push_back(g.excluded.where.str() + ": ;@exclude names undefined rule " + g.excluded.rule);
        else if (!g.as_char_set(r->definition))
            d.errors.push_back(g.excluded.where.str() + ": ;@exclude needs a rule that is a set of single characters");
    }
    return g;
}

}  // namespace iri::abnf
