// public_suffix_list::find against libpsl on fuzzed hosts, and lookup, lookup_url_or_host and host_of, by the
// system's list (libpsl loads the same file).
//   options: bit 0 psl_sections::icann_only, bit 1 the text as a URL or host (lookup_url_or_host), bits 2-3 the
//   host_form (input, ascii, unicode).
// Oracles: find agrees with libpsl (psl_is_public_suffix2 from the left, as psl_unregistrable_domain walks, for
// both sections, with and without the implicit "*" rule) on the text's host in A-labels, lowercased, whenever it is
// a domain name (labels of 1 to 63 octets, 253 in all, its last label no number), and answers none otherwise; an
// error lies inside the input; a registrable domain is the public suffix and one label more, and an answer is the
// host's last labels, spelled as documented (A-labels, or UTS #46 ToUnicode of those labels); no registrable domain without a public suffix;
// lookup_url_or_host answers as lookup of host_of's host would for a domain; a host the parser's fast path proves
// without writing an href (web/url_access.hpp fast_host_of, which site reads) is the state machine's, lowercased.
#include <libpsl.h>

#include <algorithm>
#include <memory>
#include <string>

#include "fuzz.hpp"
#include "iri/idna.hpp"
#include "iri/public_suffix.hpp"
#include "iri/web.hpp"
#include "text/ascii.hpp"
#include "web/url_access.hpp"

