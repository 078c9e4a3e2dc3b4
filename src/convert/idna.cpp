// UTS #46 for host names: the library's entry points (iri/idna.hpp, idna_detail.hpp) over its own processing
// (convert/uts46.cpp, on the tables generated from data/unicode/), and the ASCII fast path before it.
#include "iri/idna.hpp"

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "convert/idna_detail.hpp"
#include "convert/idna_table.hpp"
#include "convert/uts46_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace {

error idna_failure(std::string_view host, std::size_t begin, std::size_t end, std::uint32_t errors) {
    error e = detail::text_error(errc::idna_failed, host, begin, end - begin);
    e.where = component::host;
    e.idna_errors = errors;
    return e;
}

// A host or label longer than any DNS allows (idna.hpp) is refused before UTS #46.
std::optional<error> beyond_dns(std::string_view host) {
    if (host.size() > max_idna_host_bytes) return idna_failure(host, 0, host.size(), idna_error::domain_name_too_long);
    for (std::size_t begin = 0; begin <= host.size();) {
        const std::size_t end = std::min(host.find('.', begin), host.size());
        if (end - begin > max_idna_label_bytes) return idna_failure(host, begin, end, idna_error::label_too_long);
        begin = end + 1;
    }
    return std::nullopt;
}

enum class direction { to_ascii, to_unicode };

// The flags of iri/idna.hpp: every check (CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules,
// VerifyDnsLength), and a name ending in "." (the DNS root) allowed.
constexpr detail::uts46_flags library_flags{.root_label_allowed = true};

detail::uts46_result run(direction d, std::string_view host) {
    return d == direction::to_ascii ? detail::uts46_to_ascii(host, library_flags)
                                    : detail::uts46_to_unicode(host, library_flags);
}

result<std::string> process(direction d, std::string_view host) {
    if (detail::is_plain_ldh_host(host)) {  // UTS #46 lowercases it, and that is all (idna_detail.hpp)
        std::string out(host);
        for (char& c : out) c = detail::to_lower(c);
        return out;
    }
    if (auto too_long = beyond_dns(host)) return *too_long;
    detail::uts46_result r = run(d, host);
    if (r.normalization_failed) return detail::text_error(errc::unicode_failure, host, 0, 0);
    if (r.errors == 0) return std::move(r.domain);
    // Name the label: the first one that fails alone; the whole host when none does (a name too long, or a label
    // that breaks CheckBidi only beside a right-to-left one).
    for (std::size_t begin = 0; begin <= host.size();) {
        const std::size_t end = std::min(host.find('.', begin), host.size());
        if (end > begin) {
            const detail::uts46_result alone = run(d, host.substr(begin, end - begin));
            if (alone.errors != 0) return idna_failure(host, begin, end, alone.errors);
        }
        begin = end + 1;
    }
    return idna_failure(host, 0, host.size(), r.errors);
}

}  // namespace

namespace {

// The letters and digits of LDH labels (RFC 5890 §2.3.1): the grammar's ALPHA and DIGIT.
bool letter_or_digit(unsigned c) noexcept {
    return detail::contains_ascii(detail::named(grammar::uri, detail::named_set::alpha), c) ||
           detail::contains_ascii(detail::named(grammar::uri, detail::named_set::digit), c);
}

// is_plain_ldh_host one octet at a time: one table lookup an octet, each label checked at its end.
bool plain_ldh_by_octets(std::string_view host) noexcept {
    // What each octet is: an LDH character (the grammar's ALPHA and DIGIT, and "-"), the "." between labels, or
    // neither.
    enum octet : std::uint8_t { other, ldh_letter_or_digit, hyphen, dot };
    static const auto kinds = [] {
        std::array<octet, 256> t{};
        for (unsigned c = 0; c < 0x80; ++c)
            if (letter_or_digit(c)) t[c] = ldh_letter_or_digit;
        t['-'] = hyphen;
        t['.'] = dot;
        return t;
    }();
    const char* const h = host.data();
    const auto label_ok = [h](std::size_t begin, std::size_t end) {  // no "xn--" (or other "??--") label
        const std::size_t n = end - begin;
        return n != 0 && n <= dns_label_octets && h[begin] != '-' && h[end - 1] != '-' &&
               !(n >= 4 && h[begin + 2] == '-' && h[begin + 3] == '-');
    };
    std::size_t begin = 0;  // of the label
    for (std::size_t i = 0; i < host.size(); ++i) {
        const octet k = kinds[static_cast<unsigned char>(h[i])];
        if (k == other) return false;
        if (k != dot) continue;
        if (!label_ok(begin, i)) return false;
        begin = i + 1;
    }
    return label_ok(begin, host.size());
}

#if defined(__SSE2__)
// The letters and digits as ranges of octets (from the grammar's sets: [0-9], [A-Z], [a-z]), each as the vectors of
// its first octet and its width, for a test of 16 octets at once: x is in [first, first + width] when x - first
// (wrapping) is at most width. `count` 0 when there are more ranges than `first` holds (the octet path serves).
struct octet_ranges {
    __m128i first[8]{}, width[8]{};  // a plain array: std::array drops the vector type's attributes
    std::size_t count = 0;
};

const octet_ranges& letter_or_digit_ranges() noexcept {
    static const octet_ranges r = [] {
        std::array<std::array<unsigned, 2>, 8> found{};
        std::size_t count = 0;
        for (unsigned c = 0; c < 0x80; ++c) {
            if (!letter_or_digit(c)) continue;
            if (count > 0 && found[count - 1][1] + 1 == c) found[count - 1][1] = c;
            else if (count == found.size()) return octet_ranges{};
            else found[count++] = {c, c};
        }
        octet_ranges t;
        for (std::size_t i = 0; i < count; ++i) {
            t.first[i] = _mm_set1_epi8(static_cast<char>(found[i][0]));
            t.width[i] = _mm_set1_epi8(static_cast<char>(found[i][1] - found[i][0]));
        }
        t.count = count;
        return t;
    }();
    return r;
}

// The bits of the 16 octets from p: letters or digits, hyphens, dots.
struct ldh_bits {
    unsigned letters, hyphens, dots;
};

ldh_bits classify(const char* p, const octet_ranges& r) noexcept {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i in = _mm_setzero_si128();
    for (std::size_t i = 0; i < r.count; ++i) {
        const __m128i offset = _mm_sub_epi8(x, r.first[i]);
        in = _mm_or_si128(in, _mm_cmpeq_epi8(_mm_min_epu8(offset, r.width[i]), offset));
    }
    return {static_cast<unsigned>(_mm_movemask_epi8(in)),
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('-')))),
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('.'))))};
}

