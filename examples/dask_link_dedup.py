#!/usr/bin/env python3
"""Link dedup with Dask: how many distinct link targets a crawl's (page, href) pairs have, per host and per site,
the pairs given, or found in the crawl's HTML pages (--pages).

Each input file holds lines "page,href" (split at the first comma; a header line "base,relative" or
"page,href" is skipped), as in Common Crawl link extracts. Each file is one partition. Per partition the hrefs
are resolved against their pages and turned into canonical keys (RFC 3986 §5.2 resolution, RFC 3987 §5.3
scheme-based normalization, fragments dropped) by one batch call, iri.canonical_key_many, which releases the GIL;
then Dask counts the distinct keys, the distinct keys per host, and the distinct keys per site: the registrable
domain of the key's host by the Public Suffix List (iri.registrable_domain_many: "example.co.uk" for
"www.example.co.uk", "foo.github.io" for "a.foo.github.io" unless --icann-only), or the host itself when it has
none (an IP address, a public suffix), "" without a host; and the distinct SURT keys per site (iri.surt_many: the
Wayback Machine's urlkey, under which "www.", letter case, session ids and query order no longer tell two targets
apart). --psl FILE names the list (at the same path on every worker), else the system's.

It also builds Common Crawl's 17 URL index columns (url_surtkey, url_host_name, url_host_registered_domain, ...;
docs/index-columns.md) of the distinct targets, one batch call per partition (iri.index_columns, a dict of
lists), so that the link set joins against Common Crawl's columnar index on the same keys: it counts the targets
per top-level label and per registered domain (the columns' url_host_tld and url_host_registered_domain, by the
list's ICANN section), and with --columns DIR writes the columns as TSV files with a header, one per partition
of the distinct targets (DIR/part-0.tsv, ...; a null is an empty field, as `iri index-columns` writes them).

Run it with the interpreter iri is installed for (pip install, README; the extension is built for that one
interpreter), which needs Debian's python3-dask and python3-distributed:

    # input: this repository's Common Crawl pairs (page URL, href found on it), cut into 4 files of page,href
    # lines, one partition each (split -n l/4 cuts at line ends; the header line is skipped where it lands)
    tar -xJf datasets/oxiri/relative_urls_cc_10k.csv.tar.xz -C /tmp
    split -n l/4 -d --additional-suffix=.csv /tmp/oxiri/relative_urls_cc_10k.csv /tmp/links-
    # a local cluster of 2 worker processes on this machine
    /usr/bin/python3 examples/dask_link_dedup.py --workers 2 /tmp/links-*.csv
    # the same, writing the targets' index columns to /tmp/link-columns/part-0.tsv (Dask's distinct() makes one
    # partition of the distinct targets)
    /usr/bin/python3 examples/dask_link_dedup.py --workers 2 --columns /tmp/link-columns /tmp/links-*.csv
    # an existing cluster (dask scheduler / dask worker on each machine, iri installed on each worker, the
    # files at the same path on every worker, e.g. a shared file system)
    /usr/bin/python3 examples/dask_link_dedup.py --scheduler tcp://scheduler.example:8786 /shared/links-*.csv

It prints the counts as JSON: pairs, resolved (those whose href resolves against its page), distinct_targets,
the top hosts and the top sites by distinct targets, the top sites by distinct SURT keys, and the top top-level
labels and registered domains by the index columns.

From pages instead of pairs (--pages): each input file lists HTML pages, "page_url<TAB>path" per line (as `iri
links --pages` reads them; the pages at the same path on every worker), one partition each; per partition the
pages' links are found by one batch call, iri.links_many (the HTML Standard's tokenizer, each link resolved
against its page's base URL as a browser resolves it; the GIL released), and the pairs are (page, link):

    # input: the 258 pages of htmlparser-benchmark (this repository's dataset), listed in 4 files
    mkdir -p /tmp/pages && tar -xJf datasets/htmlparser-benchmark/pages.tar.xz -C /tmp/pages
    ls /tmp/pages/htmlparser-benchmark/pages/*.html | awk '{print "https://example.com/" NR "/\t" $0}' |
      split -n r/4 -d --additional-suffix=.tsv - /tmp/pagelist-
    /usr/bin/python3 examples/dask_link_dedup.py --pages --workers 2 /tmp/pagelist-*.tsv

docs/python.md says more.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Dict, Iterable, List, Optional, Tuple

import iri

HEADERS = ("base,relative", "page,href")
COLUMN_NAMES = list(iri.INDEX_COLUMNS)  # the 17 index columns' names, in the schema's order


def split_pairs(lines: Iterable[str]) -> Tuple[List[str], List[str]]:
    """The pages and hrefs of "page,href" lines (header lines skipped)."""
    pages, hrefs = [], []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line or line in HEADERS:
            continue
        page, _, href = line.partition(",")
        pages.append(page)
        hrefs.append(href)
    return pages, hrefs


def partition_keys(lines: Iterable[str], jobs: int = 1) -> List[str]:
    """The canonical keys of one partition's link targets (pairs that do not resolve are left out). The one place
    keys are made: another key (a SURT, say) replaces this function, and the counts follow it."""
    pages, hrefs = split_pairs(lines)
    keys = iri.canonical_key_many(hrefs, bases=pages, rung="scheme", keep_fragment=False, jobs=jobs)
    return [k for k in keys if k is not None]


def read_page_list(lines: Iterable[str]) -> Tuple[List[str], List[bytes]]:
    """The page URLs and the pages' bytes of "page_url<TAB>path" lines (empty lines skipped)."""
    urls, pages = [], []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line:
            continue
        url, _, path = line.partition("\t")
        with open(path, "rb") as f:
            pages.append(f.read())
        urls.append(url)
    return urls, pages


