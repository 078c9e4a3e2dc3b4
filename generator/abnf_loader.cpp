// The loader (abnf_loader.hpp): files, ;@import and ;@extends, the merging of rules, a table of the other
// directives, and the checks of the grammar as a whole.
#include "abnf_loader.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>
#include <sstream>
#include <string_view>

#include "abnf_reader.hpp"

namespace iri::abnf {

namespace {

using directive = reader::directive;

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

// ---- the directives after ;@import and ;@extends, one handler each ----

// ;@entry ROLE RULE. Keyed by the role: a file's entry replaces the inherited one of the same role.
void entry_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (dv.args.size() != 2) {
        d.errors.push_back(dv.where.str() + ": ;@entry takes a role and a rule name");
        return;
    }
    if (!known(production_roles(), dv.args[0])) {
        d.errors.push_back(dv.where.str() + ": ;@entry names unknown role " + dv.args[0] +
                           " (roles are the RFC 3986 rule names in include/iri/roles.def)");
        return;
    }
    auto e = std::find_if(g.entries.begin(), g.entries.end(), [&](const entry& x) { return x.role == dv.args[0]; });
    if (e != g.entries.end()) *e = entry{dv.args[0], dv.args[1], dv.where};
    else g.entries.push_back(entry{dv.args[0], dv.args[1], dv.where});
}

// ;@alias NAME RULE.
void alias_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (dv.args.size() != 2) {
        d.errors.push_back(dv.where.str() + ": ;@alias takes a new name and an entry rule name");
        return;
    }
    g.aliases.emplace_back(dv.args[0], dv.args[1]);
}

// ;@component ROLE RULE... Keyed by the role.
void component_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (dv.args.empty()) {
        d.errors.push_back(dv.where.str() + ": ;@component takes a role and rule names");
        return;
    }
    if (!known(component_roles(), dv.args[0])) {
        d.errors.push_back(dv.where.str() + ": ;@component names unknown component " + dv.args[0]);
        return;
    }
    g.components[dv.args[0]] = std::vector<std::string>(dv.args.begin() + 1, dv.args.end());
}

// ;@exclude RULE SPEC: WHY, or ;@exclude alone, which clears the inherited exclusion.
void exclude_directive(grammar& g, const directive& dv, diagnostics&) {
    g.excluded = exclusion{dv.args.empty() ? std::string() : dv.args[0], dv.rest, dv.where};
}

// ;@spec TEXT.
void spec_directive(grammar& g, const directive& dv, diagnostics&) {
    g.spec = dv.args.empty() ? std::string() : dv.args[0] + (dv.rest.empty() ? "" : " " + dv.rest);
}

// ;@split rfc3986, or ;@split alone, which clears the inherited one.
void split_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (!dv.args.empty() && dv.args[0] != "rfc3986") {
        d.errors.push_back(dv.where.str() + ": ;@split knows only rfc3986");
        return;
    }
    g.split_rfc3986 = !dv.args.empty();
}

// ;@scheme NAME [option]: a scheme grammar (grammar/schemes/).
void scheme_directive(grammar& g, const directive& dv, diagnostics& d) {
    // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); written in lower case here.
    // A second word "option": an alternative grammar of the scheme, used only when asked for by its name.
    const bool ok = (dv.args.size() == 1 || (dv.args.size() == 2 && dv.args[1] == "option")) && dv.args[0][0] >= 'a' &&
                    dv.args[0][0] <= 'z' && std::all_of(dv.args[0].begin(), dv.args[0].end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
                    });
    if (!ok) {
        d.errors.push_back(dv.where.str() + ": ;@scheme takes one scheme name in lower case (RFC 3986 §3.1), " +
                           "then \"option\" for an alternative grammar");
    } else {
        g.scheme = dv.args[0];
        g.scheme_option = dv.args.size() == 2;
    }
}

// ;@part RULE...: each also a component whose role is the rule's name.
void part_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (dv.args.empty()) d.errors.push_back(dv.where.str() + ": ;@part takes rule names");
    for (const std::string& r : dv.args) {  // RULE, or PARENT/RULE: only the uses inside PARENT
        const std::string part = r.substr(r.find('/') + 1);
        if (std::find(g.parts.begin(), g.parts.end(), part) != g.parts.end()) continue;
        g.parts.push_back(part);
        g.components[part] = {r};
    }
}

// ;@list LIST ELEMENT.
void list_directive(grammar& g, const directive& dv, diagnostics& d) {
    if (dv.args.size() != 2) {
        d.errors.push_back(dv.where.str() + ": ;@list takes a list rule and its element rule");
        return;
    }
    g.lists.push_back({dv.args[0], dv.args[1], dv.where});
}

