// Why an input is not a valid string of a production, and where.
//
// Two positions: `offset` is the first byte at which the input can no longer be extended to a valid string of the
// production (the end of the longest viable prefix, where the automaton stopped): for "http://a b" under
// URI-reference it is 8, the space. fault() is the byte the error is about, the one message() names. They are
// the same byte unless the automaton ran past the fault: in "http://example.org:80a/" the bytes up to the "/"
// could still have been a userinfo, so `offset` is 22, but with no "@" the authority is host ":" port (RFC 3986
// §3.2) and the fault is the port's "a" at byte 21 (errc::bad_port, `where` port). When the parse of a reference
// fails, the authority's parts are judged with its end known (the next "/", "?", "#" or the end): a port that is
// not digits, an IP literal never closed, a second "@" (which no userinfo holds), at or before `offset`, are
// reported in place of what the automaton saw, at their first byte (char_offset, the character there).
// Computing an error costs nothing while input is valid: the parser notes only where its automaton stopped,
// and everything else here is worked out from the input after the fact.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "iri/components.hpp"
#include "iri/export.h"
#include "iri/grammar.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// Stable error codes of the parse path. Values never change meaning; new codes are added at the end.
enum class errc : std::uint8_t {
    unexpected_end = 1,    ///< the input ended where the production needs more ("http://[::1")
    disallowed_character,  ///< a well-formed character the production does not allow at this point
    invalid_utf8,          ///< bytes that are not well-formed UTF-8 (overlong, surrogate, > U+10FFFF, truncated)
    bad_percent_encoding,  ///< "%" not followed by two hexadecimal digits (RFC 3986 §2.1)
    excluded_character,    ///< forbidden by a prose rule of the variant (IRIs: bidi formatting, RFC 3987 §4.1)
    input_too_long,        ///< longer than 4,294,967,294 bytes: offsets are 32-bit
    no_such_production,    ///< the variant has no rule for the requested production
    base_not_absolute,     ///< resolution needs a base with a scheme (RFC 3986 §5.1, §5.2.1)
    idna_failed,           ///< a host label UTS #46 processing rejects (idna_errors says why)
    unicode_failure,       ///< ICU could not complete (memory): no result rather than a wrong one
    invalid_encoding,      ///< bytes that are not valid in the named charset, or a lone UTF-16 surrogate
    unknown_charset,       ///< a charset name ICU does not know
    not_relativizable,     ///< no reference resolves to the target (RFC 3986 §5.2): it is relative (`where`
                           ///< is scheme), or its path has a dot segment resolution would remove (`where`
                           ///< is path, `offset` the segment)
    bad_port,              ///< a port that is not digits (RFC 3986 §3.2.3): "http://example.org:80a/"; the
                           ///< fault is its first non-digit
    unclosed_ip_literal,   ///< an IP literal whose "[" no "]" closes before the authority ends (RFC 3986
                           ///< §3.2.2): "http://[::1/"; the fault is the "["
    url_failure,           ///< the URL Standard's basic URL parser answers failure (iri/web.hpp): `url_validation`
                           ///< names the validation error, `offset` the byte of the input where it was found
};

/// The name of a code ("unexpected_end", ...): stable, for logs and JSON.
[[nodiscard]] const char* name(errc e) noexcept;

/// How much a diagnostic matters. The parse path reports only errors; later checks add warnings and notes.
enum class severity : std::uint8_t { error, warning, info };

/// "error", "warning" or "info".
[[nodiscard]] const char* name(severity s) noexcept;

/// A parse error. Small and trivially copyable; message() builds the text on demand.
struct error {
    errc code = errc::unexpected_end;
    std::uint32_t offset = 0;       ///< first byte that cannot extend a valid prefix (== input size: unexpected end)
    std::uint32_t char_offset = 0;  ///< where the offending character (or ill-formed sequence, or "%") begins
    std::uint32_t length = 0;       ///< bytes of the offending character or sequence from char_offset (0: none)
    component where = component::none;     ///< the component at fault: the one fault() falls in by the RFC 3986
                                           ///< Appendix B split, or the one the authority's parts show is wrong
    grammar variant{};                     ///< the grammar tried
    production tried{};                    ///< the production tried
    std::array<unsigned char, 4> bytes{};  ///< the offending bytes (first `length`, at most 4)
    char32_t character = 0;                ///< the offending code point when well-formed, else 0
    std::uint32_t idna_errors = 0;         ///< errc::idna_failed: the UTS #46 errors, idna_error's bits
    /// False for an error about text no grammar was applied to (percent_decode, from_charset, host_to_ascii):
    /// `variant` and `tried` then mean nothing, and message() and spec() leave them out.
    bool grammar_involved = true;
    /// errc::url_failure: the URL Standard's validation error that failed the parse, an iri::web::validation.
    std::uint8_t url_validation = 0;

