// The web's URLs: the WHATWG URL Standard's basic URL parser, serializer, setters and URLSearchParams, the way
// every browser turns an href into the URL it fetches (3987bis §7 points there). Use it for hrefs a browser would
// follow; use iri::parse and iri::normalize for identifiers, which RFC 3986/3987 define.
//
//   auto u = iri::web::parse("HTTP://EXAMPLE.com:80/a/../b c?x#y");
//   u->href()       // "http://example.com/b%20c?x#y"
//   u->host()       // "example.com"
//   u->set_port("8080");
//   u->href()       // "http://example.com:8080/b%20c?x#y"
//
//   auto base = iri::web::parse("https://example.org/dir/page.html");
//   iri::web::parse("..\\x", &*base)->href()   // "https://example.org/x"
//
// A url holds its href in one buffer and the offsets of its components in it (no string per component), as an
// iri::components: the same component names and span convention as an RFC 3986 reference (offsets()), so that any
// stage can take either. A getter is a view into that buffer, valid until the url changes. Failure (the Standard's
// "failure") is an iri::error with code errc::url_failure, the validation error that caused it in `url_validation`
// and the byte of the input where it was found in `offset`.
//
// A page's links are parsed against its base: iri::web::resolver holds the parsed base, and each href is parsed
// against it with no copy of the base.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::web {

/// The Standard's validation errors (§1.2), by its names (name()).
enum class validation : std::uint8_t {
#define IRI_WEB_VALIDATION(id, name, failure) id,
#include "iri/web_validation.def"
#undef IRI_WEB_VALIDATION
};

/// The Standard's name of a validation error: "port-out-of-range", "invalid-URL-unit", ...
[[nodiscard]] const char* name(validation v) noexcept;
/// Whether the Standard's parser answers failure when it meets this validation error.
[[nodiscard]] bool is_failure(validation v) noexcept;

/// A validation error that did not fail the parse, with the byte of the input where it was found.
struct validation_note {
    validation what;
    std::uint32_t offset;
};

/// What kind of host a URL has (§3.1: a domain, an IP address, an opaque host, an empty host; or none).
enum class host_kind : std::uint8_t { none, domain, ipv4, ipv6, opaque, empty };

class url;

/// Options of a parse. The defaults are the Standard's.
struct parse_options {
    /// Collect the validation errors that did not fail the parse (they cost a little): see validation_notes.
    std::vector<validation_note>* notes = nullptr;
    /// The document's character encoding, a WHATWG Encoding Standard label ("windows-1252", "shift_jis", "gbk",
    /// ...; empty: UTF-8), the basic URL parser's optional encoding (§4.4): the query of a special URL that is not
    /// ws or wss is percent-encoded after encoding into it (§1.3 "percent-encode after encoding"; a character it
    /// cannot represent as "%26%23" decimal "%3B", the HTML numeric character reference). The HTML link extractor
    /// gives the page's encoding here. An encoding the library cannot find is UTF-8 (what "getting an output
    /// encoding" does with one it does not know).
    std::string_view encoding;
};

/// The basic URL parser (§4.4) on `input`, against `base` when given.
/// @return the URL, or errc::url_failure (its url_validation says which validation error failed it).
[[nodiscard]] result<url> parse(std::string_view input, const url* base = nullptr, const parse_options& options = {});
/// As parse(), into `out` (whose buffer is reused: no allocation once it is large enough). On failure `out` is
/// left as it was. @return nothing, or the failure.
[[nodiscard]] result<std::monostate> parse_into(url& out, std::string_view input, const url* base = nullptr,
                                                const parse_options& options = {});
/// Whether parse(input, base) succeeds (§6.1 URL.canParse()), without writing the URL.
[[nodiscard]] bool can_parse(std::string_view input, const url* base = nullptr) noexcept;

/// A URL record, serialized (§4.5), with the getters and setters of the URL class (§6.1).
class url {
public:
    /// An empty url (href ""), to be filled by parse_into(). Only parse() and parse_into() make a URL.
    url() = default;

    // The getters of §6.1, as the URL class answers them.
    [[nodiscard]] std::string_view href() const noexcept { return buffer_; }
    /// The ASCII serialization of the URL's origin (§4.6 of the HTML origin): "null" for an opaque origin.
    [[nodiscard]] std::string origin() const;
    [[nodiscard]] std::string_view protocol() const noexcept;  ///< the scheme and ":"
    [[nodiscard]] std::string_view username() const noexcept;
    [[nodiscard]] std::string_view password() const noexcept;
    [[nodiscard]] std::string_view host() const noexcept;      ///< host and ":port" when there is a port
    [[nodiscard]] std::string_view hostname() const noexcept;  ///< the host serialized (IPv6 in brackets)
    [[nodiscard]] std::string_view port() const noexcept;      ///< "" when the port is null (or the default)
    [[nodiscard]] std::string_view pathname() const noexcept;
    [[nodiscard]] std::string_view search() const noexcept;  ///< "" or "?" and the query ("?" alone is "")
    [[nodiscard]] std::string_view hash() const noexcept;    ///< "" or "#" and the fragment ("#" alone is "")

