#!/usr/bin/env bash
# Installs what is missing, builds everything (warnings fatal) and runs every test with ctest.
#   scripts/test.sh              Release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-sanitize/
#   scripts/test.sh --shared     the same tests against the shared library (libiri.so) in build-shared/ (not the
#                                valgrind runs of the static build)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
dir=build
skip=()
flags=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON)
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-sanitize
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DIRI_WERROR=ON -DIRI_SANITIZE=ON)
elif [ "${1:-}" = "--shared" ]; then
  dir=build-shared
  flags=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON -DBUILD_SHARED_LIBS=ON -DIRI_BUILD_TESTS=ON -DIRI_BUILD_BENCH=OFF)
  skip=(-E _valgrind_)
fi
jobs=$(nproc)
# The tests' ABNF interpreter (tests/support) is a backtracking matcher whose recursion is as deep as the input is
# long; AddressSanitizer's frames make dataset lines overflow the default 8 MB stack.
ulimit -s 262144 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
cmake -S . -B "$dir" "${flags[@]}" ${IRI_CMAKE_FLAGS:-}
cmake --build "$dir" -j "$jobs"
ctest --test-dir "$dir" --output-on-failure -j "$jobs" "${skip[@]}"
