"""The value types of the iri package: IRIError, Diagnostic, Match and Link."""
from __future__ import annotations

from typing import NamedTuple, Optional


class IRIError(ValueError):
    """A string that is not a valid reference, or that an operation cannot handle.

    ``code`` is a stable name ("disallowed_character", "invalid_utf8", "bad_percent_encoding", "bad_port",
    "base_not_absolute", "idna_failed", ...); ``offset`` is the fault, the byte the message names (where the
    input stops being valid, or the part of the authority that cannot be what RFC 3986 §3.2 needs: a port's
    first non-digit), in str indices for str input and in bytes for bytes input (``byte_offset`` is always in
    UTF-8 bytes); ``component`` names the component at fault ("host", "port", "path", ... or "none");
    ``input`` names the argument it is about when a function takes several ("base", "ref"), else None.

    >>> try:
    ...     iri.parse("http://a b")
    ... except iri.IRIError as e:
    ...     print(e.code, e.offset, e.component)
    disallowed_character 8 host
    """

    def __init__(self, message: str, *, code: str, offset: int, component: str,
                 byte_offset: Optional[int] = None, input: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset
        self.component = component
        self.byte_offset = offset if byte_offset is None else byte_offset
        self.input = input

    def __reduce__(self):  # picklable, so that errors travel between Dask workers
        return (_rebuild_error, (self.message, self.code, self.offset, self.component, self.byte_offset,
                                 self.input))


def _rebuild_error(message, code, offset, component, byte_offset, input):
    return IRIError(message, code=code, offset=offset, component=component, byte_offset=byte_offset, input=input)


class Diagnostic(NamedTuple):
    """One problem iri.check found: a stable ``code`` ("security.userinfo", ...), ``severity`` ("error",
    "warning", "info"), the range [``start``, ``end``) in str indices (bytes for bytes input), the
    ``component``, a one-line ``message`` and the ``spec`` section it comes from."""
    code: str
    severity: str
    start: int
    end: int
    component: str
    message: str
    spec: str


class Match(NamedTuple):
    """One IRI iri.extract found: its ``value`` (line-break whitespace and "URL:" removed), where it is in the
    text [``start``, ``end``) in str indices (bytes for bytes input), and its ``delimiter`` ("none",
    "angle_brackets", "double_quotes")."""
    value: str
    start: int
    end: int
    delimiter: str


class Link(NamedTuple):
    """One link iri.links found in an HTML page: ``url``, the value resolved against the page's base URL as a
    browser resolves it (None when it does not resolve: ``error`` says why); the ``element`` and ``attribute``
    ("a", "href"); ``value``, the URL as the attribute gives it (references decoded, from the page's encoding; a
    srcset's candidate, a refresh's URL); ``raw``, the attribute's value as the page has it (bytes); ``offset``,
    where ``raw`` starts in the page (bytes); ``rel``, the rel attribute of an a, area or link element ("" when
    none)."""
    url: Optional[str]
    element: str
    attribute: str
    value: str
    raw: bytes
    offset: int
    rel: str
    error: Optional[str]
