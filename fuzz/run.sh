#!/usr/bin/env bash
# Builds the fuzzing harnesses with clang++ (libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer) in
# build-fuzz/ and runs each for SECONDS (default 60), one after the other, printing its executions and coverage.
#   fuzz/run.sh [SECONDS] [HARNESS...]
# The corpus of each harness lives in build-fuzz/corpus/<harness>/, seeded on first use from the datasets
# (where the build unpacks them for the tests) and fuzz/seeds/; new inputs found stay there. A crash
# or failed oracle leaves its input in build-fuzz/findings/<harness>/: copy it to fuzz/regressions/<harness>/,
# which ctest replays in every static build and every run of the harness reads as a second corpus folder (so the
# clang++ sanitizer build replays them too). The exit status is 1 when a harness found something.
# FUZZ_JOBS=2 runs two harnesses at a time (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
build=build-fuzz
export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-$(command -v ccache || true)}
clang=$(command -v clang++-14 || command -v clang++)
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER="$clang" -DCMAKE_BUILD_TYPE=Release -DIRI_BUILD_FUZZERS=ON \
  -DIRI_BUILD_BENCH=OFF -DIRI_BUILD_CLI=OFF -DIRI_WERROR=ON >/dev/null
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  for f in fuzz/*.cpp; do
    n=$(basename "$f" .cpp)
    [ "$n" = fuzz ] || [ "$n" = replay ] || harnesses+=("$n")
  done
fi
cmake --build "$build" -j2 --target iri_datasets "${harnesses[@]/#/fuzz_}"
datasets=$(cat "$build/fuzz/datasets_dir")

# Seeds: every line of fuzz/seeds/*.txt and a sample of each dataset's lines (pairs as "base LF reference"), each
# after two option bytes that vary from line to line.
seed() {  # harness, files...
  local dir=$build/corpus/$1
  shift
  LC_ALL=C awk -v dir="$dir" '
    { sub(/\r$/, "") }
    FILENAME ~ /\.csv$/ { if (FNR == 1) next; sub(/,/, "\n") }
    FILENAME ~ /pairs/ { sub(/\t/, "\n") }
    FILENAME ~ /seeds/ || FNR % 97 == 1 {
      ++n; f = dir "/s" n
      printf "%c%c%s", 1 + (n * 37) % 255, 1 + (n * 101) % 255, $0 > f; close(f)
    }' "$@"
}
for h in "${harnesses[@]}"; do
  if [ ! -d "$build/corpus/$h" ]; then
    mkdir -p "$build/corpus/$h"
    seed "$h" fuzz/seeds/*.txt "$datasets"/*/*.txt "$datasets"/*/*.csv
  fi
done

run_one() {  # harness: runs it, its output in build-fuzz/findings/<harness>.log
  mkdir -p "$build/findings/$1"
  local rc=0
  local regressions=()
  [ -d "fuzz/regressions/$1" ] && regressions=("fuzz/regressions/$1")
  "$build/fuzz/fuzz_$1" "$build/corpus/$1" "${regressions[@]}" -dict="$build/fuzz/iri.dict" -max_total_time="$seconds" \
    -max_len=4096 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/findings/$1/" >"$build/findings/$1.log" 2>&1 || rc=$?
  echo $rc >"$build/findings/$1.status"
}
jobs=${FUZZ_JOBS:-1}
for h in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_one "$h" &
done
wait

status=0
for h in "${harnesses[@]}"; do
  log=$build/findings/$h.log
  rc=$(cat "$build/findings/$h.status")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 || true)
  # A corpus grown large (it keeps what earlier runs found) can take all the time to read: then no input was made.
  inited=$(sed -n 's/^#\([0-9]*\)[[:space:]]*INITED.*/\1/p' "$log" | head -1)
  only_corpus=$([ -z "$inited" ] || [ "$inited" = "${runs:-}" ] && echo " (its corpus alone: give it more time)" || true)
  printf '%-14s %12s executions  %-10s %-10s %s%s\n' "$h" "${runs:-?}" "$cov" "$ft" \
    "$([ "$rc" -eq 0 ] && echo ok || echo "FINDING (exit $rc, $log)")" "$only_corpus"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
