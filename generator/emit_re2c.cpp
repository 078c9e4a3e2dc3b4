// The re2c specification of a grammar: a scheme grammar is emit_scheme.hpp's; a variant's file is written here,
// from the expressions (emit_expr.hpp), the matcher functions (emit_matcher.hpp) and the tables (emit_tables.hpp).
#include "emit_re2c.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "emit_expr.hpp"
#include "emit_matcher.hpp"
#include "emit_scheme.hpp"
#include "emit_tables.hpp"

namespace iri::abnf {

namespace {

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

// The matcher of one entry (and its prefix matcher, for the component-level productions).
void emit_matcher(const entry& e, const std::vector<emitter::alternative>& alternatives, emitter& em,
                  std::ostream& out) {
    out << "// " << e.rule << " (role " << e.role << "): " << alternatives.size() << " re2c rule"
        << (alternatives.size() == 1 ? "" : "s") << "\n";
    write_matcher(out, "match_" + cname(e.rule), "::iri::components& out", alternatives,
                  [](const std::string& r) { return "out[" + component_enum(r) + "]"; });
    // The length of the longest prefix in the production (no tags): the building block of the library's
    // split-at-delimiters fast path for the reference productions.
    if (has_prefix_matcher(e.role)) write_prefix(out, "prefix_" + cname(e.rule), em.untagged_rule(e.rule));
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
    std::string unused;  // not required: a variant may lack a named set
    (void)emit_named_sets(g, named_set_rules(), "named_sets", false, "const", out, unused);
    out << "}  // namespace\n}  // namespace iri::detail::" << ns << "\n\n";
    emit_grammar_info(g, opt, ns, entries.size(), charset_count, unicode_reg_name, out);
    return true;
}

}  // namespace iri::abnf
