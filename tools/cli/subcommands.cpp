// The subcommands' table (iri --help lists them) and what each does with one record.
#include "subcommands.hpp"

#include "crawl_command.hpp"
#include "pipeline.hpp"
#include "printers.hpp"

namespace cli {

namespace {

outcome failed(const iri::error& e, std::string_view about, const char* what = "") {
    return outcome{.error = e, .about = about, .what = what};
}

// validate, parse: the components of the reference (of --production).
outcome parse_reference(const options& o, const record& r, std::string&) {
    auto p = iri::parse(r.fields[0], o.grammar, o.production);
    if (!p) return failed(p.error(), r.fields[0]);
    return outcome{.parts = *p};
}

// The outcome of a subcommand that appended its output (`n` bytes) to `sink`: that output, or the error about `in`
// (the library leaves `sink` as it was).
outcome written(const iri::result<std::size_t>& n, const std::string& sink, std::string_view in, bool uri) {
    if (!n) return failed(n.error(), in);
    return outcome{.output = std::string_view(sink).substr(sink.size() - *n), .output_is_uri = uri};
}

// `in` parsed in --production as a view. For the default production the view is parsed into its own components:
// a copy of them made just after the parse wrote them would wait for those stores on every line.
iri::result<iri::reference_view> parsed_view(const options& o, std::string_view in) {
    if (o.production == iri::production::uri_reference) return iri::reference_view::parse(in, o.grammar);
    auto p = iri::parse(in, o.grammar, o.production);
    if (!p) return p.error();
    return iri::reference_view(in, *p, o.grammar);
}

// normalize, key: the normal form, or normalize.hpp's canonical key, written in one pass.
outcome normal_form(const options& o, const record& r, std::string& sink, bool key) {
    const std::string_view in = r.fields[0];
    const auto view = parsed_view(o, in);
    if (!view) return failed(view.error(), in);
    return written(key ? iri::append_canonical_key(sink, *view, o.normalization)
                       : iri::append_normalized(sink, *view, o.normalization),
                   sink, in, o.grammar == iri::grammar::uri || o.normalization.as_uri);
}

outcome normalize_reference(const options& o, const record& r, std::string& sink) {
    return normal_form(o, r, sink, false);
}
outcome key_of_reference(const options& o, const record& r, std::string& sink) { return normal_form(o, r, sink, true); }

// to-uri, to-iri: the conversions parse their input themselves.
outcome to_uri_reference(const options& o, const record& r, std::string& sink) {
    return written(iri::append_to_uri(sink, r.fields[0], o.grammar, o.to_uri), sink, r.fields[0], true);
}

outcome to_iri_reference(const options& o, const record& r, std::string& sink) {
    iri::to_iri_options t = o.to_iri;  // the IRI grammar asked for: RFC 3987's or 3987bis's
    t.to = o.grammar == iri::grammar::rfc3987 ? iri::grammar::rfc3987 : iri::grammar::iri;
    return written(iri::append_to_iri(sink, r.fields[0], t), sink, r.fields[0], false);
}

// surt, canonicalize: the crawler's keys (iri/crawl_keys.hpp), appended to the sink.
// With --pairs, of the href resolved against its page (crawl_command.cpp).
outcome surt_of_url(const options& o, const record& r, std::string& sink) {
    const crawl_input in = read_crawl_input(o, r);
    if (in.error) return failed(*in.error, in.about, in.what);
    return written(iri::crawl::append_surt(sink, in.text, o.surt), sink, in.text, false);
}

outcome canonical_url(const options& o, const record& r, std::string& sink) {
    const crawl_input in = read_crawl_input(o, r);
    if (in.error) return failed(*in.error, in.about, in.what);
    return written(iri::crawl::append_canonicalized(sink, in.text, o.canon), sink, in.text, false);
}

// resolve, relativize, compare: the base (--base, or the pair's first) and the reference, parsed; or the error.
struct pair_inputs {
    std::optional<iri::reference> own_base;  // the pair's
    const iri::reference* base = nullptr;
    std::optional<iri::reference_view> ref;
};

std::optional<outcome> read_pair(const options& o, const record& r, pair_inputs& p) {
    if (o.pairs) {
        auto b = iri::reference::parse(std::string(r.fields[0]), o.grammar);
        if (!b) return failed(b.error(), r.fields[0], "base");
        p.own_base = std::move(*b);
    }
    p.base = o.pairs ? &*p.own_base : &*o.base;
    auto ref = iri::reference_view::parse(r.fields.back(), o.grammar);
    if (!ref) return failed(ref.error(), r.fields.back());
    p.ref = *ref;
    return std::nullopt;
}

outcome target_result(iri::result<iri::reference> t, std::string_view base, std::string_view in, std::string& sink) {
    if (t) {
        sink.append(t->str());
        return outcome{.output = std::string_view(sink).substr(sink.size() - t->str().size())};
    }
    // A target no reference resolves to is about the input; a base without scheme about the base.
    if (t.error().code == iri::errc::not_relativizable) return failed(t.error(), in);
    return failed(t.error(), base, "base");
}

// resolve: the target of each reference (RFC 3986 §5.2), or its normal form (--normalize), written by a resolver
// (resolver.hpp) made once for --base, once per pair for --pairs.
outcome resolve_reference(const options& o, const record& r, std::string& sink) {
    std::optional<iri::resolver> pair_resolver;
    if (o.pairs) {
        auto made = iri::resolver::make(r.fields[0], o.grammar, resolver_options(o), {.strict = o.strict});
        if (!made) return failed(made.error(), r.fields[0], "base");
        pair_resolver = std::move(*made);
    }
    const iri::resolver& resolver = o.pairs ? *pair_resolver : *o.resolver;
    const std::string_view in = r.fields.back();
    return written(resolver.append_normalized(sink, in), sink, in, o.grammar == iri::grammar::uri);
}

outcome relativize_reference(const options& o, const record& r, std::string& sink) {
    pair_inputs p;
    if (auto e = read_pair(o, r, p)) return std::move(*e);
    // The base's text: the record's own for --pairs (p.own_base ends here), else --base's.
    const std::string_view base = o.pairs ? r.fields[0] : std::string_view(o.base->str());
    return target_result(iri::relativize(*p.base, *p.ref), base, r.fields.back(), sink);
}

// compare: RFC 3987 §5.3, the ladder up to the rung.
outcome compare_references(const options& o, const record& r, std::string&) {
    pair_inputs p;
    if (auto e = read_pair(o, r, p)) return std::move(*e);
    return outcome{.equivalent = iri::equivalent(*p.base, *p.ref, o.normalization)};
}

// The subcommands: name, what each prints, whether it takes two strings, its handlers (of one record, of one
// record's printing, of the whole input) and its --help text (what it does, its own options and examples).
// parse: the components of the reference, or with --scheme the parts of its scheme's grammar.
void run_parse(const options& o, const record& r, std::string& out, counters& n) {
    if (o.scheme) return run_parse_scheme(o, r.fields[0], out, n);
    print_outcome(o, r, out, n);
}

constexpr subcommand subcommands[] = {
    {"validate", shape::validity, false, &parse_reference, &print_outcome, &run_batch,
     R"(usage: iri validate [--grammar G] [--production P] [REFERENCE... | --input FILE]
Says "valid" or "invalid" for each reference; for an invalid one, a caret under the offending character,
the error code, the component, the message and the spec section. Exit status 1 when one is invalid.
  iri validate 'http://例え.jp/引き割り' 'http://exa mple.org/'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri validate --production IPv6address '2001:db8::7'
)"},
    {"parse", shape::components, false, &parse_reference, &run_parse, &run_batch,
     R"(usage: iri parse [--grammar G] [--production P] [--scheme] [--json | --tsv] [REFERENCE...]
Prints the components: scheme, authority, userinfo, host and its kind, port and its number, path, query,
fragment ("omitted" and empty are different: http://a? has an empty query).
--scheme prints instead the parts of the reference's own scheme grammar (grammar/schemes/: the addresses and
header fields of mailto, a URN's NID and NSS, ...) or the first place the reference leaves it.
  iri parse 'http://u:p@[2001:db8::7]:8080/c=GB?objectClass?one#f'
  iri parse --json 'https://電訊盈科/'
  iri parse --scheme 'mailto:a@example.org?subject=hi'
)"},
    {"check", shape::diagnostics, false, nullptr, &run_check, &run_batch,
     R"(usage: iri check [--grammar G] [--min-severity error|warning|info] [--json | --tsv] [REFERENCE...]
Every diagnostic (docs/diagnostics.md): grammar errors, bidi, character limitations, LEIRI groups,
spoofing and security checks, each with its code, severity and a marker under its bytes. The exit status
follows errors only.
  iri check 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'
  iri check --grammar leiri --json 'http://example.org/a b'
)"},
    {"resolve", shape::output, true, &resolve_reference, &print_outcome, &run_batch,
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
    {"relativize", shape::output, true, &relativize_reference, &print_outcome, &run_batch,
     R"(usage: iri relativize (--base B | --pairs) [--grammar G] [TARGET...]
The shortest reference that resolves from the base back to each target; the error not_relativizable when
none does (a relative target, or a path with dot segments, which resolution removes).
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/g:h' 'http://x/y'
)"},
    {"normalize", shape::output, false, &normalize_reference, &print_outcome, &run_batch,
     R"(usage: iri normalize [--rung simple|syntax|scheme] [--nfc] [--no-fragment] [--as-uri] [REFERENCE...]
The normal form at a rung of RFC 3987 §5.3's ladder (each includes the ones below): simple string
comparison; case, percent-encoding and dot segments (the default rung, syntax); default ports, empty paths,
IDN and IPv6 forms (scheme). It is an IRI: Unicode hosts, UTF-8 characters decoded; --as-uri writes the URI
a client can fetch, IDNA hosts (3987bis §3.1, §3.4.2). --level is an alias of --rung.
  iri normalize 'HTTP://www.EXAMPLE.com/%7euser/./a/../b'
  iri normalize --rung scheme 'http://example.com:80' 'http://xn--rsum-bpad.example.org'
  iri normalize --as-uri 'http://Résumé.example.org/rosé'
)"},
    {"key", shape::output, false, &key_of_reference, &print_outcome, &run_batch,
     R"(usage: iri key [--rung simple|syntax|scheme] [--nfc] [--no-fragment] [--as-uri] [REFERENCE...]
The canonical key of each reference, one per line: two references have equal keys exactly when they are
equivalent at the rung (RFC 3987 §5.3; syntax by default), so "sort -u" de-duplicates them. A key is an
IRI; --as-uri writes it as a URI with IDNA hosts. A crawler's keys are at the scheme rung (default ports,
IDN hosts). --level is an alias of --rung.
  iri key --rung scheme 'http://example.com' 'HTTP://EXAMPLE.com:80/'
  iri key --rung scheme --as-uri --input urls.txt | sort -u
)"},
    {"compare", shape::equivalence, true, &compare_references, &print_outcome, &run_batch,
     R"(usage: iri compare (--base B | --pairs) [--rung R] [--nfc] [--no-fragment] [REFERENCE...]
"equivalent" or "different" for each reference against the base, or for each pair, at the chosen rung
(syntax by default; --level is an alias of --rung).
  iri compare --rung scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
)"},
    {"to-uri", shape::output, false, &to_uri_reference, &print_outcome, &run_batch,
     R"(usage: iri to-uri [--grammar iri|rfc3987|leiri] [--host percent|idna] [--charset NAME] [--encode-unsafe]
Maps each IRI (or LEIRI) to a URI (3987bis §3): characters URIs do not allow as their UTF-8 octets %HH;
--host idna writes the host with UTS #46 A-labels; --charset is the document charset of http(s) queries.
  iri to-uri 'http://www.example.org/red%09rosé#red'
  iri to-uri --host idna 'http://résumé.example.org'
  iri to-uri --charset Shift_JIS 'https://example.jp/?q=日本'
)"},
    {"to-iri", shape::output, false, &to_iri_reference, &print_outcome, &run_batch,
     R"(usage: iri to-iri [--grammar iri|rfc3987] [--unicode-hosts] [--keep-discouraged] [--keep-http-query]
Maps each URI to an IRI by the steps of 3987bis §4.2: %HH of UTF-8 characters the component allows are
decoded; reserved characters, non-UTF-8 octets and inappropriate characters stay encoded.
  iri to-iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'
  iri to-iri --unicode-hosts 'http://xn--99zt52a.example.org/%e2%80%ae'
)"},
    {"url", shape::web, false, nullptr, &run_url, &run_batch,
     R"(usage: iri url [--base URL | --pairs] [--json | --tsv] [HREF... | --input FILE]
Parses each href as a browser does, by the WHATWG URL Standard (not RFC 3986/3987: use the other subcommands
for identifiers), against --base, the pair's page (--pairs: "page<TAB>href"; with --input-format json
[page, href], page null for none) or no base, and prints its href. --json prints the URL class's getters
too: href, origin, protocol, username, password, host, hostname, port, pathname, search, hash. A failure is
printed as validate prints an invalid reference, the message naming the Standard's validation error.
  iri url 'HTTP://EXAMPLE.com:80/a/../b c?x#y'
  iri url --base 'https://example.org/dir/page.html' '..\x' '//h/p' '?q'
  iri url --json 'https://user:pass@[::1]:8443/p?q#f'
  printf 'https://example.org/a/	b?c
' | iri url --pairs
)"},
    {"surt", shape::output, false, &surt_of_url, &print_outcome, &run_batch,
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
    {"canonicalize", shape::output, false, &canonical_url, &print_outcome, &run_batch,
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
    {"extract", shape::texts, false, nullptr, nullptr, &run_extract,
     R"(usage: iri extract [--grammar G] [--json | --tsv] [TEXT... | --input FILE]
Finds the IRIs in running text (RFC 3986 Appendix C, 3987bis §8.3) and prints begin, end and the IRI.
  iri extract 'See <http://example.com/a\n  b> and "http://例え.jp/".'
  iri extract --json --input mail.txt
)"},
    {"site", shape::site, false, nullptr, &run_site, &run_batch,
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
    {"index-columns", shape::columns, false, nullptr, &run_index_columns, &run_batch,
     R"(usage: iri index-columns [--psl FILE] [--host-form ascii|unicode] [--pairs] [--json | --tsv]
                         [URL... | --input FILE]
Common Crawl's 17 URL index columns of each URL (cc-index-table's cc-index-schema-flat.json: url_surtkey,
url, url_host_name, url_host_tld, url_host_2nd_last_part ... url_host_5th_last_part,
url_host_registry_suffix, url_host_registered_domain, url_host_private_suffix, url_host_private_domain,
url_host_name_reversed, url_protocol, url_port, url_path, url_query), the URL read by the URL Standard:
a TSV row each (--tsv: with a header; a null is an empty field), then error_code and error_message; or
--json, an object of the columns by name, null where the schema allows it. Hosts in A-labels, as Common
Crawl writes them (--host-form unicode: U-labels). The rules: docs/index-columns.md.
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

void run(const options& o, const record& r, std::string& out, counters& n) {
    ++n.lines;
    n.bytes += r.bytes;
    if (!r.bad.empty()) {  // the record could not be read
        ++n.invalid;
        if (!o.quiet) print_unreadable(o, r, out);
        return;
    }
    o.command->run_record(o, r, out, n);
}

}  // namespace cli
