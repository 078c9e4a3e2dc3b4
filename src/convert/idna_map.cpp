// UTS #46 §4 steps 1 (Map) and 2 (Normalize), see uts46_detail.hpp.
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "convert/idna_table.hpp"
#include "convert/uts46_detail.hpp"
#include "text/nfc_detail.hpp"
#include "text/utf8_detail.hpp"

namespace iri::detail {

namespace {

// Whether UTF-8 `text` has a code point at or above U+0300, the first that NFC changes or that composes with the
// one before it (the first of NFC_Quick_Check No or Maybe): its lead octet is 0xCC or above. Text without one is
// in NFC.
bool may_change_under_nfc(std::string_view text) noexcept {
    return std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xCC; });
}

}  // namespace

bool uts46_map(std::string_view domain, std::string& out) {
    const std::size_t start = out.size();
    // Step 1, Map: by each code point's status in the IDNA Mapping Table (§5). Runs of code points that stay as they
    // are (valid, deviation: Transitional_Processing is false; disallowed: §4.1 criterion 7 rejects it after
    // normalization) are copied as they were written; an ASCII one is judged by the table made from the tables
    // (idna::ascii_table()). U+FFFD, which an ill-formed sequence reads as, is written as U+FFFD.
    const std::array<idna::ascii_data, 128>& ascii = idna::ascii_table();
    std::size_t run = 0;         // where the run of code points kept as written began
    bool replaced_last = false;  // the code point before was written otherwise: the run begins at the next
    for_each_code_point_or_fffd(domain, [&](char32_t c, std::size_t at) {
        if (replaced_last) run = at, replaced_last = false;
        std::string_view replacement;
        char one = 0;
        if (c < 0x80 && ascii[c].one_char) {
            if (ascii[c].to == static_cast<char>(c)) return;
            one = ascii[c].to;
            replacement = std::string_view(&one, 1);
        } else if (c != 0xFFFD) {
            const idna::code_point_data d = idna::lookup(c);
            if (d.state() != idna::status::mapped && d.state() != idna::status::ignored) return;
            replacement = d.mapping();  // replaced by its mapping, or removed (ignored: no mapping)
        } else {
            replacement = "\xEF\xBF\xBD";
        }
        out.append(domain, run, at - run);
        out += replacement;
        replaced_last = true;
    });
    if (!replaced_last) out.append(domain, run, std::string_view::npos);
    // Step 2, Normalize: to NFC (ICU's quick check first, which writes nothing: mapped text is mostly NFC).
    const std::string_view mapped = std::string_view(out).substr(start);
    if (!may_change_under_nfc(mapped)) return true;
    std::string normal;
    const std::optional<bool> changed = append_nfc_if_changed(normal, mapped);
    if (changed == true) out.replace(start, std::string::npos, normal);
    return changed.has_value();
}

}  // namespace iri::detail
