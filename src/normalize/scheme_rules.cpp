// Scheme grammars (grammar/schemes/): the registry of the generated matchers, the URI mapping of an IRI
// (3987bis §3.1) with its offsets, the walk over a scheme's lists, and parse_scheme.
#include "iri/scheme_rules.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "convert/percent_detail.hpp"
#include "grammar/match.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/reference.hpp"
#include "normalize/scheme_rules_detail.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

#define IRI_SCHEME(name) extern const scheme_grammar_info scheme_info_##name;
#include "schemes.def"
#undef IRI_SCHEME

namespace {

const scheme_grammar_info* const scheme_grammars_built[] = {
#define IRI_SCHEME(name) &scheme_info_##name,
#include "schemes.def"
#undef IRI_SCHEME
    nullptr,
};

// The grammar of `scheme` (never an option).
const scheme_grammar_info* find_scheme_grammar(std::string_view scheme) noexcept {
    // The schemes as lowercase words (lowercase_words), in a hash table built once: a lookup hashes the words and
    // compares them with one slot or a few, not octet by octet with every scheme.
    struct named_grammar {
        std::array<std::uint64_t, 2> words;
        std::size_t size = 0;
        const scheme_grammar_info* info = nullptr;  // none: an empty slot
    };
    constexpr std::size_t slots = 64;  // 2^6, well over the number of scheme grammars
    const auto slot_of = [](const std::array<std::uint64_t, 2>& w, std::size_t size) {
        return static_cast<std::size_t>(((w[0] ^ (w[1] + size)) * 0x9E3779B97F4A7C15u) >> (64 - 6));  // 6: slots
    };
    static const std::array<named_grammar, slots> table = [&] {
        std::array<named_grammar, slots> t{};
        for (const scheme_grammar_info* const* s = scheme_grammars_built; *s; ++s) {
            const std::string_view name = (*s)->scheme;
            if ((*s)->option || name.size() > 16) continue;
            const auto words = lowercase_words(name);
            std::size_t i = slot_of(words, name.size());
            while (t[i].info) i = (i + 1) & (slots - 1);
            t[i] = {words, name.size(), *s};
        }
        return t;
    }();
    if (scheme.size() > 16) {  // a longer name: octet by octet
        for (const scheme_grammar_info* const* s = scheme_grammars_built; *s; ++s)
            if (!(*s)->option && iequals(scheme, (*s)->scheme)) return *s;
        return nullptr;
    }
    const auto words = lowercase_words(scheme);
    for (std::size_t i = slot_of(words, scheme.size()); table[i].info; i = (i + 1) & (slots - 1))
        if (table[i].words == words && table[i].size == scheme.size()) return table[i].info;
    return nullptr;
}

// The grammar of `scheme`, else the grammar named `scheme` (its file's stem: an option such as "file_appendix_e").
const scheme_grammar_info* find_scheme_grammar_or_named(std::string_view scheme) noexcept {
    if (const scheme_grammar_info* by_scheme = find_scheme_grammar(scheme)) return by_scheme;
    for (const scheme_grammar_info* const* s = scheme_grammars_built; *s; ++s)
        if (iequals(scheme, (*s)->name)) return *s;
    return nullptr;
}

// 3987bis §3.1: the URI an IRI maps to, each octet of a non-ASCII character percent-encoded (the reference is
// already valid under its grammar, so every such character is one the mapping encodes).
class uri_mapping {
public:
    std::string_view uri;

    explicit uri_mapping(std::string_view text) : uri(text), reference_(text) {
        if (is_ascii(text)) return;  // a URI already: no copy, offsets unchanged
        append_octets_encoded(owned_, text);
        uri = owned_;
    }
    // The reference byte that produced byte u of the mapping; the reference's size for u == uri.size().
    [[nodiscard]] std::uint32_t begin_at(std::uint32_t u) const { return origin(u); }
    // The end of a range ending at u: just after the reference byte that produced byte u - 1.
    [[nodiscard]] std::uint32_t end_at(std::uint32_t u) const { return u == 0 ? origin(0) : origin(u - 1) + 1; }

private:
    std::string_view reference_;
    std::string owned_;
    mutable std::vector<std::uint32_t> high_at_;  // the offsets of the reference's non-ASCII bytes, on first use

    static bool is_high(char c) { return static_cast<unsigned char>(c) >= 0x80; }

