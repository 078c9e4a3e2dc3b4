// ABNF -> re2c: every rule that carries no component becomes a named re2c definition (its ABNF name with "-"
// written "_"); every entry production becomes one matcher function. The rules that contain components are
// inlined into the entry, and every alternation that contains a component is distributed into separate re2c
// rules ("the path after an authority" and "the path without one" become two rules), so that each component
// occurs at most once per re2c rule and all rules share one pair of tags per component: re2c allows a tag once
// per rule, and a few shared tags cost the DFA far less than one pair per occurrence. re2c prefers the longest
// match and, among equally long ones, the first rule: for a whole-input match that is first-match-wins in the
// order of the ABNF alternatives (3987bis §2.2, RFC 3986 §4.1), as leftmost-greedy tags are within a rule.
#include "emit_expr.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace iri::abnf {

namespace {

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

}  // namespace

std::string cname(const std::string& rule_name) {
    std::string s = rule_name;
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
}

std::string tag(const std::string& role, char which) {
    std::string t = "t_" + role + "_";
    std::replace(t.begin(), t.end(), '-', '_');
    return t + which;
}

emitter::emitter(const grammar& g, std::ostream& out) : g_(g), out_(out), excluded_(g.excluded_set()) {
    for (const rule& r : g.rules) tagged(r);
}

void emitter::definitions(const std::vector<std::string>& entry_rules, std::set<std::string>& written) {
    std::set<std::string> done;
    std::function<void(const rule&)> need = [&](const rule& r) {
        const std::string key = fold(r.name);
        if (done.count(key)) return;
        done.insert(key);
        std::vector<const node*> refs;
        collect_refs(r.definition, refs);
        for (const node* ref : refs) need(*g_.find(ref->name));
        if (!tagged_.at(key) && written.insert(key).second)
            out_ << "    " << cname(r.name) << " = " << plain_expr(r.definition) << ";\n";
    };
    for (const std::string& e : entry_rules) need(*g_.find(e));
}

std::vector<emitter::alternative> emitter::entry_alternatives(const std::string& entry_rule) {
    node ref;
    ref.k = node::kind::rule_ref;
    ref.name = entry_rule;
    return expand(ref, "", false);
}

std::string emitter::untagged_expr(const node& n) const {
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

std::string emitter::untagged_rule(const std::string& rule_name) const {
    node ref;
    ref.k = node::kind::rule_ref;
    ref.name = rule_name;
    return untagged_expr(ref);
}

// A rule is tagged when its definition uses a component, at any depth; such rules are inlined.
bool emitter::tagged(const rule& r) {
    const std::string key = fold(r.name);
    if (auto it = tagged_.find(key); it != tagged_.end()) return it->second;
    bool t = false;
    std::vector<const node*> refs;
    collect_refs(r.definition, refs);
    for (const node* ref : refs) {
        const rule& used = *g_.find(ref->name);
        t = tagged(used) || !g_.component_role(r.name, used.name).empty() || t;
    }
    tagged_[key] = t;
    return t;
}

std::string emitter::cls(char_set s) const {
    s.subtract(excluded_);
    return emit_class(s);
}

std::string emitter::literal(const node& n) const {
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

std::string emitter::repeat(const node& n, const std::string& inner) const {
    if (n.max == 0) return "\"\"";
    if (n.min == 0 && n.max == 1) return "(" + inner + ")?";
    if (n.min == 0 && n.max == node::unbounded) return "(" + inner + ")*";
    if (n.min == 1 && n.max == node::unbounded) return "(" + inner + ")+";
    if (n.max == node::unbounded) return "(" + inner + "){" + std::to_string(n.min) + ",}";
    if (n.min == n.max) return "(" + inner + "){" + std::to_string(n.min) + "}";
    return "(" + inner + "){" + std::to_string(n.min) + "," + std::to_string(n.max) + "}";
}

// The expression of a component-free rule body: references stay by name.
std::string emitter::plain_expr(const node& n) const {
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
        case node::kind::repetition: return repeat(n, n.max == 0 ? std::string() : plain_expr(n.children[0]));
        case node::kind::rule_ref: return cname(g_.find(n.name)->name);
        case node::kind::char_range: {
            char_set s;
            s.add(n.lo, n.hi);
            return cls(s);
        }
        case node::kind::literal: return literal(n);
        case node::kind::prose: return "\"\"";  // only reachable under a repetition with max 0, which emits nothing
    }
    return "\"\"";
}

// Does this node use a component (directly, as a use inside `parent`, or through a tagged rule)?
bool emitter::carries(const node& n, const std::string& parent) const {
    if (n.k == node::kind::rule_ref) {
        const rule& r = *g_.find(n.name);
        return tagged_.at(fold(r.name)) || !g_.component_role(parent, r.name).empty();
    }
    return std::any_of(n.children.begin(), n.children.end(), [&](const node& c) { return carries(c, parent); });
}

// The alternatives of a node of rule `parent`'s definition: tagged rules inlined, tagged alternations
// distributed; `optional` tells that the node lies inside an optional part.
std::vector<emitter::alternative> emitter::expand(const node& n, const std::string& parent, bool optional) {
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
        default: return {alternative{plain_expr(n), {}, {}}};
    }
}

// A rule used in `parent`: inlined when tagged, and its alternatives wrapped in the tags of its component role.
std::vector<emitter::alternative> emitter::expand_rule(const node& n, const std::string& parent, bool optional) {
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
std::vector<emitter::alternative> emitter::expand_concatenation(const node& n, const std::string& parent,
                                                                bool optional) {
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
bool emitter::add_role(alternative& a, const std::string& role, const node& where) {
    if (std::find(a.roles.begin(), a.roles.end(), role) != a.roles.end()) {
        error_ = where.where.str() + ": component " + role + " occurs twice in one alternative";
        return false;
    }
    a.roles.push_back(role);
    return true;
}

std::vector<emitter::alternative> emitter::limit(std::vector<alternative> v, const node& n) {
    if (v.size() > max_alternatives)
        error_ = n.where.str() + ": distributing the components' alternations gives more than " +
                 std::to_string(max_alternatives) + " re2c rules";
    return v;
}

}  // namespace iri::abnf
