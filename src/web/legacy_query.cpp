// The query in the document's legacy encoding (legacy_query.hpp): the Encoding Standard's table
// (convert/encodings.hpp, data/encoding/) and ICU's converters, as convert/ uses them for legacy charsets.
#include "web/legacy_query.hpp"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "text/ascii.hpp"
#include "text/percent_encode.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

std::optional<encoding_id> query_encoding(encoding_id document) noexcept {
    const encoding_id e = iri::detail::output_encoding(document);  // §4.3
    if (e == iri::detail::utf8()) return std::nullopt;
    return e;
}

std::optional<encoding_id> query_encoding(std::string_view label) noexcept {
    const std::optional<encoding_id> e = iri::detail::encoding_for_label(label);  // §4.2; failure: UTF-8
    return e ? query_encoding(*e) : std::nullopt;
}

namespace {

struct converter_closer {
    void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};

// The steps of the Encoding Standard's encoders that ICU's converters of the table do not take. Before the index:
// the code point an encoder maps to another (Shift_JIS encoder steps 3, 4 and 6, EUC-JP encoder steps 3, 4 and 6:
// U+00A5 is byte 0x5C, U+203E byte 0x7E, U+2212 is U+FF0D; ISO-2022-JP encoder: U+2212 is U+FF0D), the byte it
// writes itself (gb18030 encoder step 4, GBK: U+20AC is byte 0x80) and the code point it answers an error with
// (ISO-2022-JP encoder step 1: U+000E, U+000F and U+001B are an error with U+FFFD; gb18030 encoder step 2: U+E5E5
// is an error with itself). After: the pointers the Standard's index excludes of a converter that has them (GBK,
// converted by gb18030's converter: a four-byte sequence is an error, gb18030 encoder step 6; Big5, converted by
// Big5-HKSCS's: a lead byte below 0xA1 is an error, "index Big5 pointer" excluding the HKSCS pointers).
struct encoder_steps {
    bool japanese_index = false;  // Shift_JIS, EUC-JP
    bool iso_2022_jp = false;
    bool gb18030 = false;  // gb18030, GBK
    bool gbk = false;
    bool big5 = false;

    explicit encoder_steps(encoding_id e) noexcept
        : japanese_index(e == iri::detail::shift_jis() || e == iri::detail::euc_jp()),
          iso_2022_jp(e == iri::detail::iso_2022_jp()),
          gb18030(e == iri::detail::gb18030() || e == iri::detail::gbk()),
          gbk(e == iri::detail::gbk()),
          big5(e == iri::detail::big5()) {}

    [[nodiscard]] char32_t mapped(char32_t c) const noexcept {
        if (japanese_index && c == 0xA5) return U'\\';
        if (japanese_index && c == 0x203E) return U'~';
        if ((japanese_index || iso_2022_jp) && c == 0x2212) return 0xFF0D;
        return c;
    }
    // The code point the encoder answers an error with before its index, or -1.
    [[nodiscard]] std::int32_t error_of(char32_t c) const noexcept {
        if (iso_2022_jp && (c == 0x0E || c == 0x0F || c == 0x1B)) return 0xFFFD;
        if (gb18030 && c == 0xE5E5) return 0xE5E5;
        return -1;
    }
    // The byte the encoder writes for `c` itself, or -1.
    [[nodiscard]] int own_byte(char32_t c) const noexcept { return gbk && c == 0x20AC ? 0x80 : -1; }
    // Whether the converter's `n` bytes at `b` for a code point are a pointer the Standard's index excludes.
    [[nodiscard]] bool excluded(const char* b, std::size_t n) const noexcept {
        if (gbk) return n == 4;
        if (big5) return n == 2 && static_cast<unsigned char>(b[0]) < 0xA1;
        return false;
    }
};

// Appends "%26%23" the decimal value of `c` "%3B" (§1.3 percent-encode after encoding step 3.4).
void append_reference(std::string& out, std::uint32_t c) {
    out.append("%26%23").append(std::to_string(c)).append("%3B");
}

// Appends the bytes `b`, "%HH" each the special-query set holds (§1.3 steps 3.5-3.6).
void append_bytes(std::string& out, const char* b, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
        const auto byte = static_cast<unsigned char>(b[k]);
        if (special_query_set.encoded.has(byte)) {
            char triplet[3];
            iri::detail::put_percent_encoded(triplet, byte);
            out.append(triplet, 3);
        } else {
            out.push_back(static_cast<char>(byte));
        }
    }
}

// Whether `bytes` end with "&#" the decimal value of `c` ";": what ICU's XML decimal escape writes for a code point
// its converter cannot encode (after the escape sequence back to ASCII, for ISO-2022-JP).
bool ends_with_escape(std::string_view bytes, UChar32 c) {
    const std::string escape = "&#" + std::to_string(c) + ";";
    return bytes.size() >= escape.size() && bytes.substr(bytes.size() - escape.size()) == escape;
}

