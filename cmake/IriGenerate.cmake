# iri_generate(VARIANT OUT_VAR): grammar/VARIANT.abnf -> iri-generate -> VARIANT.re -> re2c -> VARIANT.cpp,
# all in ${PROJECT_BINARY_DIR}/gen/VARIANT/. The generator runs from the source directory so that the first line of
# each generated file names grammar/VARIANT.abnf by its relative path; re2c runs without #line directives (-i)
# and without dates or versions, so the output is reproducible; -b (bitmaps for character classes) measured faster. Every grammar file is a dependency: a variant may
# import or extend any of them.
function(iri_generate variant out_var)
  iri_generate_file("grammar/${variant}.abnf" "${variant}" src)
  set(${out_var} "${src}" PARENT_SCOPE)
endfunction()

# iri_generate_scheme(SCHEME OUT_VAR): grammar/schemes/SCHEME.abnf -> gen/scheme_SCHEME/scheme_SCHEME.cpp.
function(iri_generate_scheme scheme out_var)
  iri_generate_file("grammar/schemes/${scheme}.abnf" "scheme_${scheme}" src)
  set(${out_var} "${src}" PARENT_SCOPE)
endfunction()

# iri_generate_file(ABNF NAME OUT_VAR): the two build steps for one grammar file, into gen/NAME/NAME.cpp.
function(iri_generate_file abnf name out_var)
  set(dir "${PROJECT_BINARY_DIR}/gen/${name}")
  file(GLOB all_grammars CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/grammar/*.abnf"
       "${PROJECT_SOURCE_DIR}/grammar/schemes/*.abnf")
  add_custom_command(
    OUTPUT "${dir}/${name}.re"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
    COMMAND iri_generator "${abnf}" -o "${dir}/${name}.re"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    DEPENDS iri_generator ${all_grammars}
    COMMENT "iri-generate ${abnf}"
    VERBATIM)
  add_custom_command(
    OUTPUT "${dir}/${name}.cpp"
    COMMAND "${RE2C_EXECUTABLE}" -8 -b --input custom --empty-class match-none -i
            -W -Wno-match-empty-string -Wno-unreachable-rules -Wno-nondeterministic-tags
            --no-generation-date --no-version "${name}.re" -o "${name}.cpp"
    WORKING_DIRECTORY "${dir}"
    DEPENDS "${dir}/${name}.re"
    COMMENT "re2c gen/${name}/${name}.re"
    VERBATIM)
  set(${out_var} "${dir}/${name}.cpp" PARENT_SCOPE)
endfunction()

# iri_generate_url_sets(OUT_VAR): grammar/url.abnf -> iri-generate --url-sets -> the header
# gen/private/iri/generated/url_sets.hpp (private to the library: never installed), for src/web/url_sets.cpp.
function(iri_generate_url_sets out_var)
  set(header "${PROJECT_BINARY_DIR}/gen/private/iri/generated/url_sets.hpp")
  add_custom_command(
    OUTPUT "${header}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${PROJECT_BINARY_DIR}/gen/private/iri/generated"
    COMMAND iri_generator grammar/url.abnf --url-sets -o "${header}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    DEPENDS iri_generator "${PROJECT_SOURCE_DIR}/grammar/url.abnf" "${PROJECT_SOURCE_DIR}/grammar/url_sets.def"
    COMMENT "iri-generate grammar/url.abnf --url-sets"
    VERBATIM)
  set(${out_var} "${header}" PARENT_SCOPE)
endfunction()

# iri_abnf_files_with(OUT_VAR FOLDER REGEX WHAT): the names of the FOLDER/*.abnf files that have a line matching
# REGEX, sorted; each name must be a C++ identifier in lower case (WHAT says what such a file is, for the error).
function(iri_abnf_files_with out_var folder regex what)
  file(GLOB files CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/${folder}/*.abnf")
  set(names)
  foreach(f IN LISTS files)
    file(STRINGS "${f}" directives REGEX "${regex}")
    if(directives)
      get_filename_component(name "${f}" NAME_WE)
      if(NOT name MATCHES "^[a-z][a-z0-9_]*$")
        message(FATAL_ERROR "${folder}/${name}.abnf: ${what}'s file name must be a C++ identifier in lower case")
      endif()
      list(APPEND names "${name}")
    endif()
  endforeach()
  list(SORT names)
  set(${out_var} "${names}" PARENT_SCOPE)
endfunction()

# iri_discover_variants(OUT_VAR): every grammar/*.abnf that is a variant, i.e. has ;@entry or ;@extends lines
# (core.abnf, which only defines shared rules, is not; nor are the files of grammar/'s subfolders). Adding a
# variant means adding a file. The order is the order of iri::grammar's enumerators: the shipped variants first
# with the values they have always had (iri 0, leiri 1, rfc3987 2, uri 3: README, ABI policy), then the others
# sorted by name, so that adding a variant renumbers nothing that was installed.
set(IRI_SHIPPED_VARIANTS iri leiri rfc3987 uri)
function(iri_discover_variants out_var)
  iri_abnf_files_with(variants grammar "^;@(entry|extends) " "a variant")
  foreach(v IN LISTS IRI_SHIPPED_VARIANTS)
    if(NOT v IN_LIST variants)
      message(FATAL_ERROR "grammar/${v}.abnf: a shipped variant is missing (its enumerator value is fixed)")
    endif()
  endforeach()
  list(REMOVE_ITEM variants ${IRI_SHIPPED_VARIANTS})
  set(${out_var} ${IRI_SHIPPED_VARIANTS} ${variants} PARENT_SCOPE)
endfunction()

# iri_discover_schemes(OUT_VAR): every grammar/schemes/*.abnf with a ;@scheme line (grammar/README.md, "Scheme
# grammars"). They are not variants: the library looks them up by scheme name, never through iri::grammar.
function(iri_discover_schemes out_var)
  iri_abnf_files_with(schemes grammar/schemes "^;@scheme " "a scheme grammar")
  set(${out_var} "${schemes}" PARENT_SCOPE)
endfunction()

# iri_generate_idna_tables(HEADER_VAR SOURCE_VAR): the Unicode data files of data/unicode/ (each FILE.txt kept as
# FILE.txt.tar.xz, data/unicode/README.md) unpacked into gen/unicode/, then iri-generate --idna-tables -> the header
# gen/private/iri/generated/idna_tables.hpp and its definitions idna_tables.cpp (private to the library: never
# installed), for src/convert/idna_table.hpp. The generator runs from the build folder with relative paths, so
# the first line of each generated file names no folder of this machine.
function(iri_generate_idna_tables header_var source_var)
  file(GLOB archives CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/data/unicode/*.txt.tar.xz")
  file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/gen/unicode" "${PROJECT_BINARY_DIR}/gen/private/iri/generated")
  set(unpacked)
  foreach(archive IN LISTS archives)
    get_filename_component(name "${archive}" NAME)
    string(REGEX REPLACE "\\.tar\\.xz$" "" file "${name}")
    add_custom_command(
      OUTPUT "${PROJECT_BINARY_DIR}/gen/unicode/${file}"
      COMMAND ${CMAKE_COMMAND} -E tar xf "${archive}" --touch
      WORKING_DIRECTORY "${PROJECT_BINARY_DIR}/gen"
      DEPENDS "${archive}"
      COMMENT "unpacking data/unicode/${name}"
      VERBATIM)
    list(APPEND unpacked "${PROJECT_BINARY_DIR}/gen/unicode/${file}")
  endforeach()
  set(header "${PROJECT_BINARY_DIR}/gen/private/iri/generated/idna_tables.hpp")
  set(source "${PROJECT_BINARY_DIR}/gen/private/iri/generated/idna_tables.cpp")
  add_custom_command(
    OUTPUT "${header}" "${source}"
    COMMAND iri_generator --idna-tables gen/unicode -o gen/private/iri/generated/idna_tables.hpp
    WORKING_DIRECTORY "${PROJECT_BINARY_DIR}"
    DEPENDS iri_generator ${unpacked}
    COMMENT "iri-generate --idna-tables (data/unicode/)"
    VERBATIM)
  set(${header_var} "${header}" PARENT_SCOPE)
  set(${source_var} "${source}" PARENT_SCOPE)
endfunction()

# iri_generate_html_tables(OUT_VAR): the headers of the link finder (src/html/) and the Encoding Standard's table
# (src/convert/encodings.cpp, which web/ and html/ share), private to the library, in gen/private/iri/generated/:
# html_sets.hpp (grammar/html.abnf, iri-generate --html-sets), and from data/ by iri-html-data: html_tables.hpp
# (data/html/elements.tsv, attributes.tsv), named_references.hpp (data/html/entities.json, numeric_references.tsv),
# encodings.hpp (data/encoding/encodings.json, icu_converters.tsv). OUT_VAR: the list of the four headers.
function(iri_generate_html_tables out_var)
  set(dir "${PROJECT_BINARY_DIR}/gen/private/iri/generated")
  add_custom_command(
    OUTPUT "${dir}/html_sets.hpp"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
    COMMAND iri_generator grammar/html.abnf --html-sets -o "${dir}/html_sets.hpp"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    DEPENDS iri_generator "${PROJECT_SOURCE_DIR}/grammar/html.abnf" "${PROJECT_SOURCE_DIR}/grammar/html_sets.def"
            "${PROJECT_SOURCE_DIR}/grammar/core.abnf"
    COMMENT "iri-generate grammar/html.abnf --html-sets"
    VERBATIM)
  set(headers "${dir}/html_sets.hpp")
  foreach(spec IN ITEMS "elements|html_tables|data/html/elements.tsv|data/html/attributes.tsv"
                        "entities|named_references|data/html/entities.json|data/html/numeric_references.tsv"
                        "encodings|encodings|data/encoding/encodings.json|data/encoding/icu_converters.tsv")
    string(REPLACE "|" ";" spec "${spec}")
    list(GET spec 0 what)
    list(GET spec 1 name)
    list(GET spec 2 first)
    list(GET spec 3 second)
    add_custom_command(
      OUTPUT "${dir}/${name}.hpp"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${dir}"
      COMMAND iri_html_data ${what} ${first} ${second} -o "${dir}/${name}.hpp"
      WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
      DEPENDS iri_html_data "${PROJECT_SOURCE_DIR}/${first}" "${PROJECT_SOURCE_DIR}/${second}"
      COMMENT "iri-html-data ${what} ${first} ${second}"
      VERBATIM)
    list(APPEND headers "${dir}/${name}.hpp")
  endforeach()
  set(${out_var} "${headers}" PARENT_SCOPE)
endfunction()