def page_link_pairs(lines: Iterable[str], jobs: int = 1) -> Tuple[List[str], List[str]]:
    """The (page, link) pairs of one partition's pages: each link resolved against its page's base URL by one
    batch call, iri.links_many (the GIL released); a link that does not resolve is left out, and so is a page whose
    URL is not a URL (its slot is None)."""
    urls, pages = read_page_list(lines)
    found = iri.links_many(pages, urls, jobs=jobs)
    pairs = [(url, link.url) for url, links in zip(urls, found) for link in links or () if link.url is not None]
    return [p for p, _ in pairs], [u for _, u in pairs]


def partition_page_keys(lines: Iterable[str], jobs: int = 1) -> List[str]:
    """The canonical keys of the link targets of one partition's pages (partition_keys, from pages)."""
    pages, links = page_link_pairs(lines, jobs)
    keys = iri.canonical_key_many(links, bases=pages, rung="scheme", keep_fragment=False, jobs=jobs)
    return [k for k in keys if k is not None]


def host_of(key: str) -> str:
    """The host of a canonical key ("" when it has none, as in "mailto:" links)."""
    return iri.parse(key).host or ""


def site(domain: Optional[str], host: str) -> str:
    """The site of a key: its host's registrable domain, else (an address, a public suffix) the host itself."""
    return domain if domain is not None else host


def registrable_domain(key: str, psl: Optional[str], icann_only: bool) -> Optional[str]:
    """iri.registrable_domain of one key; None for one it refuses (a host the URL Standard fails), as the batch
    call gives."""
    try:
        return iri.registrable_domain(key, psl=psl, icann_only=icann_only)
    except iri.IRIError:
        return None


def partition_sites(keys: Iterable[str], psl: Optional[str] = None, icann_only: bool = False,
                    jobs: int = 1) -> List[str]:
    """The site of each key of one partition, by one batch call (iri.registrable_domain_many, the GIL released)."""
    keys = list(keys)
    domains = iri.registrable_domain_many(keys, psl=psl, icann_only=icann_only, jobs=jobs)
    return [site(d, host_of(k)) for k, d in zip(keys, domains)]


