"""Shared fixtures of the Python tests: the datasets folder and the command-line tool, both given by ctest's
environment (IRI_DATASETS_DIR, IRI_CLI; python/CMakeLists.txt sets them)."""
import csv
import json
import os
import pathlib
import subprocess

import pytest
from hypothesis import settings

# No example database written into the source tree; the examples are drawn anew each run.
settings.register_profile("iri", database=None)
settings.load_profile("iri")


def datasets_dir() -> pathlib.Path:
    d = os.environ.get("IRI_DATASETS_DIR")
    if not d:
        pytest.fail("IRI_DATASETS_DIR is not set: run the tests through ctest")
    return pathlib.Path(d)


def cc_pairs(limit=None):
    """The Common Crawl (page, href) pairs: oxiri/relative_urls_cc_10k.csv, split on the first comma."""
    path = datasets_dir() / "oxiri" / "relative_urls_cc_10k.csv"
    pairs = []
    with open(path, encoding="utf-8", newline="") as f:
        next(f)  # header "base,relative"
        for line in f:
            base, _, href = line.rstrip("\n").partition(",")
            pairs.append((base, href))
            if limit is not None and len(pairs) == limit:
                break
    return pairs


def dataset_lines(name, limit=None):
    path = datasets_dir() / name
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    lines = [line for line in lines if line]
    return lines if limit is None else lines[:limit]


def cli(command, inputs, *options, pairs=False):
    """Runs the iri tool on `inputs` (strings, or (base, ref) pairs) with JSON in and out; one dict per input."""
    tool = os.environ.get("IRI_CLI")
    if not tool:
        pytest.fail("IRI_CLI is not set: run the tests through ctest")
    args = [tool, command, "--json", "--input-format", "json", "--jobs", "1", *options]
    if pairs:
        args.append("--pairs")
    stdin = "".join(json.dumps(list(x) if pairs else x) + "\n" for x in inputs)
    done = subprocess.run(args, input=stdin.encode("utf-8"), stdout=subprocess.PIPE, check=False)
    out = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(inputs), done.stdout[-500:]
    return out
