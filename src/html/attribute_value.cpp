// Attribute values from their raw bytes (attribute_value.hpp).
#include "html/attribute_value.hpp"

#include "html/char_refs.hpp"
#include "text/utf8_detail.hpp"

namespace iri::html::detail {

namespace {

// Whether `raw` needs no decoding: ASCII, and none of "&", CR, U+0000 (the common case, appended as it is).
bool plain(std::string_view raw) noexcept {
    unsigned char any = 0;
    bool special = false;
    for (const char ch : raw) {
        const auto c = static_cast<unsigned char>(ch);
        any |= c;
        special |= c == '&' || c == '\r' || c == 0;
    }
    return any < 0x80 && !special;
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
    if (plain(raw)) {
        out.append(raw);
        return;
    }
    std::string_view text = raw;
    if (kind_ == kind::utf8) {
        if (!iri::detail::is_well_formed_utf8(raw)) {  // Encoding Standard §8.1.1: maximal subparts as U+FFFD
            unicode_.clear();
            iri::detail::for_each_code_point_or_fffd(
                raw, [this](char32_t c, std::size_t) { iri::detail::append_utf8(unicode_, static_cast<std::uint32_t>(c)); });
            text = unicode_;
        }
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
