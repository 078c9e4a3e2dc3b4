// Query parameters: the "key=value&key=value" convention of HTML forms (application/x-www-form-urlencoded)
// read from and written into the query component (RFC 3986 §3.4 leaves the query's structure to the scheme).
//
//   for (iri::query_param p : iri::query_params_view("a=1&b=x%20y&c"))
//       ...   // {"a", "1"}, {"b", "x%20y"}, {"c", no value}
//   iri::decode_query_part("x%20y+z", {.plus_as_space = true})   // "x y z"
//   iri::make_query({{"q", "rosé & co"}}, iri::grammar::uri)        // "q=ros%C3%A9%20%26%20co"
#pragma once

#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/grammar.hpp"
#include "iri/percent.hpp"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// How a query is split into parameters and how its parts are decoded.
struct query_options {
    bool semicolon = false;      ///< ";" separates parameters too (HTML 4 §B.2.2 recommended it)
    bool plus_as_space = false;  ///< "+" means a space (application/x-www-form-urlencoded)
};

/// One parameter as written in the query: undecoded. "c" has no value, "c=" an empty one.
struct query_param {
    std::string_view key;
    std::optional<std::string_view> value;
};

/// The parameters of a query, in order, split at "&" (and ";" when asked), each at its first "=". Empty pieces
/// ("a&&b", a trailing "&") are skipped, as HTML form decoding does. No allocation.
class query_params_view {
public:
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = query_param;
        using difference_type = std::ptrdiff_t;
        using pointer = const query_param*;
        using reference = query_param;
        iterator() = default;
        query_param operator*() const noexcept;
        iterator& operator++() noexcept;
        iterator operator++(int) noexcept {
            iterator t = *this;
            ++*this;
            return t;
        }
        friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.pos_ == b.pos_; }

    private:
        friend class query_params_view;
        iterator(std::string_view q, std::size_t pos, bool semicolon) noexcept;
        void skip_empty() noexcept;
        std::string_view q_;
        std::size_t pos_ = 0, end_ = 0;
        bool semicolon_ = false;
    };
    explicit query_params_view(std::string_view query, query_options options = {}) noexcept
        : q_(query), semicolon_(options.semicolon) {}
    [[nodiscard]] iterator begin() const noexcept { return iterator(q_, 0, semicolon_); }
    [[nodiscard]] iterator end() const noexcept { return iterator(q_, q_.size() + 1, semicolon_); }
    /// The first parameter named `key` (compared as written, undecoded), if any.
    [[nodiscard]] std::optional<query_param> find(std::string_view key) const noexcept;

private:
    std::string_view q_;
    bool semicolon_ = false;
};

/// Decodes a key or value: "+" to a space when asked, then "%HH" (percent_decode with `mode`).
[[nodiscard]] result<std::string> decode_query_part(std::string_view part, query_options options = {},
                                                    decode_mode mode = decode_mode::strict);

/// A key and a value to write; a parameter without value is written as its key alone.
struct query_pair {
    std::string_view key;
    std::optional<std::string_view> value;
};

/// Builds a query from pairs: each key and value is data (encode_mode::literal) encoded for the query
/// production of grammar `g`, with "&", "=", "+" and "#" (and ";" when it separates) encoded as well; a
/// space is written "+" when plus_as_space is set, else "%20".
/// @return the query without its "?"; errc::invalid_utf8 when a key or value is not UTF-8.
[[nodiscard]] result<std::string> make_query(std::span<const query_pair> pairs, grammar g = grammar::iri,
                                             query_options options = {});
[[nodiscard]] inline result<std::string> make_query(std::initializer_list<query_pair> pairs, grammar g = grammar::iri,
                                                    query_options options = {}) {
    return make_query(std::span<const query_pair>(pairs.begin(), pairs.size()), g, options);
}

}  // namespace iri
IRI_API_END
