// iri.index_columns: Common Crawl's 17 URL index columns (iri/index_columns.hpp) of many URLs, as a dict of
// lists (one list per column, in the schema's order), which pandas.DataFrame takes as it is.
#include "pyiri.hpp"

#include "batch.hpp"
#include "docstrings.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "iri/index_columns.hpp"

namespace pyiri {

namespace {

namespace crawl = iri::crawl;

/// One URL's columns, copied out of the thread's index_row into one string: column c is text[begin[c], +size[c]),
/// or null when size[c] is `null`. The url column is the input object itself, so it is not copied.
struct packed_row {
    static constexpr std::uint32_t null = 0xFFFFFFFFu;
    std::string text;
    std::array<std::uint32_t, crawl::index_column_count> begin{}, size{};
    int port = -1;
    std::optional<iri::error> error;
};

void pack(const crawl::index_row& row, packed_row& out) {
    for (std::size_t i = 0; i < crawl::index_column_count; ++i) {
        const auto c = static_cast<crawl::index_column>(i);
        const auto v = c == crawl::index_column::url ? std::nullopt : row[c];
        out.size[i] = v ? static_cast<std::uint32_t>(v->size()) : packed_row::null;
        if (!v) continue;
        out.begin[i] = static_cast<std::uint32_t>(out.text.size());
        out.text += *v;
    }
    if (const auto p = row.port()) out.port = *p;
}

py::dict index_columns(py::handle urls, py::handle psl, std::string_view host_form, std::string_view errors,
                       py::handle jobs) {
    const crawl::public_suffix_list list = psl_named(psl);
    const crawl::index_options options{.form = host_form_named(host_form, false)};
    const bool raise_errors = raises(errors);
    const items in = collect(urls, "urls");
    const std::size_t n = in.texts.size();
    std::vector<packed_row> rows(n);
    run(n, jobs, [&](std::size_t i) {
        thread_local crawl::index_row row;  // reused from URL to URL: no allocation once its buffers are large
        if (auto r = crawl::index_columns_into(row, in.texts[i].bytes, list, options); !r) rows[i].error = r.error();
        else pack(row, rows[i]);
    });
    if (raise_errors)
        for (std::size_t i = 0; i < n; ++i)
            if (rows[i].error) raise(*rows[i].error, in.texts[i]);

    py::dict out;
    PyObject** objects = PySequence_Fast_ITEMS(in.keep.ptr());
    for (std::size_t c = 0; c < crawl::index_column_count; ++c) {
        py::list column(n);
        const bool is_url = static_cast<crawl::index_column>(c) == crawl::index_column::url;
        const bool is_port = static_cast<crawl::index_column>(c) == crawl::index_column::url_port;
        py::object previous;  // the last str made, given again for the same text (a protocol, a suffix)
        std::string_view previous_text;
        for (std::size_t i = 0; i < n; ++i) {
            const packed_row& r = rows[i];
            PyObject* v = nullptr;
            if (is_url) {
                v = Py_NewRef(objects[i]);  // the input as given, a failed URL's too
            } else if (r.error) {
                v = Py_NewRef(Py_None);
            } else if (is_port) {
                v = r.port < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(r.port);
                if (v == nullptr) throw py::error_already_set();
            } else if (r.size[c] == packed_row::null) {
                v = Py_NewRef(Py_None);
            } else {
                const std::string_view s(r.text.data() + r.begin[c], r.size[c]);
                if (!previous || s != previous_text) previous = to_str(s), previous_text = s;
                v = Py_NewRef(previous.ptr());
            }
            PyList_SET_ITEM(column.ptr(), static_cast<Py_ssize_t>(i), v);
        }
        out[crawl::name(static_cast<crawl::index_column>(c))] = std::move(column);
    }
    return out;
}

}  // namespace

void define_index_columns(py::module_& m) {
    using py::arg;
    m.def("index_columns", &index_columns, doc::index_columns, arg("urls"), arg("psl") = py::none(),
          arg("host_form") = "ascii", arg("errors") = "none", arg("jobs") = 1);
}

}  // namespace pyiri
