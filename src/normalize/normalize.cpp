// Normalization and comparison (RFC 3987 §5.3, 3987bis-13 §5.3, RFC 3986 §6.2), written in one pass into the
// caller's buffer: the text between two "%" is copied as a block (find_first_of finds the next one: in a valid
// component no other byte changes), and only "%HH" triplets, the scheme and US-ASCII-only hosts (case), dot
// segments, ports and IDN hosts take a slower path.
#include "iri/normalize.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>

#include "convert/percent_detail.hpp"
#include "grammar/charset_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "grammar/registry.hpp"
#include "iri/charset.hpp"
#include "iri/convert.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/resolve.hpp"
#include "iri/schemes.hpp"
#include "model/error_detail.hpp"
#include "normalize/normalize_detail.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/nfc_detail.hpp"
#include "text/octet_scan.hpp"

namespace iri {

namespace {

// How a component's text is percent-normalized.
enum class pct_rule : std::uint8_t {
    text,          // §5.3.2.3 only
    ascii_host,    // and §5.3.2.1: a US-ASCII-only host, lowercased
    path,          // and no "%2E" decoded where it would make a dot segment
};

// `s` with its ASCII letters lowercased, appended: eight octets at a time (to_lower_octets), read from `s` and
// written once (lowering the copy in place would read bytes just written, which stalls), the last eight overlapping
// the ones before.
void append_lowered(std::string& out, std::string_view s) {
    const std::size_t at = out.size(), n = s.size();
    out.resize(at + n);
    char* const p = out.data() + at;
    if (n < 8) {
        for (std::size_t i = 0; i < n; ++i) p[i] = detail::to_lower(s[i]);
        return;
    }
    auto lower8 = [&](std::size_t i) {
        std::uint64_t x;
        std::memcpy(&x, s.data() + i, 8);
        x = detail::to_lower_octets(x);
        std::memcpy(p + i, &x, 8);
    };
    for (std::size_t i = 0; i + 8 <= n; i += 8) lower8(i);
    lower8(n - 8);
}

// Which kinds of octets a short text (a scheme, a host) has, eight octets at a time (SWAR; uppercase_octets): an
// octet equal to "%" is a zero octet of x ^ 0x25...25. A text of 8 or more octets ends with an overlapping load.
enum octet_kind : unsigned { upper = 1, non_ascii = 2, percent = 4 };  // a set of them: one register

unsigned kinds_of(std::string_view s) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101u, high = 0x80 * ones;
    std::uint64_t upper = 0, non_ascii = 0, percent = 0;
    auto scan = [&](std::uint64_t x) {
        const std::uint64_t p = x ^ (0x25 * ones);
        upper |= detail::uppercase_octets(x);
        non_ascii |= x & high;
        percent |= (p - ones) & ~p & high;
    };
    // The kinds are a set: an octet read twice (overlapping loads) counts once.
    std::uint64_t x = 0;
    if (s.size() >= 8) {
        std::size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) scan((std::memcpy(&x, s.data() + i, 8), x));
        if (i < s.size()) scan((std::memcpy(&x, s.data() + s.size() - 8, 8), x));
    } else {
        scan(detail::load_up_to_8(s.data(), s.size()));  // the zero octets past the end are none of the three
    }
    return (upper != 0 ? octet_kind::upper : 0u) | (non_ascii != 0 ? octet_kind::non_ascii : 0u) |
           (percent != 0 ? octet_kind::percent : 0u);
}

// Whether §5.3.2.1 changes a scheme or host written without "%", from its octets' `kinds` (kinds_of): it has an
// ASCII uppercase letter and (for a reg-name, `ascii_only`) no other octet than US-ASCII ones.
bool lowercase_changes(unsigned kinds, bool ascii_only) noexcept {
    return (kinds & octet_kind::upper) != 0 && (!ascii_only || (kinds & octet_kind::non_ascii) == 0);
}

// A grammar's unreserved set (§5.3.2.3 decodes the characters in it) and the lead octets E1–EF and C2–DF whose
// three- and two-octet characters it holds entirely (literal_skip.hpp's whole_three_octet_leads and
// whole_two_octet_leads): for those a decoded "%HH%HH%HH" with two trail octets, or "%HH%HH" with one, needs no
// lookup. Built once per grammar.
struct unreserved_set {
    const detail::charset_info* cs = nullptr;
    std::uint16_t whole_leads = 0;
    std::uint32_t whole_two_octet_leads = 0;
    bool ascii_only = true;  // no character from U+0080 (URIs): a triplet of a non-ASCII octet is never decoded
};

