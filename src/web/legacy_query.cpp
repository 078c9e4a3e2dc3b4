// The query in the document's legacy encoding (legacy_query.hpp): the Encoding Standard's labels (data/whatwg/,
// generated into encoding_labels.def) and ICU's converters, as convert/ uses them for legacy charsets.
#include "web/legacy_query.hpp"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "text/ascii.hpp"
#include "text/percent_encode.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

namespace {

struct label_row {
    std::string_view label, name;
};

// The Encoding Standard's labels, sorted by label.
constexpr label_row labels[] = {
#define IRI_ENCODING_LABEL(label, name) {label, name},
#include "encoding_labels.def"
#undef IRI_ENCODING_LABEL
};

struct converter_closer {
    void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};

// Infra's ASCII whitespace, which "get an encoding" strips.
bool ascii_whitespace(char c) noexcept { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; }

}  // namespace

std::string output_encoding(std::string_view label) {
    // Encoding Standard §4.2 "get an encoding": the label without leading and trailing ASCII whitespace, ASCII
    // lowercased, looked up.
    while (!label.empty() && ascii_whitespace(label.front())) label.remove_prefix(1);
    while (!label.empty() && ascii_whitespace(label.back())) label.remove_suffix(1);
    std::string lower(label);
    for (char& ch : lower) ch = iri::detail::to_lower(ch);
    const auto it = std::lower_bound(std::begin(labels), std::end(labels), lower,
                                     [](const label_row& r, const std::string& l) { return r.label < l; });
    if (it == std::end(labels) || it->label != lower) return {};  // failure: the parser keeps UTF-8
    // §4.3 "get an output encoding": replacement, UTF-16BE and UTF-16LE give UTF-8.
    if (it->name == "utf-8" || it->name == "replacement" || it->name == "utf-16be" || it->name == "utf-16le") return {};
    return std::string(it->name);
}

namespace {

// The steps of the Encoding Standard's encoders that come before their index and that ICU's converters of the same
// names do not take: the code point each of these encoders maps to another (Shift_JIS encoder steps 3-5, EUC-JP
// encoder steps 3-5: U+00A5 is byte 0x5C, U+203E byte 0x7E, U+2212 is U+FF0D; ISO-2022-JP encoder: U+2212 is
// U+FF0D), and the code point it answers an error with (ISO-2022-JP encoder step 1: U+000E, U+000F and U+001B are
// an error with U+FFFD; gb18030 encoder step 2, for GBK too: U+E5E5 is an error with itself), or -1.
struct encoder_steps {
    bool japanese_index = false;  // Shift_JIS, EUC-JP
    bool iso_2022_jp = false;
    bool gb18030 = false;  // gb18030, GBK
};

char32_t mapped(const encoder_steps& e, char32_t c) noexcept {
    if (e.japanese_index && c == 0xA5) return U'\\';
    if (e.japanese_index && c == 0x203E) return U'~';
    if ((e.japanese_index || e.iso_2022_jp) && c == 0x2212) return 0xFF0D;
    return c;
}

std::int32_t error_of(const encoder_steps& e, char32_t c) noexcept {
    if (e.iso_2022_jp && (c == 0x0E || c == 0x0F || c == 0x1B)) return 0xFFFD;
    if (e.gb18030 && c == 0xE5E5) return 0xE5E5;
    return -1;
}

// Appends "%26%23" the decimal value of `c` "%3B" (§1.3 percent-encode after encoding step 3.4).
void append_reference(std::string& out, std::uint32_t c) {
    out.append("%26%23").append(std::to_string(c)).append("%3B");
}

// Appends the converter's bytes for `text` (flushed: an ISO-2022-JP converter back in its ASCII state), each "%HH"
// when the special-query set holds it; a code point it cannot encode, which ICU's XML decimal escape writes as "&#"
// its value ";", as append_reference does. False when the converter fails.
bool append_encoded(std::string& out, UConverter* conv, const icu::UnicodeString& text) {
    const UChar* src = text.getBuffer();
    const UChar* const src_end = src + text.length();
    const std::size_t room = static_cast<std::size_t>(text.length()) * 10 + 16;  // "&#1114111;" a code unit at most
    std::vector<char> bytes(room);
    std::vector<std::int32_t> from(room);  // the code unit each byte comes from
    char* dst = bytes.data();
    UErrorCode status = U_ZERO_ERROR;
    ucnv_fromUnicode(conv, &dst, bytes.data() + room, &src, src_end, from.data(), true, &status);
    if (U_FAILURE(status)) return false;
    const std::size_t n = static_cast<std::size_t>(dst - bytes.data());
    for (std::size_t k = 0; k < n; ++k) {
        const auto b = static_cast<unsigned char>(bytes[k]);
        // An "&" that comes from another code point than "&": the reference the escape wrote.
        if (b == '&' && from[k] >= 0 && text.charAt(from[k]) != u'&') {
            out.append("%26%23");
            for (k += 2; k < n && bytes[k] != ';'; ++k) out.push_back(bytes[k]);
            out.append("%3B");
            continue;
        }
        if (special_query_set.encoded.has(b)) {  // steps 3.5-3.6
            char triplet[3];
            iri::detail::put_percent_encoded(triplet, b);
            out.append(triplet, 3);
        } else {
            out.push_back(static_cast<char>(b));
        }
    }
    return true;
}

}  // namespace

