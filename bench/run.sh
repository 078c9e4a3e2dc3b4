#!/usr/bin/env bash
# Runs the benchmarks over every dataset in datasets/ (unpacked by the build into build/datasets) and prints one Markdown table (also written to
# bench/results/latest.md with the machine described).
#   bench/run.sh              medians of 21 interleaved rounds (ns/URL, MB/s, accepted, ratios), then the targets;
#                             ns/URL at each SIMD level the machine has (IRI_FORCE_SIMD: widest, avx2, scalar)
#   bench/run.sh --callgrind [ROWS [DATASET...]]  instructions per URL for each row (valgrind callgrind, at the AVX2
#                             level: valgrind has no AVX-512; repeatable, unlike time), then the web and crawl
#                             stages' targets as ratios of instructions
#   bench/run.sh --smoke      each benchmark once on the first 200 lines of each dataset (CI: keeps them compiling)
#   bench/run.sh --profile [ROW [DATASET...]]  instructions per URL by function (callgrind), for the slow ratios
#   bench/run.sh --adversarial  every operation on crafted inputs of 1 MB and 10 MB: ns/byte and the time ratio
#                             (linear time: about 10), written to bench/results/adversarial.md; --smoke runs it
#                             at 10 kB and 100 kB
#   bench/run.sh --html       links from HTML pages over the 258 pages of datasets/htmlparser-benchmark: MB/s of
#                             html_bench's rows (tokenize and decode; and resolve; and write) with gumbo's parse in
#                             the same run, at each SIMD level in alternating passes; `iri links --pages` end to end;
#                             instructions per byte at the AVX2 level (callgrind); written to bench/results/html.md
#   bench/run.sh --cli        the iri tool end to end on about 100 MB of dataset lines: MB/s per subcommand with
#                             --jobs 1 and --jobs 2, written to bench/results/cli.md
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
if [ ! -x build/bench/parse_bench ] || [ ! -x build/bench/adversarial_bench ] || [ ! -d "$data" ] ||
   [ "$mode" != "--smoke" ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build build -j "$(nproc)" --target iri_parse_bench iri_adversarial_bench iri_datasets
fi
bench=build/bench/parse_bench
adversarial=build/bench/adversarial_bench

# The adversarial rows in instructions: one callgrind dump per row and size ("PATTERN|OPERATION|BYTES"), as a
# Markdown table of instructions per byte at both sizes and their ratio.
adversarial_instructions() {
  command -v valgrind > /dev/null || { echo "(valgrind is not installed: scripts/setup.sh installs it)"; return; }
  local dir
  dir=$(mktemp -d)
  valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$adversarial" --instructions --small 10000 \
    --large 100000 > /dev/null 2>&1
  echo "| pattern | operation | instructions/B 10 kB | instructions/B 100 kB | ratio |"
  echo "|---|---|---:|---:|---:|"
  ls "$dir" | grep -E '^cg\.[0-9]+$' | sort -t. -k2n | while read -r f; do
    sed -n 's/^desc: Trigger: Client Request: //p; s/^summary: //p; s/^totals: //p' "$dir/$f" | head -2 | paste -sd'|'
  done | awk -F'|' '{
      key = $1 "|" $2; n = $3; ir = $4
      if (!(key in small)) { small[key] = ir / n; small_ir[key] = ir; next }
      split(key, k, "|"); r = ir / small_ir[key]
      printf "| `%s` | %s | %.1f | %.1f | %.1f |\n", k[1], k[2], small[key], ir / n, r
      worst = r > worst ? r : worst
    } END { printf "\nWorst ratio: %.1f\n", worst }'
  rm -rf "$dir"
}

# The SIMD levels of this machine, widest first, by IRI_FORCE_SIMD's names (the widest runs without the variable).
simd_levels() {
  local flags
  flags=$(grep -m1 '^flags' /proc/cpuinfo 2> /dev/null || true)
  if [[ " $flags " == *" avx512bw "* ]]; then echo "avx512 avx2 scalar"
  elif [[ " $flags " == *" avx2 "* ]]; then echo "avx2 scalar"
  else echo "scalar"; fi
}

# Runs a command at a SIMD level: the widest without IRI_FORCE_SIMD, a narrower one asked for by name.
at_level() {  # at_level LEVEL WIDEST COMMAND...
  local level=$1 widest=$2
  shift 2
  if [ "$level" = "$widest" ]; then env -u IRI_FORCE_SIMD "$@"; else IRI_FORCE_SIMD=$level "$@"; fi
}

