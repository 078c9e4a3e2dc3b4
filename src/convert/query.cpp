// Query parameters (application/x-www-form-urlencoded) over RFC 3986 §3.4 queries.
#include "iri/query.hpp"

#include <string>

#include "model/form_detail.hpp"

namespace iri {

query_params_view::iterator::iterator(std::string_view q, std::size_t pos, bool semicolon) noexcept
    : q_(q), pos_(pos), semicolon_(semicolon) {
    skip_empty();
}

void query_params_view::iterator::skip_empty() noexcept {
    const std::string_view seps = detail::form_pair_separators(semicolon_);
    while (pos_ <= q_.size()) {
        const std::size_t sep = q_.find_first_of(seps, pos_);
        end_ = sep == std::string_view::npos ? q_.size() : sep;
        if (end_ > pos_) return;
        pos_ = end_ + 1;  // an empty piece
    }
    pos_ = q_.size() + 1;
}

query_param query_params_view::iterator::operator*() const noexcept {
    const std::string_view piece = q_.substr(pos_, end_ - pos_);
    const std::size_t eq = piece.find(detail::form_name_value_separator);
    if (eq == std::string_view::npos) return {piece, std::nullopt};
    return {piece.substr(0, eq), piece.substr(eq + 1)};
}

query_params_view::iterator& query_params_view::iterator::operator++() noexcept {
    pos_ = end_ + 1;
    skip_empty();
    return *this;
}

std::optional<query_param> query_params_view::find(std::string_view key) const noexcept {
    for (query_param p : *this)
        if (p.key == key) return p;
    return std::nullopt;
}

result<std::string> decode_query_part(std::string_view part, query_options options, decode_mode mode) {
    if (!options.plus_as_space || part.find(detail::form_space) == std::string_view::npos)
        return percent_decode(part, mode);
    std::string spaced(part);
    for (char& c : spaced)
        if (c == detail::form_space) c = ' ';
    return percent_decode(spaced, mode);
}

result<std::string> make_query(std::span<const query_pair> pairs, grammar g, query_options options) {
    // Encoded besides what the query production excludes: the form's delimiters, and "#", which would end it.
    std::string also(detail::form_pair_separators(options.semicolon));
    also += {detail::form_name_value_separator, detail::form_space, '#'};
    std::string q;
    auto append = [&](std::string_view text) -> std::optional<error> {
        auto e = percent_encode(text, g, production::query, encode_mode::literal, also);
        if (!e) return e.error();
        if (options.plus_as_space) {
            for (std::size_t i = 0; i < e->size(); ++i) {
                if (e->compare(i, 3, "%20") == 0) {
                    q += detail::form_space;
                    i += 2;
                } else {
                    q += (*e)[i];
                }
            }
        } else {
            q += *e;
        }
        return std::nullopt;
    };
    bool first = true;
    for (const query_pair& p : pairs) {
        if (!first) q += detail::form_pair_separators(false);
        first = false;
        if (auto e = append(p.key)) return *e;
        if (p.value) {
            q += detail::form_name_value_separator;
            if (auto e = append(*p.value)) return *e;
        }
    }
    return q;
}

}  // namespace iri
