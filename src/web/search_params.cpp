// URLSearchParams (§6.2) over the application/x-www-form-urlencoded parser (§5.1) and serializer (§5.2):
// iri::web::search_params (iri/web.hpp).
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iri/percent.hpp"
#include "iri/web.hpp"
#include "model/form_detail.hpp"
#include "text/utf8_detail.hpp"
#include "text/percent_encode.hpp"
#include "web/web_sets.hpp"

namespace iri::web {

namespace {

// A name or value of the §5.1 parser: "+" to a space, percent-decoded, UTF-8 decoded without BOM.
std::string form_decoded(std::string_view text) {
    std::string plus_as_space(text);
    std::replace(plus_as_space.begin(), plus_as_space.end(), ::iri::detail::form_space, ' ');
    result<std::string> bytes = percent_decode(plus_as_space, decode_mode::lenient);        // lenient: never fails
    return ::iri::detail::with_fffd(bytes ? std::move(*bytes) : std::move(plus_as_space));  // UTF-8 decode without BOM
}

// §5.2 step 3.1–3.2: a name or value percent-encoded after encoding with UTF-8, the
// application/x-www-form-urlencoded percent-encode set and spaceAsPlus.
void append_form_encoded(std::string& out, std::string_view text) {
    iri::detail::append_percent_encoded(out, text, web::detail::form_set, true);
}

// The UTF-16 code units of a UTF-8 string, one at a time (for "code unit less than").
class utf16_units {
public:
    explicit utf16_units(std::string_view s) noexcept
        : s_(reinterpret_cast<const unsigned char*>(s.data())), n_(s.size()) {}
    // The next code unit, or -1 at the end.
    std::int32_t next() noexcept {
        if (low_ >= 0) return std::exchange(low_, -1);
        if (i_ >= n_) return -1;
        const auto c = static_cast<std::int32_t>(::iri::detail::next_code_point_or_fffd(s_, i_, n_));
        if (c < 0x10000) return c;
        low_ = static_cast<std::int32_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
        return static_cast<std::int32_t>(0xD800 + ((c - 0x10000) >> 10));
    }

private:
    const unsigned char* s_;
    std::size_t n_;
    std::size_t i_ = 0;
    std::int32_t low_ = -1;
};

// Infra's "code unit less than": `a` before `b` in the order of their UTF-16 code units (a supplementary code point,
// a surrogate pair from U+D800, sorts before U+E000 to U+FFFF, unlike UTF-8's byte order).
bool code_unit_less(std::string_view a, std::string_view b) noexcept {
    utf16_units x(a), y(b);
    for (;;) {
        const std::int32_t u = x.next(), v = y.next();
        if (u != v) return u < v;  // the end (-1) before any code unit
        if (u < 0) return false;
    }
}

// A USVString argument: `s` as it is when it is UTF-8, else with U+FFFD for each ill-formed sequence.
std::string usv(std::string_view s) { return ::iri::detail::with_fffd(std::string(s)); }

// Whether `stored` (UTF-8) equals the USVString argument `arg`, without making one of it.
bool same(std::string_view stored, std::string_view arg) noexcept {
    if (stored == arg) return true;
    if (::iri::detail::is_well_formed_utf8(arg)) return false;
    const auto* a = reinterpret_cast<const unsigned char*>(stored.data());
    const auto* b = reinterpret_cast<const unsigned char*>(arg.data());
    const std::size_t m = stored.size(), n = arg.size();
    std::size_t i = 0, j = 0;
    while (i < m && j < n)
        if (::iri::detail::next_code_point_or_fffd(a, i, m) != ::iri::detail::next_code_point_or_fffd(b, j, n))
            return false;
    return i == m && j == n;
}

}  // namespace

// The constructor with a string (§6.2): a leading "?" removed, then the §5.1 parser (its input is the UTF-8
// encoding of the string: `input` itself).
search_params::search_params(std::string_view input) {
    if (!input.empty() && input.front() == '?') input.remove_prefix(1);
    for (std::size_t begin = 0; begin <= input.size();) {
        const std::size_t amp =
            std::min(input.find(::iri::detail::form_pair_separators(false)[0], begin), input.size());
        const std::string_view bytes = input.substr(begin, amp - begin);
        begin = amp + 1;
        if (bytes.empty()) continue;
        const std::size_t eq = bytes.find(::iri::detail::form_name_value_separator);
        const std::string_view name = bytes.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? std::string_view() : bytes.substr(eq + 1);
        list_.emplace_back(form_decoded(name), form_decoded(value));
    }
}

void search_params::append(std::string_view name, std::string_view value) { list_.emplace_back(usv(name), usv(value)); }

void search_params::remove(std::string_view name, std::optional<std::string_view> value) {
    std::erase_if(list_, [&](const std::pair<std::string, std::string>& t) {
        return same(t.first, name) && (!value || same(t.second, *value));
    });
}

std::optional<std::string_view> search_params::get(std::string_view name) const noexcept {
    for (const auto& [n, v] : list_)
        if (same(n, name)) return std::string_view(v);
    return std::nullopt;
}

std::vector<std::string_view> search_params::get_all(std::string_view name) const {
    std::vector<std::string_view> out;
    for (const auto& [n, v] : list_)
        if (same(n, name)) out.emplace_back(v);
    return out;
}

bool search_params::has(std::string_view name, std::optional<std::string_view> value) const noexcept {
    return std::any_of(list_.begin(), list_.end(), [&](const std::pair<std::string, std::string>& t) {
        return same(t.first, name) && (!value || same(t.second, *value));
    });
}

void search_params::set(std::string_view name, std::string_view value) {
    std::string n = usv(name), v = usv(value);
    const auto first = std::find_if(list_.begin(), list_.end(), [&](const auto& t) { return t.first == n; });
    if (first == list_.end()) {
        list_.emplace_back(std::move(n), std::move(v));
        return;
    }
    first->second = std::move(v);
    list_.erase(std::remove_if(first + 1, list_.end(), [&](const auto& t) { return t.first == n; }), list_.end());
}

void search_params::sort() {
    std::stable_sort(list_.begin(), list_.end(),
                     [](const auto& a, const auto& b) { return code_unit_less(a.first, b.first); });
}

std::string search_params::to_string() const {
    std::string out;
    for (const auto& [name, value] : list_) {
        if (!out.empty()) out += ::iri::detail::form_pair_separators(false);
        append_form_encoded(out, name);
        out += ::iri::detail::form_name_value_separator;
        append_form_encoded(out, value);
    }
    return out;
}

}  // namespace iri::web