def partition_site_surts(keys: Iterable[str], psl: Optional[str] = None, icann_only: bool = False,
                         jobs: int = 1) -> List[Tuple[str, str]]:
    """(site, SURT key) of each key of one partition that has a SURT key, by two batch calls (the GIL released)."""
    keys = list(keys)
    sites = partition_sites(keys, psl, icann_only, jobs)
    return [(s, k) for s, k in zip(sites, iri.surt_many(keys, jobs=jobs)) if k is not None]


def first(pair: Tuple[str, str]) -> str:
    return pair[0]


def partition_columns(keys: Iterable[str], psl: Optional[str] = None, jobs: int = 1) -> List[Dict[str, object]]:
    """Common Crawl's URL index columns of each key of one partition, by one batch call (iri.index_columns, the
    GIL released), one dict per URL: column name to value (None for null). A key the URL Standard fails (a URL a
    browser would not follow) has no columns and is left out."""
    columns = iri.index_columns(list(keys), psl=psl, jobs=jobs)
    rows = [dict(zip(columns, values)) for values in zip(*columns.values())]
    return [row for row in rows if row["url_surtkey"] is not None]


def tsv_lines(rows: Iterable[Dict[str, object]]) -> List[str]:
    """The columns of one partition as TSV: the header (the schema's names), then one line per URL; a null is an
    empty field. No column holds a tab or a line break: the keys are IRIs, and the URL Standard drops both."""
    header = "\t".join(COLUMN_NAMES)
    return [header] + ["\t".join("" if row[c] is None else str(row[c]) for c in COLUMN_NAMES) for row in rows]


def tld(row: Dict[str, object]) -> str:
    return row["url_host_tld"] or ""


def registered_domain(row: Dict[str, object]) -> str:
    return row["url_host_registered_domain"] or ""


def link_counts(paths: List[str], client, psl: Optional[str] = None, icann_only: bool = False,
                pages: bool = False, columns_dir: Optional[str] = None) -> Dict[str, object]:
    """The counts, computed on the Dask cluster `client` is connected to; `psl`, `icann_only`: the Public Suffix
    List of the sites (a file every worker reads at that path; None: the system's); `pages`: the files list pages,
    whose links are the pairs; `columns_dir`: a folder the workers write the index columns to, one TSV file per
    partition (None: not written)."""
    import dask.bag as db

    lines = db.read_text(paths, blocksize=None)  # one partition per file
    keys = lines.map_partitions(partition_page_keys if pages else partition_keys)
    distinct = keys.distinct()
    per_host = distinct.map(host_of).frequencies()
    per_site = distinct.map_partitions(partition_sites, psl, icann_only).frequencies()
    surts_per_site = distinct.map_partitions(partition_site_surts, psl, icann_only).distinct().map(first).frequencies()
    columns = distinct.map_partitions(partition_columns, psl)
    per_tld = columns.map(tld).frequencies()
    per_domain = columns.map(registered_domain).frequencies()
    count_pairs = (lambda part: [len(page_link_pairs(part)[0])]) if pages else (lambda part: [len(split_pairs(part)[0])])
    n_pairs = lines.map_partitions(count_pairs).sum()
    work = [n_pairs, keys.count(), distinct.count(), per_host, per_site, surts_per_site, per_tld, per_domain]
    if columns_dir is not None:
        work.append(columns.map_partitions(tsv_lines).to_textfiles(columns_dir.rstrip("/") + "/part-*.tsv",
                                                                   compute=False))
    pairs, resolved, targets, hosts, sites, surts, tlds, domains = client.compute(work, sync=True)[:8]
    return {"pairs": pairs, "resolved": resolved, "distinct_targets": targets,
            "targets_per_host": dict(sorted(hosts)), "targets_per_site": dict(sorted(sites)),
            "surt_keys_per_site": dict(sorted(surts)), "targets_per_tld": dict(sorted(tlds)),
            "targets_per_registered_domain": dict(sorted(domains))}


