// ABNF -> re2c: every rule that carries no component becomes a named re2c definition (its ABNF name with "-"
// written "_"); every entry production becomes one matcher function. The rules that contain components are
// inlined into the entry, and every alternation that contains a component is distributed into separate re2c
// rules ("the path after an authority" and "the path without one" become two rules), so that each component
// occurs at most once per re2c rule and all rules share one pair of tags per component: re2c allows a tag once
// per rule, and a few shared tags cost the DFA far less than one pair per occurrence. re2c prefers the longest
// match and, among equally long ones, the first rule: for a whole-input match that is first-match-wins in the
// order of the ABNF alternatives (3987bis §2.2, RFC 3986 §4.1), as leftmost-greedy tags are within a rule.
#include "emit_re2c.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

namespace iri::abnf {

namespace {

std::string cname(const std::string& rule_name) {
    std::string s = rule_name;
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
}

std::string hex_escape(std::uint32_t cp) {
    char buf[16];
    if (cp < 0x100) std::snprintf(buf, sizeof buf, "\\x%02X", cp);
    else if (cp < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04X", cp);
    else std::snprintf(buf, sizeof buf, "\\U%08X", cp);
    return buf;
}

bool plain_class_char(std::uint32_t cp) {
    return (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
}

std::string class_char(std::uint32_t cp) {
    return plain_class_char(cp) ? std::string(1, static_cast<char>(cp)) : hex_escape(cp);
}

// A character class in re2c's UTF-8 mode: code points, encoded by re2c into byte sequences (no surrogates,
// nothing above U+10FFFF, shortest forms only).
std::string emit_class(const char_set& set) {
    std::string out = "[";
    for (auto [lo, hi] : set.ranges) {
        out += class_char(lo);
        if (hi != lo) {
            out += '-';
            out += class_char(hi);
        }
    }
    return out + "]";
}

// The tag variable of a component's begin ('b') or end ('e'): one pair per component, shared by all rules.
std::string tag(const std::string& role, char which) {
    std::string t = "t_" + role + "_";
    std::replace(t.begin(), t.end(), '-', '_');
    return t + which;
}

class emitter {
public:
    emitter(const grammar& g, std::ostream& out) : g_(g), out_(out), excluded_(g.excluded_set()) {
        for (const rule& r : g.rules) tagged(r);
    }

    // Definitions of every component-free rule the entries need, dependencies first; `written` holds the names
    // already defined in this re2c file (several emitters may share one file).
    void definitions(const std::vector<std::string>& entry_rules, std::set<std::string>& written) {
        std::set<std::string> done;
        std::function<void(const rule&)> need = [&](const rule& r) {
            const std::string key = fold(r.name);
            if (done.count(key)) return;
            done.insert(key);
            std::vector<const node*> refs;
            collect(r.definition, refs);
            for (const node* ref : refs) need(*g_.find(ref->name));
            if (!tagged_.at(key) && written.insert(key).second)
                out_ << "    " << cname(r.name) << " = " << plain_expr(r.definition) << ";\n";
        };
        for (const std::string& e : entry_rules) need(*g_.find(e));
    }

    // One re2c rule of an entry: its expression, and the components it tags (each at most once).
    struct alternative {
        std::string re;
        std::vector<std::string> roles;     // tagged in this alternative
        std::vector<std::string> optional;  // of those, the ones inside an optional part (their tags may be null)
    };
    static constexpr std::size_t max_alternatives = 512;

    // The entry's alternatives, in first-match-wins order. On failure sets `error_`.
    std::vector<alternative> entry_alternatives(const std::string& entry_rule) {
        node ref;
        ref.k = node::kind::rule_ref;
        ref.name = entry_rule;
        return expand(ref, "", false);
    }
    const std::string& error() const { return error_; }

    // The rule's expression without any tag: rules that carry components are inlined, the others named.
    std::string untagged_expr(const node& n) const {
        if (n.k == node::kind::rule_ref) {
            const rule& r = *g_.find(n.name);
            return tagged_.at(fold(r.name)) ? untagged_expr(r.definition) : cname(r.name);
        }
        if (n.k == node::kind::alternation || n.k == node::kind::concatenation) {
            if (n.children.size() == 1) return untagged_expr(n.children[0]);
            std::string out = "(";
            for (std::size_t i = 0; i < n.children.size(); ++i) {
                if (i) out += n.k == node::kind::alternation ? " | " : " ";
                out += untagged_expr(n.children[i]);
            }
            return out + ")";
        }
        if (n.k == node::kind::repetition) return repeat(n, n.max == 0 ? std::string() : untagged_expr(n.children[0]));
        return plain_expr(n);
    }
    std::string untagged_rule(const std::string& rule_name) const {
        node ref;
        ref.k = node::kind::rule_ref;
        ref.name = rule_name;
        return untagged_expr(ref);
    }

private:
    const grammar& g_;
    std::ostream& out_;
    char_set excluded_;
    std::map<std::string, bool> tagged_;
    std::string error_;

    static void collect(const node& n, std::vector<const node*>& out) {
        if (n.k == node::kind::rule_ref) out.push_back(&n);
        for (const node& c : n.children) collect(c, out);
    }

    // A rule is tagged when its definition uses a component, at any depth; such rules are inlined.
    bool tagged(const rule& r) {
        const std::string key = fold(r.name);
        if (auto it = tagged_.find(key); it != tagged_.end()) return it->second;
        bool t = false;
        std::vector<const node*> refs;
        collect(r.definition, refs);
        for (const node* ref : refs) {
            const rule& used = *g_.find(ref->name);
            t = tagged(used) || !g_.component_role(r.name, used.name).empty() || t;
        }
        tagged_[key] = t;
        return t;
    }

    std::string cls(char_set s) const {
        s.subtract(excluded_);
        return emit_class(s);
    }

    std::string literal(const node& n) const {
        bool ascii = std::all_of(n.text.begin(), n.text.end(), [](char32_t c) { return c >= 0x20 && c < 0x7F; });
        if (!ascii || n.text.empty()) {
            if (n.text.empty()) return "\"\"";
            std::string out = "(";
            for (std::size_t i = 0; i < n.text.size(); ++i) {
                char_set one;
                one.add(n.text[i], n.text[i]);
                if (i) out += ' ';
                out += cls(one);
            }
            return out + ")";
        }
        const char q = n.case_sensitive ? '"' : '\'';
        std::string out(1, q);
        for (char32_t c : n.text) {
            if (c == static_cast<char32_t>(q) || c == '\\') out += hex_escape(c);
            else out += static_cast<char>(c);
        }
        return out + q;
    }

    std::string repeat(const node& n, const std::string& inner) const {
        if (n.max == 0) return "\"\"";
        if (n.min == 0 && n.max == 1) return "(" + inner + ")?";
        if (n.min == 0 && n.max == node::unbounded) return "(" + inner + ")*";
        if (n.min == 1 && n.max == node::unbounded) return "(" + inner + ")+";
        if (n.max == node::unbounded) return "(" + inner + "){" + std::to_string(n.min) + ",}";
        if (n.min == n.max) return "(" + inner + "){" + std::to_string(n.min) + "}";
        return "(" + inner + "){" + std::to_string(n.min) + "," + std::to_string(n.max) + "}";
    }

    // The expression of a component-free rule body: references stay by name.
    std::string plain_expr(const node& n) const {
        if (n.k != node::kind::rule_ref && n.k != node::kind::prose)
            if (auto s = g_.as_char_set(n)) return cls(*s);
        switch (n.k) {
            case node::kind::alternation:
            case node::kind::concatenation: {
                if (n.children.size() == 1) return plain_expr(n.children[0]);
                std::string out = "(";
                for (std::size_t i = 0; i < n.children.size(); ++i) {
                    if (i) out += n.k == node::kind::alternation ? " | " : " ";
                    out += plain_expr(n.children[i]);
                }
                return out + ")";
            }
            case node::kind::repetition:
                return repeat(n, n.max == 0 ? std::string() : plain_expr(n.children[0]));
            case node::kind::rule_ref:
                return cname(g_.find(n.name)->name);
            case node::kind::char_range: {
                char_set s;
                s.add(n.lo, n.hi);
                return cls(s);
            }
            case node::kind::literal:
                return literal(n);
            case node::kind::prose:
                return "\"\"";  // only reachable under a repetition with max 0, which emits nothing
        }
        return "\"\"";
    }


    // Does this node use a component (directly, as a use inside `parent`, or through a tagged rule)?
    bool carries(const node& n, const std::string& parent) const {
        if (n.k == node::kind::rule_ref) {
            const rule& r = *g_.find(n.name);
            return tagged_.at(fold(r.name)) || !g_.component_role(parent, r.name).empty();
        }
        return std::any_of(n.children.begin(), n.children.end(), [&](const node& c) { return carries(c, parent); });
    }

    // The alternatives of a node of rule `parent`'s definition: tagged rules inlined, tagged alternations
    // distributed; `optional` tells that the node lies inside an optional part.
    std::vector<alternative> expand(const node& n, const std::string& parent, bool optional) {
        if (!error_.empty()) return {};
        if (!carries(n, parent)) return {alternative{plain_expr(n), {}, {}}};
        switch (n.k) {
            case node::kind::rule_ref: return expand_rule(n, parent, optional);
            case node::kind::alternation: {
                std::vector<alternative> out;
                for (const node& c : n.children) {
                    auto part = expand(c, parent, optional);
                    out.insert(out.end(), part.begin(), part.end());
                }
                return limit(std::move(out), n);
            }
            case node::kind::concatenation: return expand_concatenation(n, parent, optional);
            case node::kind::repetition: {
                // Only an optional part may hold a component (checked before): [x] is x, else nothing (greedy).
                auto inner = expand(n.children[0], parent, true);
                if (inner.size() == 1) {
                    inner[0].re = "(" + inner[0].re + ")?";
                    return inner;
                }
                inner.push_back(alternative{"\"\"", {}, {}});
                return inner;
            }
            default:
                return {alternative{plain_expr(n), {}, {}}};
        }
    }

    // A rule used in `parent`: inlined when tagged, and its alternatives wrapped in the tags of its component role.
    std::vector<alternative> expand_rule(const node& n, const std::string& parent, bool optional) {
        const rule& r = *g_.find(n.name);
        std::vector<alternative> inner = tagged_.at(fold(r.name))
                                             ? expand(r.definition, r.name, optional)
                                             : std::vector<alternative>{alternative{cname(r.name), {}, {}}};
        const std::string role = g_.component_role(parent, r.name);
        if (role.empty()) return inner;
        for (alternative& a : inner) {
            if (!add_role(a, role, n)) return {};
            a.re = "(@" + tag(role, 'b') + " " + a.re + " @" + tag(role, 'e') + ")";
            if (optional) a.optional.push_back(role);
        }
        return inner;
    }

    // A concatenation: the product of its children's alternatives, the first child varying slowest (priority).
    std::vector<alternative> expand_concatenation(const node& n, const std::string& parent, bool optional) {
        std::vector<alternative> out{alternative{}};
        for (const node& c : n.children) {
            auto part = expand(c, parent, optional);
            std::vector<alternative> next;
            for (const alternative& a : out)
                for (const alternative& b : part) {
                    alternative m = a;
                    m.re += (m.re.empty() ? "" : " ") + b.re;
                    for (const std::string& role : b.roles)
                        if (!add_role(m, role, c)) return {};
                    m.optional.insert(m.optional.end(), b.optional.begin(), b.optional.end());
                    next.push_back(std::move(m));
                }
            out = limit(std::move(next), n);
            if (!error_.empty()) return {};
        }
        for (alternative& a : out) a.re = "(" + a.re + ")";
        return out;
    }

    // Records that alternative `a` holds component `role` (at `where`); an error when it already does.
    bool add_role(alternative& a, const std::string& role, const node& where) {
        if (std::find(a.roles.begin(), a.roles.end(), role) != a.roles.end()) {
            error_ = where.where.str() + ": component " + role + " occurs twice in one alternative";
            return false;
        }
        a.roles.push_back(role);
        return true;
    }

    std::vector<alternative> limit(std::vector<alternative> v, const node& n) {
        if (v.size() > max_alternatives)
            error_ = n.where.str() + ": distributing the components' alternations gives more than " +
                     std::to_string(max_alternatives) + " re2c rules";
        return v;
    }
};

// Prefix matchers (longest prefix, no tags) are emitted for the component-level productions: the library's
// fast path for the reference productions runs them between the RFC 3986 delimiters.
bool has_prefix_matcher(const std::string& role) {
    return role != "URI-reference" && role != "URI" && role != "absolute-URI" && role != "relative-ref";
}

std::string component_enum(const std::string& role) {
    std::string id;
#define IRI_COMPONENT(ident, name) \
    if (role == name) id = #ident;
#include "iri/roles.def"
#undef IRI_COMPONENT
    return "::iri::component::" + id;
}

std::string production_enum(const std::string& role) {
    std::string id;
#define IRI_PRODUCTION(ident, name) \
    if (role == name) id = #ident;
#include "iri/roles.def"
#undef IRI_PRODUCTION
    return "::iri::production::" + id;
}

std::string c_string(const std::string& s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
        else if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);
            out += buf;
        } else out += static_cast<char>(c);
    }
    return out + "\"";
}

// The entries to emit: those asked for by rule name, or every ;@entry of the grammar. Empty on error.
std::vector<entry> select_entries(const grammar& g, const emit_options& opt, std::string& error) {
    if (opt.entries.empty()) {
        if (g.entries.empty()) error = g.name + " has no entry productions (;@entry)";
        return g.entries;
    }
    std::vector<entry> entries;
    for (const std::string& name : opt.entries) {
        auto it = std::find_if(g.entries.begin(), g.entries.end(),
                               [&](const entry& e) { return fold(e.rule) == fold(name); });
        if (it == g.entries.end()) {
            if (!g.find(name)) error = "entry rule " + name + " is not defined in " + g.name;
            else error = "rule " + name + " has no ;@entry role in " + g.name + "; add \";@entry ROLE " + name + "\"";
            return {};
        }
        entries.push_back(*it);
    }
    return entries;
}

// Component occurrences under a repetition would record only the last iteration: refused, with the place.
bool component_under_repetition(const grammar& g, const std::vector<entry>& entries, std::string& error) {
    std::function<bool(const node&, const std::string&, bool, std::string&)> under_rep =
        [&](const node& n, const std::string& parent, bool rep, std::string& which) -> bool {
        if (n.k == node::kind::rule_ref) {
            const rule& r = *g.find(n.name);
            if (rep && !g.component_role(parent, r.name).empty()) {
                which = n.where.str() + ": component rule " + r.name + " occurs under a repetition";
                return true;
            }
            return under_rep(r.definition, r.name, rep, which);
        }
        bool inner = rep || (n.k == node::kind::repetition && n.max > 1);
        for (const node& c : n.children)
            if (under_rep(c, parent, inner, which)) return true;
        return false;
    };
    for (const entry& e : entries) {
        std::string which;
        node ref;
        ref.k = node::kind::rule_ref;
        ref.name = e.rule;
        if (under_rep(ref, "", false, which)) {
            error = which + " (each component must occur at most once in a match)";
            return true;
        }
    }
    return false;
}

// The file's header: provenance, includes, and the custom re2c input API.
void emit_prologue(const grammar& g, const emit_options& opt, const std::string& ns, std::ostream& out) {
    out << "// Generated by iri-generate from " << opt.source << ": " << opt.command << "\n";
    out << "// Grammar files read:";
    for (const std::string& f : g.files) out << " " << f;
    out << "\n// Do not edit: edit the .abnf and rebuild. Compile with re2c -8 --input custom (UTF-8 code points).\n";
    out << "#include <cstddef>\n#include <cstdint>\n#include <cstring>\n\n#include \"match.hpp\"\n\n";
    out << "// The custom re2c input API: a fake sentinel. Past the end YYPEEK yields 0xFF, a byte that no UTF-8\n"
           "// sequence contains, so the DFA stops there without reading past the caller's buffer, and an embedded\n"
           "// NUL is an ordinary byte. YYRESTORE notes where the DFA got stuck (the error offset): it runs only\n"
           "// when a match fails after an accepting state, never for valid input.\n";
    out << "#define YYPEEK() (cur < lim ? *cur : 0xFFu)\n#define YYSKIP() ++cur\n#define YYBACKUP() mar = cur\n"
           "#define YYRESTORE() (stuck = cur, cur = mar)\n#define YYSTAGP(t) t = cur\n#define YYSTAGN(t) t = nullptr\n"
           "#define YYSHIFTSTAG(t, s) t += s\n\n";
    out << "namespace iri::detail::" << ns << " {\nnamespace {\n\n";
}

const char* const re2c_config =
    "/*!re2c\n    re2c:api = custom;\n    re2c:define:YYCTYPE = \"unsigned char\";\n"
    "    re2c:yyfill:enable = 0;\n    re2c:tags = 1;\n    re2c:sentinel = 255;\n    re2c:indent:top = 1;\n\n";

// One matcher function: the entry's re2c rules, each storing the spans of the components it tags through
// `store(role)` (an lvalue expression of type span) and accepting only a match of the whole input.
void write_matcher(std::ostream& out, const std::string& fn, const std::string& out_param,
                   const std::vector<emitter::alternative>& alternatives,
                   const std::function<std::string(const std::string&)>& store) {
    std::vector<std::string> roles;  // every component any alternative tags, in first-seen order
    for (const auto& a : alternatives)
        for (const std::string& r : a.roles)
            if (std::find(roles.begin(), roles.end(), r) == roles.end()) roles.push_back(r);
    out << "bool " << fn << "(const unsigned char* s, std::size_t n, " << out_param
        << ", std::uint32_t& stop) noexcept {\n";
    out << "    const unsigned char* cur = s;\n    const unsigned char* const lim = s + n;\n"
           "    const unsigned char* mar = s;\n    const unsigned char* stuck = nullptr;\n";
    for (const std::string& r : roles)
        out << "    const unsigned char *" << tag(r, 'b') << " = nullptr, *" << tag(r, 'e') << " = nullptr;\n";
    out << "    /*!stags:re2c format = 'const unsigned char *@@ = nullptr;\\n'; */\n";
    if (out_param.find("components") != std::string::npos)
        out << "    std::memset(&out, 0xFF, sizeof out);  // every span omitted\n";
    out << "    (void)mar;\n    (void)stuck;\n";
    out << "    /*!re2c\n";
    for (const auto& a : alternatives) {
        out << "    " << a.re << " {\n";
        for (const std::string& r : a.roles) {
            const bool maybe = std::find(a.optional.begin(), a.optional.end(), r) != a.optional.end();
            const std::string b = tag(r, 'b'), en = tag(r, 'e');
            out << "        " << (maybe ? "if (" + b + ") " : std::string()) << store(r)
                << " = {static_cast<std::uint32_t>(" << b << " - s), static_cast<std::uint32_t>(" << en
                << " - s)};\n";
        }
        out << "        if (cur == lim) return true;\n"
               "        stop = static_cast<std::uint32_t>((stuck ? stuck : cur) - s);\n        return false;\n    }\n";
    }
    out << "    \"\" {\n        stop = static_cast<std::uint32_t>((stuck ? stuck : cur) - s);\n        return false;\n"
           "    }\n    */\n}\n\n";
}

// The longest-prefix matcher of a rule, without tags.
void write_prefix(std::ostream& out, const std::string& fn, const std::string& re) {
    out << "std::uint32_t " << fn << "(const unsigned char* s, std::size_t n) noexcept {\n"
           "    const unsigned char* cur = s;\n    const unsigned char* const lim = s + n;\n"
           "    const unsigned char* mar = s;\n    const unsigned char* stuck = nullptr;\n"
           "    (void)mar;\n    (void)stuck;\n    /*!re2c\n    "
        << re << " { return static_cast<std::uint32_t>(cur - s); }\n"
           "    \"\" { return ::iri::span::omitted; }\n    */\n}\n\n";
}

// The matcher of one entry (and its prefix matcher, for the component-level productions).
void emit_matcher(const entry& e, const std::vector<emitter::alternative>& alternatives, emitter& em, std::ostream& out) {
    out << "// " << e.rule << " (role " << e.role << "): " << alternatives.size() << " re2c rule"
        << (alternatives.size() == 1 ? "" : "s") << "\n";
    write_matcher(out, "match_" + cname(e.rule), "::iri::components& out", alternatives,
                  [](const std::string& r) { return "out[" + component_enum(r) + "]"; });
    // The length of the longest prefix in the production (no tags): the building block of the library's
    // split-at-delimiters fast path for the reference productions.
    if (has_prefix_matcher(e.role)) write_prefix(out, "prefix_" + cname(e.rule), em.untagged_rule(e.rule));
}

// The tables indexed by role, and the aliases.
void emit_role_tables(const grammar& g, const std::vector<entry>& entries, std::ostream& out) {
    out << "const ::iri::detail::entry_info entries[] = {\n";
    for (const entry& e : entries)
        out << "    {" << production_enum(e.role) << ", " << c_string(g.find(e.rule)->name) << ", &match_"
            << cname(e.rule) << "},\n";
    out << "};\n\n";
    out << "const ::iri::detail::match_fn by_role[] = {\n";
    for (const std::string& role : production_roles()) {
        auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.role == role; });
        out << "    " << (it == entries.end() ? std::string("nullptr") : "&match_" + cname(it->rule)) << ",  // " << role
            << "\n";
    }
    out << "};\n\n";
    out << "const ::iri::detail::prefix_fn prefix_by_role[] = {\n";
    for (const std::string& role : production_roles()) {
        auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.role == role; });
        const bool has = it != entries.end() && has_prefix_matcher(role);
        out << "    " << (has ? "&prefix_" + cname(it->rule) : std::string("nullptr")) << ",  // " << role << "\n";
    }
    out << "};\n\n";
    out << "const ::iri::detail::alias_info aliases[] = {\n";
    for (const auto& [a, r] : g.aliases) out << "    {" << c_string(a) << ", " << c_string(r) << "},\n";
    out << "    {nullptr, nullptr},\n};\n\n";
}

