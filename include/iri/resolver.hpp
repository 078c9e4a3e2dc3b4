// The crawler's pipeline as one call: one parsed base (a page), and for each link on it the normal form or the
// canonical key of its target, written into a buffer that is reused from one link to the next.
//
//   auto page = iri::resolver::make("HTTP://Example.com/a/b.html", iri::grammar::iri, {.rung = iri::rung::scheme});
//   page->normalized("../%7euser/./x?q")   // "http://example.com/~user/x?q"
//   page->key("//EXAMPLE.com:80")          // "http://example.com/"
//
// Each href is parsed once, in the base's grammar; the base is parsed once, when the resolver is made. The target
// (RFC 3986 §5.2.2) is never written unnormalized: each of its components is normalized (normalize.hpp) straight
// from the reference it comes from, the path's dot segments removed in the output. The result is, byte for byte,
// normalize(resolve(base, href)), and, normalization never making a dot segment (normalize.hpp), also
// normalize(resolve(base, normalize(href))).
#pragma once

#include <string>
#include <string_view>

#include "iri/components.hpp"
#include "iri/export.h"
#include "iri/normalize.hpp"
#include "iri/reference.hpp"
#include "iri/resolve.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

class resolver {
public:
    /// Parses `base` in grammar `g`; it must have a scheme (RFC 3986 §5.1).
    /// @return the resolver, or the parse error of `base`, or errc::base_not_absolute.
    [[nodiscard]] static result<resolver> make(std::string_view base, grammar g = grammar::iri,
                                               const normalize_options& normalize = {}, resolve_options resolve = {});

    /// Takes another base (the next page), keeping the grammar and options; its text is copied into storage the
    /// resolver reuses (no allocation once large enough). @return the base as parsed, or its error (the resolver
    /// then has no base until the next successful rebase: each href is resolved against "" and fails).
    [[nodiscard]] result<reference_view> rebase(std::string_view base);

    /// The normal form of the target of `href`, in a buffer of the resolver: valid until the next call.
    /// @par Complexity  Linear in the base and `href`; no allocation once the buffer is large enough (except as
    ///                  append_normalized says: IDN hosts, text NFC changes).
    /// @return the target's normal form, or the parse error of `href` in the base's grammar.
    [[nodiscard]] result<std::string_view> normalized(std::string_view href);
    /// The canonical key of the target (normalize.hpp: equal keys exactly when the targets are equivalent), in the
    /// same buffer.
    [[nodiscard]] result<std::string_view> key(std::string_view href);

    /// As normalized(), appending to `out`. @return the number of bytes appended; on error `out` is as it was.
    [[nodiscard]] result<std::size_t> append_normalized(std::string& out, std::string_view href) const;
    /// As key(), appending to `out`.
    [[nodiscard]] result<std::size_t> append_key(std::string& out, std::string_view href) const;

    /// The base, as parsed.
    [[nodiscard]] reference_view base() const noexcept { return {base_text_, base_, grammar_}; }
    [[nodiscard]] const normalize_options& options() const noexcept { return normalize_; }

private:
    resolver(grammar g, const normalize_options& n, resolve_options r) noexcept
        : grammar_(g), normalize_(n), resolve_(r) {}
    // The target's normal form (key: its canonical key) appended to `out`.
    [[nodiscard]] result<std::size_t> append_target(std::string& out, std::string_view href, bool key) const;
    std::string base_text_;
    components base_ = reference_view().offsets();
    bool has_base_ = false;
    bool normal_head_ = false;  // the base's head (its scheme and authority) is its own normal form
    grammar grammar_;
    normalize_options normalize_;
    resolve_options resolve_;
    std::string buffer_;
};

}  // namespace iri
IRI_API_END
