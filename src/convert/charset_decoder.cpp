// ICU's charset conversion into UTF-8 (charset_decoder.hpp).
#include "convert/charset_decoder.hpp"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/utf16.h>

#include <utility>

#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// The Encoding Standard's "replacement" error mode: every byte sequence the converter cannot map, ill-formed or
// unassigned, is one U+FFFD (ICU's own substitution would give U+001A for some single-byte charsets' unassigned
// bytes).
void to_fffd(const void*, UConverterToUnicodeArgs* args, const char*, int32_t, UConverterCallbackReason reason,
             UErrorCode* status) {
    if (reason > UCNV_IRREGULAR) return;  // reset, close, clone: nothing to write
    const UChar fffd = 0xFFFD;
    *status = U_ZERO_ERROR;
    ucnv_cbToUWriteUChars(args, &fffd, 1, 0, status);
}

}  // namespace

charset_decoder::~charset_decoder() {
    if (converter_) ucnv_close(converter_);
}

charset_decoder::charset_decoder(charset_decoder&& other) noexcept
    : converter_(std::exchange(other.converter_, nullptr)),
      mode_(other.mode_),
      units_(std::move(other.units_)),
      starts_(std::move(other.starts_)) {}

charset_decoder& charset_decoder::operator=(charset_decoder&& other) noexcept {
    if (this != &other) {
        if (converter_) ucnv_close(converter_);
        converter_ = std::exchange(other.converter_, nullptr);
        mode_ = other.mode_;
        units_ = std::move(other.units_);
        starts_ = std::move(other.starts_);
    }
    return *this;
}

bool charset_decoder::open(const char* name, errors mode) {
    if (converter_) ucnv_close(converter_);
    converter_ = nullptr;
    UErrorCode status = U_ZERO_ERROR;
    UConverter* c = ucnv_open(name, &status);
    if (U_FAILURE(status) || !c) {
        if (c) ucnv_close(c);
        return false;
    }
    status = U_ZERO_ERROR;
    if (mode == errors::stop) ucnv_setToUCallBack(c, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
    else ucnv_setToUCallBack(c, to_fffd, nullptr, nullptr, nullptr, &status);
    converter_ = c;
    mode_ = mode;
    return U_SUCCESS(status);
}

std::size_t charset_decoder::append_utf8(std::string_view bytes, std::string& out, std::vector<std::uint32_t>* offsets,
                                         std::size_t* bad_length) {
    if (bad_length) *bad_length = 0;
    if (!converter_ || bytes.empty()) return bytes.size();
    ucnv_resetToUnicode(converter_);
    const char* src = bytes.data();
    const char* const end = src + bytes.size();
    std::size_t consumed_before = 0;  // of the chunks converted so far
    for (;;) {
        if (units_.size() < 4096) units_.resize(4096), starts_.resize(4096);
        UChar* dst = reinterpret_cast<UChar*>(units_.data());
        UChar* const dst_end = dst + units_.size();
        const char* const chunk = src;
        UErrorCode status = U_ZERO_ERROR;
        ucnv_toUnicode(converter_, &dst, dst_end, &src, end, offsets ? starts_.data() : nullptr, true, &status);
        const auto written = static_cast<std::size_t>(dst - reinterpret_cast<UChar*>(units_.data()));
        // The UTF-16 written so far, as UTF-8 (a pair split across two chunks cannot occur: ICU writes whole ones).
        for (std::size_t i = 0; i < written;) {
            char32_t c = units_[i];
            std::size_t step = 1;
            if (U16_IS_LEAD(c) && i + 1 < written && U16_IS_TRAIL(units_[i + 1])) {
                c = static_cast<char32_t>(U16_GET_SUPPLEMENTARY(units_[i], units_[i + 1]));
                step = 2;
            } else if (U16_IS_SURROGATE(c)) {
                c = 0xFFFD;
            }
            const std::size_t before = out.size();
            iri::detail::append_utf8(out, static_cast<std::uint32_t>(c));
            if (offsets) {
                const std::int32_t at = starts_[i];
                const auto source =
                    static_cast<std::uint32_t>(consumed_before + (at < 0 ? 0 : static_cast<std::size_t>(at)));
                offsets->insert(offsets->end(), out.size() - before, source);
            }
            i += step;
        }
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            consumed_before += static_cast<std::size_t>(src - chunk);
            continue;
        }
        if (U_FAILURE(status) && mode_ == errors::stop) {
            char invalid[32];
            int8_t length = sizeof invalid;
            UErrorCode ignored = U_ZERO_ERROR;
            ucnv_getInvalidChars(converter_, invalid, &length, &ignored);
            const auto consumed = static_cast<std::size_t>(src - bytes.data());
            const auto n = static_cast<std::size_t>(length);
            if (bad_length) *bad_length = n;
            return consumed >= n ? consumed - n : 0;
        }
        return bytes.size();
    }
}

}  // namespace iri::detail
