// iri.links and iri.links_many: the links of HTML pages (iri/html.hpp), each an iri.Link (url or None, element,
// attribute, value, raw, offset, rel, error message or None). links_many runs on the batch engine
// (batch_engine.hpp) as the f_many calls do: any iterable of pages, str and bytes mixed, read with the GIL released
// on `jobs` threads, each with one reusable extractor (its State); a page that fails is None, its exception or
// raised, as `errors` says. Each page's links are packed into its slice's buffer and become Links once the GIL is
// held again.
#include "pyiri.hpp"

#include "batch_engine.hpp"
#include "batch_input.hpp"
#include "docstrings.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "iri/html.hpp"

namespace pyiri {

namespace {

using batch::slice;

/// One link in its page's slice buffer: its texts one after the other in the order of `field`, each `size` bytes
/// long, or absent (url when it does not resolve, error when it does).
struct packed_link {
    static constexpr std::size_t absent = std::numeric_limits<std::size_t>::max();
    enum field : std::uint8_t { url, element, attribute, value, raw, rel, error, count };
    std::array<std::size_t, count> size{};
    std::uint32_t offset = 0;
};

/// Where one page's links are: in `in`'s buffer from `from`; or how the page failed (in->failures[failure]).
struct page_row {
    const slice* in = nullptr;  // null for a page that could not be read
    std::size_t from = 0;
    std::vector<packed_link> links;
    bool failed = false;
    std::size_t failure = 0;
};

struct settings {
    std::string only;
    bool scripting = true;
};

/// Page i's links, found by the thread's extractor and appended to its slice's buffer. A page URL that is not a
/// URL fails the page about its base (errc::url_failure, as the extractor says); a page of 4 GiB or more about
/// itself (errc::input_too_long).
void read_page(std::size_t i, iri::html::extractor& x, std::string_view page, std::string_view base,
               std::string_view charset, const settings& s, slice& out, page_row& row) {
    row.in = &out;
    const iri::html::options opt{.charset = charset, .scripting = s.scripting, .only = s.only};
    const auto found = x.links(page, base, opt);
    if (!found) {
        row.failed = true;
        row.failure = out.failures.size();
        const bool about_base = found.error().code == iri::errc::url_failure;
        return out.fail(i, found.error(), about_base ? "base" : nullptr);
    }
    row.from = out.buffer.size();
    row.links.resize(found->size());
    for (std::size_t k = 0; k < found->size(); ++k) {
        const iri::html::link& l = (*found)[k];
        packed_link& p = row.links[k];
        const auto put = [&](packed_link::field f, std::string_view v) {
            p.size[f] = v.size();
            out.buffer += v;
        };
        if (l.resolved) put(packed_link::url, l.url);
        else p.size[packed_link::url] = packed_link::absent;
        put(packed_link::element, l.element);
        put(packed_link::attribute, l.attribute);
        put(packed_link::value, l.value);
        put(packed_link::raw, l.raw);
        put(packed_link::rel, l.rel);
        if (l.resolved) {
            p.size[packed_link::error] = packed_link::absent;
        } else {
            const std::size_t before = out.buffer.size();
            l.failure.append_message(out.buffer);
            p.size[packed_link::error] = out.buffer.size() - before;
        }
        p.offset = l.offset;
    }
    out.value();
}

/// Makes the iri.Link objects of packed links: tuples of the Link type (a tuple subclass, iri/_types.py), made as
/// tuple.__new__(Link, fields) makes them, with one str for each element and attribute name.
class link_maker {
public:
    link_maker() : type_(py::module_::import("iri._types").attr("Link")) {
        auto* t = reinterpret_cast<PyTypeObject*>(type_.ptr());
        if (!PyType_Check(type_.ptr()) || !PyType_IsSubtype(t, &PyTuple_Type))
            throw py::type_error("iri._types.Link must be a tuple type");
    }

    /// The links of a page that was read, as a list.
    py::list page(const page_row& row) {
        py::list out(row.links.size());
        std::size_t at = row.from;
        for (std::size_t k = 0; k < row.links.size(); ++k)
            PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(k),
                            link(row.links[k], row.in->buffer, at).release().ptr());
        return out;
    }

private:
    py::object link(const packed_link& p, const std::string& buffer, std::size_t& at) {
        const auto next = [&](packed_link::field f) {
            const std::string_view v(buffer.data() + at, p.size[f]);
            at += p.size[f];
            return v;
        };
        auto* t = reinterpret_cast<PyTypeObject*>(type_.ptr());
        py::object fields[8];
        fields[0] =
            p.size[packed_link::url] == packed_link::absent ? py::object(py::none()) : to_str(next(packed_link::url));
        fields[1] = name(next(packed_link::element));
        fields[2] = name(next(packed_link::attribute));
        fields[3] = to_str(next(packed_link::value));
        const std::string_view raw = next(packed_link::raw);
        fields[4] = py::bytes(raw.data(), raw.size());
        fields[5] = py::int_(p.offset);
        fields[6] = to_str(next(packed_link::rel));
        fields[7] = p.size[packed_link::error] == packed_link::absent ? py::object(py::none())
                                                                      : to_str(next(packed_link::error));
        PyObject* o = t->tp_alloc(t, 8);
        if (o == nullptr) throw py::error_already_set();
        for (Py_ssize_t f = 0; f < 8; ++f) PyTuple_SET_ITEM(o, f, fields[f].release().ptr());
        return py::reinterpret_steal<py::object>(o);
    }

    /// The str of an element or attribute name, made once per call.
    py::object name(std::string_view n) {
        for (const auto& [text, str] : names_)
            if (text == n) return str;
        names_.emplace_back(std::string(n), to_str(n));
        return names_.back().second;
    }

