"""The batch calls (issue 40): one naming rule (f_many, its streaming form f_iter, the old names as deprecated
aliases), any iterable of str and bytes mixed, no item failing the batch, bytes that are not UTF-8, jobs and bases
checked as the iri tool checks them; and URL.search_params (the URL Standard's URLSearchParams, §6.2)."""
import itertools
import warnings

import pytest

import iri

BASE = "http://a/b/c/d;p?q"  # RFC 3986 §5.4's base

# f_many, its single-item f, and one good and one failing item each (the specs' examples).
BATCHES = {
    "normalize": (iri.normalize_many, iri.normalize, "HTTP://A/%7e", "http://a/~", "a b"),
    "canonical_key": (iri.canonical_key_many, iri.canonical_key, "HTTP://A:80/%7e", "http://a:80/~", "a b"),
    "to_uri": (iri.to_uri_many, iri.to_uri, "http://a/é", "http://a/%C3%A9", "a b"),
    "to_iri": (iri.to_iri_many, iri.to_iri, "http://a/%C3%A9", "http://a/é", "a b"),
    "surt": (iri.surt_many, iri.surt, "http://www.archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b",
             "http://a:8x/"),
    "canonicalize": (iri.canonicalize_many, iri.canonicalize, "http://3279880203/blah", "http://195.127.0.11/blah",
                     "mailto:x"),
    "url": (iri.url_many, lambda s: iri.URL(s).href, "HTTP://A/b", "http://a/b", "http://[::1"),
    "registrable_domain": (iri.registrable_domain_many, iri.registrable_domain, "http://www.example.co.uk/",
                           "example.co.uk", "http://exa mple/"),
    "public_suffix": (iri.public_suffix_many, iri.public_suffix, "http://www.example.co.uk/", "co.uk",
                      "http://exa mple/"),
}


@pytest.mark.parametrize("name", sorted(BATCHES))
def test_every_batch_takes_mixed_items_and_never_fails_for_one(name):
    many, single, good, answer, bad = BATCHES[name]
    assert single(good) == answer
    items = [good, good.encode("utf-8"), bad, None, "http://a/\ud800", bytearray(good.encode("utf-8"))]
    assert many(items) == [answer, answer, None, None, None, answer]
    got = many(items, errors="return")
    assert got[0] == answer and got[1] == answer and got[5] == answer
    assert isinstance(got[2], iri.IRIError)
    with pytest.raises(iri.IRIError) as single_error:
        single(bad)
    assert (got[2].code, got[2].offset) == (single_error.value.code, single_error.value.offset)
    assert isinstance(got[3], TypeError) and isinstance(got[4], UnicodeEncodeError)
    with pytest.raises(iri.IRIError):
        many(items, errors="raise")
    with pytest.raises(TypeError):  # the first failure in input order: the None
        many([good, None, bad], errors="raise")
    with pytest.raises(ValueError, match="errors must be"):
        many(items, errors="ignore")
    # any iterable: a generator, a tuple
    assert many(x for x in [good, bad]) == [answer, None]
    assert many((good,), jobs=2) == [answer]


@pytest.mark.parametrize("name", sorted(BATCHES))
def test_every_batch_streams_in_order(name):
    many, _, good, answer, bad = BATCHES[name]
    stream = getattr(iri, many.__name__.replace("_many", "_iter"))
    items = [good if i % 3 else bad for i in range(1000)]
    expected = many(items)
    assert list(stream(iter(items), chunk_size=7)) == expected
    assert list(stream(items, chunk_size=1000, jobs=2)) == expected
    # Lazy: the items are read a chunk at a time, as the answers are asked for.
    read = []

    def items_read():
        for i, s in enumerate(items):
            read.append(i)
            yield s

    answers = stream(items_read(), chunk_size=10)
    assert read == []
    assert list(itertools.islice(answers, 5)) == expected[:5]
    assert len(read) == 10
    # Arguments are checked at the call, as the batch checks them.
    with pytest.raises(ValueError, match="jobs"):
        stream(items, jobs=0)
    with pytest.raises(ValueError, match="chunk_size"):
        stream(items, chunk_size=0)
    with pytest.raises(TypeError):
        stream("http://a/")


def test_bytes_that_are_not_utf8_are_kept_as_the_tool_keeps_them():
    # Heritrix's SURT writes the path as it is and the IA-only canonicalizer does not decode: the byte FF stays,
    # as a lone surrogate U+DCFF (PEP 383), which "surrogateescape" turns back into the byte.
    got = iri.surt_many([b"http://a.com/\xff", b"http://b.com/"], format="heritrix")
    assert got == ["http://(com,a,)/\udcff", "http://(com,b,)/"]
    assert got[0].encode("utf-8", "surrogateescape") == b"http://(com,a,)/\xff"
    assert iri.surt(b"http://a.com/\xff", format="heritrix") == got[0]
    assert iri.canonicalize_many([b"http://www.a.com/\xff", "http://b.com/"], profile="ia-only") == [
        "http://a.com/\udcff", "http://b.com/"]
    # The URL Standard decodes UTF-8 with replacement (§4.4: the input is a scalar value string): U+FFFD, encoded.
    assert iri.url_many([b"http://a.com/\xff"]) == ["http://a.com/%EF%BF%BD"]
    # RFC 3987 grammars take UTF-8 only: invalid_utf8, at the byte.
    (e,) = iri.normalize_many([b"http://a/\xff"], errors="return")
    assert (e.code, e.offset) == ("invalid_utf8", 9)


