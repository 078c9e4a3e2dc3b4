// The reference model: a parsed IRI, URI or LEIRI reference as a non-owning view (reference_view) or an owning
// value (reference), its five parts (RFC 3986 §5.2: scheme, authority, path, query, fragment) and their
// recomposition (§5.3).
//
//   iri::reference r = *iri::reference::parse("https://user:pw@例え.jp:8080/a/b?q=1#top");
//   r.scheme()        // "https"
//   r.user()          // "user"          r.password() // "pw"
//   r.host()          // "例え.jp"        r.host_kind() == iri::host_kind::reg_name
//   r.port_number()   // 8080
//   for (std::string_view s : r.segments()) ...   // "a", "b"
//
// "Undefined" and "empty" stay distinct (RFC 3986 §5.3): "http://a?" has an empty query (has_query() is true,
// query() is ""), "http://a" has none; "http://@a" has an empty userinfo; "http://a:" an empty port.
// An accessor of an undefined component returns "".
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "iri/components.hpp"
#include "iri/export.h"
#include "iri/grammar.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// The segments of a path, in order, without their "/" separators (RFC 3986 §3.3). Following the grammar,
/// "" has no segment, "/" one empty segment, "/a/b/" the segments "a", "b", "" and "a/b" the segments "a", "b".
class segments_view {
public:
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::string_view;
        using difference_type = std::ptrdiff_t;
        using pointer = const std::string_view*;
        using reference = std::string_view;
        iterator() = default;
        std::string_view operator*() const noexcept { return path_.substr(pos_, end_ - pos_); }
        iterator& operator++() noexcept;
        iterator operator++(int) noexcept {
            iterator t = *this;
            ++*this;
            return t;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.pos_ == b.pos_; }

    private:
        friend class segments_view;
        iterator(std::string_view path, std::size_t pos) noexcept;
        std::string_view path_;
        std::size_t pos_ = 0, end_ = 0;
    };
    explicit segments_view(std::string_view path) noexcept : path_(path) {}
    [[nodiscard]] iterator begin() const noexcept;
    [[nodiscard]] iterator end() const noexcept;
    [[nodiscard]] bool empty() const noexcept { return path_.empty(); }
    /// Counts the segments (one pass).
    [[nodiscard]] std::size_t size() const noexcept;
    /// True when the path begins with "/".
    [[nodiscard]] bool is_absolute() const noexcept { return !path_.empty() && path_.front() == '/'; }

private:
    std::string_view path_;
};

/// The state of a port: the grammar accepts any string of digits (RFC 3986 §3.2.3), so a port can be valid
/// syntax and still not fit in 16 bits.
enum class port_status : std::uint8_t {
    absent,        ///< no ":" after the host
    empty,         ///< ":" with no digits ("http://a:")
    in_range,      ///< 0–65535
    out_of_range,  ///< digits whose value exceeds 65535 ("http://a:65536"): never wrapped
};

/// The five parts of RFC 3986 §5.2 (T.scheme, T.authority, T.path, T.query, T.fragment), each undefined
/// (std::nullopt) or a string; the path is always defined. Input and output of resolution and recomposition.
struct reference_parts {
    std::optional<std::string_view> scheme;
    std::optional<std::string_view> authority;
    std::string_view path;
    std::optional<std::string_view> query;
    std::optional<std::string_view> fragment;
};

/// Recomposition (RFC 3986 §5.3): scheme ":" , "//" authority, path, "?" query, "#" fragment, each when
/// defined. For the parts of a parsed reference the result is that reference, byte for byte.
///
///     iri::recompose({"http", "a", "/b", std::nullopt, ""})   // "http://a/b#"
///
/// The parts are not validated: parse the result when they come from elsewhere. One allocation.
[[nodiscard]] std::string recompose(const reference_parts& parts);

/// A parsed reference that does not own its text: the text must outlive the view. Cheap to copy (the text
/// pointer, the grammar and 12 pairs of 32-bit offsets).
class reference_view {
public:
    /// The empty relative reference "" (valid in every grammar).
    reference_view() noexcept;
    /// A view over `text` with the components `c` that a successful iri::parse(text, g, ...) returned.
    reference_view(std::string_view text, const components& c, grammar g) noexcept : text_(text), c_(c), grammar_(g) {}

