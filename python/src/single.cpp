// iri.parse and the Reference it returns, is_valid, and the single-item functions: resolve, relativize,
// normalize, canonical_key, equivalent, to_uri, to_iri, leiri_to_iri.
#include "pyiri.hpp"

#include "docstrings.hpp"

#include <pybind11/stl.h>

#include "iri/parse.hpp"
#include "iri/reference.hpp"

namespace pyiri {

namespace {

/// What iri.parse returns: the text and the offsets of its components, immutable.
struct reference {
    std::string text;
    iri::components c;
    iri::grammar g;

    /// The component as a str, None when it does not occur ("" when it occurs empty).
    [[nodiscard]] py::object get(iri::component which) const {
        const iri::span s = c[which];
        if (!s.present()) return py::none();
        return to_str(std::string_view(text).substr(s.begin, s.end - s.begin));
    }
};

py::object port_number(const reference& r) {
    const auto v = iri::reference_view(r.text, r.c, r.g);
    if (v.port_status() != iri::port_status::in_range) return py::none();
    return py::int_(v.port_number());
}

void define_reference(py::module_& m) {
    auto cls = py::class_<reference>(m, "Reference", "A parsed IRI reference (immutable); see iri.parse.");
    const std::pair<const char*, iri::component> parts[] = {
        {"scheme", iri::component::scheme},     {"authority", iri::component::authority},
        {"userinfo", iri::component::userinfo}, {"host", iri::component::host},
        {"port", iri::component::port},         {"path", iri::component::path},
        {"query", iri::component::query},       {"fragment", iri::component::fragment}};
    for (const auto& [attr, which] : parts)
        cls.def_property_readonly(attr, [which = which](const reference& r) { return r.get(which); });
    cls.def_property_readonly("host_kind",
                              [](const reference& r) -> py::object {
                                  const iri::host_kind k = r.c.host();
                                  return k == iri::host_kind::none ? py::object(py::none())
                                                                   : py::object(py::str(iri::name(k)));
                              })
        .def_property_readonly("port_number", &port_number)
        .def_property_readonly("grammar", [](const reference& r) { return std::string(iri::name(r.g)); })
        .def("__str__", [](const reference& r) { return to_str(r.text); })
        .def("__repr__",
             [](const reference& r) { return "iri.Reference(" + std::string(py::repr(to_str(r.text))) + ")"; })
        .def(
            "__eq__", [](const reference& a, const reference& b) { return a.text == b.text && a.g == b.g; },
            py::is_operator())  // another type: NotImplemented, so == is False
        .def(
            "__ne__", [](const reference& a, const reference& b) { return a.text != b.text || a.g != b.g; },
            py::is_operator())
        .def("__hash__", [](const reference& r) { return py::hash(py::bytes(r.text)); });
}

reference parse(py::handle s, std::string_view grammar, std::string_view production) {
    const text t = as_text(s, "s");
    const iri::grammar g = grammar_named(grammar);
    const iri::production p = production_named(g, production);
    auto r = iri::parse(t.bytes, g, p);
    if (!r) raise(r.error(), t);
    return reference{std::string(t.bytes), *r, g};
}

// iri.is_valid(s, grammar="iri", production="IRI-reference"): a CPython vectorcall function rather than a
// pybind11 one, as its call costs more than validating a URL: no argument conversion objects, and the default
// grammar and production without any lookup.
PyObject* is_valid(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) noexcept {
    static const char* const names[] = {"s", "grammar", "production"};
    PyObject* given[3] = {nullptr, nullptr, nullptr};
    if (nargs > 3) return PyErr_Format(PyExc_TypeError, "is_valid() takes at most 3 arguments"), nullptr;
    for (Py_ssize_t i = 0; i < nargs; ++i) given[i] = args[i];
    const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; ++k) {
        PyObject* key = PyTuple_GET_ITEM(kwnames, k);
        std::size_t i = 0;
        while (i < 3 && PyUnicode_CompareWithASCIIString(key, names[i]) != 0) ++i;
        if (i == 3 || given[i] != nullptr)
            return PyErr_Format(PyExc_TypeError, "is_valid() got an unexpected or repeated argument %R", key), nullptr;
        given[i] = args[nargs + k];
    }
    if (given[0] == nullptr) return PyErr_SetString(PyExc_TypeError, "is_valid() missing argument 's'"), nullptr;
    try {
        const text t = as_text(given[0], "s");
        const iri::grammar g =
            given[1] == nullptr ? iri::grammar::iri : grammar_named(py::str(given[1]).cast<std::string>());
        const iri::production p = given[2] == nullptr ? iri::production::uri_reference
                                                      : production_named(g, py::str(given[2]).cast<std::string>());
        return Py_NewRef(iri::is_valid(t.bytes, g, p) ? Py_True : Py_False);
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const py::builtin_exception& e) {
        e.set_error();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

void define_is_valid(py::module_& m) {
    static PyMethodDef def = {"is_valid", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&is_valid)),
                              METH_FASTCALL | METH_KEYWORDS, doc::is_valid};
    PyObject* f = PyCFunction_NewEx(&def, nullptr, m.attr("__name__").ptr());
    if (f == nullptr) throw py::error_already_set();
    m.add_object("is_valid", py::reinterpret_steal<py::object>(f));
}

/// Parses one of several inputs as a reference of `g`, raising IRIError naming it.
iri::reference_view parse_input(const text& t, iri::grammar g, const char* input) {
    auto v = iri::reference_view::parse(t.bytes, g);
    if (!v) raise(v.error(), t, input);
    return *v;
}

py::str resolve(py::handle base, py::handle ref, std::string_view grammar, bool strict) {
    const text b = as_text(base, "base"), r = as_text(ref, "ref");
    const iri::grammar g = grammar_named(grammar);
    auto out = iri::resolve(parse_input(b, g, "base"), parse_input(r, g, "ref"), {.strict = strict});
    if (!out) raise(out.error(), b, "base");
    return to_str(out->str());
}

py::str relativize(py::handle base, py::handle target, std::string_view grammar) {
    const text b = as_text(base, "base"), t = as_text(target, "target");
    const iri::grammar g = grammar_named(grammar);
    auto out = iri::relativize(parse_input(b, g, "base"), parse_input(t, g, "target"));
    if (!out && out.error().code == iri::errc::base_not_absolute) raise(out.error(), b, "base");
    if (!out) raise(out.error(), t, "target");  // not_relativizable: where in the target
    return to_str(out->str());
}

py::str normalize(py::handle s, const std::optional<std::string>& rung, bool nfc, bool keep_fragment,
                  std::string_view grammar, const std::optional<std::string>& level, bool as_uri) {
    const text t = as_text(s, "s");
    const iri::grammar g = grammar_named(grammar);
    auto out = iri::normalize(parse_input(t, g, nullptr), normalize_options(rung, level, nfc, keep_fragment, as_uri));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str canonical_key(py::handle s, const std::optional<std::string>& rung, bool nfc, bool keep_fragment,
                      std::string_view grammar, const std::optional<std::string>& level, bool as_uri) {
    const text t = as_text(s, "s");
    const iri::grammar g = grammar_named(grammar);
    auto out =
        iri::canonical_key(parse_input(t, g, nullptr), normalize_options(rung, level, nfc, keep_fragment, as_uri));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

bool equivalent(py::handle a, py::handle b, const std::optional<std::string>& rung, bool nfc, bool keep_fragment,
                std::string_view grammar, const std::optional<std::string>& level) {
    const text ta = as_text(a, "a"), tb = as_text(b, "b");
    const iri::grammar g = grammar_named(grammar);
    return iri::equivalent(parse_input(ta, g, "a"), parse_input(tb, g, "b"),
                           normalize_options(rung, level, nfc, keep_fragment));
}

py::str to_uri(py::handle s, std::string_view host, const std::optional<std::string>& charset, bool encode_unsafe_ascii,
               std::string_view grammar) {
    const text t = as_text(s, "s");
    auto out = iri::to_uri(t.bytes, grammar_named(grammar), to_uri_options(host, charset, encode_unsafe_ascii));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str to_iri(py::handle s, std::string_view to, bool keep_discouraged_encoded, bool keep_http_query_encoded,
               bool unicode_hosts) {
    const text t = as_text(s, "s");
    auto out = iri::to_iri(t.bytes, {.to = grammar_named(to),
                                     .keep_discouraged_encoded = keep_discouraged_encoded,
                                     .keep_http_query_encoded = keep_http_query_encoded,
                                     .unicode_hosts = unicode_hosts});
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str leiri_to_iri(py::handle s, std::string_view to) {
    const text t = as_text(s, "s");
    auto out = iri::leiri_to_iri(t.bytes, grammar_named(to));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

}  // namespace

py::str surt(py::handle s, bool with_scheme, bool trailing_comma, bool reverse_ipaddr, bool host_massage,
             std::string_view format) {
    const text t = as_text(s, "s");
    auto out =
        iri::crawl::surt(t.bytes, surt_options(with_scheme, trailing_comma, reverse_ipaddr, host_massage, format));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str canonicalize(py::handle s, std::string_view profile, bool keep_port, bool host_massage) {
    const text t = as_text(s, "s");
    auto out = iri::crawl::canonicalize(t.bytes, canonicalize_options(profile, keep_port, host_massage));
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

void define_single(py::module_& m) {
    using py::arg;
    define_reference(m);
    m.def("parse", &parse, doc::parse, arg("s"), arg("grammar") = "iri", arg("production") = "IRI-reference");
    define_is_valid(m);
    m.def("resolve", &resolve, doc::resolve, arg("base"), arg("ref"), arg("grammar") = "iri", arg("strict") = true);
    m.def("relativize", &relativize, doc::relativize, arg("base"), arg("target"), arg("grammar") = "iri");
    // rung=None is the syntax rung (normalize.hpp's default); level is its alias, keyword only.
    m.def("normalize", &normalize, doc::normalize, arg("s"), arg("rung") = py::none(), arg("nfc") = false,
          arg("keep_fragment") = true, arg("grammar") = "iri", py::kw_only(), arg("level") = py::none(),
          arg("as_uri") = false);
    m.def("canonical_key", &canonical_key, doc::canonical_key, arg("s"), arg("rung") = py::none(), arg("nfc") = false,
          arg("keep_fragment") = true, arg("grammar") = "iri", py::kw_only(), arg("level") = py::none(),
          arg("as_uri") = false);
    m.def("equivalent", &equivalent, doc::equivalent, arg("a"), arg("b"), arg("rung") = py::none(), arg("nfc") = false,
          arg("keep_fragment") = true, arg("grammar") = "iri", py::kw_only(), arg("level") = py::none());
    m.def("to_uri", &to_uri, doc::to_uri, arg("s"), arg("host") = "percent", arg("charset") = py::none(),
          arg("encode_unsafe_ascii") = false, arg("grammar") = "iri");
    m.def("to_iri", &to_iri, doc::to_iri, arg("s"), arg("to") = "iri", arg("keep_discouraged_encoded") = false,
          arg("keep_http_query_encoded") = false, arg("unicode_hosts") = false);
    m.def("leiri_to_iri", &leiri_to_iri, doc::leiri_to_iri, arg("s"), arg("to") = "iri");
    m.def("surt", &surt, doc::surt, arg("s"), arg("with_scheme") = false, arg("trailing_comma") = false,
          arg("reverse_ipaddr") = true, arg("host_massage") = true, py::kw_only(), arg("format") = "ia");
    m.def("canonicalize", &canonicalize, doc::canonicalize, arg("s"), arg("profile") = "safe-browsing",
          arg("keep_port") = false, py::kw_only(), arg("host_massage") = true);
}

}  // namespace pyiri