    [[nodiscard]] constexpr severity level() const noexcept { return severity::error; }
    /// The byte the error is about, which message() names: char_offset for bad_port and unclosed_ip_literal (the
    /// port's first non-digit, the "["), else `offset`. Never after `offset`.
    [[nodiscard]] constexpr std::uint32_t fault() const noexcept {
        return code == errc::bad_port || code == errc::unclosed_ip_literal ? char_offset : offset;
    }
    /// One line naming the character (as U+XXXX and as text), the component, the production and the reason:
    /// "U+0020 ' ' is not allowed in path at byte 8 (IRI-reference, grammar iri)".
    [[nodiscard]] std::string message() const;
    /// Appends message() to `out`, with no string of its own: for a caller that writes many reports into one
    /// buffer.
    void append_message(std::string& out) const;
    /// The spec section behind the code ("RFC 3987 §4.1", "RFC 3986 §2.1", ...), or the grammar section.
    [[nodiscard]] const char* spec() const noexcept;
};

/// The UTS #46 errors of error::idna_errors, one bit each (UTS #46 §4, §4.1, §4.2; the test codes of Unicode's
/// IdnaTestV2.txt in brackets). The values are those of ICU's UIDNA_ERROR_* constants, which iri passed on when
/// ICU processed UTS #46, so stored values keep their meaning.
namespace idna_error {
/// A label other than the last is empty [X4_2, A4_2].
inline constexpr std::uint32_t empty_label = 0x1;
/// VerifyDnsLength: a label of more than 63 octets [A4_2].
inline constexpr std::uint32_t label_too_long = 0x2;
/// VerifyDnsLength: a name of more than 253 octets, or none [A4_1].
inline constexpr std::uint32_t domain_name_too_long = 0x4;
/// CheckHyphens: a label begins with "-" [V3].
inline constexpr std::uint32_t leading_hyphen = 0x8;
/// CheckHyphens: a label ends with "-" [V3].
inline constexpr std::uint32_t trailing_hyphen = 0x10;
/// CheckHyphens: a label has "-" in its third and fourth positions [V2].
inline constexpr std::uint32_t hyphen_3_4 = 0x20;
/// A label begins with a combining mark (General_Category Mark) [V6].
inline constexpr std::uint32_t leading_combining_mark = 0x40;
/// A disallowed code point, or with UseSTD3ASCIIRules ASCII other than a-z, 0-9 and "-" [V7, U1].
inline constexpr std::uint32_t disallowed = 0x80;
/// An "xn--" label that is not ASCII or not Punycode, or a label too long to encode [P4, A3].
inline constexpr std::uint32_t punycode = 0x100;
/// A decoded label holds "." [V5].
inline constexpr std::uint32_t label_has_dot = 0x200;
/// An "xn--" label that decodes to nothing, to ASCII only, to text not in NFC or with a code point not valid, or
/// (without CheckHyphens) to a label beginning with "xn--" [P4, V1, V7, V4].
inline constexpr std::uint32_t invalid_ace_label = 0x400;
/// CheckBidi: a label of a Bidi domain name breaks RFC 5893 §2 [B1-B6].
inline constexpr std::uint32_t bidi = 0x800;
/// CheckJoiners: a ZERO WIDTH (NON-)JOINER out of RFC 5892 Appendix A.1, A.2's context [C1, C2].
inline constexpr std::uint32_t contextj = 0x1000;
/// Not recorded: UTS #46 has no CONTEXTO check (kept for the names of stored values).
inline constexpr std::uint32_t contexto_punctuation = 0x2000;
/// Not recorded, likewise.
inline constexpr std::uint32_t contexto_digits = 0x4000;
}  // namespace idna_error

/// The UTS #46 errors of `idna_errors` (error::idna_errors), comma-separated, with stable names: "empty_label",
/// "label_too_long", "domain_name_too_long", "leading_hyphen", "trailing_hyphen", "hyphen_3_4",
/// "leading_combining_mark", "disallowed", "punycode", "label_has_dot", "invalid_ace_label", "bidi",
/// "contextj", "contexto_punctuation", "contexto_digits".
[[nodiscard]] std::string idna_error_names(std::uint32_t idna_errors);

}  // namespace iri
IRI_API_END
