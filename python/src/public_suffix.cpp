// The Public Suffix List for Python: iri.PublicSuffixList, iri.public_suffix and iri.registrable_domain
// (iri/public_suffix.hpp); their batch calls, registrable_domain_many and public_suffix_many, are in batch.cpp with
// the other batch calls.
#include "pyiri.hpp"

#include "docstrings.hpp"

#include <pybind11/stl.h>

#include <filesystem>
#include <map>
#include <tuple>

namespace pyiri {

namespace {

namespace crawl = iri::crawl;

crawl::public_suffix_list loaded_or_raise(crawl::psl_loaded&& loaded) {
    if (!loaded.list) {
        PyErr_SetString(PyExc_OSError, ("cannot load the Public Suffix List: " + loaded.error).c_str());
        throw py::error_already_set();
    }
    return std::move(*loaded.list);
}

// A list file loaded once for as long as it is unchanged: its path, modification time and size.
crawl::public_suffix_list list_of_file(const std::string& path) {
    using key = std::tuple<std::string, std::filesystem::file_time_type::rep, std::uintmax_t>;
    static std::map<key, crawl::public_suffix_list> cache;  // under the GIL
    std::error_code ec;
    const auto when = std::filesystem::last_write_time(path, ec);
    const auto size = ec ? 0 : std::filesystem::file_size(path, ec);
    if (ec) return loaded_or_raise(crawl::public_suffix_list::load_file(path));  // the error, as load_file words it
    const key k{path, when.time_since_epoch().count(), size};
    if (auto it = cache.find(k); it != cache.end()) return it->second;
    auto list = loaded_or_raise(crawl::public_suffix_list::load_file(path));
    std::erase_if(cache, [&](const auto& entry) { return std::get<0>(entry.first) == path; });
    cache.emplace(k, list);
    return list;
}

crawl::psl_sections sections(bool icann_only) {
    return icann_only ? crawl::psl_sections::icann_only : crawl::psl_sections::all;
}

// One answer of lookup_url_or_host for `input`, or its IRIError.
crawl::site site_of(py::handle input, py::handle psl, bool icann_only, std::string_view form) {
    const crawl::public_suffix_list list = psl_named(psl);
    const crawl::site_options options{.sections = sections(icann_only), .form = host_form_named(form, true)};
    const text t = as_text(input, "host_or_url");
    auto answer = list.lookup_url_or_host(t.bytes, options);
    if (!answer) raise(answer.error(), t);
    return std::move(*answer);
}

py::object str_or_none(const std::optional<std::string>& s) {
    return s ? py::object(to_str(*s)) : py::object(py::none());
}

}  // namespace

crawl::host_form host_form_named(std::string_view name, bool input_allowed) {
    if (name == "ascii") return crawl::host_form::ascii;
    if (name == "unicode") return crawl::host_form::unicode;
    if (name == "input" && input_allowed) return crawl::host_form::input;
    throw py::value_error(input_allowed ? "host_form must be 'input', 'ascii' or 'unicode'"
                                        : "host_form must be 'ascii' or 'unicode'");
}

crawl::public_suffix_list psl_named(py::handle psl) {
    if (psl.is_none()) {
        static std::optional<crawl::public_suffix_list> system;  // under the GIL
        if (!system) system = loaded_or_raise(crawl::public_suffix_list::load_default());
        return *system;
    }
    if (py::isinstance<crawl::public_suffix_list>(psl)) return psl.cast<crawl::public_suffix_list>();
    const py::object path = py::module_::import("os").attr("fspath")(psl);  // str, bytes or os.PathLike
    return list_of_file(path.cast<std::string>());
}

void define_public_suffix(py::module_& m) {
    using py::arg;
    py::class_<crawl::public_suffix_list>(m, "PublicSuffixList", doc::public_suffix_list)
        .def(py::init([](py::handle path) { return psl_named(path); }), arg("path") = py::none())
        .def_property_readonly("source", &crawl::public_suffix_list::source)
        .def("__repr__", [](const crawl::public_suffix_list& l) { return "iri.PublicSuffixList(" + l.source() + ")"; });
    m.def(
        "public_suffix",
        [](py::handle input, py::handle psl, bool icann_only, std::string_view form) {
            return str_or_none(site_of(input, psl, icann_only, form).public_suffix);
        },
        doc::public_suffix, arg("host_or_url"), arg("psl") = py::none(), arg("icann_only") = false, py::kw_only(),
        arg("host_form") = "input");
    m.def(
        "registrable_domain",
        [](py::handle input, py::handle psl, bool icann_only, std::string_view form) {
            return str_or_none(site_of(input, psl, icann_only, form).registrable_domain);
        },
        doc::registrable_domain, arg("host_or_url"), arg("psl") = py::none(), arg("icann_only") = false, py::kw_only(),
        arg("host_form") = "input");
}

}  // namespace pyiri