const unreserved_set& unreserved_of(grammar g) noexcept {
    static const auto table = [] {
        std::array<unreserved_set, grammar_count> t{};
        for (std::size_t i = 0; i < grammar_count; ++i)
            if (const auto* cs = detail::find_charset(static_cast<grammar>(i), production::unreserved)) {
                const bool ascii_only = cs->count == 0 || cs->ranges[cs->count - 1][1] < 0x80;
                t[i] = {cs, detail::whole_three_octet_leads(*cs), detail::whole_two_octet_leads(*cs), ascii_only};
            }
        return t;
    }();
    return table[static_cast<std::size_t>(g)];
}

// The character that starts with octet `lead` at the triplet at s[i], when it is an unreserved character of the
// grammar (for a multi-byte character, the whole well-formed UTF-8 sequence of "%HH" triplets): its octets in
// `bytes`, and their count; 0 when it is not one.
std::int32_t unreserved_octets(std::string_view s, std::size_t i, int lead, const unreserved_set& u,
                               std::uint8_t (&bytes)[4]) noexcept {
    bytes[0] = static_cast<std::uint8_t>(lead);
    std::int32_t n = 1;
    const std::int32_t want = lead < 0x80 ? 1 : 1 + U8_COUNT_TRAIL_BYTES(lead);
    for (int t = 0; n < want && n < 4 && (t = detail::escape_at(s, i + 3 * static_cast<std::size_t>(n))) >= 0;)
        bytes[n++] = static_cast<std::uint8_t>(t);
    if (want == 3 && n == 3 && ((u.whole_leads >> (lead & 15)) & 1u) && (bytes[1] & 0xC0) == 0x80 &&
        (bytes[2] & 0xC0) == 0x80)
        return 3;  // a lead of the mask: well-formed and in the set (never E0 or ED, RFC 3629 §4)
    if (want == 2 && n == 2 && ((u.whole_two_octet_leads >> (lead & 31)) & 1u) && (bytes[1] & 0xC0) == 0x80)
        return 2;  // likewise (never C0 or C1)
    std::int32_t used = 0;
    UChar32 c = 0;
    U8_NEXT(bytes, used, n, c);
    return c >= 0 && used == want && detail::contains(*u.cs, static_cast<char32_t>(c)) ? used : 0;
}

// §5.3.2.1 and §5.3.2.3 at the "%" at s[i]: the character its triplets encode when it is unreserved, else this one
// octet as "%HH" with uppercase hex, written at p (which moves past it). Returns where the text continues.
std::size_t put_triplets(char*& p, std::string_view s, std::size_t i, const unreserved_set& u, pct_rule k) noexcept {
    const int lead = detail::escape_at(s, i);
    if (lead < 0) {  // not a triplet (never in a valid component)
        *p++ = s[i];
        return i + 1;
    }
    if (lead >= 0x80 && u.ascii_only) {  // never unreserved: only the case of its hex digits changes
        p = detail::put_percent_encoded(p, static_cast<unsigned char>(lead));
        return i + 3;
    }
    std::uint8_t bytes[4];
    const std::int32_t used = unreserved_octets(s, i, lead, u, bytes);
    if (used == 0 || (lead == '.' && k == pct_rule::path && detail::decodes_to_dot_segment(s, i))) {
        p = detail::put_percent_encoded(p, static_cast<unsigned char>(lead));
        return i + 3;
    }
    for (std::int32_t b = 0; b < used; ++b) {
        const char c = static_cast<char>(bytes[b]);
        *p++ = k == pct_rule::ascii_host ? detail::to_lower(c) : c;
    }
    return i + 3 * static_cast<std::size_t>(used);
}

// The digits §5.3.2.1 leaves as they are ("0"-"9", "A"-"F").
constexpr auto upper_hex_digits = [] {
    std::array<bool, 256> t{};
    for (const char* d = detail::hex_digits; *d; ++d) t[static_cast<unsigned char>(*d)] = true;
    return t;
}();

