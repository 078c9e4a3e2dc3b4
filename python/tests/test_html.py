"""iri.links and iri.links_many (python/src/html.cpp): the links of HTML pages, resolved; the expected values are
the HTML Standard's (tests/test_html_links.cpp has the library's own checks)."""
import threading

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
    with pytest.raises(ValueError):
        iri.links_many([PAGE], ["https://a/", "https://b/"])


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