def test_one_base_for_all_is_checked_as_the_tool_checks_it():
    # RFC 3986 §5.1: a base needs a scheme; a base that is not valid is not one either. As `iri resolve --base`,
    # whatever errors= says.
    for errors in ("none", "return", "raise"):
        for call in (lambda b: iri.resolve_many(b, ["g"], errors=errors),
                     lambda b: iri.canonical_key_many(["g"], bases=b, errors=errors),
                     lambda b: list(iri.resolve_iter(b, ["g"], errors=errors))):
            with pytest.raises(iri.IRIError) as e:
                call("relative/base")
            assert (e.value.code, e.value.input) == ("base_not_absolute", "base")
            with pytest.raises(iri.IRIError) as e:
                call("http://a b/")
            assert (e.value.code, e.value.input, e.value.offset) == ("disallowed_character", "base", 8)
    # A base of its own fails its item alone.
    got = iri.resolve_many(["relative", BASE, b"http://a b/"], ["g", "../g", "g"], errors="return")
    assert got[1] == "http://a/b/g"
    assert (got[0].code, got[0].input) == ("base_not_absolute", "base")
    assert (got[2].code, got[2].input) == ("disallowed_character", "base")
    with pytest.raises(ValueError, match="differ in length"):
        iri.resolve_many([BASE], ["g", "h"])
    with pytest.raises(ValueError, match="differ in length"):
        list(iri.canonical_key_iter(["g", "h"], bases=iter([BASE])))
    with pytest.raises(ValueError, match="differ in length"):
        list(iri.canonical_key_iter(["g"], bases=iter([BASE, BASE])))


def test_pairs_with_bases_of_their_own():
    # RFC 3986 §5.4.1, the base changing from item to item and back.
    bases = [BASE, "http://x/y/", BASE, BASE, "http://x/y/"]
    refs = ["../g", "z", "?y", "g;x", "../w"]
    expected = ["http://a/b/g", "http://x/y/z", "http://a/b/c/d;p?y", "http://a/b/c/g;x", "http://x/w"]
    assert iri.resolve_many(bases, refs) == expected
    assert iri.resolve_many(bases, refs, jobs=3) == expected
    assert list(iri.resolve_iter(iter(bases), iter(refs), chunk_size=2)) == expected
    assert list(iri.resolve_iter(BASE, refs)) == [iri.resolve(BASE, r) for r in refs]
    assert iri.canonical_key_many(refs, bases=bases, rung="scheme") == [
        iri.canonical_key(iri.resolve(b, r), rung="scheme") for b, r in zip(bases, refs)]


def test_old_names_warn_and_answer_alike():
    pairs = {"validate_many": ("is_valid_many", (["http://a/", "a b"],)),
             "canonical_keys": ("canonical_key_many", (["../g"],), {"bases": BASE}),
             "urls": ("url_many", (["//h"],), {"bases": "http://a/"}),
             "surts": ("surt_many", (["http://www.archive.org/"],)),
             "canonicalizes": ("canonicalize_many", (["http://A/"],)),
             "registrable_domains": ("registrable_domain_many", (["a.example.co.uk"],))}
    for old, (new, args, *kw) in pairs.items():
        kwargs = kw[0] if kw else {}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert getattr(iri, old)(*args, **kwargs) == getattr(iri, new)(*args, **kwargs)
        assert [w.category for w in caught] == [DeprecationWarning], old
        assert new in str(caught[0].message)


def test_search_params_of_a_url():
    # The URL Standard's own examples (§6.2, the notes of URLSearchParams and sort()).
    assert str(iri.URLSearchParams({"key": "730d67"})) == "key=730d67"
    url = iri.URL("https://example.com/?a=b ~")
    assert url.href == "https://example.com/?a=b%20~"
    url.search_params.sort()
    assert url.href == "https://example.com/?a=b+%7E"
    url = iri.URL("https://example.com/?a=~&b=%7E")
    assert url.search == "?a=~&b=%7E"
    assert url.search_params.get("a") == "~" and url.search_params.get("b") == "~"
    url = iri.URL("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
    url.search_params.sort()
    assert url.search == "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    # Each method (§6.2): append keeps duplicates, set replaces the first and drops the others, delete by name or
    # by name and value; the URL's query follows each change, and is null when the list is empty.
    url = iri.URL("http://h/p?x=1&y=2&x=3#f")
    p = url.search_params
    assert (p.get("x"), p.get_all("x"), p.get("z"), len(p), "y" in p, p.has("x", "3"), p.has("x", "4")) == (
        "1", ["1", "3"], None, 3, True, True, False)
    assert list(p) == [("x", "1"), ("y", "2"), ("x", "3")] and p.keys() == ["x", "y", "x"]
    p.append("x", "a b&c")
    assert url.href == "http://h/p?x=1&y=2&x=3&x=a+b%26c#f"
    p.set("x", "é")
    assert url.href == "http://h/p?x=%C3%A9&y=2#f" and p.values() == ["é", "2"]
    p.delete("x", "nope")
    assert len(p) == 2
    p.delete("x")
    assert url.search == "?y=2"
    p.delete("y")
    assert url.href == "http://h/p#f" and url.search == "" and str(p) == ""
    # The URL changed by its search setter: the object reads the new query.
    url.search = "?k=v"
    assert p.get("k") == "v"
    # On its own: from a str (a leading "?" removed), pairs or a mapping.
    q = iri.URLSearchParams("?a=1&b=%20+")
    assert list(q) == [("a", "1"), ("b", "  ")]
    assert str(iri.URLSearchParams([("a", "1"), (b"b", "2")])) == "a=1&b=2"
    with pytest.raises(TypeError):
        iri.URLSearchParams([("a",)])
