// Public suffixes and registrable domains by the Public Suffix List (https://publicsuffix.org/list/), from a table
// built once from the list's text.
//
//   auto loaded = iri::crawl::public_suffix_list::load_default();     // the system's list (Debian's publicsuffix)
//   const auto& psl = *loaded.list;                                    // (loaded.error says why when none)
//   psl.public_suffix("www.example.co.uk")                             // "co.uk"
//   psl.registrable_domain("www.example.co.uk")                        // "example.co.uk"
//   psl.lookup_url_or_host("https://www.食狮.公司.cn/x")->registrable_domain  // "食狮.公司.cn"
//   psl.lookup_url_or_host("www.example.co.uk:80")->registrable_domain       // "example.co.uk"
//   psl.lookup_url_or_host("http://0x7f.1/")->registrable_domain             // none: 127.0.0.1 is an address
//
// The algorithm is the list's own (publicsuffix.org/list, "Formal algorithm") as libpsl applies it, which stays
// the reference (tests/test_public_suffix_libpsl.cpp compares the two on every host of the datasets and on
// test_psl.txt): the public suffix is the longest suffix of the host that the list makes public (a listed rule that
// no exception undoes, a label under a wildcard, or, by the implicit "*" rule, the last label), and the
// registrable domain is the public suffix and the one label before it, none when the host has no label before it.
// libpsl also makes "X" public when only "*.X" is listed. Both the ICANN and the private section count, unless
// psl_sections::icann_only.
//
// The walk (find) goes over the host's labels once from the right, each looked up under the one before in a hash
// table of the rules' labels, and stops at the first label the list has nothing under: no allocation, no UTS #46,
// a few instructions per octet of the labels it reads (bench/: the lookup row).
//
// Hosts (lookup): an ASCII host of letters, digits, "-", "_" and "." is looked up as it is, ASCII case ignored;
// any other host goes through UTS #46 ToASCII (iri/idna.hpp), an error when it refuses the host
// (errc::idna_failed, with the failing label's offset). The answers are none for the empty host, a host with an
// empty label (a leading dot, as test_psl.txt asks, or ".."), an IP literal, a host whose last label is a number
// (the URL Standard §3.5's "ends in a number": an IPv4 address such as "0x7f.1", or no host at all: the URL
// Standard's "host public suffix" is null for a host that is not a domain) and a name longer than DNS allows (253
// octets as A-labels, 63 a label: RFC 1035 §2.3.4).
//
// Spelling (host_form): by default (host_form::input) the answers are spelled as the input is: in U-labels (UTS
// #46 ToUnicode of the same labels) when the input has a character beyond ASCII, else in A-labels, lowercased,
// the forms the list's tests (tests/test_psl.txt) expect; and one final dot of the host ("example.com.", a fully
// qualified name) is kept off the lookup and put back on both answers ("com.", "example.com."), as the URL
// Standard's "host public suffix" and "host registrable domain" do (§3.2). host_form::ascii and host_form::unicode
// ask for one spelling of a site whatever the input wrote: A-labels or U-labels, and no final dot. That is the
// one rule for a final dot: kept in the input's spelling, dropped in the spellings asked for.
//
// A list is built once and is immutable: queries from many threads at once are safe. Copies share one table.
//
// Complexity: linear in the input (a host longer than UTS #46's limit fails before ICU sees it; the walk reads at
// most 253 octets).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "iri/export.h"
#include "iri/result.hpp"
#include "iri/web.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::crawl {

/// Which of the list's sections make a suffix public.
enum class psl_sections : std::uint8_t {
    all,         ///< "===BEGIN ICANN DOMAINS===" and "===BEGIN PRIVATE DOMAINS===" (registrable domains as browsers
                 ///< use them for cookies)
    icann_only,  ///< the ICANN section only (a private suffix such as "github.io" is then an ordinary domain)
};

/// How the answers are spelled (see the file's comment).
enum class host_form : std::uint8_t {
    input,    ///< as the input: U-labels when it has a character beyond ASCII, else A-labels; a final dot kept
    ascii,    ///< A-labels ("xn--r8jz45g.jp"), no final dot
    unicode,  ///< U-labels ("例え.jp"), no final dot
};

/// The options of a lookup.
struct site_options {
    psl_sections sections = psl_sections::all;
    host_form form = host_form::input;
};

/// The answers for one host; none (nullopt) where the list gives none.
struct site {
    std::optional<std::string> public_suffix;
    std::optional<std::string> registrable_domain;
    /// The host looked up, as it was read (lookup_url_or_host: the URL Standard's serialization of the URL's
    /// host, "127.0.0.1" for "http://0x7f.1/"; lookup: the host given); empty when the input has no host.
    std::string host;
};

/// Where the answers of one walk begin in the host given to find(): offsets of the first octet of each, or
/// `none`. The "private" pair counts both sections (publicsuffix.org's public suffix, libpsl's PSL_TYPE_ANY, Common
/// Crawl's url_host_private_suffix), the "icann" pair the ICANN section alone (Common Crawl's registry suffix).
struct suffix_offsets {
    static constexpr std::uint16_t none = 0xFFFF;
    std::uint16_t public_suffix = none;       ///< both sections
    std::uint16_t registrable_domain = none;  ///< both sections
    std::uint16_t icann_suffix = none;        ///< the ICANN section alone
    std::uint16_t icann_domain = none;        ///< the ICANN section alone
};

