"""iri.links, iri.links_many and iri.links_iter (python/src/html.cpp): the links of HTML pages, resolved; the
expected values are the HTML Standard's and the URL Standard's (tests/test_html_links.cpp has the library's own
checks). links_many takes its pages, errors= and jobs= as the other batch calls take their items."""
import itertools
import threading
import warnings

import pytest

import iri
from conftest import datasets_dir

PAGE = b'<base href="/docs/"><a href="a.html?x=1&amp;y=2" rel=nofollow>A</a><img srcset="s.png 1x, l.png 2x">'


def test_links_of_a_page():
    found = iri.links(PAGE, "https://example.com/dir/page.html")
    assert [l.url for l in found] == ["https://example.com/docs/a.html?x=1&y=2", "https://example.com/docs/s.png",
                                      "https://example.com/docs/l.png"]
    a = found[0]
    assert (a.element, a.attribute, a.value, a.raw, a.offset, a.rel, a.error) == (
        "a", "href", "a.html?x=1&y=2", b"a.html?x=1&amp;y=2", PAGE.index(b"a.html"), "nofollow", None)
    assert isinstance(a, iri.Link)


def test_encoding_only_scripting_and_failures():
    # The transport charset (windows-1252: 0xE9 is é); a str page is read as its text.
    assert iri.links(b'<a href="/caf\xe9">', "https://e.com/", "latin1")[0].value == "/café"
    assert iri.links('<a href="/café">', "https://e.com/")[0].url == "https://e.com/caf%C3%A9"
    assert [l.element for l in iri.links(b"<a href=a><img src=b>", "https://e.com/", only="img")] == ["img"]
    assert iri.links(b"<noscript><a href=n></noscript>", "https://e.com/") == []
    assert len(iri.links(b"<noscript><a href=n></noscript>", "https://e.com/", scripting=False)) == 1
    bad = iri.links(b'<a href="http://[::1">', "https://e.com/")[0]
    assert bad.url is None and "IPv6-unclosed" in bad.error
    with pytest.raises(iri.IRIError) as e:
        iri.links(b"<a href=x>", "not a url")
    assert e.value.code == "url_failure" and e.value.input == "base"


def test_links_many_equals_links_one_by_one():
    folder = datasets_dir() / "htmlparser-benchmark" / "pages"
    paths = sorted(folder.iterdir())[:60]
    pages = [p.read_bytes() for p in paths]
    urls = [f"https://example.com/{p.name}" for p in paths]
    one_by_one = [iri.links(page, url) for page, url in zip(pages, urls)]
    assert iri.links_many(pages, urls, jobs=2) == one_by_one
    assert iri.links_many(pages, urls, jobs=1) == one_by_one
    assert sum(len(x) for x in one_by_one) > 1000
    assert iri.links_many([PAGE, PAGE], "https://a.example/")[1][0].url == "https://a.example/docs/a.html?x=1&y=2"
    with pytest.raises(ValueError, match="bases and pages differ in length"):
        iri.links_many([PAGE], ["https://a/", "https://b/"])
    with pytest.raises(ValueError, match="encodings and pages differ in length"):
        iri.links_many([PAGE], "https://a/", [None, None])


def urls_of(pages):
    return [None if page is None else [l.url for l in page] for page in pages]


def test_pages_of_any_iterable_str_and_bytes_mixed():
    # A bytes page in the encoding given (windows-1252 for the label latin1: 0xE9 is é; URL Standard §4.4 encodes
    # the path's é as UTF-8); a str page is its text, whatever the encoding says.
    pages = (p for p in [b'<a href="/caf\xe9">', '<a href="/café">', b'<a href="/caf\xc3\xa9">'])
    got = iri.links_many(pages, iter(["https://e.com/", "https://f.org/", "https://g.net/"]),
                         ["latin1", "latin1", None])
    assert urls_of(got) == [["https://e.com/caf%C3%A9"], ["https://f.org/caf%C3%A9"], ["https://g.net/caf%C3%A9"]]
    assert all(isinstance(l, iri.Link) for page in got for l in page)
    # one encoding for every bytes page
    assert [page[0].value for page in iri.links_many([b'<a href="/caf\xe9">'] * 2, "https://e.com/", "latin1")] == [
        "/café", "/café"]
    assert iri.links_many([], "https://e.com/") == []
    with pytest.raises(TypeError, match="not a single string"):
        iri.links_many(PAGE, "https://e.com/")


