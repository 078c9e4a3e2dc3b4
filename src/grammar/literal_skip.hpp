// The literal character sets of a grammar's repeated components as the SIMD kernels read them (text/simd_scan.hpp):
// inside a repetition such as reg-name = *( unreserved / pct-encoded / sub-delims ), a character that is one of the
// element's single-character alternatives leaves the DFA where it was, in the loop, so the DFA may start after any
// run of them, and the run itself is skipped with SIMD. The sets are generated from the grammar
// (charset_info::ascii); "%HH" triplets are part of a run; non-ASCII bytes and delimiters stop it and are left to
// the DFA. Private to the library.
#pragma once

#include <cstdint>

#include "grammar/match.hpp"
#include "iri/grammar.hpp"
#include "text/simd_scan.hpp"

namespace iri::detail {

/// The lead octets E1–EF of the three-octet UTF-8 characters (U+1000–U+FFFF, 4,096 characters each) all of whose
/// characters the set holds: bit lead - 0xE0. Never E0 and ED, whose second octet has a narrower range (RFC 3629
/// §4): a character of a lead in the mask is well-formed and in the set as soon as two trail octets follow.
[[nodiscard]] std::uint16_t whole_three_octet_leads(const charset_info& cs) noexcept;
/// The lead octets C2–DF of the two-octet UTF-8 characters (U+0080–U+07FF, 64 characters each) all of whose
/// characters the set holds: bit lead - 0xC0. A character of a lead in the mask is well-formed and in the set as soon
/// as a trail octet follows (RFC 3629 §4: C0 and C1 are never leads).
[[nodiscard]] std::uint32_t whole_two_octet_leads(const charset_info& cs) noexcept;

/// The ASCII part of a generated literal set and its whole three-octet leads, plus the bytes of `extra` ("/" for
/// paths).
[[nodiscard]] ascii_set make_ascii_set(const charset_info& cs, const char* extra = "") noexcept;

/// The sets of a grammar's repeated components, each with "%" (its triplets are part of a run) and, for the
/// path, "/" (segment characters and separators). Built once per grammar.
struct component_sets {
    ascii_set userinfo, reg_name, path, query, fragment;
    ascii_set segment_nz, segment_nz_nc;  // the first segment of path-rootless and of path-noscheme (no "/")
};
[[nodiscard]] const component_sets& literal_sets(grammar g) noexcept;

}  // namespace iri::detail
