// Percent-encoding over UTF-8 bytes (percent_encode.hpp).
#include "text/percent_encode.hpp"

#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// Where the skip stopped at `i` (i < n): the end of the bytes from i that are copied as they are, one judged at a
// time: a "%" without two hex digits (the skip stops there; it is copied), a well-formed non-ASCII character when
// the set keeps those bytes.
std::size_t copied_from(const unsigned char* s, std::size_t i, std::size_t n, const percent_encode_set& set) noexcept {
    for (;;) {
        if (i == n) return i;
        const unsigned char c = s[i];
        if (c < 0x80) {
            if (set.encoded.has(c)) return i;
            ++i;
        } else {
            if (set.non_ascii_encoded) return i;
            std::size_t k = i;
            if (next_code_point(s, k, n) < 0) return i;
            i = k;
        }
        if (i < n && s[i] < 0x80 && set.copied.has(s[i]) && s[i] != '%') return i;  // back to the skip
    }
}

}  // namespace

std::size_t first_to_encode(std::string_view text, std::size_t at, const percent_encode_set& set) noexcept {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    while (at < n) {
        at = skip_literals(s, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(n), set.copied);
        const std::size_t end = copied_from(s, at, n, set);
        if (end == at) return at;
        at = end;
    }
    return n;
}

void append_percent_encoded(std::string& out, std::string_view text, const percent_encode_set& set,
                            bool space_as_plus) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        std::size_t j = skip_literals(s, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n), set.copied);
        j = copied_from(s, j, n, set);
        out.append(text.data() + i, j - i);
        i = j;
        // The bytes to encode from here: ASCII of the set, a non-ASCII character (its bytes, or U+FFFD's).
        while (i < n) {
            const unsigned char c = s[i];
            char buf[12];
            char* p = buf;
            if (c < 0x80) {
                if (!set.encoded.has(c)) break;
                if (c == ' ' && space_as_plus) *p++ = '+';
                else p = put_percent_encoded(p, c);
                ++i;
            } else {
                std::size_t k = i;
                const bool well_formed = next_code_point(s, k, n) >= 0;
                if (well_formed && !set.non_ascii_encoded) break;
                static constexpr unsigned char fffd[] = {0xEF, 0xBF, 0xBD};
                const unsigned char* bytes = well_formed ? s + i : fffd;
                const std::size_t count = well_formed ? k - i : 3;
                for (std::size_t b = 0; b < count; ++b)
                    p = set.non_ascii_encoded ? put_percent_encoded(p, bytes[b]) : (*p++ = static_cast<char>(bytes[b]), p);
                i = k;
            }
            out.append(buf, static_cast<std::size_t>(p - buf));
        }
    }
}

}  // namespace iri::detail
