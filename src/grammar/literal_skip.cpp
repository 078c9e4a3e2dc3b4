// The grammars' literal sets for the SIMD kernels (literal_skip.hpp).
#include "grammar/literal_skip.hpp"

#include <array>

#include "grammar/charset_detail.hpp"

namespace iri::detail {

ascii_set make_ascii_set(const charset_info& cs, const char* extra) noexcept {
    ascii_set set;
    for (unsigned c = 0; c < 128; ++c)
        if (contains_ascii(cs, c)) set.add(static_cast<unsigned char>(c));
    for (; *extra; ++extra) set.add(static_cast<unsigned char>(*extra));
    const std::uint16_t leads = whole_three_octet_leads(cs);
    for (unsigned low = 0; low < 16; ++low) set.three_octet_leads[low] = (leads >> low) & 1u ? 0xFF : 0;
    return set;
}

namespace {

// Bit `low` for each lead of UTF-8 in [first_low, end_low) (its low bits: the octet less 0xE0, or less 0xC0) all of
// whose characters, [low << bits, (low + 1) << bits), the set holds.
std::uint32_t leads_held_whole(const charset_info& cs, unsigned bits, unsigned first_low, unsigned end_low) noexcept {
    std::uint32_t mask = 0;
    for (unsigned low = first_low; low < end_low; ++low) {
        const char32_t first = char32_t{low} << bits, last = first + (char32_t{1} << bits) - 1;
        for (std::size_t i = 0; i < cs.count; ++i)
            if (cs.ranges[i][0] <= first && last <= cs.ranges[i][1]) mask |= std::uint32_t{1} << low;
    }
    return mask;
}

}  // namespace

std::uint16_t whole_three_octet_leads(const charset_info& cs) noexcept {
    // E1-EF (E0's characters below U+0800 would be overlong), less ED (its surrogates are no characters)
    return static_cast<std::uint16_t>(leads_held_whole(cs, 12, 1, 16) & ~(std::uint32_t{1} << 0xD));
}

std::uint32_t whole_two_octet_leads(const charset_info& cs) noexcept {
    return leads_held_whole(cs, 6, 2, 32);  // C2-DF (C0 and C1 would be overlong)
}

const component_sets& literal_sets(grammar g) noexcept {
    static const auto table = [] {
        std::array<component_sets, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i) {
            const auto gi = static_cast<grammar>(i);
            auto set = [gi](production p, const char* extra) {
                const charset_info* cs = find_charset(gi, p);
                return cs ? make_ascii_set(*cs, extra) : ascii_set{};  // empty: skips nothing
            };
            t[i] = {set(production::userinfo, "%"),     set(production::reg_name, "%"),
                    set(production::segment, "%/"),     set(production::query, "%"),
                    set(production::fragment, "%"),     set(production::segment_nz, "%"),
                    set(production::segment_nz_nc, "%")};
        }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

}  // namespace iri::detail