    py::object type_;
    std::vector<std::pair<std::string, py::object>> names_;
};

/// The charset a page is read in: a str page is its text (UTF-8); a bytes page the encoding given, if any.
std::string_view charset_of(const text& page, const std::optional<text>& encoding) {
    if (page.is_str) return "utf-8";
    return encoding ? encoding->bytes : std::string_view();
}

py::list links(py::handle html, py::handle base, py::handle encoding, std::optional<std::string> only, bool scripting) {
    const text page = as_text(html, "html");
    const text b = as_text(base, "base");
    const std::optional<text> e =
        encoding.is_none() ? std::nullopt : std::optional<text>(as_text(encoding, "encoding"));
    const settings s{only.value_or(""), scripting};
    slice out;
    page_row row;
    {
        py::gil_scoped_release unlocked;
        iri::html::extractor x;
        read_page(0, x, page.bytes, b.bytes, charset_of(page, e), s, out, row);
    }
    if (row.failed) {
        const batch::item_failure& f = out.failures.front();
        raise(f.error, f.input != nullptr ? b : page, f.input);
    }
    return link_maker().page(row);
}

/// jobs=0, one thread per core before links_many was on the batch engine: None now, with a DeprecationWarning.
py::object jobs_of(py::handle jobs) {
    int overflow = 0;
    if (PyLong_Check(jobs.ptr()) && !PyBool_Check(jobs.ptr()) &&
        PyLong_AsLongLongAndOverflow(jobs.ptr(), &overflow) == 0 && overflow == 0) {
        if (PyErr_WarnEx(PyExc_DeprecationWarning,
                         "iri.links_many(jobs=0) is now jobs=None (one thread per core); 0 goes in the next release",
                         2) != 0)
            throw py::error_already_set();
        return py::none();
    }
    return py::reinterpret_borrow<py::object>(jobs);
}

py::list links_many(py::handle pages, py::handle bases, py::handle encodings, std::optional<std::string> only,
                    bool scripting, std::string_view errors, py::handle jobs_arg) {
    const batch::on_error on = batch::errors_named(errors);
    const settings s{only.value_or(""), scripting};
    const py::object jobs = jobs_of(jobs_arg);
    batch::items in = batch::collect(pages, "pages");
    const std::size_t n = in.size();

    // One base for every page is checked now, as the tool checks --base: not a URL, no batch. Per-page bases are
    // read along with the pages: one that is not text makes its page unreadable; one that is not a URL fails it.
    std::optional<text> one_base;
    std::vector<std::optional<text>> each_base;
    py::object keep_bases, keep_encodings;
    if (bases.is_none())
        throw py::type_error("bases must be a str or bytes (every page's URL) or an iterable of them, not None");
    if (PyUnicode_Check(bases.ptr()) || PyBytes_Check(bases.ptr()) || PyByteArray_Check(bases.ptr())) {
        one_base = as_text(bases, "bases");
        if (const auto u = iri::web::parse(one_base->bytes); !u) raise(u.error(), *one_base, "base");
    } else {
        each_base = batch::texts_along(bases, in, keep_bases, "bases", "pages", false);
    }
    std::optional<text> one_encoding;
    std::vector<std::optional<text>> each_encoding;
    if (PyUnicode_Check(encodings.ptr()) || PyBytes_Check(encodings.ptr()) || PyByteArray_Check(encodings.ptr()))
        one_encoding = as_text(encodings, "encodings");
    else if (!encodings.is_none())
        each_encoding = batch::texts_along(encodings, in, keep_encodings, "encodings", "pages", true);
    const auto base_text = [&](std::size_t i) -> const text& { return one_base ? *one_base : *each_base[i]; };

    std::vector<page_row> rows(n);
    const auto slices =
        batch::run<iri::html::extractor>(n, in.bad, jobs, [&](std::size_t i, slice& out, iri::html::extractor& x) {
            const std::optional<text>& e = each_encoding.empty() ? one_encoding : each_encoding[i];
            read_page(i, x, in.texts[i].bytes, base_text(i).bytes, charset_of(in.texts[i], e), s, out, rows[i]);
        });

    // A page that failed: None, its exception (errors="return"), or the first one in input order raised.
    const auto failure_of = [&](std::size_t i, std::size_t& unread) -> py::object {
        const page_row& r = rows[i];
        if (!r.failed) return in.unreadable[unread++].second;
        const batch::item_failure& f = r.in->failures[r.failure];
        return error_object(f.error, f.input != nullptr ? base_text(i) : in.texts[i], f.input);
    };
    py::list out(n);
    link_maker make;
    std::size_t unread = 0;
    for (std::size_t i = 0; i < n; ++i) {
        py::object v;
        if (rows[i].failed || in.bad[i]) {
            py::object e = failure_of(i, unread);
            if (on == batch::on_error::raise) batch::raise_object(e);
            v = on == batch::on_error::give ? std::move(e) : py::none();
        } else {
            v = make.page(rows[i]);
        }
        PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), v.release().ptr());
    }
    return out;
}

}  // namespace

void define_html(py::module_& m) {
    using py::arg;
    m.def("_links", &links, arg("html"), arg("base"), arg("encoding") = py::none(), arg("only") = py::none(),
          arg("scripting") = true);
    m.def("links_many", &links_many, doc::links_many, arg("pages"), arg("bases"), arg("encodings") = py::none(),
          py::kw_only(), arg("only") = py::none(), arg("scripting") = true, arg("errors") = "none", arg("jobs") = 1);
}

}  // namespace pyiri