    // The URL record's parts (§4.1), as the serialization holds them.
    /// The offsets of the components in href(), as an RFC 3986 reference's (iri/components.hpp): scheme, authority
    /// (present when the host is not null), userinfo (present when there are credentials: "user:password"), host
    /// (an IPv6 address with its brackets; ipv6address, ipv4address or reg_name says which kind, reg_name for a
    /// domain, an opaque host and an empty host), port (present when not null), path (always: the opaque path, or
    /// the path serialized, without the "/." §4.5 writes before a path starting with "//" when there is no host),
    /// query and fragment (present when not null).
    [[nodiscard]] const components& offsets() const noexcept { return parts_; }
    [[nodiscard]] std::string_view scheme() const noexcept;                   ///< without the ":"
    [[nodiscard]] std::optional<std::string_view> query() const noexcept;     ///< null or the query, no "?"
    [[nodiscard]] std::optional<std::string_view> fragment() const noexcept;  ///< null or the fragment, no "#"
    [[nodiscard]] std::optional<std::uint16_t> port_number() const noexcept;  ///< null or the port
    [[nodiscard]] host_kind host_type() const noexcept { return host_kind_; }
    [[nodiscard]] bool is_special() const noexcept;  ///< the scheme is a special scheme (§4.1)
    [[nodiscard]] bool has_opaque_path() const noexcept { return opaque_path_; }
    [[nodiscard]] bool has_credentials() const noexcept;  ///< username or password not empty

    // The setters of §6.1. Each runs the basic URL parser with the state override the Standard gives it, and
    // leaves the URL as it was when the Standard says to ignore the value. set_href answers the failure (the URL
    // class throws a TypeError there) and leaves the URL unchanged.
    [[nodiscard]] result<std::monostate> set_href(std::string_view value);
    void set_protocol(std::string_view value);
    void set_username(std::string_view value);
    void set_password(std::string_view value);
    void set_host(std::string_view value);
    void set_hostname(std::string_view value);
    void set_port(std::string_view value);
    void set_pathname(std::string_view value);
    void set_search(std::string_view value);
    void set_hash(std::string_view value);

    friend bool operator==(const url& a, const url& b) noexcept { return a.buffer_ == b.buffer_; }

private:
    friend struct url_access;  // the web stage's parser, setters and resolver (src/web/)
    [[nodiscard]] std::string_view text(span s) const noexcept {
        return s.present() ? std::string_view(buffer_).substr(s.begin, s.end - s.begin) : std::string_view{};
    }
    std::string buffer_;              // the href (§4.5)
    components parts_;                // its components' offsets in buffer_
    std::uint32_t port_ = no_port_;   // the port number, or no_port_
    std::int32_t default_port_ = -1;  // the scheme's default port (-1: null)
    host_kind host_kind_ = host_kind::none;
    bool opaque_path_ = false;
    bool special_ = false;               // the scheme is special (§4.1)
    bool default_port_dropped_ = false;  // the port state read the scheme's default port and made it null (§4.4)
    static constexpr std::uint32_t no_port_ = 0xFFFFFFFFu;
};

/// A page: its base URL, parsed once, against which each of its links is parsed (§4.4 with a base), with no copy
/// or conversion of the base; the options (notes, the page's encoding) apply to every link.
///
///   auto page = iri::web::resolver::make("https://example.org/dir/page.html");
///   page->parse("../x?q=1")->href()   // "https://example.org/x?q=1"
///
/// @par Complexity  Each parse is linear in the href and the base's path, as parse(href, &base) is.
class resolver {
public:
    /// Parses `base`. @return the resolver, or the failure of `base`.
    [[nodiscard]] static result<resolver> make(std::string_view base, const parse_options& options = {});
    /// Takes another base (the next page), reusing its buffer. @return nothing, or its failure (the resolver keeps
    /// the base it had).
    [[nodiscard]] result<std::monostate> rebase(std::string_view base);
    /// parse(href, &base(), options).
    [[nodiscard]] result<url> parse(std::string_view href) const;
    /// parse_into(out, href, &base(), options).
    [[nodiscard]] result<std::monostate> parse_into(url& out, std::string_view href) const;
    /// can_parse(href, &base()).
    [[nodiscard]] bool can_parse(std::string_view href) const noexcept;
    [[nodiscard]] const url& base() const noexcept { return base_; }
    /// The options, their encoding label resolved (encoding empty: the resolver keeps the encoding it names).
    [[nodiscard]] const parse_options& options() const noexcept { return options_; }

private:
    resolver() = default;
    url base_;
    parse_options options_;
    std::optional<std::uint8_t> encoding_;  // the query's encoding of the options' label (none: UTF-8), resolved once
};

/// application/x-www-form-urlencoded name/value pairs (§5) with the methods of URLSearchParams (§6.2).
class search_params {
public:
    search_params() = default;
    /// §5.1: parses `input` (a leading "?" is removed, as the URLSearchParams constructor does).
    explicit search_params(std::string_view input);

    [[nodiscard]] std::size_t size() const noexcept { return list_.size(); }
    void append(std::string_view name, std::string_view value);
    /// Removes the pairs named `name` (and, when `value` is given, only those with that value).
    void remove(std::string_view name, std::optional<std::string_view> value = std::nullopt);
    [[nodiscard]] std::optional<std::string_view> get(std::string_view name) const noexcept;
    [[nodiscard]] std::vector<std::string_view> get_all(std::string_view name) const;
    [[nodiscard]] bool has(std::string_view name, std::optional<std::string_view> value = std::nullopt) const noexcept;
    void set(std::string_view name, std::string_view value);
    /// Sorts by name, by UTF-16 code units as the Standard says, stably.
    void sort();
    /// §5.2: the application/x-www-form-urlencoded serializer.
    [[nodiscard]] std::string to_string() const;
    [[nodiscard]] const std::vector<std::pair<std::string, std::string>>& pairs() const noexcept { return list_; }

private:
    std::vector<std::pair<std::string, std::string>> list_;
};

}  // namespace iri::web
IRI_API_END
