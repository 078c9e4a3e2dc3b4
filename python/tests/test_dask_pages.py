"""The Dask example's step from pages to links (examples/dask_link_dedup.py --pages): a 2-worker LocalCluster over
lists of htmlparser-benchmark's pages counts what a single process counts, one page at a time with iri.links."""
import os
import pathlib
import sys

import distributed  # python3-distributed (scripts/setup.sh installs it)
import pytest

from conftest import datasets_dir

EXAMPLES = pathlib.Path(os.environ.get("IRI_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "examples"
sys.path.insert(0, str(EXAMPLES))
import dask_link_dedup as job  # noqa: E402


@pytest.fixture(scope="module")
def page_lists(tmp_path_factory):
    pages = sorted((datasets_dir() / "htmlparser-benchmark" / "pages").iterdir())[:80]
    folder = tmp_path_factory.mktemp("pagelists")
    paths = []
    for i in range(4):
        path = folder / f"pages-{i}.tsv"
        path.write_text("".join(f"https://example.com/{n}/\t{p}\n" for n, p in enumerate(pages[i::4])),
                        encoding="utf-8")
        paths.append(str(path))
    return paths


def test_pages_to_links_on_a_cluster(page_lists):
    expected = job.single_process_counts(page_lists, pages=True)
    assert expected["pairs"] > 10000
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        client.upload_file(job.__file__)
        counts = job.link_counts(page_lists, client, pages=True)
    assert counts == expected
    assert 0 < counts["distinct_targets"] <= counts["resolved"] <= counts["pairs"]
