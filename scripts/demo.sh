#!/usr/bin/env bash
# The README's main job: installs what is missing, builds the library and the iri tool, and runs iri over the
# bundled sample (samples/sample.txt: real URLs, IRIs with Chinese paths and Unicode hosts, LEIRIs, relative
# references, IP literals and invalid inputs; see samples/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j "$(nproc)" --target iri_cli
iri=build/tools/cli/iri
sample=samples/sample.txt
uris=$(mktemp)
trap 'rm -f "$uris"' EXIT

echo
echo "== iri validate --input $sample   (grammar iri: draft-ietf-iri-3987bis-13)"
"$iri" validate --input "$sample" --quiet --stats || true
echo
echo "== the same lines under each grammar"
for g in uri rfc3987 leiri; do
  printf '%-8s ' "$g"
  "$iri" validate --grammar "$g" --input "$sample" --quiet --stats 2>&1 || true
done
echo
echo "== the lines that are not IRIs, with where and why"
"$iri" validate --input "$sample" | grep -A2 "^invalid" | grep -v "^--" || true
echo
echo "== components of a few references"
"$iri" parse 'https://zh.wikipedia.org/wiki/中文' 'http://u:p@[2001:db8::7]:8080/c=GB?objectClass?one#f' \
  '//cdn.example.com/lib.js' 'http://a:99999/' || true
echo
echo "== resolution against the base of RFC 3986 §5.4, and back (relativize)"
"$iri" resolve --base 'http://a/b/c/d;p?q' 'g:h' '../g' '//g' '?y' '#s' '../../../g' 'g;x=1/../y'
"$iri" relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/d;p?y' 'http://g/x'
echo
echo "== conversions (3987bis §3 and §4): the sample's first IRIs to URIs, and back"
grep -a -m 5 -E '^https?://.*[^ -~]' "$sample" | "$iri" to-uri --host idna --input - | tee "$uris" || true
"$iri" to-iri --unicode-hosts --input "$uris" || true
"$iri" to-uri --host idna 'https://電訊盈科/' 'http://résumé.example.org/rosé' || true
echo
echo "== normalization (RFC 3987 §5.3, scheme level) of the sample's first percent-encoded IRIs, and comparison"
grep -a -m 8 -E '^https?://.*%' "$sample" | "$iri" normalize --level scheme --input - || true
"$iri" compare --level scheme --base 'http://example.com' 'http://example.com:80/' 'HTTP://EXAMPLE.com/' \
  'http://example.com/?' || true
echo
echo "== diagnostics beyond the grammar (docs/diagnostics.md) on the sample: the lines with warnings"
"$iri" check --input "$sample" --min-severity warning | awk '/^warning/ {on = 1; print; next} /^[a-z]/ {on = 0} on' | head -70 || true
echo
echo "== JSON output"
"$iri" parse --json 'https://電訊盈科/' 'http://example.org/%zz' || true
