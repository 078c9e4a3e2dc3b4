// Test-only: a slow reference matcher that interprets a grammar's ABNF directly (never used by the library), and
// a generator of strings derived from the same ABNF. The differential test checks the generated DFAs against it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "abnf.hpp"
#include "iri/components.hpp"

namespace iri_test {

/// Interprets entry rule `entry` of grammar `g` on `input`: a backtracking matcher over code points whose first
/// complete parse (alternatives in order, repetitions and options greedy) is "first-match-wins" (3987bis §2.2,
/// RFC 3986 §4.1). The grammar's exclusion removes characters from every class. Returns the components of that
/// parse (uses of rules tagged by `;@component`), or nullopt when the input (ill-formed UTF-8 included) is not a
/// string of the production.
std::optional<iri::components> interpret(const iri::abnf::grammar& g, const std::string& entry, std::string_view input);

/// As interpret, for a scheme grammar (grammar/schemes/): the span of each part (`;@part`) in that parse, by rule
/// name; a part matched several times (under a repetition) has the span of its last match.
std::optional<std::map<std::string, iri::span>> interpret_parts(const iri::abnf::grammar& g, const std::string& entry,
                                                                std::string_view input);

/// Random strings derived from the ABNF of `entry`, biased towards the edges of character ranges, small
/// repetition counts and ASCII. Deterministic for a given seed (portable: no std distributions).
class abnf_generator {
public:
    abnf_generator(const iri::abnf::grammar& g, std::uint64_t seed);
    std::string derive(const std::string& entry);
    /// `s` with one byte replaced, inserted or deleted (bytes drawn from delimiters, hex digits and UTF-8 edges).
    std::string mutate(std::string s);
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : rng_() % n; }

private:
    void derive(const iri::abnf::node& n, std::string& out, int depth);
    const iri::abnf::grammar& g_;
    iri::abnf::char_set excluded_;
    std::mt19937_64 rng_;
};

}  // namespace iri_test
