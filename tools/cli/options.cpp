// The iri tool's options: the usage text, and the command line read into `options` (usage errors exit with 2).
#include "options.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "io.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

namespace cli {

namespace {

const char* const usage = R"(usage: iri SUBCOMMAND [OPTIONS] [REFERENCE...]

Subcommands:
  validate    say whether each reference is valid; show where and why it is not
  parse       print the components of each reference (scheme, authority, userinfo, host and its kind,
              port and its number, path, query, fragment)
  check       every diagnostic of each reference (grammar, bidi, characters, LEIRI groups, spoofing,
              security; docs/diagnostics.md) with its code, severity and a marker under its bytes
  resolve     resolve each reference against --base B, or each pair with --pairs (RFC 3986 §5.2)
  relativize  the shortest reference from --base B (or the pair's first) to each target
  to-uri      each IRI (or, with --grammar leiri, LEIRI) as a URI (3987bis §3): characters not allowed in
              URIs as their UTF-8 octets %HH
  to-iri      each URI as an IRI (3987bis §4.2): %HH of UTF-8 characters an IRI allows decoded
  normalize   the normal form of each reference at --rung (RFC 3987 §5.3), an IRI (--as-uri: a URI)
  key         the canonical key of each reference at --rung: equal keys exactly when equivalent, one per
              line, for sort -u; an IRI (--as-uri: a URI)
  compare     whether each reference is equivalent to --base B (or the pair's first and second are), at
              --rung: prints "equivalent" or "different"
  url         each href as a browser parses it, by the WHATWG URL Standard (against --base URL, the pair's
              page, or none): its href, or with --json every getter of the URL class; a failure names the
              Standard's validation error
  surt        the SURT key of each URL (the Wayback Machine's and CDX files' urlkey): the Internet Archive's
              canonicalizer, then the host reversed ("org,archive)/goo?a=1&b"); --format heritrix: Heritrix's
  canonicalize  each URL canonicalized by --profile: safe-browsing (Google Safe Browsing v4, the default),
              ia (the SURT key's canonicalizer, as a URL) or ia-only (its IA stage alone)
  site        the public suffix and the registrable domain of each URL's host or host name, by the
              Public Suffix List (--psl FILE, --icann-only)
  index-columns  Common Crawl's 17 URL index columns of each URL (url_surtkey ... url_query), TSV or JSON
  extract     find the IRIs in running text (each argument a text, or the files): begin, end, IRI
              (RFC 3986 Appendix C: <...> and "..." delimiters, line breaks inside <...>, sentence
              punctuation left out, a line break after a hyphen joined)
  links       the links of HTML pages (a href, img src and srcset, meta refresh, ...), each resolved as a
              browser resolves it against the page's base URL, in page order: --base PAGE_URL and the page
              (FILE or standard input), or --pages LIST ("page_url<TAB>file" lines)

Options:
  --grammar NAME       uri | iri | rfc3987 | leiri (default iri), or any variant built from grammar/
  --production NAME    the ABNF rule to match (IRI-reference, absolute-IRI, ihost, IPv6address, ...)
  --scheme             parse: the parts of each reference under its scheme's own grammar (grammar/schemes/:
                       mailto addresses and header fields, a URN's NID and NSS, ...), or where it leaves it
  --scheme-grammar N   parse --scheme: the scheme grammar named N instead, such as file_appendix_e (RFC 8089
                       Appendix E: drive letters, UNC paths)
  --input FILE         read the inputs from FILE ("-": standard input, the default without arguments)
  -0                   inputs are separated by NUL instead of LF
  --input-format F     lines (default: one per line, a CR before the LF dropped) | json (each line one JSON
                       string literal, or with --pairs an array of two strings; url: the base may be null)
  --base B             the base of resolve, relativize, compare and url
  --pairs              each input is "base<TAB>reference" (with json input: ["base", "reference"])
  --non-strict         resolve: ignore a reference's scheme equal to the base's (RFC 3986 §5.2.2)
  --normalize L        resolve: print each target's normal form at rung L (simple | syntax | scheme), written
                       in one pass without the unnormalized target (with --nfc, --no-fragment)
  --host M             to-uri: percent (default, §3.4.1) | idna (§3.4.2: UTS #46 ToASCII of the host)
  --charset NAME       to-uri: the document charset of http(s) queries (§3.5): ISO-8859-1, Shift_JIS, ...;
                       links: the pages' charset as the HTTP Content-Type gives it (a BOM wins over it)
  --encode-unsafe      to-uri: percent-encode space, <, >, ", {, }, |, \, ^, ` instead of failing
  --unicode-hosts      to-iri: punycode labels to Unicode (step 7)
  --keep-discouraged   to-iri: leave the §5.1 characters (compatibility, ignorable, spaces) encoded
  --keep-http-query    to-iri: leave the query of http(s) URIs as it is (step 5)
  --with-scheme        surt: "http://(org,archive)/" instead of "org,archive)/"
  --trailing-comma     surt: a comma after the reversed host ("org,archive,)/")
  --no-reverse-ipaddr  surt: an IPv4 address host as it is ("192.168.1.254)/")
  --no-host-massage    surt, canonicalize: keep a leading "www" + digits + "." of the host
  --format F           surt: ia (default) | heritrix (no canonicalization: "http://(org,archive,www,)/")
  --profile P          canonicalize: safe-browsing (default) | ia | ia-only
  --keep-port          canonicalize --profile safe-browsing: keep the port (v4 drops it)
  --min-severity S     check: show error | warning | info (default) and above; the exit status follows
                       errors only
  --rung R             normalize, key, compare: simple | syntax (default) | scheme, each rung including the ones
                       below it: simple string comparison; case, percent-encoding and dot segments; default
                       ports, empty paths, IDN and IPv6 forms of the scheme (a crawler's keys: --rung scheme)
  --level R            an alias of --rung
  --nfc                normalize, key, compare: character normalization to NFC too (off by default, RFC 3987
                       §5.3.2.2)
  --no-fragment        normalize, key, compare: drop the fragments (kept by default)
  --as-uri             normalize, key: write each as a URI a client can fetch, IDNA hosts (3987bis §3.1,
                       §3.4.2), instead of an IRI (Unicode hosts, UTF-8 characters decoded)
  --only E,E           links: keep the links of these elements only (a,area,link,img,...)
  --unique             links: print a line once per page
  --pages LIST         links: read the pages LIST names, "page_url<TAB>file" per line; each line printed
                       with its page
  --print WHAT         links: url (default) | surt | key (the canonical key at --rung) | site (the
                       registrable domain, by the Public Suffix List)
  --no-scripting       links: read <noscript> content as markup (HTML's scripting flag off)
  --psl FILE           site, index-columns: the Public Suffix List in FILE (its text form, each line
                       checked) instead of the system's (Debian's publicsuffix package)
  --icann-only         site: the list's ICANN section only, without its private one
  --host-form F        site: input (default) | ascii | unicode; index-columns: ascii (default) | unicode
  --with-input         surt: "key<TAB>input", the first two fields of a CDX line
  --on-error WHAT      the subcommands that print one line per input (url, surt, canonicalize, site, normalize,
                       key, to-uri, to-iri, resolve, relativize, compare): the line of an input that fails is
                       empty (default: line N of the output answers line N of the input), the input (shown
                       as the output is) or none (skip: a filter); its diagnostic goes to standard error with
                       the input's line number
  --explain            those subcommands: show a failure as validate does instead (the input, a caret under
                       the byte at fault, the error), on standard output
  --json               one JSON object per input: input, valid, output, components, error {code, offset,
                       component, message}
  --tsv                one TSV row per input, after a header row
  --quiet              print nothing per input
  --stats              print lines, valid, invalid, MB/s and the peak memory to standard error
  --jobs N             threads (default: the number of cores); output stays in input order
  --no-progress        no progress bar (shown on a terminal when the input size is known)
  -h, --help           this text
  --version            the version of iri

Examples:
  iri validate 'http://例え.jp/引き割り'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri parse --json 'http://[2001:db8::7]:8080/c=GB?objectClass?one'
  iri resolve --base 'http://a/b/c/d;p?q' '../g' '//g' '?y'
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g'
  iri to-uri --host idna 'http://résumé.example.org/rosé'
  iri to-iri 'http://www.example.org/D%C3%BCrst'
  iri normalize --rung scheme 'HTTP://www.Example.COM:80/%7euser/./a/../b'
  iri normalize --as-uri 'http://Résumé.example.org/rosé'
  iri compare --rung scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
  printf 'http://a/b/\t../c\n' | iri resolve --pairs
  iri resolve --base 'HTTP://Example.com/a/' --normalize scheme '../%7euser/./x' '//EXAMPLE.com:80'
  iri key --rung scheme --input urls.txt | sort -u
  iri url --base 'https://example.org/dir/page.html' '..\x' '//h/p'
  iri extract --input mail.txt --json
  iri surt --input urls.txt --jobs 4 | sort
  iri canonicalize 'http://3279880203/blah' 'http://www.GOOgle.com/a/../b#f'
  iri site 'https://www.example.co.uk/a' foo.github.io
  iri links --base https://example.com/dir/page.html page.html

An empty line of the input is no input: it fails (empty_line), as a line that cannot be read does (bad_input:
JSON that is not a string, a --pairs line without a TAB).

Exit status: 0 when every input is valid, 1 when some are not (check: when some have errors), 2 for a usage
error, an input that cannot be read or an output that cannot be written. A reader closing the pipe early (iri
... | head) ends the run quietly, as its input's end would, with status 0.
)";

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "iri: " << message << "\n\nRun 'iri --help' for the subcommands and options.\n";
    std::exit(exit_status::failed);
}

// --help, --version: `text` on standard output, and the exit.
[[noreturn]] void print_and_exit(std::string_view text) {
    write_output(text);
    std::exit(finish_output(exit_status::all_valid));
}

// What the options say beyond `options` itself, until the arguments are read.
struct arg_state {
    bool json = false, tsv = false;
    bool on_error = false;              // --on-error was given
    bool host_form = false;             // --host-form was given
    const char* rung_option = nullptr;  // --rung or --level, whichever was given
};

// One option: its name, whether a value follows, and what it sets.
struct option_spec {
    const char* name;
    bool takes_value;
    void (*apply)(options& o, arg_state& st, const std::string& v);
};

// The value v of option `name` among `choices` (name=value pairs); a usage error for any other.
template <class T, std::size_t N>
T choose(const char* what, const std::string& v, const std::pair<const char*, T> (&choices)[N]) {
    std::string names;
    for (const auto& [n, value] : choices) {
        if (v == n) return value;
        names += names.empty() ? n : std::string(", ") + n;
    }
    usage_error("unknown " + std::string(what) + " " + v + " (" + names + ")");
}

unsigned jobs_value(const std::string& v) {
    char* end = nullptr;
    const unsigned long j = std::strtoul(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || j == 0 || j > 256) usage_error("--jobs needs a number from 1 to 256");
    return static_cast<unsigned>(j);
}

constexpr std::pair<const char*, iri::rung> rungs[] = {
    {"simple", iri::rung::simple}, {"syntax", iri::rung::syntax}, {"scheme", iri::rung::scheme}};
constexpr std::pair<const char*, iri::severity> severities[] = {
    {"error", iri::severity::error}, {"warning", iri::severity::warning}, {"info", iri::severity::info}};
constexpr std::pair<const char*, iri::crawl::host_form> host_forms[] = {{"input", iri::crawl::host_form::input},
                                                                        {"ascii", iri::crawl::host_form::ascii},
                                                                        {"unicode", iri::crawl::host_form::unicode}};
constexpr std::pair<const char*, iri::host_mapping> host_mappings[] = {{"percent", iri::host_mapping::percent_encoding},
                                                                       {"idna", iri::host_mapping::idna}};
constexpr std::pair<const char*, iri::crawl::surt_format> surt_formats[] = {
    {"ia", iri::crawl::surt_format::ia}, {"heritrix", iri::crawl::surt_format::heritrix}};
constexpr std::pair<const char*, iri::crawl::canon_profile> canon_profiles[] = {
    {"safe-browsing", iri::crawl::canon_profile::safe_browsing},
    {"ia", iri::crawl::canon_profile::ia},
    {"ia-only", iri::crawl::canon_profile::ia_only}};
constexpr std::pair<const char*, link_print> link_prints[] = {
    {"url", link_print::url}, {"surt", link_print::surt}, {"key", link_print::key}, {"site", link_print::site}};
constexpr std::pair<const char*, input_format> input_formats[] = {{"lines", input_format::lines},
                                                                  {"json", input_format::json}};
constexpr std::pair<const char*, on_error> on_errors[] = {
    {"empty", on_error::empty}, {"input", on_error::input}, {"skip", on_error::skip}};

// --rung R, or its alias --level R (named `given`): one of them, once.
void set_rung(options& o, arg_state& st, const char* given, const std::string& v) {
    if (st.rung_option) usage_error(std::string(given) + " after " + st.rung_option + ": give the rung once");
    st.rung_option = given;
    o.normalization.rung = choose("rung", v, rungs);
}

// The options of every subcommand (iri --help says which is for which).
const option_spec option_specs[] = {
    {"--grammar", true,
     [](options& o, arg_state&, const std::string& v) {
         const auto g = iri::find_grammar(v);
         if (!g) usage_error("unknown grammar " + v);
         o.grammar = *g;
     }},
    {"--production", true, [](options& o, arg_state&, const std::string& v) { o.production_name = v; }},
    {"--scheme", false, [](options& o, arg_state&, const std::string&) { o.scheme = true; }},
    {"--scheme-grammar", true,
     [](options& o, arg_state&, const std::string& v) {
         o.scheme = true;
         o.scheme_grammar = v;
     }},
    {"--input", true, [](options& o, arg_state&, const std::string& v) { o.inputs.push_back(v); }},
    {"-0", false, [](options& o, arg_state&, const std::string&) { o.input = input_format::nul; }},
    {"--input-format", true,
     [](options& o, arg_state&, const std::string& v) { o.input = choose("input format", v, input_formats); }},
    {"--base", true, [](options& o, arg_state&, const std::string& v) { o.base_text = v; }},
    {"--pairs", false, [](options& o, arg_state&, const std::string&) { o.pairs = true; }},
    {"--with-input", false, [](options& o, arg_state&, const std::string&) { o.with_input = true; }},
    {"--host-form", true,
     [](options& o, arg_state& st, const std::string& v) {
         o.site_form = o.index_form = choose("host-form", v, host_forms);
         st.host_form = true;
     }},
    {"--non-strict", false, [](options& o, arg_state&, const std::string&) { o.strict = false; }},
    {"--rung", true, [](options& o, arg_state& st, const std::string& v) { set_rung(o, st, "--rung", v); }},
    {"--level", true, [](options& o, arg_state& st, const std::string& v) { set_rung(o, st, "--level", v); }},
    {"--normalize", true,
     [](options& o, arg_state&, const std::string& v) {
         if (o.command != find_subcommand("resolve"))
             usage_error("--normalize is for resolve (normalize takes --rung)");
         o.normalization.rung = choose("rung", v, rungs);
         o.resolve_normalized = true;
     }},
    {"--min-severity", true,
     [](options& o, arg_state&, const std::string& v) { o.min_severity = choose("severity", v, severities); }},
    {"--host", true,
     [](options& o, arg_state&, const std::string& v) { o.to_uri.host = choose("host mapping", v, host_mappings); }},
    {"--charset", true, [](options& o, arg_state&, const std::string& v) { o.charset = v; }},
    {"--encode-unsafe", false, [](options& o, arg_state&, const std::string&) { o.to_uri.encode_unsafe_ascii = true; }},
    {"--unicode-hosts", false, [](options& o, arg_state&, const std::string&) { o.to_iri.unicode_hosts = true; }},
    {"--keep-discouraged", false,
     [](options& o, arg_state&, const std::string&) { o.to_iri.keep_discouraged_encoded = true; }},
    {"--keep-http-query", false,
     [](options& o, arg_state&, const std::string&) { o.to_iri.keep_http_query_encoded = true; }},
    {"--nfc", false, [](options& o, arg_state&, const std::string&) { o.normalization.nfc = true; }},
    {"--no-fragment", false, [](options& o, arg_state&, const std::string&) { o.normalization.keep_fragment = false; }},
    {"--as-uri", false,
     [](options& o, arg_state&, const std::string&) {
         if (o.command != find_subcommand("normalize") && o.command != find_subcommand("key"))
             usage_error("--as-uri is for normalize and key");
         o.normalization.as_uri = true;
     }},
    {"--with-scheme", false, [](options& o, arg_state&, const std::string&) { o.surt.with_scheme = true; }},
    {"--trailing-comma", false, [](options& o, arg_state&, const std::string&) { o.surt.trailing_comma = true; }},
    {"--no-reverse-ipaddr", false, [](options& o, arg_state&, const std::string&) { o.surt.reverse_ipaddr = false; }},
    {"--no-host-massage", false,
     [](options& o, arg_state&, const std::string&) { o.surt.host_massage = o.canon.host_massage = false; }},
    {"--format", true,
     [](options& o, arg_state&, const std::string& v) { o.surt.format = choose("format", v, surt_formats); }},
    {"--profile", true,
     [](options& o, arg_state&, const std::string& v) { o.canon.profile = choose("profile", v, canon_profiles); }},
    {"--keep-port", false, [](options& o, arg_state&, const std::string&) { o.canon.keep_port = true; }},
    {"--psl", true, [](options& o, arg_state&, const std::string& v) { o.psl_file = v; }},
    {"--icann-only", false,
     [](options& o, arg_state&, const std::string&) { o.psl_sections = iri::crawl::psl_sections::icann_only; }},
    {"--on-error", true,
     [](options& o, arg_state& st, const std::string& v) {
         o.failed_line = choose("--on-error", v, on_errors);
         st.on_error = true;
     }},
    {"--explain", false, [](options& o, arg_state&, const std::string&) { o.explain = true; }},
    {"--only", true, [](options& o, arg_state&, const std::string& v) { o.links.only = v; }},
    {"--unique", false, [](options& o, arg_state&, const std::string&) { o.links.unique = true; }},
    {"--pages", true, [](options& o, arg_state&, const std::string& v) { o.links.pages = v; }},
    {"--print", true,
     [](options& o, arg_state&, const std::string& v) { o.links.print = choose("link output", v, link_prints); }},
    {"--no-scripting", false, [](options& o, arg_state&, const std::string&) { o.links.scripting = false; }},
    {"--json", false, [](options&, arg_state& st, const std::string&) { st.json = true; }},
    {"--tsv", false, [](options&, arg_state& st, const std::string&) { st.tsv = true; }},
    {"--quiet", false, [](options& o, arg_state&, const std::string&) { o.quiet = true; }},
    {"--stats", false, [](options& o, arg_state&, const std::string&) { o.stats = true; }},
    {"--no-progress", false, [](options& o, arg_state&, const std::string&) { o.progress = false; }},
    {"--jobs", true, [](options& o, arg_state&, const std::string& v) { o.jobs = jobs_value(v); }},
};

// The subcommand named by the first argument; prints the usage for -h and --help.
const subcommand* read_subcommand(int argc, char** argv) {
    if (argc < 2) usage_error("a subcommand is needed");
    const std::string name = argv[1];
    if (name == "-h" || name == "--help") print_and_exit(usage);
    if (name == "--version") print_and_exit("iri " IRI_VERSION "\n");
    const subcommand* c = find_subcommand(name);
    if (!c) usage_error("unknown subcommand " + name);
    return c;
}

// The options and references after the subcommand.
void read_arguments(int argc, char** argv, options& o, arg_state& st) {
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help")
            print_and_exit(std::string(o.command->help) + "\nCommon options: see iri --help.\n");
        if (a == "--") {
            for (++i; i < argc; ++i) o.references.emplace_back(argv[i]);
            break;
        }
        const auto spec = std::find_if(std::begin(option_specs), std::end(option_specs),
                                       [&](const option_spec& s) { return a == s.name; });
        if (spec != std::end(option_specs)) {
            if (spec->takes_value && i + 1 >= argc) usage_error(a + " needs a value");
            spec->apply(o, st, spec->takes_value ? argv[++i] : "");
        } else if (a.size() > 1 && a[0] == '-') {
            usage_error("unknown option " + a);
        } else {
            o.references.push_back(a);
        }
    }
}

// url: --base URL parsed once by the URL Standard, or --pairs, or neither (no base).
void read_web_base(options& o) {
    if (o.pairs && o.base_text) usage_error("url takes --base URL or --pairs, not both");
    if (!o.base_text) return;
    auto b = iri::web::parse(*o.base_text);
    if (!b) {
        std::cerr << "iri: the base is not a URL\n" << caret_display(*o.base_text, b.error());
        std::exit(exit_status::failed);
    }
    o.web_base = std::move(*b);
}

// links: --base PAGE_URL with the pages, or --pages LIST; --only's names are link elements.
void read_links_options(options& o) {
    if (o.links.pages.empty() == !o.base_text) usage_error("links needs either --base PAGE_URL or --pages LIST");
    if (!o.links.pages.empty() && !o.references.empty()) usage_error("links takes its pages from --pages LIST only");
    if (o.base_text && !iri::web::can_parse(*o.base_text)) usage_error("the page URL is not a URL: " + *o.base_text);
    for (std::string_view rest = o.links.only; !rest.empty();) {
        const std::size_t comma = rest.find(',');
        const std::string_view e = rest.substr(0, comma);
        if (!iri::html::is_link_element(e)) usage_error("--only: " + std::string(e) + " has no link attribute");
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
}

// The crawler's keys (surt, canonicalize, site, index-columns): --pairs (page TAB href, resolved by the URL
// Standard), no --base; --with-input for surt.
void read_key_pairs(const options& o) {
    if (o.base_text) usage_error(std::string(o.command->name) + " takes --pairs, not --base");
    if (o.with_input && o.command != find_subcommand("surt")) usage_error("--with-input is for surt");
}

// --base B parsed once (resolve, relativize and compare), or --pairs; a usage error otherwise.
void read_base(options& o) {
    if (o.with_input && o.command->input != input_shape::key_pair) usage_error("--with-input is for surt");
    if (o.command == find_subcommand("links")) return read_links_options(o);
    if (o.command->input == input_shape::web_pair) return read_web_base(o);
    if (o.command->input == input_shape::key_pair) return read_key_pairs(o);
    if (!o.command->takes_base()) {
        if (o.pairs || o.base_text)
            usage_error("--base and --pairs are for resolve, relativize, compare and url (--pairs: and the keys)");
        return;
    }
    if (o.pairs == o.base_text.has_value())
        usage_error(std::string(o.command->name) + " needs either --base B or --pairs");
    if (!o.base_text) return;
    auto b = iri::reference::parse(*o.base_text, o.grammar);
    if (!b) {
        std::cerr << "iri: the base is not valid\n" << caret_display(*o.base_text, b.error());
        std::exit(exit_status::failed);
    }
    if (!b->has_scheme() && o.command->input == input_shape::absolute_pair)
        usage_error("the base needs a scheme (RFC 3986 §5.1): " + *o.base_text);
    o.base = std::move(*b);
    if (o.command == find_subcommand("resolve"))  // the base parsed once, each target written by a resolver
        o.resolver = *iri::resolver::make(*o.base_text, o.grammar, resolver_options(o), {.strict = o.strict});
}

// --on-error and --explain: for the text output of the subcommands that print a line per input, one of them.
void read_failure_options(const options& o, const arg_state& st) {
    if (!st.on_error && !o.explain) return;
    const std::string given = st.on_error ? "--on-error" : "--explain";
    if (o.command->output != output_shape::line)
        usage_error(given + " is for the subcommands that print one line per input (" + o.command->name +
                    " shows each failure with a caret)");
    if (o.output != output_format::text)
        usage_error(given + " is for the text output: --json and --tsv write one record per input, with its error");
    if (st.on_error && o.explain) usage_error("--on-error and --explain exclude each other");
}

// site, index-columns, links --print site: the Public Suffix List, loaded once (--psl FILE, else the system's);
// --psl and --icann-only are for them (--icann-only not for index-columns, whose columns name both sections), as
// --host-form is for site and index-columns.
void read_public_suffix_list(options& o, const arg_state& st) {
    const bool site = o.command == find_subcommand("site"), columns = o.command == find_subcommand("index-columns");
    if (st.host_form && !site && !columns) usage_error("--host-form is for site and index-columns");
    if (columns && o.index_form == iri::crawl::host_form::input)
        usage_error("index-columns: --host-form ascii or unicode");
    if (columns && o.psl_sections != iri::crawl::psl_sections::all) usage_error("--icann-only is for site");
    if (!site && !columns && o.links.print != link_print::site) {
        if (o.psl_file || o.psl_sections != iri::crawl::psl_sections::all)
            usage_error("--psl and --icann-only are for site, index-columns and links --print site");
        return;
    }
    auto loaded = o.psl_file ? iri::crawl::public_suffix_list::load_file(*o.psl_file)
                             : iri::crawl::public_suffix_list::load_default();
    if (!loaded.list) {
        std::cerr << "iri: cannot load the Public Suffix List: " << loaded.error << "\n";
        std::exit(exit_status::failed);
    }
    o.psl = std::move(*loaded.list);
}

}  // namespace

options parse_args(int argc, char** argv) {
    options o;
    o.jobs = std::max(1u, std::thread::hardware_concurrency());
    o.command = read_subcommand(argc, argv);
    arg_state st;
    read_arguments(argc, argv, o, st);
    if (st.json && st.tsv) usage_error("--json and --tsv exclude each other");
    o.output = st.json ? output_format::json : st.tsv ? output_format::tsv : output_format::text;
    read_failure_options(o, st);
    if (o.scheme && o.output == output_format::tsv) usage_error("parse --scheme writes text or JSON, not TSV");
    if (!o.production_name.empty()) {
        const auto p = iri::find_production(o.grammar, o.production_name);
        if (!p) usage_error("grammar " + std::string(iri::name(o.grammar)) + " has no production " + o.production_name);
        o.production = *p;
    }
    read_base(o);
    read_public_suffix_list(o, st);
    if (o.references.empty() && o.inputs.empty() && o.links.pages.empty()) o.inputs.emplace_back("-");
    return o;
}

iri::normalize_options resolver_options(const options& o) {
    return o.resolve_normalized ? o.normalization : iri::normalize_options{.rung = iri::rung::simple};
}

}  // namespace cli