def test_a_page_that_fails_fails_alone():
    """A page that is not text, a str with lone surrogates, a page whose own base is not text or not a URL: None
    (errors="none"), its exception ("return"), or the first one in input order raised ("raise")."""
    pages = [b"<a href=a>", None, "<a href=b>\ud800", b"<a href=c>", b"<a href=d>", b"<a href=e>"]
    bases = ["https://e.com/", "https://e.com/", "https://e.com/", "no url", 7, "https://f.org/"]
    assert urls_of(iri.links_many(pages, bases)) == [["https://e.com/a"], None, None, None, None, ["https://f.org/e"]]
    got = iri.links_many(pages, bases, errors="return", jobs=2)
    assert urls_of([got[0], got[5]]) == [["https://e.com/a"], ["https://f.org/e"]]
    assert isinstance(got[1], TypeError) and "pages must be str or bytes" in str(got[1])
    assert isinstance(got[2], UnicodeEncodeError)
    assert isinstance(got[3], iri.IRIError) and (got[3].code, got[3].input) == ("url_failure", "base")
    assert isinstance(got[4], TypeError) and "bases must be str or bytes" in str(got[4])
    with pytest.raises(TypeError, match="pages must be str or bytes"):
        iri.links_many(pages, bases, errors="raise")
    with pytest.raises(iri.IRIError) as e:
        iri.links_many(pages[3:], bases[3:], errors="raise")
    assert (e.value.code, e.value.input) == ("url_failure", "base")
    # An encoding that is not text fails its page; one None is the default.
    got = iri.links_many([b"<a href=a>", b"<a href=b>"], "https://e.com/", [3, None], errors="return")
    assert isinstance(got[0], TypeError) and urls_of(got[1:]) == [["https://e.com/b"]]
    # A link that does not resolve is not a failure of its page: its url is None and its error says why.
    bad = iri.links_many([b'<a href="http://[::1">'], "https://e.com/", errors="raise")[0][0]
    assert bad.url is None and "IPv6-unclosed" in bad.error
    # One base for every page is checked at the call, as the tool checks --base, whatever errors says.
    with pytest.raises(iri.IRIError) as e:
        iri.links_many([PAGE], "no url", errors="return")
    assert (e.value.code, e.value.input) == ("url_failure", "base")
    with pytest.raises(ValueError, match="errors must be"):
        iri.links_many([PAGE], "https://e.com/", errors="ignore")
    with pytest.raises(TypeError):
        iri.links_many([PAGE], None)


def test_jobs_as_the_other_batch_calls():
    pages = [PAGE, b"<a href=x>", "<img src=y>"] * 50
    expected = iri.links_many(pages, "https://e.com/", jobs=1)
    assert urls_of(expected[1:3]) == [["https://e.com/x"], ["https://e.com/y"]]
    for jobs in (None, 2, 256):
        assert iri.links_many(pages, "https://e.com/", jobs=jobs) == expected
    for jobs in (-1, 257, 2 ** 70):
        with pytest.raises(ValueError, match="jobs must be a number from 1 to 256"):
            iri.links_many(pages, "https://e.com/", jobs=jobs)
    for jobs in ("2", 2.0, True):
        with pytest.raises(TypeError, match="jobs must be an int or None"):
            iri.links_many(pages, "https://e.com/", jobs=jobs)
    # jobs=0, one per core before links_many was on the batch engine: None, with a warning, for one more release.
    with pytest.warns(DeprecationWarning, match="jobs=0"):
        assert iri.links_many(pages, "https://e.com/", jobs=0) == expected
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        iri.links_many(pages, "https://e.com/", jobs=None)


def test_links_iter_yields_in_order_reading_a_chunk_at_a_time():
    pages = [b"<a href=%d>" % i if i % 4 else "<a href=%d>" % i for i in range(25)]
    bases = ["https://e.com/%d/" % i for i in range(25)]
    expected = iri.links_many(pages, bases)
    assert urls_of(expected[:2]) == [["https://e.com/0/0"], ["https://e.com/1/1"]]
    assert list(iri.links_iter(iter(pages), iter(bases), chunk_size=7)) == expected
    assert list(iri.links_iter(pages, bases, [None] * 25, chunk_size=100, jobs=2)) == expected
    read = []

    def pages_read():
        for i, page in enumerate(pages):
            read.append(i)
            yield page

    answers = iri.links_iter(pages_read(), "https://e.com/", chunk_size=10, only="a")
    assert read == []
    assert urls_of(itertools.islice(answers, 3)) == [["https://e.com/0"], ["https://e.com/1"], ["https://e.com/2"]]
    assert len(read) == 10
    # A page that fails is its slot, as in links_many.
    assert list(iri.links_iter([b"<a href=a>", None], "https://e.com/", errors="return"))[1].__class__ is TypeError
    # Arguments are checked at the call; lengths as they are read.
    with pytest.raises(iri.IRIError):
        iri.links_iter(pages, "no url")
    with pytest.raises(ValueError, match="jobs"):
        iri.links_iter(pages, "https://e.com/", jobs=257)
    with pytest.raises(ValueError, match="errors must be"):
        iri.links_iter(pages, "https://e.com/", errors="ignore")
    with pytest.raises(ValueError, match="chunk_size"):
        iri.links_iter(pages, "https://e.com/", chunk_size=0)
    with pytest.raises(TypeError):
        iri.links_iter(PAGE, "https://e.com/")
    with pytest.raises(ValueError, match="bases and pages differ in length"):
        list(iri.links_iter(pages, bases[:20], chunk_size=7))
    with pytest.raises(ValueError, match="encodings and pages differ in length"):
        list(iri.links_iter(pages[:3], bases[:3], [None] * 4))


def test_links_many_releases_the_gil():
    # Another Python thread runs while a batch works: the batch releases the GIL.
    pages = [PAGE * 2000] * 40
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=tick)
    t.start()
    try:
        iri.links_many(pages, "https://a.example/", jobs=1)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 0
