// The diagnostics' shared pieces (check.cpp and one file per family). Private to the library.
#pragma once

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri/check.hpp"
#include "iri/reference.hpp"
#include "iri/scheme_rules.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

/// A bidi component of RFC 3987 §4.2: the userinfo, a host label, a path segment, a query name or value, the
/// fragment; `role` is the production whose characters it holds.
struct piece {
    std::uint32_t begin, end;
    component where;
    production role;
};

/// Whether NFKC changes code point `c` where NFC keeps it: a compatibility character (3987bis §5.1). A character
/// NFKC leaves alone in every context (`nfkc`'s isInert: most of them, such as the CJK ideographs) is not one;
/// for the others the quick-check properties say exactly that for one character alone (No: it never appears in
/// the normal form; Yes or Maybe: alone it is normal; UAX #15 §9). tests/test_check.cpp compares this with
/// ICU's normalizers over every code point.
inline bool is_compatibility_character(const icu::Normalizer2& nfkc, UChar32 c) noexcept {
    if (nfkc.isInert(c)) return false;
    return u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) != UNORM_NO &&
           u_getIntPropertyValue(c, UCHAR_NFKC_QUICK_CHECK) == UNORM_NO;
}

/// What the per-character rules of check ask of a code point, from ICU's properties: one bit each.
enum char_flag : std::uint8_t {
    flag_ltr = 1,             ///< Bidi_Class L (RFC 3987 §4.2)
    flag_rtl = 2,             ///< Bidi_Class R or AL: a strong right-to-left character
    flag_number = 4,          ///< Bidi_Class EN or AN
    flag_mark = 8,            ///< General_Category Mn, Mc or Me: a combining mark
    flag_compatibility = 16,  ///< is_compatibility_character (3987bis §5.1)
    flag_private_use = 32,    ///< General_Category Co
};

/// The char_flag bits of `c`. ICU's answers, memoized for the BMP a block of 256 code points at a time (a block is
/// asked of ICU on its first use and then shared by every thread): a CJK path is a table lookup a character, not
/// four property lookups. Code points above the BMP are asked of ICU each time.
[[nodiscard]] std::uint8_t char_flags(UChar32 c) noexcept;

/// The pieces of a parsed reference, in order; empty ones left out.
[[nodiscard]] std::vector<piece> pieces_of(const reference_view& r);

/// The codes of src/diagnostic_codes.def.
enum class diag : std::uint8_t {
#define IRI_DIAGNOSTIC(id, code, level, spec, summary) id,
#include "check/diagnostic_codes.def"
#undef IRI_DIAGNOSTIC
};

/// The table's row of a code: its name, severity and spec section.
[[nodiscard]] const diagnostic_code& row(diag d) noexcept;

struct check_context {
    const reference_view& r;
    grammar g;
    std::vector<diagnostic>& out;
    std::size_t& left_out;  // diagnostics beyond max_diagnostics (check.hpp), counted, not kept
    bool ascii = false;     ///< the whole reference is ASCII: the bidi and character checks have nothing to find
    /// A diagnostic with the code, severity and spec of its row in the table, and this instance's message.
    void add(diag d, std::uint32_t begin, std::uint32_t end, component where, std::string message) const {
        if (out.size() >= max_diagnostics) {
            ++left_out;
            return;
        }
        const diagnostic_code& c = row(d);
        out.push_back({c.code, c.level, begin, end, where, std::move(message), c.spec});
    }
    [[nodiscard]] std::string_view text(std::uint32_t begin, std::uint32_t end) const {
        return r.str().substr(begin, end - begin);
    }
};

/// Calls f(code_point, begin, end) for each character of text[begin, end) (offsets in the reference), skipping
/// "%HH" triplets as three ASCII characters, which they are.
template <class F>
void for_each_char(std::string_view text, std::uint32_t begin, std::uint32_t end, F f) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = begin; i < end;) {
        const std::size_t start = i;
        const std::int32_t c = next_code_point(s, i, end);
        if (c >= 0) f(c, static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(i));
    }
}

/// The component byte `at` of the reference lies in (the innermost one: userinfo, host, path, query, fragment).
[[nodiscard]] component component_of(const components& c, std::uint32_t at) noexcept;

/// "U+XXXX" for messages.
[[nodiscard]] std::string code_point_name(UChar32 c);

void check_bidi(const check_context& cx, const std::vector<piece>& pieces);
void check_chars(const check_context& cx, const std::vector<piece>& pieces);
void check_leiri(const check_context& cx, const std::vector<piece>& pieces);
void check_spoof(const check_context& cx, const std::vector<piece>& pieces);
void check_security(const check_context& cx);
void check_scheme_rules(const check_context& cx);  // check_scheme.cpp

}  // namespace iri::detail
