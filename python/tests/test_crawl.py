"""iri.surt, iri.canonicalize and their batch calls, on the peers' published cases (tests/crawl/, README there)."""
import json
import os

import pytest

import iri

CRAWL = os.path.join(os.environ.get("IRI_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                     "tests", "crawl")


def cases(name):
    with open(os.path.join(CRAWL, name), encoding="utf-8") as f:
        return json.load(f)


def case_input(c):
    return bytes.fromhex(c["input_hex"]) if "input_hex" in c else c["input"]


SURT_CASES = [c for c in cases("surt_test_surt.json") if c["kind"] == "surt" and not c.get("peer_xfail")]


@pytest.mark.parametrize("case", SURT_CASES, ids=lambda c: repr(c["input"])[:60])
def test_surt_package_cases(case):
    # surt(None) and surt("") are both the absent URL.
    assert iri.surt(case["input"] or "", **case.get("options", {})) == case["expected"]


def test_surt_package_cases_all_there():
    assert len(SURT_CASES) == 51


@pytest.mark.parametrize("case", cases("safe_browsing_v4.json"), ids=lambda c: repr(c.get("input"))[:60])
def test_safe_browsing_v4_examples(case):
    assert iri.canonicalize(case_input(case)) == case["expected"]


def test_batches_keep_order_and_release_the_gil():
    urls = [c["input"] or "" for c in SURT_CASES if not c.get("options")]
    expected = [c["expected"] for c in SURT_CASES if not c.get("options")]
    assert iri.surt_many(urls * 50, jobs=4) == expected * 50
    v4 = cases("safe_browsing_v4.json")
    assert iri.canonicalize_many([case_input(c) for c in v4] * 20, jobs=3) == [c["expected"] for c in v4] * 20


def test_options_and_errors():
    assert iri.surt("http://www.example.com/", with_scheme=True, host_massage=False) == "http://(com,example,www)/"
    assert iri.surt("http://user:pass@www.archive.org:8080/a", format="heritrix") == \
        "http://(org,archive,www,:8080@user:pass)/a"
    assert iri.canonicalize("http://www.gotaport.com:1234/", keep_port=True) == "http://www.gotaport.com:1234/"
    assert iri.canonicalize("http://www34.archive.org/index.html?b=a&b=b&a=b", profile="ia") == \
        "http://archive.org/index.html?a=b&b=a&b=b"
    assert iri.canonicalize("http://www.archive.org/big/", profile="ia-only") == "http://archive.org/big"
    with pytest.raises(iri.IRIError) as e:
        iri.surt("http://a:8x/")
    assert e.value.code == "bad_port"
    with pytest.raises(iri.IRIError):
        iri.canonicalize("mailto:bryner@google.com")
    with pytest.raises(ValueError):
        iri.canonicalize("http://a/", profile="google")
    with pytest.raises(ValueError):
        iri.surt("http://a/", format="urlcanon")
    assert iri.surt_many(["http://a:8x/", "http://a.org/"]) == [None, "org,a)/"]
    with pytest.raises(iri.IRIError):
        iri.canonicalize_many(["http://a/", "mailto:x"], errors="raise")
    # Bytes that are not UTF-8 are escaped.
    assert iri.surt(b"http://a.org/\xff") == "org,a)/%ff"
