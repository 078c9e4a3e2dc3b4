// The per-character properties of check (check_detail.hpp's char_flags), memoized from ICU.
#include <array>
#include <atomic>
#include <memory>
#include <new>

#include "check/check_detail.hpp"

namespace iri::detail {

namespace {

std::uint8_t flags_from_icu(UChar32 c) noexcept {
    static const icu::Normalizer2* const nfkc = [] {
        UErrorCode status = U_ZERO_ERROR;
        const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
        return U_FAILURE(status) ? nullptr : n;
    }();
    const UCharDirection d = u_charDirection(c);
    const auto gc = u_charType(c);
    unsigned f = 0;
    if (d == U_LEFT_TO_RIGHT) f |= flag_ltr;
    if (d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC) f |= flag_rtl;
    if (d == U_EUROPEAN_NUMBER || d == U_ARABIC_NUMBER) f |= flag_number;
    if (gc == U_NON_SPACING_MARK || gc == U_COMBINING_SPACING_MARK || gc == U_ENCLOSING_MARK) f |= flag_mark;
    if (c >= 0x80 && nfkc && is_compatibility_character(*nfkc, c)) f |= flag_compatibility;
    if (gc == U_PRIVATE_USE_CHAR) f |= flag_private_use;
    return static_cast<std::uint8_t>(f);
}

using block = std::array<std::uint8_t, 256>;
std::array<std::atomic<const block*>, 0x100> bmp_blocks{};  // block k: U+kk00–U+kkFF; made once, never freed

// Block `k`, made now unless another thread has made it (then that one is used, and this one dropped). Nullptr
// when there is no memory for it.
const block* make_block(unsigned k) noexcept {
    std::unique_ptr<block> fresh(new (std::nothrow) block);
    if (!fresh) return nullptr;
    for (unsigned low = 0; low < 256; ++low) (*fresh)[low] = flags_from_icu(static_cast<UChar32>(k << 8 | low));
    const block* expected = nullptr;
    if (bmp_blocks[k].compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel)) return fresh.release();
    return expected;
}

}  // namespace

std::uint8_t char_flags(UChar32 c) noexcept {
    if (c < 0 || c > 0xFFFF) return flags_from_icu(c);
    const auto k = static_cast<unsigned>(c) >> 8;
    const block* b = bmp_blocks[k].load(std::memory_order_acquire);
    if (!b && !(b = make_block(k))) return flags_from_icu(c);
    return (*b)[static_cast<unsigned>(c) & 255];
}

}  // namespace iri::detail
