#!/usr/bin/env python3
"""Speed of the Python package iri against the standard library and rfc3987, in one run on the same datasets.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py --datasets DIR [--rounds 7] [--out FILE]

DIR is the datasets folder (default: $IRI_DATASETS_DIR). Rows: ns per item, the median of the rounds (rounds of
the rows interleaved, so that a slower moment of the machine hits every row alike):
 - iri.parse, iri.is_valid, urllib.parse.urlsplit (as shipped: with its lru_cache), urlsplit without the cache,
   rfc3987.parse(rule="IRI_reference") (a regex validator, on a subset: it is slow) over the page URLs, hrefs and
   IRIs;
 - iri.canonical_key_many over the Common Crawl (page, href) pairs (resolve + scheme normalization + key, one
   batch call) with jobs=1 and jobs=2, against urllib.parse.urljoin alone, one call per pair;
 - iri.is_valid_many with jobs=1 and jobs=2;
 - each batch call f_many against a loop over its single call f that builds the same list ([f(s) for s in items],
   None for an item that raises), on kasztp (the pairs: canonical_key(resolve(page, href)) per pair);
 - iri.extract over a 10 MB text of links (the page URLs, hrefs and IRIs in prose: 120,000 links, 5% of its
   characters non-ASCII), one call on its bytes and one on the same text as a str (whose offsets are str indices).
Each row has the wall-clock and the CPU time of the process. Then the issue's targets as ratios of the medians:
CPU time for one-thread comparisons (robust on a shared machine), wall clock for the jobs=2 scaling. Writes
Markdown to --out (and stdout).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py --datasets DIR --stream 20000000

instead runs one streaming call, canonical_key_iter over that many (page, href) pairs made one at a time (the
Common Crawl pairs over and over, each href made distinct), and reports its time and the process's peak resident
memory (ru_maxrss).
"""
from __future__ import annotations

import argparse
import itertools
import os
import resource
import platform
import statistics
import sys
import time
import urllib.parse

import iri

try:
    import rfc3987
except ImportError:  # python3-rfc3987 (scripts/setup.sh installs it)
    rfc3987 = None


def load(datasets):
    def lines(name):
        with open(os.path.join(datasets, name), encoding="utf-8") as f:
            return [line.lstrip("\ufeff") for line in f.read().split("\n") if line]

    pairs = [line.partition(",")[::2] for line in lines("oxiri/relative_urls_cc_10k.csv")[1:]]
    return {
        "cc pages": [p for p, _ in pairs],
        "cc hrefs": [h for _, h in pairs],
        "kasztp": lines("url-various-datasets/kasztp.txt"),
        "zhwiki IRIs": lines("derived/zhwiki_iri_100k.txt")[:20000],
    }, pairs


def links_text(data, size=10_000_000):
    """A text of `size` UTF-8 bytes or a little more: the datasets' lines as links in prose, in turn bare, in
    angle brackets and in double quotes, between Japanese and French words."""
    lines = [line for name in ("cc pages", "cc hrefs", "zhwiki IRIs") for line in data[name]]
    out, n, i = [], 0, 0
    while n < size:
        line = lines[i % len(lines)]
        piece = ("見て " + line + " と、", "voir <" + line + "> et ", 'see "' + line + '" or ')[i % 3]
        out.append(piece)
        n += len(piece.encode("utf-8"))
        i += 1
    return "".join(out)


def per_item(f, items):
    """(wall-clock ns, CPU ns of this process) per item of one call of f over all items."""
    wall, cpu = time.perf_counter_ns(), time.process_time_ns()
    f(items)
    n = max(1, len(items))
    return (time.perf_counter_ns() - wall) / n, (time.process_time_ns() - cpu) / n


def each(g):
    def run(items):
        for s in items:
            g(s)
    return run


def each_safe(g):
    def run(items):
        for s in items:
            try:
                g(s)
            except Exception:  # noqa: BLE001  invalid inputs raise: part of the cost
                pass
    return run


def into_list(g):
    """A loop over the single call g that builds the list of its answers, as a batch call does (None where g
    raises)."""
    def run(items):
        out = []
        for s in items:
            try:
                out.append(g(s))
            except Exception:  # noqa: BLE001  invalid inputs raise: part of the cost
                out.append(None)
        return out
    return run


