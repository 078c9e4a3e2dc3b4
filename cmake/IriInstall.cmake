# Install rules, the CMake package, pkg-config file and the Debian packages (CPack DEB), for the library target
# `iri` (static, or shared with BUILD_SHARED_LIBS=ON). Components: runtime (libiri.so.N), development (headers,
# libiri.a, the libiri.so link, CMake package, iri.pc), tools (bin/iri and its man page, tools/cli), python (the
# Python package, python/, when built with the shared library).
# One build tree holds one kind of library; installing a static and a shared build into one prefix gives both,
# and scripts/package.sh packages both into the .debs.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

get_target_property(iri_type iri TYPE)
if(iri_type STREQUAL "SHARED_LIBRARY")
  set(iri_kind shared)
else()
  set(iri_kind static)
endif()
set(iri_cmake_dir "${CMAKE_INSTALL_LIBDIR}/cmake/iri")

install(TARGETS iri EXPORT iri_targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT development
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The public headers only: include/ holds nothing else (the library's private headers are in src/), and of the
# generated ones the grammar list and the export macros.
install(DIRECTORY include/ "${IRI_GENERATED_INCLUDE}/" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT development)
install(EXPORT iri_targets NAMESPACE iri:: FILE iri-${iri_kind}-targets.cmake DESTINATION ${iri_cmake_dir}
  COMPONENT development)
configure_package_config_file(cmake/iriConfig.cmake.in "${PROJECT_BINARY_DIR}/iriConfig.cmake"
  INSTALL_DESTINATION ${iri_cmake_dir})
# The major version is the SOVERSION: a consumer asking for 1.x accepts any 1.y (README, ABI policy).
write_basic_package_version_file("${PROJECT_BINARY_DIR}/iriConfigVersion.cmake" COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/iriConfig.cmake" "${PROJECT_BINARY_DIR}/iriConfigVersion.cmake"
  DESTINATION ${iri_cmake_dir} COMPONENT development)

file(RELATIVE_PATH IRI_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
# iri.pc: what linking needs beyond -liri. The shared library has ICU and the C++ runtime as dependencies
# of its own: they are private (pkg-config --static). A static build installs no libiri.so, so `--libs` links
# libiri.a and must name them itself: they are in Requires and Libs, and `--libs` and `--static --libs` both work.
list(TRANSFORM IRI_CXX_RUNTIME_LIBS PREPEND "-l" OUTPUT_VARIABLE iri_pc_runtime)
string(JOIN " " iri_pc_runtime ${iri_pc_runtime})
if(iri_kind STREQUAL "shared")
  set(IRI_PC_REQUIRES "Requires.private")
  set(IRI_PC_LIBS "")
  set(IRI_PC_LIBS_PRIVATE "${iri_pc_runtime}")
else()
  set(IRI_PC_REQUIRES "Requires")
  set(IRI_PC_LIBS " ${iri_pc_runtime}")
  set(IRI_PC_LIBS_PRIVATE "")
endif()
configure_file(cmake/iri.pc.in "${PROJECT_BINARY_DIR}/iri.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/iri.pc" DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)

# ---- Debian packages: libiriN (runtime), libiri-dev, iri-tools, python3-iri ----
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME iri)
set(CPACK_PACKAGE_VENDOR "iri")
set(CPACK_PACKAGE_CONTACT "iri maintainers <iri@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Internationalized Resource Identifiers (RFC 3987, 3987bis, RFC 3986)")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime development tools)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)     # libiri-dev and iri-tools depend on libiri0 (= version)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)            # dpkg-shlibdeps: libc6, libstdc++6, libicu72
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)      # the runtime package's shlibs file
# bin/iri's libiri.so.0 is this build's (the dependency on libiri0 comes from the component's DEPENDS)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${PROJECT_BINARY_DIR}")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libiri${PROJECT_VERSION_MAJOR})
# The Public Suffix List public_suffix_list::load_default reads (IRI_PUBLIC_SUFFIX_LIST, src/crawl/public_suffix.cpp)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "publicsuffix")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "the shared library libiri.so.${PROJECT_VERSION_MAJOR}")
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libiri-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION "headers, static library, CMake package and pkg-config file")
set(CPACK_COMPONENT_DEVELOPMENT_DEPENDS runtime)
# iri.pc's Requires.private, find_dependency
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS "libicu-dev (>= 72)")
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME iri-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "the iri command-line tool")
set(CPACK_COMPONENT_TOOLS_DEPENDS runtime)
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-iri)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_COMPONENT_PYTHON_DESCRIPTION "the Python 3 package iri")
set(CPACK_COMPONENT_PYTHON_DEPENDS runtime)
# CPack writes its configuration when included: at the end of this directory, once python/ has said whether it
# installs the python component (the global property IRI_PYTHON_DEB_DEPENDS, the Python it needs).
function(iri_include_cpack)
  get_property(python_depends GLOBAL PROPERTY IRI_PYTHON_DEB_DEPENDS)
  if(python_depends)
    list(APPEND CPACK_COMPONENTS_ALL python)
    set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "${python_depends}")
  endif()
  include(CPack)
endfunction()
cmake_language(DEFER CALL iri_include_cpack)
