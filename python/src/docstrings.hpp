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

inline constexpr const char* public_suffix_list = R"(A Public Suffix List (publicsuffix.org), loaded once:
PublicSuffixList() is the system's list (Debian's publicsuffix package's public_suffix_list.dat),
PublicSuffixList(path) the list in a file of that text form (a line that is no rule, a compressed or binary file
raises OSError naming the line, as a file that cannot be read does). Pass it as psl= to public_suffix,
registrable_domain, their _many and _iter forms and index_columns; a path given as psl= is loaded once too.
)";

inline constexpr const char* public_suffix = R"(The public suffix of a host, or of a URL's host, by the Public
Suffix List: psl=None (the system's), a path or an iri.PublicSuffixList; icann_only=True leaves the list's
private section out. An input with a scheme is a URL, read as a browser reads it (the URL Standard); any other
input ("host", "host:port", "host/path", "//host/path") is a bare host, read as an http: URL's.
host_form="input" (the default) answers in U-labels for an input with characters other than ASCII, A-labels
otherwise, a final dot kept; "ascii" in A-labels, "unicode" in U-labels, without a final dot. None for an IP
address or a URL without a host; iri.IRIError ("url_failure") for an input the URL Standard fails (a host UTS #46
refuses among them).

>>> iri.public_suffix("https://www.example.co.uk/a"), iri.public_suffix("foo.github.io", icann_only=True)
('co.uk', 'io')
>>> iri.public_suffix("http://www.食狮.公司.cn/", host_form="ascii")
'xn--55qx5d.cn'
)";

inline constexpr const char* registrable_domain = R"(The registrable domain of a host or a URL's host: its public
suffix and one label more (see public_suffix, for psl=, icann_only= and host_form=); None where there is none (a
public suffix itself, an address).

>>> iri.registrable_domain("https://www.example.co.uk/a"), iri.registrable_domain("co.uk")
('example.co.uk', None)
)";

inline constexpr const char* index_columns = R"(Common Crawl's 17 URL index columns of each URL (its
columnar index's url_surtkey, url, url_host_name, ... url_query; docs/index-columns.md gives each column's rule),
as a dict of lists in the schema's order (iri.INDEX_COLUMNS), which pandas.DataFrame takes. Each URL is read as a
browser reads an href (the URL Standard). urls is any iterable of str and bytes (mixed). The url column holds the
items as given; url_port is the port the URL writes as an int (its scheme's default too, as Common Crawl's column
has it), None when it writes none; a column the schema lets be null is None where it has no value. psl= is as
public_suffix's; host_form="ascii" (Common Crawl's A-labels) or "unicode" spells the host columns. The GIL is
released on jobs threads (see is_valid_many). A URL the URL Standard fails, or an item that is not text, has in
every column but url None (errors="none"), its exception (errors="return"), or the first one is raised
(errors="raise"). A batch by nature (its answer is a table), it has no _many form; index_columns_iter streams, a
dict of lists per chunk.

>>> c = iri.index_columns(["https://www.example.com/path/index.html", "http://exa mple/"])
>>> c["url_surtkey"], c["url"][1], c["url_host_registered_domain"], c["url_port"]
(['com,example)/path/index.html', None], 'http://exa mple/', ['example.com', None], [None, None])
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

inline constexpr const char* search_params = R"(URLSearchParams(init=None): application/x-www-form-urlencoded name/value
pairs with the URL Standard's URLSearchParams methods (§6.2): append, delete, get, get_all, has, set, sort;
iteration gives (name, value) pairs, len() their number, str() the serialization. init is a str or bytes (a
leading "?" removed), an iterable of pairs or a mapping. URL.search_params is a URL's query object: it reads the
URL's query, and each change sets it (null when the list is empty), as the Standard's update steps do.

>>> u = iri.URL("https://example.org/?b=2&a=1&a=3")
>>> u.search_params.get("a"), u.search_params.get_all("a"), len(u.search_params)
('1', ['1', '3'], 3)
>>> u.search_params.append("c", "x y"); u.search_params.sort(); u.href
'https://example.org/?a=1&a=3&b=2&c=x+y'
>>> u.search_params.delete("a"); list(u.search_params)
[('b', '2'), ('c', 'x y')]
>>> str(iri.URLSearchParams({"q": "é&"}))
'q=%C3%A9%26'
)";

// The batch calls: f_many for each f. What they share is said once, in is_valid_many's and resolve_many's.
inline constexpr const char* is_valid_many = R"(is_valid for each item of an iterable of str and bytes (mixed), in
order, the GIL released, on `jobs` threads (1 to 256 as the iri tool's --jobs, or None for one per core;
ValueError otherwise). An item that is not text is False. When fewer threads can be started (a process limit),
the work is done on those that could, down to the calling thread, with a RuntimeWarning. is_valid_iter streams.

>>> iri.is_valid_many(["http://a/", b"a b", None], jobs=2)
[True, False, False]
)";

inline constexpr const char* resolve_many = R"(resolve for each reference against one base (str or bytes: a base that
is not valid, or has no scheme, raises iri.IRIError with input "base", as the tool's --base) or its own (an
iterable as long as refs), in order, the GIL released, on `jobs` threads (see is_valid_many). Items are str or
bytes, mixed. An item that fails never fails the batch: its slot is None (errors="none"), its exception
(errors="return": iri.IRIError, input "base" or "ref"; TypeError for an item that is not text,
UnicodeEncodeError for a str with lone surrogates), or the first failure is raised (errors="raise"). A result
that is not UTF-8 (a crawler's key of such bytes) holds them as lone surrogates (PEP 383: encode it with
"surrogateescape" for the bytes). resolve_iter streams.