# Each batch call and its single call (kasztp's lines).
SINGLE_AND_MANY = [
    ("is_valid", iri.is_valid, iri.is_valid_many),
    ("normalize", iri.normalize, iri.normalize_many),
    ("canonical_key", iri.canonical_key, iri.canonical_key_many),
    ("to_uri", iri.to_uri, iri.to_uri_many),
    ("to_iri", iri.to_iri, iri.to_iri_many),
    ("surt", iri.surt, iri.surt_many),
    ("canonicalize", iri.canonicalize, iri.canonicalize_many),
    ("url", lambda s: iri.URL(s).href, iri.url_many),
    ("registrable_domain", iri.registrable_domain, iri.registrable_domain_many),
]


def single_vs_many_rows(lines, pairs):
    pages = [p for p, _ in pairs]
    hrefs = [h for _, h in pairs]
    rows = []
    for name, single, many in SINGLE_AND_MANY:
        rows += [(f"loop of iri.{name} · kasztp", into_list(single), lines),
                 (f"iri.{name}_many · kasztp", many, lines)]
    rows += [("loop of iri.canonical_key(iri.resolve(page, href)) · cc pairs",
              into_list(lambda pair: iri.canonical_key(iri.resolve(*pair))), pairs),
             ("iri.canonical_key_many(hrefs, bases=pages) · cc pairs",
              lambda x: iri.canonical_key_many(hrefs, bases=pages), pairs)]
    return rows


def rows_for(data, pairs):
    pages = [p for p, _ in pairs]
    hrefs = [h for _, h in pairs]
    urlsplit_uncached = urllib.parse.urlsplit.__wrapped__
    rows = []
    for name, items in data.items():
        rows += [
            (f"iri.parse · {name}", each_safe(iri.parse), items),
            (f"iri.is_valid · {name}", each(iri.is_valid), items),
            (f"urllib urlsplit · {name}", each_safe(urllib.parse.urlsplit), items),
            (f"urllib urlsplit, no cache · {name}", each_safe(urlsplit_uncached), items),
        ]
        if rfc3987 is not None:
            rows.append((f"rfc3987.parse · {name}", each_safe(lambda s: rfc3987.parse(s, rule="IRI_reference")),
                         items[:2000]))
        rows += [
            (f"iri.is_valid_many jobs=1 · {name}", lambda x: iri.is_valid_many(x, jobs=1), items),
            (f"iri.is_valid_many jobs=2 · {name}", lambda x: iri.is_valid_many(x, jobs=2), items),
        ]
    text = links_text(data)
    rows += [
        ("iri.extract, bytes · 10 MB links text (ns per call)", lambda x: iri.extract(x[0]), [text.encode("utf-8")]),
        ("iri.extract, str · 10 MB links text (ns per call)", lambda x: iri.extract(x[0]), [text]),
    ]
    rows += [
        ("iri.canonical_key_many jobs=1 · cc pairs",
         lambda x: iri.canonical_key_many(hrefs, bases=pages, jobs=1), pairs),
        ("iri.canonical_key_many jobs=2 · cc pairs",
         lambda x: iri.canonical_key_many(hrefs, bases=pages, jobs=2), pairs),
        ("urllib urljoin · cc pairs", lambda x: [urllib.parse.urljoin(p, h) for p, h in x], pairs),
    ]
    return rows + single_vs_many_rows(data["kasztp"], pairs)


def measure(rows, rounds):
    """Per row, the medians of wall-clock and CPU ns per item."""
    times = {name: [] for name, _, _ in rows}
    for _ in range(rounds):
        for name, f, items in rows:
            times[name].append(per_item(f, items))
    return {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
            for name, t in times.items()}


