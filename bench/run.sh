#!/usr/bin/env bash
# Runs the benchmarks over every dataset in datasets/ (unpacked by the build into build/datasets) and prints one Markdown table (also written to
# bench/results/latest.md with the machine described).
#   bench/run.sh              medians of 21 interleaved rounds (ns/URL, MB/s, accepted, ratios), then the targets
#   bench/run.sh --callgrind  instructions per URL for each row (valgrind callgrind; repeatable, unlike time)
#   bench/run.sh --smoke      each benchmark once on the first 200 lines of each dataset (CI: keeps them compiling)
#   bench/run.sh --profile [ROW [DATASET...]]  instructions per URL by function (callgrind), for the slow ratios
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-table}"
data=build/datasets
datasets=(
  "$data/url-various-datasets/kasztp.txt"
  "$data/url-various-datasets/userbait.txt"
  "$data/oxiri/relative_urls_cc_10k.csv:base"
  "$data/oxiri/relative_urls_cc_10k.csv:relative"
  "$data/oxiri/relative_urls_cc_10k.csv:pairs"
  "$data/url-various-datasets/node_files.txt"
  "$data/url-various-datasets/isaacs_files.txt"
  "$data/derived/zhwiki_iri_100k.txt"
  "$data/derived/zhwiki_uri_100k.txt"
  "$data/derived/psl_idn_suffix_iris.txt"
)
if [ ! -x build/bench/parse_bench ] || [ ! -d "$data" ] || [ "$mode" != "--smoke" ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build build -j "$(nproc)" --target iri_parse_bench iri_datasets
fi
bench=build/bench/parse_bench

case "$mode" in
  --smoke)
    "$bench" --rounds 1 --lines 200 "${datasets[@]}"
    ;;
  --callgrind)
    command -v valgrind > /dev/null || { echo "bench/run.sh: valgrind is needed (scripts/setup.sh installs it)"; exit 2; }
    ir() {  # total instructions of one parse_bench run
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" --rounds 1 "$@" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
    }
    echo "| dataset | lines | row | instructions/URL |"
    echo "|---|---:|---|---:|"
    for d in "${datasets[@]}"; do
      lines=$("$bench" --rounds 1 --only none "$d" | head -1 | sed -n 's/.*accepted [0-9]*\/\([0-9]*\).*/\1/p')
      base=$(ir --only none "$d")
      for row in "iri::parse uri" "iri::parse iri" "Boost.URL" "uriparser"; do
        total=$(ir --only "$row" "$d")
        echo "| $(basename "$d") | $lines | $row | $(( (total - base) / lines )) |"
      done
    done
    ;;
  --profile)
    # Where the instructions of one row go, function by function of the library, per URL (callgrind; repeatable;
    # the floors the benchmark always runs and its loading are left out). The row and the datasets may be given:
    # bench/run.sh --profile "iri::to_iri" zhwiki_uri
    command -v valgrind > /dev/null || { echo "bench/run.sh: valgrind is needed (scripts/setup.sh installs it)"; exit 2; }
    row="${2:-iri::parse iri}"
    shift $(( $# > 1 ? 2 : 1 ))
    want=("$@")
    [ ${#want[@]} -gt 0 ] || want=(psl_idn userbait zhwiki_iri isaacs)
    out=$(mktemp)
    [ $# -gt 0 ] || exec > >(tee bench/results/profile.md)  # the default run is kept beside latest.md
    echo "# Instructions per URL by function"
    echo
    echo "Produced by \`bench/run.sh --profile\` on $(date -u +%Y-%m-%d) (valgrind callgrind: counts repeat exactly;"
    echo "valgrind has no AVX-512, so the AVX2 implementation runs)."
    echo
    for d in "${datasets[@]}"; do
      for w in "${want[@]}"; do
        [[ "$d" == *"$w"* ]] || continue
        lines=$("$bench" --rounds 1 --only none "$d" | head -1 | sed -n 's/.*accepted [0-9]*\/\([0-9]*\).*/\1/p')
        rounds=$(( lines < 10000 ? 50 : 3 ))
        valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --rounds "$rounds" --only "$row" "$d" > /dev/null 2>&1
        echo "## $(basename "$d"): $row, instructions per URL by function ($rounds rounds of $lines lines)"
        echo
        echo '```'
        callgrind_annotate "$out" 2>/dev/null | grep -E '^ *[0-9,]+ .*\?\?\?:iri::' | head -12 |
          awk -v n=$(( lines * rounds )) '{ gsub(",", "", $1); printf "%8.1f  %s\n", $1 / n, $0 }' |
          sed -E 's/ +[0-9,]+ +\([ 0-9.]+%\) +/  /; s/\?\?\?://; s/\(unsigned char const\*.*|\(std::.*|\(iri::.*//'
        echo '```'
        echo
      done
    done
    rm -f "$out"
    ;;
  table)
    mkdir -p bench/results
    out=bench/results/latest.md
    {
      echo "# Benchmarks"
      echo
      echo "Produced by \`bench/run.sh\` on $(date -u +%Y-%m-%d): medians of 21 interleaved rounds (every row once per"
      echo "round, in rotating order), over every line of each dataset. ns/URL and MB/s per row; \`accepted\` is how"
      echo "many lines the library accepts; \`× memchr\` is the ratio to the memchr floor, \`× this\` the ratio to"
      echo "\`iri::parse\` under the iri grammar (a peer at 5.0 is five times slower), or on the \`:pairs\` rows to"
      echo "parsing the base and the reference (\`iri::parse base + reference\`). The to_uri and to_iri rows write"
      echo "into one reused buffer (\`append_to_uri\`), and so do the normalize and canonical_key rows (\`append_normalized\`,"
      echo "\`append_canonical_key\`: parse, then the normal form) and the resolver row (a resolver per page, each href's"
      echo "target scheme-normalized); \`iri::resolve + normalize scheme\` is the same work in two calls, two strings."
      echo
      echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(g++ --version | head -1);"
      echo "CMake Release (-O3), the benchmark at -O3. Other work may have shared the machine."
      echo
      "$bench" --rounds 21 --markdown "${datasets[@]}"
    } | tee "$out"
    ;;
  *)
    echo "usage: bench/run.sh [--smoke | --callgrind | --profile [ROW [DATASET...]]]"; exit 2 ;;
esac
