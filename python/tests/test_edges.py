"""The package at its edges: offsets of large texts, the jobs argument and what happens when threads cannot be
started, the version, the grammar's rule text."""
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import textwrap

import pytest

import iri

SOURCE_DIR = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2]))


# ---- offsets: str indices of every match in one pass ----

def links_text(count):
    """A text of `count` links and the matches extract must find in it (RFC 3986 Appendix C: a link in angle
    brackets or double quotes is the text between them; 3987bis §8.3: a bare one ends at a space), with the
    offsets of each match both as str indices and as UTF-8 byte offsets, counted while the text is written."""
    pieces, expected_str, expected_bytes = [], [], []
    chars = octets = 0

    def put(s):
        nonlocal chars, octets
        pieces.append(s)
        chars += len(s)
        octets += len(s.encode("utf-8"))

    for i in range(count):
        link, delimiter, open_, close = [
            (f"http://例え.jp/引き割り/{i}", "angle_brackets", "見て <", "> と"),
            (f"https://a.example/résumé?q={i}", "double_quotes", 'voir "', '" et'),
            (f"ftp://b.example/x/{i}", "none", "see ", " and"),
        ][i % 3]
        put(open_)
        start_chars, start_bytes = chars, octets
        put(link)
        expected_str.append(iri.Match(link, start_chars, chars, delimiter))
        expected_bytes.append(iri.Match(link, start_bytes, octets, delimiter))
        put(close + (" \U0001F600\n" if i % 7 == 0 else " "))  # a 4-byte character now and then
    return "".join(pieces), expected_str, expected_bytes


def test_extract_large_str_offsets():
    text, expected_str, expected_bytes = links_text(150_000)
    data = text.encode("utf-8")
    assert len(data) > 5_000_000
    found_bytes = iri.extract(data)
    assert found_bytes == expected_bytes
    assert iri.extract(text) == expected_str
    # each byte offset of the bytes result, mapped to the str index of the character it starts
    str_index_of_byte = {}
    index = 0
    for i, ch in enumerate(text):
        str_index_of_byte[index] = i
        index += len(ch.encode("utf-8"))
    str_index_of_byte[index] = len(text)
    assert [iri.Match(m.value, str_index_of_byte[m.start], str_index_of_byte[m.end], m.delimiter)
            for m in found_bytes] == expected_str


def test_check_and_error_offsets_in_a_long_str():
    # the userinfo "é…é" (20000 characters, 40000 bytes) of RFC 3986 §7.6's kind of authority
    long_userinfo = "é" * 20_000
    found = [d for d in iri.check(f"http://{long_userinfo}@a/") if d.code == "security.userinfo"]
    assert [(d.start, d.end) for d in found] == [(7, 7 + 20_000)]
    found = [d for d in iri.check(f"http://{long_userinfo}@a/".encode("utf-8")) if d.code == "security.userinfo"]
    assert [(d.start, d.end) for d in found] == [(7, 7 + 40_000)]
    with pytest.raises(iri.IRIError) as info:
        iri.parse(f"http://a/{long_userinfo} x")
    assert (info.value.offset, info.value.byte_offset) == (9 + 20_000, 9 + 40_000)