namespace {

using iri::crawl::suffix_offsets;

const iri::crawl::public_suffix_list& system_list() {
    static const auto loaded = iri::crawl::public_suffix_list::load_default();
    if (!loaded.list) fuzz::fail("the system's Public Suffix List loads", "", loaded.error);
    return *loaded.list;
}

const psl_ctx_t* reference_list() {
    static const std::unique_ptr<psl_ctx_t, void (*)(psl_ctx_t*)> psl(psl_load_file(system_list().source().c_str()),
                                                                      psl_free);
    if (!psl) fuzz::fail("libpsl loads the system's Public Suffix List", "", system_list().source());
    return psl.get();
}

// libpsl's answer for `host` (lowercase A-labels): the longest suffix it calls public, and the label before it.
std::pair<std::uint16_t, std::uint16_t> reference(const std::string& host, int type) {
    std::size_t previous = suffix_offsets::none;
    for (std::size_t at = 0;;) {
        if (psl_is_public_suffix2(reference_list(), host.c_str() + at, type) != 0)
            return {static_cast<std::uint16_t>(at), static_cast<std::uint16_t>(previous)};
        const std::size_t dot = host.find('.', at);
        if (dot == std::string::npos) return {suffix_offsets::none, suffix_offsets::none};
        previous = at;
        at = dot + 1;
    }
}

// A domain name the walk looks up: labels of 1 to 63 octets, 253 in all (a final dot aside), not an IP literal,
// the last label no number (URL Standard §3.5 "ends in a number").
bool is_domain(std::string_view host) {
    if (host.ends_with('.')) host.remove_suffix(1);
    if (host.empty() || host.size() > 253 || host.front() == '[') return false;
    std::size_t label = 0, last = 0;
    for (std::size_t i = 0; i <= host.size(); ++i) {
        if (i < host.size() && host[i] != '.') {
            ++label;
            continue;
        }
        if (label == 0 || label > 63) return false;
        label = 0;
        if (i < host.size()) last = i + 1;
    }
    const std::string_view l = host.substr(last);
    const bool hex = l.size() >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X');
    for (std::size_t i = hex ? 2 : 0; i < l.size(); ++i) {
        const char c = static_cast<char>(l[i] | 0x20);
        if (!(l[i] >= '0' && l[i] <= '9') && !(hex && c >= 'a' && c <= 'f')) return true;
    }
    return false;
}

// find on `host` against libpsl, in the four modes.
void compare_with_libpsl(std::string_view host, std::string_view text) {
    for (const bool star : {true, false}) {
        const suffix_offsets got = system_list().find(host, star);
        if (!is_domain(host) || host.find('\0') != std::string_view::npos) {
            if (!is_domain(host))
                fuzz::require(got.public_suffix == suffix_offsets::none && got.icann_suffix == suffix_offsets::none,
                              "no domain, no answer", text);
            continue;
        }
        std::string lower(host.ends_with('.') ? host.substr(0, host.size() - 1) : host);
        for (char& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        const int no_star = star ? 0 : PSL_TYPE_NO_STAR_RULE;
        const auto any = reference(lower, PSL_TYPE_ANY | no_star);
        const auto icann = reference(lower, PSL_TYPE_ICANN | no_star);
        fuzz::require(got.public_suffix == any.first && got.registrable_domain == any.second,
                      "find agrees with libpsl (both sections)", text, lower);
        fuzz::require(got.icann_suffix == icann.first && got.icann_domain == icann.second,
                      "find agrees with libpsl (the ICANN section)", text, lower);
    }
}

// The host in lowercase A-labels (UTS #46 ToASCII where it takes the host), without a final dot.
std::string ascii_form(std::string_view host) {
    const std::string_view name = host.ends_with('.') ? host.substr(0, host.size() - 1) : host;
    if (auto a = iri::host_to_ascii(name)) return *a;
    std::string shown(name);
    for (char& c : shown) c = iri::detail::to_lower(c);
    return shown;
}

// The last `labels` labels of `name` (the whole name when it has fewer).
std::string_view last_labels(std::string_view name, std::size_t labels) {
    std::size_t at = name.size();
    for (; labels > 0 && at != std::string_view::npos; --labels)
        at = at == 0 ? std::string_view::npos : name.rfind('.', at - 1);
    return at == std::string_view::npos ? name : name.substr(at + 1);
}

// An answer of `labels` labels as the documentation spells it: the same labels of the host in A-labels (`ascii`),
// in U-labels when `unicode` and one is an A-label (UTS #46 ToUnicode of those labels, left as they are when it
// refuses them: a label of the host outside the answer does not change its spelling), a final dot put back when
// `dot`.
std::string spelled(std::string_view ascii, std::size_t labels, bool unicode, bool dot) {
    std::string s(last_labels(ascii, labels));
    if (unicode && s.find("xn--") != std::string::npos)
        if (auto u = iri::host_to_unicode(s)) s = *u;
    if (dot) s.push_back('.');
    return s;
}

std::size_t label_count(std::string_view name) {
    if (name.ends_with('.')) name.remove_suffix(1);
    return static_cast<std::size_t>(std::count(name.begin(), name.end(), '.')) + 1;
}

bool is_ascii(std::string_view s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const auto& psl = system_list();
    iri::crawl::site_options options;
    options.sections = in.flag(0) ? iri::crawl::psl_sections::icann_only : iri::crawl::psl_sections::all;
    options.form = static_cast<iri::crawl::host_form>(in.bits(2, 2) % 3);

    // The walk against libpsl: on the text as it is when it is ASCII (find takes a name in A-labels: a text beyond
    // ASCII is only walked, libpsl converting it to A-labels itself), and on its A-labels.
    if (is_ascii(in.text)) compare_with_libpsl(in.text, in.text);
    else (void)psl.find(in.text);
    if (in.text.size() <= iri::max_idna_host_bytes)
        if (auto a = iri::host_to_ascii(in.text)) compare_with_libpsl(*a, in.text);

    std::string host(in.text);
    iri::result<iri::crawl::site> site = psl.lookup(in.text, options);
    if (in.flag(1)) {
        site = psl.lookup_url_or_host(in.text, options);
        const auto h = iri::crawl::host_of(in.text);
        fuzz::require(h.has_value() == site.has_value(), "host_of fails where lookup_url_or_host does", in.text);
        if (!site) {
            fuzz::require_inside(site.error(), in.text.size(), in.text);
            return 0;
        }
        fuzz::require(site->host == *h, "lookup_url_or_host's host is host_of's", in.text);
        if (const auto fast = iri::web::url_access::fast_host_of(in.text)) {  // the href not written
            iri::web::url u;
            const bool parsed = iri::web::url_access::parse_by_states(u, in.text, nullptr).has_value();
            fuzz::require(parsed && u.host_type() == fast->kind, "a fast path's host is the state machine's kind",
                          in.text);
            std::string lower(fast->text);
            for (char& c : lower) c = iri::detail::to_lower(c);
            fuzz::require(u.hostname() == lower, "a fast path's host is the state machine's, lowercased", in.text);
        }
        host = *h;
    }
    if (!site) {
        fuzz::require_inside(site.error(), in.text.size(), in.text);
        return 0;
    }
    fuzz::require(site->public_suffix.has_value() || !site->registrable_domain.has_value(),
                  "no registrable domain without a public suffix", in.text);
    if (!site->public_suffix) return 0;
    // The answers, spelled as the options and the input say: the public suffix alone, or the registrable domain
    // and the public suffix as the domain less its first label (UTS #46 maps labels one for one).
    const bool unicode = options.form == iri::crawl::host_form::unicode ||
                         (options.form == iri::crawl::host_form::input && !is_ascii(in.text));
    const bool dot = options.form == iri::crawl::host_form::input && host.ends_with('.');
    const std::string ascii = ascii_form(host);
    if (!site->registrable_domain) {
        const std::string& suffix = *site->public_suffix;
        fuzz::require(suffix == spelled(ascii, label_count(suffix), unicode, dot),
                      "the public suffix is the host's last labels, spelled as asked", in.text, suffix + " / " + ascii);
        return 0;
    }
    const std::string& domain = *site->registrable_domain;
    fuzz::require(domain == spelled(ascii, label_count(domain), unicode, dot),
                  "the registrable domain is the host's last labels, spelled as asked", in.text,
                  domain + " / " + ascii);
    const std::size_t first = domain.find('.');
    fuzz::require(first != std::string::npos && first > 0 && domain.substr(first + 1) == *site->public_suffix,
                  "the registrable domain is one label and the public suffix", in.text,
                  domain + " / " + *site->public_suffix);
    return 0;
}