// One set as its closed ranges (`const std::uint32_t NAME[][2]`); returns its ASCII part as a bitmap.
std::array<std::uint64_t, 2> emit_ranges(const std::string& name, const char_set& set, std::ostream& out) {
    std::array<std::uint64_t, 2> ascii{};
    out << "const std::uint32_t " << name << "[][2] = {\n";
    for (auto [lo, hi] : set.ranges) {
        out << "    {0x" << std::hex << lo << ", 0x" << hi << std::dec << "},\n";
        for (std::uint32_t c = lo; c <= hi && c < 0x80; ++c) ascii[c >> 6] |= std::uint64_t{1} << (c & 63);
    }
    out << "    {0, 0},\n};\n";
    return ascii;
}

// A charset_info initializer for a set emitted by emit_ranges.
std::string charset_init(const std::string& role, const std::string& name, const char_set& set,
                         const std::array<std::uint64_t, 2>& ascii) {
    std::ostringstream s;
    s << "{" << role << ", " << name << ", " << set.ranges.size() << ", {0x" << std::hex << ascii[0] << "ull, 0x"
      << ascii[1] << "ull}}";
    return s.str();
}

// The excluded ranges, and the literal character sets of the entries whose rule repeats one element. Returns
// how many sets; sets whether the reg-name role allows a character above U+007F.
std::size_t emit_charsets(const grammar& g, const std::vector<entry>& entries, std::ostream& out,
                          bool& unicode_reg_name) {
    const char_set ex = g.excluded_set();
    emit_ranges("excluded", ex, out);
    std::size_t count = 0;
    std::ostringstream sets;
    for (const entry& e : entries) {
        auto ls = g.literal_set(*g.find(e.rule));
        if (!ls) continue;
        ls->subtract(ex);
        const std::string name = "set_" + cname(e.rule);
        sets << "    " << charset_init(production_enum(e.role), name, *ls, emit_ranges(name, *ls, out)) << ",\n";
        if (e.role == "reg-name") unicode_reg_name = !ls->ranges.empty() && ls->ranges.back().second >= 0x80;
        ++count;
    }
    out << "\nconst ::iri::detail::charset_info charsets[] = {\n" << sets.str()
        << "    {::iri::production::uri_reference, nullptr, 0, {0, 0}},\n};\n\n";
    return count;
}