def targets(medians, names):
    """The issue's targets. One-thread comparisons use CPU time (the machine may be shared: CPU time does not
    count the time other processes take the cores), the jobs=2 scaling wall-clock time."""
    m = {name: cpu for name, (_, cpu) in medians.items()}
    wall = {name: w for name, (w, _) in medians.items()}
    out = []
    for name in names:
        split = m[f"urllib urlsplit · {name}"]
        valid = m[f"iri.is_valid · {name}"]
        out.append((f"is_valid ≤ urlsplit per call · {name}", split / valid, 1.0))
        if rfc3987 is not None:
            out.append((f"is_valid ≥ 20× faster than rfc3987.parse · {name}",
                        m[f"rfc3987.parse · {name}"] / valid, 20.0))
        out.append((f"is_valid_many jobs=2 ≥ 1.6× jobs=1 · {name}",
                    wall[f"iri.is_valid_many jobs=1 · {name}"] / wall[f"iri.is_valid_many jobs=2 · {name}"], 1.6))
    out.append(("canonical_key_many (1 job) ≥ 5× faster per pair than urljoin · cc pairs",
                m["urllib urljoin · cc pairs"] / m["iri.canonical_key_many jobs=1 · cc pairs"], 5.0))
    out.append(("extract on a str within 3× its time on the bytes (bytes time / str time ≥ 1/3) · 10 MB links text",
                m["iri.extract, bytes · 10 MB links text (ns per call)"] /
                m["iri.extract, str · 10 MB links text (ns per call)"], 1 / 3))
    out.append(("canonical_key_many jobs=2 ≥ 1.6× jobs=1 (wall clock) · cc pairs",
                wall["iri.canonical_key_many jobs=1 · cc pairs"] / wall["iri.canonical_key_many jobs=2 · cc pairs"],
                1.6))
    for name, _, _ in SINGLE_AND_MANY:
        out.append((f"{name}_many (1 job) ≥ 5× faster per item than a loop of {name} · kasztp",
                    m[f"loop of iri.{name} · kasztp"] / m[f"iri.{name}_many · kasztp"], 5.0))
    out.append(("canonical_key_many with bases ≥ 5× faster per pair than a loop of canonical_key(resolve()) · cc pairs",
                m["loop of iri.canonical_key(iri.resolve(page, href)) · cc pairs"] /
                m["iri.canonical_key_many(hrefs, bases=pages) · cc pairs"], 5.0))
    return out


def report(m, t, rounds, sizes, load):
    lines = [f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()} "
             f"({sys.executable}), load average {load[0]:.1f} before the run and {load[1]:.1f} after it; medians "
             f"of {rounds} interleaved rounds. CPU time is this process's (all its threads).", "",
             "Datasets: " + ", ".join(f"{k} ({v:,} lines)" for k, v in sizes.items()) +
             "; rfc3987.parse on the first 2,000 lines of each.", "",
             "| row · dataset | ns/item (wall clock) | ns/item (CPU) |", "| --- | ---: | ---: |"]
    lines += [f"| {name} | {w:,.0f} | {c:,.0f} |" for name, (w, c) in m.items()]
    lines += ["", "| target | ratio | needed | met |", "| --- | ---: | ---: | --- |"]
    lines += [f"| {name} | {ratio:.2f}× | {need:.2f}× | {'yes' if ratio >= need else 'NO'} |"
              for name, ratio, need in t]
    return "\n".join(lines) + "\n"


def stream(pairs, n):
    """canonical_key_iter over n (page, href) pairs made one at a time: its time and peak resident memory."""
    def hrefs():
        for i, (_, h) in enumerate(itertools.islice(itertools.cycle(pairs), n)):
            yield h if i < len(pairs) else h + "#" + str(i)  # distinct items, as a real stream's are
    pages = (p for p, _ in itertools.islice(itertools.cycle(pairs), n))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    wall = time.perf_counter()
    count = keys = 0
    for key in iri.canonical_key_iter(hrefs(), bases=pages, rung="scheme"):
        count += 1
        keys += key is not None
    wall = time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (f"canonical_key_iter over {count:,} (page, href) pairs ({keys:,} keys): {wall:.1f} s, "
            f"{wall / count * 1e9:,.0f} ns per pair (wall clock); peak resident memory {peak / 1024:.1f} MB "
            f"({before / 1024:.1f} MB before the run: the interpreter, iri and the datasets)\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", default=os.environ.get("IRI_DATASETS_DIR"), help="the datasets folder")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--out", help="also write the Markdown here")
    parser.add_argument("--stream", type=int, metavar="N", help="only the streaming run over N pairs")
    args = parser.parse_args()
    if not args.datasets:
        parser.error("--datasets (or IRI_DATASETS_DIR) is needed")
    data, pairs = load(args.datasets)
    if args.stream:
        print(stream(pairs, args.stream), end="")
        return
    sizes = {**{k: len(v) for k, v in data.items()}, "cc pairs": len(pairs)}
    load_before = os.getloadavg()[0]
    m = measure(rows_for(data, pairs), args.rounds)
    text = report(m, targets(m, list(data)), args.rounds, sizes, (load_before, os.getloadavg()[0]))
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
