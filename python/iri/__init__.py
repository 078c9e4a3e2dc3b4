"""IRIs, URIs and LEIRIs (RFC 3986, RFC 3987, draft-ietf-iri-3987bis) for Python.

>>> import iri
>>> r = iri.parse("http://résumé.example.org/a?q")
>>> r.host, r.query, r.fragment
('résumé.example.org', 'q', None)
>>> iri.to_uri("http://résumé.example.org/", host="idna")
'http://xn--rsum-bpad.example.org/'
>>> iri.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> iri.canonical_keys(["../g", "HTTP://A:80/b/g"], bases="http://a/b/c/d", rung="scheme")
['http://a/b/g', 'http://a/b/g']

Every function takes str or bytes. Offsets are str indices for str input. Errors raise iri.IRIError (a
ValueError); a str with lone surrogates raises UnicodeEncodeError. The batch calls (validate_many,
resolve_many, normalize_many, canonical_keys, to_uri_many, to_iri_many, surts, canonicalizes,
registrable_domains) release the GIL and take jobs=N to use N threads; their output is in input order.
iri.URL (and its batch, iri.urls) parses an href as a browser does, by the WHATWG URL Standard: use it for
hrefs, iri.parse for identifiers. See docs/python.md.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Union

from ._types import Diagnostic, IRIError, Link, Match
from ._iri import __version__  # the library's version, as `iri --version` prints it
from ._iri import (URL, Reference, canonical_key, canonical_keys, canonicalize, canonicalizes, equivalent,
                   from_charset, grammars, host_to_ascii, host_to_unicode, is_valid, leiri_to_iri, normalize,
                   normalize_many, parse, percent_decode, percent_encode, production_rule, relativize,
                   remove_dot_segments, resolve, resolve_many, surt, surts, to_iri, to_iri_many, to_uri,
                   to_uri_many, urls, validate_many)
from ._iri import PublicSuffixList, public_suffix, registrable_domain, registrable_domains
from . import _iri

__all__ = [
    "Diagnostic", "IRIError", "Link", "Match", "Reference", "canonical_key", "canonical_keys", "canonicalize", "canonicalizes",
    "check", "equivalent",
    "extract", "from_charset", "grammars", "host_to_ascii", "host_to_unicode", "is_valid", "leiri_to_iri", "normalize", "normalize_many", "parse", "percent_decode",
    "percent_encode", "production_rule", "relativize", "remove_dot_segments", "resolve", "resolve_many", "surt", "surts", "to_iri", "to_iri_many",
    "to_uri", "to_uri_many", "URL", "urls", "validate_many",
    "PublicSuffixList", "public_suffix", "registrable_domain", "registrable_domains",
    "links", "links_many",
]


def check(s: Union[str, bytes], grammar: str = "iri") -> List[Diagnostic]:
    """Every diagnostic of a reference: grammar errors (syntax.*), then bidi, chars, leiri, spoof and
    security findings (docs/diagnostics.md lists the codes). An invalid reference is not an exception here.

    >>> [d.code for d in iri.check("http://www.example.com&story=breaking_news@10.0.0.1/")]
    ['security.userinfo']
    """
    return [Diagnostic(*d) for d in _iri._check(s, grammar)]


def extract(text: Union[str, bytes], grammar: str = "iri") -> List[Match]:
    """Every IRI in running text (RFC 3986 Appendix C, 3987bis §8.3), with offsets in str indices.

    >>> [m.value for m in iri.extract('see <http://a/b> and "ftp://c/d".')]
    ['http://a/b', 'ftp://c/d']
    """
    return [Match(*m) for m in _iri._extract(text, grammar)]


def links(html: Union[str, bytes], base: Union[str, bytes], encoding: Optional[str] = None, *,
          only: Optional[str] = None, scripting: bool = True) -> List[Link]:
    """The links of an HTML page, in the page's order, each resolved against the page's base URL (its first
    <base href>, else ``base``, the page's URL) as a browser resolves it (include/iri/html.hpp says which
    attributes are links and how values are decoded). ``html`` is the page's bytes; ``encoding`` the charset the
    HTTP Content-Type gives, an Encoding Standard label (a BOM wins over it; without either, a <meta> in the first
    1,024 bytes, else UTF-8); a str page is read as the text it is. ``only`` keeps some elements ("a,area");
    ``scripting=False`` reads <noscript> content as markup. A ``base`` that is not a URL raises IRIError.

    >>> [l.url for l in iri.links(b'<a href="a?x=1&amp;y=2">A</a><img srcset="s.png 1x, l.png 2x">',
    ...                           "https://example.com/dir/")]
    ['https://example.com/dir/a?x=1&y=2', 'https://example.com/dir/s.png', 'https://example.com/dir/l.png']
    """
    return [Link(*t) for t in _iri._links(html, base, encoding, only, scripting)]


def links_many(pages: Sequence[Union[str, bytes]], bases: Union[str, Sequence[Union[str, bytes]]],
               encodings: Optional[Sequence[Optional[str]]] = None, *, only: Optional[str] = None,
               scripting: bool = True, jobs: Optional[int] = None) -> List[List[Link]]:
    """iri.links for many pages, with the GIL released, on ``jobs`` threads (None or 0: one per core): a list of
    each page's links, in the order of ``pages``. ``bases`` is each page's URL (or one URL for all);
    ``encodings`` each page's charset (or None)."""
    return [[Link(*t) for t in page] for page in _iri._links_many(pages, bases, encodings, only, scripting, jobs)]
