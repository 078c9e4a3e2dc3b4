// iri.URLSearchParams: application/x-www-form-urlencoded name/value pairs with the methods of the URL Standard's
// URLSearchParams (§6.2, iri::web::search_params), on its own or as URL.search_params, the query object of a URL:
// reading it reads the URL's query, and each change runs the Standard's update steps (the URL's query becomes the
// list's serialization, null when it is empty).
#include "pyiri.hpp"

#include "docstrings.hpp"

#include <utility>

#include "iri/web.hpp"

namespace pyiri {

namespace {

struct search_params_object {
    py::object url;               // the URL whose query object this is, or None
    iri::web::search_params own;  // the list of one on its own

    /// Calls f(list) on the current list: the URL's query, parsed anew (the URL may have changed since), or its own;
    /// with `change`, the list f changed becomes the URL's query (§6.2's update steps).
    template <class F>
    decltype(auto) with(bool change, const F& f) {
        if (url.is_none()) return f(own);
        iri::web::url& u = url.cast<iri::web::url&>();
        iri::web::search_params list(u.query().value_or(std::string_view()));
        if constexpr (std::is_void_v<decltype(f(list))>) {
            f(list);
            if (change) u.set_search(list.to_string());  // "" makes the query null, as the update steps do
        } else {
            auto r = f(list);
            if (change) u.set_search(list.to_string());
            return r;
        }
    }
};

std::string_view bytes_of(py::handle o, const char* argument) { return as_text(o, argument).bytes; }

/// The constructor's init (§6.2): a str or bytes (a leading "?" removed), an iterable of name/value pairs, or a
/// mapping (its items).
search_params_object make(py::handle init) {
    search_params_object p{py::none(), {}};
    if (init.is_none()) return p;
    if (PyUnicode_Check(init.ptr()) || PyBytes_Check(init.ptr()) || PyByteArray_Check(init.ptr())) {
        p.own = iri::web::search_params(bytes_of(init, "init"));
        return p;
    }
    const py::object pairs =
        py::hasattr(init, "items") ? init.attr("items")() : py::reinterpret_borrow<py::object>(init);
    for (const py::handle pair : pairs) {
        const py::tuple t = py::tuple(py::reinterpret_borrow<py::object>(pair));
        if (t.size() != 2) throw py::type_error("each pair of init must have exactly two items, a name and a value");
        p.own.append(bytes_of(t[0], "name"), bytes_of(t[1], "value"));
    }
    return p;
}

py::list pairs_of(const iri::web::search_params& list) {
    py::list out;
    for (const auto& [n, v] : list.pairs()) out.append(py::make_tuple(to_str(n), to_str(v)));
    return out;
}

std::optional<std::string_view> optional_bytes(py::handle o, const char* argument) {
    if (o.is_none()) return std::nullopt;
    return bytes_of(o, argument);
}

}  // namespace

void define_search_params(py::module_& m, py::class_<iri::web::url>& url_class) {
    using sp = search_params_object;
    using list = iri::web::search_params;
    auto cls = py::class_<sp>(m, "URLSearchParams", doc::search_params);
    cls.def(py::init(&make), py::arg("init") = py::none())
        .def(
            "append",
            [](sp& p, py::handle name, py::handle value) {
                p.with(true, [&](list& l) { l.append(bytes_of(name, "name"), bytes_of(value, "value")); });
            },
            py::arg("name"), py::arg("value"))
        .def(
            "delete",
            [](sp& p, py::handle name, py::handle value) {
                p.with(true, [&](list& l) { l.remove(bytes_of(name, "name"), optional_bytes(value, "value")); });
            },
            py::arg("name"), py::arg("value") = py::none())
        .def(
            "get",
            [](sp& p, py::handle name) -> py::object {
                return p.with(false, [&](list& l) -> py::object {
                    const auto v = l.get(bytes_of(name, "name"));
                    return v ? py::object(to_str(*v)) : py::object(py::none());
                });
            },
            py::arg("name"))
        .def(
            "get_all",
            [](sp& p, py::handle name) {
                return p.with(false, [&](list& l) {
                    py::list out;
                    for (const std::string_view v : l.get_all(bytes_of(name, "name"))) out.append(to_str(v));
                    return out;
                });
            },
            py::arg("name"))
        .def(
            "has",
            [](sp& p, py::handle name, py::handle value) {
                return p.with(false,
                              [&](list& l) { return l.has(bytes_of(name, "name"), optional_bytes(value, "value")); });
            },
            py::arg("name"), py::arg("value") = py::none())
        .def(
            "set",
            [](sp& p, py::handle name, py::handle value) {
                p.with(true, [&](list& l) { l.set(bytes_of(name, "name"), bytes_of(value, "value")); });
            },
            py::arg("name"), py::arg("value"))
        .def("sort", [](sp& p) { p.with(true, [](list& l) { l.sort(); }); })
        .def("__len__", [](sp& p) { return p.with(false, [](list& l) { return l.size(); }); })
        .def("__contains__",
             [](sp& p, py::handle name) {
                 return p.with(false, [&](list& l) { return l.has(bytes_of(name, "name")); });
             })
        .def("__iter__", [](sp& p) { return p.with(false, [](list& l) { return pairs_of(l); }).attr("__iter__")(); })
        .def("items", [](sp& p) { return p.with(false, [](list& l) { return pairs_of(l); }); })
        .def("keys",
             [](sp& p) {
                 return p.with(false, [](list& l) {
                     py::list out;
                     for (const auto& [n, v] : l.pairs()) out.append(to_str(n));
                     return out;
                 });
             })
        .def("values",
             [](sp& p) {
                 return p.with(false, [](list& l) {
                     py::list out;
                     for (const auto& [n, v] : l.pairs()) out.append(to_str(v));
                     return out;
                 });
             })
        .def("__str__", [](sp& p) { return p.with(false, [](list& l) { return to_str(l.to_string()); }); })
        .def("__repr__", [](sp& p) {
            return p.with(false, [](list& l) {
                return "iri.URLSearchParams(" + std::string(py::repr(to_str(l.to_string()))) + ")";
            });
        });
    cls.attr("__hash__") = py::none();
    // URL.search_params: the URL's query object; the URL is kept alive by it.
    url_class.def_property_readonly("search_params", [](py::object url) { return sp{std::move(url), {}}; });
}

}  // namespace pyiri
