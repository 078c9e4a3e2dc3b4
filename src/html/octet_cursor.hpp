// Jumps over a page from one octet that matters to the tokenizer to the next: the page's octets are classified 64
// at a time into masks (text/octet_scan.hpp's octet_masks, at the SIMD level), and each search is a few ORs of
// masks and a count of trailing zeros, the classification of a block done once for all the searches in it.
// Private to the library.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "text/octet_scan.hpp"

namespace iri::html::detail {

/// The classes of octets the tokenizer searches for, one bit each in a search's `which`.
enum octet_class : unsigned {
    lt = 1u << 0,     ///< "<"
    gt = 1u << 1,     ///< ">"
    dquote = 1u << 2, ///< '"'
    squote = 1u << 3, ///< "'"
    equals = 1u << 4, ///< "="
    slash = 1u << 5,  ///< "/"
    dash = 1u << 6,   ///< "-"
    space = 1u << 7,  ///< ASCII whitespace (grammar/html.abnf)
};

/// The octets of the classes above, in their bit order (html_sets.cpp: the whitespace from the grammar).
[[nodiscard]] const iri::detail::octet_classes& tokenizer_classes() noexcept;

class octet_cursor {
public:
    octet_cursor(const char* s, std::size_t n) noexcept : s_(s), n_(n), classes_(tokenizer_classes()) {}

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

    /// The first offset from `at` whose octet is not ASCII whitespace, or the page's size.
    [[nodiscard]] std::size_t skip_space(std::size_t at) noexcept {
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
        std::uint64_t m = 0;
        for (unsigned k = 0; k < 8; ++k)
            if (which & (1u << k)) m |= masks_[k];
        return m;
    }

    void load(std::size_t b) noexcept {
        const std::size_t at = b << 6;
        iri::detail::octet_masks(s_ + at, n_ - at < 64 ? n_ - at : 64, classes_, masks_);
        block_ = b;
    }

    const char* s_;
    std::size_t n_;
    const iri::detail::octet_classes& classes_;
    std::size_t block_ = ~std::size_t{0};
    std::uint64_t masks_[8] = {};
};

}  // namespace iri::html::detail
