// Input preparation (3987bis-13 §3.1, RFC 3987 §3.1 step 1, draft-weber-iri-guidelines-01 §4).
#include "iri/prepare.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "convert/charset_decoder.hpp"
#include "model/error_detail.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

namespace {

using detail::append_utf8;
using detail::text_error;

}  // namespace

result<std::string> from_utf16(std::u16string_view text) {
    std::string out;
    out.reserve(text.size() * 3 / 2);
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t at = i;
        const std::int32_t c = detail::next_code_point(text, i);
        if (c < 0) return text_error(errc::invalid_encoding, {}, 2 * at, 2);  // a lone surrogate
        append_utf8(out, static_cast<std::uint32_t>(c));
    }
    return out;
}

result<std::string> from_utf32(std::u32string_view text) {
    std::string out;
    out.reserve(text.size() * 2);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return text_error(errc::invalid_encoding, {}, 4 * i, 4);
        append_utf8(out, c);
    }
    return out;
}

namespace detail {

std::optional<std::pair<std::size_t, std::size_t>> ill_formed_utf8(std::string_view text) noexcept {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t start = i;
        if (next_code_point(s, i, text.size()) < 0) return std::pair{start, i - start};
    }
    return std::nullopt;
}

}  // namespace detail

result<std::string> from_utf8(std::string_view text) {
    if (const auto bad = detail::ill_formed_utf8(text))
        return text_error(errc::invalid_utf8, text, bad->first, bad->second);
    return std::string(text);
}

result<std::string> from_charset(std::string_view bytes, std::string_view charset) {
    if (bytes.size() > 0x7FFFFFFF) return text_error(errc::input_too_long, bytes, 0, 0);
    // Stop at bytes the charset does not define, rather than substituting U+FFFD.
    detail::charset_decoder decoder;
    if (!decoder.open(std::string(charset).c_str(), detail::charset_decoder::errors::stop))
        return text_error(errc::unknown_charset, bytes, 0, 0);
    std::string utf8;
    std::size_t bad_length = 0;
    const std::size_t stopped = decoder.append_utf8(bytes, utf8, nullptr, &bad_length);
    if (stopped < bytes.size()) return text_error(errc::invalid_encoding, bytes, stopped, bad_length);
    // Variant B: NFC.
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return text_error(errc::unicode_failure, bytes, 0, 0);
    icu::UnicodeString normalized = nfc->normalize(icu::UnicodeString::fromUTF8(utf8), status);
    if (U_FAILURE(status)) return text_error(errc::unicode_failure, bytes, 0, 0);
    std::string out;
    normalized.toUTF8String(out);
    return out;
}

std::vector<std::string> clean_up(std::string_view text, spaces how) {
    // Weber §4 step 1: ASCII white space at both ends (U+0020, CR, LF, TAB; no other).
    constexpr std::string_view ascii_white = " \r\n\t";
    const std::size_t first = text.find_first_not_of(ascii_white);
    if (first == std::string_view::npos) return {};
    text = text.substr(first, text.find_last_not_of(ascii_white) - first + 1);
    std::vector<std::string> out;
    if (how == spaces::split) {  // step 2: substrings between runs of U+0020
        for (std::size_t i = 0; i < text.size();) {
            const std::size_t space = text.find(' ', i);
            const std::size_t end = space == std::string_view::npos ? text.size() : space;
            if (end > i) out.emplace_back(text.substr(i, end - i));
            i = end + 1;
        }
        return out;
    }
    std::string one;
    one.reserve(text.size());
    for (char c : text) {
        if (c == ' ') one += "%20";
        else one += c;
    }
    out.push_back(std::move(one));
    return out;
}

}  // namespace iri