// True when no triplet of `s` changes under §5.3.2.1 and §5.3.2.3: each "%" is followed by two uppercase hex
// digits, of an ASCII octet outside the unreserved set `u`, or of an octet from 0x80 where `u` is US-ASCII only
// (URIs: percent-encoded UTF-8, as Wikipedia writes its links). The text is then its own normal form; a query's
// encoded delimiters ("%3D", "%26", "%2F") are the common case.
bool triplets_already_normal(std::string_view s, const unreserved_set& u) noexcept {
    const char* p = s.data();
    const char* const end = p + s.size();
    while ((p = detail::find_first_of<'%'>(p, end, s.data())) != end) {
        do {  // triplets in a row: no search
            if (end - p < 3 || !upper_hex_digits[static_cast<unsigned char>(p[1])] ||
                !upper_hex_digits[static_cast<unsigned char>(p[2])])
                return false;
            const auto octet = static_cast<unsigned>(hex_value(p[1]) << 4 | hex_value(p[2]));
            if (octet >= 0x80 ? !u.ascii_only : detail::contains_ascii(*u.cs, octet)) return false;
            p += 3;
        } while (p != end && *p == '%');
        if (p == end) break;
    }
    return true;
}

// §5.3.2.3 (and §5.3.2.1 for `k`): the runs between "%" copied as blocks, each triplet normalized, all written into
// the output's room at once (never longer than `s`: a decoded character is shorter than its triplets).
void append_pct_normalized(std::string& out, std::string_view s, const unreserved_set& u, pct_rule k) {
    if (k != pct_rule::ascii_host && triplets_already_normal(s, u)) {
        out.append(s);
        return;
    }
    const std::size_t at = out.size();
    out.resize(at + s.size());
    char* p = out.data() + at;
    const char* const end = s.data() + s.size();
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '%') {  // triplets in a row (percent-encoded UTF-8): no search
            // Three-octet characters the set holds entirely, nine bytes at a time (room: the output is behind).
            while (s.size() - i >= 9 && detail::decode_whole_three_octets(s.data() + i, p, u.whole_leads)) {
                p += 3;
                i += 9;
            }
            if (i < s.size() && s[i] == '%') i = put_triplets(p, s, i, u, k);
            continue;
        }
        const char* const run_end = detail::find_first_of<'%'>(s.data() + i, end, s.data());
        const std::size_t j = static_cast<std::size_t>(run_end - s.data());
        std::memcpy(p, s.data() + i, j - i);
        if (k == pct_rule::ascii_host)
            for (char* c = p; c != p + (j - i); ++c) *c = detail::to_lower(*c);
        p += j - i;
        i = j;
    }
    out.resize(static_cast<std::size_t>(p - out.data()));
}

// §5.3.2.1: a "US-ASCII only" host: no non-ASCII character, literal or percent-encoded (RFC 3986 §3.2.2 writes a
// non-ASCII reg-name as its percent-encoded UTF-8, so "%C3%A9" is an "é").
bool ascii_only_host(std::string_view h) noexcept {
    if (h.find('%') == std::string_view::npos) return detail::is_ascii(h);
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (static_cast<unsigned char>(h[i]) >= 0x80) return false;
        if (detail::escape_at(h, i) >= 0x80) return false;
    }
    return true;
}

// Whether UTS #46 can change a syntax-normalized reg-name: it has a non-ASCII or percent-encoded character, or a
// label that starts with "xn--" (an ASCII host without one is already lowercase, UTS #46's only change to it).
// `kinds` are those of h (kinds_of).
bool needs_uts46(std::string_view h, unsigned kinds) noexcept {
    return (kinds & (octet_kind::non_ascii | octet_kind::percent)) != 0 || h.starts_with("xn--") ||
           h.find(".xn--") != std::string_view::npos;
}

// §5.3.2.2: out[from, ...) in NFC. ASCII text, and text in NFC, stay as they are (no copy); `changed` is set
// when the text is rewritten. False when ICU failed.
bool nfc_in_place(std::string& out, std::size_t from, bool& changed) {
    const std::string_view s = std::string_view(out).substr(from);
    if (detail::is_ascii(s)) return true;
    thread_local std::string normal;  // reused: no allocation once large enough
    normal.clear();
    const std::optional<bool> rewritten = detail::append_nfc_if_changed(normal, s);  // linear (nfc_detail.hpp)
    if (!rewritten) return false;
    if (!*rewritten) return true;
    out.resize(from);
    out += normal;
    changed = true;
    return true;
}

