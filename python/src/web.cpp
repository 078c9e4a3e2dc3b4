// iri.URL: the web's URLs (iri/web.hpp), as the URL class of the WHATWG URL Standard (§6.1) has them: made from
// an href and an optional base, read and changed through its getters and setters; and iri.urls, its batch.
#include "pyiri.hpp"

#include "docstrings.hpp"

#include "iri/web.hpp"

namespace pyiri {

namespace {

/// The base a URL is parsed against: None, a URL, or the text of one (parsed here; its failure raises, naming
/// "base"). `parsed` holds a base parsed from text.
const iri::web::url* base_of(py::handle base, std::optional<iri::web::url>& parsed) {
    if (base.is_none()) return nullptr;
    if (py::isinstance<iri::web::url>(base)) return &base.cast<const iri::web::url&>();
    const text b = as_text(base, "base");
    auto u = iri::web::parse(b.bytes);
    if (!u) raise(u.error(), b, "base");
    parsed = std::move(*u);
    return &*parsed;
}

iri::web::url make_url(py::handle input, py::handle base) {
    const text t = as_text(input, "input");
    std::optional<iri::web::url> parsed_base;
    const iri::web::url* b = base_of(base, parsed_base);
    auto u = iri::web::parse(t.bytes, b);
    if (!u) raise(u.error(), t, b != nullptr ? "input" : nullptr);
    return std::move(*u);
}

bool can_parse(py::handle input, py::handle base) {
    const text t = as_text(input, "input");
    if (base.is_none()) return iri::web::can_parse(t.bytes);
    if (py::isinstance<iri::web::url>(base)) return iri::web::can_parse(t.bytes, &base.cast<const iri::web::url&>());
    const text b = as_text(base, "base");
    auto u = iri::web::parse(b.bytes);  // a base that is not a URL: canParse answers false (§6.1)
    return u && iri::web::can_parse(t.bytes, &*u);
}

/// A getter and its setter, the pair of one attribute of the URL class.
struct accessor {
    const char* name;
    std::string_view (iri::web::url::*get)() const noexcept;
    void (iri::web::url::*set)(std::string_view);
};

py::class_<iri::web::url> define_url(py::module_& m) {
    auto cls = py::class_<iri::web::url>(m, "URL", doc::url);
    cls.def(py::init(&make_url), py::arg("input"), py::arg("base") = py::none())
        .def_static("can_parse", &can_parse, doc::url_can_parse, py::arg("input"), py::arg("base") = py::none());
    // href: its setter fails as the URL class's does (a TypeError there, IRIError here), the URL unchanged.
    cls.def_property(
        "href", [](const iri::web::url& u) { return to_str(u.href()); },
        [](iri::web::url& u, py::handle value) {
            const text t = as_text(value, "href");
            if (auto r = u.set_href(t.bytes); !r) raise(r.error(), t);
        });
    cls.def_property_readonly("origin", [](const iri::web::url& u) { return to_str(u.origin()); });
    static constexpr accessor accessors[] = {
    // iri/web_getters.def: the getters after href and origin
#define IRI_WEB_GETTER(name, what) {#name, &iri::web::url::name, &iri::web::url::set_##name},
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER
    };
    for (const accessor& a : accessors) {
        // A value the Standard's setter ignores leaves the URL as it was, with no error (§6.1).
        cls.def_property(
            a.name, [get = a.get](const iri::web::url& u) { return to_str((u.*get)()); },
            [set = a.set, name = a.name](iri::web::url& u, py::handle value) { (u.*set)(as_text(value, name).bytes); });
    }
    cls.def("__str__", [](const iri::web::url& u) { return to_str(u.href()); })
        .def("__repr__",
             [](const iri::web::url& u) { return "iri.URL(" + std::string(py::repr(to_str(u.href()))) + ")"; })
        .def(
            "__eq__", [](const iri::web::url& a, const iri::web::url& b) { return a == b; },
            py::is_operator())  // another type: NotImplemented, so == is False
        .def(
            "__ne__", [](const iri::web::url& a, const iri::web::url& b) { return !(a == b); }, py::is_operator())
        .def("__copy__", [](const iri::web::url& u) { return iri::web::url(u); })
        .def("__deepcopy__", [](const iri::web::url& u, py::handle) { return iri::web::url(u); });
    // Pickled as its href, which parses to itself (§4.5): URLs travel to Dask workers as IRIError does.
    cls.def(py::pickle([](const iri::web::url& u) { return py::make_tuple(to_str(u.href())); },
                       [](const py::tuple& state) {
                           const text t = as_text(state[0], "href");
                           auto u = iri::web::parse(t.bytes);
                           if (!u) raise(u.error(), t);
                           return std::move(*u);
                       }));
    cls.attr("__hash__") = py::none();  // mutable through its setters, as a list is
    return cls;
}

}  // namespace

void define_web(py::module_& m) {
    auto url_class = define_url(m);
    define_search_params(m, url_class);
}

}  // namespace pyiri
