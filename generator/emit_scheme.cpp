// The scheme emitter (emit_scheme.hpp): the views of the grammar each matcher is emitted from, the shapes of the
// lists, the head of the URI, and the scheme's tables.
#include "emit_scheme.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "emit_expr.hpp"
#include "emit_matcher.hpp"
#include "emit_tables.hpp"

namespace iri::abnf {

namespace {

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
        collect_refs(r.definition, refs);
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

// The part that ends `n`, an item of the list's definition before the elements' repetition: the part `n` names,
// or the one that ends its last item or its optional group; "" when none does.
std::string last_part(const grammar& g, const node& n) {
    const node& u = unwrap(n);
    if (u.k == node::kind::rule_ref) {
        const std::string& name = g.find(u.name)->name;
        return std::find(g.parts.begin(), g.parts.end(), name) != g.parts.end() ? name : "";
    }
    if (u.k == node::kind::repetition && u.max == 1) return last_part(g, u.children[0]);
    if (u.k == node::kind::concatenation && !u.children.empty()) return last_part(g, u.children.back());
    return "";
}

bool shape_of(const grammar& g, const grammar::list& l, list_shape& shape, std::string& error) {
    const node& def = unwrap(g.find(l.rule)->definition);
    std::vector<const node*> items;
    if (def.k == node::kind::concatenation)
        for (const node& c : def.children) items.push_back(&unwrap(c));
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
bool scheme_views(const grammar& g, std::vector<grammar>& views, std::vector<list_shape>& shapes, std::string& error) {
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
    return body.k == node::kind::concatenation && body.children.size() == 2 && is_literal(unwrap(body.children[0])) &&
           ascii_text(unwrap(body.children[0])) == lead && uri_rule(g, unwrap(body.children[1]), name);
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

}  // namespace

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

}  // namespace iri::abnf
