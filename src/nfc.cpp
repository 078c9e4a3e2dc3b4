// NFC in linear time (see nfc_detail.hpp).
#include "nfc_detail.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <optional>
#include <cstdint>
#include <utility>
#include <vector>

namespace iri::detail {

namespace {

// Segments of more code points than this are put in canonical order before ICU composes them.
constexpr std::size_t long_segment = 32;

struct normalizers {
    const icu::Normalizer2* nfc = nullptr;
    const icu::Normalizer2* nfd = nullptr;
};

const normalizers& instances() noexcept {
    static const normalizers n = [] {
        UErrorCode status = U_ZERO_ERROR;
        normalizers m{icu::Normalizer2::getNFCInstance(status), nullptr};
        if (U_SUCCESS(status)) m.nfd = icu::Normalizer2::getNFDInstance(status);
        return U_SUCCESS(status) ? m : normalizers{};
    }();
    return n;
}

bool append_icu_nfc(std::string& out, std::string_view text, const icu::Normalizer2& nfc) {
    if (text.empty()) return true;
    UErrorCode status = U_ZERO_ERROR;
    icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(text.size()));
    nfc.normalizeUTF8(0, icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), sink, nullptr, status);
    return U_SUCCESS(status);
}

// The NFD of one segment with its marks in canonical order: each character's full decomposition, then
// each run of non-starters sorted by combining class, stably (the Canonical Ordering Algorithm, Unicode §3.11).
icu::UnicodeString canonical_order(std::string_view segment, const icu::Normalizer2& nfd) {
    std::vector<std::pair<std::uint8_t, UChar32>> cps;  // combining class, code point
    const auto* s = reinterpret_cast<const std::uint8_t*>(segment.data());
    const auto n = static_cast<std::int32_t>(segment.size());
    icu::UnicodeString d;
    for (std::int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0) c = 0xFFFD;  // not reached: the components given are UTF-8
        if (!nfd.getDecomposition(c, d)) d.setTo(c);
        for (std::int32_t k = 0; k < d.length(); k = d.moveIndex32(k, 1))
            cps.emplace_back(nfd.getCombiningClass(d.char32At(k)), d.char32At(k));
    }
    for (auto run = cps.begin(); run != cps.end();) {
        auto first = std::find_if(run, cps.end(), [](const auto& p) { return p.first != 0; });
        auto last = std::find_if(first, cps.end(), [](const auto& p) { return p.first == 0; });
        std::stable_sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
        run = last;
    }
    icu::UnicodeString out;
    for (const auto& cp : cps) out.append(cp.second);
    return out;
}

// The NFC of a long segment: ICU composes it once its marks are in canonical order.
bool append_long_segment_nfc(std::string& out, std::string_view segment, const normalizers& m) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString normal = m.nfc->normalize(canonical_order(segment, *m.nfd), status);
    if (U_FAILURE(status)) return false;
    normal.toUTF8String(out);
    return true;
}

// Calls f(begin, end) for each segment of text longer than long_segment code points, in order. A segment starts
// at each character with an NFC boundary before it: the NFC of a text is then the NFCs of its pieces cut there.
template <class F>
void for_each_long_segment(std::string_view text, const icu::Normalizer2& nfc, F f) {
    const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::int32_t>(text.size());
    std::int32_t begin = 0;
    std::size_t count = 0;
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t at = i;
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0x300 || nfc.hasBoundaryBefore(c)) {  // below U+0300 every character starts a segment
            if (count > long_segment) f(begin, at);
            begin = at, count = 0;
        }
        ++count;
    }
    if (count > long_segment) f(begin, n);
}

}  // namespace

bool append_nfc(std::string& out, std::string_view text) {
    const normalizers& m = instances();
    if (!m.nfc) return false;
    std::size_t done = 0;
    bool ok = true;
    for_each_long_segment(text, *m.nfc, [&](std::int32_t begin, std::int32_t end) {
        const auto b = static_cast<std::size_t>(begin), e = static_cast<std::size_t>(end);
        ok = ok && append_icu_nfc(out, text.substr(done, b - done), *m.nfc) &&
             append_long_segment_nfc(out, text.substr(b, e - b), m);
        done = e;
    });
    return ok && append_icu_nfc(out, text.substr(done), *m.nfc);
}

std::optional<bool> is_nfc(std::string_view text) {
    const normalizers& m = instances();
    if (!m.nfc) return std::nullopt;
    bool long_one = false;
    for_each_long_segment(text, *m.nfc, [&](std::int32_t, std::int32_t) { long_one = true; });
    if (long_one) {
        std::string normal;
        if (!append_nfc(normal, text)) return std::nullopt;
        return normal == text;
    }
    UErrorCode status = U_ZERO_ERROR;
    const bool yes = m.nfc->isNormalizedUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), status);
    if (U_FAILURE(status)) return std::nullopt;
    return yes;
}

}  // namespace iri::detail