// The RFC 5952 text form of an IPv6 address literal (ip_address.hpp), or the literal as written if it is not one.
void append_ipv6_literal(std::string& out, std::string_view literal) {
    const auto addr = detail::parse_ipv6(literal);
    if (addr) detail::append_ipv6_text(out, *addr);
    else out.append(literal);
}

// One normal form being written: each step appends one component, normalized, to `out`.
class normal_writer {
public:
    // `known`: the scheme's row of the table at the scheme rung, else nullptr.
    normal_writer(std::string& out, const detail::target_parts& t, const normalize_options& o,
                  std::string_view normal_head, const scheme_info* known)
        : out_(out), t_(t), o_(o), normal_head_(normal_head), syntax_(o.rung != rung::simple),
          scheme_rung_(o.rung == rung::scheme), known_(known) {}

    // False when ICU failed (NFC).
    bool write() {
        if (!normal_head_.empty()) {
            out_.append(normal_head_);
        } else {
            if (t_.scheme) {
                put_lowered(t_.scheme->scheme());
                out_ += ':';
            }
            if (t_.authority) authority(*t_.authority);
        }
        path();
        if (t_.query) {
            out_ += '?';
            put(t_.query->query());
        }
        if (t_.fragment && o_.keep_fragment) {
            out_ += '#';
            put(t_.fragment->fragment());
        }
        return !failed_;
    }
    // Whether NFC rewrote a component.
    [[nodiscard]] bool nfc_changed() const noexcept { return nfc_changed_; }

private:
    // A component's text: percent-encoding normalized (syntax), then NFC (when asked). Without "%" it is copied as
    // one block (and lowercased in place for a US-ASCII-only host), or, non-ASCII with NFC asked, normalized from
    // where it is.
    void put(std::string_view s, pct_rule k = pct_rule::text) {
        const std::size_t from = out_.size();
        const char* const end = s.data() + s.size();
        if (!syntax_ || detail::find_first_of<'%'>(s.data(), end, s.data()) == end) {
            if (o_.nfc && !detail::is_ascii(s)) return put_nfc(s);
            if (k == pct_rule::ascii_host) append_lowered(out_, s);
            else out_.append(s);
            return;  // ASCII, or no NFC asked
        }
        if (const unreserved_set& u = unreserved_of(t_.variant); u.cs) append_pct_normalized(out_, s, u, k);
        else out_.append(s);
        if (o_.nfc && !nfc_in_place(out_, from, nfc_changed_)) failed_ = true;
    }
    // A non-ASCII component with nothing to decode, normalized to NFC from where it is: not copied first.
    void put_nfc(std::string_view s) {
        const std::optional<bool> rewritten = detail::append_nfc_if_changed(out_, s);  // linear (nfc_detail.hpp)
        if (!rewritten) failed_ = true;
        else if (*rewritten) nfc_changed_ = true;
        else out_.append(s);
    }
    void put_lowered(std::string_view s) {
        if (syntax_) append_lowered(out_, s);
        else out_.append(s);
    }

    void authority(const reference_view& a) {
        out_ += "//";
        if (a.has_userinfo()) {
            put(a.userinfo());
            out_ += '@';
        }
        switch (a.host_kind()) {
            case host_kind::reg_name: reg_name(a.host()); break;
            case host_kind::ipv6:
                if (scheme_rung_) {
                    out_ += '[';
                    append_ipv6_literal(out_, a.host().substr(1, a.host().size() - 2));
                    out_ += ']';
                } else {
                    put_lowered(a.host());
                }
                break;
            default: put_lowered(a.host());  // IPv4address (digits and dots), IPvFuture (case-insensitive), none
        }
        port(a);
    }

    // §5.3.2.1: only a US-ASCII-only host is lowercased; §5.3.3: IDN equivalence where the scheme's hosts are
    // DNS names (the scheme table's dns_host).
    void reg_name(std::string_view host) {
        const std::size_t from = out_.size();
        put(host, syntax_ && ascii_only_host(host) ? pct_rule::ascii_host : pct_rule::text);
        if (!scheme_rung_ || !known_ || !known_->dns_host) return;
        const std::string_view written = std::string_view(out_).substr(from);
        if (!needs_uts46(written, kinds_of(written))) return;
        if (auto idn = detail::idn_equivalent_host(written, t_.variant)) {
            out_.resize(from);
            out_ += *idn;
        }
    }

