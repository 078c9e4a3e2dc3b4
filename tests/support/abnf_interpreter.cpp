// Test-only ABNF interpreter and string generator (see abnf_interpreter.hpp).
#include "support/abnf_interpreter.hpp"

#include <unicode/utf8.h>

#include <map>
#include <vector>

namespace iri_test {

namespace {

using iri::abnf::grammar;
using iri::abnf::node;

// A non-owning callable "continue the match from code point j".
class cont {
public:
    template <class F>
    explicit cont(F& f) : obj_(&f), call_([](void* o, std::size_t j) { return (*static_cast<F*>(o))(j); }) {}
    bool operator()(std::size_t j) const { return call_(obj_, j); }

private:
    void* obj_;
    bool (*call_)(void*, std::size_t);
};

iri::component component_named(const std::string& role) {
    std::size_t i = 0;
#define IRI_COMPONENT(id, rfc3986_name)                            \
  if (role == rfc3986_name) return static_cast<iri::component>(i); \
  ++i;
#include "iri/roles.def"
#undef IRI_COMPONENT
    return iri::component::none;
}

char32_t ascii_lower(char32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

// Continuation-passing backtracking: the first complete parse found is the first in priority order.
struct machine {
    const grammar& g;
    iri::abnf::char_set excluded;
    std::vector<char32_t> cp;
    std::vector<std::uint32_t> off;  // byte offset of each code point, and of the end
    iri::components comp;
    std::map<std::string, iri::span> named;  // the parts of a scheme grammar (;@part), by rule name
    bool parts = false;                      // a scheme grammar: every role is a part, even "host" or "query"

    iri::span& slot_of(const std::string& role) {
        const iri::component c = parts ? iri::component::none : component_named(role);
        return c == iri::component::none ? named[role] : comp[c];
    }

    bool match(const node& n, const std::string& parent, std::size_t i, cont k) {
        switch (n.k) {
            case node::kind::alternation:
                for (const node& c : n.children)
                    if (match(c, parent, i, k)) return true;
                return false;
            case node::kind::concatenation: return sequence(n, parent, 0, i, k);
            case node::kind::repetition: return repeat(n, parent, i, 0, k);
            case node::kind::rule_ref: {
                const iri::abnf::rule& r = *g.find(n.name);
                const std::string role = g.component_role(parent, r.name);
                if (role.empty()) return match(r.definition, r.name, i, k);
                iri::span& slot = slot_of(role);
                const iri::span saved = slot;
                auto after = [&](std::size_t j) {
                    const iri::span inner = slot;
                    slot = {off[i], off[j]};
                    if (k(j)) return true;
                    slot = inner;
                    return false;
                };
                if (match(r.definition, r.name, i, cont(after))) return true;
                slot = saved;
                return false;
            }
            case node::kind::char_range:
                if (i < cp.size() && cp[i] >= n.lo && cp[i] <= n.hi && !excluded.contains(cp[i])) return k(i + 1);
                return false;
            case node::kind::literal: {
                if (cp.size() - i < n.text.size()) return false;
                for (std::size_t j = 0; j < n.text.size(); ++j) {
                    const char32_t want = n.text[j], got = cp[i + j];
                    const bool same = n.case_sensitive ? want == got : ascii_lower(want) == ascii_lower(got);
                    if (!same || excluded.contains(got)) return false;
                }
                return k(i + n.text.size());
            }
            case node::kind::prose: return false;  // only ever under a repetition of at most 0, which never reaches it
        }
        return false;
    }

    bool sequence(const node& n, const std::string& parent, std::size_t idx, std::size_t i, cont k) {
        if (idx == n.children.size()) return k(i);
        auto next = [&](std::size_t j) { return sequence(n, parent, idx + 1, j, k); };
        return match(n.children[idx], parent, i, cont(next));
    }

    // Greedy: one more iteration first, then stop (when at least min were taken). An iteration that consumes
    // nothing ends the loop, once min is reached.
    bool repeat(const node& n, const std::string& parent, std::size_t i, std::uint32_t count, cont k) {
        if (count < n.max) {
            auto again = [&](std::size_t j) {
                if (j == i) return count + 1 >= n.min ? k(j) : repeat(n, parent, j, count + 1, k);
                return repeat(n, parent, j, count + 1, k);
            };
            if (match(n.children[0], parent, i, cont(again))) return true;
        }
        return count >= n.min && k(i);
    }
};

void append_utf8(std::string& out, char32_t c) {
    std::uint8_t buf[4];
    std::uint32_t len = 0;
    UBool error = false;
    U8_APPEND(buf, len, 4u, c, error);
    if (!error) out.append(reinterpret_cast<const char*>(buf), len);
}

}  // namespace

namespace {

// Runs the machine on the whole input; false when the input is not a string of the production.
bool run_machine(machine& m, const std::string& entry, std::string_view input) {
    const auto* s = reinterpret_cast<const std::uint8_t*>(input.data());
    const auto n = static_cast<std::int32_t>(input.size());
    for (std::int32_t i = 0; i < n;) {
        m.off.push_back(static_cast<std::uint32_t>(i));
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0) return false;  // ill-formed UTF-8 is no string of any production
        m.cp.push_back(static_cast<char32_t>(c));
    }
    m.off.push_back(static_cast<std::uint32_t>(n));
    node ref;
    ref.k = node::kind::rule_ref;
    ref.name = entry;
    const std::size_t end = m.cp.size();
    auto whole = [&](std::size_t j) { return j == end; };
    return m.match(ref, "", 0, cont(whole));
}

}  // namespace

std::optional<iri::components> interpret(const grammar& g, const std::string& entry, std::string_view input) {
    machine m{g, g.excluded_set(), {}, {}, {}, {}, false};
    if (!run_machine(m, entry, input)) return std::nullopt;
    return m.comp;
}

std::optional<std::map<std::string, iri::span>> interpret_parts(const grammar& g, const std::string& entry,
                                                                std::string_view input) {
    machine m{g, g.excluded_set(), {}, {}, {}, {}, true};
    if (!run_machine(m, entry, input)) return std::nullopt;
    return m.named;
}

abnf_generator::abnf_generator(const grammar& g, std::uint64_t seed) : g_(g), excluded_(g.excluded_set()), rng_(seed) {}

std::string abnf_generator::derive(const std::string& entry) {
    node ref;
    ref.k = node::kind::rule_ref;
    ref.name = entry;
    std::string out;
    derive(ref, out, 0);
    return out;
}

void abnf_generator::derive(const node& n, std::string& out, int depth) {
    switch (n.k) {
        case node::kind::alternation: derive(n.children[below(n.children.size())], out, depth + 1); return;
        case node::kind::concatenation:
            for (const node& c : n.children) derive(c, out, depth + 1);
            return;
        case node::kind::repetition: {
            if (n.max == 0) return;
            std::uint32_t extra = 0;
            const std::uint64_t r = below(10);
            if (depth < 40) extra = r < 4 ? 0 : r < 7 ? 1 : r < 9 ? 2 : 3 + static_cast<std::uint32_t>(below(6));
            const std::uint32_t room = n.max == node::unbounded ? extra : n.max - n.min;
            const std::uint32_t count = n.min + (extra < room ? extra : room);
            for (std::uint32_t i = 0; i < count; ++i) derive(n.children[0], out, depth + 1);
            return;
        }
        case node::kind::rule_ref: derive(g_.find(n.name)->definition, out, depth + 1); return;
        case node::kind::char_range: {
            // The edges of the range half of the time; otherwise anywhere, or near the start.
            for (int attempt = 0; attempt < 6; ++attempt) {
                const std::uint64_t r = below(4);
                const std::uint64_t width = std::uint64_t(n.hi) - n.lo + 1;
                char32_t c = r == 0   ? n.lo
                             : r == 1 ? n.hi
                             : r == 2 ? static_cast<char32_t>(n.lo + below(width))
                                      : static_cast<char32_t>(n.lo + below(width < 128 ? width : 128));
                if (!excluded_.contains(c) || attempt == 5) {
                    append_utf8(out, c);
                    return;
                }
            }
            return;
        }
        case node::kind::literal:
            for (char32_t c : n.text) {
                if (!n.case_sensitive && below(2) == 0) {
                    if (c >= 'a' && c <= 'z') c -= 32;
                    else if (c >= 'A' && c <= 'Z') c += 32;
                }
                append_utf8(out, c);
            }
            return;
        case node::kind::prose: return;
    }
}

std::string abnf_generator::mutate(std::string s) {
    static constexpr unsigned char interesting[] = {':',  '/',  '?',  '#',  '[',  ']',  '@',  '%',  '.',  '0',
                                                    '9',  'A',  'f',  'v',  ' ',  0x00, 0x7F, 0x80, 0xBF, 0xC0,
                                                    0xC3, 0xE2, 0xED, 0xEE, 0xF0, 0xF3, 0xF4, 0xFF};
    const unsigned char b =
        below(4) == 0 ? static_cast<unsigned char>(below(256)) : interesting[below(sizeof interesting)];
    const std::uint64_t op = s.empty() ? 1 : below(3);
    const std::size_t at = static_cast<std::size_t>(below(s.size() + (op == 1 ? 1 : 0)));
    if (op == 0) s[at] = static_cast<char>(b);
    else if (op == 1) s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), static_cast<char>(b));
    else s.erase(at, 1);
    return s;
}

}  // namespace iri_test
