// Reference resolution (RFC 3986 §5.2) and its inverse, relativization.
//
//   iri::resolve("http://a/b/c/d;p?q", "../g")        // "http://a/b/g"
//   iri::relativize("http://a/b/c/d;p?q", "http://a/b/g")   // "../g"
//
// Resolution works alike on URIs, IRIs and LEIRIs: non-ASCII characters are treated like unreserved ones
// (3987bis-13 §5.5), so the algorithm is the RFC's, byte for byte. Both references are parsed in the same
// grammar. The result is written once, with the offsets of the parts it is made of: it is a valid reference of
// that grammar (every part comes from one, and removing dot segments keeps a path's form), with the offsets a
// parse of it would give; the tests check both over the Common Crawl pairs.
//
// Where the RFC 3986 algorithm gives a string that would not re-parse to the parts it computed, the result
// differs from the RFC's string as follows (and only then):
//  - a result without authority whose path starts with "//" (base "a:/b", reference "..//c": path "//c") gets
//    its path prefixed with "/.": "a:/.//c". Read as "a://c" it would have an authority "c".
// A rootless base path ("mailto:x/y") is merged as the RFC says; remove_dot_segments may then make the path
// absolute ("a:b/c" + "../../d" gives "a:/d"), which re-parses to the same parts and is kept.
#pragma once

#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/reference.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// RFC 3986 §5.2.4: removes the "." and ".." segments of a path, as the algorithm's steps A–E do.
///
///     iri::remove_dot_segments("/a/b/c/./../../g")   // "/a/g"
///     iri::remove_dot_segments("mid/content=5/../6")  // "mid/6"
///
/// @par Complexity  Linear in the path; allocates the output only.
[[nodiscard]] std::string remove_dot_segments(std::string_view path);

/// Options of resolution.
struct resolve_options {
    /// RFC 3986 §5.2.2 and §5.4.2: a non-strict resolver ignores a reference's scheme when it equals the
    /// base's (case-insensitively), for backward compatibility: "http:g" against "http://a/b/c/d;p?q" gives
    /// "http://a/b/c/g" instead of "http:g".
    bool strict = true;
};

/// Resolves `ref` against `base` (RFC 3986 §5.2.2, with §5.2.3 merge and §5.2.4 remove_dot_segments).
/// The base must have a scheme; its fragment, if any, is ignored (§5.1). The result is in the base's grammar; a
/// reference of another grammar is first parsed in it.
///
/// @par Complexity  Linear in the two inputs; no parse of the result; one allocation (the result's text).
/// @return the target, or errc::base_not_absolute, or the parse error of a reference that is not valid in the
///         base's grammar.
[[nodiscard]] result<reference> resolve(const reference_view& base, const reference_view& ref,
                                        resolve_options options = {});

/// Parses both strings in grammar `g`, then resolves. Parse errors name the string (the error's `where`
/// is the component inside it).
[[nodiscard]] result<reference> resolve(std::string_view base, std::string_view ref, grammar g = grammar::iri,
                                        resolve_options options = {});

/// Relativization, the inverse of resolution: the shortest reference R such that resolve(base, R) is
/// `target`, byte for byte. It tries every form the base allows: the empty reference (same as the base without
/// its fragment), fragment-only ("#s") and query-only ("?y") differences, paths relative to the base's
/// directory ("../g", "./a:b"; under a rootless base with "/" too: "urn:x/y/z" to "urn:x/y/w" is "w"),
/// absolute paths ("/a"), other authorities ("//host/path"), and the target itself (another scheme).
///
///     iri::relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?y")   // "?y"
///     iri::relativize("http://a/b/c/d;p?q", "http://x/y")           // "//x/y"
///     iri::relativize("http://a/b/c/d;p?q", "http://a/./b")         // errc::not_relativizable
///
/// When several references are equally short, which one is returned is not specified.
///
/// @par Complexity  Linear in the inputs (each candidate is compared once with what resolving it gives).
/// @return the reference, or errc::base_not_absolute, or errc::not_relativizable when no reference resolves
///         to the target: it is relative (every resolution has a scheme, RFC 3986 §5.2.2), or its path has a
///         dot segment that resolution would remove (§5.2.4; only the "/." that keeps a path without an
///         authority from beginning with "//" stays, §3.3).
[[nodiscard]] result<reference> relativize(const reference_view& base, const reference_view& target);

/// Parses both strings in grammar `g`, then relativizes.
[[nodiscard]] result<reference> relativize(std::string_view base, std::string_view target, grammar g = grammar::iri);

}  // namespace iri
IRI_API_END
