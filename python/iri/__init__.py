"""IRIs, URIs and LEIRIs (RFC 3986, RFC 3987, draft-ietf-iri-3987bis) for Python.

>>> import iri
>>> r = iri.parse("http://résumé.example.org/a?q")
>>> r.host, r.query, r.fragment
('résumé.example.org', 'q', None)
>>> iri.to_uri("http://résumé.example.org/", host="idna")
'http://xn--rsum-bpad.example.org/'
>>> iri.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> iri.canonical_key_many(["../g", "HTTP://A:80/b/g"], bases="http://a/b/c/d", rung="scheme")
['http://a/b/g', 'http://a/b/g']

Every function takes str or bytes. Offsets are str indices for str input. Errors raise iri.IRIError (a
ValueError); a str with lone surrogates raises UnicodeEncodeError.

Batch calls: each function f that answers one item has f_many, which takes any iterable of str and bytes (mixed)
and returns a list in input order, with the GIL released on jobs=N threads, and f_iter, which yields the same
answers in order while reading the iterable in chunks, so that memory stays flat whatever its length:
is_valid_many, normalize_many, canonical_key_many, resolve_many, to_uri_many, to_iri_many, url_many, surt_many,
canonicalize_many, registrable_domain_many, public_suffix_many, links_many (the links of HTML pages: a list of
iri.Link per page), and their _iter forms; index_columns (Common Crawl's URL index columns, a batch by nature: a
dict of lists) and index_columns_iter (a dict per chunk). An item that fails never fails the batch
(errors="none": None in its slot; "return": its exception; "raise": the first one raised). The names of an earlier release (validate_many, canonical_keys, urls, surts, canonicalizes,
registrable_domains) still work, with a DeprecationWarning, until the next one.

iri.URL parses an href as a browser does, by the WHATWG URL Standard (URL.search_params: its query as
iri.URLSearchParams): use it for hrefs, iri.parse for identifiers. See docs/python.md.
"""
from __future__ import annotations

import functools
import itertools
import warnings
from typing import Iterable, Iterator, List, Optional, Union

from ._types import Diagnostic, IRIError, Link, Match
from ._iri import __version__  # the library's version, as `iri --version` prints it
from ._iri import (URL, Reference, URLSearchParams, canonical_key, canonical_key_many, canonicalize,
                   canonicalize_many, equivalent, from_charset, grammars, host_to_ascii, host_to_unicode, is_valid,
                   is_valid_many, leiri_to_iri, normalize, normalize_many, parse, percent_decode, percent_encode,
                   production_rule, relativize, remove_dot_segments, resolve, resolve_many, surt, surt_many, to_iri,
                   to_iri_many, to_uri, to_uri_many, url_many)
from ._iri import (PublicSuffixList, public_suffix, public_suffix_many, registrable_domain,
                   registrable_domain_many)
from ._iri import INDEX_COLUMNS, index_columns
from ._iri import links_many
from . import _iri