# parse_bench --markdown at every level, as one table: the widest level's table with a column of ns/URL per level
# in place of its one, then the targets with their ratio at each level. The levels are timed in seven alternating
# passes of three rounds each (a library load each), so that a slow spell of the machine falls on every level alike;
# each level's medians are then those of its 21 rounds (parse_bench --times-out, --times-in).
levels_table() {
  local levels dir level pass
  read -r -a levels <<< "$(simd_levels)"
  dir=$(mktemp -d)
  for pass in 1 2 3 4 5 6 7; do
    for level in "${levels[@]}"; do
      at_level "$level" "${levels[0]}" "$bench" --rounds 3 --times-out "$dir/$level.times" "$@" > /dev/null
    done
  done
  for level in "${levels[@]}"; do
    at_level "$level" "${levels[0]}" "$bench" --rounds 0 --times-in "$dir/$level.times" --markdown "$@" > "$dir/$level"
  done
  # The rows of the first table are in the same order at every level, and so are the targets: join them by line.
  # A target met at the widest level is to be missed at the AVX2 level by no more than 25% (issue 31): its ratio
  # there within 1.25 times the limit (or above the limit over 1.25, for a peer's ratio).
  awk -F' [|] ' -v levels="${levels[*]}" -v dir="$dir" '
    BEGIN {
      k = split(levels, lv, " ")
      for (i = 2; i <= k; ++i) { n = 0; while ((getline line < (dir "/" lv[i])) > 0) other[i, ++n] = line }
      for (i = 1; i <= k; ++i) if (lv[i] == "avx2") a2 = i
    }
    { ++row }
    row == 1 { printf "| dataset | lines | row |"; for (i = 1; i <= k; ++i) printf " ns/URL %s |", lv[i]
               print " MB/s | accepted | × memchr | × this (iri grammar) |"; next }
    row == 2 { printf "|---|---:|---|"; for (i = 1; i <= k; ++i) printf "---:|"; print "---:|---:|---:|---:|"; next }
    /^[|] / && !targets && NF == 8 {
      printf "| %s | %s | %s |", substr($1, 3), $2, $3
      printf " %s |", $4
      for (i = 2; i <= k; ++i) { split(other[i, row], f, " [|] "); printf " %s |", f[4] }
      printf " %s | %s | %s | %s\n", $5, $6, $7, $8
      next
    }
    /^[|] dataset [|] target/ {
      targets = 1
      printf "| dataset | target: ratio of the medians | limit |"
      for (i = 1; i <= k; ++i) printf " %s |", lv[i]
      print (a2 > 1 ? " avx2 within 25% of a target met at " lv[1] " |" : "")
      next
    }
    targets && /^[|]---/ {
      printf "|---|---|---:|"; for (i = 1; i <= k; ++i) printf "---:|"; print (a2 > 1 ? "---|" : ""); next
    }
    targets && /^[|] / {
      printf "| %s | %s | %s |", substr($1, 3), $2, $4
      for (i = 1; i <= k; ++i) {
        if (i == 1) { r[i] = $3; m[i] = $5 } else { split(other[i, row], f, " [|] "); r[i] = f[3]; m[i] = f[5] }
        sub(/ [|]$/, "", m[i])
        printf " %s %s |", r[i], m[i] == "met" ? "met" : "**not met**"
      }
      if (a2 > 1) {
        split($4, lim, " ")
        within = lim[1] == "<=" ? r[a2] <= 1.25 * lim[2] : r[a2] >= lim[2] / 1.25
        printf " %s |", m[1] != "met" ? "" : within ? "yes" : "**no**"
      }
      print ""
      next
    }
    { if (NF > 0 && !/^[|]/) targets = 0; print }
  ' "$dir/${levels[0]}"
  rm -rf "$dir"
}