// The named sets of grammar/sets.def: the characters of the rule of that name where the grammar has
// one that is a set of single characters, else nullptr.
void emit_named_sets(const grammar& g, std::ostream& out) {
    static const char* const names[] = {
#define IRI_SET(id, name) name,
#include "sets.def"
#undef IRI_SET
    };
    std::ostringstream table;
    for (const char* name : names) {
        const rule* r = g.find(name);
        auto set = r ? g.as_char_set(r->definition) : std::nullopt;
        if (!set) {
            table << "    nullptr,  // " << name << "\n";
            continue;
        }
        set->subtract(g.excluded_set());
        const std::string id = "named_" + cname(name);
        const auto ascii = emit_ranges(id + "_ranges", *set, out);
        out << "const ::iri::detail::charset_info " << id << " = "
            << charset_init("::iri::production::uri_reference", id + "_ranges", *set, ascii) << ";\n";
        table << "    &" << id << ",\n";
    }
    out << "\nconst ::iri::detail::charset_info* const named_sets[] = {\n" << table.str() << "};\n\n";
}

// The grammar_info of the variant, which the library finds by name.
void emit_grammar_info(const grammar& g, const emit_options& opt, const std::string& ns, std::size_t entry_count,
                       std::size_t charset_count, bool unicode_reg_name, std::ostream& out) {
    // ";@exclude RULE SPEC: TEXT": the section the prose rule comes from, and the reason.
    std::string reason_spec, reason_text = g.excluded.reason;
    if (auto colon = reason_text.find(": "); colon != std::string::npos) {
        reason_spec = reason_text.substr(0, colon);
        reason_text = reason_text.substr(colon + 2);
    }
    out << "namespace iri::detail {\nextern const grammar_info grammar_info_" << g.name << ";\n";
    out << "const grammar_info grammar_info_" << g.name << " = {\n    " << c_string(g.name) << ",\n    "
        << c_string(opt.source) << ",\n    " << c_string(g.spec) << ",\n    " << ns << "::entries,\n    "
        << entry_count << ",\n    " << ns << "::by_role,\n    " << ns << "::prefix_by_role,\n    " << ns
        << "::aliases,\n    " << g.aliases.size() << ",\n    " << ns << "::excluded,\n    "
        << g.excluded_set().ranges.size() << ",\n    " << c_string(reason_spec) << ",\n    "
        << c_string(reason_text) << ",\n    " << (g.split_rfc3986 ? "true" : "false") << ",\n    " << ns
        << "::charsets,\n    " << charset_count << ",\n    " << ns << "::named_sets,\n    "
        << (unicode_reg_name ? "true" : "false") << ",\n};\n}  // namespace iri::detail\n";
}

