// The extension module iri._iri; the package iri (python/iri/__init__.py) re-exports it.
#include "pyiri.hpp"

PYBIND11_MODULE(_iri, m) {
    m.doc() = "The iri library (RFC 3986, RFC 3987, draft-ietf-iri-3987bis) for Python.";
    m.attr("__version__") = IRI_PYTHON_VERSION;  // the CMake project's version (python/CMakeLists.txt)
    pyiri::define_single(m);
    pyiri::define_public_suffix(m);  // before define_batch: registrable_domains takes its PublicSuffixList
    pyiri::define_batch(m);
    pyiri::define_text_tools(m);
    pyiri::define_web(m);
    pyiri::define_html(m);
    pyiri::define_index_columns(m);
}
