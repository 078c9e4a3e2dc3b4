// Attribute values from their raw bytes (attribute_value.hpp).
#include "html/attribute_value.hpp"

#include <cstring>

#include "html/char_refs.hpp"
#include "text/utf8_detail.hpp"

namespace iri::html::detail {

namespace {

// What `raw` holds that decoding must look at: an octet from 0x80 (not ASCII), or "&", CR or U+0000 (special).
// Eight octets at a time (the zero-octet test of x ^ c for each of those).
struct survey {
    bool non_ascii = false, special = false;
};
survey survey_of(std::string_view raw) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    const auto zero_octet = [](std::uint64_t x) { return (x - ones) & ~x & high; };
    std::uint64_t any = 0, special = 0;
    const auto add = [&](std::uint64_t x) {
        any |= x;
        special |= zero_octet(x) | zero_octet(x ^ ('&' * ones)) | zero_octet(x ^ ('\r' * ones));
    };
    std::size_t i = 0;
    for (; i + 8 <= raw.size(); i += 8) {
        std::uint64_t x;
        std::memcpy(&x, raw.data() + i, 8);
        add(x);
    }
    if (i < raw.size()) {  // the last octets, "x" after them (none of the kinds) to fill the word
        std::uint64_t x = 'x' * ones;
        std::memcpy(&x, raw.data() + i, raw.size() - i);
        add(x);
    }
    // An octet from 0x80 can make zero_octet report its neighbour: `special` is exact only for ASCII text, and
    // text that is not ASCII takes the careful path anyway.
    return {(any & high) != 0, special != 0};
}

}  // namespace

void value_decoder::set_encoding(encoding_id e, bool converted) {
    if (converted || e == utf8()) {
        kind_ = kind::utf8;
    } else if (e == x_user_defined()) {
        kind_ = kind::user_defined;
    } else {
        kind_ = kind::icu;
        if (open_ != e) {
            icu_.open(converter_name(e), iri::detail::charset_decoder::errors::replace);
            open_ = e;
        }
    }
}

void value_decoder::append(std::string_view raw, std::string& out) {
    const survey s = survey_of(raw);
    if (!s.non_ascii && !s.special) {  // the common case: appended as it is
        out.append(raw);
        return;
    }
    std::string_view text = raw;
    if (kind_ == kind::utf8) {
        if (s.non_ascii &&
            !iri::detail::is_well_formed_utf8(raw)) {  // Encoding Standard §8.1.1: maximal subparts as U+FFFD
            unicode_.clear();
            iri::detail::for_each_code_point_or_fffd(raw, [this](char32_t c, std::size_t) {
                iri::detail::append_utf8(unicode_, static_cast<std::uint32_t>(c));
            });
            text = unicode_;
        }
    } else if (!s.non_ascii) {                 // ASCII reads the same in every ASCII-compatible encoding
    } else if (kind_ == kind::user_defined) {  // Encoding Standard §14.5: 0x80 to 0xFF are U+F780 to U+F7FF
        unicode_.clear();
        for (const char ch : raw) {
            const auto b = static_cast<unsigned char>(ch);
            iri::detail::append_utf8(unicode_, b < 0x80 ? b : 0xF780u + b - 0x80u);
        }
        text = unicode_;
    } else {
        unicode_.clear();
        icu_.append_utf8(raw, unicode_);
        text = unicode_;
    }
    if (text.find('\r') != std::string_view::npos) {  // §13.2.3.5: CR LF and CR are LF
        lines_.clear();
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '\r') lines_ += text[i];
            else if (i + 1 >= text.size() || text[i + 1] != '\n') lines_ += '\n';
        }
        text = lines_;
    }
    append_decoded(text, text_context::attribute_value, out);
}

}  // namespace iri::html::detail
