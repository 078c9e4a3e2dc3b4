// Public suffixes and registrable domains by the Public Suffix List, through libpsl (iri/public_suffix.hpp).
#include "iri/public_suffix.hpp"

#include <libpsl.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "iri/parse.hpp"
#include "iri/split.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"

namespace iri::crawl {

struct public_suffix_list::context {
    psl_ctx_t* psl = nullptr;
    std::string source;

    context(psl_ctx_t* p, std::string s) noexcept : psl(p), source(std::move(s)) {}
    context(const context&) = delete;
    context& operator=(const context&) = delete;
    ~context() { psl_free(psl); }
};

namespace {

// The octets of a host libpsl is given as they are: LDH (RFC 952, RFC 1123 §2.1) and "_", which crawled hosts
// carry ("_dmarc.example.com") and UTS #46's STD3 rules would refuse.
[[nodiscard]] bool plain_host_octet(char c) noexcept {
    return iri::detail::is_alnum(c) || c == '-' || c == '_' || c == '.';
}

// True when some label of `host` is empty: a leading dot, "..", or the empty host.
[[nodiscard]] bool has_empty_label(std::string_view host) noexcept {
    if (host.empty() || host.front() == '.' || host.back() == '.') return true;
    // One pass (a search for ".." would start one at each dot of a host of one-letter labels).
    bool dot = false;
    for (char c : host) {
        if (dot && c == '.') return true;
        dot = c == '.';
    }
    return false;
}

// The offsets where the labels of `name` begin, left to right.
[[nodiscard]] std::vector<std::size_t> label_starts(std::string_view name) {
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 0; i < name.size(); ++i)
        if (name[i] == '.') starts.push_back(i + 1);
    return starts;
}

// True when no label of `ascii` (an A-label name without empty labels) is longer than DNS allows and the name as
// a whole is not either (RFC 1035 §2.3.4).
[[nodiscard]] bool fits_dns(std::string_view ascii) noexcept {
    if (ascii.size() > dns_name_octets) return false;
    std::size_t label = 0;
    for (char c : ascii) {
        label = c == '.' ? 0 : label + 1;
        if (label > dns_label_octets) return false;
    }
    return true;
}

// The labels of `name` from the `first`-th on (counted from the left), as a string.
[[nodiscard]] std::string labels_from(std::string_view name, std::size_t first) {
    return std::string(name.substr(label_starts(name)[first]));
}

// The index of the leftmost label that begins the longest public suffix of `ascii` (lowercase A-labels, no empty
// label), as libpsl's psl_unregistrable_domain walks it (left to right, so that a listed "a.b.c" is found even
// when "b.c" is not listed), with the sections asked for; nullopt when no suffix is public (a list without the
// implicit "*" rule's effect cannot arise from libpsl, but a walk that finds nothing answers none).
[[nodiscard]] std::optional<std::size_t> public_suffix_label(const psl_ctx_t* psl, const std::string& ascii,
                                                             psl_sections sections) noexcept {
    const int type = sections == psl_sections::icann_only ? PSL_TYPE_ICANN : PSL_TYPE_ANY;
    std::size_t label = 0;
    for (std::size_t at = 0;; ++label) {
        if (psl_is_public_suffix2(psl, ascii.c_str() + at, type) != 0) return label;
        const std::size_t dot = ascii.find('.', at);
        if (dot == std::string::npos) return std::nullopt;
        at = dot + 1;
    }
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

}  // namespace

psl_loaded public_suffix_list::load_default() {
    psl_ctx_t* psl = psl_latest(nullptr);
    if (psl == nullptr) return {std::nullopt, "libpsl found no Public Suffix List (neither its own nor the system's)"};
    const char* dist = psl_dist_filename();
    std::string source = "libpsl's default list";
    if (dist != nullptr && *dist != '\0') source += std::string(" (") + dist + ")";
    return {public_suffix_list(std::make_shared<const context>(psl, std::move(source))), {}};
}

psl_loaded public_suffix_list::load_file(const std::string& path) {
    std::string text, error;
    if (!read_file(path, text, error)) return {std::nullopt, std::move(error)};
    if (text.empty()) return {std::nullopt, path + ": empty: no Public Suffix List rule in it"};
    // libpsl reads from a FILE*; the file's bytes, read above with their I/O errors reported, go to it from memory.
    std::FILE* memory = fmemopen(text.data(), text.size(), "rb");
    if (memory == nullptr) return {std::nullopt, path + ": " + std::strerror(errno)};
    psl_ctx_t* psl = psl_load_fp(memory);
    std::fclose(memory);
    if (psl == nullptr) return {std::nullopt, path + ": libpsl could not load it as a Public Suffix List"};
    if (psl_suffix_count(psl) == 0) {
        psl_free(psl);
        return {std::nullopt, path + ": no Public Suffix List rule in it"};
    }
    return {public_suffix_list(std::make_shared<const context>(psl, path)), {}};
}

const std::string& public_suffix_list::source() const noexcept { return context_->source; }

result<site> public_suffix_list::lookup(std::string_view host, psl_sections sections) const {
    // The URL Standard §3.2 "host public suffix": null for a host that is not a domain (an address).
    if (host.empty() || host.front() == '[' || detail::parse_ipv4(host)) return site{};
    const bool final_dot = host.back() == '.';
    std::string_view name = final_dot ? host.substr(0, host.size() - 1) : host;
    if (has_empty_label(name) || detail::parse_ipv4(name)) return site{};

    std::string ascii, unicode;
    bool plain = true;
    for (char c : name) plain = plain && plain_host_octet(c);
    if (plain) {
        if (name.size() > dns_name_octets) return site{};  // as A-labels already: longer than a domain can be
        ascii.reserve(name.size());
        for (char c : name) ascii.push_back(detail::to_lower(c));
    } else {
        auto a = host_to_ascii(name);
        if (!a) return a.error();
        auto u = host_to_unicode(*a);
        if (!u) return u.error();
        ascii = std::move(*a);
        unicode = std::move(*u);
    }
    if (has_empty_label(ascii) || !fits_dns(ascii)) return site{};

    const auto suffix = public_suffix_label(context_->psl, ascii, sections);
    if (!suffix) return site{};
    // A host with a character other than ASCII answers in U-labels: UTS #46 keeps the labels, one for one.
    const std::string_view shown = plain ? std::string_view(ascii) : std::string_view(unicode);
    site answer;
    answer.public_suffix = labels_from(shown, *suffix);
    if (*suffix > 0) answer.registrable_domain = labels_from(shown, *suffix - 1);
    if (final_dot) {
        answer.public_suffix->push_back('.');
        if (answer.registrable_domain) answer.registrable_domain->push_back('.');
    }
    return answer;
}

result<std::string_view> host_of(std::string_view input) noexcept {
    // RFC 3986 Appendix B: a scheme is what comes before a ":" that no "/", "?" or "#" precedes. An IP literal
    // ("[::1]") is a host, whatever its colons.
    if (input.empty() || input.front() == '[' || !split(input).has(component::scheme)) return input;
    auto parsed = parse(input, grammar::iri, production::uri);
    if (!parsed) return parsed.error();
    const span h = (*parsed)[component::host];
    return h.present() ? input.substr(h.begin, h.size()) : input.substr(0, 0);
}

result<site> public_suffix_list::lookup_url_or_host(std::string_view input, psl_sections sections) const {
    const auto host = host_of(input);
    if (!host) return host.error();
    auto answer = lookup(*host, sections);
    if (answer || host->data() == input.data()) return answer;
    error e = answer.error();  // its offsets are into the host, moved to the input's
    const auto at = static_cast<std::uint32_t>(host->data() - input.data());
    e.offset += at;
    e.char_offset += at;
    e.where = component::host;
    return e;
}

std::optional<std::string> public_suffix_list::public_suffix(std::string_view host, psl_sections sections) const {
    auto answer = lookup(host, sections);
    return answer ? std::move(answer->public_suffix) : std::nullopt;
}

std::optional<std::string> public_suffix_list::registrable_domain(std::string_view host, psl_sections sections) const {
    auto answer = lookup(host, sections);
    return answer ? std::move(answer->registrable_domain) : std::nullopt;
}

}  // namespace iri::crawl