void append_legacy_query(std::string& out, std::string_view query, const std::string& encoding) {
    // Every encoding the Encoding Standard lists writes ASCII as it is (ISO-2022-JP starts in its ASCII state) but for
    // ISO-2022-JP's errors: an ASCII query without them is encoded as with UTF-8.
    const encoder_steps steps{encoding == "shift_jis" || encoding == "euc-jp", encoding == "iso-2022-jp",
                              encoding == "gb18030" || encoding == "gbk"};
    const bool plain_ascii = iri::detail::is_ascii(query) &&
                             (!steps.iso_2022_jp || query.find_first_of("\x0E\x0F\x1B") == std::string_view::npos);
    UErrorCode status = U_ZERO_ERROR;
    const std::unique_ptr<UConverter, converter_closer> conv(plain_ascii ? nullptr
                                                                         : ucnv_open(encoding.c_str(), &status));
    if (!conv || U_FAILURE(status)) {  // ASCII, or an encoding ICU has no converter for (x-user-defined): UTF-8
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    // §1.3 "percent-encode after encoding" step 3: the encoder in "html" error mode writes a code point it cannot
    // encode as "&#" its decimal value ";": ICU's XML decimal escape.
    ucnv_setFromUCallBack(conv.get(), UCNV_FROM_U_CALLBACK_ESCAPE, UCNV_ESCAPE_XML_DEC, nullptr, nullptr, &status);
    // The query's code points (an ill-formed sequence as U+FFFD), with the encoder's own steps: a run converted at
    // once, up to a code point the encoder answers an error with.
    const auto* s = reinterpret_cast<const unsigned char*>(query.data());
    const std::size_t start = out.size();
    icu::UnicodeString run;
    for (std::size_t i = 0;;) {
        std::int32_t error = -1;
        while (i < query.size()) {
            const char32_t c = iri::detail::next_code_point_or_fffd(s, i, query.size());
            if ((error = error_of(steps, c)) >= 0) break;
            run.append(static_cast<UChar32>(mapped(steps, c)));
        }
        if (!run.isEmpty()) {
            if (!append_encoded(out, conv.get(), run)) {  // the converter failed (no unmappable code point does)
                out.resize(start);
                iri::detail::append_percent_encoded(out, query, special_query_set);
                return;
            }
            run.remove();
            ucnv_resetFromUnicode(conv.get());
        }
        if (error < 0) break;
        append_reference(out, static_cast<std::uint32_t>(error));
    }
}

}  // namespace iri::web::detail