// ---- scheme grammars (grammar/schemes/, ;@scheme): one matcher for the URI, one per list element ----

const node& unwrap(const node& n) {
    const node* p = &n;
    while ((p->k == node::kind::alternation || p->k == node::kind::concatenation) && p->children.size() == 1)
        p = &p->children[0];
    return *p;
}

// The folded names of the rules reachable from `rule_name` (itself included).
std::set<std::string> reachable(const grammar& g, const std::string& rule_name) {
    std::set<std::string> seen;
    std::function<void(const std::string&)> visit = [&](const std::string& name) {
        const rule& r = *g.find(name);
        if (!seen.insert(fold(r.name)).second) return;
        std::vector<const node*> refs;
        std::function<void(const node&)> collect = [&](const node& n) {
            if (n.k == node::kind::rule_ref) refs.push_back(&n);
            for (const node& c : n.children) collect(c);
        };
        collect(r.definition);
        for (const node* ref : refs) visit(ref->name);
    };
    visit(rule_name);
    return seen;
}

bool is_literal(const node& n) { return n.k == node::kind::literal && !n.text.empty(); }
std::string ascii_text(const node& n) { return std::string(n.text.begin(), n.text.end()); }
bool refers_to(const node& n, const std::string& rule_name) {
    return n.k == node::kind::rule_ref && fold(n.name) == fold(rule_name);
}