    // §5.3.3: an empty port, or the scheme's default, is removed; another is written as its number.
    void port(const reference_view& a) {
        if (!a.has_port()) return;
        const port_status ps = a.port_status();
        if (scheme_rung_ && (ps == port_status::empty || (ps == port_status::in_range && known_ &&
                                                          known_->default_port && a.port_number() == *known_->default_port)))
            return;
        out_ += ':';
        if (scheme_rung_ && ps == port_status::in_range) {
            char digits[8];
            out_.append(digits, std::to_chars(digits, digits + sizeof digits, a.port_number()).ptr);
        } else {
            out_.append(a.port());
        }
    }

    // §5.3.2.4 (for references with a scheme; a relative reference keeps its dot segments, whose meaning depends
    // on the base) and RFC 3986 §5.2.4 (for a resolved target's path), then §5.3.3's "/" for an empty path.
    void path() {
        const std::size_t from = out_.size();
        put(t_.path_prefix, pct_rule::path);
        put(t_.path, pct_rule::path);
        if ((t_.remove_dots || (syntax_ && t_.scheme)) && !t_.no_dot_segment)
            out_.resize(from + detail::remove_dot_segments_in_place(out_.data() + from, out_.size() - from));
        // Without an authority a path must not begin with "//" (RFC 3986 §3.3): "/." before it, as resolve() does.
        if (!t_.authority && out_.size() - from >= 2 && out_[from] == '/' && out_[from + 1] == '/')
            out_.insert(from, "/.");
        if (scheme_rung_ && t_.authority && out_.size() == from && known_ && known_->empty_path_is_root) out_ += '/';
    }

    std::string& out_;
    const detail::target_parts& t_;
    const normalize_options& o_;
    const std::string_view normal_head_;
    const bool syntax_, scheme_rung_;
    const scheme_info* known_;
    bool failed_ = false;
    bool nfc_changed_ = false;
};

// §5.3.3's changes to a host and port that the syntax rung leaves: none when this holds. `idn_may_change`: UTS #46
// can change the host as a reg-name (needs_uts46). A scheme's own rule (urn, mailto, file) is applied to the whole
// normal form once written (append_normal_form), or asked of a reference copied whole (survey_of).
bool scheme_rung_keeps(const reference_view& r, const scheme_info* known, bool idn_may_change) noexcept {
    if (r.host_kind() == host_kind::ipv6) return false;  // the RFC 5952 form: written by the slow path
    if (known && known->dns_host && r.host_kind() == host_kind::reg_name && idn_may_change) return false;
    if (r.has_port()) {
        const std::string_view port = r.port();
        if (port.empty() || (r.port_status() == port_status::in_range && port.size() > 1 && port[0] == '0'))
            return false;
        if (known && known->default_port && r.port_status() == port_status::in_range &&
            r.port_number() == *known->default_port)
            return false;
    }
    return true;
}

using detail::head_end;

// The scheme and authority of `r` are their own normal form (its "%", and with NFC its non-ASCII characters, are
// looked for by the caller): a lowercase scheme, no uppercase letter where §5.3.2.1 lowers it (a US-ASCII-only
// reg-name, an IP literal) and at the scheme rung nothing §5.3.3 changes. `known` is the scheme's row at the scheme
// rung.
bool head_normal(const reference_view& r, const normalize_options& o, const scheme_info* known) noexcept {
    if (o.rung == rung::simple || lowercase_changes(kinds_of(r.scheme()), false)) return false;
    if (!r.has_authority()) return true;
    const unsigned host = kinds_of(r.host());
    if (lowercase_changes(host, r.host_kind() == host_kind::reg_name)) return false;
    return o.rung != rung::scheme || scheme_rung_keeps(r, known, needs_uts46(r.host(), host));
}

// head_normal, told by octets_of whether the scheme and authority have an octet it reads (`may_change`): when
// they have none, only the scheme rung's port rules are left.
bool head_kept(const reference_view& r, const normalize_options& o, const scheme_info* known,
                 bool may_change) noexcept {
    if (may_change) return head_normal(r, o, known);
    return o.rung != rung::simple &&
           (o.rung != rung::scheme || !r.has_authority() || scheme_rung_keeps(r, known, false));
}

// True when the triplets after the first `head` octets of `r` (its scheme and authority, which have no "%") are
// ones §5.3.2.1 and §5.3.2.3 leave as they are (triplets_already_normal: what the writer asks of each component
// before it copies it).
bool triplets_after_head_normal(const reference_view& r, std::size_t head) noexcept {
    const unreserved_set& u = unreserved_of(r.variant());
    return !u.cs || triplets_already_normal(r.str().substr(head), u);
}

