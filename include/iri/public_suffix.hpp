// Public suffixes and registrable domains by the Public Suffix List (https://publicsuffix.org/list/), through
// libpsl.
//
//   auto loaded = iri::crawl::public_suffix_list::load_default();     // the list libpsl finds (psl_latest)
//   const auto& psl = *loaded.list;                                    // (loaded.error says why when none)
//   psl.public_suffix("www.example.co.uk")                             // "co.uk"
//   psl.registrable_domain("www.example.co.uk")                        // "example.co.uk"
//   psl.lookup_url_or_host("https://www.食狮.公司.cn/x")->registrable_domain  // "食狮.公司.cn"
//
// The algorithm is the list's own (publicsuffix.org/list, "Formal algorithm") as libpsl applies it: the public
// suffix is the longest suffix of the host that the list makes public (a listed rule that no exception undoes,
// a label under a wildcard, or, by the implicit "*" rule, the last label), and the registrable domain is the
// public suffix and the one label before it, none when the host has no label before it. libpsl also makes "X"
// public when only "*.X" is listed. Both the ICANN and the private section count, unless psl_sections::icann_only.
//
// Hosts: ASCII letters, digits, "-" and "_" are taken as they are, lowercased; any other host goes through UTS #46
// ToASCII (iri/idna.hpp), an error when it refuses the host (errc::idna_failed, with the failing label's offset).
// A host with a character other than ASCII answers in U-labels (UTS #46 ToUnicode of the same labels), any other in
// A-labels, lowercased: the forms the list's tests (tests/test_psl.txt) expect. Both answers are none for the empty
// host, a host with an empty label (a leading dot, as test_psl.txt asks, or ".."), an IPv4address or IP literal
// (the URL Standard's "host public suffix" is null for a host that is not a domain) and a name longer than DNS
// allows (253 octets as A-labels, 63 a label: RFC 1035 §2.3.4), which is no domain. One final dot is kept off the
// lookup and put back on both answers ("example.com." -> "com.", "example.com."), as the URL Standard does.
//
// A list is built once and is immutable: queries from many threads at once are safe (libpsl's contexts are
// read-only after loading; libpsl documents itself thread-safe). Copies share one libpsl context.
//
// Complexity: linear in the host (a host longer than UTS #46's limit fails before ICU sees it; the label walk is
// over at most 253 octets).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::crawl {

/// Which of the list's sections make a suffix public.
enum class psl_sections : std::uint8_t {
    all,         ///< "===BEGIN ICANN DOMAINS===" and "===BEGIN PRIVATE DOMAINS===" (registrable domains as browsers
                 ///< use them for cookies)
    icann_only,  ///< the ICANN section only (a private suffix such as "github.io" is then an ordinary domain)
};

/// The two answers for one host; none (nullopt) where the list gives none.
struct site {
    std::optional<std::string> public_suffix;
    std::optional<std::string> registrable_domain;
};

class public_suffix_list;

/// A loaded list, or the reason none could be loaded (the file's name and what went wrong).
struct psl_loaded;

/// A Public Suffix List, loaded once, queried from any number of threads.
class public_suffix_list {
public:
    /// The list libpsl's psl_latest finds: the newer of the distribution's list file (Debian's publicsuffix
    /// package) and libpsl's built-in one.
    [[nodiscard]] static psl_loaded load_default();
    /// The list in the file at `path`: the list's text form (public_suffix_list.dat) or libpsl's DAFSA form.
    /// Errors name the file: it cannot be read (the system's reason), or it holds no rule.
    [[nodiscard]] static psl_loaded load_file(const std::string& path);

    /// Both answers for a host (see the file's comment for the forms of host it takes). An error only when UTS
    /// #46 refuses a host that is not plain ASCII; its offsets are into `host`.
    [[nodiscard]] result<site> lookup(std::string_view host, psl_sections sections = psl_sections::all) const;
    /// lookup() of an absolute URL or IRI's host, or of a bare host name. `input` is a URL when it has a scheme
    /// by RFC 3986 Appendix B (a ":" before any "/", "?" or "#") and does not begin with "[": it is parsed as an
    /// IRI (RFC 3987), an error at the byte where it fails; a URL without a host ("mailto:a@example.com",
    /// "localhost:8080") answers none. Error offsets are into `input`.
    [[nodiscard]] result<site> lookup_url_or_host(std::string_view input,
                                                  psl_sections sections = psl_sections::all) const;

    /// lookup(host)'s public suffix; nullopt also when lookup() fails.
    [[nodiscard]] std::optional<std::string> public_suffix(std::string_view host,
                                                           psl_sections sections = psl_sections::all) const;
    /// lookup(host)'s registrable domain; nullopt also when lookup() fails.
    [[nodiscard]] std::optional<std::string> registrable_domain(std::string_view host,
                                                                psl_sections sections = psl_sections::all) const;

    /// Where the list came from: the file's path, or "libpsl's default list" with the file libpsl read.
    [[nodiscard]] const std::string& source() const noexcept;

    struct context;  // the libpsl context, private to the library

private:
    explicit public_suffix_list(std::shared_ptr<const context> c) noexcept : context_(std::move(c)) {}
    std::shared_ptr<const context> context_;
};

/// The host lookup_url_or_host looks up in `input`: a URL's host as written (an IP address too; "" when it has
/// none), or `input` itself when it is no URL; a view into `input`. Error: the URL is not an IRI.
[[nodiscard]] result<std::string_view> host_of(std::string_view input) noexcept;

struct psl_loaded {
    std::optional<public_suffix_list> list;  ///< the list, or nullopt
    std::string error;                       ///< why there is no list ("FILE: No such file or directory")
};

}  // namespace iri::crawl
IRI_API_END
