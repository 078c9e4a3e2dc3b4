// The ABNF model (abnf_model.hpp): locations, rule-name folding, the roles, character sets and the grammar's
// queries.
#include "abnf_model.hpp"

#include <algorithm>
#include <functional>

namespace iri::abnf {

std::string location::str() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }

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

void collect_refs(const node& n, std::vector<const node*>& out) {
    if (n.k == node::kind::rule_ref) out.push_back(&n);
    for (const node& c : n.children) collect_refs(c, out);
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
        case node::kind::char_range: s.add(n.lo, n.hi); return s;
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
        case node::kind::prose: return std::nullopt;
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

}  // namespace iri::abnf