    // The k-th non-ASCII byte (from 0) starts its triplet at mapping offset high_at_[k] + 2k: a binary search
    // over the triplets finds the one that holds u, or the ASCII byte u stands for.
    [[nodiscard]] std::uint32_t origin(std::uint32_t u) const {
        if (owned_.empty()) return u;
        if (high_at_.empty())
            for (std::uint32_t i = 0; i < reference_.size(); ++i)
                if (is_high(reference_[i])) high_at_.push_back(i);
        std::size_t before = 0, after = high_at_.size();  // triplets starting at or before u: [0, before)
        while (before < after) {
            const std::size_t mid = before + (after - before) / 2;
            if (high_at_[mid] + 2 * mid <= u) before = mid + 1;
            else after = mid;
        }
        if (before > 0 && u < high_at_[before - 1] + 2 * (before - 1) + 3) return high_at_[before - 1];
        return static_cast<std::uint32_t>(u - 2 * before);
    }
};

struct walk {
    const scheme_grammar_info& info;
    const unsigned char* s;
    std::vector<span> spans;  // (part index, span) in the mapping, as found
    std::vector<std::size_t> rules;

    void take(const span* found, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i)
            if (found[i].present()) {
                spans.push_back(found[i]);
                rules.push_back(i);
            }
    }

    static bool skip(const unsigned char* s, std::uint32_t& at, std::uint32_t end, std::string_view lit) noexcept {
        if (end - at < lit.size() || !iequals({reinterpret_cast<const char*>(s) + at, lit.size()}, lit)) return false;
        at += static_cast<std::uint32_t>(lit.size());
        return true;
    }

    // The elements of one list (;@list), each with its own parts, found from the shape the generator derived.
    void elements(const scheme_list_info& l, const std::vector<span>& top) {
        const span list = top[l.list];
        if (!list.present()) return;
        std::uint32_t at = list.begin;
        if (l.after < info.part_count && top[l.after].present()) at = top[l.after].end;
        else if (!skip(s, at, list.end, l.lead)) return;
        std::vector<span> inner(info.part_count);
        for (bool first = true; at < list.end; first = false) {
            if ((l.sep_first || !first) && !skip(s, at, list.end, l.sep)) return;
            const std::uint32_t len = l.prefix(s + at, list.end - at);
            std::uint32_t stop = 0;
            std::fill(inner.begin(), inner.end(), span{});
            if (len == span::omitted || !l.match(s + at, len, inner.data(), stop)) return;
            inner[l.element] = {at, at + len};
            for (span& x : inner)
                if (x.present() && &x != &inner[l.element]) x = {x.begin + at, x.end + at};
            take(inner.data(), inner.size());
            at += len;
        }
    }
};

scheme_error grammar_error(const scheme_grammar_info& info, const uri_mapping& m, std::string_view reference,
                           std::uint32_t stop) {
    scheme_error e;
    e.code = std::string("scheme.") + info.scheme + ".syntax";
    e.spec = info.spec;
    e.begin = m.begin_at(stop);
    e.end = e.begin;
    if (e.begin < reference.size()) {  // the whole offending character of the reference
        std::size_t i = e.begin;
        (void)detail::next_code_point(reinterpret_cast<const unsigned char*>(reference.data()), i, reference.size());
        e.end = static_cast<std::uint32_t>(i);
    }
    if (e.begin == reference.size()) {
        e.message.append("the reference ends where ").append(info.rule).append(" needs more");
    } else {
        e.message.append("'").append(reference.substr(e.begin, e.end - e.begin)).append("' at byte ");
        e.message.append(std::to_string(e.begin)).append(" is not allowed here by ").append(info.rule);
    }
    e.message.append(" (").append(info.spec).append(", ").append(info.source).append(")");
    return e;
}

}  // namespace
}  // namespace iri::detail

