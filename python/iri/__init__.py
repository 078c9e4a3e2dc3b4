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
registrable_domains, index_columns) release the GIL and take jobs=N to use N threads; their output is in input order.
iri.URL (and its batch, iri.urls) parses an href as a browser does, by the WHATWG URL Standard: use it for
hrefs, iri.parse for identifiers. See docs/python.md.
"""
from __future__ import annotations

from typing import List, Union

from ._types import Diagnostic, IRIError, Match
from ._iri import __version__  # the library's version, as `iri --version` prints it
from ._iri import (URL, Reference, canonical_key, canonical_keys, canonicalize, canonicalizes, equivalent,
                   from_charset, grammars, host_to_ascii, host_to_unicode, is_valid, leiri_to_iri, normalize,
                   normalize_many, parse, percent_decode, percent_encode, production_rule, relativize,
                   remove_dot_segments, resolve, resolve_many, surt, surts, to_iri, to_iri_many, to_uri,
                   to_uri_many, urls, validate_many)
from ._iri import PublicSuffixList, public_suffix, registrable_domain, registrable_domains
from ._iri import index_columns
from . import _iri

__all__ = [
    "Diagnostic", "IRIError", "Match", "Reference", "canonical_key", "canonical_keys", "canonicalize", "canonicalizes",
    "check", "equivalent",
    "extract", "from_charset", "grammars", "host_to_ascii", "host_to_unicode", "is_valid", "leiri_to_iri", "normalize", "normalize_many", "parse", "percent_decode",
    "percent_encode", "production_rule", "relativize", "remove_dot_segments", "resolve", "resolve_many", "surt", "surts", "to_iri", "to_iri_many",
    "to_uri", "to_uri_many", "URL", "urls", "validate_many",
    "PublicSuffixList", "public_suffix", "registrable_domain", "registrable_domains", "index_columns",
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
