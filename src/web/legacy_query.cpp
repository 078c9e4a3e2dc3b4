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
#include <vector>

#include "text/ascii.hpp"
#include "text/percent_encode.hpp"
#include "text/percent_octets.hpp"
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

void append_legacy_query(std::string& out, std::string_view query, const std::string& encoding) {
    // Every encoding the Encoding Standard lists writes ASCII as it is (ISO-2022-JP starts in its ASCII state): an
    // ASCII query is encoded as with UTF-8.
    if (iri::detail::is_ascii(query)) {
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    UErrorCode status = U_ZERO_ERROR;
    const std::unique_ptr<UConverter, converter_closer> conv(ucnv_open(encoding.c_str(), &status));
    if (U_FAILURE(status) || !conv) {  // an encoding ICU has no converter for (x-user-defined): UTF-8
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    // §1.3 "percent-encode after encoding" step 3: the encoder in "html" error mode writes a code point it cannot
    // encode as "&#" its decimal value ";": ICU's XML decimal escape.
    ucnv_setFromUCallBack(conv.get(), UCNV_FROM_U_CALLBACK_ESCAPE, UCNV_ESCAPE_XML_DEC, nullptr, nullptr, &status);
    const icu::UnicodeString text = icu::UnicodeString::fromUTF8(query);  // an ill-formed sequence as U+FFFD
    const UChar* src = text.getBuffer();
    const UChar* const src_end = src + text.length();
    // At most "&#1114111;" a code unit, or the converter's longest character.
    const std::size_t room = static_cast<std::size_t>(text.length()) * 10 + 16;
    std::vector<char> bytes(room);
    std::vector<std::int32_t> from(room);  // the code unit each byte comes from
    char* dst = bytes.data();
    status = U_ZERO_ERROR;
    ucnv_fromUnicode(conv.get(), &dst, bytes.data() + room, &src, src_end, from.data(), true, &status);
    if (U_FAILURE(status)) {
        iri::detail::append_percent_encoded(out, query, special_query_set);
        return;
    }
    const std::size_t n = static_cast<std::size_t>(dst - bytes.data());
    for (std::size_t k = 0; k < n; ++k) {
        const auto b = static_cast<unsigned char>(bytes[k]);
        // A reference the encoder wrote for a code point it cannot encode: an "&" that comes from another code
        // point than "&". Steps 3.4: "%26%23", the decimal value, "%3B".
        if (b == '&' && from[k] >= 0 && text.charAt(from[k]) != u'&') {
            out.append("%26%23");
            for (k += 2; k < n && bytes[k] != ';'; ++k) out.push_back(bytes[k]);
            out.append("%3B");
            continue;
        }
        // Steps 3.5-3.6: each byte, "%HH" when the set holds it.
        if (special_query_set.encoded.has(b)) {
            char triplet[3];
            iri::detail::put_percent_encoded(triplet, b);
            out.append(triplet, 3);
        } else {
            out.push_back(static_cast<char>(b));
        }
    }
}

}  // namespace iri::web::detail
