// The ABNF model (RFC 5234, with the RFC 7405 %s / %i string prefixes) as data: the rules of one grammar variant
// as trees of nodes, with the project's directives already applied (abnf_loader.hpp reads them from the files;
// grammar/README.md documents them), and the queries asked of it. Shared by the generator (ABNF -> re2c) and by
// the tests' reference matcher, which interprets the same rules directly. Nothing here is used by the library
// at run time.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iri::abnf {

// A position in a grammar file, for messages of the form file:line:column.
struct location {
    std::string file;
    int line = 0;
    int column = 0;
    [[nodiscard]] std::string str() const;
};

// One node of a rule's definition.
struct node {
    enum class kind : std::uint8_t {
        alternation,    // children, first-match-wins in order
        concatenation,  // children in sequence
        repetition,     // children[0] repeated min..max times (max == unbounded for "*")
        rule_ref,       // name (as written; resolved case-insensitively)
        char_range,     // one code point in lo..hi (a %x value, a range, or one letter of a case-insensitive string)
        literal,        // text, a sequence of code points; case_sensitive false for "..." and %i"..."
        prose,          // <...>: cannot be generated; an error unless under a repetition whose max is 0
    };
    static constexpr std::uint32_t unbounded = 0xFFFFFFFFu;

    kind k = kind::concatenation;
    std::vector<node> children;
    std::uint32_t min = 1, max = 1;  // repetition
    std::string name;                // rule_ref
    std::u32string text;             // literal, prose (prose as written between < >)
    bool case_sensitive = false;     // literal
    std::uint32_t lo = 0, hi = 0;    // char_range
    location where;
};

struct rule {
    std::string name;  // as first defined
    node definition;   // an alternation (=/ adds alternatives)
    location where;
};

// A set of code points as sorted, disjoint, non-adjacent closed ranges.
struct char_set {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
    void add(std::uint32_t lo, std::uint32_t hi);
    void add(const char_set& other);
    void subtract(const char_set& other);
    [[nodiscard]] bool contains(std::uint32_t cp) const;
    [[nodiscard]] bool empty() const { return ranges.empty(); }
};

struct entry {
    std::string role;  // RFC 3986 rule name of the role, e.g. "URI-reference", "host"
    std::string rule;  // the variant's rule, e.g. "IRI-reference", "ihost"
    location where;
};

struct exclusion {
    std::string rule;    // empty: no exclusion
    std::string reason;  // one line, cites the spec
    location where;
};

// One grammar variant, with its imports and base resolved.
struct grammar {
    std::string name;                                            // file stem, e.g. "iri"
    std::vector<std::string> files;                              // every file read, base first
    std::vector<rule> rules;                                     // in definition order
    std::vector<entry> entries;                                  // in directive order
    std::vector<std::pair<std::string, std::string>> aliases;    // (alias, entry rule)
    std::map<std::string, std::vector<std::string>> components;  // role -> rules
    exclusion excluded;
    std::string spec;                // ;@spec
    bool split_rfc3986 = false;      // ;@split rfc3986
    std::string scheme;              // ;@scheme: the URI scheme a scheme grammar governs ("" for a variant)
    bool scheme_option = false;      // ;@scheme NAME option: an alternative grammar, used only when named
    std::vector<std::string> parts;  // ;@part: rules exposed by name (also in `components`, role = rule name)
    struct list {
        std::string rule, element;  // ;@list LIST ELEMENT
        location where;
    };
    std::vector<list> lists;
    struct special_scheme {
        std::string name;                // ;@special-scheme NAME PORT: a special scheme of the URL Standard (§4.1)
        std::int32_t default_port = -1;  // its default port; -1 for "null"
        location where;
    };
    std::vector<special_scheme> special_schemes;  // in directive order (grammar/url.abnf)

    // The rule named `name` (case-insensitive), or nullptr.
    [[nodiscard]] const rule* find(const std::string& name) const;
    // The characters removed from every class by the exclusion directive (empty when there is none).
    [[nodiscard]] char_set excluded_set() const;
    // If `n` matches exactly one code point from a set (ranges, one-letter literals, alternations of such,
    // references to such rules), that set (before exclusion); otherwise nullopt.
    [[nodiscard]] std::optional<char_set> as_char_set(const node& n) const;
    // The characters rule `r` allows literally: if r is (after unwrapping single-child nodes and rule
    // references) a repetition of an alternation, the union of the alternatives that are single characters;
    // if r is one character of a set (unreserved), that set; before exclusion; nullopt for other shapes.
    [[nodiscard]] std::optional<char_set> literal_set(const rule& r) const;
    // The component role of a use of rule `used` inside the definition of rule `parent` ("" for an entry
    // production itself, where any listing of the rule counts), or "" when that use is not tagged.
    [[nodiscard]] std::string component_role(const std::string& parent, const std::string& used) const;
};

// Appends to `out` every rule reference in `n`, at any depth, in the order written.
void collect_refs(const node& n, std::vector<const node*>& out);

// Everything that went wrong, each message starting with file:line:column.
struct diagnostics {
    std::vector<std::string> errors;
    [[nodiscard]] bool ok() const { return errors.empty(); }
};

// Lower-case ASCII, for rule-name comparison (RFC 5234 §2.1: rule names are case-insensitive).
std::string fold(std::string s);

// The roles an entry or component directive may name (RFC 3986 rule names), from include/iri/roles.def.
const std::vector<std::string>& production_roles();
const std::vector<std::string>& component_roles();

}  // namespace iri::abnf
