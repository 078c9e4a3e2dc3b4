// Public suffixes and registrable domains by the Public Suffix List (iri/public_suffix.hpp): loading a list, the
// hosts of URLs and bare hosts, and the spelling of the answers. The table and its walk are crawl/psl_table.cpp.
#include "iri/public_suffix.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "crawl/ia_canon.hpp"
#include "crawl/psl_table.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "iri/web.hpp"
#include "text/ascii.hpp"
#include "web/url_access.hpp"

#ifndef IRI_PUBLIC_SUFFIX_LIST
#  define IRI_PUBLIC_SUFFIX_LIST "/usr/share/publicsuffix/public_suffix_list.dat"
#endif

namespace iri::crawl {

struct public_suffix_list::context {
    detail::psl_table table;
    std::string source;

    context(const std::vector<detail::psl_rule>& rules, std::string s) : table(rules), source(std::move(s)) {}
};

namespace {

// The octets of a host looked up as they are: LDH (RFC 952, RFC 1123 §2.1), "_", which crawled hosts carry
// ("_dmarc.example.com") and UTS #46's STD3 rules would refuse, and ".".
[[nodiscard]] bool plain_host(std::string_view host) noexcept {
    for (const char c : host)
        if (!iri::detail::is_alnum(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

// True when some label of `name` is empty: a leading dot, "..", a final dot, or the empty name.
[[nodiscard]] bool has_empty_label(std::string_view name) noexcept {
    if (name.empty() || name.front() == '.' || name.back() == '.') return true;
    bool dot = false;
    for (const char c : name) {  // one pass: a search for ".." would restart at each dot
        if (dot && c == '.') return true;
        dot = c == '.';
    }
    return false;
}

// Reads the whole file at `path` into `out`; the error names the file and the system's reason.
[[nodiscard]] bool read_file(const std::string& path, std::string& out, std::string& error) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    char buffer[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
    const bool failed = std::ferror(f) != 0;
    const int why = errno;
    std::fclose(f);
    if (failed) {
        error = path + ": " + std::strerror(why);
        return false;
    }
    return true;
}

// How a lookup spells its answers: in U-labels when asked for, or (host_form::input) when the input has a character
// beyond ASCII, which is looked at only for an answer with an A-label; a final dot put back when the host has one.
struct spelling {
    host_form form = host_form::input;
    std::string_view input;  // what the input's spelling is read from
    bool final_dot = false;
    bool lowercase = false;  // the host looked up is lowercase already (a URL Standard domain)
};

// `answer` as the spelling asks, written into `out`: lowercase, without a final dot; in U-labels when asked and it
// has an A-label (UTS #46 ToUnicode; a label it cannot read stays as it is).
void spell_into(std::optional<std::string>& out, std::string_view answer, const spelling& how) {
    if (!answer.empty() && answer.back() == '.') answer.remove_suffix(1);
    std::string& s = out.emplace();
    if (how.lowercase) s.assign(answer);
    else detail::append_lowercase(s, answer);
    if (how.form != host_form::ascii && s.find("xn--") != std::string::npos &&
        (how.form == host_form::unicode || !iri::detail::is_ascii(how.input)))
        if (auto u = iri::host_to_unicode(s)) s = std::move(*u);
}

// The answers of a walk over `walked` (the host as looked up, which may be s.host), spelled as `how` says (a final
// dot put back when `final_dot`), written into `s`.
void answer_into(site& s, std::string_view walked, const suffix_offsets& o, psl_sections sections, const spelling& how,
                 bool final_dot) {
    const bool icann = sections == psl_sections::icann_only;
    const std::uint16_t suffix = icann ? o.icann_suffix : o.public_suffix;
    const std::uint16_t domain = icann ? o.icann_domain : o.registrable_domain;
    if (suffix == suffix_offsets::none) return;
    // One conversion: UTS #46 maps labels one for one, so the suffix is the domain less its first label.
    if (domain != suffix_offsets::none) {
        spell_into(s.registrable_domain, walked.substr(domain), how);
        const std::size_t dot = s.registrable_domain->find('.');
        if (dot == std::string::npos) spell_into(s.public_suffix, walked.substr(suffix), how);
        else s.public_suffix.emplace(*s.registrable_domain, dot + 1);
    } else {
        spell_into(s.public_suffix, walked.substr(suffix), how);
    }
    if (final_dot) {
        s.public_suffix->push_back('.');
        if (s.registrable_domain) s.registrable_domain->push_back('.');
    }
}

// answer_into for s.host when it is lowercase ASCII without an A-label (the spelling copies its octets): the answers
// written as its substrings, the same strings. A walk's offsets are label starts of a name without an empty label,
// the registrable domain one label before the suffix (psl_table::walk), so the suffix is the domain less its first
// label as answer_into finds it; answer_into strips a final dot and puts it back when `final_dot`.
void plain_answers_into(site& s, const suffix_offsets& o, psl_sections sections, bool final_dot) {
    const std::string_view host = s.host;
    const bool icann = sections == psl_sections::icann_only;
    const std::uint16_t suffix = icann ? o.icann_suffix : o.public_suffix;
    const std::uint16_t domain = icann ? o.icann_domain : o.registrable_domain;
    if (suffix == suffix_offsets::none) return;
    const std::size_t keep = final_dot || host.back() != '.' ? host.size() : host.size() - 1;
    s.public_suffix.emplace(host.substr(suffix, keep - suffix));
    if (domain != suffix_offsets::none) s.registrable_domain.emplace(host.substr(domain, keep - domain));
}

// answer_into a new site.
[[nodiscard]] site answers(std::string_view walked, const suffix_offsets& o, psl_sections sections, const spelling& how,
                           bool final_dot) {
    site s;
    answer_into(s, walked, o, sections, how, final_dot);
    return s;
}

// Offsets of an error moved by `delta` octets (a host inside a longer input, a bare host inside "http://" + it).
[[nodiscard]] error shifted(error e, std::ptrdiff_t delta) noexcept {
    const auto move = [delta](std::uint32_t& at) {
        at = static_cast<std::uint32_t>(std::max<std::ptrdiff_t>(0, static_cast<std::ptrdiff_t>(at) + delta));
    };
    move(e.offset);
    move(e.char_offset);
    return e;
}

// C0 controls and space, which the URL Standard strips from both ends of an input (§4.4 basic URL parser, step 1).
[[nodiscard]] constexpr bool c0_or_space(char c) noexcept { return static_cast<unsigned char>(c) <= 0x20; }

// The special schemes (URL Standard §4.1), which are URLs however their scheme-specific part reads.
[[nodiscard]] bool special_scheme(std::string_view scheme) noexcept {
    for (const std::string_view s : {"http", "https", "ws", "wss", "ftp", "file"})
        if (iri::detail::iequals(scheme, s)) return true;
    return false;
}

// Whether a port follows at t[colon] (a ":"): digits up to the end, or one digit or more up to a "/", "?", "#" or
// "\\" ("www.example.co.uk:80", "localhost:8080/x"), or nothing at all ("example.com:").
[[nodiscard]] bool port_at(std::string_view t, std::size_t colon) noexcept {
    std::size_t d = colon + 1;
    while (d < t.size() && iri::detail::is_digit(t[d])) ++d;
    if (d == t.size()) return true;
    return d > colon + 1 && (t[d] == '/' || t[d] == '?' || t[d] == '#' || t[d] == '\\');
}

// Whether `t` has a bare host's shape: [userinfo "@"] host [":" port] up to the first "/", "?", "#" or "\\" (or
// the end), the host an IP literal in brackets or any text without ":".
[[nodiscard]] bool bare_shape(std::string_view t) noexcept {
    const std::size_t end = std::min(t.find_first_of("/?#\\"), t.size());
    const std::string_view authority = t.substr(0, end);
    const std::size_t at = authority.rfind('@');
    const std::size_t host = at == std::string_view::npos ? 0 : at + 1;
    std::size_t colon = authority.find(':', host);
    if (authority.substr(host).starts_with('[')) {
        const std::size_t close = authority.find(']', host);
        if (close == std::string_view::npos) return false;
        colon = close + 1 == authority.size() ? std::string_view::npos : close + 1;
        if (colon != std::string_view::npos && authority[colon] != ':') return false;
    }
    return colon == std::string_view::npos || port_at(t, colon);
}

// Where a bare host begins in `input` (past leading C0 controls and spaces, and a "//"), or npos when `input` is to
// be read as a URL: a scheme (RFC 3986 §3.1) and ":", unless the scheme is not special and a port follows the ":"
// ("www.example.co.uk:80"); or text of no bare host's shape (which the URL parser then refuses).
[[nodiscard]] std::size_t bare_host_start(std::string_view input) noexcept {
    std::size_t b = 0;
    while (b < input.size() && c0_or_space(input[b])) ++b;
    const std::string_view s = input.substr(b);
    if (const std::size_t colon = detail::scheme_length(s); colon > 0)
        return !special_scheme(s.substr(0, colon)) && port_at(s, colon) ? b : std::string_view::npos;
    const std::size_t skip = s.starts_with("//") ? 2 : 0;
    return bare_shape(s.substr(skip)) ? b + skip : std::string_view::npos;
}

// The URL Standard's reading of `input` (a URL, or a bare host as the host of an http: URL) into `u`.
[[nodiscard]] std::optional<error> read_url(std::string_view input, web::url& u) {
    // An input that begins "http://" or "https://" (the commonest) is a URL; any other is looked at.
    const bool http = input.starts_with("http://") || input.starts_with("https://");
    const std::size_t bare = http ? std::string_view::npos : bare_host_start(input);
    if (bare == input.size()) {  // nothing but C0 controls and spaces: the absent host (test_psl.txt's null)
        u = web::url();
        return std::nullopt;
    }
    if (bare == std::string_view::npos) {
        auto r = web::parse_into(u, input);
        return r ? std::nullopt : std::optional<error>(r.error());
    }
    std::string url = "http://";
    url.append(input.substr(bare));
    auto r = web::parse_into(u, url);
    if (r) return std::nullopt;
    return shifted(r.error(), static_cast<std::ptrdiff_t>(bare) - 7);
}

}  // namespace

psl_loaded public_suffix_list::load_default() { return load_file(IRI_PUBLIC_SUFFIX_LIST); }

psl_loaded public_suffix_list::load_file(const std::string& path) {
    std::string text, error;
    if (!read_file(path, text, error)) return {std::nullopt, std::move(error)};
    return load_text(text, path);
}

psl_loaded public_suffix_list::load_text(std::string_view text, const std::string& source) {
    std::vector<detail::psl_rule> rules;
    std::string error;
    if (!detail::read_psl_rules(text, source, rules, error)) return {std::nullopt, std::move(error)};
    auto c = std::make_shared<const context>(rules, source);
    if (!c->table.complete()) return {std::nullopt, source + ": more long labels than the table holds"};
    return {public_suffix_list(std::move(c)), {}};
}

const std::string& public_suffix_list::source() const noexcept { return context_->source; }

std::size_t public_suffix_list::rule_count() const noexcept { return context_->table.rule_count(); }

suffix_offsets public_suffix_list::find(std::string_view host, bool star_rule) const noexcept {
    const detail::psl_offsets o = context_->table.walk(host, star_rule);
    return {o.suffix, o.domain, o.icann_suffix, o.icann_domain};
}

namespace {

// A host name's answers, spelled as `how` says.
result<site> lookup_host(const public_suffix_list& list, std::string_view host, psl_sections sections, spelling how) {
    const bool final_dot = !host.empty() && host.back() == '.';
    site s;
    s.host.assign(host);
    if (plain_host(host)) {
        site a = answers(host, list.find(host), sections, how, final_dot && how.final_dot);
        a.host = std::move(s.host);
        return a;
    }
    // UTS #46 for a host that is not plain: the final dot kept off (ToASCII's VerifyDnsLength refuses the empty
    // label after it); a host with an empty label or an IP literal is no domain, whatever UTS #46 would say of it.
    const std::string_view name = final_dot ? host.substr(0, host.size() - 1) : host;
    if (has_empty_label(name) || host.front() == '[') return s;
    auto ascii = iri::host_to_ascii(name);
    if (!ascii) return ascii.error();
    site a = answers(*ascii, list.find(*ascii), sections, how, final_dot && how.final_dot);
    a.host = std::move(s.host);
    return a;
}

}  // namespace

result<site> public_suffix_list::lookup(std::string_view host, const site_options& options) const {
    return lookup_host(*this, host, options.sections, {options.form, host, options.form == host_form::input});
}

result<site> public_suffix_list::lookup(std::string_view host, psl_sections sections) const {
    return lookup(host, site_options{.sections = sections});
}

result<site> public_suffix_list::lookup_url_or_host(std::string_view input, const site_options& options,
                                                    web::url& scratch) const {
    const spelling how{options.form, input, options.form == host_form::input};
    if (const auto fast = web::url_access::fast_host_of(input)) {
        // The commonest URLs: the host as the parser's fast path proves it, its href not written. The host is
        // written into the result and its answers after it, in place (no site moved).
        result<site> r{site{}};
        site& s = *r;
        if (fast->upper) detail::append_lowercase(s.host, fast->text);
        else s.host.assign(fast->text);
        if (fast->kind == web::host_kind::domain)  // no "xn--" label (the fast path leaves a "--" to the parser)
            plain_answers_into(s, find(s.host), options.sections, how.final_dot && s.host.ends_with('.'));
        return r;
    }
    web::url& u = scratch;
    if (auto e = read_url(input, u)) return *e;
    const std::string_view host = u.hostname();
    site s;
    switch (u.host_type()) {
        case web::host_kind::domain: {  // the Standard's domain: lowercase A-labels already (§3.5 domain to ASCII)
            spelling lower = how;
            lower.lowercase = true;
            answer_into(s, host, find(host), options.sections, lower, how.final_dot && host.ends_with('.'));
        } break;
        case web::host_kind::opaque:  // a scheme the Standard does not know keeps its host: a name if it is one
            if (auto r = lookup_host(*this, host, options.sections, how)) s = std::move(*r);
            break;
        default: break;  // an IP address, the empty host, none: no domain (§3.2 host public suffix: null)
    }
    s.host.assign(host);
    return s;
}

result<site> public_suffix_list::lookup_url_or_host(std::string_view input, const site_options& options) const {
    web::url u;
    return lookup_url_or_host(input, options, u);
}

result<site> public_suffix_list::lookup_url_or_host(std::string_view input, psl_sections sections) const {
    return lookup_url_or_host(input, site_options{.sections = sections});
}

std::optional<std::string> public_suffix_list::public_suffix(std::string_view host, psl_sections sections) const {
    auto answer = lookup(host, sections);
    return answer ? std::move(answer->public_suffix) : std::nullopt;
}

std::optional<std::string> public_suffix_list::registrable_domain(std::string_view host, psl_sections sections) const {
    auto answer = lookup(host, sections);
    return answer ? std::move(answer->registrable_domain) : std::nullopt;
}

result<std::string> host_of(std::string_view input) {
    web::url u;
    if (auto e = read_url(input, u)) return *e;
    return std::string(u.hostname());
}

}  // namespace iri::crawl
