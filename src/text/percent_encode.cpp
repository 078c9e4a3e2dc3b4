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

// Whether the n bytes at s, all from 0x80, are whole well-formed UTF-8 characters (RFC 3629 §4: a lead, then its
// trail bytes in their ranges: E0 then A0-BF, ED then 80-9F, F0 then 90-BF, F4 then 80-8F).
bool well_formed_run(const unsigned char* s, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n;) {
        const unsigned lead = s[i];
        const std::size_t len = utf8_length[lead];
        if (len == 0 || n - i < len) return false;
        const unsigned second = s[i + 1];
        const unsigned low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
        const unsigned high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
        if (second < low || second > high) return false;
        for (std::size_t t = 2; t < len; ++t)
            if (!is_utf8_trail(s[i + t])) return false;
        i += len;
    }
    return true;
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
    std::size_t i = 0;
    if (n < 32) {  // short (a segment, a short query): a table lookup a byte costs less than the SIMD skip's set-up
        while (i + 4 <= n && (set.kept[s[i]] & set.kept[s[i + 1]] & set.kept[s[i + 2]] & set.kept[s[i + 3]])) i += 4;
        while (i < n && set.kept[s[i]]) ++i;
        out.append(text.data(), i);
    }
    while (i < n) {
        std::size_t j = skip_literals(s, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n), set.copied);
        j = copied_from(s, j, n, set);
        out.append(text.data() + i, j - i);
        i = j;
        // The bytes to encode from here: ASCII of the set, runs of non-ASCII characters (their bytes, or U+FFFD's).
        while (i < n) {
            const unsigned char c = s[i];
            if (c < 0x80) {
                if (!set.encoded.has(c)) break;
                char buf[3];
                if (c == ' ' && space_as_plus) out.push_back('+');
                else out.append(buf, static_cast<std::size_t>(put_percent_encoded(buf, c) - buf));
                ++i;
                continue;
            }
            if (!set.non_ascii_encoded) {  // copied when well-formed (copied_from), U+FFFD's bytes when not
                std::size_t next = i;
                if (next_code_point(s, next, n) >= 0) break;
                out.append("\xEF\xBF\xBD");
                i = next;
                continue;
            }
            // A run of bytes from 0x80: when it is well-formed UTF-8 (the common case: text in another script), each
            // byte "%HH", written at once.
            std::size_t k = i;
            while (k < n && s[k] >= 0x80) ++k;
            if (well_formed_run(s + i, k - i)) {
                const std::size_t at = out.size();
                out.resize(at + 3 * (k - i));
                char* p = out.data() + at;
                for (; i < k; ++i) p = put_percent_encoded(p, s[i]);
                continue;
            }
            // One character at a time: an ill-formed sequence, its maximal subpart, is U+FFFD's bytes.
            std::size_t next = i;
            if (next_code_point(s, next, n) >= 0) {
                char buf[12];
                char* p = buf;
                for (std::size_t b = i; b < next; ++b) p = put_percent_encoded(p, s[b]);
                out.append(buf, static_cast<std::size_t>(p - buf));
            } else {
                out.append("%EF%BF%BD");
            }
            i = next;
        }
    }
}

}  // namespace iri::detail