// How the library walks a list (;@list LIST ELEMENT): LIST = [lead] ELEMENT *(sep ELEMENT), or
// LIST = [lead] [... PART] *([sep] ELEMENT) where the elements start after PART (or after the lead when PART is
// absent). Anything else is an error: the list's elements must be found from the grammar alone.
struct list_shape {
    std::string lead, sep, after;
    bool sep_first = false;
};

bool element_repetition(const node& rep, const std::string& element, list_shape& shape) {
    if (rep.k != node::kind::repetition || rep.min != 0 || rep.max != node::unbounded) return false;
    const node& body = unwrap(rep.children[0]);
    if (refers_to(body, element)) return true;
    if (body.k != node::kind::concatenation || body.children.size() != 2) return false;
    const node& sep = unwrap(body.children[0]);
    if (!is_literal(sep) || !refers_to(unwrap(body.children[1]), element)) return false;
    shape.sep = ascii_text(sep);
    return true;
}

// The last part named in a prefix of the list's definition (inside optional groups too), or "".
std::string last_part(const grammar& g, const node& n) {
    const node& u = unwrap(n);
    if (u.k == node::kind::rule_ref)
        return std::find(g.parts.begin(), g.parts.end(), g.find(u.name)->name) != g.parts.end() ? g.find(u.name)->name : "";
    if (u.k == node::kind::repetition && u.max == 1) return last_part(g, u.children[0]);
    if (u.k == node::kind::concatenation && !u.children.empty()) return last_part(g, u.children.back());
    return "";
}

