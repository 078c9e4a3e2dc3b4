// The shared declarative refresh steps (refresh.hpp), HTML §4.2.5.3, step by step.
#include "html/refresh.hpp"

#include <algorithm>

#include "html/html_sets.hpp"

namespace iri::html::detail {

std::optional<refresh> parse_refresh(std::string_view input) noexcept {
    std::size_t position = 0;  // step 2
    const auto skip_whitespace = [&] {
        while (position < input.size() && ascii_whitespace(input[position])) ++position;
    };
    const auto at = [&](char c) { return position < input.size() && input[position] == c; };
    skip_whitespace();  // step 3
    refresh r;          // step 4: time 0
    // Step 5: timeString, the ASCII digits.
    const std::size_t digits = position;
    std::uint64_t time = 0;
    while (position < input.size() && ascii_digit(input[position]))
        time = std::min<std::uint64_t>(time * 10 + static_cast<unsigned>(input[position++] - '0'), 0xFFFFFFFFu);
    if (position == digits) {
        if (!at('.')) return std::nullopt;  // step 6.1
    } else {
        r.seconds = static_cast<std::uint32_t>(time);  // step 7: the rules for parsing non-negative integers
    }
    // Step 8: digits and "." are ignored.
    while (position < input.size() && (ascii_digit(input[position]) || input[position] == '.')) ++position;
    if (position < input.size()) {  // step 10
        const char c = input[position];
        if (c != ';' && c != ',' && !ascii_whitespace(c)) return std::nullopt;  // 10.1
        skip_whitespace();                                                      // 10.2
        if (at(';') || at(',')) ++position;                                     // 10.3
        skip_whitespace();                                                      // 10.4
    }
    if (position >= input.size()) return r;  // no URL: the page itself
    // Step 11.
    std::string_view url = input.substr(position);  // 11.1
    bool skip_quotes = true;
    if (at('U') || at('u')) {  // 11.2
        ++position;
        if (at('R') || at('r')) {  // 11.3
            ++position;
            if (at('L') || at('l')) {  // 11.4
                ++position;
                skip_whitespace();  // 11.5
                if (at('=')) {      // 11.6
                    ++position;
                    skip_whitespace();  // 11.7
                } else {
                    skip_quotes = false;  // jump to "parse" with urlString as at 11.1
                }
            } else {
                skip_quotes = false;
            }
        } else {
            skip_quotes = false;
        }
    }
    if (skip_quotes) {
        // 11.8 skip quotes, 11.9, 11.10
        char quote = '\0';
        if (at('\'') || at('"')) quote = input[position++];
        url = input.substr(position);
        if (quote != '\0') url = url.substr(0, std::min(url.size(), url.find(quote)));
    }
    r.has_url = true;
    r.url = url;
    return r;
}

}  // namespace iri::html::detail

namespace iri::html {

std::optional<refresh> parse_refresh(std::string_view content) { return detail::parse_refresh(content); }

}  // namespace iri::html
