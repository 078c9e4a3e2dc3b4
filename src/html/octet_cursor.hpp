// Jumps over a page from one octet that matters to the tokenizer to the next: the page's octets are classified 64
// at a time into masks (text/octet_masks.hpp, at the SIMD level), and each search is a few ORs of masks and a count
// of trailing zeros, the classification of a block done once for all the searches in it. Private to the library.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "html/html_sets.hpp"
#include "text/octet_masks.hpp"

namespace iri::html::detail {

/// The classes of octets the tokenizer searches for, one bit each in a search's `which`.
enum octet_class : unsigned {
    lt = 1u << 0,      ///< "<"
    gt = 1u << 1,      ///< ">"
    dquote = 1u << 2,  ///< '"'
    squote = 1u << 3,  ///< "'"
    equals = 1u << 4,  ///< "="
    slash = 1u << 5,   ///< "/"
    dash = 1u << 6,    ///< "-"
    space = 1u << 7,   ///< ASCII whitespace (grammar/html.abnf)
};

/// The octets of the classes above, in their bit order, ASCII whitespace from the grammar (html_sets.hpp).
inline constexpr iri::detail::octet_classes tokenizer_classes = [] {
    iri::detail::octet_classes c;
    for (const char o : {'<', '>', '"', '\'', '=', '/', '-'}) {
        c.octets[c.count][0] = static_cast<unsigned char>(o);
        c.sizes[c.count++] = 1;
    }
    for (unsigned o = 0; o < 0x80; ++o)
        if (ascii_whitespace(static_cast<char>(o)))
            c.octets[c.count][c.sizes[c.count]++] = static_cast<unsigned char>(o);
    ++c.count;
    return c;
}();

/// "<" alone: the octet the data, RAWTEXT, RCDATA and script data states look for, over runs of text that hold no
/// tag (a block of 64 without "<" is passed over without its other classes).
inline constexpr iri::detail::octet_classes less_than_class = [] {
    iri::detail::octet_classes c;
    c.octets[0][0] = '<';
    c.sizes[0] = 1;
    c.count = 1;
    return c;
}();

class octet_cursor {
public:
    octet_cursor(const char* s, std::size_t n) noexcept : s_(s), n_(n), level_(iri::active_simd_level()) {}

    /// The first offset from `at` whose octet is in one of the classes of `which`, or the page's size.
    template <unsigned which>
    [[nodiscard]] std::size_t find(std::size_t at) noexcept {
        while (at < n_) {
            const std::size_t b = at >> 6;
            if (b != block_) load(b);
            const std::uint64_t m = of<which>() >> (at & 63);
            if (m) return at + static_cast<std::size_t>(std::countr_zero(m));
            at = (b + 1) << 6;
        }
        return n_;
    }

    /// The first "<" from `at`, or the page's size: find<lt>, each block without one passed over on its "<" alone.
    [[nodiscard]] std::size_t find_less_than(std::size_t at) noexcept {
        while (at < n_) {
            const std::size_t b = at >> 6;
            if (b != block_) {
                std::uint64_t m;
                const std::size_t from = b << 6;
                iri::detail::octet_masks<less_than_class>(level_, s_ + from, n_ - from < 64 ? n_ - from : 64, &m);
                if ((m >> (at & 63)) == 0) {
                    at = from + 64;
                    continue;
                }
                load(b);
            }
            const std::uint64_t m = masks_[0] >> (at & 63);
            if (m) return at + static_cast<std::size_t>(std::countr_zero(m));
            at = (b + 1) << 6;
        }
        return n_;
    }

    /// The first offset from `at` whose octet is not ASCII whitespace, or the page's size.
    [[nodiscard]] std::size_t skip_space(std::size_t at) noexcept {
        if (at < n_ && !ascii_whitespace(s_[at])) return at;  // most often: no space at all, or one
        if (at + 1 < n_ && !ascii_whitespace(s_[at + 1])) return at + 1;
        while (at < n_) {
            const std::size_t b = at >> 6;
            if (b != block_) load(b);
            const std::uint64_t m = ~masks_[7] >> (at & 63);  // octets past the page are not space
            if (m) {
                const std::size_t found = at + static_cast<std::size_t>(std::countr_zero(m));
                return found < n_ ? found : n_;
            }
            at = (b + 1) << 6;
        }
        return n_;
    }

private:
    template <unsigned which>
    [[nodiscard]] std::uint64_t of() const noexcept {
        return [this]<std::size_t... K>(std::index_sequence<K...>) {
            return ((which & (1u << K) ? masks_[K] : 0) | ...);
        }
        (std::make_index_sequence<8>{});
    }

    void load(std::size_t b) noexcept {
        const std::size_t at = b << 6;
        iri::detail::octet_masks<tokenizer_classes>(level_, s_ + at, n_ - at < 64 ? n_ - at : 64, masks_);
        block_ = b;
    }

    const char* s_;
    std::size_t n_;
    iri::simd_level level_;
    std::size_t block_ = ~std::size_t{0};
    std::uint64_t masks_[8] = {};
};

}  // namespace iri::html::detail
