# iri_unpack_datasets(): the target iri_datasets unpacks every datasets/DIR/FILE.tar.xz of the repository into
# ${PROJECT_BINARY_DIR}/datasets/DIR/FILE (datasets/README.md), where the tests and bench/run.sh read them.
# Each file is unpacked again only when its archive changes (--touch: the unpacked file is newer than it).
function(iri_unpack_datasets)
  set(into "${PROJECT_BINARY_DIR}/datasets")
  file(GLOB_RECURSE archives CONFIGURE_DEPENDS RELATIVE "${PROJECT_SOURCE_DIR}/datasets"
       "${PROJECT_SOURCE_DIR}/datasets/*.tar.xz")
  file(MAKE_DIRECTORY "${into}")
  set(unpacked)
  foreach(archive IN LISTS archives)
    string(REGEX REPLACE "\\.tar\\.xz$" "" file "${archive}")
    add_custom_command(
      OUTPUT "${into}/${file}"
      COMMAND ${CMAKE_COMMAND} -E tar xf "${PROJECT_SOURCE_DIR}/datasets/${archive}" --touch
      WORKING_DIRECTORY "${into}"
      DEPENDS "${PROJECT_SOURCE_DIR}/datasets/${archive}"
      COMMENT "unpacking datasets/${archive}"
      VERBATIM)
    list(APPEND unpacked "${into}/${file}")
  endforeach()
  add_custom_target(iri_datasets ALL DEPENDS ${unpacked})
  set(IRI_DATASETS_DIR "${into}" PARENT_SCOPE)
endfunction()
