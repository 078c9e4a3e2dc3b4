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


# ---- jobs ----

BATCHES = [
    lambda items, jobs: iri.is_valid_many(items, jobs=jobs),
    lambda items, jobs: iri.normalize_many(items, jobs=jobs),
    lambda items, jobs: iri.canonical_key_many(items, bases="http://a/b/c", jobs=jobs),
    lambda items, jobs: iri.resolve_many("http://a/b/c", items, jobs=jobs),
    lambda items, jobs: iri.to_uri_many(items, jobs=jobs),
    lambda items, jobs: iri.to_iri_many(items, jobs=jobs),
]


def test_jobs_range():
    items = ["http://a/%d" % i if i % 3 else "bad %d" % i for i in range(300)]
    for batch in BATCHES:
        expected = batch(items, 1)
        for jobs in (None, 2, 256):  # the CLI's --jobs range, and None for one per core
            assert batch(items, jobs) == expected
        for jobs in (0, -1, 257, 100_000, 2 ** 70):  # 0 as the CLI's --jobs 0: refused (issue 40)
            with pytest.raises(ValueError, match="jobs must be a number from 1 to 256"):
                batch(items, jobs)
        for jobs in ("2", 2.0, True):
            with pytest.raises(TypeError, match="jobs must be an int or None"):
                batch(items, jobs)


def test_threads_that_cannot_start():
    """With a process limit of 1 (RLIMIT_NPROC), no thread can be started: the batch runs on the calling thread,
    warns, and gives what jobs=1 gives. The limit does not bind root: run as root, the child becomes nobody."""
    package = pathlib.Path(iri.__file__).parent
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="iri-nproc-"))
    try:
        shutil.copytree(package, scratch / "iri", ignore=shutil.ignore_patterns("__pycache__"))
        for path in [scratch, *scratch.rglob("*")]:
            path.chmod(0o755)
        child = textwrap.dedent("""
            import json, warnings
            import iri
            items = ["http://a/%d" % i if i % 3 else "bad %d" % i for i in range(1000)]
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                many = iri.is_valid_many(items, jobs=4)
                keys = iri.canonical_key_many(items, bases="http://a/b/c", jobs=None)
                links = iri.links_many([b"<a href=%d>" % i for i in range(100)], "https://e.com/", jobs=3)
            print(json.dumps({"many": many, "keys": keys, "links": [[l.url for l in page] for page in links],
                              "warnings": [(w.category.__name__, str(w.message)) for w in caught]}))
        """)

        def unprivileged():
            resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)

        done = subprocess.run([sys.executable, "-c", child], cwd=scratch, capture_output=True, text=True,
                              env={"PYTHONPATH": str(scratch), "PYTHONDONTWRITEBYTECODE": "1"},
                              preexec_fn=unprivileged, check=False)
    finally:
        shutil.rmtree(scratch)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    items = ["http://a/%d" % i if i % 3 else "bad %d" % i for i in range(1000)]
    assert out["many"] == iri.is_valid_many(items, jobs=1) == [bool(i % 3) for i in range(1000)]
    assert out["keys"] == iri.canonical_key_many(items, bases="http://a/b/c", jobs=1)
    assert out["links"] == [["https://e.com/%d" % i] for i in range(100)]
    assert len(out["warnings"]) == 3 and all(c == "RuntimeWarning" for c, _ in out["warnings"])
    assert "4 threads asked for, 1 could be started" in out["warnings"][0][1]
    assert "3 threads asked for, 1 could be started" in out["warnings"][2][1]


# ---- version and grammar ----

def test_version_is_the_projects():
    text = (SOURCE_DIR / "CMakeLists.txt").read_text(encoding="utf-8")
    version = re.search(r"project\(iri VERSION ([0-9.]+)", text).group(1)
    assert iri.__version__ == version


def test_production_rule_is_the_abnf_rule():
    # draft-ietf-iri-3987bis-13 §2.2 (grammar/iri.abnf)
    assert iri.production_rule("iri", "ihost") == "ihost          = IP-literal / IPv4address / ireg-name"
    assert iri.production_rule("iri", "host") == "ihost          = IP-literal / IPv4address / ireg-name"
    assert iri.production_rule("iri", "IRI-reference") == "IRI-reference  = IRI / irelative-ref"
    # RFC 3986 §3.2.2 (grammar/uri.abnf)
    assert iri.production_rule("uri", "host") == "host          = IP-literal / IPv4address / reg-name"
    # rfc3987 and leiri extend iri: the rules they do not replace are iri's
    assert iri.production_rule("rfc3987", "host") == iri.production_rule("iri", "host")
    with pytest.raises(ValueError, match="no production"):
        iri.production_rule("iri", "no-such-rule")
