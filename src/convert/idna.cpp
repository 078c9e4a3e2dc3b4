// UTS #46 processing of host names through ICU (icu::IDNA).
#include "iri/idna.hpp"

#include <unicode/bytestream.h>
#include <unicode/idna.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "convert/idna_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace {

// One instance for the process: ICU's IDNA objects are immutable and thread-safe once built.
const icu::IDNA* uts46() noexcept {
    static const std::unique_ptr<icu::IDNA> instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        std::unique_ptr<icu::IDNA> p(
            icu::IDNA::createUTS46Instance(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                               UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                           status));
        return U_SUCCESS(status) ? std::move(p) : nullptr;
    }();
    return instance.get();
}

enum class direction { to_ascii, to_unicode };

// One name or label through ICU: the output, and the UTS #46 error bits (0: none).
bool convert(direction d, bool label, std::string_view in, std::string& out, std::uint32_t& errors) {
    const icu::IDNA* idna = uts46();
    if (!idna) return false;
    UErrorCode status = U_ZERO_ERROR;
    icu::IDNAInfo info;
    icu::StringByteSink<std::string> sink(&out);
    const icu::StringPiece piece(in.data(), static_cast<int32_t>(in.size()));
    if (d == direction::to_ascii) {
        label ? idna->labelToASCII_UTF8(piece, sink, info, status) : idna->nameToASCII_UTF8(piece, sink, info, status);
    } else {
        label ? idna->labelToUnicodeUTF8(piece, sink, info, status)
              : idna->nameToUnicodeUTF8(piece, sink, info, status);
    }
    if (U_FAILURE(status)) return false;
    errors = info.getErrors();
    return true;
}

error idna_error(std::string_view host, std::size_t begin, std::size_t end, std::uint32_t errors) {
    error e = detail::text_error(errc::idna_failed, host, begin, end - begin);
    e.where = component::host;
    e.idna_errors = errors;
    return e;
}

// A host or label longer than any DNS allows (idna.hpp) is refused before UTS #46, whose work on one name is
// not linear in ICU.
std::optional<error> beyond_dns(std::string_view host) {
    if (host.size() > max_idna_host_bytes) return idna_error(host, 0, host.size(), UIDNA_ERROR_DOMAIN_NAME_TOO_LONG);
    for (std::size_t begin = 0; begin <= host.size();) {
        const std::size_t end = std::min(host.find('.', begin), host.size());
        if (end - begin > max_idna_label_bytes) return idna_error(host, begin, end, UIDNA_ERROR_LABEL_TOO_LONG);
        begin = end + 1;
    }
    return std::nullopt;
}

result<std::string> process(direction d, std::string_view host) {
    if (detail::is_plain_ldh_host(host)) {  // UTS #46 lowercases it, and that is all (idna_detail.hpp)
        std::string out(host);
        for (char& c : out) c = detail::to_lower(c);
        return out;
    }
    if (auto too_long = beyond_dns(host)) return *too_long;
    std::string out;
    std::uint32_t errors = 0;
    if (!convert(d, false, host, out, errors)) return detail::text_error(errc::unicode_failure, host, 0, 0);
    if (errors == 0) return out;
    // Name the label: the first one that fails alone; the whole host when none does (a name too long).
    for (std::size_t begin = 0; begin <= host.size();) {
        std::size_t end = host.find('.', begin);
        if (end == std::string_view::npos) end = host.size();
        std::string ignored;
        std::uint32_t label_errors = 0;
        if (end > begin && convert(d, true, host.substr(begin, end - begin), ignored, label_errors) &&
            label_errors != 0)
            return idna_error(host, begin, end, label_errors);
        begin = end + 1;
    }
    return idna_error(host, 0, host.size(), errors);
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

}  // namespace iri
