#!/usr/bin/env bash
# Builds the Debian packages of iri with CPack: libiri0 (libiri.so.0), libiri-dev (headers, libiri.a, the
# libiri.so link, CMake package, iri.pc) and iri-tools (bin/iri, iri(1)). One build tree per kind of library,
# build-package-static/ and build-package-shared/ (with the tool), both installed into the packages by CPack;
# the .deb files go to build-package-shared/.
set -euo pipefail
cd "$(dirname "$0")/.."
common=(-DCMAKE_BUILD_TYPE=Release -DIRI_WERROR=ON -DIRI_BUILD_TESTS=OFF -DIRI_BUILD_BENCH=OFF
        -DCMAKE_INSTALL_PREFIX=/usr)
cmake -S . -B build-package-static "${common[@]}" -DBUILD_SHARED_LIBS=OFF -DIRI_BUILD_CLI=OFF > /dev/null
cmake -S . -B build-package-shared "${common[@]}" -DBUILD_SHARED_LIBS=ON -DIRI_BUILD_CLI=ON > /dev/null
cmake --build build-package-static -j "$(nproc)"
cmake --build build-package-shared -j "$(nproc)"
out=$PWD/build-package-shared
rm -f "$out"/*.deb
cpack --config "$out/CPackConfig.cmake" -B "$out" \
  -D CPACK_INSTALL_CMAKE_PROJECTS="$out;iri;ALL;/;$PWD/build-package-static;iri;ALL;/"
ls "$out"/*.deb