namespace iri {

std::optional<scheme_part> scheme_match::first(std::string_view rule) const noexcept {
    for (const scheme_part& p : parts)
        if (detail::iequals(p.rule, rule)) return p;
    return std::nullopt;
}

std::vector<scheme_part> scheme_match::all(std::string_view rule) const {
    std::vector<scheme_part> out;
    for (const scheme_part& p : parts)
        if (detail::iequals(p.rule, rule)) out.push_back(p);
    return out;
}

bool has_scheme_grammar(std::string_view scheme) noexcept { return detail::find_scheme_grammar(scheme) != nullptr; }

std::vector<std::string_view> scheme_grammars() {
    std::vector<std::string_view> out;
    for (const detail::scheme_grammar_info* const* s = detail::scheme_grammars_built; *s; ++s)
        if (!(*s)->option) out.emplace_back((*s)->scheme);
    std::sort(out.begin(), out.end());
    return out;
}

scheme_match parse_scheme(std::string_view reference, grammar g) {
    scheme_match out;
    auto parsed = reference_view::parse(reference, g);
    if (!parsed) {
        const error& e = parsed.error();
        out.error = scheme_error{std::string("syntax.") + name(e.code), e.char_offset, e.char_offset + e.length,
                                 e.message(), e.spec()};
        return out;
    }
    return match_scheme_grammar(reference, parsed->scheme());
}

namespace detail {

namespace {

// A reference whose URI mapping could not have 32-bit offsets (the mapping may triple it).
std::optional<scheme_error> too_long(const scheme_grammar_info& info, std::string_view reference) {
    if (reference.size() < span::omitted / 3) return std::nullopt;
    return scheme_error{std::string("scheme.") + info.scheme + ".too_long", 0, 0,
                        "the reference's URI mapping is longer than 4,294,967,294 bytes", info.spec};
}

}  // namespace

std::optional<scheme_error> scheme_grammar_error(std::string_view reference, std::string_view scheme,
                                                 std::size_t authority_end) {
    const scheme_grammar_info* info = find_scheme_grammar(scheme);
    if (!info) return std::nullopt;
    if (auto e = too_long(*info, reference)) return e;
    // The rest is the uri grammar's (match.hpp, head): only the text up to the authority's end is matched, when it
    // is US-ASCII (its own URI mapping). A "no" is left to the whole URI's matcher, which finds the error.
    if (info->head && authority_end <= reference.size() && is_ascii(reference.substr(0, authority_end)) &&
        info->head(reinterpret_cast<const unsigned char*>(reference.data()), authority_end) == authority_end)
        return std::nullopt;
    const uri_mapping m(reference);  // no copy for a URI
    constexpr std::size_t on_stack = 16;
    span small[on_stack];
    std::vector<span> large(info->part_count > on_stack ? info->part_count : 0);
    span* top = info->part_count > on_stack ? large.data() : small;
    std::uint32_t stop = 0;
    if (info->match(reinterpret_cast<const unsigned char*>(m.uri.data()), m.uri.size(), top, stop)) return std::nullopt;
    return grammar_error(*info, m, reference, stop);
}

}  // namespace detail

scheme_match match_scheme_grammar(std::string_view reference, std::string_view scheme) {
    scheme_match out;
    const detail::scheme_grammar_info* info = detail::find_scheme_grammar_or_named(scheme);
    if (!info) return out;
    out.scheme = info->scheme;
    out.spec = info->spec;
    if ((out.error = detail::too_long(*info, reference))) return out;
    const detail::uri_mapping m(reference);
    const auto* s = reinterpret_cast<const unsigned char*>(m.uri.data());
    std::vector<span> top(info->part_count);
    std::uint32_t stop = 0;
    if (!info->match(s, m.uri.size(), top.data(), stop)) {
        out.error = detail::grammar_error(*info, m, reference, stop);
        return out;
    }
    detail::walk w{*info, s, {}, {}};
    w.take(top.data(), top.size());
    for (std::size_t i = 0; i < info->list_count; ++i) w.elements(info->lists[i], top);
    for (std::size_t i = 0; i < w.spans.size(); ++i) {
        const std::uint32_t b = m.begin_at(w.spans[i].begin);
        const std::uint32_t e = w.spans[i].end == w.spans[i].begin ? b : m.end_at(w.spans[i].end);
        out.parts.push_back({info->part_names[w.rules[i]], reference.substr(b, e - b), b, e});
    }
    // By position; at one position an empty part first (it lies before the text), then the enclosing part.
    std::stable_sort(out.parts.begin(), out.parts.end(), [](const scheme_part& a, const scheme_part& b) {
        if (a.begin != b.begin) return a.begin < b.begin;
        if ((a.end == a.begin) != (b.end == b.begin)) return a.end == a.begin;
        return a.end > b.end;
    });
    return out;
}

}  // namespace iri
