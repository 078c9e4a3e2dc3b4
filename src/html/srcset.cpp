// "Parse a srcset attribute" (HTML §4.8.4.3.10) and the descriptors' number syntax (§2.3.4.1, §2.3.4.3).
#include "html/srcset.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "html/html_sets.hpp"

namespace iri::html::detail {

namespace {

bool separator(char c) noexcept { return in_set(html_set::srcset_separator, c); }

// §2.3.4.1: a valid non-negative integer is one or more ASCII digits; its value (saturated at 2^32 - 1).
std::optional<std::uint32_t> non_negative_integer(std::string_view s) noexcept {
    if (s.empty() || !std::all_of(s.begin(), s.end(), ascii_digit)) return std::nullopt;
    std::uint64_t v = 0;
    for (const char c : s) v = std::min<std::uint64_t>(v * 10 + static_cast<unsigned>(c - '0'), 0xFFFFFFFFu);
    return static_cast<std::uint32_t>(v);
}

// §2.3.4.3: a valid floating-point number is an optional "-", one or both of digits and "." digits, then an optional
// exponent ("e" or "E", an optional "-" or "+", digits); its value.
std::optional<double> floating_point_number(std::string_view s) noexcept {
    std::size_t p = 0;
    const auto digits = [&] {
        const std::size_t from = p;
        while (p < s.size() && ascii_digit(s[p])) ++p;
        return p > from;
    };
    if (p < s.size() && s[p] == '-') ++p;
    const bool whole = digits();
    bool fraction = false;
    if (p < s.size() && s[p] == '.') {
        ++p;
        fraction = digits();
        if (!fraction) return std::nullopt;
    }
    if (!whole && !fraction) return std::nullopt;
    if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
        ++p;
        if (p < s.size() && (s[p] == '-' || s[p] == '+')) ++p;
        if (!digits()) return std::nullopt;
    }
    if (p != s.size()) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc::result_out_of_range) return s[0] == '-' ? -1.0 : 1e308;  // too large, or too small: a density
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// Step 9, the descriptor parser: the candidate's width and density, or nullopt (error).
std::optional<image_candidate> with_descriptors(std::string_view url, const std::string_view* descriptors,
                                                std::size_t count) noexcept {
    image_candidate c{url, 0, 0};
    bool has_width = false, has_density = false, has_height = false;
    for (std::size_t i = 0; i < count; ++i) {
        const std::string_view d = descriptors[i];
        const char last = d.empty() ? '\0' : d.back();
        const std::string_view number = d.substr(0, d.size() - (d.empty() ? 0 : 1));
        if (last == 'w') {
            const auto w = non_negative_integer(number);
            if (!w || has_width || has_density || *w == 0) return std::nullopt;
            c.width = *w;
            has_width = true;
        } else if (last == 'x') {
            const auto x = floating_point_number(number);
            if (!x || has_width || has_density || has_height || *x < 0) return std::nullopt;
            c.density = *x;
            has_density = true;
        } else if (last == 'h') {  // future-compat-h
            const auto h = non_negative_integer(number);
            if (!h || has_height || has_density || *h == 0) return std::nullopt;
            has_height = true;
        } else {
            return std::nullopt;
        }
    }
    if (has_height && !has_width) return std::nullopt;  // step 10
    return c;
}

}  // namespace

void parse_srcset(std::string_view input, std::vector<image_candidate>& out) {
    out.clear();
    // The descriptors of a candidate: a valid one has at most two (a width and a height), so a third makes it
    // invalid whatever it is; only their count is kept past it.
    struct descriptor_list {
        std::string_view items[3];
        std::size_t count = 0;
        void clear() noexcept { count = 0; }
        void push_back(std::string_view d) noexcept {
            if (count < 3) items[count] = d;
            ++count;
        }
    } descriptors;
    std::size_t position = 0;
    for (;;) {
        // Step 4, splitting loop: whitespace and commas.
        while (position < input.size() && separator(input[position])) ++position;
        if (position >= input.size()) return;  // step 5
        // Step 6: the URL, to the next whitespace.
        const std::size_t url_start = position;
        while (position < input.size() && !ascii_whitespace(input[position])) ++position;
        std::string_view url = input.substr(url_start, position - url_start);
        descriptors.clear();
        if (url.back() == ',') {  // step 8.1: trailing commas removed; no descriptors
            while (!url.empty() && url.back() == ',') url.remove_suffix(1);
        } else {
            // Step 8.2, the descriptor tokenizer.
            while (position < input.size() && ascii_whitespace(input[position])) ++position;
            enum { in_descriptor, in_parens, after_descriptor } state = in_descriptor;
            std::size_t current = position;  // the current descriptor is input[current, position)
            for (bool done = false; !done;) {
                const bool eof = position >= input.size();
                const char c = eof ? '\0' : input[position];
                switch (state) {
                    case in_descriptor:
                        if (eof) {
                            if (position > current) descriptors.push_back(input.substr(current, position - current));
                            done = true;
                        } else if (ascii_whitespace(c)) {
                            if (position > current) descriptors.push_back(input.substr(current, position - current));
                            state = after_descriptor;
                        } else if (c == ',') {
                            if (position > current) descriptors.push_back(input.substr(current, position - current));
                            ++position;
                            done = true;
                        } else if (c == '(') {
                            state = in_parens;
                        }
                        break;
                    case in_parens:
                        if (eof) {
                            descriptors.push_back(input.substr(current, position - current));
                            done = true;
                        } else if (c == ')') {
                            state = in_descriptor;
                        }
                        break;
                    case after_descriptor:
                        if (eof) {
                            done = true;
                        } else if (!ascii_whitespace(c)) {
                            state = in_descriptor;
                            current = position;
                            continue;  // "set position to the previous character": c again, in descriptor
                        }
                        break;
                }
                if (!done) ++position;
            }
        }
        if (url.empty()) continue;
        if (descriptors.count > 2) continue;
        if (const auto c = with_descriptors(url, descriptors.items, descriptors.count)) out.push_back(*c);
    }
}

}  // namespace iri::html::detail

namespace iri::html {

std::vector<image_candidate> parse_srcset(std::string_view value) {
    std::vector<image_candidate> out;
    detail::parse_srcset(value, out);
    return out;
}

}  // namespace iri::html