// Appends the converter's bytes for `text` (flushed: an ISO-2022-JP converter back in its ASCII state), code point
// by code point: the bytes it writes for one, or the reference for a code point it cannot encode (which it writes
// as "&#" its value ";", or as nothing, or as a pointer the Standard's index excludes). False when it fails.
bool append_encoded(std::string& out, UConverter* conv, const icu::UnicodeString& text, const encoder_steps& steps) {
    const UChar* src = text.getBuffer();
    const UChar* const src_end = src + text.length();
    const std::size_t room = static_cast<std::size_t>(text.length()) * 16 + 16;  // "ESC ( B &#1114111;" a unit at most
    std::vector<char> bytes(room);
    std::vector<std::int32_t> from(room);  // the code unit each byte comes from (-1: the flush)
    char* dst = bytes.data();
    UErrorCode status = U_ZERO_ERROR;
    ucnv_fromUnicode(conv, &dst, bytes.data() + room, &src, src_end, from.data(), true, &status);
    if (U_FAILURE(status)) return false;
    const std::size_t n = static_cast<std::size_t>(dst - bytes.data());
    std::size_t k = 0;
    for (std::int32_t j = 0; j < text.length();) {
        const UChar32 c = text.char32At(j);
        const std::int32_t next = j + U16_LENGTH(c);
        while (k < n && from[k] < j) append_bytes(out, &bytes[k++], 1);  // none but a flush's
        const std::size_t first = k;
        while (k < n && from[k] >= j && from[k] < next) ++k;
        const std::string_view mine(bytes.data() + first, k - first);
        if (mine.empty() || (c != '&' && ends_with_escape(mine, c)) || steps.excluded(mine.data(), mine.size())) {
            // An escape sequence before ICU's escape (ISO-2022-JP back to ASCII, §14.2.2 encoder step 9.2) stays.
            if (!mine.empty() && c != '&' && ends_with_escape(mine, c))
                append_bytes(out, mine.data(), mine.size() - (std::to_string(c).size() + 3));
            append_reference(out, static_cast<std::uint32_t>(c));
        } else {
            append_bytes(out, mine.data(), mine.size());
        }
        j = next;
    }
    append_bytes(out, bytes.data() + k, n - k);  // the flush
    return true;
}

// x-user-defined's encoder (Encoding Standard §14.5.2), which ICU has not: ASCII as it is, U+F780 to U+F7FF as
// 0x80 to 0xFF, any other code point an error.
void append_x_user_defined(std::string& out, std::string_view query) {
    const auto* s = reinterpret_cast<const unsigned char*>(query.data());
    for (std::size_t i = 0; i < query.size();) {
        const char32_t c = iri::detail::next_code_point_or_fffd(s, i, query.size());
        if (c < 0x80 || (c >= 0xF780 && c <= 0xF7FF)) {
            const char byte = static_cast<char>(c < 0x80 ? c : c - 0xF780 + 0x80);
            append_bytes(out, &byte, 1);
        } else {
            append_reference(out, static_cast<std::uint32_t>(c));
        }
    }
}

}  // namespace

void append_legacy_query(std::string& out, std::string_view query, encoding_id encoding) {
    // Every encoding the Encoding Standard lists writes ASCII as it is (ISO-2022-JP starts in its ASCII state) but for
    // ISO-2022-JP's errors: an ASCII query without them is encoded as with UTF-8.
    const encoder_steps steps(encoding);
    const bool plain_ascii = iri::detail::is_ascii(query) &&
                             (!steps.iso_2022_jp || query.find_first_of("\x0E\x0F\x1B") == std::string_view::npos);
    if (plain_ascii) {
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    if (encoding == iri::detail::x_user_defined()) {
        append_x_user_defined(out, query);
        return;
    }
    UErrorCode status = U_ZERO_ERROR;
    const char* name = iri::detail::converter_name(encoding);
    const std::unique_ptr<UConverter, converter_closer> conv(*name ? ucnv_open(name, &status) : nullptr);
    if (!conv || U_FAILURE(status)) {  // an encoding this ICU has no converter for (ISO-8859-16 on ICU 72): UTF-8
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    // §1.3 "percent-encode after encoding" step 3: the encoder in "html" error mode writes a code point it cannot
    // encode as "&#" its decimal value ";": ICU's XML decimal escape (append_encoded then writes it percent-encoded).
    ucnv_setFromUCallBack(conv.get(), UCNV_FROM_U_CALLBACK_ESCAPE, UCNV_ESCAPE_XML_DEC, nullptr, nullptr, &status);
    // The query's code points (an ill-formed sequence as U+FFFD), with the encoder's own steps: a run converted at
    // once, up to a code point the encoder answers an error with or writes itself.
    const auto* s = reinterpret_cast<const unsigned char*>(query.data());
    const std::size_t start = out.size();
    icu::UnicodeString run;
    for (std::size_t i = 0;;) {
        std::int32_t error = -1;
        int own = -1;
        while (i < query.size()) {
            const char32_t c = iri::detail::next_code_point_or_fffd(s, i, query.size());
            if ((error = steps.error_of(c)) >= 0 || (own = steps.own_byte(c)) >= 0) break;
            run.append(static_cast<UChar32>(steps.mapped(c)));
        }
        if (!run.isEmpty()) {
            if (!append_encoded(out, conv.get(), run, steps)) {  // the converter failed (no unmappable code point does)
                out.resize(start);
                iri::detail::append_percent_encoded(out, query, special_query_set);
                return;
            }
            run.remove();
            ucnv_resetFromUnicode(conv.get());
        }
        if (error >= 0) append_reference(out, static_cast<std::uint32_t>(error));
        else if (own >= 0) {
            const char byte = static_cast<char>(own);
            append_bytes(out, &byte, 1);
        } else break;
    }
}

}  // namespace iri::web::detail