bool shape_of(const grammar& g, const grammar::list& l, list_shape& shape, std::string& error) {
    const node& def = unwrap(g.find(l.rule)->definition);
    std::vector<const node*> items;
    if (def.k == node::kind::concatenation) for (const node& c : def.children) items.push_back(&unwrap(c));
    else items.push_back(&def);
    std::size_t i = 0;
    if (i < items.size() && is_literal(*items[i])) shape.lead = ascii_text(*items[i++]);
    const bool ok = [&] {
        if (items.size() == i + 2 && refers_to(*items[i], l.element)) {  // ELEMENT *(sep ELEMENT)
            return element_repetition(*items[i + 1], l.element, shape) && !shape.sep.empty();
        }
        if (items.empty() || !element_repetition(*items.back(), l.element, shape)) return false;
        shape.sep_first = true;
        if (items.size() > i + 1) shape.after = last_part(g, *items[items.size() - 2]);
        return items.size() == i + 1 || !shape.after.empty();
    }();
    if (!ok)
        error = l.where.str() + ": ;@list " + l.rule + " " + l.element + ": the list rule must be [\"lead\"] " +
                l.element + " *(\"sep\" " + l.element + ") or [\"lead\"] [... PART] *([\"sep\"] " + l.element + ")";
    return ok;
}

// A copy of the grammar whose parts (components) are only those whose rule is in `keep` (folded names).
grammar with_parts(const grammar& g, const std::set<std::string>& keep) {
    grammar copy = g;
    copy.components.clear();
    for (const auto& [role, rules] : g.components)
        if (keep.count(fold(role))) copy.components[role] = rules;
    return copy;
}

std::size_t part_index(const grammar& g, const std::string& name) {
    for (std::size_t i = 0; i < g.parts.size(); ++i)
        if (fold(g.parts[i]) == fold(name)) return i;
    return g.parts.size();
}

