// UTS #46 §4 steps 1 (Map) and 2 (Normalize), see uts46_detail.hpp.
#include <algorithm>
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
    out.reserve(start + domain.size() + 8);
    // Step 1, Map: by each code point's status in the IDNA Mapping Table (§5).
    for_each_code_point_or_fffd(domain, [&out](char32_t c, std::size_t) {
        const idna::code_point_data d = idna::lookup(c);
        switch (d.state()) {
            case idna::status::mapped: out += d.mapping(); break;  // replaced by its mapping
            case idna::status::ignored:
                break;  // removed
            // valid, deviation (kept: Transitional_Processing is false) and disallowed (kept: §4.1 criterion 7
            // rejects it after normalization)
            default:
                if (c < 0x80) out += static_cast<char>(c);
                else append_utf8(out, c);
        }
    });
    // Step 2, Normalize: to NFC (ICU's quick check first, which writes nothing: mapped text is mostly NFC).
    const std::string_view mapped = std::string_view(out).substr(start);
    if (!may_change_under_nfc(mapped)) return true;
    std::string normal;
    const std::optional<bool> changed = append_nfc_if_changed(normal, mapped);
    if (changed == true) out.replace(start, std::string::npos, normal);
    return changed.has_value();
}

}  // namespace iri::detail
