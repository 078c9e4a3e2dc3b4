"""iri.index_columns: Common Crawl's 17 URL index columns (commoncrawl/cc-index-table,
src/main/resources/schema/cc-index-schema-flat.json), against the list the repository pins (tests/crawl/), on the
schema's own examples, and against the command-line tool's `iri index-columns --json` on dataset URLs; its items,
errors= and jobs= as the batch calls take them, and its streaming form, index_columns_iter."""
import os
import pathlib

import itertools

import pytest

import iri
from conftest import cli, dataset_lines

PINNED = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "tests" / "crawl" / \
    "public_suffix_list.dat"

NAMES = ["url_surtkey", "url", "url_host_name", "url_host_tld", "url_host_2nd_last_part", "url_host_3rd_last_part",
         "url_host_4th_last_part", "url_host_5th_last_part", "url_host_registry_suffix",
         "url_host_registered_domain", "url_host_private_suffix", "url_host_private_domain",
         "url_host_name_reversed", "url_protocol", "url_port", "url_path", "url_query"]


def row(columns, i):
    return {name: values[i] for name, values in columns.items()}


def test_the_schema_example():
    """The schema's examples: each column of https://www.example.com/path/index.html; a port and a query."""
    c = iri.index_columns(["https://www.example.com/path/index.html", "https://www.example.com:8443/search?q=abc&lang=en"],
                          psl=PINNED)
    assert list(c) == NAMES  # the schema's names, in its order
    assert iri.INDEX_COLUMNS == tuple(NAMES)
    assert row(c, 0) == {
        "url_surtkey": "com,example)/path/index.html", "url": "https://www.example.com/path/index.html",
        "url_host_name": "www.example.com", "url_host_tld": "com", "url_host_2nd_last_part": "example",
        "url_host_3rd_last_part": "www", "url_host_4th_last_part": None, "url_host_5th_last_part": None,
        "url_host_registry_suffix": "com", "url_host_registered_domain": "example.com",
        "url_host_private_suffix": "com", "url_host_private_domain": "example.com",
        "url_host_name_reversed": "com.example.www", "url_protocol": "https", "url_port": None,
        "url_path": "/path/index.html", "url_query": None}
    assert c["url_port"][1] == 8443 and c["url_query"][1] == "q=abc&lang=en"
    assert c["url_surtkey"][1] == "com,example:8443)/search?lang=en&q=abc"


def test_hosts_spellings_and_nulls():
    urls = ["https://myblog.blogspot.com/", "http://123.123.123.123/", "http://example.invalid/",
            "http://www.食狮.公司.cn./", "https://example.com:443/?", b"http://a.b.c.kobe.jp/"]
    c = iri.index_columns(urls, psl=str(PINNED), jobs=3)
    assert c["url"] == urls  # the items as given
    assert c["url_host_private_suffix"][0] == "blogspot.com" and c["url_host_registered_domain"][0] == "blogspot.com"
    assert c["url_host_name"][1] == "123.123.123.123" and c["url_host_name_reversed"][1] is None
    assert c["url_host_tld"][1] is None and c["url_host_registered_domain"][1] is None
    # no implicit "*" rule: an unlisted top-level label has no suffix, as Common Crawl's columns say
    assert c["url_host_registry_suffix"][2] is None and c["url_host_name_reversed"][2] == "invalid.example"
    assert c["url_host_name"][3] == "www.xn--85x722f.xn--55qx5d.cn"  # A-labels, the final dot dropped
    assert c["url_port"][4] == 443 and c["url_query"][4] == ""  # the port written (a default too); a lone "?"
    assert c["url_host_registry_suffix"][5] == "c.kobe.jp"
    u = iri.index_columns(urls[3:4], psl=PINNED, host_form="unicode")
    assert u["url_host_name"] == ["www.食狮.公司.cn"] and u["url_host_registry_suffix"] == ["公司.cn"]
    assert u["url_host_name_reversed"] == ["cn.公司.食狮.www"]


def test_errors():
    c = iri.index_columns(["http://exa mple/", "http://a.com/"], psl=PINNED)
    assert c["url"][0] == "http://exa mple/" and all(c[name][0] is None for name in NAMES if name != "url")
    assert c["url_host_name"][1] == "a.com"
    with pytest.raises(iri.IRIError) as e:
        iri.index_columns(["http://a.com/", "http://exa mple/"], psl=PINNED, errors="raise")
    assert e.value.code == "url_failure" and e.value.offset == 7
    with pytest.raises(ValueError, match="host_form must be 'ascii' or 'unicode'"):
        iri.index_columns(["http://a.com/"], psl=PINNED, host_form="input")
    with pytest.raises(TypeError):
        iri.index_columns("http://a.com/", psl=PINNED)
    assert iri.index_columns([], psl=PINNED) == {name: [] for name in NAMES}


