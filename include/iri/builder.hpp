// Building and modifying references component by component.
//
//   auto r = iri::builder(iri::grammar::uri)
//                .scheme("https").host("例え.jp").path("/引き 割り").query_params({{"q", "a&b"}})
//                .build();   // "https://%E4%BE%8B%E3%81%88.jp/%E5%BC%95%E3%81%8D%20%E5%89%B2%E3%82%8A?q=a%26b"
//
// Each setter takes the component's text as data and percent-encodes exactly the characters that component
// does not allow in the builder's grammar (iri::percent_encode): an IRI builder keeps "é", a URI builder
// writes "%C3%A9". An existing valid "%XX" is kept (encode_mode::keep_escapes) unless the setter is told the
// text is literal data (encode_mode::literal, where "%" becomes "%25").
//
// Setters never throw and never mangle: the first invalid input (a scheme that is not a scheme, a host that is
// not a host, a port that is not digits, text that is not UTF-8) is kept as an error, with the component and
// the offset in that input, and build() returns it. build() parses what it wrote, so a result always
// validates in the builder's grammar.
//
// So that the parts read back as they were set, build() adjusts the path where RFC 3986 §3.3 and §4.2 require:
//  - with an authority, a non-empty path that does not start with "/" gets one ("a" → "/a");
//  - without an authority, a path starting with "//" gets "/." in front ("/.//a");
//  - without scheme and authority, a first segment containing ":" gets "./" in front ("./a:b").
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/percent.hpp"
#include "iri/query.hpp"
#include "iri/reference.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

class builder {
public:
    /// An empty reference of grammar `g` (build() gives "").
    explicit builder(grammar g = grammar::iri) noexcept : grammar_(g) {}
    /// Starts from the components of an existing reference, in its grammar.
    explicit builder(const reference_view& from);

    /// RFC 3986 §3.1: must match the scheme production (no encoding applies).
    builder& scheme(std::string_view s);
    builder& remove_scheme() noexcept;

    /// RFC 3986 §3.2.1. Setting the userinfo, host or port creates an authority (with an empty host if none).
    builder& userinfo(std::string_view text, encode_mode mode = encode_mode::keep_escapes);
    /// "user:password" with ":" encoded in the user name (RFC 3986 §3.2.1; a password in a URI is deprecated).
    builder& userinfo(std::string_view user, std::string_view password, encode_mode mode = encode_mode::keep_escapes);
    builder& remove_userinfo() noexcept;

    /// RFC 3986 §3.2.2: text starting with "[" must be an IP-literal; any other text is a reg-name (which
    /// reads as an IPv4address when it is one), encoded for reg_name.
    builder& host(std::string_view text, encode_mode mode = encode_mode::keep_escapes);
    /// An IPv4 address in dotted-decimal form.
    builder& host(const std::array<std::uint8_t, 4>& ipv4);
    /// An IPv6 address in the RFC 5952 text form, in brackets.
    builder& host(const std::array<std::uint8_t, 16>& ipv6);
    /// Removes the authority (userinfo, host and port).
    builder& remove_authority() noexcept;

    /// RFC 3986 §3.2.3: any string of digits.
    builder& port(std::string_view digits);
    builder& port(std::uint16_t number);
    builder& remove_port() noexcept;

    /// RFC 3986 §3.3: "/" separates segments and is kept; each segment is encoded.
    builder& path(std::string_view text, encode_mode mode = encode_mode::keep_escapes);
    /// The path from segments: each one encoded, "/" inside a segment too; `absolute` puts "/" first.
    builder& segments(std::span<const std::string_view> segs, bool absolute = true,
                      encode_mode mode = encode_mode::keep_escapes);
    builder& segments(std::initializer_list<std::string_view> segs, bool absolute = true,
                      encode_mode mode = encode_mode::keep_escapes) {
        return segments(std::span<const std::string_view>(segs.begin(), segs.size()), absolute, mode);
    }

    /// RFC 3986 §3.4.
    builder& query(std::string_view text, encode_mode mode = encode_mode::keep_escapes);
    /// The query from key/value pairs (iri::make_query).
    builder& query_params(std::span<const query_pair> pairs, query_options options = {});
    builder& query_params(std::initializer_list<query_pair> pairs, query_options options = {}) {
        return query_params(std::span<const query_pair>(pairs.begin(), pairs.size()), options);
    }
    builder& remove_query() noexcept;

    /// RFC 3986 §3.5.
    builder& fragment(std::string_view text, encode_mode mode = encode_mode::keep_escapes);
    builder& remove_fragment() noexcept;

    /// The reference, parsed in the builder's grammar, or the first error a setter met.
    [[nodiscard]] result<reference> build() const;

private:
    void fail(const error& e, component where);
    void encode_into(std::optional<std::string>& slot, std::string_view text, production p, encode_mode mode,
                     component where, std::string_view also = {});

    grammar grammar_;
    std::optional<error> error_;
    std::optional<std::string> scheme_, userinfo_, host_, port_, query_, fragment_;
    std::string path_;
};

}  // namespace iri
IRI_API_END