    /// Parses `text` as a reference of grammar `g` (production uri_reference: IRI-reference, URI-reference,
    /// LEIRI-reference). Never throws; the error names the offset and component.
    [[nodiscard]] static result<reference_view> parse(std::string_view text, grammar g = grammar::iri) noexcept;

    [[nodiscard]] std::string_view str() const noexcept { return text_; }
    [[nodiscard]] grammar variant() const noexcept { return grammar_; }
    [[nodiscard]] const components& offsets() const noexcept { return c_; }

    [[nodiscard]] bool has_scheme() const noexcept { return c_.has(component::scheme); }
    [[nodiscard]] bool has_authority() const noexcept { return c_.has(component::authority); }
    [[nodiscard]] bool has_userinfo() const noexcept { return c_.has(component::userinfo); }
    /// True when the userinfo contains ":" (RFC 3986 §3.2.1: "user:password", deprecated).
    [[nodiscard]] bool has_password() const noexcept;
    [[nodiscard]] bool has_port() const noexcept { return c_.has(component::port); }
    [[nodiscard]] bool has_query() const noexcept { return c_.has(component::query); }
    [[nodiscard]] bool has_fragment() const noexcept { return c_.has(component::fragment); }
    /// A reference with a scheme is an IRI (absolute or with a fragment); without, a relative reference (§4.1).
    [[nodiscard]] bool is_relative() const noexcept { return !has_scheme(); }

    [[nodiscard]] std::string_view scheme() const noexcept { return get(component::scheme); }
    [[nodiscard]] std::string_view authority() const noexcept { return get(component::authority); }
    [[nodiscard]] std::string_view userinfo() const noexcept { return get(component::userinfo); }
    /// The userinfo up to its first ":" (all of it when there is none).
    [[nodiscard]] std::string_view user() const noexcept;
    /// The userinfo after its first ":" ("" when there is none: see has_password()).
    [[nodiscard]] std::string_view password() const noexcept;
    /// The host as written: a reg-name, an IPv4 address or an IP literal with its brackets.
    [[nodiscard]] std::string_view host() const noexcept { return get(component::host); }
    [[nodiscard]] iri::host_kind host_kind() const noexcept { return c_.host(); }
    /// The address of an IPv4address host (RFC 3986 §3.2.2), in network order; nullopt for other hosts.
    [[nodiscard]] std::optional<std::array<std::uint8_t, 4>> ipv4_address() const noexcept;
    /// The address of an IPv6 literal (RFC 3986 §3.2.2, including "::" and an IPv4 tail), in network order;
    /// nullopt for other hosts.
    [[nodiscard]] std::optional<std::array<std::uint8_t, 16>> ipv6_address() const noexcept;
    [[nodiscard]] std::string_view port() const noexcept { return get(component::port); }
    [[nodiscard]] iri::port_status port_status() const noexcept;
    /// The port's value when port_status() is in_range, else 0.
    [[nodiscard]] std::uint16_t port_number() const noexcept;
    [[nodiscard]] std::string_view path() const noexcept { return get(component::path); }
    [[nodiscard]] segments_view segments() const noexcept { return segments_view(path()); }
    [[nodiscard]] std::string_view query() const noexcept { return get(component::query); }
    [[nodiscard]] std::string_view fragment() const noexcept { return get(component::fragment); }

    /// The five parts of RFC 3986 §5.2, undefined ones as nullopt.
    [[nodiscard]] reference_parts parts() const noexcept;

    /// Simple string comparison (RFC 3987 §5.3.1): byte for byte, grammar ignored. See normalize.hpp for the
    /// other rungs of the comparison ladder.
    friend bool operator==(const reference_view& a, const reference_view& b) noexcept { return a.text_ == b.text_; }

private:
    [[nodiscard]] std::string_view get(component c) const noexcept {
        const span s = c_[c];
        return s.present() ? text_.substr(s.begin, s.end - s.begin) : std::string_view();
    }
    std::string_view text_;
    components c_;
    grammar grammar_ = grammar::iri;
};

class reference;