// The grammars a scheme's matchers are emitted from: [0] the URI's, [1 + i] list i's element's, each tagging the
// parts that belong to it (the parts inside a list element belong to the element's matcher; the others to the
// URI's). Also each list's shape. False with `error` when a part is repeated outside a ;@list.
bool scheme_views(const grammar& g, std::vector<grammar>& views, std::vector<list_shape>& shapes,
                  std::string& error) {
    std::set<std::string> in_elements, top_parts;
    shapes.resize(g.lists.size());
    for (std::size_t i = 0; i < g.lists.size(); ++i) {
        if (!shape_of(g, g.lists[i], shapes[i], error)) return false;
        auto r = reachable(g, g.lists[i].element);
        in_elements.insert(r.begin(), r.end());
    }
    for (const std::string& p : g.parts)
        if (!in_elements.count(fold(p))) top_parts.insert(fold(p));
    views.push_back(with_parts(g, top_parts));
    for (const grammar::list& l : g.lists) {
        auto r = reachable(g, l.element);
        r.erase(fold(l.element));
        views.push_back(with_parts(g, r));
    }
    for (std::size_t i = 0; i < views.size(); ++i) {
        const entry e{"URI", i == 0 ? g.entries.at(0).rule : g.lists[i - 1].element, {}};
        if (component_under_repetition(views[i], {e}, error)) {
            error += "; a scheme grammar declares a repeated part with ;@list";
            return false;
        }
    }
    return true;
}

// Every character a string of `n` can hold (a superset: case-insensitive letters in both cases, any character
// for prose).
void characters_of(const grammar& g, const node& n, char_set& out, std::set<std::string>& seen) {
    switch (n.k) {
        case node::kind::rule_ref:
            if (seen.insert(fold(n.name)).second) characters_of(g, g.find(n.name)->definition, out, seen);
            return;
        case node::kind::char_range: out.add(n.lo, n.hi); return;
        case node::kind::literal:
            for (const char32_t c : n.text) {
                out.add(c, c);
                if (!n.case_sensitive && c < 0x80 && std::isalpha(static_cast<int>(c)))
                    out.add(static_cast<std::uint32_t>(c ^ 0x20), static_cast<std::uint32_t>(c ^ 0x20));
            }
            return;
        case node::kind::prose: out.add(0, 0x10FFFF); return;
        default:
            if (n.k == node::kind::repetition && n.max == 0) return;
            for (const node& c : n.children) characters_of(g, c, out, seen);
    }
}

// True when `n` is a use of the uri grammar's own rule `name` (grammar/uri.abnf, by ;@import).
bool uri_rule(const grammar& g, const node& n, const std::string& name) {
    if (!refers_to(n, name)) return false;
    const std::string& file = g.find(name)->where.file;
    const std::size_t slash = file.find_last_of('/');
    return file.substr(slash == std::string::npos ? 0 : slash + 1) == "uri.abnf";
}

// [ "LEAD" RULE ] with the uri grammar's RULE.
bool optional_uri_part(const grammar& g, const node& n, const char* lead, const std::string& name) {
    if (n.k != node::kind::repetition || n.min != 0 || n.max != 1) return false;
    const node& body = unwrap(n.children[0]);
    return body.k == node::kind::concatenation && body.children.size() == 2 &&
           is_literal(unwrap(body.children[0])) && ascii_text(unwrap(body.children[0])) == lead &&
           uri_rule(g, unwrap(body.children[1]), name);
}

// The head of an entry rule of the form HEAD path-abempty [ "?" query ] [ "#" fragment ], those three being the uri
// grammar's own rules (RFC 3986 §3.3–§3.5), where HEAD is literal text that ends in "//" and then one rule none of
// whose strings holds "/", "?" or "#" (an authority). In a URI of the rule, HEAD then ends exactly where RFC 3986's
// authority ends: a reference the uri grammar accepts matches the rule exactly when its text up to the end of its
// authority matches HEAD (the library's fast path, scheme_rules.cpp), since the rest is the uri grammar's own.
// Nothing when the rule has another form.
std::optional<node> authority_head(const grammar& g, const std::string& top) {
    const node& def = unwrap(g.find(top)->definition);
    if (def.k != node::kind::concatenation || def.children.size() < 5) return std::nullopt;
    const std::vector<node>& items = def.children;
    const std::size_t tail = items.size() - 3;
    if (!uri_rule(g, unwrap(items[tail]), "path-abempty") || !optional_uri_part(g, items[tail + 1], "?", "query") ||
        !optional_uri_part(g, items[tail + 2], "#", "fragment"))
        return std::nullopt;
    std::string text;
    for (std::size_t i = 0; i + 1 < tail; ++i) {
        if (!is_literal(unwrap(items[i]))) return std::nullopt;
        text += ascii_text(unwrap(items[i]));
    }
    const node& authority = unwrap(items[tail - 1]);
    if (text.size() < 2 || text.substr(text.size() - 2) != "//" || authority.k != node::kind::rule_ref)
        return std::nullopt;
    char_set chars;
    std::set<std::string> seen;
    characters_of(g, authority, chars, seen);
    if (chars.contains('/') || chars.contains('?') || chars.contains('#')) return std::nullopt;
    node head;
    head.k = node::kind::alternation;
    head.children.emplace_back();
    head.children.back().k = node::kind::concatenation;
    head.children.back().children.assign(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(tail));
    return head;
}

