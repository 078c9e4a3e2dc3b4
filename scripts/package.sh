#!/usr/bin/env bash
# Builds the Debian packages of iri with CPack: libiri0 (libiri.so.0), libiri-dev (headers, libiri.a, the
# libiri.so link, CMake package, iri.pc), iri-tools (bin/iri, iri(1)) and python3-iri (the Python package, for
# /usr/bin/python3, linked to libiri.so.0). One build tree per kind of library, build-package-static/ and
# build-package-shared/ (with the tool and the Python package), both installed into the packages by CPack; the
# .deb files go to build-package-shared/.
set -euo pipefail
cd "$(dirname "$0")/.."
common=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON -DIRI_BUILD_TESTS=OFF -DIRI_BUILD_BENCH=OFF
        -DCMAKE_INSTALL_PREFIX=/usr)
cmake -S . -B build-package-static "${common[@]}" -DBUILD_SHARED_LIBS=OFF -DIRI_BUILD_CLI=OFF -DIRI_BUILD_PYTHON=OFF \
  > /dev/null
cmake -S . -B build-package-shared "${common[@]}" -DBUILD_SHARED_LIBS=ON -DIRI_BUILD_CLI=ON -DIRI_BUILD_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 > /dev/null
grep -q '^IRI_PYTHON_INSTALL_DIR:' build-package-shared/CMakeCache.txt ||
  { echo "package.sh: the Python package is not built (python3-dev and python3-pybind11 needed)" >&2; exit 1; }
cmake --build build-package-static -j "$(nproc)"
cmake --build build-package-shared -j "$(nproc)"
out=$PWD/build-package-shared
rm -f "$out"/*.deb
# The static tree first: the shared one's iri.pc, installed after it, is the packages' (`pkg-config --libs iri`
# links libiri.so; cmake/IriInstall.cmake).
cpack --config "$out/CPackConfig.cmake" -B "$out" \
  -D CPACK_INSTALL_CMAKE_PROJECTS="$PWD/build-package-static;iri;ALL;/;$out;iri;ALL;/"
ls "$out"/*.deb
