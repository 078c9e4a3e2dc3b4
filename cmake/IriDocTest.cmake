# ctest doc_test (tests/doc_test.py): the examples of README.md, docs/*.md and the man page run against this build's
# tool, library (C and C++ blocks compiled and linked to it) and Python package. Included by the top-level
# CMakeLists.txt after python/, in a build with the tests, the tool and the Python package (scripts/test.sh's); the
# sanitized builds, whose Python package is not built, leave it to that one.
get_target_property(iri_doc_type iri TYPE)
set(iri_doc_compile "\"-I${PROJECT_SOURCE_DIR}/include\", \"-I${IRI_GENERATED_INCLUDE}\"")
if(iri_doc_type STREQUAL "SHARED_LIBRARY")
  set(iri_doc_link "\"$<TARGET_FILE:iri>\", \"-Wl,-rpath,$<TARGET_FILE_DIR:iri>\"")
else()
  string(APPEND iri_doc_compile ", \"-DIRI_STATIC_DEFINE\"")
  set(iri_doc_link "\"$<TARGET_FILE:iri>\", \"$<TARGET_FILE:ICU::i18n>\", \"$<TARGET_FILE:ICU::uc>\"")
  string(APPEND iri_doc_link ", \"$<TARGET_FILE:ICU::data>\"")
  foreach(lib IN LISTS PSL_LINK_LIBRARIES)
    string(APPEND iri_doc_link ", \"${lib}\"")
  endforeach()
  foreach(lib IN LISTS IRI_CXX_RUNTIME_LIBS)  # a C block's link, by the C compiler
    string(APPEND iri_doc_link ", \"-l${lib}\"")
  endforeach()
endif()
file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/doc_test.json" CONTENT "{
  \"source\": \"${PROJECT_SOURCE_DIR}\",
  \"datasets\": \"${IRI_DATASETS_DIR}\",
  \"iri\": \"$<TARGET_FILE:iri_cli>\",
  \"python\": \"${Python3_EXECUTABLE}\",
  \"pythonpath\": \"${PROJECT_BINARY_DIR}/python\",
  \"cc\": \"${CMAKE_C_COMPILER}\",
  \"cxx\": \"${CMAKE_CXX_COMPILER}\",
  \"compile_flags\": [${iri_doc_compile}],
  \"link_flags\": [${iri_doc_link}]
}
")
add_test(NAME doc_test COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/doc_test.py"
         "${PROJECT_BINARY_DIR}/doc_test.json")
set_tests_properties(doc_test PROPERTIES TIMEOUT 600)
