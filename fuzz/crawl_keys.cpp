// The crawler's keys (iri/crawl_keys.hpp): surt in both formats with every option, canonicalize in every profile.
//   options: bit 0 with_scheme, bit 1 trailing_comma, bit 2 !reverse_ipaddr, bit 3 !host_massage, bit 4 heritrix,
//   bit 5 keep_port.
// Oracles: an error lies inside the input; the key is the same from surt, from append_surt after other text and
// from the C API's caller-buffer form; an IA key of a URL (not a "filedesc" line) is printable ASCII, and so is
// every canonical form; Safe Browsing canonicalization is idempotent; and the SURT key of an IA canonical URL is
// the key of the URL itself where the canonical URL reads back as what was written: a fixed point of the
// canonicalizer whose host is letters, digits, "-" and "." (the surt package's canonicalizer is not idempotent
// in general: it replaces each ".." of a host once, drops one "www." and one session id of each kind, and a host
// taken from an http path keeps its ":port", a decoded "/" or ":" in a host reads back as the host's end, and a
// host it empties leaves a path that may read back as one; none of which this checks).
#include <string>

#include "crawl/ia_canon.hpp"
#include "fuzz.hpp"
#include "iri.h"
#include "iri/crawl_keys.hpp"

namespace {

bool printable_ascii(std::string_view s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7F) return false;
    return true;
}

// Whether the IA canonicalizer leaves `url` a host of letters, digits, "-" and "." (crawl/ia_canon.hpp's stages).
bool plain_canonical_host(std::string_view url, bool host_massage) {
    std::string storage, host;
    iri::crawl::detail::ia_parts u;
    if (iri::crawl::detail::parse_ia(iri::crawl::detail::cleaned(url, storage), u)) return false;
    iri::crawl::detail::write_ia_host(host, u, {.host_massage = host_massage});
    if (host.empty()) return false;
    for (const char c : host)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::crawl::surt_options so{
        .with_scheme = in.flag(0),
        .trailing_comma = in.flag(1),
        .reverse_ipaddr = !in.flag(2),
        .host_massage = !in.flag(3),
        .format = in.flag(4) ? iri::crawl::surt_format::heritrix : iri::crawl::surt_format::ia};
    const auto key = iri::crawl::surt(in.text, so);
    if (!key) {
        fuzz::require_inside(key.error(), in.text.size(), in.text);
    } else {
        std::string appended = "prefix";
        const auto n = iri::crawl::append_surt(appended, in.text, so);
        fuzz::require(n.has_value() && *n == key->size() && appended == "prefix" + *key,
                      "append_surt appends what surt gives", in.text, appended);
        iri_surt_options c = IRI_SURT_OPTIONS_INIT;
        c.with_scheme = so.with_scheme, c.trailing_comma = so.trailing_comma, c.reverse_ipaddr = so.reverse_ipaddr;
        c.host_massage = so.host_massage, c.format = in.flag(4) ? IRI_SURT_FORMAT_HERITRIX : IRI_SURT_FORMAT_IA;
        std::string buf(key->size() + 1, '\xFF');
        std::size_t len = 0;
        fuzz::require(
            iri_surt_into(in.text.data(), in.text.size(), &c, buf.data(), buf.size(), &len, nullptr) == IRI_OK &&
                len == key->size() && buf.compare(0, len, *key) == 0 && buf[len] == '\0',
            "iri_surt_into writes what surt gives", in.text, buf);
        if (!in.flag(4) && !in.text.starts_with("filedesc"))
            fuzz::require(printable_ascii(*key), "an IA SURT key is printable ASCII", in.text, *key);
    }
    for (const auto profile : {iri::crawl::canon_profile::safe_browsing, iri::crawl::canon_profile::ia,
                               iri::crawl::canon_profile::ia_only}) {
        const iri::crawl::canonicalize_options co{
            .profile = profile, .keep_port = in.flag(5), .host_massage = !in.flag(3)};
        const auto canonical = iri::crawl::canonicalize(in.text, co);
        if (!canonical) {
            fuzz::require_inside(canonical.error(), in.text.size(), in.text);
            continue;
        }
        if (profile == iri::crawl::canon_profile::ia_only) continue;  // no escaping: the input's bytes
        fuzz::require(printable_ascii(*canonical), "a canonical form is printable ASCII", in.text, *canonical);
        const auto again = iri::crawl::canonicalize(*canonical, co);
        if (profile == iri::crawl::canon_profile::safe_browsing) {
            fuzz::require(again.has_value() && *again == *canonical, "Safe Browsing canonicalization is idempotent",
                          in.text, *canonical + " -> " + (again ? *again : again.error().message()));
        } else if (key && !in.flag(4) && !in.text.starts_with("filedesc") && again && *again == *canonical &&
                   !canonical->starts_with("dns:") && !canonical->starts_with("filedesc") &&
                   plain_canonical_host(in.text, so.host_massage)) {
            const auto key_of_canonical = iri::crawl::surt(*canonical, so);
            fuzz::require(
                key_of_canonical.has_value() && *key_of_canonical == *key,
                "the SURT key of a fixed-point canonical URL is the URL's", in.text,
                *canonical + ": " + (key_of_canonical ? *key_of_canonical : std::string()) + " against " + *key);
        }
    }
    return 0;
}
