// Percent-encoding and decoding (RFC 3986 §2.1, §2.4; 3987bis-13 §3.3).
#include "iri/percent.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include "convert/percent_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/prepare.hpp"
#include "model/error_detail.hpp"

namespace iri {

namespace detail {

// Eight bytes at a time: counted first (the output's size), then copied where none is above 0x7F.
std::size_t append_octets_encoded(std::string& out, std::string_view text) {
    constexpr std::uint64_t high_bits = 0x8080808080808080ull;
    const char* const s = text.data();
    const std::size_t n = text.size();
    std::size_t high = 0, i = 0;
    for (std::uint64_t w; i + 8 <= n; i += 8) {
        std::memcpy(&w, s + i, 8);
        high += static_cast<std::size_t>((((w & high_bits) >> 7) * 0x0101010101010101ull) >> 56);  // their sum
    }
    for (; i < n; ++i) high += static_cast<unsigned char>(s[i]) >> 7;
    if (high == 0) {  // a URI already
        out.append(text);
        return n;
    }
    // Each octet as the four bytes of its table entry, of which it keeps one ("b") or three ("%HH"): no branch
    // on the octet. Such a store may reach three bytes past the octet's own output, which the next three octets'
    // output covers; the last three octets are written exactly (the output is not made longer than its size,
    // which would reallocate a string reserved to it).
    static constexpr auto encoded = [] {
        std::array<std::uint32_t, 256> t{};
        for (unsigned b = 0; b < 256; ++b)
            t[b] = b < 0x80 ? b
                            : '%' | static_cast<std::uint32_t>(static_cast<unsigned char>(hex_digits[b >> 4])) << 8 |
                                  static_cast<std::uint32_t>(static_cast<unsigned char>(hex_digits[b & 15])) << 16;
        return t;
    }();
    const std::size_t at = out.size(), size = n + 2 * high;
    out.resize(at + size);
    char* p = out.data() + at;
    auto put = [&p](unsigned char b) {
        std::memcpy(p, &encoded[b], 4);
        p += 1 + 2 * (b >> 7);
    };
    const std::size_t overrun_safe = n > 3 ? n - 3 : 0;  // octets before it: the four-byte store
    for (i = 0; i + 8 <= overrun_safe; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        if ((w & high_bits) == 0) {
            std::memcpy(p, s + i, 8);
            p += 8;
        } else {
            for (std::size_t k = 0; k < 8; ++k) put(static_cast<unsigned char>(s[i + k]));
        }
    }
    for (; i < overrun_safe; ++i) put(static_cast<unsigned char>(s[i]));
    for (; i < n; ++i) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) *p++ = static_cast<char>(b);
        else p = put_percent_encoded(p, b);
    }
    return size;
}

namespace {

// The encoder's output: what it writes (appending_sink), or only its length (counting_sink).
struct appending_sink {
    std::string& out;
    void copy(std::string_view kept) { out.append(kept); }
    void escape(unsigned char octet) { append_percent_encoded(out, octet); }
    void escape_octets(std::string_view high) { append_octets_encoded(out, high); }  // each octet above 0x7F
};
struct counting_sink {
    std::size_t size = 0;
    void copy(std::string_view kept) { size += kept.size(); }
    void escape(unsigned char) { size += 3; }
    void escape_octets(std::string_view high) { size += 3 * high.size(); }
};

template <class Sink>
void encode(Sink& sink, std::string_view text, const charset_info& allowed, const ascii_set& run) {
    const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::uint32_t>(text.size());
    // Whether `allowed` has anything above U+007F (IRIs); URIs do not, and then every non-ASCII byte is encoded.
    const bool non_ascii = allowed.count != 0 && allowed.ranges[allowed.count - 1][1] >= 0x80;
    for (std::uint32_t i = 0; i < n;) {
        const std::uint32_t j = skip_literals(s, i, n, run);  // allowed ASCII and "%HH": copied as they are
        sink.copy(text.substr(i, j - i));
        if (j == n) break;
        if (s[j] < 0x80) {  // an ASCII character the component does not allow, or a "%" without hex digits
            sink.escape(s[j]);
            i = j + 1;
            continue;
        }
        if (!non_ascii) {  // §3.3: a run of non-ASCII bytes (whole characters: the text is UTF-8), each %HH
            std::uint32_t k = j;
            while (k < n && s[k] >= 0x80) ++k;
            sink.escape_octets(text.substr(j, k - j));
            i = k;
            continue;
        }
        std::size_t k = j;
        const std::int32_t c = next_code_point(s, k, n);
        const auto end = static_cast<std::uint32_t>(k);
        if (c >= 0 && contains(allowed, static_cast<char32_t>(c))) {
            sink.copy(text.substr(j, end - j));
        } else {  // §3.3: the character's UTF-8 octets, each as %HH
            for (std::uint32_t b = j; b < end; ++b) sink.escape(s[b]);
        }
        i = end;
    }
}

}  // namespace