// The tables after the matchers: the parts' names, the lists (scheme_list_info) and the scheme's
// scheme_grammar_info, which the library finds by name.
void write_scheme_tables(const grammar& g, const std::vector<list_shape>& shapes, const emit_options& opt,
                         const std::string& ns, bool head, std::ostream& out) {
    const std::string top = g.entries.at(0).rule;
    out << "const char* const part_names[] = {\n";
    for (const std::string& p : g.parts) out << "    " << c_string(g.find(p)->name) << ",\n";
    out << "};\n\nconst ::iri::detail::scheme_list_info lists[] = {\n";
    for (std::size_t i = 0; i < g.lists.size(); ++i) {
        const list_shape& sh = shapes[i];
        const std::size_t after = sh.after.empty() ? g.parts.size() : part_index(g, sh.after);
        out << "    {" << part_index(g, g.lists[i].rule) << ", " << part_index(g, g.lists[i].element) << ", " << after
            << ", " << c_string(sh.lead) << ", " << c_string(sh.sep) << ", " << (sh.sep_first ? "true" : "false")
            << ", &match_" << cname(g.lists[i].element) << ", &prefix_" << cname(g.lists[i].element) << "},\n";
    }
    out << "    {0, 0, 0, nullptr, nullptr, false, nullptr, nullptr},\n};\n\n";
    out << "}  // namespace\n}  // namespace iri::detail::" << ns << "\n\n";
    out << "namespace iri::detail {\nextern const scheme_grammar_info scheme_info_" << cname(g.name) << ";\n";
    out << "const scheme_grammar_info scheme_info_" << cname(g.name) << " = {\n    " << c_string(g.scheme) << ",\n    "
        << c_string(opt.source) << ",\n    " << c_string(g.spec) << ",\n    " << c_string(g.find(top)->name)
        << ",\n    " << ns << "::part_names,\n    " << g.parts.size() << ",\n    &" << ns << "::match_" << cname(top)
        << ",\n    " << ns << "::lists,\n    " << g.lists.size() << ",\n    " << c_string(g.name) << ",\n    "
        << (g.scheme_option ? "true" : "false") << ",\n    "
        << (head ? "&" + ns + "::prefix_" + cname(top) + "_head" : std::string("nullptr"))
        << ",\n};\n}  // namespace iri::detail\n";
}

bool emit_scheme(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error) {
    const std::string top = g.entries.at(0).rule;
    std::vector<grammar> views;
    std::vector<list_shape> shapes;
    if (!scheme_views(g, views, shapes, error)) return false;

    const std::string ns = opt.ns.empty() ? "gen_scheme_" + cname(g.name) : opt.ns;
    emit_prologue(g, opt, ns, out);
    out << re2c_config;
    std::vector<std::unique_ptr<emitter>> ems;
    std::set<std::string> written;
    for (std::size_t i = 0; i < views.size(); ++i) {
        ems.push_back(std::make_unique<emitter>(views[i], out));
        ems.back()->definitions({i == 0 ? top : g.lists[i - 1].element}, written);
    }
    // The entry's head as a rule of its own, without parts, when the rest is the uri grammar's (authority_head).
    const std::string head_rule = top + "-head";
    std::optional<node> head = authority_head(g, top);
    if (head) {
        grammar head_view = with_parts(g, {});
        head_view.rules.push_back(rule{head_rule, std::move(*head), g.find(top)->where});
        emitter(head_view, out).definitions({head_rule}, written);
    }
    out << "*/\n\n";
    auto store = [&](const std::string& role) { return "out[" + std::to_string(part_index(g, role)) + "]"; };
    for (std::size_t i = 0; i < views.size(); ++i) {
        const std::string rule_name = i == 0 ? top : g.lists[i - 1].element;
        const auto alternatives = ems[i]->entry_alternatives(rule_name);
        if (!ems[i]->error().empty()) {
            error = ems[i]->error();
            return false;
        }
        out << "// " << rule_name << ": " << alternatives.size() << " re2c rules\n";
        write_matcher(out, "match_" + cname(rule_name), "::iri::span* out", alternatives, store);
        if (i > 0) write_prefix(out, "prefix_" + cname(rule_name), ems[i]->untagged_rule(rule_name));
    }
    if (head) {
        out << "// " << head_rule << ": the entry up to the end of its authority\n";
        write_prefix(out, "prefix_" + cname(head_rule), cname(head_rule));
    }
    write_scheme_tables(g, shapes, opt, ns, head.has_value(), out);
    return true;
}

}  // namespace

bool emit_re2c(const grammar& g, const emit_options& opt, std::ostream& out, std::string& error) {
    if (!g.scheme.empty()) return emit_scheme(g, opt, out, error);
    const std::vector<entry> entries = select_entries(g, opt, error);
    if (entries.empty() || component_under_repetition(g, entries, error)) return false;
    const std::string ns = opt.ns.empty() ? "gen_" + g.name : opt.ns;
    emit_prologue(g, opt, ns, out);
    emitter em(g, out);
    out << re2c_config;
    std::vector<std::string> rules;
    for (const entry& e : entries) rules.push_back(e.rule);
    std::set<std::string> written;
    em.definitions(rules, written);
    out << "*/\n\n";
    for (const entry& e : entries) {
        const auto alternatives = em.entry_alternatives(e.rule);
        if (!em.error().empty()) {
            error = em.error();
            return false;
        }
        emit_matcher(e, alternatives, em, out);
    }
    emit_role_tables(g, entries, out);
    bool unicode_reg_name = false;
    const std::size_t charset_count = emit_charsets(g, entries, out, unicode_reg_name);
    emit_named_sets(g, out);
    out << "}  // namespace\n}  // namespace iri::detail::" << ns << "\n\n";
    emit_grammar_info(g, opt, ns, entries.size(), charset_count, unicode_reg_name, out);
    return true;
}

}  // namespace iri::abnf
