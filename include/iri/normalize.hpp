// Normalization and the comparison ladder (RFC 3987 §5.3, 3987bis-13 §5.3, RFC 3986 §6.2), with canonical keys
// for de-duplication.
//
//   iri::normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?q#f", iri::grammar::iri, {.rung = iri::rung::scheme})
//       // "http://www.example.com/~user/b?q#f"
//   iri::equivalent("http://example.com", "http://example.com:/", iri::grammar::iri, {.rung = iri::rung::scheme})
//       // true (RFC 3987 §5.3.3's four equivalent IRIs)
//
// The rungs of the ladder, each including the ones below it:
//  - simple (§5.3.1): code point by code point, never mapping IRIs to URIs first. normalize() returns the input.
//  - syntax (§5.3.2): case normalization (§5.3.2.1: the scheme and a "US-ASCII only" host to lowercase, the hex
//    digits of every "%HH" to uppercase); percent-encoding normalization (§5.3.2.3: "%HH" sequences
//    that encode an unreserved character are decoded: in URIs the ASCII unreserved ones, in IRIs also the UTF-8
//    of any iunreserved character, so "ros%C3%A9" ≡ "rosé"; the set is the grammar's `unreserved` production.
//    Reserved characters are never decoded: "%2F" stays); path segment normalization (§5.3.2.4:
//    remove_dot_segments, for references with a scheme; a relative reference keeps its dot segments, whose
//    meaning depends on the base).
//  - scheme (§5.3.3), for the schemes of iri/schemes.hpp: an empty port or the scheme's default port removed,
//    other ports written without leading zeros; an empty path with an authority written "/" for the schemes
//    that define it (http, https, ...); IPv6 literals in the RFC 5952 text form ("[2001:DB8:0:0::1]" →
//    "[2001:db8::1]"); and, only for the schemes whose reg-names are DNS names (scheme_info::dns_host; 3987bis
//    §3.4.2 maps a reg-name with IDNA only where it "is intended to be used as a domain name"), hosts compared as
//    IDNs: a reg-name that UTS #46 processes without error is written with U-labels in IRIs, LEIRIs and RFC 3987
//    IRIs (so "xn--rsum-bpad" ≡ "résumé" ≡ "RÉSUMÉ") and with A-labels in URIs. The reg-name of any other scheme
//    stays as the syntax rung writes it ("foo://Alpha%CE%B1/" keeps "Alpha"). UTS #46 runs only on a host with a
//    non-ASCII or percent-encoded character or an "xn--" label: to any other it changes nothing.
//    And the rules of particular schemes (scheme_info::equivalence), for a reference its scheme's grammar takes
//    (grammar/schemes/; the fragment aside): urn (RFC 8141 §3.1) the NID lowercased, "urn:EXAMPLE:a" ≡
//    "urn:example:a", and the r-, q- and f-components left out of canonical_key and equivalent
//    ("urn:example:a?+r#f" ≡ "urn:example:a"; normalize keeps them); mailto (RFC 6068 §6, RFC 5321 §2.4) the
//    domain of each address lowercased, the local part kept ("mailto:Joe@Example.ORG" → "mailto:Joe@example.org");
//    file (RFC 8089 §2) the host "localhost" written as the empty host it means ("file://localhost/etc" →
//    "file:///etc"). Percent-encoded unreserved characters are decoded in URNs too, as in every URI (RFC 3986 §2.3
//    makes them equivalent; RFC 8141 §3.1's "MUST NOT be decoded" is kept for the reserved ones, "%2C" stays).
// Where the specs leave room, this normalizer:
//  - treats the port as text at the syntax rung ("080" stays) and as a number at the scheme rung ("080" is 80);
//  - keeps an empty userinfo, query or fragment with its delimiter ("http://@a/", "http://a/?": §5.3.3 says
//    delimiters of empty components are not removed unless the scheme allows it);
//  - leaves an empty path empty for schemes without a rule for it (only http, https, ws and wss have one);
//  - lowercases IP literals and IPvFuture at the syntax rung (ASCII only, RFC 3986 §6.2.2.1: the host is
//    case-insensitive); a reg-name only when it is "US-ASCII only" (§5.3.2.1): no non-ASCII character, literal or
//    percent-encoded ("%C3%A9" is how RFC 3986 §3.2.2 writes "é"). "RÉSUMÉ.Example" keeps its case there: case
//    in a host with non-ASCII characters belongs to the IDN mapping of the scheme rung (§5.3.3);
//  - never makes a dot segment that was not there: a "%2E" is decoded to "." (it is unreserved) except where that
//    would turn its segment into "." or ".." ("/a/%2E%2E/b" and "/a/.%2E/b" stay, with uppercase hex). RFC 3986
//    §5.2.4 removes dot segments as written, and §6.2.2.3 (3987bis §5.3.2.4) applies that algorithm to them only;
//    so normalizing then resolving gives the target resolving then normalizing gives: for every base B and
//    reference R, normalize(resolve(B, R)) == normalize(resolve(B, normalize(R))) at every rung.
// Two options stand apart:
//  - nfc: character normalization to NFC (§5.3.2.2), off by default: RFC 3987 says equivalence must not rely on
//    it, except for text from non-digital or legacy-charset sources. It is applied to the literal text of each
//    component separately, never across a delimiter.
//  - fragment: keep or drop it (RFC 3986 §5.1: fragments do not take part in selecting a network action); kept by
//    default.
// The defaults, the same in C++, C, the iri tool and Python: the syntax rung (it needs no knowledge of any scheme,
// RFC 3987 §5.3.2 applies it to every IRI), no NFC, the fragment kept, the output an IRI. A crawler asks for the
// scheme rung explicitly ({.rung = iri::rung::scheme}).
// Normal forms and keys are IRIs: a host keeps its Unicode characters and "%HH" of UTF-8 iunreserved characters
// are decoded ("ros%C3%A9" is written "rosé"). `as_uri` asks for the URI instead, for a client to fetch.
#pragma once

