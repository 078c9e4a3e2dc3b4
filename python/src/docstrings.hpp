// The docstrings of iri._iri's functions, with examples (python/iri/__init__.pyi has the signatures).
#pragma once

namespace pyiri::doc {

inline constexpr const char* parse = R"(Parse a reference; return an immutable iri.Reference.

grammar: "iri" (3987bis, the default), "uri" (RFC 3986), "rfc3987", "leiri" (iri.grammars() lists them).
production: the ABNF rule to match, by the grammar's name or the RFC 3986 role ("IRI-reference", "absolute-IRI",
"ihost", "host", ...). A component is None when absent and "" when empty. Raises iri.IRIError.

>>> r = iri.parse("http://résumé.example.org:8080/a?q")
>>> r.scheme, r.host, r.port, r.port_number, r.query, r.fragment, r.host_kind
('http', 'résumé.example.org', '8080', 8080, 'q', None, 'reg-name')
)";

inline constexpr const char* is_valid = R"(is_valid(s, grammar="iri", production="IRI-reference") -> bool

Whether s is a valid string of the production (a full validation by the grammar, as parse does).

>>> iri.is_valid("http://a/résumé"), iri.is_valid("http://a/résumé", grammar="uri"), iri.is_valid("a b")
(True, False, False)
)";

inline constexpr const char* resolve = R"(Resolve ref against base (RFC 3986 §5.2). strict=False: a reference whose
scheme equals the base's is resolved as if it had none (§5.4.2). Raises iri.IRIError (input says which argument).

>>> iri.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
)";

inline constexpr const char* relativize = R"(The shortest reference that resolves against base to target.

>>> iri.relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?y")
'?y'
)";

inline constexpr const char* normalize = R"(The normal form at rung "simple", "syntax" (the default) or "scheme"
(RFC 3987 §5.3; level= is an alias of rung=); nfc=True adds NFC; keep_fragment=False drops the fragment. It is
an IRI (Unicode hosts, UTF-8 characters decoded); as_uri=True gives the URI a client can fetch, IDNA hosts.

>>> iri.normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?q#f", rung="scheme")
'http://www.example.com/~user/b?q#f'
>>> iri.normalize("http://Résumé.example.org/rosé", as_uri=True)
'http://xn--rsum-bpad.example.org/ros%C3%A9'
)";

inline constexpr const char* canonical_key = R"(A key equal for exactly the references equivalent at `rung` (default
"syntax"; level= is an alias), for sets and dicts: an IRI, or with as_uri=True a URI with IDNA hosts. A crawler
asks for rung="scheme" (default ports, IDN hosts).

>>> iri.canonical_key("HTTP://xn--rsum-bpad.example.org:80", rung="scheme") == \
...     iri.canonical_key("http://résumé.example.org/", rung="scheme")
True
)";

inline constexpr const char* equivalent = R"(Whether a and b are equivalent at `rung` (RFC 3987 §5.3; default "syntax";
level= is an alias).

>>> iri.equivalent("http://example.com", "http://example.com:80/", rung="scheme")
True
)";

inline constexpr const char* to_uri = R"(IRI to URI (3987bis §3). host="idna" writes a non-ASCII host with A-labels
(UTS #46); charset is the document's charset for http(s) queries (§3.5); encode_unsafe_ascii percent-encodes
space, "<", ">", ... instead of failing.

>>> iri.to_uri("http://résumé.example.org/", host="idna")
'http://xn--rsum-bpad.example.org/'
)";

inline constexpr const char* to_iri = R"(URI to IRI (3987bis §4.2): %HH of UTF-8 characters an IRI allows decoded.

>>> iri.to_iri("http://www.example.org/D%C3%BCrst")
'http://www.example.org/Dürst'
)";

inline constexpr const char* surt = R"(The SURT key of a URL (the Wayback Machine's and CDX files' urlkey), as the surt
package's surt() with the same options and defaults: the Internet Archive's canonicalizer, then the host reversed.
An empty string gives "-", a "filedesc..." string comes back as it is; a port that is not digits raises IRIError.
format="heritrix" writes Heritrix's SURT instead (no canonicalization; the other options do not apply).

>>> iri.surt("http://www.archive.org/goo/?a=2&b&a=1")
'org,archive)/goo?a=1&a=2&b'
>>> iri.surt("http://www.example.com/", with_scheme=True, trailing_comma=True)
'http://(com,example,)/'
)";

inline constexpr const char* canonicalize = R"(The URL canonicalized by `profile`: "safe-browsing" (Google Safe Browsing
v4 "URLs and Hashing"; the port dropped unless keep_port; a URL without a host raises IRIError), "ia" (the
surt key's canonicalizer, written as a URL) or "ia-only" (its IA stage alone).

>>> iri.canonicalize("http://3279880203/blah")
'http://195.127.0.11/blah'
>>> iri.canonicalize("http://www34.archive.org/index.html?b=a&a=b", profile="ia")
'http://archive.org/index.html?a=b&b=a'
)";