// is_plain_ldh_host for a host of at most 63 octets (so no label is too long), 16 octets at a time: a bit for each
// octet that is a letter or digit, a hyphen, a dot; the label rules are then tests of those masks. A host shorter
// than a block is copied into one, zeros after it (neither LDH nor a dot); a longer one is read in place, its last
// block overlapping the one before.
bool plain_ldh_by_masks(std::string_view host, const octet_ranges& letters) noexcept {
    const std::size_t n = host.size();
    std::uint64_t ldh = 0, hyphens = 0, dots = 0;
    const auto add = [&](const char* p, std::size_t at) {
        const ldh_bits b = classify(p, letters);
        ldh |= std::uint64_t{b.letters} << at;
        hyphens |= std::uint64_t{b.hyphens} << at;
        dots |= std::uint64_t{b.dots} << at;
    };
    if (n < 16) {
        char block[16] = {};
        std::memcpy(block, host.data(), n);
        add(block, 0);
    } else {
        for (std::size_t at = 0; at + 16 <= n; at += 16) add(host.data() + at, at);
        add(host.data() + n - 16, n - 16);
    }
    const std::uint64_t all = (std::uint64_t{1} << n) - 1;
    ldh &= all, hyphens &= all, dots &= all;
    if ((ldh | hyphens | dots) != all) return false;                               // an octet that is none of them
    const std::uint64_t first = ((dots << 1) | 1) & all;                           // each label's first octet
    const std::uint64_t last = ((dots >> 1) | std::uint64_t{1} << (n - 1)) & all;  // and its last
    return (dots & (first | last)) == 0 &&                                         // no empty label
           (hyphens & (first | last)) == 0 &&                                      // no "-" first or last
           ((first << 2) & hyphens & (hyphens >> 1)) == 0;                         // no "--" third and fourth
}
#endif

}  // namespace

bool detail::is_plain_ldh_host(std::string_view host) noexcept {
    if (host.empty() || host.size() > dns_name_octets) return false;
#if defined(__SSE2__)
    if (const octet_ranges& letters = letter_or_digit_ranges(); letters.count > 0 && host.size() <= dns_label_octets)
        return plain_ldh_by_masks(host, letters);
#endif
    return plain_ldh_by_octets(host);
}

result<std::string> host_to_ascii(std::string_view host) { return process(direction::to_ascii, host); }

result<std::string> host_to_unicode(std::string_view host) { return process(direction::to_unicode, host); }

std::string_view idna_unicode_version() noexcept { return detail::idna::unicode_version; }

std::optional<std::string> detail::web_domain_to_ascii(std::string_view domain, bool be_strict) {
    // The URL Standard §3.3, domain parser ToASCII: Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
    // VerifyDnsLength set to beStrict, CheckBidi and CheckJoiners true, nontransitional, IgnoreInvalidPunycode
    // false (the last two are all uts46_to_ascii does).
    const uts46_flags flags{.check_hyphens = be_strict,
                            .check_bidi = true,
                            .check_joiners = true,
                            .use_std3_ascii_rules = be_strict,
                            .verify_dns_length = be_strict};
    uts46_result r = uts46_to_ascii(domain, flags);
    if (r.errors != 0 || r.normalization_failed) return std::nullopt;
    return std::move(r.domain);
}

}  // namespace iri
