#!/usr/bin/env bash
# Builds the Debian packages of iri with CPack: libiri0 (libiri.so.0), libiri-dev (headers, libiri.a, the
# libiri.so link, CMake package, iri.pc), iri-tools (bin/iri, iri(1)) and python3-iri (the Python package, for
# /usr/bin/python3, linked to libiri.so.0). One build tree per kind of library: build-package-static/ (libiri.a
# and its CMake targets, in libiri-dev) and build-package-shared/ (with the tool and the Python package), both
# installed into the packages by CPack; the .deb files go to build-package-shared/.
#   scripts/package.sh [STATIC_TREE]
# STATIC_TREE: an optimized static build tree to take libiri.a from instead of building build-package-static/
# (CI passes build/, which scripts/test.sh made with the same flags: CMAKE_BUILD_TYPE=Release, IRI_WERROR=ON,
# BUILD_SHARED_LIBS=OFF), reconfigured with the packages' install prefix (/usr).
set -euo pipefail
cd "$(dirname "$0")/.."
common=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON -DIRI_BUILD_TESTS=OFF -DIRI_BUILD_BENCH=OFF
        -DCMAKE_INSTALL_PREFIX=/usr)
static=${1:-build-package-static}
if [ $# -eq 0 ]; then
  cmake -S . -B "$static" "${common[@]}" -DBUILD_SHARED_LIBS=OFF -DIRI_BUILD_CLI=OFF -DIRI_BUILD_PYTHON=OFF \
    > /dev/null
else
  cache=$static/CMakeCache.txt
  grep -qx 'CMAKE_BUILD_TYPE:STRING=Release' "$cache" 2>/dev/null && grep -qx 'IRI_WERROR:BOOL=ON' "$cache" &&
    ! grep -qx 'BUILD_SHARED_LIBS:BOOL=ON' "$cache" && ! grep -qx 'IRI_SANITIZE:BOOL=ON' "$cache" ||
    { echo "package.sh: $static is not an optimized static build tree (Release, IRI_WERROR=ON; $cache)" >&2; exit 1; }
  # The packages' prefix, from which GNUInstallDirs takes the library folder (lib/<multiarch>); no object depends on
  # it, so nothing is rebuilt.
  cmake -S . -B "$static" -DCMAKE_INSTALL_PREFIX=/usr > /dev/null
fi
static=$(realpath "$static")
cmake -S . -B build-package-shared "${common[@]}" -DBUILD_SHARED_LIBS=ON -DIRI_BUILD_CLI=ON -DIRI_BUILD_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 > /dev/null
grep -q '^IRI_PYTHON_INSTALL_DIR:' build-package-shared/CMakeCache.txt ||
  { echo "package.sh: the Python package is not built (python3-dev and python3-pybind11 needed)" >&2; exit 1; }
cmake --build "$static" -j "$(nproc)"
cmake --build build-package-shared -j "$(nproc)"
out=$PWD/build-package-shared
rm -f "$out"/*.deb
# The static tree first: the shared one's iri.pc (`pkg-config --libs iri` links libiri.so; cmake/IriInstall.cmake)
# and, when the static tree has one, its tool (linked to libiri.so.0), installed after it, are the packages'.
cpack --config "$out/CPackConfig.cmake" -B "$out" \
  -D CPACK_INSTALL_CMAKE_PROJECTS="$static;iri;ALL;/;$out;iri;ALL;/"
ls "$out"/*.deb
