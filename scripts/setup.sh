#!/usr/bin/env bash
# Installs the Debian 12 packages iri needs to build, test and benchmark, when they are missing.
# Boost 1.81 packages throughout: they conflict with Boost 1.74's.
set -euo pipefail
packages=(
  g++ cmake make re2c pkg-config
  clang dpkg-dev                          # CI's second compiler; scripts/package.sh (dpkg-shlibdeps)
  libicu-dev
  publicsuffix libpsl-dev                 # the list src/crawl/public_suffix.cpp reads by default; libpsl, the tests' reference
  libboost-test1.81-dev
  libboost-url1.81-dev liburiparser-dev   # peers for bench/
  valgrind                                # bench/run.sh --callgrind
  gcc                                     # the C API's test program (C99)
  python3-dev python3-pybind11 pybind11-dev python3-setuptools python3-wheel python3-pip  # python/, setup.py
  python3-pytest python3-hypothesis       # python/tests
  python3-dask python3-distributed        # examples/dask_link_dedup.py and its test
  python3-rfc3987                         # bench/python_bench.py's peer
  groff-base                              # tests/doc_test.py renders the man page's EXAMPLES as man shows them
  libgumbo-dev                            # tests/test_html_differential.cpp and bench/: an HTML5 parser, the links' oracle
  clang-14 libclang-rt-14-dev             # fuzz/run.sh: clang++ and its libFuzzer runtime
  clang-format-14 clang-tidy-14           # scripts/format.sh (CI checks the formatting), .clang-tidy
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  # One line says what is installed; the package manager's own output goes to a log, shown only when it fails.
  log=$(mktemp "${TMPDIR:-/tmp}/iri-setup.XXXXXX.log")
  echo "setup: installing ${#missing[@]} Debian packages (${missing[*]}); the package manager's output goes to $log"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
      --no-install-recommends "${missing[@]}"; } > "$log" 2>&1; then
    cat "$log" >&2
    echo "setup: apt-get failed (its output above, and in $log)" >&2
    exit 1
  fi
fi