void append_encoded(std::string& out, std::string_view text, const charset_info& allowed, const ascii_set& run) {
    appending_sink sink{out};
    encode(sink, text, allowed, run);
}

std::size_t encoded_size(std::string_view text, const charset_info& allowed, const ascii_set& run) {
    counting_sink sink;
    encode(sink, text, allowed, run);
    return sink.size;
}

}  // namespace detail

namespace {

using detail::text_error;

}  // namespace

void append_percent_encoded(std::string& out, unsigned char octet) {
    char esc[3];
    detail::put_percent_encoded(esc, octet);
    out.append(esc, 3);
}

namespace {

// The ASCII characters an encoder copies as they are: the component's, less the delimiters in `also`, with "%"
// only when escapes are kept (its triplets then stay; a lone "%" stops the run and is encoded).
detail::ascii_set encoder_run(const detail::charset_info& cs, encode_mode mode, std::string_view also) noexcept {
    detail::ascii_set run = detail::make_ascii_set(cs, mode == encode_mode::keep_escapes ? "%" : "");
    auto remove = [&run](unsigned char c) {
        if (c < 0x80) run.low_nibble[c & 15] &= static_cast<std::uint8_t>(~(1u << (c >> 4)));
    };
    if (mode == encode_mode::literal) remove('%');
    for (char c : also) remove(static_cast<unsigned char>(c));
    return run;
}

}  // namespace

result<std::string> percent_encode(std::string_view text, grammar g, production p, encode_mode mode,
                                   std::string_view also) {
    const detail::charset_info* cs = detail::find_charset(g, p);
    if (cs == nullptr) return detail::make_error(errc::no_such_production, text, 0, g, p);
    if (text.size() > 0x7FFFFFFF) return detail::make_error(errc::input_too_long, text, 0, g, p);
    if (const auto bad = detail::ill_formed_utf8(text))
        return text_error(errc::invalid_utf8, text, bad->first, bad->second);
    // A long text's output is measured first and allocated once: growing it would copy it at each doubling.
    const detail::ascii_set run = encoder_run(*cs, mode, also);
    constexpr std::size_t long_text = 4096;
    std::string out;
    out.reserve(text.size() < long_text ? text.size() : detail::encoded_size(text, *cs, run));
    detail::append_encoded(out, text, *cs, run);
    return out;
}

namespace {

// Decodes into `out`; returns the offset of a bad "%" (strict mode), or npos.
std::size_t decode_into(std::string_view text, decode_mode mode, std::string& out) {
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t pct = text.find('%', i);
        out.append(text.substr(i, pct == std::string_view::npos ? std::string_view::npos : pct - i));
        if (pct == std::string_view::npos) break;
        if (const int octet = detail::escape_at(text, pct); octet >= 0) {
            out += static_cast<char>(octet);
            i = pct + 3;
        } else {
            if (mode == decode_mode::strict) return pct;
            out += '%';
            i = pct + 1;
        }
    }
    return std::string_view::npos;
}

}  // namespace

result<std::string> percent_decode(std::string_view text, decode_mode mode) {
    std::string out;
    const std::size_t bad = decode_into(text, mode, out);
    if (bad != std::string_view::npos) {
        // As the parser reports it: offset and bytes of what follows the "%" and its hex digits, if anything.
        std::size_t at = bad + 1;
        if (at < text.size() && hex_value(text[at]) >= 0) ++at;
        std::size_t next = at;
        std::int32_t c = 0;
        if (at < text.size())
            c = detail::next_code_point(reinterpret_cast<const unsigned char*>(text.data()), next, text.size());
        error e = text_error(errc::bad_percent_encoding, text, at, next - at, c < 0 ? 0 : static_cast<char32_t>(c));
        e.char_offset = static_cast<std::uint32_t>(bad);
        return e;
    }
    return out;
}

result<std::string> percent_decode_utf8(std::string_view text, decode_mode mode) {
    auto bytes = percent_decode(text, mode);
    if (!bytes) return bytes;
    auto checked = from_utf8(*bytes);
    if (checked) return bytes;
    // Map the decoded offset back to the text: walk the text counting decoded bytes.
    std::size_t t = 0;
    for (std::uint32_t k = 0; k < checked.error().offset; ++k) t += detail::escape_at(text, t) >= 0 ? 3u : 1u;
    return text_error(errc::invalid_utf8, text, t, detail::escape_at(text, t) >= 0 ? 3 : 1);
}

}  // namespace iri
