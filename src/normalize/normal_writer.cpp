// The writer of a normal form (RFC 3987 §5.3, 3987bis-13 §5.3, RFC 3986 §6.2): each component appended to the
// caller's buffer, normalized, in one pass; the text between two "%" copied as a block, and only "%HH" triplets, the
// scheme and US-ASCII-only hosts (case), dot segments, ports and IDN hosts taking a slower path. What asks for it,
// and tells a reference that is already its normal form, is normalize.cpp.
#include "normalize/normalize_detail.hpp"

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
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/resolve.hpp"
#include "iri/schemes.hpp"
#include "model/error_detail.hpp"
#include "normalize/normal_octets.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/nfc_detail.hpp"
#include "text/octet_scan.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

namespace {

using detail::kinds_of;
using detail::lowercase_changes;
using detail::needs_uts46;
using detail::octet_kind;
using detail::triplets_already_normal;
using detail::unreserved_of;
using detail::unreserved_set;

// How a component's text is percent-normalized.
enum class pct_rule : std::uint8_t {
    text,        // §5.3.2.3 only
    ascii_host,  // and §5.3.2.1: a US-ASCII-only host, lowercased
    path,        // and no "%2E" decoded where it would make a dot segment
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

// The character that starts with octet `lead` at the triplet at s[i], when it is an unreserved character of the
// grammar (for a multi-byte character, the whole well-formed UTF-8 sequence of "%HH" triplets): its octets in
// `bytes`, and their count; 0 when it is not one.
std::int32_t unreserved_octets(std::string_view s, std::size_t i, int lead, const unreserved_set& u,
                               std::uint8_t (&bytes)[4]) noexcept {
    bytes[0] = static_cast<std::uint8_t>(lead);
    std::int32_t n = 1;
    const std::int32_t want =
        lead < 0x80 ? 1 : std::max<std::int32_t>(1, detail::utf8_length[static_cast<std::uint8_t>(lead)]);
    for (int t = 0; n < want && n < 4 && (t = detail::escape_at(s, i + 3 * static_cast<std::size_t>(n))) >= 0;)
        bytes[n++] = static_cast<std::uint8_t>(t);
    if (want == 3 && n == 3 && ((u.whole_leads >> (lead & 15)) & 1u) && detail::is_utf8_trail(bytes[1]) &&
        detail::is_utf8_trail(bytes[2]))
        return 3;  // a lead of the mask: well-formed and in the set (never E0 or ED, RFC 3629 §4)
    if (want == 2 && n == 2 && ((u.whole_two_octet_leads >> (lead & 31)) & 1u) && detail::is_utf8_trail(bytes[1]))
        return 2;  // likewise (never C0 or C1)
    std::size_t used = 0;
    const std::int32_t c = detail::next_code_point(bytes, used, static_cast<std::size_t>(n));
    return c >= 0 && static_cast<std::int32_t>(used) == want && detail::contains(*u.cs, static_cast<char32_t>(c))
               ? static_cast<std::int32_t>(used)
               : 0;
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

// §5.3.2.2: out[from, ...) in NFC. ASCII text, and text in NFC, stay as they are (no copy); `changed` is set
// when the text is rewritten. False when ICU failed. The normal form is written after out's end and moved down:
// no buffer but out's, which the room reserved first keeps in place while its text is read (NFC's UTF-8 is at most
// three times its input, UAX #15 §9's expansion factor).
bool nfc_in_place(std::string& out, std::size_t from, bool& changed) {
    const std::size_t end = out.size();
    if (detail::is_ascii(std::string_view(out).substr(from))) return true;
    out.reserve(end + 3 * (end - from) + 16);
    const std::string_view s(out.data() + from, end - from);
    const std::optional<bool> rewritten = detail::append_nfc_if_changed(out, s);  // linear (nfc_detail.hpp)
    if (!rewritten) return false;
    if (!*rewritten) return true;
    out.erase(from, end - from);
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
        : out_(out),
          t_(t),
          o_(o),
          normal_head_(normal_head),
          syntax_(o.rung != rung::simple),
          scheme_rung_(o.rung == rung::scheme),
          known_(known) {}

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
        if (scheme_rung_ &&
            (ps == port_status::empty || (ps == port_status::in_range && known_ && known_->default_port &&
                                          a.port_number() == *known_->default_port)))
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

}  // namespace

namespace detail {

result<std::size_t> append_normal_form(std::string& out, const target_parts& t, const normalize_options& o,
                                       std::string_view source, std::string_view normal_head, normal_purpose purpose) {
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

}  // namespace iri
