#!/usr/bin/env bash
# Builds and runs tests/consumers/main.cpp (parse, resolve, normalize, to_uri) and main.c (the C API's reference and
# resolver handles) against iri in every supported way:
# (a), (b) and (e) each for the static and the shared library (CI runs this; README, Packaging):
#   (a) find_package(iri) against an installed prefix   (b) pkg-config against the same prefix
#   (c) add_subdirectory of this checkout               (d) FetchContent from this repository (its HEAD commit)
#   (e) find_package(iri) against the .deb packages unpacked into a scratch root (dpkg -x), and from there the
#       tool and the Python package (python3-iri, imported by /usr/bin/python3)
# (c) builds the static library and (d) the shared one: FetchContent_MakeAvailable is add_subdirectory of the
# fetched tree, so the two share the way BUILD_SHARED_LIBS reaches iri, and each of these builds compiles the whole
# library (about 1.5 min on 2 cores).
# Work folder: build-consumers/ (or $1). The installed prefixes and packages come from scripts/package.sh's trees.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
work=$(realpath -m "${1:-build-consumers}")
rm -rf "$work/prefix-"* "$work/root" "$work/run-"*
mkdir -p "$work"
scripts/package.sh > "$work/package.log" || { cat "$work/package.log"; exit 1; }
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
consumer() {  # consumer NAME CMAKE_ARGS...: configures and builds tests/consumers into $work/NAME
  local name=$1; shift
  rm -rf "${work:?}/$name"
  cmake -S tests/consumers -B "$work/$name" -DCMAKE_BUILD_TYPE=Release "$@" > "$work/$name.log" 2>&1 &&
    cmake --build "$work/$name" -j "$(nproc)" >> "$work/$name.log" 2>&1 || { cat "$work/$name.log"; exit 1; }
}

for kind in static shared; do
  shared=$([ "$kind" = shared ] && echo ON || echo OFF)
  prefix=$work/prefix-$kind
  cmake --install "build-package-$kind" --prefix "$prefix" > /dev/null
  # (a) find_package against the installed prefix
  consumer "find_package-$kind" -DIRI_CONSUMER_MODE=find_package -DCMAKE_PREFIX_PATH="$prefix" -Diri_SHARED_LIBS=$shared
  run "find_package-$kind" $kind "$work/find_package-$kind/consumer" "$prefix/$arch_lib"
  run "find_package-$kind-c" $kind "$work/find_package-$kind/consumer_c" "$prefix/$arch_lib"
  # (b) pkg-config against the same prefix (the static prefix has only libiri.a; --static adds ICU)
  pc_flags=()
  [ "$kind" = static ] && pc_flags=(--static)
  cflags=$(PKG_CONFIG_PATH="$prefix/$arch_lib/pkgconfig" pkg-config --cflags iri)
  libs=$(PKG_CONFIG_PATH="$prefix/$arch_lib/pkgconfig" pkg-config "${pc_flags[@]}" --libs iri)
  mkdir -p "$work/pkg-config-$kind"
  # shellcheck disable=SC2086 # the flags are words
  g++ -std=c++20 -O2 $cflags tests/consumers/main.cpp -o "$work/pkg-config-$kind/consumer" $libs
  run "pkg-config-$kind" $kind "$work/pkg-config-$kind/consumer" "$prefix/$arch_lib"
  # shellcheck disable=SC2086 # the flags are words
  gcc -std=c99 -O2 $cflags tests/consumers/main.c -o "$work/pkg-config-$kind/consumer_c" $libs
  run "pkg-config-$kind-c" $kind "$work/pkg-config-$kind/consumer_c" "$prefix/$arch_lib"
  if [ "$kind" = static ]; then
    # (c) add_subdirectory of the checkout
    consumer "add_subdirectory-$kind" -DIRI_CONSUMER_MODE=add_subdirectory -DIRI_SOURCE_DIR="$src" \
      -DBUILD_SHARED_LIBS=$shared
    run "add_subdirectory-$kind" $kind "$work/add_subdirectory-$kind/consumer"
    run "add_subdirectory-$kind-c" $kind "$work/add_subdirectory-$kind/consumer_c"
  else
    # (d) FetchContent from this repository
    consumer "fetchcontent-$kind" -DIRI_CONSUMER_MODE=fetchcontent -DIRI_SOURCE_DIR="$src" \
      -DIRI_GIT_TAG="$(git rev-parse HEAD)" -DBUILD_SHARED_LIBS=$shared
    run "fetchcontent-$kind" $kind "$work/fetchcontent-$kind/consumer"
    run "fetchcontent-$kind-c" $kind "$work/fetchcontent-$kind/consumer_c"
  fi
done

# (e) the .deb packages, unpacked into a scratch root: the library, the -dev package and the tool
for deb in build-package-shared/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
for kind in static shared; do
  shared=$([ "$kind" = shared ] && echo ON || echo OFF)
  consumer "deb-$kind" -DIRI_CONSUMER_MODE=find_package -DCMAKE_PREFIX_PATH="$work/root/usr" -Diri_SHARED_LIBS=$shared
  run "deb-$kind" $kind "$work/deb-$kind/consumer" "$work/root/usr/$arch_lib"
  run "deb-$kind-c" $kind "$work/deb-$kind/consumer_c" "$work/root/usr/$arch_lib"
done
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
assert iri.canonical_keys(['../g'], bases='http://a/b/c/d', jobs=2) == ['http://a/b/g']
" || { echo "python3-iri: import failed"; exit 1; }
passed+=("deb-python")
echo "consumer tests passed: ${passed[*]}"
