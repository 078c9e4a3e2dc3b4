// UTS #46 processing of host names through ICU (icu::IDNA).
#include "iri/idna.hpp"

#include <unicode/bytestream.h>
#include <unicode/idna.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convert/idna_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "model/error_detail.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

namespace {

// An ICU UTS #46 instance with `options`, or nullptr when ICU cannot make one.
std::unique_ptr<icu::IDNA> make_uts46(std::uint32_t options) noexcept {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::IDNA> p(icu::IDNA::createUTS46Instance(options, status));
    return U_SUCCESS(status) ? std::move(p) : nullptr;
}

// One instance for the process: ICU's IDNA objects are immutable and thread-safe once built.
const icu::IDNA* uts46() noexcept {
    static const std::unique_ptr<icu::IDNA> instance =
        make_uts46(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII |
                   UIDNA_NONTRANSITIONAL_TO_UNICODE);
    return instance.get();
}

// The URL Standard's relaxed flags (§3.3, beStrict false): UseSTD3ASCIIRules false. ICU has no switch for
// CheckHyphens or VerifyDnsLength: it reports their errors, which web_domain_to_ascii then ignores.
const icu::IDNA* uts46_web_relaxed() noexcept {
    static const std::unique_ptr<icu::IDNA> instance = make_uts46(
        UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE);
    return instance.get();
}

enum class direction { to_ascii, to_unicode };

// One name or label through ICU instance `idna`: the output, and the UTS #46 error bits (0: none).
bool convert(const icu::IDNA* idna, direction d, bool label, std::string_view in, std::string& out,
             std::uint32_t& errors) {
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
    if (!convert(uts46(), d, false, host, out, errors)) return detail::text_error(errc::unicode_failure, host, 0, 0);
    if (errors == 0) return out;
    // Name the label: the first one that fails alone; the whole host when none does (a name too long).
    for (std::size_t begin = 0; begin <= host.size();) {
        std::size_t end = host.find('.', begin);
        if (end == std::string_view::npos) end = host.size();
        std::string ignored;
        std::uint32_t label_errors = 0;
        if (end > begin && convert(uts46(), d, true, host.substr(begin, end - begin), ignored, label_errors) &&
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

namespace {

// The longest name web_domain_to_ascii gives ICU at once. ICU splices each label's result into the whole name, so
// its work on one name grows with the square of its labels; a longer name goes through in pieces of whole labels.
constexpr std::size_t web_piece_bytes = 1024;

// Whether `name` (UTF-8, ICU's ToUnicode output) has a right-to-left label: a character of bidi class R, AL or AN
// (RFC 5893 §1.4, UTS #46 §4.1 V8).
bool has_rtl_label(std::string_view name) noexcept {
    const auto* s = reinterpret_cast<const std::uint8_t*>(name.data());
    const auto n = static_cast<std::int64_t>(name.size());
    for (std::int64_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        const UCharDirection d = c < 0 ? U_OTHER_NEUTRAL : u_charDirection(c);
        if (d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC || d == U_ARABIC_NUMBER) return true;
    }
    return false;
}

// ToASCII of a long name, `pieces` of whole labels (cut at "."), their outputs joined by "." into `out` and their
// errors or'ed: UTS #46 processes a name label by label but for two things. CheckBidi's rule applies to every label
// once one label of the name is right-to-left (a "Bidi domain name"): when one piece has such a label, each other
// piece is checked again with a right-to-left label (U+05D0, valid alone) after it. And VerifyDnsLength's limits are
// on the whole: the name's length is counted here, and a piece whose output ends in "." (it ended in an empty label,
// which is not the root) is an empty label.
bool to_ascii_in_pieces(const icu::IDNA* idna, const std::vector<std::string_view>& pieces, std::string& out,
                        std::uint32_t& errors) {
    std::vector<bool> rtl(pieces.size());
    bool any_rtl = false;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i) out += '.';
        const std::size_t start = out.size();
        std::uint32_t e = 0;
        if (!convert(idna, direction::to_ascii, false, pieces[i], out, e)) return false;
        errors |= e;
        if (out.size() > start && out.back() == '.' && i + 1 < pieces.size()) errors |= UIDNA_ERROR_EMPTY_LABEL;
        std::string unicode;
        if (!convert(idna, direction::to_unicode, false, pieces[i], unicode, e)) return false;
        rtl[i] = has_rtl_label(unicode);
        any_rtl = any_rtl || rtl[i];
    }
    for (std::size_t i = 0; any_rtl && i < pieces.size(); ++i) {
        if (rtl[i]) continue;
        std::string probe(pieces[i]), ignored;
        probe += ".\xD7\x90";  // U+05D0 HEBREW LETTER ALEF
        std::uint32_t e = 0;
        if (!convert(idna, direction::to_ascii, false, probe, ignored, e)) return false;
        errors |= e & UIDNA_ERROR_BIDI;
    }
    const std::size_t length = !out.empty() && out.back() == '.' ? out.size() - 1 : out.size();
    if (length > dns_name_octets) errors |= UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
    return true;
}

// ICU's UTS #46 normalization data (the mapping table and NFC in one Normalizer2), or nullptr.
const icu::Normalizer2* uts46_normalizer() noexcept {
    static const icu::Normalizer2* const instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        const icu::Normalizer2* n = icu::Normalizer2::getInstance(nullptr, "uts46", UNORM2_COMPOSE, status);
        return U_SUCCESS(status) ? n : nullptr;
    }();
    return instance;
}

struct mark {
    std::uint8_t ccc;  // canonical combining class, not 0
    UChar32 c;
};

// A stable sort of `run` by canonical combining class, in time linear in its length.
void sort_by_combining_class(std::vector<mark>& run) {
    const auto by_ccc = [](const mark& a, const mark& b) { return a.ccc < b.ccc; };
    if (run.size() <= 64) {
        std::stable_sort(run.begin(), run.end(), by_ccc);
        return;
    }
    std::array<std::size_t, 257> start{};
    for (const mark& m : run) ++start[m.ccc + 1u];
    for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
    std::vector<mark> sorted(run.size());
    for (const mark& m : run) sorted[start[m.ccc]++] = m;
    run = std::move(sorted);
}

// `domain` (UTF-8) with each run of combining marks that UTS #46 maps to themselves put in canonical order (the
// Unicode Standard §3.11, Canonical Ordering Algorithm: a stable sort by combining class), or nullopt when every
// run is in order already. ICU's normalizer orders a run by insertion, in time that grows with the square of its
// length; given runs in order, it appends. NFC is unchanged: such a run is a contiguous part of a run of the
// mapped and decomposed text (each mark is its own mapping and decomposition), and a stable sort of a part
// keeps the order of equal classes, so the stable sort of the whole run gives the same sequence.
std::optional<std::string> marks_in_canonical_order(std::string_view domain) {
    const icu::Normalizer2* normalizer = uts46_normalizer();
    if (!normalizer || detail::is_ascii(domain)) return std::nullopt;
    const auto* s = reinterpret_cast<const std::uint8_t*>(domain.data());
    const auto n = static_cast<std::int64_t>(domain.size());
    std::optional<std::string> out;
    std::vector<mark> run;
    std::size_t run_begin = 0;
    const auto end_run = [&](std::size_t end) {
        const bool ordered =
            std::is_sorted(run.begin(), run.end(), [](const mark& a, const mark& b) { return a.ccc < b.ccc; });
        if (!ordered) {
            if (!out) out.emplace(domain.substr(0, run_begin));
            sort_by_combining_class(run);
            for (const mark& m : run) detail::append_utf8(*out, static_cast<std::uint32_t>(m.c));
        } else if (out) {
            out->append(domain.substr(run_begin, end - run_begin));
        }
        run.clear();
    };
    icu::UnicodeString mapping;
    for (std::int64_t i = 0; i < n;) {
        const auto at = static_cast<std::size_t>(i);
        UChar32 c = 0;
        U8_NEXT(s, i, n, c);
        const std::uint8_t ccc = c < 0 ? 0 : normalizer->getCombiningClass(c);
        if (ccc != 0 && !normalizer->getDecomposition(c, mapping)) {
            if (run.empty()) run_begin = at;
            run.push_back({ccc, c});
            continue;
        }
        if (!run.empty()) end_run(at);
        if (out) out->append(domain.substr(at, static_cast<std::size_t>(i) - at));
    }
    if (!run.empty()) end_run(domain.size());
    return out;
}

}  // namespace

std::optional<std::string> detail::web_domain_to_ascii(std::string_view domain, bool be_strict) {
    // The errors of the checks the relaxed flags turn off: CheckHyphens (UTS #46 §4.1 V2, V3) and VerifyDnsLength
    // (§4.2 step 4: empty labels, labels and names too long).
    constexpr std::uint32_t hyphens = UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;
    constexpr std::uint32_t dns_length =
        UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
    const icu::IDNA* idna = be_strict ? uts46() : uts46_web_relaxed();
    const std::optional<std::string> ordered = marks_in_canonical_order(domain);
    if (ordered) domain = *ordered;
    std::string out;
    std::uint32_t errors = 0;
    if (domain.size() <= web_piece_bytes) {
        if (!convert(idna, direction::to_ascii, false, domain, out, errors)) return std::nullopt;
    } else {
        // Pieces of at least web_piece_bytes (one label may be longer), each ending before a "."; a final "." (the
        // root) is kept out of them.
        const bool root = domain.back() == '.';
        const std::string_view labels = root ? domain.substr(0, domain.size() - 1) : domain;
        std::vector<std::string_view> pieces;
        for (std::size_t begin = 0;;) {
            const std::size_t cut = labels.find('.', std::min(begin + web_piece_bytes, labels.size()));
            pieces.push_back(
                labels.substr(begin, cut == std::string_view::npos ? std::string_view::npos : cut - begin));
            if (cut == std::string_view::npos) break;
            begin = cut + 1;
        }
        if (!to_ascii_in_pieces(idna, pieces, out, errors)) return std::nullopt;
        if (root) out += '.';
    }
    if (!be_strict) errors &= ~(hyphens | dns_length);
    if (errors != 0) return std::nullopt;
    return out;
}

result<std::string> host_to_unicode(std::string_view host) { return process(direction::to_unicode, host); }

}  // namespace iri