namespace detail {
struct reference_access;  // how the library makes a reference from offsets it guarantees (src/); not public API
}

/// A parsed reference that owns its text. Copying copies the string and the offsets (no re-parse); moving moves
/// them. Every accessor of reference_view is available through view() or directly.
///
/// operator== is simple string comparison (RFC 3987 §5.3.1): "http://a/%7E" != "http://a/~" here; use
/// iri::equivalent (normalize.hpp) for the ladder of RFC 3987 §5.3.
class reference {
public:
    /// The empty relative reference "".
    reference() = default;
    /// Parses `text` (moved in, not copied) as a reference of grammar `g`.
    [[nodiscard]] static result<reference> parse(std::string text, grammar g = grammar::iri) noexcept;
    /// Copies the text of a view (no re-parse).
    explicit reference(const reference_view& v) : text_(v.str()), c_(v.offsets()), grammar_(v.variant()) {}

    [[nodiscard]] reference_view view() const noexcept { return reference_view(text_, c_, grammar_); }
    operator reference_view() const noexcept { return view(); }  // NOLINT: a reference is usable as its view

    [[nodiscard]] const std::string& str() const noexcept { return text_; }
    [[nodiscard]] const char* c_str() const noexcept { return text_.c_str(); }
    [[nodiscard]] grammar variant() const noexcept { return grammar_; }
    [[nodiscard]] const components& offsets() const noexcept { return c_; }

    [[nodiscard]] bool has_scheme() const noexcept { return view().has_scheme(); }
    [[nodiscard]] bool has_authority() const noexcept { return view().has_authority(); }
    [[nodiscard]] bool has_userinfo() const noexcept { return view().has_userinfo(); }
    [[nodiscard]] bool has_password() const noexcept { return view().has_password(); }
    [[nodiscard]] bool has_port() const noexcept { return view().has_port(); }
    [[nodiscard]] bool has_query() const noexcept { return view().has_query(); }
    [[nodiscard]] bool has_fragment() const noexcept { return view().has_fragment(); }
    [[nodiscard]] bool is_relative() const noexcept { return view().is_relative(); }
    [[nodiscard]] std::string_view scheme() const noexcept { return view().scheme(); }
    [[nodiscard]] std::string_view authority() const noexcept { return view().authority(); }
    [[nodiscard]] std::string_view userinfo() const noexcept { return view().userinfo(); }
    [[nodiscard]] std::string_view user() const noexcept { return view().user(); }
    [[nodiscard]] std::string_view password() const noexcept { return view().password(); }
    [[nodiscard]] std::string_view host() const noexcept { return view().host(); }
    [[nodiscard]] iri::host_kind host_kind() const noexcept { return c_.host(); }
    [[nodiscard]] std::optional<std::array<std::uint8_t, 4>> ipv4_address() const noexcept {
        return view().ipv4_address();
    }
    [[nodiscard]] std::optional<std::array<std::uint8_t, 16>> ipv6_address() const noexcept {
        return view().ipv6_address();
    }
    [[nodiscard]] std::string_view port() const noexcept { return view().port(); }
    [[nodiscard]] iri::port_status port_status() const noexcept { return view().port_status(); }
    [[nodiscard]] std::uint16_t port_number() const noexcept { return view().port_number(); }
    [[nodiscard]] std::string_view path() const noexcept { return view().path(); }
    [[nodiscard]] segments_view segments() const noexcept { return view().segments(); }
    [[nodiscard]] std::string_view query() const noexcept { return view().query(); }
    [[nodiscard]] std::string_view fragment() const noexcept { return view().fragment(); }
    [[nodiscard]] reference_parts parts() const noexcept { return view().parts(); }

    /// Simple string comparison (RFC 3987 §5.3.1).
    friend bool operator==(const reference& a, const reference& b) noexcept { return a.text_ == b.text_; }

private:
    friend struct detail::reference_access;
    reference(std::string text, const components& c, grammar g) noexcept : text_(std::move(text)), c_(c), grammar_(g) {}
    std::string text_;
    components c_ = reference_view().offsets();
    grammar grammar_ = grammar::iri;
};

}  // namespace iri
IRI_API_END