def pairs_one_at_a_time(path: str, pages: bool) -> Iterable[Tuple[str, str]]:
    """The pairs of one file without the batch calls: its "page,href" lines, or its pages' links (iri.links, one
    page at a time)."""
    with open(path, encoding="utf-8") as f:
        lines = list(f)
    if not pages:
        yield from zip(*split_pairs(lines))
        return
    for url, page in zip(*read_page_list(lines)):
        for link in iri.links(page, url):
            if link.url is not None:
                yield url, link.url


def single_process_counts(paths: List[str], psl: Optional[str] = None, icann_only: bool = False,
                          pages: bool = False) -> Dict[str, object]:
    """The same counts in this process, one pair at a time, without Dask or the batch calls."""
    pairs = resolved = 0
    distinct = set()
    for path in paths:
        for page, href in pairs_one_at_a_time(path, pages):
            pairs += 1
            try:
                key = iri.canonical_key(iri.resolve(page, href), rung="scheme", keep_fragment=False)
            except iri.IRIError:
                continue
            resolved += 1
            distinct.add(key)
    hosts = Counter(host_of(k) for k in distinct)
    site_of = {k: site(registrable_domain(k, psl, icann_only), host_of(k)) for k in distinct}
    sites = Counter(site_of.values())
    site_surts = {(site_of[k], iri.surt(k)) for k in distinct}
    surts = Counter(s for s, _ in site_surts)
    rows = [row for k in distinct for row in partition_columns([k], psl)]
    tlds = Counter(tld(row) for row in rows)
    domains = Counter(registered_domain(row) for row in rows)
    return {"pairs": pairs, "resolved": resolved, "distinct_targets": len(distinct),
            "targets_per_host": dict(sorted(hosts.items())), "targets_per_site": dict(sorted(sites.items())),
            "surt_keys_per_site": dict(sorted(surts.items())), "targets_per_tld": dict(sorted(tlds.items())),
            "targets_per_registered_domain": dict(sorted(domains.items()))}


def connect(scheduler: Optional[str], workers: int):
    """A client of the cluster at `scheduler`, or of a new LocalCluster of `workers` processes."""
    from distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler)
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster)


def positive(value: str) -> int:
    """An argparse type: a whole number of 1 or more (a cluster of no workers would wait forever)."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {n}")
    return n


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", help="files of page,href lines, one partition each")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=positive, default=2, help="worker processes of the local cluster (1 or more)")
    parser.add_argument("--top", type=int, default=10, help="hosts and sites to print")
    parser.add_argument("--psl", help="the Public Suffix List file of the sites (default: the system's)")
    parser.add_argument("--icann-only", action="store_true", help="sites by the list's ICANN section only")
    parser.add_argument("--pages", action="store_true",
                        help="the files list HTML pages (page_url<TAB>path lines): their links are the pairs")
    parser.add_argument("--columns", metavar="DIR",
                        help="write the targets' index columns to DIR/part-N.tsv (a folder every worker can write)")
    args = parser.parse_args(argv)
    if args.psl:
        try:  # a list that cannot be loaded is refused before the cluster starts
            iri.PublicSuffixList(args.psl)
        except OSError as e:
            parser.error(str(e))
    with connect(args.scheduler, args.workers) as client:
        client.upload_file(__file__)  # the workers import this module's functions
        counts = link_counts(args.files, client, args.psl, args.icann_only, args.pages, args.columns)
    hosts = Counter(counts.pop("targets_per_host"))
    counts["top_hosts"] = hosts.most_common(args.top)
    sites = Counter(counts.pop("targets_per_site"))
    counts["top_sites"] = sites.most_common(args.top)
    surts = Counter(counts.pop("surt_keys_per_site"))
    counts["top_sites_by_surt_keys"] = surts.most_common(args.top)
    counts["top_tlds"] = Counter(counts.pop("targets_per_tld")).most_common(args.top)
    counts["top_registered_domains"] = Counter(counts.pop("targets_per_registered_domain")).most_common(args.top)
    json.dump(counts, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
