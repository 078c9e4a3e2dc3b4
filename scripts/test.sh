#!/usr/bin/env bash
# Installs what is missing, builds everything (warnings fatal) and runs every test with ctest.
#   scripts/test.sh              Release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-sanitize/
#   scripts/test.sh --shared     the same tests against the shared library (libiri.so) in build-shared/ (not the
#                                valgrind runs of the static build, nor the fuzz regression replays, which reach
#                                private functions)
#   scripts/test.sh --sanitize --shared   both, in build-sanitize-shared/ (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
dir=build
skip=()
flags=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON)
for option in "$@"; do
  case "$option" in
    --sanitize) sanitize=1 ;;
    --shared) shared=1 ;;
    *) echo "usage: scripts/test.sh [--sanitize] [--shared]" >&2; exit 2 ;;
  esac
done
if [ -n "${sanitize:-}" ]; then
  dir=build-sanitize
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DIRI_WERROR=ON -DIRI_SANITIZE=ON)
fi
if [ -n "${shared:-}" ]; then
  dir=$dir-shared   # build-shared/ or build-sanitize-shared/
  flags+=(-DBUILD_SHARED_LIBS=ON -DIRI_BUILD_TESTS=ON -DIRI_BUILD_BENCH=OFF)
  skip=(-E _valgrind_)
fi
jobs=$(nproc)
# The tests' ABNF interpreter (tests/support) is a backtracking matcher whose recursion is as deep as the input is
# long; AddressSanitizer's frames make dataset lines overflow the default 8 MB stack.
ulimit -s 262144 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
cmake -S . -B "$dir" "${flags[@]}" ${IRI_CMAKE_FLAGS:-}
cmake --build "$dir" -j "$jobs"
ctest --test-dir "$dir" --output-on-failure -j "$jobs" "${skip[@]}"
