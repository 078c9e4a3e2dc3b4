// iri.links and iri.links_many: the links of HTML pages (iri/html.hpp), each as a tuple (url or None, element,
// attribute, value, raw, offset, rel, error message or None) that iri/__init__.py makes an iri.Link. The batch
// reads its pages with the GIL released, on `jobs` threads, each with its own extractor.
#include "pyiri.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <pybind11/stl.h>

#include "iri/html.hpp"

namespace pyiri {

namespace {

/// A link that owns its text, for the tuples made once the GIL is held again.
struct owned {
    std::optional<std::string> url, error;
    std::string element, attribute, value, raw, rel;
    std::uint32_t offset;
};

/// One page's links, or the failure of its base URL.
struct page_links {
    std::vector<owned> links;
    std::optional<iri::error> base_failure;
};

py::tuple as_tuple(const owned& l) {
    return py::make_tuple(l.url ? py::object(to_str(*l.url)) : py::none(), l.element, l.attribute, to_str(l.value),
                          py::bytes(l.raw), l.offset, to_str(l.rel),
                          l.error ? py::object(to_str(*l.error)) : py::none());
}

struct settings {
    std::string only;
    bool scripting = true;
};

void read_page(iri::html::extractor& x, std::string_view page, std::string_view base, std::string_view charset,
               const settings& s, page_links& out) {
    iri::html::options opt;
    opt.charset = charset;
    opt.only = s.only;
    opt.scripting = s.scripting;
    const auto found = x.links(page, base, opt);
    if (!found) {
        out.base_failure = found.error();
        return;
    }
    out.links.reserve(found->size());
    for (const iri::html::link& l : *found) {
        owned o{std::nullopt,         std::nullopt,       std::string(l.element), std::string(l.attribute),
                std::string(l.value), std::string(l.raw), std::string(l.rel),     l.offset};
        if (l.resolved) o.url = std::string(l.url);
        else o.error = l.failure.message();
        out.links.push_back(std::move(o));
    }
}

/// The page: bytes as they are; a str is its UTF-8, read as UTF-8 (its characters are the page's).
text page_of(py::handle html, bool& is_str) {
    const text t = as_text(html, "html");
    is_str = t.is_str;
    return t;
}

py::list links(py::handle html, py::handle base, py::handle encoding, std::optional<std::string> only, bool scripting) {
    bool is_str = false;
    const text page = page_of(html, is_str);
    const text b = as_text(base, "base");
    const std::string charset = is_str               ? "utf-8"
                                : encoding.is_none() ? ""
                                                     : std::string(as_text(encoding, "encoding").bytes);
    const settings s{only.value_or(""), scripting};
    page_links out;
    {
        py::gil_scoped_release unlocked;
        iri::html::extractor x;
        read_page(x, page.bytes, b.bytes, charset, s, out);
    }
    if (out.base_failure) raise(*out.base_failure, b, "base");
    py::list list;
    for (const owned& l : out.links) list.append(as_tuple(l));
    return list;
}

/// The items of a sequence, kept alive with their objects.
std::vector<py::object> items_of(py::handle sequence, const char* argument) {
    if (PyUnicode_Check(sequence.ptr()) || PyBytes_Check(sequence.ptr()))
        throw py::type_error(std::string(argument) + " must be a sequence, not a single string");
    std::vector<py::object> out;
    for (py::handle h : py::iter(sequence)) out.push_back(py::reinterpret_borrow<py::object>(h));
    return out;
}

std::size_t threads_for(py::handle jobs, std::size_t n) {
    std::size_t t = std::max(1u, std::thread::hardware_concurrency());
    if (!jobs.is_none()) {
        const long long j = jobs.cast<long long>();
        if (j < 0 || j > 256) throw py::value_error("jobs must be from 1 to 256, or 0 or None for one per core");
        if (j > 0) t = static_cast<std::size_t>(j);
    }
    return std::max<std::size_t>(1, std::min(t, n));
}

py::list links_many(py::handle pages, py::handle bases, py::handle encodings, std::optional<std::string> only,
                    bool scripting, py::handle jobs) {
    const std::vector<py::object> page_objects = items_of(pages, "pages");
    const std::size_t n = page_objects.size();
    std::vector<py::object> base_objects;
    if (py::isinstance<py::str>(bases)) base_objects.assign(n, py::reinterpret_borrow<py::object>(bases));
    else base_objects = items_of(bases, "bases");
    if (base_objects.size() != n) throw py::value_error("pages and bases must have the same length");
    std::vector<py::object> encoding_objects(n, py::none());
    if (!encodings.is_none()) {
        encoding_objects = items_of(encodings, "encodings");
        if (encoding_objects.size() != n) throw py::value_error("pages and encodings must have the same length");
    }
    std::vector<text> page_texts, base_texts;
    std::vector<std::string> charsets;
    for (std::size_t i = 0; i < n; ++i) {
        bool is_str = false;
        page_texts.push_back(page_of(page_objects[i], is_str));
        base_texts.push_back(as_text(base_objects[i], "bases"));
        charsets.push_back(is_str ? "utf-8"
                           : encoding_objects[i].is_none()
                               ? ""
                               : std::string(as_text(encoding_objects[i], "encodings").bytes));
    }
    const settings s{only.value_or(""), scripting};
    std::vector<page_links> out(n);
    const std::size_t threads = threads_for(jobs, n);
    std::vector<std::exception_ptr> failures(threads);
    {
        py::gil_scoped_release unlocked;
        std::atomic<std::size_t> next{0};
        const auto work = [&](std::size_t t) {
            try {
                iri::html::extractor x;
                for (std::size_t i = next++; i < n; i = next++)
                    read_page(x, page_texts[i].bytes, base_texts[i].bytes, charsets[i], s, out[i]);
            } catch (...) {
                failures[t] = std::current_exception();
            }
        };
        std::vector<std::thread> pool;
        for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
        work(0);
        for (std::thread& th : pool) th.join();
    }
    for (const std::exception_ptr& e : failures)
        if (e) std::rethrow_exception(e);
    py::list result;
    for (std::size_t i = 0; i < n; ++i) {
        if (out[i].base_failure) raise(*out[i].base_failure, base_texts[i], "base");
        py::list page;
        for (const owned& l : out[i].links) page.append(as_tuple(l));
        result.append(page);
    }
    return result;
}

}  // namespace

void define_html(py::module_& m) {
    m.def("_links", &links, py::arg("html"), py::arg("base"), py::arg("encoding") = py::none(),
          py::arg("only") = py::none(), py::arg("scripting") = true);
    m.def("_links_many", &links_many, py::arg("pages"), py::arg("bases"), py::arg("encodings") = py::none(),
          py::arg("only") = py::none(), py::arg("scripting") = true, py::arg("jobs") = py::none());
}

}  // namespace pyiri
