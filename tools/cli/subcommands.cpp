// The subcommands' table (iri --help lists them): for each, what it reads, how its text answers a failure, its TSV
// columns, the compute function and printers of one record (run_row names them), the run of the whole input and its
// --help text. A new subcommand is a row here, its compute function and printers (commands.hpp).
#include "subcommands.hpp"

#include "commands.hpp"
#include "links_command.hpp"
#include "pipeline.hpp"
#include "row.hpp"

namespace cli {

namespace {

// The TSV columns (the header row) of each kind of output; the printers put each value in the column of its name.
#define IRI_ERROR_COLUMNS "error_code", "error_offset", "error_component", "error_message"
constexpr const char* validity_column_names[] = {"input", "valid", IRI_ERROR_COLUMNS};
constexpr const char* component_column_names[] = {"input",    "valid",    "scheme",    "authority",
                                                  "userinfo", "host",     "port",      "path",
                                                  "query",    "fragment", "host_kind", IRI_ERROR_COLUMNS};
constexpr const char* output_column_names[] = {"input", "valid", "output", IRI_ERROR_COLUMNS};
constexpr const char* pair_output_column_names[] = {"base", "input", "valid", "output", IRI_ERROR_COLUMNS};
constexpr const char* verdict_column_names[] = {"base", "input", "valid", "equivalent", IRI_ERROR_COLUMNS};
constexpr const char* site_column_names[] = {"input", "valid", "public_suffix", "registrable_domain",
                                             IRI_ERROR_COLUMNS};
#undef IRI_ERROR_COLUMNS
constexpr const char* check_column_names[] = {"input", "valid",     "code",    "severity", "begin",
                                              "end",   "component", "message", "spec"};
constexpr const char* extract_column_names[] = {"begin", "end", "delimiter", "output"};
// links writes its own columns (links_command.cpp): with --pages a page column, with --print a column of its name.
constexpr const char* links_column_names[] = {"url", "element", "attribute", "value", "offset", "rel"};
constexpr columns validity_columns = validity_column_names, component_columns = component_column_names,
                  output_columns = output_column_names, pair_output_columns = pair_output_column_names,
                  verdict_columns = verdict_column_names, site_columns = site_column_names,
                  check_columns = check_column_names, extract_columns = extract_column_names,
                  links_columns_url = links_column_names;
// index-columns: the schema's 17 names (iri/index_columns.hpp), then the error's.
constexpr const char* index_column_names[] = {
#define IRI_INDEX_COLUMN(name, description, nullable) #name,
#include "iri/index_columns.def"
#undef IRI_INDEX_COLUMN
    "error_code", "error_offset", "error_component", "error_message"};
constexpr columns index_columns = index_column_names;

// parse: the components of the reference, or with --scheme the parts of its scheme's grammar.
void run_parse(const options& o, const record& r, line_sink& s) {
    if (o.scheme) return run_row<scheme_outcome, &parse_scheme, &scheme_text, &scheme_fields>(o, r, s);
    run_row<parsed, &parse_reference, &components_text, &components_fields>(o, r, s);
}

const subcommand subcommands[] = {
    {"validate", input_shape::one, output_shape::block, validity_columns,
     (&run_row<parsed, &parse_reference, &validity_text, &validity_fields>), &run_batch,
     R"(usage: iri validate [--grammar G] [--production P] [REFERENCE... | --input FILE]
Says "valid" or "invalid" for each reference; for an invalid one, a caret under the offending character,
the error code, the component, the message and the spec section. Exit status 1 when one is invalid.
  iri validate 'http://例え.jp/引き割り' 'http://exa mple.org/'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri validate --production IPv6address '2001:db8::7'
)"},
    {"parse", input_shape::one, output_shape::block, component_columns, &run_parse, &run_batch,
     R"(usage: iri parse [--grammar G] [--production P] [--scheme] [--json | --tsv] [REFERENCE...]
Prints the components: scheme, authority, userinfo, host and its kind, port and its number, path, query,
fragment ("omitted" and empty are different: http://a? has an empty query).
--scheme prints instead the parts of the reference's own scheme grammar (grammar/schemes/: the addresses and
header fields of mailto, a URN's NID and NSS, ...) or the first place the reference leaves it.
  iri parse 'http://u:p@[2001:db8::7]:8080/c=GB?objectClass?one#f'
  iri parse --json 'https://電訊盈科/'
  iri parse --scheme 'mailto:a@example.org?subject=hi'
)"},
    {"check", input_shape::one, output_shape::block, check_columns,
     (&run_row<diagnosed, &check_reference, &check_text, &check_fields>), &run_batch,
     R"(usage: iri check [--grammar G] [--min-severity error|warning|info] [--json | --tsv] [REFERENCE...]
Every diagnostic (docs/diagnostics.md): grammar errors, bidi, character limitations, LEIRI groups,
spoofing and security checks, each with its code, severity and a marker under its bytes. The exit status
follows errors only.
  iri check 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'
  iri check --grammar leiri --json 'http://example.org/a b'
)"},
    {"resolve", input_shape::absolute_pair, output_shape::line, pair_output_columns,
     (&run_row<transformed, &resolve_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri resolve (--base B | --pairs) [--non-strict] [--normalize L [--nfc] [--no-fragment]]
                   [--grammar G] [REFERENCE...]
Resolves each reference against the base (RFC 3986 §5.2); with --pairs each input is "base<TAB>reference".
With --normalize L, prints the target's normal form at rung L (simple, syntax or scheme; RFC 3987 §5.3),
written in one pass from the base, parsed once, and the reference.
  iri resolve --base 'http://a/b/c/d;p?q' '../g' '//g' '?y' '#s'
  printf 'http://a/b/\t../c\n' | iri resolve --pairs
  iri resolve --non-strict --base 'http://a/b/c/d;p?q' 'http:g'
  iri resolve --base 'HTTP://Example.com/a/' --normalize scheme '../%7euser/./x' '//EXAMPLE.com:80'
)"},
    {"relativize", input_shape::absolute_pair, output_shape::line, pair_output_columns,
     (&run_row<transformed, &relativize_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri relativize (--base B | --pairs) [--grammar G] [TARGET...]
The shortest reference that resolves from the base back to each target; the error not_relativizable when
none does (a relative target, or a path with dot segments, which resolution removes).
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/g:h' 'http://x/y'
)"},
    {"normalize", input_shape::one, output_shape::line, output_columns,
     (&run_row<transformed, &normalize_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri normalize [--rung simple|syntax|scheme] [--nfc] [--no-fragment] [--as-uri] [REFERENCE...]
The normal form at a rung of RFC 3987 §5.3's ladder (each includes the ones below): simple string
comparison; case, percent-encoding and dot segments (the default rung, syntax); default ports, empty paths,
IDN and IPv6 forms (scheme). It is an IRI: Unicode hosts, UTF-8 characters decoded; --as-uri writes the URI
a client can fetch, IDNA hosts (3987bis §3.1, §3.4.2). --level is an alias of --rung.
  iri normalize 'HTTP://www.EXAMPLE.com/%7euser/./a/../b'
  iri normalize --rung scheme 'http://example.com:80' 'http://xn--rsum-bpad.example.org'
  iri normalize --as-uri 'http://Résumé.example.org/rosé'
)"},
    {"key", input_shape::one, output_shape::line, output_columns,
     (&run_row<transformed, &key_of_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri key [--rung simple|syntax|scheme] [--nfc] [--no-fragment] [--as-uri] [REFERENCE...]
The canonical key of each reference, one per line: two references have equal keys exactly when they are
equivalent at the rung (RFC 3987 §5.3; syntax by default), so "sort -u" de-duplicates them. A key is an
IRI; --as-uri writes it as a URI with IDNA hosts. A crawler's keys are at the scheme rung (default ports,
IDN hosts). --level is an alias of --rung.
  iri key --rung scheme 'http://example.com' 'HTTP://EXAMPLE.com:80/'
  iri key --rung scheme --as-uri --input urls.txt | sort -u
)"},
    {"compare", input_shape::pair, output_shape::line, verdict_columns,
     (&run_row<verdict, &compare_references, &verdict_text, &verdict_fields>), &run_batch,
     R"(usage: iri compare (--base B | --pairs) [--rung R] [--nfc] [--no-fragment] [REFERENCE...]
"equivalent" or "different" for each reference against the base, or for each pair, at the chosen rung
(syntax by default; --level is an alias of --rung).
  iri compare --rung scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
)"},
    {"to-uri", input_shape::one, output_shape::line, output_columns,
     (&run_row<transformed, &to_uri_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri to-uri [--grammar iri|rfc3987|leiri] [--host percent|idna] [--charset NAME] [--encode-unsafe]
Maps each IRI (or LEIRI) to a URI (3987bis §3): characters URIs do not allow as their UTF-8 octets %HH;
--host idna writes the host with UTS #46 A-labels; --charset is the document charset of http(s) queries.
  iri to-uri 'http://www.example.org/red%09rosé#red'
  iri to-uri --host idna 'http://résumé.example.org'
  iri to-uri --charset Shift_JIS 'https://example.jp/?q=日本'
)"},
    {"to-iri", input_shape::one, output_shape::line, output_columns,
     (&run_row<transformed, &to_iri_reference, &output_text, &output_fields>), &run_batch,
     R"(usage: iri to-iri [--grammar iri|rfc3987] [--unicode-hosts] [--keep-discouraged] [--keep-http-query]
Maps each URI to an IRI by the steps of 3987bis §4.2: %HH of UTF-8 characters the component allows are
decoded; reserved characters, non-UTF-8 octets and inappropriate characters stay encoded.
  iri to-iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'
  iri to-iri --unicode-hosts 'http://xn--99zt52a.example.org/%e2%80%ae'
)"},
    {"url", input_shape::web_pair, output_shape::line, url_columns,
     (&run_row<web_outcome, &parse_url, &url_text, &url_fields>), &run_batch,
     R"(usage: iri url [--base URL | --pairs] [--json | --tsv] [HREF... | --input FILE]
Parses each href as a browser does, by the WHATWG URL Standard (not RFC 3986/3987: use the other subcommands
for identifiers), against --base, the pair's page (--pairs: "page<TAB>href"; with --input-format json
[page, href], page null for none) or no base, and prints its href. --json prints the URL class's getters
too: href, origin, protocol, username, password, host, hostname, port, pathname, search, hash. A failure is
an empty line (--on-error), its diagnostic on standard error naming the Standard's validation error; with
--explain, shown as validate shows an invalid reference.
  iri url 'HTTP://EXAMPLE.com:80/a/../b c?x#y'
  iri url --base 'https://example.org/dir/page.html' '..\x' '//h/p' '?q'
  iri url --json 'https://user:pass@[::1]:8443/p?q#f'
  printf 'https://example.org/a/	b?c
' | iri url --pairs
)"},
    {"surt", input_shape::key_pair, output_shape::line, output_columns,
     (&run_row<transformed, &surt_of_url, &output_text, &output_fields>), &run_batch,
     R"(usage: iri surt [--with-scheme] [--trailing-comma] [--no-reverse-ipaddr] [--no-host-massage]
                [--format ia|heritrix] [--with-input] [--pairs] [URL... | --input FILE]
The SURT key of each URL, as the Wayback Machine and CDX files sort them (the surt package's surt()): the
Internet Archive's canonicalizer (escapes decoded and written once, dot segments, IPv4 forms, lowercase,
"www" + digits dropped, default port, session ids, query sorted), then the host reversed. An empty line
gives "-", a "filedesc..." line comes back as it is. --format heritrix writes Heritrix's SURT instead:
no canonicalization; scheme://( then the host's labels from the right, each followed by a comma, then
:port, @userinfo, a closing parenthesis and the rest, all lowercase. A line is read as the surt package reads
it; with --pairs ("page<TAB>href") the href is resolved against its page by the URL Standard and the key is
the resolved URL's. --with-input writes "key<TAB>input", the first two fields of a CDX line, so that
"LC_ALL=C sort" orders them as CDX files are.
  iri surt 'http://www.archive.org/goo/?a=2&b&a=1'
  iri surt --with-scheme --trailing-comma 'https://www.example.com/'
  iri surt --format heritrix 'http://user:pass@www.archive.org:8080/a'
  iri surt --with-input --input urls.txt | LC_ALL=C sort
  printf 'https://example.org/a/\t../b?x=1\n' | iri surt --pairs
)"},
    {"canonicalize", input_shape::key_pair, output_shape::line, output_columns,
     (&run_row<transformed, &canonical_url, &output_text, &output_fields>), &run_batch,
     R"(usage: iri canonicalize [--profile safe-browsing|ia|ia-only] [--keep-port] [--no-host-massage] [--pairs]
                        [URL...]
Each URL canonicalized: safe-browsing (the default) follows Google Safe Browsing v4's "URLs and Hashing"
(fragment removed, escapes decoded repeatedly, host dots and IPv4 forms, IDN A-labels, dot segments and
"//", then bytes <= 0x20, >= 0x7F, "#" and "%" escaped; the port dropped unless --keep-port); a URL
without a host is an error. ia is the SURT key's canonicalizer written as a URL; ia-only its IA stage
alone (lowercase, "www" dropped, default port, session ids, query sorted; no decoding). With --pairs
("page<TAB>href") the href is resolved against its page by the URL Standard first.
  iri canonicalize 'http://3279880203/blah' 'http://www.GOOgle.com/a/../b#f'
  iri canonicalize --profile ia 'http://www34.archive.org/index.html?b=a&a=b'
)"},
    {"extract", input_shape::text, output_shape::block, extract_columns, nullptr, &run_extract,
     R"(usage: iri extract [--grammar G] [--json | --tsv] [TEXT... | --input FILE]
Finds the IRIs in running text (RFC 3986 Appendix C, 3987bis §8.3) and prints begin, end and the IRI.
  iri extract 'See <http://example.com/a\n  b> and "http://例え.jp/".'
  iri extract --json --input mail.txt
)"},
    {"links", input_shape::text, output_shape::block, links_columns_url, nullptr, &run_links,
     R"(usage: iri links (--base PAGE_URL [FILE... | -] | --pages LIST [--jobs N]) [--only E,E] [--unique]
                 [--print url|surt|key|site] [--charset LABEL] [--no-scripting] [--json | --tsv]
The links of HTML pages, each resolved as a browser resolves it (iri/html.hpp): the values of a, area and
link href, img and source src and srcset (a link per candidate), iframe, frame, embed, script, audio, video,
track and input src, video poster, object data, form action, button and input formaction, blockquote, q, del
and ins cite, and the URL of a meta refresh; references decoded, the page's encoding found as a browser finds
it (a BOM, --charset LABEL as the HTTP Content-Type's charset, a <meta> in the first 1,024 bytes, else UTF-8),
against the page's base URL (its first <base href>, else PAGE_URL). One URL per line, in the order of the page
(a link that does not resolve is left out; --json prints it with url null and its error). --print writes the
SURT key, the canonical key (at --rung) or the site (registrable domain) instead. --pages LIST reads the pages
of "page_url<TAB>file" lines on --jobs threads, each line printed with its page. --unique prints a line once
per page; --only keeps some elements; --no-scripting reads <noscript> content as markup, as a crawler without
scripts does. --json: url, element, attribute, value (decoded), raw, offset (bytes into the page), rel.
  iri links --base https://example.com/dir/page.html page.html
  curl -s https://example.com/ | iri links --base https://example.com/ --only a --unique
  iri links --pages pages.tsv --jobs 4 --print site | sort -u
)"},
    {"site", input_shape::key_pair, output_shape::line, site_columns,
     (&run_row<site_outcome, &site_of, &site_text, &site_fields>), &run_batch,
     R"(usage: iri site [--psl FILE] [--icann-only] [--host-form input|ascii|unicode] [--pairs] [--json | --tsv]
                [INPUT... | --input FILE]
The public suffix and the registrable domain of each input, tab-separated, by the Public Suffix List
(publicsuffix.org): a URL, whose host is taken as a browser reads it (the URL Standard's parser:
"http://0x7f.1/" is the address 127.0.0.1), or a bare host ("host", "host:port", "host/path", "//host/path").
Lowercased; an input with characters other than ASCII answers in U-labels, any other in A-labels. An empty
field where there is none (an IP address, a single label's registrable domain, a URL without a host). The
list is the system's (Debian's publicsuffix) unless --psl names a file (the list's text, each line checked);
--icann-only leaves the private section (github.io, blogspot.com, ...) out. --host-form ascii or unicode
spells every answer one way, A-labels or U-labels, without a final dot (the default, input, keeps the
input's spelling and its final dot). With --pairs ("page<TAB>href") the href is resolved against its page
first. --json: input, host, public_suffix, registrable_domain (null where none).
  iri site 'https://www.example.co.uk/a' 食狮.公司.cn foo.github.io www.example.co.uk:80
  iri site --icann-only --json foo.github.io
  iri site --host-form unicode http://xn--r8jz45g.jp/ http://例え.jp./
  iri site --psl public_suffix_list.dat --input urls.txt
)"},
    {"index-columns", input_shape::key_pair, output_shape::line, index_columns,
     (&run_row<columns_outcome, &index_columns_of, &columns_text, &columns_fields>), &run_batch,
     R"(usage: iri index-columns [--psl FILE] [--host-form ascii|unicode] [--pairs] [--json | --tsv]
                         [URL... | --input FILE]
Common Crawl's 17 URL index columns of each URL (cc-index-table's cc-index-schema-flat.json: url_surtkey,
url, url_host_name, url_host_tld, url_host_2nd_last_part ... url_host_5th_last_part,
url_host_registry_suffix, url_host_registered_domain, url_host_private_suffix, url_host_private_domain,
url_host_name_reversed, url_protocol, url_port, url_path, url_query), the URL read by the URL Standard:
a line of the 17 columns each, tab-separated, a null an empty field (--tsv: with a header, then the error's
columns); or --json, an object of the columns by name, null where the schema allows it. Hosts in A-labels,
as Common Crawl writes them (--host-form unicode: U-labels). With --pairs ("page<TAB>href") the href is
resolved against its page first. The rules: docs/index-columns.md.
  iri index-columns 'https://www.example.com/path/index.html'
  iri index-columns --json 'https://mypublicbucket.s3.amazonaws.com/a?b=1'
  iri index-columns --tsv --input urls.txt > columns.tsv
)"},
};

}  // namespace

const subcommand* find_subcommand(std::string_view name) {
    for (const subcommand& c : subcommands)
        if (name == c.name) return &c;
    return nullptr;
}

void run(const options& o, const record& r, line_sink& s) {
    ++s.counts.lines;
    s.counts.bytes += r.bytes;
    o.command->run_record(o, r, s);
}

}  // namespace cli