// ;@special-scheme NAME PORT: the URL Standard's special schemes (§4.1), PORT a number up to 65535 or "null".
// Keyed by the name.
void special_scheme_directive(grammar& g, const directive& dv, diagnostics& d) {
    const auto digits = [](const std::string& s) {
        return !s.empty() && s.size() <= 5 &&
               std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const bool ok = dv.args.size() == 2 && !dv.args[0].empty() &&
                    std::all_of(dv.args[0].begin(), dv.args[0].end(), [](char c) { return c >= 'a' && c <= 'z'; }) &&
                    (dv.args[1] == "null" || (digits(dv.args[1]) && std::stol(dv.args[1]) <= 65535));
    if (!ok) {
        d.errors.push_back(dv.where.str() + ": ;@special-scheme takes a scheme name in lower case and its default " +
                           "port, a number up to 65535 or null");
        return;
    }
    const std::int32_t port = dv.args[1] == "null" ? -1 : static_cast<std::int32_t>(std::stol(dv.args[1]));
    auto it = std::find_if(g.special_schemes.begin(), g.special_schemes.end(),
                           [&](const grammar::special_scheme& x) { return x.name == dv.args[0]; });
    if (it != g.special_schemes.end()) *it = {dv.args[0], port, dv.where};
    else g.special_schemes.push_back({dv.args[0], port, dv.where});
}

struct directive_handler {
    std::string_view word;
    void (*apply)(grammar&, const directive&, diagnostics&);
};

// In the order the message about an unknown directive lists them, after import and extends.
constexpr directive_handler directive_handlers[] = {
    {"entry", entry_directive},         {"alias", alias_directive},
    {"component", component_directive}, {"exclude", exclude_directive},
    {"spec", spec_directive},           {"split", split_directive},
    {"scheme", scheme_directive},       {"part", part_directive},
    {"list", list_directive},           {"special-scheme", special_scheme_directive},
};

// Applies one directive of a file whose directives count; an unknown word is an error.
void apply_directive(grammar& g, const directive& dv, diagnostics& d) {
    const auto* h = std::find_if(std::begin(directive_handlers), std::end(directive_handlers),
                                 [&](const directive_handler& x) { return x.word == dv.word; });
    if (h != std::end(directive_handlers)) {
        h->apply(g, dv, d);
        return;
    }
    std::string words = "import, extends";
    for (const directive_handler& x : directive_handlers) words += ", " + std::string(x.word);
    d.errors.push_back(dv.where.str() + ": unknown directive ;@" + dv.word + " (known: " + words + ")");
}

// ---- files and rules ----

// Adds the rules of one file to g. Within one file a second "=" definition is an error; across an ;@extends it
// replaces the base's (`inherited`: the folded names the bases define). Adds the folded names defined to `loaded`.
void merge_rules(std::vector<reader::defined>& rules, const std::set<std::string>& inherited, grammar& g,
                 diagnostics& d, std::set<std::string>& loaded) {
    std::set<std::string> here;
    for (auto& def : rules) {
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
}

// Reads one file into g, following ;@import and ;@extends; `stack` detects import cycles. Returns the folded
// names of the rules this file (and what it reads) defines. `rules_only`: the file is imported (;@import), so
// only its rules count, not its directives (a scheme grammar imports ../uri for RFC 3986's rules without
// becoming a URI grammar).
std::set<std::string> load_into(const std::string& path, grammar& g, diagnostics& d, std::vector<std::string>& stack,
                                bool rules_only = false) {
    std::set<std::string> loaded;
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
    std::set<std::string> inherited;
    for (const auto& dv : r.directives) {
        if (dv.word == "import" || dv.word == "extends") {
            if (dv.args.size() != 1) {
                d.errors.push_back(dv.where.str() + ": ;@" + dv.word + " takes one grammar name");
                continue;
            }
            auto got = load_into(dir + "/" + dv.args[0] + ".abnf", g, d, stack, rules_only || dv.word == "import");
            if (dv.word == "extends") inherited.insert(got.begin(), got.end());
            loaded.insert(got.begin(), got.end());
        }
    }
    stack.pop_back();
    g.files.push_back(path);
    merge_rules(r.rules, inherited, g, d, loaded);
    // Each keyed directive of this file replaces the inherited one with the same key.
    if (!rules_only)
        for (const auto& dv : r.directives)
            if (dv.word != "import" && dv.word != "extends") apply_directive(g, dv, d);
    return loaded;
}

// ---- the checks of the whole grammar ----

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
                auto start =
                    std::find_if(path.begin(), path.end(), [&](const std::string& p) { return fold(p) == tk; });
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

// The rules the directives name exist: entries, aliases (of entries), components, the exclusion.
void check_directive_rules(const grammar& g, const std::string& path, diagnostics& d) {
    for (const entry& e : g.entries)
        if (!g.find(e.rule)) d.errors.push_back(e.where.str() + ": ;@entry names undefined rule " + e.rule);
    for (const auto& [alias, target] : g.aliases) {
        const std::string folded_target = fold(target);  // clang < 16 cannot capture a structured binding
        bool ok = std::any_of(g.entries.begin(), g.entries.end(),
                              [&](const entry& e) { return fold(e.rule) == folded_target; });
        if (!ok)
            d.errors.push_back(path + ":1:1: ;@alias " + alias + " names " + target + ", which is not an entry rule");
    }
    for (const auto& [role, rs] : g.components)
        for (const std::string& r : rs) {
            const auto slash = r.find('/');
            for (const std::string& part : {r.substr(0, slash), slash == std::string::npos ? r : r.substr(slash + 1)})
                if (!g.find(part))
                    d.errors.push_back(path + ":1:1: ;@component " + role + " names undefined rule " + part);
        }
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
            d.errors.push_back(l.where.str() + ": ;@list " + l.rule + " " + l.element +
                               ": both rules must be parts (;@part)");
    for (const auto& [role, rs] : g.components)
        if (!is_part(role))
            d.errors.push_back(file + ":1:1: a scheme grammar names its parts with ;@part, not ;@component");
}

// The exclusion names a rule that is a set of single characters.
void check_exclusion(const grammar& g, diagnostics& d) {
    if (g.excluded.rule.empty()) return;
    const rule* r = g.find(g.excluded.rule);
    if (!r) d.errors.push_back(g.excluded.where.str() + ": ;@exclude names undefined rule " + g.excluded.rule);
    else if (!g.as_char_set(r->definition))
        d.errors.push_back(g.excluded.where.str() + ": ;@exclude needs a rule that is a set of single characters");
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
    check_directive_rules(g, path, d);
    if (!g.scheme.empty()) check_scheme(g, d);
    check_exclusion(g, d);
    return g;
}

}  // namespace iri::abnf
