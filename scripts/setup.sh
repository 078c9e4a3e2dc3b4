#!/usr/bin/env bash
# Installs the Debian 12 packages iri needs to build, test and benchmark, when they are missing.
# Boost 1.81 packages throughout: they conflict with Boost 1.74's.
set -euo pipefail
packages=(
  g++ cmake make re2c pkg-config
  libicu-dev
  libboost-test1.81-dev
  libboost-url1.81-dev liburiparser-dev   # peers for bench/
  valgrind                                # bench/run.sh --callgrind
  clang-14 libclang-rt-14-dev             # fuzz/run.sh: clang++ and its libFuzzer runtime
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
