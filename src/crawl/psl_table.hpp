// The Public Suffix List as a table built once: its rules' labels as a tree from the right (a label under its
// parent), kept in one open-addressing hash table of 16-byte nodes, and the one walk over a host's labels from the
// right that answers its public suffix and registrable domain for both sections at once. The models are Go's
// golang.org/x/net/publicsuffix (a table generated from the list, one walk from the right) and Rust's psl crate;
// the answers are libpsl's (psl_is_public_suffix2, which tests/test_public_suffix_libpsl.cpp compares). Private
// to the library: iri/public_suffix.hpp is its face.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace iri::crawl::detail {

/// What the rules of one name say, merged as libpsl merges them (psl.c, psl_load_fp: one entry per name, the
/// flags of every rule naming it or-ed together).
enum psl_flag : std::uint8_t {
    psl_exception = 1,  ///< "!name"
    psl_wildcard = 2,   ///< "*.name": a label under it is public, and (libpsl) the name itself
    psl_icann = 4,      ///< a rule of the ICANN section names it
    psl_private = 8,    ///< a rule of the private section names it
    psl_plain = 16,     ///< "name" or "*.name"
};

/// One rule as read from the list: its name in lowercase A-labels (no "!", no "*."), and its flags.
struct psl_rule {
    std::string name;
    std::uint8_t flags = 0;
};

/// Where the answers begin in the host walked: offsets of the first byte of the public suffix and of the
/// registrable domain, with both sections and with the ICANN section alone; `none` where there is none.
struct psl_offsets {
    static constexpr std::uint16_t none = 0xFFFF;
    std::uint16_t suffix = none, domain = none;              ///< both sections
    std::uint16_t icann_suffix = none, icann_domain = none;  ///< the ICANN section alone
};

class psl_table {
public:
    /// The table of `rules` (names in A-labels, each label of 1 to 63 octets).
    explicit psl_table(const std::vector<psl_rule>& rules);

    /// The walk (see iri/public_suffix.hpp, public_suffix_list::find): labels from the right, each looked up
    /// under the one before while the tree has it; with `star_rule` the last label alone is public when no rule
    /// says more (the list's implicit "*"), without it (libpsl's PSL_TYPE_NO_STAR_RULE) only a rule makes a suffix
    /// public. No allocation.
    [[nodiscard]] psl_offsets walk(std::string_view host, bool star_rule) const noexcept;

    [[nodiscard]] std::size_t rule_count() const noexcept { return rules_; }
    /// False when the rules' long labels were more than a node's 16-bit tail index reaches (a list hundreds of
    /// times the size of publicsuffix.org's): the table is then not to be used.
    [[nodiscard]] bool complete() const noexcept { return complete_; }

private:
    struct node {
        std::uint64_t head = 0;    // the label's first 8 octets, lowercase, zeros after a shorter label
        std::uint32_t parent = 0;  // the parent's slot, or root
        std::uint8_t length = 0;   // 1 to 63; 0: an empty slot
        std::uint8_t answers = 0;  // answer_bit: what the rules that name it say (0 for a label no rule ends at)
        std::uint16_t tail = 0;    // a label longer than 8: its octets from the 9th, at tails_[tail] on
    };

public:
    /// A node's answer bits: public with both sections / the ICANN section when the walk ends at it (own), when
    /// the walk ends at a label under it (under), and whether any rule names it.
    enum answer_bit : std::uint8_t { own_any = 1, own_icann = 2, under_any = 4, under_icann = 8, named = 16 };

private:
    static constexpr std::uint32_t root = 0xFFFFFFFFu;
    static constexpr std::uint32_t missing = 0xFFFFFFFFu;

    /// The table's fields, as the walk reads them (in registers: a name's octets, chars, could alias the members).
    struct lookup {
        const node* nodes;
        const std::uint64_t* tails;
        std::uint32_t mask;
        unsigned shift;

        [[nodiscard]] std::size_t slot_of(std::uint64_t head, std::uint32_t parent, std::size_t length) const noexcept {
            const std::uint64_t key = head ^ (std::uint64_t{parent} << 6 | length);
            return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15u) >> shift);
        }
        /// The slot under `parent` of the label name[start, start + length), or `missing`: `name` lowercase and
        /// padded with zeros to a word past its end (the walk's copy).
        [[nodiscard]] std::uint32_t child(std::uint32_t parent, const char* name, std::size_t start,
                                          std::size_t length) const noexcept;
        /// The octets of a long label from the 9th, read as the walk reads them, equal the node's.
        [[nodiscard]] bool tail_equal(const node& n, const char* label, std::size_t length) const noexcept;
    };
    [[nodiscard]] std::size_t slot_of(std::uint64_t head, std::uint32_t parent, std::size_t length) const noexcept;
    /// The walk over a name of more than 64 octets (apart: the commonest names' walk keeps its registers).
    [[gnu::noinline]] psl_offsets walk_long(const char* host, std::size_t n, bool star_rule) const noexcept;
    /// The walk over a name read into a walked_name (psl_table.cpp) of `n` octets.
    template <class Name>
    [[nodiscard, gnu::always_inline]] psl_offsets walk_labels(const Name& name, std::size_t n,
                                                              bool star_rule) const noexcept;
    /// The slot of `label` under `parent`, added when it is not there yet.
    std::uint32_t add_child(std::uint32_t parent, std::string_view label);

    std::vector<node> nodes_;           // a power of two, at most half full
    std::vector<std::uint64_t> tails_;  // the octets of long labels from the 9th, 8 to a word
    std::uint32_t mask_ = 0;
    unsigned shift_ = 0;
    std::size_t rules_ = 0;
    bool complete_ = true;
};

/// Reads a list's text: every line a comment ("//"), blank, or a rule (publicsuffix.org/list, "Format": labels
/// separated by ".", optionally "*." or "!" before them, read up to the first white space) with the sections as
/// libpsl reads their markers. Names with characters other than ASCII are mapped to A-labels by UTS #46
/// (iri/idna.hpp). False with `error` = "SOURCE:LINE: reason" at the first line that is none of these, or
/// "SOURCE: reason" for a file that is compressed, binary or holds no rule.
[[nodiscard]] bool read_psl_rules(std::string_view text, const std::string& source, std::vector<psl_rule>& rules,
                                  std::string& error);

}  // namespace iri::crawl::detail
