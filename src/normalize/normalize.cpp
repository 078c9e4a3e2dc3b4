// Normalization and comparison (RFC 3987 §5.3, 3987bis-13 §5.3, RFC 3986 §6.2): the entry points, and the survey
// that tells, in one pass over a reference's octets (octets_of), how much of it is already its normal form and is
// copied as it is. The rest is written by normal_writer.cpp.
#include "iri/normalize.hpp"

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
#include "normalize/normal_octets.hpp"
#include "normalize/normalize_detail.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/nfc_detail.hpp"
#include "text/octet_scan.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

namespace {

using detail::head_end;
using detail::kinds_of;
using detail::lowercase_changes;
using detail::needs_uts46;
using detail::octet_kind;
using detail::triplets_already_normal;
using detail::unreserved_of;
using detail::unreserved_set;

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
    whole,  // all of it: copied as one block
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
    if (r.has_scheme() && dots && detail::first_dot_segment(path) != path.size()) return {normal_extent::head, true};
    if (r.has_authority() && path.empty() && known && known->empty_path_is_root) return {normal_extent::head, false};
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
