"""iri.public_suffix, iri.registrable_domain, their _many and _iter forms (host_form= too) and iri.PublicSuffixList
against the list the repository pins (tests/crawl/: Debian's publicsuffix 20230209.2326-1) and the list's own
test_psl.txt."""
import os
import pathlib
import re

import pytest

import iri

CRAWL = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "tests" / "crawl"
PINNED = CRAWL / "public_suffix_list.dat"


def test_psl_cases():
    """Every checkPublicSuffix case of test_psl.txt (a null input is the empty host), one by one and as a batch."""
    check = re.compile(r"^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$")
    cases = []
    for line in (CRAWL / "test_psl.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("checkPublicSuffix"):
            m = check.match(line)
            assert m, line
            cases.append(tuple(None if a == "null" else a[1:-1] for a in m.groups()))
    assert len(cases) == 78
    psl = iri.PublicSuffixList(PINNED)
    for host, expected in cases:
        assert iri.registrable_domain(host or "", psl=psl) == expected, host
    assert iri.registrable_domain_many([h or "" for h, _ in cases], psl=str(PINNED), jobs=3) == [e for _, e in cases]


def test_public_suffixes_and_sections():
    assert iri.public_suffix("www.Example.CO.UK", psl=PINNED) == "co.uk"
    assert iri.public_suffix("www.www.ck", psl=PINNED) == "ck"  # !www.ck under *.ck
    assert iri.public_suffix("b.c.mm", psl=PINNED) == "c.mm"    # *.mm
    assert iri.public_suffix("example", psl=PINNED) == "example"  # the implicit "*"
    assert iri.registrable_domain("example", psl=PINNED) is None
    assert iri.public_suffix("http://www.食狮.公司.cn/", psl=PINNED) == "公司.cn"
    assert iri.registrable_domain(b"http://www.xn--85x722f.xn--55qx5d.cn/", psl=PINNED) == "xn--85x722f.xn--55qx5d.cn"
    # github.io is in the private section: an ordinary domain under the ICANN "io" with icann_only.
    assert iri.registrable_domain("a.foo.github.io", psl=PINNED) == "foo.github.io"
    assert iri.registrable_domain("a.foo.github.io", psl=PINNED, icann_only=True) == "github.io"
    assert iri.public_suffix("a.foo.github.io", psl=PINNED, icann_only=True) == "io"


def test_hosts_without_answers():
    for none in ["http://192.0.2.1/", "http://[2001:db8::1]/", "192.0.2.1", ".example.com", "mailto:a@example.com",
                 "a" * 64 + ".com"]:
        assert iri.public_suffix(none, psl=PINNED) is None, none
        assert iri.registrable_domain(none, psl=PINNED) is None, none
    assert iri.registrable_domain("www.example.com.", psl=PINNED) == "example.com."


def test_errors():
    with pytest.raises(iri.IRIError) as e:
        iri.registrable_domain("http://exa mple.com/", psl=PINNED)  # the URL Standard's failure, at the host
    assert e.value.code == "url_failure" and e.value.offset == 7
    with pytest.raises(iri.IRIError) as e:
        iri.registrable_domain("ü.ex ample.com", psl=PINNED)  # a bare host is an http: URL's host
    assert e.value.code == "url_failure" and e.value.offset == 0
    with pytest.raises(iri.IRIError) as e:
        iri.registrable_domain("http://ü.xn--zz/", psl=PINNED)  # UTS #46 refuses the A-label
    assert e.value.code == "url_failure" and e.value.offset == 7
    for bad_form in ("punycode", "ASCII"):
        with pytest.raises(ValueError, match="host_form must be 'input', 'ascii' or 'unicode'"):
            iri.registrable_domain("example.com", psl=PINNED, host_form=bad_form)
        with pytest.raises(ValueError, match="host_form must be 'input', 'ascii' or 'unicode'"):
            iri.public_suffix_many(["example.com"], psl=PINNED, host_form=bad_form)
        with pytest.raises(ValueError, match="host_form must be 'input', 'ascii' or 'unicode'"):
            iri.registrable_domain_iter(["example.com"], psl=PINNED, host_form=bad_form)
    with pytest.raises(TypeError):  # keyword-only
        iri.public_suffix("example.com", PINNED, False, "ascii")
    assert iri.registrable_domain_many(["ok.example.com", "a b.com", b"\xff.com"], psl=PINNED) == ["example.com", None, None]
    with pytest.raises(iri.IRIError):
        iri.registrable_domain_many(["ok.example.com", "a b.com"], psl=PINNED, errors="raise")
    with pytest.raises(OSError, match="no-such-list.dat: No such file or directory"):
        iri.PublicSuffixList("no-such-list.dat")
    with pytest.raises(OSError, match="Is a directory"):
        iri.registrable_domain("example.com", psl=CRAWL)
    with pytest.raises(TypeError):
        iri.registrable_domain(17, psl=PINNED)


def test_one_spelling_on_request():
    """host_form: the input's spelling (U-labels for an input beyond ASCII, a final dot kept), or one of A-labels and
    U-labels whatever the input wrote, without a final dot."""
    u, a = "www.食狮.公司.cn", "www.xn--85x722f.xn--55qx5d.cn"
    for given in [u, a, "http://" + u + "/", "HTTP://" + a.upper() + "/", u + ".", a + "."]:
        assert iri.registrable_domain(given, psl=PINNED, host_form="ascii") == "xn--85x722f.xn--55qx5d.cn", given
        assert iri.registrable_domain(given, psl=PINNED, host_form="unicode") == "食狮.公司.cn", given
        assert iri.public_suffix(given, psl=PINNED, host_form="unicode") == "公司.cn", given
        assert iri.public_suffix(given, psl=PINNED, host_form="ascii") == "xn--55qx5d.cn", given
    assert iri.registrable_domain(u + ".", psl=PINNED) == "食狮.公司.cn."
    assert iri.registrable_domain(a, psl=PINNED) == "xn--85x722f.xn--55qx5d.cn"
    assert iri.registrable_domain_many([u, a + "."], psl=PINNED, host_form="unicode", jobs=2) == ["食狮.公司.cn"] * 2
    assert iri.public_suffix_many([u, a + "."], psl=PINNED, host_form="ascii") == ["xn--55qx5d.cn"] * 2
    assert list(iri.registrable_domain_iter(iter([u + ".", a]), psl=PINNED, host_form="ascii", chunk_size=1)) == [
        "xn--85x722f.xn--55qx5d.cn"] * 2
    # the batch reads each item as the single call does, on its threads' own parse buffers
    items = [u, a + ".", "http://0x7f.1/", "mailto:a@example.com", "a.foo.github.io:8080/x", "//x.b.kobe.jp/"] * 50
    for form in ("input", "ascii", "unicode"):
        expected = [iri.registrable_domain(i, psl=PINNED, host_form=form) for i in items]
        assert iri.registrable_domain_many(items, psl=PINNED, host_form=form, jobs=3) == expected
    assert iri.registrable_domain_many(items[:6], psl=PINNED) == [
        "食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn.", None, None, "foo.github.io", "x.b.kobe.jp"]


def test_a_list_file_is_read_again_when_it_changes(tmp_path):
    own = tmp_path / "list.dat"
    own.write_text("example\n", encoding="utf-8")
    assert iri.registrable_domain("a.b.co.example", psl=own) == "co.example"
    own.write_text("example\nco.example\n// a longer file: another size, whatever the clock's resolution\n",
                   encoding="utf-8")
    assert iri.registrable_domain("a.b.co.example", psl=own) == "b.co.example"


def test_the_system_list():
    assert iri.PublicSuffixList().source == "/usr/share/publicsuffix/public_suffix_list.dat"  # Debian's
    assert iri.registrable_domain("www.example.co.uk") == "example.co.uk"
    assert iri.registrable_domain_many(["www.example.co.uk", "a.b.c.kobe.jp"], jobs=2) == ["example.co.uk", "b.c.kobe.jp"]