>>> iri.resolve_many("http://a/b/c/d;p?q", ["../g", "g h", b"?y"])
['http://a/b/g', None, 'http://a/b/c/d;p?y']
)";

inline constexpr const char* normalize_many = R"(normalize for each item (errors= and jobs= as in resolve_many).

>>> iri.normalize_many(["HTTP://A/%7e", "a b"])
['http://a/~', None]
)";

inline constexpr const char* canonical_key_many = R"(The canonical key of each href, resolved first against bases (one
str or bytes, or an iterable as long as hrefs) when given (errors= and jobs= as in resolve_many).

>>> iri.canonical_key_many(["../g", "HTTP://A:80/b/g#x"], bases="http://a/b/c/d", rung="scheme", keep_fragment=False)
['http://a/b/g', 'http://a/b/g']
)";

inline constexpr const char* to_uri_many = R"(to_uri for each item (errors= and jobs= as in resolve_many).

>>> iri.to_uri_many(["http://é/", "a b"], host="idna")
['http://xn--9ca/', None]
)";

inline constexpr const char* to_iri_many = R"(to_iri for each item (errors= and jobs= as in resolve_many).

>>> iri.to_iri_many(["http://a/%C3%A9"])
['http://a/é']
)";

inline constexpr const char* surt_many =
    R"(surt for each item (errors= and jobs= as in resolve_many). Bytes that are not
UTF-8 stay in the key as they do in the surt package's, as lone surrogates in the str.

>>> iri.surt_many(["http://archive.org/goo/?", "", "http://a:8x/"])
['org,archive)/goo', '-', None]
>>> iri.surt_many([b"http://a.com/\xff"], format="heritrix")[0].encode("utf-8", "surrogateescape")
b'http://(com,a,)/\xff'
)";

inline constexpr const char* canonicalize_many = R"(canonicalize for each item (errors= and jobs= as in resolve_many).

>>> iri.canonicalize_many(["http://www.GOOgle.com/", "mailto:x"])
['http://www.google.com/', None]
)";

inline constexpr const char* registrable_domain_many = R"(registrable_domain for each item (hosts or URLs;
psl=, icann_only= and host_form= as there; errors= and jobs= as in resolve_many): None also where the list gives
none.

>>> iri.registrable_domain_many(["http://a.b.example.co.uk/", "192.0.2.1", "http://exa mple/"])
['example.co.uk', None, None]
>>> iri.registrable_domain_many(["http://食狮.公司.cn/", "xn--85x722f.xn--55qx5d.cn."], host_form="unicode")
['食狮.公司.cn', '食狮.公司.cn']
)";

inline constexpr const char* public_suffix_many = R"(public_suffix for each item (hosts or URLs; psl=,
icann_only= and host_form= as there; errors= and jobs= as in resolve_many): None also where the list gives none.

>>> iri.public_suffix_many(["http://a.b.example.co.uk/", "192.0.2.1"])
['co.uk', None]
)";

inline constexpr const char* url_many = R"(The href of each of hrefs as iri.URL parses it, against bases when given:
one str, bytes or URL for all (a str that is not a URL raises iri.IRIError, input "base"), or an iterable as long
as hrefs of them and None (errors= and jobs= as in resolve_many; a failure's input is "base" or "href").

>>> iri.url_many(["../g", "http://[::1", "//h"], bases="http://a/b/c")
['http://a/g', None, 'http://h/']
)";

inline constexpr const char* links_many = R"(links_many(pages, bases, encodings=None, *, only=None, scripting=True,
errors="none", jobs=1) -> list

iri.links for each page, in order, the GIL released, on `jobs` threads (see is_valid_many), each with its own
reusable extractor: a list of iri.Link per page. pages is any iterable of bytes and str (mixed; a str page is
read as its text). bases is each page's URL: one str or bytes for every page (one that is not a URL raises
iri.IRIError with input "base", as the tool's --base) or an iterable as long as pages. encodings is None, one
charset label for every bytes page, or an iterable of labels and None as long as pages. A page that fails never
fails the batch: a page that is not text, or whose own base is not text (TypeError; UnicodeEncodeError for a str
with lone surrogates), or whose own base is not a URL (iri.IRIError, code "url_failure", input "base") is None
(errors="none"), its exception (errors="return"), or the first one is raised (errors="raise"). A link that does
not resolve is not a failure: its url is None and its error says why. links_iter streams.

>>> [[l.url for l in page] for page in iri.links_many(
...     [b'<a href="a?x=1&amp;y=2">', '<img src="café.png">'], ["https://e.com/d/", "https://f.org/"])]
[['https://e.com/d/a?x=1&y=2'], ['https://f.org/caf%C3%A9.png']]
>>> iri.links_many([b"<a href=x>", None, b"<a href=y>"], ["https://e.com/", "https://f.org/", "no url"])
[[Link(url='https://e.com/x', element='a', attribute='href', value='x', raw=b'x', offset=8, rel='', error=None)], None, None]
)";

}  // namespace pyiri::doc
