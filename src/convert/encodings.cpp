// The Encoding Standard's encodings and labels (encodings.hpp).
#include "convert/encodings.hpp"

#include <unicode/ucnv.h>

#include <algorithm>
#include <array>
#include <iterator>

#include "grammar/url_sets.hpp"
#include "iri/generated/encodings.hpp"
#include "text/ascii.hpp"

namespace iri::detail {

namespace {

namespace table = encoding_table;

constexpr encoding_id named(std::string_view name) {
    for (std::size_t i = 0; i < table::encoding_count; ++i)
        if (table::encodings[i].name == name) return static_cast<encoding_id>(i);
    throw "an encoding the library names is missing from data/encoding/encodings.json";
}

// Infra's ASCII whitespace (grammar/url.abnf), which "get an encoding" strips.
constexpr byte_set ascii_whitespace_bytes = ascii_bytes_of(url_set::ascii_whitespace);
constexpr bool ascii_whitespace(char c) noexcept { return ascii_whitespace_bytes.has(static_cast<unsigned char>(c)); }

// The encodings the library names, found at compile time.
constexpr encoding_id id_utf8 = named("UTF-8");
constexpr encoding_id id_utf16le = named("UTF-16LE");
constexpr encoding_id id_utf16be = named("UTF-16BE");
constexpr encoding_id id_windows1252 = named("windows-1252");
constexpr encoding_id id_x_user_defined = named("x-user-defined");
constexpr encoding_id id_replacement = named("replacement");
constexpr encoding_id id_gbk = named("GBK");
constexpr encoding_id id_gb18030 = named("gb18030");
constexpr encoding_id id_big5 = named("Big5");
constexpr encoding_id id_shift_jis = named("Shift_JIS");
constexpr encoding_id id_euc_jp = named("EUC-JP");
constexpr encoding_id id_iso_2022_jp = named("ISO-2022-JP");

}  // namespace

encoding_id utf8() noexcept { return id_utf8; }
encoding_id utf16le() noexcept { return id_utf16le; }
encoding_id utf16be() noexcept { return id_utf16be; }
encoding_id windows1252() noexcept { return id_windows1252; }
encoding_id x_user_defined() noexcept { return id_x_user_defined; }
encoding_id replacement() noexcept { return id_replacement; }
encoding_id gbk() noexcept { return id_gbk; }
encoding_id gb18030() noexcept { return id_gb18030; }
encoding_id big5() noexcept { return id_big5; }
encoding_id shift_jis() noexcept { return id_shift_jis; }
encoding_id euc_jp() noexcept { return id_euc_jp; }
encoding_id iso_2022_jp() noexcept { return id_iso_2022_jp; }

std::size_t encoding_count() noexcept { return table::encoding_count; }
std::string_view encoding_name(encoding_id e) noexcept { return table::encodings[e].name; }
const char* converter_name(encoding_id e) noexcept { return table::encodings[e].converter; }
bool ascii_compatible(encoding_id e) noexcept { return table::encodings[e].ascii_compatible; }

bool supported(encoding_id e) noexcept {
    static const auto opens = [] {
        std::array<bool, table::encoding_count> ok{};
        for (std::size_t i = 0; i < ok.size(); ++i) {
            const char* name = table::encodings[i].converter;
            if (*name == '\0') {
                ok[i] = true;  // replacement, x-user-defined: decoded by the library
                continue;
            }
            UErrorCode status = U_ZERO_ERROR;
            UConverter* c = ucnv_open(name, &status);
            ok[i] = c != nullptr && U_SUCCESS(status);
            if (c) ucnv_close(c);
        }
        return ok;
    }();
    return e < opens.size() && opens[e];
}

std::optional<encoding_id> encoding_for_label(std::string_view label) noexcept {
    while (!label.empty() && ascii_whitespace(label.front())) label.remove_prefix(1);
    while (!label.empty() && ascii_whitespace(label.back())) label.remove_suffix(1);
    if (label.empty() || label.size() > 32) return std::nullopt;  // no label is longer
    char lower[32];
    for (std::size_t i = 0; i < label.size(); ++i) lower[i] = to_lower(label[i]);
    const std::string_view key(lower, label.size());
    const auto* first = std::begin(table::labels);
    const auto* last = std::end(table::labels);
    const auto* at =
        std::lower_bound(first, last, key, [](const table::label_row& r, std::string_view k) { return r.label < k; });
    if (at == last || at->label != key) return std::nullopt;
    return at->encoding;
}

encoding_id output_encoding(encoding_id e) noexcept {
    if (e == id_replacement || e == id_utf16be || e == id_utf16le) return id_utf8;
    return e;
}

}  // namespace iri::detail
