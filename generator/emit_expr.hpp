// The re2c expression emitter: ABNF rules as re2c regular expressions. A rule that carries no component becomes a
// named re2c definition; an entry production becomes the list of re2c rules (alternatives) of its matcher, with
// the tags of its components (emit_expr.cpp says how). The C++ around them is emit_matcher.hpp's.
#pragma once

#include <cstddef>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "abnf_model.hpp"

namespace iri::abnf {

// The re2c name of a rule: its ABNF name with "-" written "_" (also the C++ name of its matcher functions).
std::string cname(const std::string& rule_name);

// The tag variable of a component's begin ('b') or end ('e'): one pair per component, shared by all rules.
std::string tag(const std::string& role, char which);

class emitter {
public:
    // Writes its definitions to `out`. The grammar's components decide which rules are tagged.
    emitter(const grammar& g, std::ostream& out);

    // Definitions of every component-free rule the entries need, dependencies first; `written` holds the names
    // already defined in this re2c file (several emitters may share one file).
    void definitions(const std::vector<std::string>& entry_rules, std::set<std::string>& written);

    // One re2c rule of an entry: its expression, and the components it tags (each at most once).
    struct alternative {
        std::string re;
        std::vector<std::string> roles;     // tagged in this alternative
        std::vector<std::string> optional;  // of those, the ones inside an optional part (their tags may be null)
    };
    static constexpr std::size_t max_alternatives = 512;

    // The entry's alternatives, in first-match-wins order. On failure sets `error_`.
    std::vector<alternative> entry_alternatives(const std::string& entry_rule);
    const std::string& error() const { return error_; }

    // The rule's expression without any tag: rules that carry components are inlined, the others named.
    std::string untagged_expr(const node& n) const;
    std::string untagged_rule(const std::string& rule_name) const;

private:
    const grammar& g_;
    std::ostream& out_;
    char_set excluded_;
    std::map<std::string, bool> tagged_;
    std::string error_;

    bool tagged(const rule& r);
    std::string cls(char_set s) const;
    std::string literal(const node& n) const;
    std::string repeat(const node& n, const std::string& inner) const;
    std::string plain_expr(const node& n) const;
    bool carries(const node& n, const std::string& parent) const;
    std::vector<alternative> expand(const node& n, const std::string& parent, bool optional);
    std::vector<alternative> expand_rule(const node& n, const std::string& parent, bool optional);
    std::vector<alternative> expand_concatenation(const node& n, const std::string& parent, bool optional);
    bool add_role(alternative& a, const std::string& role, const node& where);
    std::vector<alternative> limit(std::vector<alternative> v, const node& n);
};

}  // namespace iri::abnf