// How much of `r` is already its normal form at the syntax or scheme rung (with NFC: where it is ASCII).
enum class normal_extent : std::uint8_t {
    none,
    head,   // its head, the scheme and authority: the writer copies them as one block
    whole,   // all of it: copied as one block
};

// What one pass over a reference's octets (octets_of) tells its writer.
struct normal_survey {
    normal_extent extent = normal_extent::none;
    // The path may hold a dot segment: it has a "/." or starts with ".". A "%2E" the writer decodes never makes one
    // (put_triplets), and NFC writes no ".", so without these §5.3.2.4 has nothing to remove.
    bool dot_segment_possible = true;
};

// The scheme and authority are normal when they have no "%" (a "%" in a host is left to the writer: its rules read
// the host decoded, IDN §5.3.3), nothing NFC may change, and head_normal holds (asked only when octets_of found
// an octet it reads). The whole reference is when, besides, no triplet changes, NFC has nothing to do (§5.3.2.2:
// it changes no ASCII text), no dot segment is to be removed (§5.3.2.4) and at the scheme rung nothing §5.3.3
// changes: no default port or empty path, and no change by the scheme's own rule (urn, mailto, file).
normal_survey survey_of(const reference_view& r, const normalize_options& o, detail::normal_purpose purpose) noexcept {
    if (o.rung == rung::simple) return {};
    const scheme_info* known = o.rung == rung::scheme && r.has_scheme() ? find_scheme(r.scheme()) : nullptr;
    const std::string_view s = r.str();
    const std::size_t head = head_end(r);
    const detail::text_octets v = detail::octets_of(s.data(), s.size(), head);
    const std::string_view path = r.path();
    const bool dots = v.slash_dot || path.starts_with('.');
    if ((v.percent && detail::find_first_of<'%'>(s.data(), s.data() + head, s.data()) != s.data() + head) ||
        (o.nfc && v.head_may_change) || !head_kept(r, o, known, v.head_may_change))
        return {normal_extent::none, dots};
    if ((o.nfc && v.non_ascii) || (v.percent && !triplets_after_head_normal(r, head)))
        return {normal_extent::head, dots};
    if (r.has_scheme() && dots && detail::first_dot_segment(path) != path.size())
        return {normal_extent::head, true};
    if (r.has_authority() && path.empty() && known && known->empty_path_is_root)
        return {normal_extent::head, false};
    if (known && known->equivalence != scheme_equivalence::none && detail::scheme_rule_may_change(*known, s, purpose))
        return {normal_extent::head, false};
    return {normal_extent::whole, false};
}

}  // namespace

namespace detail {

std::size_t head_end(const reference_view& r) noexcept {
    if (r.has_authority()) return r.offsets()[component::authority].end;
    return r.has_scheme() ? r.offsets()[component::scheme].end + 1 : 0;
}

result<std::size_t> rewrite_as_uri(std::string& out, std::size_t from, grammar g) {
    const std::string form = out.substr(from);
    out.resize(from);
    return append_to_uri(out, form, g, {.host = host_mapping::idna});
}

bool head_already_normal(const reference_view& r, const normalize_options& o) noexcept {
    const std::string_view head = r.str().substr(0, head_end(r));
    const text_octets v = octets_of(head.data(), head.size(), head.size());
    if (v.percent || (o.nfc && v.non_ascii)) return false;  // §5.3.2.2: NFC changes no ASCII text
    return head_kept(r, o, o.rung == rung::scheme && r.has_scheme() ? find_scheme(r.scheme()) : nullptr,
                       v.head_may_change);
}

result<std::size_t> append_normal_form(std::string& out, const target_parts& t, const normalize_options& o,
                                       std::string_view source, std::string_view normal_head,
                                       normal_purpose purpose) {
    const std::size_t start = out.size();
    const scheme_info* known = o.rung == rung::scheme && t.scheme ? find_scheme(t.scheme->scheme()) : nullptr;
    normal_writer writer(out, t, o, normal_head, known);
    if (!writer.write()) {
        out.resize(start);
        return make_error(errc::unicode_failure, source, 0, t.variant, production::uri_reference);
    }
    if (known) apply_scheme_equivalence(out, start, *known, purpose);  // §5.3.3: urn, mailto, file
    // Valid by construction where NFC changed nothing (decoding unreserved characters, lowercasing and removing dot
    // segments keep every component in its production); a component NFC rewrote is checked.
    if (writer.nfc_changed()) {
        if (auto check = iri::parse(std::string_view(out).substr(start), t.variant, production::uri_reference);
            !check) {
            out.resize(start);
            return check.error();
        }
    }
    if (o.as_uri) return rewrite_as_uri(out, start, t.variant);
    return out.size() - start;
}

}  // namespace detail

