// Punycode (RFC 3492), see punycode_detail.hpp.
#include "convert/punycode_detail.hpp"

#include <cstdint>

namespace iri::detail {

namespace {

// RFC 3492 §5: Punycode's parameter values.
constexpr std::uint32_t base = 36, tmin = 1, tmax = 26, skew = 38, damp = 700, initial_bias = 72, initial_n = 0x80;
constexpr char delimiter = '-';
// The largest value i, n and delta may take: beyond it a decoder fails (§6.4, overflow handling); a code point is
// never above it.
constexpr std::uint32_t maxint = 0x7FFFFFFF;

// §6.1: bias adaptation.
std::uint32_t adapt(std::uint32_t delta, std::uint32_t numpoints, bool firsttime) noexcept {
    delta = firsttime ? delta / damp : delta / 2;
    delta += delta / numpoints;
    std::uint32_t k = 0;
    for (; delta > ((base - tmin) * tmax) / 2; k += base) delta /= base - tmin;
    return k + (base - tmin + 1) * delta / (delta + skew);
}

// The most octets punycode_encode writes per code point: one for a basic one, else the digits of one delta. A delta
// stays below 2^32 (encode), and each digit but the last divides what is left by base - t, at least 10 (t is at most
// tmax): at most eleven digits.
constexpr std::size_t most_per_code_point = 11;

// §5: the value of a basic code point as a digit ("a"-"z" and "A"-"Z" 0-25, "0"-"9" 26-35), or base for none.
std::uint32_t digit_value(char c) noexcept {
    if (c >= 'a' && c <= 'z') return static_cast<std::uint32_t>(c - 'a');
    if (c >= 'A' && c <= 'Z') return static_cast<std::uint32_t>(c - 'A');
    if (c >= '0' && c <= '9') return static_cast<std::uint32_t>(c - '0') + 26;
    return base;
}

// §5: the basic code point of a digit, lowercase.
char digit_char(std::uint32_t d) noexcept { return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26)); }

// The threshold t of position k (§6.2, §6.3).
std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) noexcept {
    return k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
}

}  // namespace

bool punycode_decode(std::string_view in, std::u32string& out) {
    // No encoding of max_punycode_code_points code points is longer than this (punycode_encode's bound).
    if (in.size() > max_punycode_code_points * most_per_code_point + 1) return false;
    const std::size_t start = out.size();
    // §6.2: the basic code points before the last delimiter, copied; then the deltas after it (or from the start).
    const std::size_t last = in.rfind(delimiter);
    std::size_t at = 0;
    if (last != std::string_view::npos) {
        for (; at < last; ++at) {
            if (static_cast<unsigned char>(in[at]) >= 0x80) return false;
            out += static_cast<char32_t>(in[at]);
        }
        if (last > 0) ++at;  // the delimiter, consumed only after a basic code point
        if (last > max_punycode_code_points) return false;
    }
    std::uint32_t n = initial_n, i = 0, bias = initial_bias;
    while (at < in.size()) {
        const std::uint32_t oldi = i;
        std::uint32_t w = 1;
        for (std::uint32_t k = base;; k += base) {
            if (at == in.size()) return false;
            const std::uint32_t digit = digit_value(in[at++]);
            if (digit >= base || digit > (maxint - i) / w) return false;
            i += digit * w;
            const std::uint32_t t = threshold(k, bias);
            if (digit < t) break;
            if (w > maxint / (base - t)) return false;
            w *= base - t;
        }
        if (out.size() - start == max_punycode_code_points) return false;
        const auto length = static_cast<std::uint32_t>(out.size() - start + 1);
        bias = adapt(i - oldi, length, oldi == 0);
        if (i / length > maxint - n) return false;
        n += i / length;
        i %= length;
        if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) return false;  // no scalar value (UTS #46 decodes to text)
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(start + i), static_cast<char32_t>(n));
        ++i;
    }
    return true;
}

namespace {

// §6.3 into `to`, which has room for most_per_code_point octets per code point and one more (the delimiter);
// returns the end of what it wrote.
char* encode(std::u32string_view in, char* to) noexcept {
    // The basic code points first, then a delimiter if there were any.
    std::uint32_t b = 0;
    for (char32_t c : in) {
        if (c < 0x80) {
            *to++ = static_cast<char>(c);
            ++b;
        }
    }
    if (b > 0) *to++ = delimiter;
    // The rest in order of code point, each insertion as a delta of the states before it. With at most
    // max_punycode_code_points of at most U+10FFFF, delta stays below 2^32: no overflow to check.
    std::uint32_t n = initial_n, delta = 0, bias = initial_bias, h = b;
    const auto length = static_cast<std::uint32_t>(in.size());
    while (h < length) {
        std::uint32_t m = 0x110000;
        for (char32_t c : in)
            if (c >= n && c < m) m = c;
        delta += (m - n) * (h + 1);
        n = m;
        for (char32_t c : in) {
            if (c < n) ++delta;
            if (c != n) continue;
            std::uint32_t q = delta;
            for (std::uint32_t k = base;; k += base) {
                const std::uint32_t t = threshold(k, bias);
                if (q < t) break;
                *to++ = digit_char(t + (q - t) % (base - t));
                q = (q - t) / (base - t);
            }
            *to++ = digit_char(q);
            bias = adapt(delta, h + 1, h == b);
            delta = 0;
            ++h;
        }
        ++delta;
        ++n;
    }
    return to;
}

}  // namespace

bool punycode_encode(std::u32string_view in, std::string& out) {
    if (in.size() > max_punycode_code_points) return false;
    for (char32_t c : in)
        if (c > 0x10FFFF) return false;
    // A label of up to 63 code points is written on the stack, a longer one in place in `out`.
    if (in.size() <= 63) {
        char buffer[63 * most_per_code_point + 1];
        out.append(buffer, encode(in, buffer));
        return true;
    }
    const std::size_t start = out.size();
    out.resize(start + in.size() * most_per_code_point + 1);
    out.resize(static_cast<std::size_t>(encode(in, out.data() + start) - out.data()));
    return true;
}

}  // namespace iri::detail
