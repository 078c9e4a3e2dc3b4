// NFC in linear time (see nfc_detail.hpp).
#include "text/nfc_detail.hpp"
#include "text/utf8_detail.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <array>
#include <bit>
#include <memory>
#include <cstring>
#include <optional>
#include <cstdint>

namespace iri::detail {

namespace {

// Segments of more code points than this are normalized here (append_long_segment_nfc), the others by ICU.
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

// The Canonical Composition Algorithm (Unicode §3.11, D117), fed the characters of a segment one at a time in
// canonical order and writing UTF-8: each character that no character between blocks from the last starter, and
// that forms a primary composite with it (ICU's composePair: a two-way mapping, no composition exclusion),
// replaces the starter by the composite. Only the last starter and what follows it are held (`pending`), until
// the next starter makes them final.
class composer {
public:
    composer(std::string& out, const icu::Normalizer2& nfc) : out_(out), nfc_(nfc) {}
    void add(UChar32 c, std::uint8_t combining_class) {
        if (starter_ >= 0) {
            const bool adjacent = pending_.empty();
            const bool blocked = !adjacent && (last_class_ == 0 || last_class_ >= combining_class);
            const UChar32 composite = blocked ? -1 : nfc_.composePair(starter_, c);
            if (composite >= 0) {
                starter_ = composite;
                return;
            }
        }
        last_class_ = combining_class;
        if (combining_class == 0) {
            finish();
            starter_ = c;
        } else {
            append_utf8(starter_ >= 0 ? pending_ : out_, static_cast<std::uint32_t>(c));
        }
    }
    // Writes the last starter and what follows it.
    void finish() {
        if (starter_ >= 0) append_utf8(out_, static_cast<std::uint32_t>(starter_));
        out_ += pending_;
        pending_.clear();
        starter_ = -1;
    }

private:
    std::string& out_;
    const icu::Normalizer2& nfc_;
    UChar32 starter_ = -1;         // none yet
    std::uint8_t last_class_ = 0;  // that of the character written last
    std::string pending_;          // the characters after the starter, as UTF-8
};

// A run of non-starters put in canonical order (Unicode §3.11, the Canonical Ordering Algorithm: sorted by
// combining class, stably) in linear time: one bucket per class, each keeping its characters in the order they
// came, as UTF-8 (a stable_sort of a megabyte of marks costs n log n, which the adversarial benchmark shows; and
// UTF-8 buckets take half the memory of code points: a 10 MB run stays closer to the caches).
class run_sorter {
public:
    void add(UChar32 c, std::uint8_t combining_class) {
        append_utf8(buckets_[combining_class], static_cast<std::uint32_t>(c));
        used_[combining_class >> 6] |= std::uint64_t{1} << (combining_class & 63);
    }
    // Gives the run to `to` in canonical order, and empties it.
    void drain(composer& to) {
        for (unsigned word = 0; word < used_.size(); ++word) {
            for (std::uint64_t bits = used_[word]; bits != 0; bits &= bits - 1) {
                const auto k = static_cast<std::uint8_t>(word * 64 + static_cast<unsigned>(std::countr_zero(bits)));
                std::string& bucket = buckets_[k];
                const auto* b = reinterpret_cast<const std::uint8_t*>(bucket.data());
                const auto n = static_cast<std::int32_t>(bucket.size());
                for (std::int32_t i = 0; i < n;) {
                    UChar32 c = 0;
                    U8_NEXT_UNSAFE(b, i, c);  // written by append_utf8 above
                    to.add(c, k);
                }
                bucket.clear();
            }
            used_[word] = 0;
        }
    }

private:
    std::array<std::string, 256> buckets_;
    std::array<std::uint64_t, 4> used_{};  // bit k: bucket k holds characters
};

// The NFC of a long segment: each character fully decomposed (NFD), each run of non-starters put in canonical
// order, then composed (Unicode §3.11), written as UTF-8. No array of the segment's code points is built.
// `run` is empty, and left so: one for all the long segments of a text (its buckets are made once).
void append_long_segment_nfc(std::string& out, std::string_view segment, const normalizers& m, run_sorter& run) {
    out.reserve(out.size() + segment.size());
    composer composed(out, *m.nfc);
    auto add = [&](UChar32 c) {
        const std::uint8_t combining_class = m.nfd->getCombiningClass(c);
        if (combining_class != 0) return run.add(c, combining_class);
        run.drain(composed);
        composed.add(c, 0);
    };
    const auto* s = reinterpret_cast<const std::uint8_t*>(segment.data());
    const auto n = static_cast<std::int32_t>(segment.size());
    icu::UnicodeString d;
    for (std::int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (c < 0) c = 0xFFFD;  // not reached: the components given are UTF-8
        if (!m.nfd->getDecomposition(c, d)) {
            add(c);
            continue;
        }
        for (std::int32_t k = 0; k < d.length(); k = d.moveIndex32(k, 1)) add(d.char32At(k));
    }
    run.drain(composed);
    composed.finish();
}

// Whether an NFC segment starts at `c` (UAX #15 §9: an NFC boundary before it). Below U+0300 every character
// starts one.
bool starts_segment(UChar32 c, const icu::Normalizer2& nfc) { return c < 0x300 || nfc.hasBoundaryBefore(c); }

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
        if (starts_segment(c, nfc)) {
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
    std::unique_ptr<run_sorter> run;  // made at the first long segment (8 kB: not on the stack of every call)
    for_each_long_segment(text, *m.nfc, [&](std::int32_t begin, std::int32_t end) {
        const auto b = static_cast<std::size_t>(begin), e = static_cast<std::size_t>(end);
        ok = ok && append_icu_nfc(out, text.substr(done, b - done), *m.nfc);
        if (!run) run = std::make_unique<run_sorter>();
        if (ok) append_long_segment_nfc(out, text.substr(b, e - b), m, *run);
        done = e;
    });
    return ok && append_icu_nfc(out, text.substr(done), *m.nfc);
}

namespace {

// True when UTF-8 `text` has at most `most` characters: its octets less its trail octets (10xxxxxx), counted
// eight at a time. A text of at most `most` octets is not read.
bool code_points_at_most(std::string_view text, std::size_t most) noexcept {
    if (text.size() <= most) return true;
    constexpr std::uint64_t high = 0x8080808080808080u;
    std::size_t trails = 0, i = 0;
    for (std::uint64_t x = 0; i + 8 <= text.size(); i += 8) {
        std::memcpy(&x, text.data() + i, 8);
        trails += static_cast<std::size_t>(std::popcount(x & ~(x << 1) & high));  // bit 7 set, bit 6 clear
    }
    for (; i < text.size(); ++i) trails += is_utf8_trail(static_cast<unsigned char>(text[i]));
    return text.size() - trails <= most;
}

// Whether text has a segment of more than long_segment code points: for_each_long_segment's count, stopped at
// the first one (not at its end: a 10 MB segment is not read twice).
bool has_long_segment(std::string_view text, const icu::Normalizer2& nfc) {
    if (code_points_at_most(text, long_segment)) return false;  // no segment is longer than the text
    const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto n = static_cast<std::int32_t>(text.size());
    std::size_t count = 0;
    for (std::int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        if (starts_segment(c, nfc)) count = 0;
        if (++count > long_segment) return true;
    }
    return false;
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
    std::string normal;  // a long segment (rare): normalized once, and compared
    if (!append_nfc(normal, text)) return std::nullopt;
    return normal == text;
}

}  // namespace iri::detail