inline constexpr const char* surts = R"(surt() of each item, in input order; the GIL released, on `jobs` threads.
A bad item gives None (errors="none") or raises the first bad item's IRIError (errors="raise").

>>> iri.surts(["http://archive.org/goo/?", "", "http://a:8x/"])
['org,archive)/goo', '-', None]
)";

inline constexpr const char* canonicalizes = R"(canonicalize() of each item, in input order; the GIL released, on `jobs`
threads. A bad item gives None (errors="none") or raises the first bad item's IRIError (errors="raise").

>>> iri.canonicalizes(["http://www.GOOgle.com/", "mailto:x"])
['http://www.google.com/', None]
)";

inline constexpr const char* leiri_to_iri = R"(LEIRI to IRI (3987bis §6.2).

>>> iri.leiri_to_iri("http://a/b c")
'http://a/b%20c'
)";

inline constexpr const char* percent_encode = R"(Percent-encode text for a component ("userinfo", "reg-name", "segment",
"query", "fragment", ...) of a grammar; the characters of `also` too; literal=True encodes every "%".

>>> iri.percent_encode("a b/é"), iri.percent_encode("a b/é", grammar="uri")
('a%20b%2Fé', 'a%20b%2F%C3%A9')
)";

inline constexpr const char* percent_decode = R"(Decode every %HH: bytes, or str with utf8=True (which requires UTF-8).
strict=False keeps a "%" not followed by two hex digits.

>>> iri.percent_decode("a%20b%2F"), iri.percent_decode("r%C3%A9sum%C3%A9", utf8=True)
(b'a b/', 'résumé')
)";

inline constexpr const char* host_to_ascii = R"(UTS #46 ToASCII of a host (IDNA2008 as browsers apply it).

>>> iri.host_to_ascii("résumé.example.org")
'xn--rsum-bpad.example.org'
)";

inline constexpr const char* host_to_unicode = R"(UTS #46 ToUnicode of a host: A-labels become U-labels.

>>> iri.host_to_unicode("xn--rsum-bpad.example.org")
'résumé.example.org'
)";

inline constexpr const char* from_charset = R"(Bytes in a legacy charset (an ICU converter name) as a str in NFC
(RFC 3987 §3.1 variant B). Raises iri.IRIError ("invalid_encoding", "unknown_charset").

>>> iri.from_charset(b"http://a/r\xe9sum\xe9", "ISO-8859-1")
'http://a/résumé'
)";

inline constexpr const char* remove_dot_segments = R"(RFC 3986 §5.2.4 on a path.

>>> iri.remove_dot_segments("/a/b/c/./../../g")
'/a/g'
)";

inline constexpr const char* grammars = "The names of the grammar variants built in.";
inline constexpr const char* production_rule = R"(The ABNF rule (its text, as grammar/GRAMMAR.abnf writes it:
continuation lines and comments kept) that plays a production in a grammar, or None when the grammar has none.
The production is named as in parse: by the grammar's rule name or the RFC 3986 role.

>>> print(iri.production_rule("iri", "host"))
ihost          = IP-literal / IPv4address / ireg-name
>>> print(iri.production_rule("uri", "path-abempty"))
path-abempty  = *( "/" segment )
)";

inline constexpr const char* validate_many = R"(is_valid for each item, in order, the GIL released, on `jobs` threads
(1 to 256; 0 or None: one per core; ValueError otherwise). When fewer threads can be started (a process limit),
the work is done on those that could, down to the calling thread, with a RuntimeWarning.

>>> iri.validate_many(["http://a/", "a b"], jobs=2)
[True, False]
)";

inline constexpr const char* resolve_many = R"(resolve for each reference against one base (str) or its own (a sequence
as long as refs), in order, the GIL released, on `jobs` threads (as in validate_many). A bad item gives None
(errors="none") or raises the first one's iri.IRIError (errors="raise").

>>> iri.resolve_many("http://a/b/c/d;p?q", ["../g", "g h"])
['http://a/b/g', None]
)";

inline constexpr const char* normalize_many = R"(normalize for each item (see resolve_many for errors= and jobs=).

>>> iri.normalize_many(["HTTP://A/%7e", "a b"])
['http://a/~', None]
)";

inline constexpr const char* canonical_keys = R"(The canonical key of each href, resolved first against bases (one str,
or a sequence as long as hrefs) when given; see resolve_many for errors= and jobs=.

>>> iri.canonical_keys(["../g", "HTTP://A:80/b/g#x"], bases="http://a/b/c/d", rung="scheme", keep_fragment=False)
['http://a/b/g', 'http://a/b/g']
)";

inline constexpr const char* to_uri_many = R"(to_uri for each item (see resolve_many for errors= and jobs=).

>>> iri.to_uri_many(["http://é/", "a b"], host="idna")
['http://xn--9ca/', None]
)";

inline constexpr const char* public_suffix_list = R"(A Public Suffix List (publicsuffix.org), loaded once:
PublicSuffixList() is the system's list (Debian's publicsuffix package's public_suffix_list.dat),
PublicSuffixList(path) the list in a file of that text form (a line that is no rule, a compressed or binary file
raises OSError naming the line, as a file that cannot be read does). Pass it as psl= to public_suffix,
registrable_domain, registrable_domains and index_columns; a path given as psl= is loaded once too.
)";

