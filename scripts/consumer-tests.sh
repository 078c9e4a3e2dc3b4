#!/usr/bin/env bash
# Builds and runs tests/consumers/main.cpp (parse, resolve, normalize, to_uri) and main.c (the C API's reference and
# resolver handles) against iri in every supported way:
# (a), (b), (c) and (f) each for the static and the shared library (CI runs this; README, Packaging):
#   (a) find_package(iri) against an installed prefix, in a project of C and C++
#   (b) find_package(iri) in a project of C alone (tests/consumers/c_only: the C compiler links, and iri::iri
#       carries the C++ runtime of the static library)
#   (c) pkg-config against the same prefix: main.cpp with g++, main.c with gcc and `pkg-config --libs iri`, and for
#       the static library main.c with `pkg-config --static --libs iri` too
#   (d) add_subdirectory of this checkout               (e) FetchContent from this repository (its HEAD commit)
#   (f) find_package(iri), C and C++ and C alone, against the .deb packages unpacked into a scratch root (dpkg -x),
#       and from there the tool and the Python package (python3-iri, imported by /usr/bin/python3)
# One build of each library kind (scripts/package.sh's trees) is installed once into a prefix and packaged, and
# every consumer of (a), (b), (c) and (f) uses those. (d) builds the static library and (e) the shared one (FetchContent_MakeAvailable
# is add_subdirectory of the fetched tree, so the two share the way BUILD_SHARED_LIBS reaches iri): they are about
# embedding iri, not about its speed, so they compile it without optimization (CMAKE_BUILD_TYPE empty: no -O),
# about a fifth of an optimized build's time (whose generated DFAs take minutes on 2 cores).
#   scripts/consumer-tests.sh [--static-tree DIR] [WORK]
# Work folder: build-consumers/ (or WORK). Each step says how long it took. --static-tree: the optimized static build
# tree scripts/package.sh packages instead of building its own (CI passes build/, scripts/test.sh's).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
static_tree=()
if [ "${1:-}" = --static-tree ]; then
  static_tree=("$2")
  shift 2
fi
work=$(realpath -m "${1:-build-consumers}")
rm -rf "$work/prefix-"* "$work/root" "$work/run-"*
mkdir -p "$work"
started=$SECONDS
took() { echo "consumer-tests: $1: $((SECONDS - started)) s"; started=$SECONDS; }
scripts/package.sh "${static_tree[@]}" > "$work/package.log" || { cat "$work/package.log"; exit 1; }
took "scripts/package.sh (the static and the shared library, the tool, the Python package, the .debs)"
arch_lib=lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)   # where GNUInstallDirs puts libraries under /usr

passed=()
run() {  # run NAME KIND EXECUTABLE [LIBRARY_DIR]: runs the program; the shared kind must load libiri.so
  local name=$1 kind=$2 exe=$3 libdir=${4:-}
  local linked
  linked=$(LD_LIBRARY_PATH=$libdir ldd "$exe" | grep -c 'libiri\.so' || true)
  if [ "$kind" = shared ] && [ "$linked" = 0 ]; then echo "$name: not linked to libiri.so"; exit 1; fi
  if [ "$kind" = static ] && [ "$linked" != 0 ]; then echo "$name: linked to libiri.so"; exit 1; fi
  LD_LIBRARY_PATH=$libdir "$exe" > "$work/run-$name.log" || { cat "$work/run-$name.log"; exit 1; }
  passed+=("$name")
}
consumer() {  # consumer NAME SOURCE CMAKE_ARGS...: configures and builds SOURCE (a tests/consumers project)
  local name=$1 source=$2; shift 2
  rm -rf "${work:?}/$name"
  cmake -S "$source" -B "$work/$name" "$@" > "$work/$name.log" 2>&1 &&
    cmake --build "$work/$name" -j "$(nproc)" >> "$work/$name.log" 2>&1 || { cat "$work/$name.log"; exit 1; }
}
release=(-DCMAKE_BUILD_TYPE=Release)