@pytest.mark.parametrize("name", ["url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt",
                                  "derived/zhwiki_iri_100k.txt"])
def test_same_columns_as_the_command_line(name):
    """The batch gives, URL by URL, the columns `iri index-columns --json` writes (one implementation, two ways in),
    on jobs threads; the failures are the tool's error lines."""
    urls = dataset_lines(name, 3000)
    c = iri.index_columns(urls, psl=PINNED, jobs=2)
    tool = cli("index-columns", urls, "--psl", str(PINNED))
    for i, line in enumerate(tool):
        if "error" in line:
            assert c["url"][i] == line["url"] and all(c[n][i] is None for n in NAMES if n != "url"), urls[i]
        else:
            assert row(c, i) == line, urls[i]
        assert c["url_surtkey"][i] == iri.surt_many([urls[i]])[0] or "error" in line


def test_items_errors_and_jobs_as_the_batch_calls_take_them():
    """Any iterable of str and bytes, mixed; an item that is not text fails its row only (its exception with
    errors="return", as a failed URL's IRIError); jobs as the other batch calls check it."""
    items = ["http://a.com/", None, "http://exa mple/", "http://b.com/\ud800", b"http://c.com/"]
    c = iri.index_columns(iter(items), psl=PINNED)
    assert c["url"] == items  # the items as given, those that failed too
    assert c["url_host_name"] == ["a.com", None, None, None, "c.com"]
    r = iri.index_columns(items, psl=PINNED, errors="return")
    assert r["url_host_name"][0] == "a.com" and r["url_port"][4] is None
    assert isinstance(r["url_surtkey"][1], TypeError) and r["url_port"][1] is r["url_surtkey"][1]
    e = r["url_host_tld"][2]
    assert isinstance(e, iri.IRIError) and (e.code, e.offset) == ("url_failure", 7)
    assert all(r[name][2] is e for name in NAMES if name != "url")
    assert isinstance(r["url_path"][3], UnicodeEncodeError)
    with pytest.raises(TypeError):  # the first failure in input order: the None
        iri.index_columns(items, psl=PINNED, errors="raise")
    with pytest.raises(ValueError, match="errors must be"):
        iri.index_columns(items, psl=PINNED, errors="ignore")
    for jobs in (0, 257, -1):
        with pytest.raises(ValueError, match="jobs"):
            iri.index_columns(items, psl=PINNED, jobs=jobs)
    with pytest.raises(TypeError, match="jobs"):
        iri.index_columns(items, psl=PINNED, jobs="2")
    assert iri.index_columns(items, psl=PINNED, jobs=None) == c


def test_streaming_a_dict_per_chunk():
    urls = ["http://a%d.example.co.uk/x?%d" % (i, i) if i % 7 else "http://exa mple/" for i in range(100)]
    whole = iri.index_columns(urls, psl=PINNED)
    read = []

    def urls_read():
        for i, u in enumerate(urls):
            read.append(i)
            yield u

    chunks = iri.index_columns_iter(urls_read(), psl=PINNED, chunk_size=30, jobs=2)
    assert read == []  # lazy: nothing read before the first chunk is asked for
    first = next(chunks)
    assert len(read) == 30 and list(first) == NAMES and len(first["url"]) == 30
    rest = list(chunks)
    assert [len(d["url"]) for d in rest] == [30, 30, 10]
    for name in NAMES:
        assert list(itertools.chain(first[name], *(d[name] for d in rest))) == whole[name]
    assert whole["url_host_registered_domain"][1] == "example.co.uk" and whole["url_query"][1] == "1"
    # the options are checked at the call, as index_columns checks them
    with pytest.raises(ValueError, match="host_form"):
        iri.index_columns_iter(urls, psl=PINNED, host_form="input")
    with pytest.raises(ValueError, match="jobs"):
        iri.index_columns_iter(urls, psl=PINNED, jobs=0)
    with pytest.raises(ValueError, match="chunk_size"):
        iri.index_columns_iter(urls, psl=PINNED, chunk_size=0)
    with pytest.raises(TypeError):
        iri.index_columns_iter("http://a.com/", psl=PINNED)
