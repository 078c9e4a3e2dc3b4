// The segments "." and ".." of a path (dot_segments.hpp).
#include "model/dot_segments.hpp"

#include <cstring>

namespace iri::detail {

namespace {

bool is_pct_dot(const char* p) noexcept { return p[0] == '%' && p[1] == '2' && (p[2] == 'E' || p[2] == 'e'); }

}  // namespace

// Each "." found by memchr (most paths have none, or one in a last segment such as "index.html").
std::size_t first_dot_segment(std::string_view path) noexcept { return first_dot_segment(path, 0, path.size()); }

std::size_t first_dot_segment(std::string_view path, std::size_t from, std::size_t to) noexcept {
    const char* b = path.data();
    const std::size_t n = path.size();
    for (std::size_t k = from; k < to; ++k) {
        const void* dot = std::memchr(b + k, '.', to - k);
        if (!dot) break;
        k = static_cast<std::size_t>(static_cast<const char*>(dot) - b);
        if ((k == 0 || b[k - 1] == '/') && is_dot_segment(b, n, k)) return k;
    }
    return n;
}

// Reads at most three items either way from `at`.
bool decodes_to_dot_segment(std::string_view s, std::size_t at) noexcept {
    std::size_t dots = 1, k = at;
    while (k > 0 && s[k - 1] != '/') {  // back to the segment's start
        if (s[k - 1] == '.') k -= 1;
        else if (k >= 3 && is_pct_dot(s.data() + k - 3)) k -= 3;
        else return false;
        if (++dots > 2) return false;
    }
    for (k = at + 3; k < s.size() && s[k] != '/';) {
        if (s[k] == '.') k += 1;
        else if (k + 3 <= s.size() && is_pct_dot(s.data() + k)) k += 3;
        else return false;
        if (++dots > 2) return false;
    }
    return true;
}

}  // namespace iri::detail
