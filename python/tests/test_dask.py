"""The Dask link-dedup example (examples/dask_link_dedup.py) on a 2-worker LocalCluster over the Common Crawl
pairs, split into 4 partition files: its counts equal those of a single-process computation; the script run as
a program, and its refusal of --workers 0."""
import json
import os
import pathlib
import subprocess
import sys
import warnings

import distributed  # python3-distributed (scripts/setup.sh installs it)
import pytest

from conftest import datasets_dir

EXAMPLES = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "examples"
sys.path.insert(0, str(EXAMPLES))
import dask_link_dedup as job  # noqa: E402


@pytest.fixture(scope="module")
def partitions(tmp_path_factory):
    lines = (datasets_dir() / "oxiri" / "relative_urls_cc_10k.csv").read_text(encoding="utf-8").split("\n")
    header, rows = lines[0], [line for line in lines[1:] if line]
    folder = tmp_path_factory.mktemp("pairs")
    paths = []
    for i in range(4):
        path = folder / f"pairs-{i}.csv"
        path.write_text(header + "\n" + "\n".join(rows[i::4]) + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths, len(rows)


def test_local_cluster_counts_equal_single_process(partitions):
    paths, n_rows = partitions
    expected = job.single_process_counts(paths)
    assert expected["pairs"] == n_rows == 10000
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        client.upload_file(job.__file__)
        counts = job.link_counts(paths, client)
    assert counts == expected
    assert 0 < counts["distinct_targets"] <= counts["resolved"] <= counts["pairs"]
    assert sum(counts["targets_per_host"].values()) == counts["distinct_targets"]
    assert sum(counts["targets_per_site"].values()) == counts["distinct_targets"]
    # A site groups at least as many targets as a host does: the sites are no more than the hosts.
    assert 0 < len(counts["targets_per_site"]) <= len(counts["targets_per_host"])


def test_script_counts_and_workers_refused(partitions):
    """The script as its docstring runs it (a local cluster of worker processes): the counts of
    single_process_counts; --workers 0 (a cluster that would never compute) is refused at once, with a message."""
    paths, _ = partitions
    script = [sys.executable, job.__file__]
    done = subprocess.run([*script, "--workers", "1", "--top", "3", *paths], capture_output=True, text=True,
                          timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    counts = json.loads(done.stdout)
    expected = job.single_process_counts(paths)
    assert (counts["pairs"], counts["resolved"], counts["distinct_targets"]) == (
        expected["pairs"], expected["resolved"], expected["distinct_targets"])
    top = sorted(expected["targets_per_host"].items(), key=lambda kv: -kv[1])[:3]
    assert [n for _, n in counts["top_hosts"]] == [n for _, n in top]
    for workers in ("0", "-1"):
        done = subprocess.run([*script, "--workers", workers, *paths], capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 2 and "--workers: must be 1 or more" in done.stderr, done.stderr


PINNED_PSL = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "tests" / "crawl" / \
    "public_suffix_list.dat"


def test_targets_per_site(tmp_path):  # and per registered domain and top-level label, by the index columns
    """Distinct targets per site on pairs whose answers follow from the pinned list's rules: co.uk (ICANN), the
    private github.io (two sites, or one github.io with icann_only), an address (its own site), mailto (no host);
    one run on a cluster, the same as in one process."""
    links = tmp_path / "links.csv"
    links.write_text("page,href\n"
                     "http://www.example.co.uk/a/,b\n"
                     "http://www.example.co.uk/a/,http://shop.Example.co.uk/x#frag\n"
                     "http://www.example.co.uk/a/,HTTP://www.example.co.uk:80/a/b\n"  # the first target again
                     "http://www.example.co.uk/a/,http://example.co.uk/a/b\n"  # another target, the first's SURT key
                     "http://www.example.co.uk/a/,//foo.github.io/\n"
                     "http://www.example.co.uk/a/,//x.bar.github.io/\n"
                     "http://www.example.co.uk/a/,http://192.0.2.1/x\n"
                     "http://www.example.co.uk/a/,mailto:a@example.com\n", encoding="utf-8")
    paths = [str(links)]
    expected = {"example.co.uk": 3, "foo.github.io": 1, "bar.github.io": 1, "192.0.2.1": 1, "": 1}
    # SURT keys (the surt package's: "www." dropped by its host massage): uk,co,example)/a/b for both
    # www.example.co.uk/a/b and example.co.uk/a/b, uk,co,example,shop)/x, io,github,foo)/, io,github,bar,x)/,
    # 1,2,0,192)/x, and mailto:a@example.com as it is.
    expected_surts = {"example.co.uk": 2, "foo.github.io": 1, "bar.github.io": 1, "192.0.2.1": 1, "": 1}
    single = job.single_process_counts(paths, psl=str(PINNED_PSL))
    assert single["targets_per_site"] == expected
    assert single["surt_keys_per_site"] == expected_surts
    icann = job.single_process_counts(paths, psl=str(PINNED_PSL), icann_only=True)["targets_per_site"]
    assert icann == {"example.co.uk": 3, "github.io": 2, "192.0.2.1": 1, "": 1}
    # the index columns: registered domains by the ICANN section (github.io), none for an address or no host
    expected_domains = {"example.co.uk": 3, "github.io": 2, "": 2}
    expected_tlds = {"uk": 3, "io": 2, "": 2}
    assert single["targets_per_registered_domain"] == expected_domains
    assert single["targets_per_tld"] == expected_tlds
    columns = tmp_path / "columns"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        client.upload_file(job.__file__)
        counts = job.link_counts(paths, client, str(PINNED_PSL), columns_dir=str(columns))
    assert counts["targets_per_site"] == expected
    assert counts["surt_keys_per_site"] == expected_surts
    assert counts["targets_per_registered_domain"] == expected_domains
    assert counts["targets_per_tld"] == expected_tlds
    assert counts["distinct_targets"] == 7
    # the TSV written: the schema's names, then one line per target (mailto: too: the URL Standard parses it)
    lines = (columns / "part-0.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t") == job.COLUMN_NAMES and len(job.COLUMN_NAMES) == 17
    rows = [dict(zip(job.COLUMN_NAMES, line.split("\t"))) for line in lines[1:]]
    assert len(rows) == 7
    shop = next(r for r in rows if r["url_host_name"] == "shop.example.co.uk")
    assert shop["url_surtkey"] == "uk,co,example,shop)/x" and shop["url_host_registered_domain"] == "example.co.uk"
    assert shop["url_host_name_reversed"] == "uk.co.example.shop" and shop["url_port"] == ""


def test_the_job_uses_no_deprecated_name(tmp_path):
    """Each step the workers run calls the batch calls by their names of this release: none warns."""
    page = tmp_path / "page.html"
    page.write_bytes(b'<a href="../b?x=1&amp;y=2">b</a><a href="//shop.example.co.uk/x#f">x</a>')
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        keys = job.partition_keys(["page,href\n", "http://www.example.co.uk/a/,b\n"])
        assert keys == ["http://www.example.co.uk/a/b"]
        page_keys = job.partition_page_keys([f"http://www.example.co.uk/a/c\t{page}\n"])
        assert page_keys == ["http://www.example.co.uk/b?x=1&y=2", "http://shop.example.co.uk/x"]
        assert job.partition_sites(page_keys, str(PINNED_PSL)) == ["example.co.uk", "example.co.uk"]
        assert job.partition_site_surts(page_keys[1:], str(PINNED_PSL)) == [("example.co.uk", "uk,co,example,shop)/x")]
        (row,) = job.partition_columns(page_keys[:1], str(PINNED_PSL))
        assert (row["url_host_name"], row["url_path"], row["url_query"]) == ("www.example.co.uk", "/b", "x=1&y=2")