class public_suffix_list;

/// A loaded list, or the reason none could be loaded (the file's name and what went wrong).
struct psl_loaded;

/// A Public Suffix List, loaded once, queried from any number of threads.
class public_suffix_list {
public:
    /// The system's list, the file libpsl reads on Debian (its publicsuffix package's public_suffix_list.dat;
    /// the path is the CMake option IRI_PUBLIC_SUFFIX_LIST), read as load_file reads it.
    [[nodiscard]] static psl_loaded load_default();
    /// The list in the file at `path`, in the list's text form (public_suffix_list.dat). Each line is checked:
    /// a line that is neither a comment ("//"), blank, nor a rule (labels of letters, digits, "-" and characters
    /// beyond ASCII, with a "*." or "!" before them) is refused, "FILE:LINE: why"; so is a compressed or binary
    /// file (gzip, bzip2, xz, zstd, zip, libpsl's DAFSA form, a NUL octet, bytes that are not UTF-8), and a file
    /// with no rule. Errors name the file: it cannot be read (the system's reason).
    [[nodiscard]] static psl_loaded load_file(const std::string& path);
    /// The list whose text is `text` (as load_file reads a file), named `source` in errors and by source().
    [[nodiscard]] static psl_loaded load_text(std::string_view text, const std::string& source);

    /// The answers for a host (see the file's comment for the forms of host it takes). An error only when UTS
    /// #46 refuses a host that is not plain ASCII; its offsets are into `host`.
    [[nodiscard]] result<site> lookup(std::string_view host, const site_options& options) const;
    [[nodiscard]] result<site> lookup(std::string_view host, psl_sections sections = psl_sections::all) const;
    /// The answers for the host of a URL, or of a bare host, as a browser reads it. `input` is read by the URL
    /// Standard's parser (iri/web.hpp), its host as the parsed URL holds it ("http://example.com\a" has the host
    /// example.com, "http://0x7f.1/" the address 127.0.0.1, which has no suffix) when it begins with a scheme and
    /// ":" and is not a host and port: a special scheme (http, https, ws, wss, ftp, file), or a scheme not followed
    /// by a port (digits up to the end or a "/", "?" or "#"). Any other input is a bare host, read as the Public
    /// Suffix List's tools read one: "host", "host:port", "host/path", "//host/path" (and "user@host") give the
    /// host, parsed as the host of an http: URL. A URL without a host ("mailto:a@example.com") and an IP address
    /// answer none; an opaque host (a scheme the Standard does not know: "ssh://git@github.com/x") is looked up as
    /// a host name, none when it is not one. Error: the Standard's failure (errc::url_failure, its offset into
    /// `input`).
    [[nodiscard]] result<site> lookup_url_or_host(std::string_view input, const site_options& options) const;
    /// As lookup_url_or_host, parsing into `scratch`, whose buffer is reused from one call to the next (a batch's
    /// loop makes no allocation for the parse once it is large enough).
    [[nodiscard]] result<site> lookup_url_or_host(std::string_view input, const site_options& options,
                                                  web::url& scratch) const;
    [[nodiscard]] result<site> lookup_url_or_host(std::string_view input,
                                                  psl_sections sections = psl_sections::all) const;

    /// lookup(host)'s public suffix; nullopt also when lookup() fails.
    [[nodiscard]] std::optional<std::string> public_suffix(std::string_view host,
                                                           psl_sections sections = psl_sections::all) const;
    /// lookup(host)'s registrable domain; nullopt also when lookup() fails.
    [[nodiscard]] std::optional<std::string> registrable_domain(std::string_view host,
                                                                psl_sections sections = psl_sections::all) const;

    /// The walk alone, for both sections at once: where the answers begin in `host`, a name in A-labels (each
    /// octet other than "." a label's; ASCII case ignored). `star_rule` false leaves out the list's implicit "*"
    /// rule (an unlisted top-level label is then no public suffix: "example.invalid" has none, as Common Crawl's
    /// columns say). A final dot is no label (the answers, host.substr(offset), end with it). None for the hosts
    /// the file's comment names. No allocation, no exception.
    [[nodiscard]] suffix_offsets find(std::string_view host, bool star_rule = true) const noexcept;

    /// Where the list came from: the file's path, or the source given to load_text.
    [[nodiscard]] const std::string& source() const noexcept;
    /// How many rules the list has (its lines that are rules).
    [[nodiscard]] std::size_t rule_count() const noexcept;

    struct context;  // the table, private to the library

private:
    explicit public_suffix_list(std::shared_ptr<const context> c) noexcept : context_(std::move(c)) {}
    std::shared_ptr<const context> context_;
};

/// The host lookup_url_or_host looks up in `input`: the URL Standard's serialization of its host (an IP address
/// too; "" when the URL has none). Error: the Standard's failure.
[[nodiscard]] result<std::string> host_of(std::string_view input);

struct psl_loaded {
    std::optional<public_suffix_list> list;  ///< the list, or nullopt
    std::string error;                       ///< why there is no list ("FILE: No such file or directory")
};

}  // namespace iri::crawl
IRI_API_END