#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/reference.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// The rungs of the comparison ladder (RFC 3987 §5.3); each includes the ones below it.
enum class rung : std::uint8_t { simple, syntax, scheme };

struct normalize_options {
    iri::rung rung = iri::rung::syntax;
    bool nfc = false;           ///< character normalization (NFC), opt-in (RFC 3987 §5.3.2.2)
    bool keep_fragment = true;  ///< false: drop the fragment (compare without it)
    /// The normal form (or key) as a URI a client can fetch: converted by to_uri with IDNA hosts (convert.hpp,
    /// host_mapping::idna: 3987bis §3.1 and §3.4.2), so "http://Résumé.example.org/rosé" at the syntax rung gives
    /// "http://xn--rsum-bpad.example.org/ros%C3%A9". A host UTS #46 rejects is an error (errc::idna_failed, its
    /// offset in the normal form).
    /// equivalent() ignores it: equivalence is that of the keys as IRIs.
    bool as_uri = false;
};

/// The normal form of `r` at the given rung, valid in r's grammar.
///
/// @par Complexity  Linear in the input (UTS #46 and NFC are linear); allocates the output, plus ICU buffers
///                  for the IDN hosts and the texts it maps.
/// @return the normalized string. Never throws; the error case is an input that is not valid in `g` (string
///         overload) or ICU failing to allocate.
[[nodiscard]] result<std::string> normalize(const reference_view& r, const normalize_options& options = {});
[[nodiscard]] result<std::string> normalize(std::string_view text, grammar g = grammar::iri,
                                            const normalize_options& options = {});

/// As normalize, appending to `out` in one pass (whose capacity a batch can reuse: no allocation once it is large
/// enough, apart from the ICU buffers of an IDN host or of a text NFC changes, and with as_uri the IRI's copy).
/// @return the number of bytes appended; on error `out` is as it was.
[[nodiscard]] result<std::size_t> append_normalized(std::string& out, const reference_view& r,
                                                    const normalize_options& options = {});

/// True when `a` and `b` are equivalent at the given rung: their canonical keys are equal. Byte-identical
/// inputs (with their fragments ignored when keep_fragment is false) are equivalent without any allocation.
[[nodiscard]] bool equivalent(const reference_view& a, const reference_view& b, const normalize_options& options = {});
/// Parses both in `g` first: an invalid input is an error.
[[nodiscard]] result<bool> equivalent(std::string_view a, std::string_view b, grammar g = grammar::iri,
                                      const normalize_options& options = {});

/// A key for hash maps: two references of the same grammar have equal keys exactly when they are equivalent at
/// the given rung. It is the normal form itself (so it is also readable), but for what a scheme's rule leaves
/// out of equivalence: a URN's r-, q- and f-components at the scheme rung.
[[nodiscard]] result<std::string> canonical_key(const reference_view& r, const normalize_options& options = {});
/// As canonical_key, appending to `out` (see append_normalized).
[[nodiscard]] result<std::size_t> append_canonical_key(std::string& out, const reference_view& r,
                                                       const normalize_options& options = {});

}  // namespace iri
IRI_API_END