case "$mode" in
  --smoke)
    "$bench" --rounds 1 --lines 200 "${datasets[@]}"
    "$adversarial" --small 10000 --large 100000
    ;;
  --adversarial)
    mkdir -p bench/results
    out=bench/results/adversarial.md
    {
      echo "# Adversarial inputs: linear time"
      echo
      echo "Produced by \`bench/run.sh --adversarial\` on $(date -u +%Y-%m-%d) (bench/adversarial_bench.cpp). Each row is one"
      echo "operation on one pattern repeated to 1 MB and to 10 MB (prefix, unit, suffix in the source). The 1 MB time"
      echo "is that of ten separate 1 MB inputs run in turn, divided by ten, their ten outputs kept until the clock"
      echo "stops, so that both sizes move the same bytes through the caches; each time is the best of fifteen runs"
      echo "(seven when one takes over 20 ms, five over 0.1 s, three over a second), runs of the two sizes alternating. \`ratio\` is the 10 MB time over the 1 MB time: 10"
      echo "for linear time, 100 for quadratic; what remains above 10 is the 10 MB working set falling out of the 2 MB"
      echo "L2 cache (and other work on the machine)."
      echo "\`answer\` is what the operation gave for the 10 MB input."
      echo
      echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(g++ --version | head -1);"
      echo "CMake Release (-O3), the benchmark at -O3. Other work may have shared the machine."
      echo
      "$adversarial" --markdown
      echo
      echo "## Instructions"
      echo
      echo "The same rows counted in instructions (valgrind callgrind, \`adversarial_bench --instructions\`), which the"
      echo "caches and other work on the machine do not change: one run at 10 kB and one at 100 kB (the large sizes under"
      echo "callgrind would take hours). \`ratio\` is 10 for linear work, 100 for quadratic (less than 10 where a"
      echo "fixed cost per call weighs at 10 kB)."
      echo
      adversarial_instructions
    } | tee "$out"
    ;;
  --html)
    cmake --build build -j "$(nproc)" --target iri_html_bench iri_cli iri_datasets > /dev/null
    html=build/bench/html_bench
    pages="$data/htmlparser-benchmark/pages"
    levels=$(simd_levels)
    widest=${levels%% *}
    dir=$(mktemp -d)
    # Seven alternating passes of three rounds per level, each a process: a slow spell falls on every level alike.
    for _ in 1 2 3 4 5 6 7; do
      for level in $levels; do at_level "$level" "$widest" "$html" --rounds 3 --times-out "$dir/$level" "$pages"; done
    done
    # iri links --pages over the same pages: the best of five runs, output to /dev/null.
    list="$dir/pages.tsv"
    for f in "$pages"/*; do printf 'https://example.com/%s\t%s\n' "$(basename "$f")" "$f"; done > "$list"
    bytes=$(cat "$pages"/* | wc -c)
    tool_seconds() {  # tool_seconds LEVEL JOBS
      local best=""
      for _ in 1 2 3 4 5; do
        local t0 t1
        t0=$(date +%s.%N)
        at_level "$1" "$widest" build/tools/cli/iri links --pages "$list" --jobs "$2" > /dev/null
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 ${best:-1e9}" | awk '{ d = $2 - $1; print (d < $3 ? d : $3) }')
      done
      echo "$best"
    }
    mkdir -p bench/results
    {
      echo "# Links from HTML pages"
      echo
      echo "Produced by \`bench/run.sh --html\` on $(date -u +%Y-%m-%d): \`bench/html_bench.cpp\` over the 258 pages of"
      echo "datasets/htmlparser-benchmark ($((bytes / 1000)) kB), every SIMD level in 7 alternating passes of 3 rounds (a process"
      echo "each), the median of a level's 21 rounds; gumbo 0.10.1 (Debian's libgumbo1) parses the same pages in the same"
      echo "rounds. MB/s of pages, by wall-clock time and by the thread's CPU time (the work of one core, which other work"
      echo "sharing the machine does not lengthen); \`× gumbo\` is gumbo's CPU time over the row's at the same level."
      echo
      echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
      echo "when it ended. Other work may have shared the machine: the ratios, measured in the same rounds, hold better"
      echo "than the MB/s."
      echo
      printf '| row |'; for level in $levels; do printf ' MB/s %s | MB/s CPU %s | × gumbo %s |' "$level" "$level" "$level"; done; echo
      printf '|---|'; for _ in $levels; do printf -- '---:|---:|---:|'; done; echo
      for row in "tokenize, decode" "tokenize, decode, resolve" "tokenize, decode, resolve, write" "gumbo parse"; do
        printf '| %s |' "$row"
        for level in $levels; do
          awk -F'\t' -v row="$row" '
            $1 == row { t[++n] = $2; b = $3; c[n] = $4 } $1 == "gumbo parse" { g[++m] = $4 }
            function median(a, k,   i, j, x) { for (i = 2; i <= k; ++i) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; --j) a[j + 1] = a[j]; a[j + 1] = x }
                                               return a[int((k + 1) / 2)] }
            END { if (n == 0) { printf " - | - | - |"; exit } r = median(t, n); rc = median(c, n); gr = m ? median(g, m) : 0
                  printf " %.0f | %.0f | %s |", b / r * 1e3, b / rc * 1e3, gr ? sprintf("%.1f", gr / rc) : "-" }' "$dir/$level"
        done
        echo
      done
      echo
      echo "\`iri links --pages LIST\` end to end (the pages read from files, every link resolved and printed, output to"
      echo "/dev/null), the best of five runs:"
      echo
      echo "| level | MB/s --jobs 1 | MB/s --jobs 2 |"
      echo "|---|---:|---:|"
      for level in $levels; do
        echo "$level $(tool_seconds "$level" 1) $(tool_seconds "$level" 2)" |
          awk -v b="$bytes" '{ printf "| %s | %.0f | %.0f |\n", $1, b / $2 / 1e6, b / $3 / 1e6 }'
      done
      if command -v valgrind > /dev/null; then
        echo
        echo "Instructions per byte of pages at the AVX2 level (callgrind; valgrind has no AVX-512), which hold across"
        echo "machines: each row run for one round and for two, the difference one round without the pages' loading:"
        echo
        echo "| row | instructions/byte |"
        echo "|---|---:|"
        for row in "tokenize, decode" "tokenize, decode, resolve" "tokenize, decode, resolve, write" "gumbo parse"; do
          for rounds in 1 2; do
            IRI_FORCE_SIMD=avx2 valgrind --tool=callgrind --callgrind-out-file="$dir/cg.$rounds" "$html" \
              --rounds "$rounds" --row "$row" "$pages" > /dev/null 2>&1
          done
          one=$(sed -n 's/^totals: //p' "$dir/cg.1"); two=$(sed -n 's/^totals: //p' "$dir/cg.2")
          echo "| $row | $(echo "$one $two $bytes" | awk '{ printf "%.1f", ($2 - $1) / $3 }') |"
        done
      fi
    } | tee bench/results/html.md
    rm -rf "$dir"
    ;;
  --cli)
    cmake --build build -j "$(nproc)" --target iri_cli > /dev/null
    tool=build/tools/cli/iri
    big=$(mktemp)
    # The datasets' lines (the IRIs and URIs of the web crawl, Wikipedia and the URL lists), repeated to 100 MB.
    sources=("$data/url-various-datasets/kasztp.txt" "$data/url-various-datasets/userbait.txt"
             "$data/derived/zhwiki_iri_100k.txt" "$data/derived/zhwiki_uri_100k.txt")
    while [ "$(stat -c %s "$big")" -lt 100000000 ]; do cat "${sources[@]}" >> "$big"; done
    bytes=$(stat -c %s "$big")
    seconds() {  # the best of five runs of the tool on the big file, in seconds
      local best=""
      for _ in 1 2 3 4 5; do
        local t0 t1
        t0=$(date +%s.%N)
        "$tool" "$@" --input "$big" > /dev/null 2>&1 || true  # invalid lines: status 1, their diagnostics
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 ${best:-1e9}" | awk '{ d = $2 - $1; print (d < $3 ? d : $3) }')
      done
      echo "$best"
    }
    mkdir -p bench/results
    {
      echo "# The iri tool end to end"
      echo
      echo "Produced by \`bench/run.sh --cli\` on $(date -u +%Y-%m-%d): each subcommand over $((bytes / 1000000)) MB of dataset"
      echo "lines (kasztp, userbait and both zhwiki sets, repeated), output to /dev/null; the best of five runs. MB/s"
      echo "of input; \`× jobs 1\` is the speed-up of --jobs 2."
      echo
      echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores. Other work may have shared the machine."
      echo
      echo "| subcommand | MB/s --jobs 1 | MB/s --jobs 2 | × jobs 1 |"
      echo "|---|---:|---:|---:|"
      declare -A one_job
      for cmd in "validate --quiet" "validate" "to-uri" "to-iri" "normalize" "normalize --level scheme" "key" \
                 "key --level scheme" "check"; do
        read -r -a words <<< "$cmd"
        one=$(seconds "${words[@]}" --jobs 1)
        two=$(seconds "${words[@]}" --jobs 2)
        one_job[$cmd]=$one
        echo "$cmd $one $two" | awk -v b="$bytes" '{ n = NF; printf "| %s", $1; for (i = 2; i <= n - 2; ++i) printf " %s", $i
          printf " | %.0f | %.0f | %.2f |\n", b / $(n - 1) / 1e6, b / $n / 1e6, $(n - 1) / $n }'
      done
      # The library's own time for the same work on the same lines: parse_bench's rows (each line parsed, then
      # converted or normalized into one reused buffer; a line the library rejects costs its parse), the median of
      # five rounds, against the tool with --jobs 1 (reading, splitting into lines, printing and error reports).
      echo
      echo "The tool against the library's own time for the same work (\`parse_bench --rounds 5\` on the same file):"
      echo
      echo "| subcommand | library row | library MB/s | tool MB/s --jobs 1 | tool time ÷ library time |"
      echo "|---|---|---:|---:|---:|"
      library=$("$bench" --rounds 5 --only "iri::" "$big")
      lines=$(wc -l < "$big")
      for pair in "to-uri|iri::to_uri" "to-iri|iri::to_iri" "normalize|iri::normalize syntax"; do
        cmd=${pair%%|*} row=${pair#*|}
        ns=$(echo "$library" | grep -F " $row " | grep -v '|' | awk '{ for (i = 1; i < NF; ++i) if ($(i + 1) == "ns/URL") print $i }')
        echo "$cmd|$row|$ns|$lines|${one_job[$cmd]}" | awk -F'|' -v b="$bytes" '{ lib = $3 * $4 / 1e9
          printf "| %s | %s | %.0f | %.0f | %.2f |\n", $1, $2, b / lib / 1e6, b / $5 / 1e6, $5 / lib }'
      done
    } | tee bench/results/cli.md
    rm -f "$big"
    ;;
  --callgrind)
    # bench/run.sh --callgrind [ROWS [DATASET...]]: ROWS an extended regular expression over the row names below
    # (default all), DATASET substrings of the dataset names (default all); then the targets among the rows run.
    command -v valgrind > /dev/null || { echo "bench/run.sh: valgrind is needed (scripts/setup.sh installs it)"; exit 2; }
    rows_wanted="${2:-.}"
    shift $(( $# > 1 ? 2 : 1 ))
    want=("$@")
    [ ${#want[@]} -gt 0 ] || want=("")
    ir() {  # total instructions of one parse_bench run
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$@" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
    }
    round() {  # instructions of one round: two rounds less one, so that loading and first-use set-up fall out
      echo $(( $(ir --rounds 2 "$@") - $(ir --rounds 1 "$@") ))
    }
    # valgrind emulates no AVX-512: the AVX2 implementation runs, asked for by name so that the table says so.
    export IRI_FORCE_SIMD=avx2
    declare -A count
    echo "| dataset | lines | row | instructions/URL (avx2) |"
    echo "|---|---:|---|---:|"
    for d in "${datasets[@]}"; do
      chosen=""
      for w in "${want[@]}"; do [[ "$d" == *"$w"* ]] && chosen=1; done
      [ -n "$chosen" ] || continue
      name=$(basename "$d")
      lines=$("$bench" --rounds 1 --only none "$d" | head -1 | sed -n 's/.*accepted [0-9]*\/\([0-9]*\).*/\1/p')
      base=""
      for row in "iri::parse uri" "iri::parse iri" "Boost.URL parse_uri_reference" "uriparser uriParseSingleUriExA" \
                 "iri::normalize syntax" "iri::normalize scheme" "iri::canonical_key scheme" "iri::to_uri" \
                 "iri::to_iri" "iri::check iri" "iri::web::parse" "iri::web::can_parse" "iri::crawl::surt" \
                 "iri::crawl::canonicalize safe-browsing" "iri::crawl site" "iri::crawl psl find" \
                 "iri::crawl index columns" "iri::parse base + reference" \
                 "iri::resolve iri" "iri::resolver scheme" "iri::web::parse with base"; do
        [[ "$row" =~ $rows_wanted ]] || continue
        [ -n "$base" ] || base=$(round --only none "$d")  # the floors the benchmark always runs
        per_url=$(( ($(round --only "=$row" "$d") - base) / lines ))
        [ "$per_url" -ge 10 ] || continue  # a row this dataset does not run (pairs rows, or the reverse)
        count["$name|$row"]=$per_url
        echo "| $name | $lines | $row | $per_url |"
      done
    done
    # The targets of the web and crawl stages, as ratios of instructions on the same lines: "DATASET|ROW|AGAINST|LIMIT".
    echo
    echo "| dataset | target: ratio of instructions | ratio | limit | |"
    echo "|---|---|---:|---:|---|"
    for t in "kasztp|iri::web::parse|iri::parse iri|1.5" "userbait|iri::web::parse|iri::parse iri|1.5" \
             ":base|iri::web::parse|iri::parse iri|1.5" "isaacs|iri::web::parse|iri::parse iri|1.5" \
             ":pairs|iri::web::parse with base|iri::parse base + reference|3.0" \
             "kasztp|iri::crawl::surt|iri::parse iri|3.0" "userbait|iri::crawl::surt|iri::parse iri|3.0" \
             ":base|iri::crawl::surt|iri::parse iri|3.0" \
             "kasztp|iri::crawl::canonicalize safe-browsing|iri::parse iri|3.0" \
             "userbait|iri::crawl::canonicalize safe-browsing|iri::parse iri|3.0" \
             ":base|iri::crawl::canonicalize safe-browsing|iri::parse iri|3.0" \
             "kasztp|iri::crawl site|iri::parse iri|3.0" "userbait|iri::crawl site|iri::parse iri|3.0" \
             ":base|iri::crawl site|iri::parse iri|3.0"; do
      IFS='|' read -r where row against limit <<< "$t"
      for key in "${!count[@]}"; do
        name=${key%%|*}
        [[ "$name" == *"$where"* && "${key#*|}" == "$row" && -n "${count[$name|$against]:-}" ]] || continue
        echo "$name|$row|$against|${count[$key]}|${count[$name|$against]}|$limit" | awk -F'|' '{ r = $4 / $5
          printf "| %s | %s over %s | %.2f | <= %.1f | %s |\n", $1, $2, $3, r, $6, r <= $6 ? "met" : "**not met**" }'
      done
    done
    # Issue 38's targets, in instructions per URL against ada::parse's count on the same lines (ada 308110b, built
    # in the same binary outside the repository: kasztp 1,179, userbait 1,407, cc10k pages 1,627, zhwiki IRIs
    # 3,804, zhwiki URIs 2,812): the SURT key and Safe Browsing each at most ada's count, site (the URL Standard's
    # parse and the list's walk) too, the index columns at most twice it, and the list's walk alone at most 150
    # instructions per host. "DATASET|ROW|LIMIT".
    echo
    echo "| dataset | issue 38 target | instructions/URL | limit | |"
    echo "|---|---|---:|---:|---|"
    for t in "kasztp|iri::crawl::surt|1179" "userbait|iri::crawl::surt|1407" ":base|iri::crawl::surt|1627" \
             "zhwiki_iri|iri::crawl::surt|3804" "zhwiki_uri|iri::crawl::surt|2812" \
             "kasztp|iri::crawl::canonicalize safe-browsing|1179" "userbait|iri::crawl::canonicalize safe-browsing|1407" \
             ":base|iri::crawl::canonicalize safe-browsing|1627" \
             "zhwiki_iri|iri::crawl::canonicalize safe-browsing|3804" \
             "zhwiki_uri|iri::crawl::canonicalize safe-browsing|2812" \
             "kasztp|iri::crawl site|1179" "userbait|iri::crawl site|1407" ":base|iri::crawl site|1627" \
             "zhwiki_iri|iri::crawl site|3804" "zhwiki_uri|iri::crawl site|2812" \
             "kasztp|iri::crawl index columns|2358" "userbait|iri::crawl index columns|2814" \
             ":base|iri::crawl index columns|3254" "zhwiki_iri|iri::crawl index columns|7608" \
             "zhwiki_uri|iri::crawl index columns|5624" \
             "kasztp|iri::crawl psl find|150" "userbait|iri::crawl psl find|150" ":base|iri::crawl psl find|150"; do
      IFS='|' read -r where row limit <<< "$t"
      for key in "${!count[@]}"; do
        name=${key%%|*}
        [[ "$name" == *"$where"* && "${key#*|}" == "$row" ]] || continue
        echo "$name|$row|${count[$key]}|$limit" | awk -F'|' '{
          printf "| %s | %s | %d | <= %d | %s |\n", $1, $2, $3, $4, $3 <= $4 ? "met" : "**not met**" }'
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
      echo "Every SIMD level the machine has (IRI_FORCE_SIMD: the widest, avx2, scalar), timed in seven alternating"
      echo "passes of three rounds, a library load each: ns/URL at each level from its 21 rounds; MB/s and the ratios"
      echo "at the widest level. The targets give their ratio at every level, and whether a target met at the widest"
      echo "level stays within 25% of its limit at the AVX2 level."
      echo
      levels_table "${datasets[@]}"
    } | tee "$out"
    ;;
  *)
    echo "usage: bench/run.sh [--smoke | --callgrind | --adversarial | --html | --cli | --profile [ROW [DATASET...]]]"; exit 2 ;;
esac
