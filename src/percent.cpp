// Percent-encoding and decoding (RFC 3986 §2.1, §2.4; 3987bis-13 §3.3).
#include "iri/percent.hpp"

#include <unicode/utf8.h>

#include "charset_detail.hpp"
#include "error_detail.hpp"
#include "iri/prepare.hpp"

namespace iri {

namespace {

bool is_escape_at(std::string_view s, std::size_t i) noexcept {
    return i + 2 < s.size() && s[i] == '%' && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0;
}

// An error about the bytes of `text` at [at, at + length).
error text_error(errc code, std::string_view text, std::size_t at, std::size_t length, char32_t c = 0) {
    error e = detail::make_error(code, text, static_cast<std::uint32_t>(at), grammar{}, production{});
    e.char_offset = static_cast<std::uint32_t>(at);
    e.length = static_cast<std::uint32_t>(length);
    for (std::size_t k = 0; k < length && k < 4; ++k) e.bytes[k] = static_cast<unsigned char>(text[at + k]);
    e.character = c;
    e.where = component::none;
    return e;
}

}  // namespace

void append_percent_encoded(std::string& out, unsigned char octet) {
    static constexpr char hex[] = "0123456789ABCDEF";
    const char esc[3] = {'%', hex[octet >> 4], hex[octet & 15]};
    out.append(esc, 3);
}

result<std::string> percent_encode(std::string_view text, grammar g, production p, encode_mode mode,
                                   std::string_view also) {
    const detail::charset_info* cs = detail::find_charset(g, p);
    if (cs == nullptr) return detail::make_error(errc::no_such_production, text, 0, g, p);
    if (text.size() > 0x7FFFFFFF) return detail::make_error(errc::input_too_long, text, 0, g, p);
    std::string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::int32_t>(text.size());
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t start = i;
        if (mode == encode_mode::keep_escapes && is_escape_at(text, static_cast<std::size_t>(i))) {
            out.append(text.substr(static_cast<std::size_t>(i), 3));
            i += 3;
            continue;
        }
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0) return text_error(errc::invalid_utf8, text, static_cast<std::size_t>(start),
                                     static_cast<std::size_t>(i - start));
        if (c != '%' && detail::contains(*cs, static_cast<char32_t>(c)) &&
            (c >= 0x80 || also.find(static_cast<char>(c)) == std::string_view::npos)) {
            out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
        } else {  // 3987bis §3.3: the character's UTF-8 octets, each as %HH
            for (std::int32_t k = start; k < i; ++k) append_percent_encoded(out, s[k]);
        }
    }
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
        if (is_escape_at(text, pct)) {
            out += static_cast<char>(hex_value(text[pct + 1]) * 16 + hex_value(text[pct + 2]));
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
        std::int64_t next = static_cast<std::int64_t>(at);
        UChar32 c = 0;
        if (at < text.size())
            U8_NEXT(reinterpret_cast<const std::uint8_t*>(text.data()), next, static_cast<std::int64_t>(text.size()), c);
        error e = text_error(errc::bad_percent_encoding, text, at, static_cast<std::size_t>(next) - at,
                             c < 0 ? 0 : static_cast<char32_t>(c));
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
    for (std::uint32_t k = 0; k < checked.error().offset; ++k) t += is_escape_at(text, t) ? 3u : 1u;
    return text_error(errc::invalid_utf8, text, t, is_escape_at(text, t) ? 3 : 1);
}

}  // namespace iri