for kind in static shared; do
  shared=$([ "$kind" = shared ] && echo ON || echo OFF)
  prefix=$work/prefix-$kind
  if [ "$kind" = static ]; then tree=${static_tree[0]:-build-package-static}; else tree=build-package-shared; fi
  # The static tree's development component (libiri.a, headers, CMake package, iri.pc), as libiri-dev has it; the
  # shared tree whole.
  component=()
  [ "$kind" = static ] && component=(--component development)
  cmake --install "$tree" --prefix "$prefix" "${component[@]}" > /dev/null
  # (a) find_package against the installed prefix
  consumer "find_package-$kind" tests/consumers "${release[@]}" -DIRI_CONSUMER_MODE=find_package \
    -DCMAKE_PREFIX_PATH="$prefix" -Diri_SHARED_LIBS=$shared
  run "find_package-$kind" $kind "$work/find_package-$kind/consumer" "$prefix/$arch_lib"
  run "find_package-$kind-c" $kind "$work/find_package-$kind/consumer_c" "$prefix/$arch_lib"
  # (b) a project of C alone
  consumer "c_only-$kind" tests/consumers/c_only "${release[@]}" -DCMAKE_PREFIX_PATH="$prefix" -Diri_SHARED_LIBS=$shared
  run "c_only-$kind" $kind "$work/c_only-$kind/consumer_c" "$prefix/$arch_lib"
  # (c) pkg-config against the same prefix (the static prefix has only libiri.a): the line README and c-api.md give
  pc() { PKG_CONFIG_PATH="$prefix/$arch_lib/pkgconfig" pkg-config "$@" iri; }
  mkdir -p "$work/pkg-config-$kind"
  # shellcheck disable=SC2046 # the flags are words
  g++ -std=c++20 -O2 $(pc --cflags) tests/consumers/main.cpp -o "$work/pkg-config-$kind/consumer" $(pc --libs)
  run "pkg-config-$kind" $kind "$work/pkg-config-$kind/consumer" "$prefix/$arch_lib"
  # shellcheck disable=SC2046 # the flags are words
  gcc -std=c99 -O2 $(pc --cflags) tests/consumers/main.c -o "$work/pkg-config-$kind/consumer_c" $(pc --libs)
  run "pkg-config-$kind-c" $kind "$work/pkg-config-$kind/consumer_c" "$prefix/$arch_lib"
  if [ "$kind" = static ]; then
    # shellcheck disable=SC2046 # the flags are words
    gcc -std=c99 -O2 $(pc --cflags) tests/consumers/main.c -o "$work/pkg-config-$kind/consumer_c_static" \
      $(pc --static --libs)
    run "pkg-config-static-c-with-static" $kind "$work/pkg-config-$kind/consumer_c_static" "$prefix/$arch_lib"
  fi
  took "the consumers of the installed $kind library"
  if [ "$kind" = static ]; then
    # (d) add_subdirectory of the checkout
    consumer "add_subdirectory-$kind" tests/consumers -DCMAKE_BUILD_TYPE= -DIRI_CONSUMER_MODE=add_subdirectory \
      -DIRI_SOURCE_DIR="$src" -DBUILD_SHARED_LIBS=$shared
    run "add_subdirectory-$kind" $kind "$work/add_subdirectory-$kind/consumer"
    run "add_subdirectory-$kind-c" $kind "$work/add_subdirectory-$kind/consumer_c"
    took "add_subdirectory (the static library built in the consumer, unoptimized)"
  else
    # (e) FetchContent from this repository
    consumer "fetchcontent-$kind" tests/consumers -DCMAKE_BUILD_TYPE= -DIRI_CONSUMER_MODE=fetchcontent \
      -DIRI_SOURCE_DIR="$src" -DIRI_GIT_TAG="$(git rev-parse HEAD)" -DBUILD_SHARED_LIBS=$shared
    run "fetchcontent-$kind" $kind "$work/fetchcontent-$kind/consumer"
    run "fetchcontent-$kind-c" $kind "$work/fetchcontent-$kind/consumer_c"
    took "FetchContent (the shared library built in the consumer, unoptimized)"
  fi