inline constexpr const char* public_suffix = R"(The public suffix of a host, or of a URL's host, by the Public
Suffix List: psl=None (the system's), a path or an iri.PublicSuffixList; icann_only=True leaves the list's
private section out. An input with a scheme is a URL, read as a browser reads it (the URL Standard); any other
input ("host", "host:port", "host/path", "//host/path") is a bare host, read as an http: URL's.
host_form="input" (the default) answers in U-labels for an input with characters other than ASCII, A-labels
otherwise, a final dot kept; "ascii" in A-labels, "unicode" in U-labels, without a final dot. None for an IP address or a URL without a host;
iri.IRIError for a URL the URL Standard fails ("url_failure") or a host UTS #46 refuses ("idna_failed").

>>> iri.public_suffix("https://www.example.co.uk/a"), iri.public_suffix("foo.github.io", icann_only=True)
('co.uk', 'io')
>>> iri.public_suffix("http://www.食狮.公司.cn/", host_form="ascii")
'xn--55qx5d.cn'
)";

inline constexpr const char* registrable_domain = R"(The registrable domain of a host or a URL's host: its public
suffix and one label more (see public_suffix); None where there is none (a public suffix itself, an address).

>>> iri.registrable_domain("https://www.example.co.uk/a"), iri.registrable_domain("co.uk")
('example.co.uk', None)
)";

inline constexpr const char* registrable_domains = R"(registrable_domain for each item (hosts or URLs), with the
GIL released on jobs threads, in input order; errors="none" gives None for a bad item, "raise" its IRIError.

>>> iri.registrable_domains(["http://a.b.example.co.uk/", "192.0.2.1", "http://exa mple/"])
['example.co.uk', None, None]
)";

inline constexpr const char* index_columns = R"(Common Crawl's 17 URL index columns of each URL (its
columnar index's url_surtkey, url, url_host_name, ... url_query; docs/index-columns.md gives each column's rule),
as a dict of lists in the schema's order, which pandas.DataFrame takes. Each URL is read as a browser reads an
href (the URL Standard). The url column holds the items as given; url_port is the port the URL writes as an int
(its scheme's default too, as Common Crawl's column has it), None when it writes none; a column the schema lets
be null is None where it has no value. psl= is as
public_suffix's; host_form="ascii" (Common Crawl's A-labels) or "unicode" spells the host columns. The GIL is
released on jobs threads; a URL the URL Standard fails gives None in every column but url (errors="none", as
`iri index-columns` writes its row) or raises the first one's IRIError (errors="raise").

>>> c = iri.index_columns(["https://www.example.com/path/index.html", "http://exa mple/"])
>>> c["url_surtkey"], c["url"][1], c["url_host_registered_domain"], c["url_port"]
(['com,example)/path/index.html', None], 'http://exa mple/', ['example.com', None], [None, None])
)";

inline constexpr const char* to_iri_many = R"(to_iri for each item (see resolve_many for errors= and jobs=).

>>> iri.to_iri_many(["http://a/%C3%A9"])
['http://a/é']
)";

inline constexpr const char* url = R"(URL(input, base=None): a URL as a browser parses an href, by the WHATWG URL
Standard's basic URL parser (§4.4), against base (a str or bytes parsed first, or a URL) when given.

Its attributes are the URL class's (§6.1): href, origin (read only), protocol, username, password, host,
hostname, port, pathname, search, hash, each a str ("" for an absent part). Assigning one runs the Standard's
setter: a value it ignores leaves the URL as it was; assigning href a string that is not a URL raises. Use
iri.parse for identifiers (RFC 3986/3987) and URL for hrefs a browser would follow. A failure raises
iri.IRIError with code "url_failure", the message naming the Standard's validation error.

>>> u = iri.URL("..\\x?a b", base="HTTPS://Example.org:443/dir/page.html")
>>> u.href, u.host, u.pathname, u.search
('https://example.org/x?a%20b', 'example.org', '/x', '?a%20b')
>>> u.port = "8443"
>>> u.href
'https://example.org:8443/x?a%20b'
)";

inline constexpr const char* url_can_parse = R"(Whether URL(input, base) would succeed (URL.canParse(), §6.1).

>>> iri.URL.can_parse("//h/p", "http://a/"), iri.URL.can_parse("//h/p"), iri.URL.can_parse("http://[::1")
(True, False, False)
)";

inline constexpr const char* urls =
    R"(The href of each of hrefs as iri.URL parses it, against bases when given (one str,
bytes or URL for all; or a sequence as long as hrefs of them and None), in order, the GIL released, on `jobs`
threads (as in validate_many). A failure gives None (errors="none") or raises the first one's iri.IRIError
(errors="raise"; its input is "base" or "href").

>>> iri.urls(["../g", "http://[::1", "//h"], bases="http://a/b/c")
['http://a/g', None, 'http://h/']
)";

}  // namespace pyiri::doc
