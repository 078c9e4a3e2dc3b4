// NFC in linear time (see nfc_detail.hpp).
#include "nfc_detail.hpp"
#include "utf8_detail.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
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

// A code point with its canonical combining class in the top byte (code points take 21 bits): four bytes per code
// point keep a megabyte segment's arrays small.
using classed_code_point = std::uint32_t;
constexpr classed_code_point with_class(UChar32 c, std::uint8_t combining_class) {
    return std::uint32_t{combining_class} << 24 | static_cast<std::uint32_t>(c);
}
constexpr std::uint8_t class_of(classed_code_point x) { return static_cast<std::uint8_t>(x >> 24); }
constexpr UChar32 code_point_of(classed_code_point x) { return static_cast<UChar32>(x & 0xFFFFFF); }

// Sorts [first, last) by combining class, stably, in linear time: a counting sort over the 256 classes (a
// stable_sort of a megabyte of marks costs n log n, which the adversarial benchmark shows).
void sort_by_class(std::vector<classed_code_point>::iterator first, std::vector<classed_code_point>::iterator last,
                   std::vector<classed_code_point>& scratch) {
    constexpr std::ptrdiff_t small_run = 32;
    if (last - first <= small_run)
        return std::stable_sort(first, last, [](auto a, auto b) { return class_of(a) < class_of(b); });
    std::array<std::size_t, 257> start{};
    for (auto it = first; it != last; ++it) ++start[class_of(*it) + 1u];
    for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    scratch.resize(static_cast<std::size_t>(last - first));
    for (auto it = first; it != last; ++it) scratch[start[class_of(*it)]++] = *it;
    std::copy(scratch.begin(), scratch.end(), first);
}

// Each character of a segment fully decomposed (NFD before reordering), with its combining class.
std::vector<classed_code_point> decomposed(std::string_view segment, const icu::Normalizer2& nfd) {
    std::vector<classed_code_point> cps;
    cps.reserve(segment.size() / 2);  // a mark takes two or three bytes
    const auto* s = reinterpret_cast<const std::uint8_t*>(segment.data());
    const auto n = static_cast<std::int32_t>(segment.size());
    icu::UnicodeString d;
    for (std::int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0) c = 0xFFFD;  // not reached: the components given are UTF-8
        if (!nfd.getDecomposition(c, d)) {
            cps.push_back(with_class(c, nfd.getCombiningClass(c)));
            continue;
        }
        for (std::int32_t k = 0; k < d.length(); k = d.moveIndex32(k, 1))
            cps.push_back(with_class(d.char32At(k), nfd.getCombiningClass(d.char32At(k))));
    }
    return cps;
}

// The NFD of one segment with its marks in canonical order: each character's full decomposition, then
// each run of non-starters sorted by combining class, stably (the Canonical Ordering Algorithm, Unicode §3.11).
std::vector<classed_code_point> canonical_order(std::string_view segment, const icu::Normalizer2& nfd) {
    std::vector<classed_code_point> cps = decomposed(segment, nfd), scratch;
    for (auto run = cps.begin(); run != cps.end();) {
        auto first = std::find_if(run, cps.end(), [](auto x) { return class_of(x) != 0; });
        auto last = std::find_if(first, cps.end(), [](auto x) { return class_of(x) == 0; });
        sort_by_class(first, last, scratch);
        run = last;
    }
    return cps;
}

// The Canonical Composition Algorithm (Unicode §3.11, D117) over code points in canonical order, in place: each
// character that no character between blocks from the last starter, and that forms a primary composite with it
// (ICU's composePair: a two-way mapping, no composition exclusion), is replaced by the composite. Returns the
// new end.
std::vector<classed_code_point>::iterator compose(std::vector<classed_code_point>& cps, const icu::Normalizer2& nfc) {
    auto out = cps.begin();
    auto starter = cps.end();  // none yet
    std::uint8_t last_class = 0;  // that of the character written last
    for (const classed_code_point x : cps) {
        const std::uint8_t cc = class_of(x);
        if (starter != cps.end()) {
            const bool adjacent = out == starter + 1;
            const bool blocked = !adjacent && (last_class == 0 || last_class >= cc);
            const UChar32 composite = blocked ? -1 : nfc.composePair(code_point_of(*starter), code_point_of(x));
            if (composite >= 0) {
                *starter = with_class(composite, 0);
                continue;
            }
        }
        if (cc == 0) starter = out;
        last_class = cc;
        *out++ = x;
    }
    return out;
}

// The NFC of a long segment: its NFD in canonical order, then composed, written as UTF-8.
void append_long_segment_nfc(std::string& out, std::string_view segment, const normalizers& m) {
    std::vector<classed_code_point> cps = canonical_order(segment, *m.nfd);
    const auto end = compose(cps, *m.nfc);
    out.reserve(out.size() + segment.size());
    for (auto it = cps.begin(); it != end; ++it) append_utf8(out, static_cast<std::uint32_t>(code_point_of(*it)));
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
        ok = ok && append_icu_nfc(out, text.substr(done, b - done), *m.nfc);
        if (ok) append_long_segment_nfc(out, text.substr(b, e - b), m);
        done = e;
    });
    return ok && append_icu_nfc(out, text.substr(done), *m.nfc);
}

namespace {

bool has_long_segment(std::string_view text, const icu::Normalizer2& nfc) {
    bool long_one = false;
    for_each_long_segment(text, nfc, [&](std::int32_t, std::int32_t) { long_one = true; });
    return long_one;
}

// ICU's own test, which writes nothing: for a text without a long segment (ICU's reordering is quadratic in one).
std::optional<bool> icu_is_nfc(std::string_view text, const icu::Normalizer2& nfc) {
    UErrorCode status = U_ZERO_ERROR;
    const bool yes = nfc.isNormalizedUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), status);
    if (U_FAILURE(status)) return std::nullopt;
    return yes;
}

}  // namespace

std::optional<bool> append_nfc_if_changed(std::string& out, std::string_view text) {
    const normalizers& m = instances();
    if (!m.nfc) return std::nullopt;
    if (!has_long_segment(text, *m.nfc)) {
        const std::optional<bool> normal = icu_is_nfc(text, *m.nfc);
        if (!normal) return std::nullopt;
        if (*normal) return false;
    }
    const std::size_t start = out.size();
    if (!append_nfc(out, text)) {
        out.resize(start);
        return std::nullopt;
    }
    if (std::string_view(out).substr(start) != text) return true;
    out.resize(start);
    return false;
}

std::optional<bool> is_nfc(std::string_view text) {
    const normalizers& m = instances();
    if (!m.nfc) return std::nullopt;
    if (!has_long_segment(text, *m.nfc)) return icu_is_nfc(text, *m.nfc);
    thread_local std::string normal;  // normalized once, and compared; reused: no allocation once large enough
    normal.clear();
    if (!append_nfc(normal, text)) return std::nullopt;
    return normal == text;
}

}  // namespace iri::detail
