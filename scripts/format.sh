#!/usr/bin/env bash
# Formats the C, C++ and header files git tracks with .clang-format (clang-format 14, Debian's package).
#   scripts/format.sh           rewrites them in place
#   scripts/format.sh --check   changes nothing; fails naming each file clang-format would change (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
tool=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$tool" ] || { echo "format.sh: clang-format is not installed (scripts/setup.sh installs clang-format-14)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
case "${1:-}" in
  "") "$tool" -i "${files[@]}" ;;
  --check)
    report=$(mktemp)
    trap 'rm -f "$report"' EXIT
    if ! "$tool" --dry-run -Werror "${files[@]}" 2> "$report"; then
      grep -o '^[^:]*:[0-9]*:[0-9]*: error' "$report" | cut -d: -f1 | sort -u | sed 's/^/not formatted: /' >&2
      echo "format.sh: run scripts/format.sh to format these files" >&2
      exit 1
    fi
    echo "format.sh: ${#files[@]} files formatted as .clang-format says" ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac
