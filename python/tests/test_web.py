"""iri.URL and iri.url_many: the WHATWG URL Standard's URLs, run through the Standard's own conformance data
(datasets/web-platform-tests/: every case of urltestdata.json through iri.URL, every case of setters_tests.json
through its property setters), and the binding's own behaviour (errors, bases, the batch)."""
import copy
import json
import os
import pathlib
import pickle

import pytest

import iri

GETTERS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


def wpt(name):
    root = os.environ.get("IRI_DATASETS_DIR")
    if not root:
        pytest.fail("IRI_DATASETS_DIR is not set: run the tests through ctest")
    with open(pathlib.Path(root) / "web-platform-tests" / name, encoding="utf-8") as f:
        return json.load(f)


URL_CASES = [c for c in wpt("urltestdata.json") if isinstance(c, dict)]
SETTER_CASES = [(setter, c) for setter, cases in wpt("setters_tests.json").items() if setter != "comment"
                for c in cases]


def test_the_data_is_all_there():
    # datasets/web-platform-tests/README.md: 891 parse cases; the setters file has cases for each of the 10 setters.
    assert len(URL_CASES) == 891
    assert {s for s, _ in SETTER_CASES} == set(GETTERS)


@pytest.mark.parametrize("case", URL_CASES, ids=lambda c: repr(c["input"])[:60])
def test_urltestdata(case):
    base = case["base"]
    if case.get("failure"):
        with pytest.raises(iri.IRIError) as e:
            iri.URL(case["input"], base)
        assert e.value.code == "url_failure"
        assert not iri.URL.can_parse(case["input"], base)
        return
    u = iri.URL(case["input"], base)
    for name in GETTERS:
        assert getattr(u, name) == case[name], name
    if "origin" in case:
        assert u.origin == case["origin"]
    assert iri.URL.can_parse(case["input"], base)


@pytest.mark.parametrize("setter,case", SETTER_CASES,
                         ids=lambda x: x if isinstance(x, str) else repr((x["href"], x["new_value"]))[:70])
def test_setters(setter, case):
    u = iri.URL(case["href"])
    setattr(u, setter, case["new_value"])
    for name, value in case["expected"].items():
        assert getattr(u, name) == value, name


def test_the_batch_agrees_with_url_one_by_one():
    cases = [c for c in URL_CASES if c["base"] is not None]
    hrefs = [c["input"] for c in cases]
    bases = [c["base"] for c in cases]
    expected = [None if c.get("failure") else c["href"] for c in cases]
    assert iri.url_many(hrefs, bases=bases) == expected
    assert iri.url_many(hrefs, bases=bases, jobs=2) == expected
    # Without a base: the cases whose base is null.
    alone = [c for c in URL_CASES if c["base"] is None]
    assert iri.url_many([c["input"] for c in alone], jobs=None) == [None if c.get("failure") else c["href"] for c in alone]


def test_one_base_for_all_as_text_or_url():
    hrefs = ["../g", "http://[::1", "//h", "?y"]
    # §4.4: "../g" against /b/c drops c, then b (the path state's shorten); "//h" takes the base's scheme only; an
    # unclosed IPv6 address is a failure (IPv6-unclosed); "?y" replaces the query.
    expected = ["http://a/g", None, "http://h/", "http://a/b/c?y"]
    assert iri.url_many(hrefs, bases="http://a/b/c") == expected
    assert iri.url_many(hrefs, bases=iri.URL("http://a/b/c")) == expected
    assert iri.url_many(hrefs, bases=[iri.URL("http://a/b/c"), None, "http://a/b/c", b"http://a/b/c"]) == expected


def test_batch_errors():
    with pytest.raises(iri.IRIError) as e:
        iri.url_many(["a", "http://[::1"], bases="http://x/", errors="raise")
    assert e.value.code == "url_failure" and e.value.input == "href"
    # One base for all that is not a URL: as the tool's --base, no batch (issue 40); a base of its own that is not a
    # URL fails its href alone, about the base.
    for errors in ("none", "raise", "return"):
        with pytest.raises(iri.IRIError) as e:
            iri.url_many(["a", "b"], bases="no scheme", errors=errors)
        assert e.value.input == "base" and e.value.code == "url_failure"
    got = iri.url_many(["a", "b"], bases=["no scheme", "http://x/"], errors="return")
    assert isinstance(got[0], iri.IRIError) and got[0].input == "base" and got[1] == "http://x/b"
    with pytest.raises(ValueError):
        iri.url_many(["a", "b"], bases=["http://x/"])
    with pytest.raises(TypeError):
        iri.url_many("http://a/")
    assert iri.url_many([1, "http://a/"]) == [None, "http://a/"]  # an item that is not text: its failure alone
    with pytest.raises(TypeError):
        iri.url_many([1], errors="raise")


def test_url_failure_names_the_validation_error():
    # §4.4 port state: a port above 2^16 - 1 is the validation error port-out-of-range, a failure.
    with pytest.raises(iri.IRIError) as e:
        iri.URL("http://example.org:65536/")
    assert e.value.code == "url_failure"
    assert "port-out-of-range" in e.value.message
    # A relative reference with no base: missing-scheme-non-relative-URL.
    with pytest.raises(iri.IRIError) as e:
        iri.URL("/path")
    assert "missing-scheme-non-relative-URL" in e.value.message
    # A base that is not a URL fails naming it.
    with pytest.raises(iri.IRIError) as e:
        iri.URL("a", base="/not a URL")
    assert e.value.input == "base"
    with pytest.raises(TypeError):
        iri.URL(5)


def test_getters_setters_and_identity():
    u = iri.URL("HTTPS://user:pw@EXAMPLE.com:443/a/./b/../c?q=1 2#frag")
    # §4.4: the scheme and domain lower-cased, the default port dropped, dot segments gone, the space of the query
    # percent-encoded (special-query percent-encode set).
    assert u.href == "https://user:pw@example.com/a/c?q=1%202#frag"
    assert (u.protocol, u.username, u.password, u.host, u.hostname, u.port) == (
        "https:", "user", "pw", "example.com", "example.com", "")
    assert (u.pathname, u.search, u.hash, u.origin) == ("/a/c", "?q=1%202", "#frag", "https://example.com")
    assert str(u) == u.href and repr(u) == "iri.URL('https://user:pw@example.com/a/c?q=1%202#frag')"
    v = copy.copy(u)
    assert v == u
    v.port = "8443"
    v.username = ""
    v.password = ""
    v.hash = ""
    assert v.href == "https://example.com:8443/a/c?q=1%202"
    assert u.port == ""  # the copy is its own
    assert v != u
    v.port = "not a port"  # §6.1 port setter: a value the port state rejects leaves the URL as it was
    assert v.port == "8443"
    with pytest.raises(iri.IRIError):
        v.href = "not a URL"
    assert v.href == "https://example.com:8443/a/c?q=1%202"
    with pytest.raises(AttributeError):
        v.origin = "https://x"
    with pytest.raises(TypeError):
        hash(v)
    assert pickle.loads(pickle.dumps(u)) == u
    assert iri.URL("b", base=u).href == "https://user:pw@example.com/a/b"
    assert iri.URL(b"http://a/").href == "http://a/"