namespace {

result<std::size_t> append_form(std::string& out, const reference_view& r, const normalize_options& o,
                                detail::normal_purpose purpose) {
    // §5.3.1: the string itself; or a reference no rule changes
    const normal_survey survey =
        o.rung == rung::simple && !o.nfc ? normal_survey{normal_extent::whole, false} : survey_of(r, o, purpose);
    if (survey.extent == normal_extent::whole) {
        const std::string_view s = !o.keep_fragment && r.has_fragment()
                                       ? r.str().substr(0, r.offsets()[component::fragment].begin - 1)
                                       : r.str();
        out.append(s);
        if (o.as_uri) return detail::rewrite_as_uri(out, out.size() - s.size(), r.variant());
        return s.size();
    }
    const std::string_view head = survey.extent == normal_extent::head ? r.str().substr(0, head_end(r)) : "";
    detail::target_parts parts = detail::parts_of(r);
    parts.no_dot_segment = !survey.dot_segment_possible;
    return detail::append_normal_form(out, parts, o, r.str(), head, purpose);
}

}  // namespace

result<std::size_t> append_normalized(std::string& out, const reference_view& r, const normalize_options& o) {
    return append_form(out, r, o, detail::normal_purpose::reference);
}

result<std::string> normalize(const reference_view& r, const normalize_options& o) {
    std::string out;
    out.reserve(r.str().size() + 4);
    if (auto n = append_normalized(out, r, o); !n) return n.error();
    return out;
}

result<std::string> normalize(std::string_view text, grammar g, const normalize_options& o) {
    auto r = reference_view::parse(text, g);
    if (!r) return r.error();
    return normalize(*r, o);
}

bool equivalent(const reference_view& a, const reference_view& b, const normalize_options& given) {
    normalize_options o = given;
    o.as_uri = false;  // the keys compare as IRIs (normalize.hpp)
    auto without_fragment = [&](const reference_view& r) {
        return !o.keep_fragment && r.has_fragment() ? r.str().substr(0, r.offsets()[component::fragment].begin - 1)
                                                    : r.str();
    };
    if (without_fragment(a) == without_fragment(b)) return true;  // no allocation
    if (o.rung == rung::simple && !o.nfc) return false;
    auto na = canonical_key(a, o);
    auto nb = canonical_key(b, o);
    return na && nb && *na == *nb;
}

result<bool> equivalent(std::string_view a, std::string_view b, grammar g, const normalize_options& o) {
    auto ra = reference_view::parse(a, g);
    if (!ra) return ra.error();
    auto rb = reference_view::parse(b, g);
    if (!rb) return rb.error();
    return equivalent(*ra, *rb, o);
}

result<std::string> canonical_key(const reference_view& r, const normalize_options& o) {
    std::string out;
    out.reserve(r.str().size() + 4);
    if (auto n = append_canonical_key(out, r, o); !n) return n.error();
    return out;
}

result<std::size_t> append_canonical_key(std::string& out, const reference_view& r, const normalize_options& o) {
    return append_form(out, r, o, detail::normal_purpose::key);
}

}  // namespace iri

namespace iri::detail {

std::optional<std::string> idn_equivalent_host(std::string_view host, grammar g) {
    // Percent-encoded UTF-8 in the host is its characters (3987bis §3.4.2 decodes it before ToASCII).
    std::string decoded;
    if (host.find('%') != std::string_view::npos) {
        auto d = percent_decode_utf8(host);
        if (!d) return std::nullopt;
        decoded = std::move(*d);
        host = decoded;
    }
    const bool unicode = detail::info(g).unicode_reg_name;  // does the grammar take U-labels? (generated)
    auto mapped = unicode ? host_to_unicode(host) : host_to_ascii(host);
    if (!mapped || !is_valid(*mapped, g, production::reg_name)) return std::nullopt;
    return std::move(*mapped);
}

}  // namespace iri::detail