__all__ = [
    "Diagnostic", "IRIError", "Link", "Match", "Reference", "URL", "URLSearchParams", "PublicSuffixList",
    "canonical_key", "canonicalize", "check", "equivalent", "extract", "from_charset", "grammars", "host_to_ascii",
    "host_to_unicode", "INDEX_COLUMNS", "is_valid", "leiri_to_iri", "normalize", "parse", "percent_decode",
    "percent_encode", "production_rule", "public_suffix", "registrable_domain", "relativize", "remove_dot_segments",
    "resolve", "surt", "to_iri", "to_uri",
    # the batch calls, f_many, and their streaming forms, f_iter
    "links", "links_many", "links_iter", "index_columns", "index_columns_iter",
    "canonical_key_many", "canonicalize_many", "is_valid_many", "normalize_many", "public_suffix_many",
    "registrable_domain_many", "resolve_many", "surt_many", "to_iri_many", "to_uri_many", "url_many",
    "canonical_key_iter", "canonicalize_iter", "is_valid_iter", "normalize_iter", "public_suffix_iter",
    "registrable_domain_iter", "resolve_iter", "surt_iter", "to_iri_iter", "to_uri_iter", "url_iter",
    # the old names, for one release
    "canonical_keys", "canonicalizes", "registrable_domains", "surts", "urls", "validate_many",
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


# ---- streaming: f_iter(items, **options) yields f_many's answers, chunk_size items at a time ----

_ONE_BASE = (str, bytes, bytearray, URL)
_END = object()


def _chunks(iterable: Iterable, size: int) -> Iterator[list]:
    it = iter(iterable)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _answers(many, items, bases, chunk_size, options):
    """many's answers over `items`, chunk by chunk; `bases` None or one base for all is given to every chunk (with
    `options`), an iterable of bases is read along with the items."""
    if bases is None or isinstance(bases, _ONE_BASE):
        for chunk in _chunks(items, chunk_size):
            yield from many(chunk, **options)
        return
    base_iter = iter(bases)
    for chunk in _chunks(items, chunk_size):
        base_chunk = list(itertools.islice(base_iter, len(chunk)))
        if len(base_chunk) != len(chunk):
            raise ValueError("bases and items differ in length (the bases ended first)")
        yield from many(chunk, **options, bases=base_chunk)
    if next(base_iter, _END) is not _END:
        raise ValueError("bases and items differ in length (the items ended first)")


def _streamed(many):
    """f_iter of the batch call f_many: its answers, in input order, as a generator."""

    def stream(items, *, chunk_size: int = 1 << 16, **options):
        if isinstance(items, (str, bytes, bytearray)):
            raise TypeError("items must be an iterable of str or bytes, not a single string")
        if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
            raise ValueError("chunk_size must be a positive int")
        bases = options.get("bases")
        per_item = not (bases is None or isinstance(bases, _ONE_BASE))
        # The options, jobs and a single base are checked now, as f_many checks them, not at the first answer.
        many([], **{**options, **({"bases": []} if per_item else {})})
        if per_item:
            del options["bases"]
        return _answers(many, items, bases if per_item else None, chunk_size, options)

    name = many.__name__.replace("_many", "_iter")
    stream.__name__ = stream.__qualname__ = name
    stream.__doc__ = (f"{name}(items, *, chunk_size=65536, **options): the answers of iri.{many.__name__} (the same "
                      "options, as keywords) in input order, as a generator that reads the items, and per-item bases, "
                      "chunk_size at a time: memory stays flat however many there are.")
    return stream


is_valid_iter = _streamed(is_valid_many)
normalize_iter = _streamed(normalize_many)
canonical_key_iter = _streamed(canonical_key_many)
to_uri_iter = _streamed(to_uri_many)
to_iri_iter = _streamed(to_iri_many)
url_iter = _streamed(url_many)
surt_iter = _streamed(surt_many)
canonicalize_iter = _streamed(canonicalize_many)
registrable_domain_iter = _streamed(registrable_domain_many)
public_suffix_iter = _streamed(public_suffix_many)


def index_columns_iter(urls, *, chunk_size: int = 1 << 16, **options):
    """index_columns_iter(urls, *, chunk_size=65536, **options): iri.index_columns (the same options, as keywords)
    of chunk_size URLs at a time, as a generator of one dict of lists per chunk (a pandas.DataFrame each, or rows
    written as they come): memory stays flat however many URLs there are. The options are checked at the call."""
    if isinstance(urls, (str, bytes, bytearray)):
        raise TypeError("urls must be an iterable of str or bytes, not a single string")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError("chunk_size must be a positive int")
    index_columns([], **options)  # the options, the list and jobs checked now, as index_columns checks them
    return (index_columns(chunk, **options) for chunk in _chunks(urls, chunk_size))


def _resolve_refs_many(refs, bases=None, **options):
    return resolve_many(bases, refs, **options)


_resolve_refs_many.__name__ = "resolve_many"  # the batch call it stands for, as resolve_iter names it
_resolve_refs_iter = _streamed(_resolve_refs_many)


def resolve_iter(bases, refs, *, chunk_size: int = 1 << 16, **options):
    """resolve_iter(bases, refs, *, chunk_size=65536, **options): the answers of iri.resolve_many (the same options,
    as keywords) in input order, as a generator reading refs, and per-item bases, chunk_size at a time."""
    return _resolve_refs_iter(refs, bases=bases, chunk_size=chunk_size, **options)


# ---- the names of the previous release, for one more ----

def _renamed(new, old: str):
    @functools.wraps(new)
    def alias(*args, **kwargs):
        warnings.warn(f"iri.{old} is now iri.{new.__name__}; the name {old} goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__doc__ = f"The previous name of iri.{new.__name__} (deprecated: it goes in the next release)."
    return alias


validate_many = _renamed(is_valid_many, "validate_many")
canonical_keys = _renamed(canonical_key_many, "canonical_keys")
urls = _renamed(url_many, "urls")
surts = _renamed(surt_many, "surts")
canonicalizes = _renamed(canonicalize_many, "canonicalizes")
registrable_domains = _renamed(registrable_domain_many, "registrable_domains")


def links(html: Union[str, bytes], base: Union[str, bytes], encoding: Optional[str] = None, *,
          only: Optional[str] = None, scripting: bool = True) -> List[Link]:
    """The links of an HTML page, in the page's order, each resolved against the page's base URL (its first
    <base href>, else ``base``, the page's URL) as a browser resolves it (include/iri/html.hpp says which
    attributes are links and how values are decoded). ``html`` is the page's bytes; ``encoding`` the charset the
    HTTP Content-Type gives, an Encoding Standard label (a BOM wins over it; without either, a <meta> in the first
    1,024 bytes, else UTF-8); a str page is read as the text it is. ``only`` keeps some elements ("a,area");
    ``scripting=False`` reads <noscript> content as markup. A ``base`` that is not a URL raises IRIError.
    links_many is the batch call, links_iter its streaming form.

    >>> [l.url for l in iri.links(b'<a href="a?x=1&amp;y=2">A</a><img srcset="s.png 1x, l.png 2x">',
    ...                           "https://example.com/dir/")]
    ['https://example.com/dir/a?x=1&y=2', 'https://example.com/dir/s.png', 'https://example.com/dir/l.png']
    """
    return _iri._links(html, base, encoding, only, scripting)


def _per_page(values) -> bool:
    """Whether a links_many argument gives one value per page (an iterable), not one for all (None or text)."""
    return not (values is None or isinstance(values, (str, bytes, bytearray)))


def links_iter(pages, bases, encodings=None, *, chunk_size: int = 1 << 16, **options):
    """links_iter(pages, bases, encodings=None, *, chunk_size=65536, **options): the answers of iri.links_many
    (the same options, as keywords: only, scripting, errors, jobs), one list of links per page in order, as a
    generator that reads the pages, and per-page bases and encodings, chunk_size at a time: memory stays flat
    however many pages there are. The arguments are checked at the call, as links_many checks them.

    >>> found = iri.links_iter((b"<a href=%d>" % i for i in range(5)), "https://e.com/", chunk_size=2)
    >>> [page[0].url for page in found]
    ['https://e.com/0', 'https://e.com/1', 'https://e.com/2', 'https://e.com/3', 'https://e.com/4']
    """
    if isinstance(pages, (str, bytes, bytearray)):
        raise TypeError("pages must be an iterable of str or bytes, not a single page")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError("chunk_size must be a positive int")
    each_base, each_encoding = _per_page(bases), _per_page(encodings)
    # The options, jobs, one base for all and one encoding are checked now, as links_many checks them.
    links_many([], [] if each_base else bases, [] if each_encoding else encodings, **options)
    return _links_chunks(pages, bases, encodings, each_base, each_encoding, chunk_size, options)


def _links_chunks(pages, bases, encodings, each_base, each_encoding, chunk_size, options):
    along = [iter(x) if each else None for x, each in ((bases, each_base), (encodings, each_encoding))]
    for chunk in _chunks(pages, chunk_size):
        args = []
        for name, it, one in (("bases", along[0], bases), ("encodings", along[1], encodings)):
            if it is None:
                args.append(one)
                continue
            part = list(itertools.islice(it, len(chunk)))
            if len(part) != len(chunk):
                raise ValueError(f"{name} and pages differ in length (the {name} ended first)")
            args.append(part)
        yield from links_many(chunk, *args, **options)
    for name, it in zip(("bases", "encodings"), along):
        if it is not None and next(it, _END) is not _END:
            raise ValueError(f"{name} and pages differ in length (the pages ended first)")