done

# (f) the .deb packages, unpacked into a scratch root: the library, the -dev package and the tool
for deb in build-package-shared/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
for kind in static shared; do
  shared=$([ "$kind" = shared ] && echo ON || echo OFF)
  consumer "deb-$kind" tests/consumers "${release[@]}" -DIRI_CONSUMER_MODE=find_package \
    -DCMAKE_PREFIX_PATH="$work/root/usr" -Diri_SHARED_LIBS=$shared
  run "deb-$kind" $kind "$work/deb-$kind/consumer" "$work/root/usr/$arch_lib"
  run "deb-$kind-c" $kind "$work/deb-$kind/consumer_c" "$work/root/usr/$arch_lib"
  consumer "deb-c_only-$kind" tests/consumers/c_only "${release[@]}" -DCMAKE_PREFIX_PATH="$work/root/usr" \
    -Diri_SHARED_LIBS=$shared
  run "deb-c_only-$kind" $kind "$work/deb-c_only-$kind/consumer_c" "$work/root/usr/$arch_lib"
done
# The packages' iri.pc is the shared library's: `--libs` links libiri.so.
deb_pc() { PKG_CONFIG_PATH="$work/root/usr/$arch_lib/pkgconfig" pkg-config "$@" iri; }
mkdir -p "$work/deb-pkg-config"
# shellcheck disable=SC2046 # the flags are words
gcc -std=c99 -O2 $(deb_pc --cflags) tests/consumers/main.c -o "$work/deb-pkg-config/consumer_c" $(deb_pc --libs)
run "deb-pkg-config-c" shared "$work/deb-pkg-config/consumer_c" "$work/root/usr/$arch_lib"
# The tool is the shared tree's (the static tree, installed into the packages first, may have one too).
LD_LIBRARY_PATH="$work/root/usr/$arch_lib" ldd "$work/root/usr/bin/iri" | grep -q 'libiri\.so\.0' ||
  { echo "iri-tools: bin/iri not linked to libiri.so.0"; exit 1; }
LD_LIBRARY_PATH="$work/root/usr/$arch_lib" "$work/root/usr/bin/iri" validate 'http://例え.jp/引き割り' > /dev/null
if command -v man > /dev/null; then man -l "$work/root/usr/share/man/man1/iri.1" > /dev/null; fi
passed+=("deb-tool")
# python3-iri: depends on the runtime package, its module is linked to libiri.so.0, and it imports from the root
python_deb=$(ls build-package-shared/python3-iri_*.deb)
dpkg-deb -f "$python_deb" Depends | grep -q 'libiri0 (= ' || { echo "python3-iri: no dependency on libiri0"; exit 1; }
python_dir=$work/root/usr/lib/python3/dist-packages
ldd "$python_dir"/iri/_iri*.so | grep -q 'libiri\.so\.0' || { echo "python3-iri: not linked to libiri.so.0"; exit 1; }
LD_LIBRARY_PATH="$work/root/usr/$arch_lib" PYTHONPATH="$python_dir" /usr/bin/python3 -c "
import iri
assert iri.__file__.startswith('$python_dir/'), iri.__file__
assert iri.to_uri('http://résumé.example.org/', host='idna') == 'http://xn--rsum-bpad.example.org/'
assert iri.canonical_key_many(['../g'], bases='http://a/b/c/d', jobs=2) == ['http://a/b/g']
" || { echo "python3-iri: import failed"; exit 1; }
passed+=("deb-python")
took "the .deb packages' consumers, tool and Python package"
echo "consumer tests passed: ${passed[*]}"
