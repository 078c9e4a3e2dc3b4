// The interface between the library and the generated matchers (build tree: gen/<variant>/<variant>.cpp): the
// layout of the generated tables. Private to the library: not installed, no public header includes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "iri/components.hpp"
#include "iri/grammar.hpp"

namespace iri::detail {

// The generated matchers reset a components value by filling it with 0xFF bytes: every span omitted.
static_assert(span::omitted == 0xFFFFFFFFu && sizeof(components) == component_count * sizeof(span) &&
              std::is_trivially_copyable_v<components>);

/// A generated matcher: the DFA of one entry production. Fills `out` (every span, omitted where absent) and
/// returns true when the whole input [s, s + n) matches; otherwise sets `stop` to the offset of the first byte
/// that cannot extend a viable prefix. Reads no byte outside [s, s + n).
using match_fn = bool (*)(const unsigned char* s, std::size_t n, components& out, std::uint32_t& stop) noexcept;

/// A generated prefix matcher of a production whose rule uses no component: the length of the longest prefix of
/// [s, s + n) that is a string of the production, or span::omitted when there is none.
using prefix_fn = std::uint32_t (*)(const unsigned char* s, std::size_t n) noexcept;

struct entry_info {
    production role;
    const char* rule;  // the variant's ABNF rule name
    match_fn match;
};

struct alias_info {
    const char* name;  // another name for...
    const char* rule;  // ...this entry rule
};

/// The characters a production allows literally (not percent-encoded): the single-character alternatives of the
/// element its rule repeats (isegment = *ipchar: iunreserved, sub-delims, ":" and "@"; not the "%" of pct-encoded).
/// Derived by the generator from the grammar file, so no character class is written outside grammar/.
struct charset_info {
    production role;
    const std::uint32_t (*ranges)[2];  // closed ranges of code points, sorted, excluded characters removed
    std::size_t count;
    std::uint64_t ascii[2];  // the same set below U+0080 as a bitmap
};

/// The named sets (grammar/sets.def), in that order.
enum class named_set : std::uint8_t {
#define IRI_SET(id, name) id,
#include "sets.def"
#undef IRI_SET
};
inline constexpr std::size_t named_set_count = 0
#define IRI_SET(id, name) +1
#include "sets.def"
#undef IRI_SET
    ;

/// Everything the generator tells the library about one variant.
struct grammar_info {
    const char* name;    // "iri"
    const char* source;  // "grammar/iri.abnf"
    const char* spec;    // ";@spec": the section the grammar transcribes
    const entry_info* entries;
    std::size_t entry_count;
    const match_fn* by_role;          // indexed by production; nullptr where the variant has no entry
    const prefix_fn* prefix_by_role;  // indexed by production; nullptr where absent or the rule has components
    const alias_info* aliases;
    std::size_t alias_count;
    const std::uint32_t (*excluded)[2];  // prose-rule exclusion ranges (closed), sorted
    std::size_t excluded_count;
    const char* exclusion_spec;    // the section the exclusion comes from ("RFC 3987 §4.1"), or ""
    const char* exclusion_reason;  // why, one line; "" when there is no exclusion
    bool split_rfc3986;            // ";@split rfc3986": the reference rules keep RFC 3986's structure
    const charset_info* charsets;  // for the entries whose rule repeats one element
    std::size_t charset_count;
    const charset_info* const* named_sets;  // indexed by named_set; nullptr where the variant lacks the rule
    bool unicode_reg_name;                  // the reg-name role allows characters above U+007F (U-labels)
};

/// A generated matcher of a scheme grammar (grammar/schemes/): like match_fn, but the parts are spans indexed as
/// the grammar's `;@part` list; the caller sets every span to omitted first.
using part_match_fn = bool (*)(const unsigned char* s, std::size_t n, span* out, std::uint32_t& stop) noexcept;

/// A `;@list LIST ELEMENT` of a scheme grammar: how to find each ELEMENT inside the LIST part (derived by the
/// generator from the list rule's shape).
struct scheme_list_info {
    std::size_t list;     // the part index of the list
    std::size_t element;  // the part index of each element
    std::size_t after;    // the elements start after this part when it is present (part_count: never)
    const char* lead;     // a literal the list begins with ("" when none)
    const char* sep;      // the literal between two elements, or before each one when sep_first
    bool sep_first;
    part_match_fn match;  // the element's own parts
    prefix_fn prefix;     // the element's longest prefix
};

/// Everything the generator tells the library about one scheme grammar.
struct scheme_grammar_info {
    const char* scheme;             // "mailto" (;@scheme)
    const char* source;             // "grammar/schemes/mailto.abnf"
    const char* spec;               // ";@spec": the section the grammar transcribes
    const char* rule;               // the entry rule ("mailtoURI")
    const char* const* part_names;  // the ;@part rules, in directive order
    std::size_t part_count;
    part_match_fn match;  // the whole URI
    const scheme_list_info* lists;
    std::size_t list_count;
    const char* name;  // the grammar's name, its file's stem ("mailto", "file_appendix_e")
    bool option;       // ";@scheme NAME option": an alternative, used only when asked for by name
    /// When the entry is HEAD path-abempty ["?" query] ["#" fragment] with the uri grammar's own rules and HEAD
    /// ends at RFC 3986's authority end (the generator proves it: emit_scheme.cpp, authority_head), HEAD's
    /// longest-prefix matcher; otherwise nullptr.
    prefix_fn head;
};

}  // namespace iri::detail
