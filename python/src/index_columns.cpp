// iri.index_columns: Common Crawl's 17 URL index columns (iri/index_columns.hpp) of many URLs, as a dict of lists
// (one list per column, in the schema's order), which pandas.DataFrame takes as it is. It runs on the batch engine
// (batch_engine.hpp) as the f_many calls do: any iterable of str and bytes (mixed), the GIL released on `jobs`
// threads, `errors` as theirs; only its answer has another shape (a row of columns per item, not one str).
#include "pyiri.hpp"

#include "batch_engine.hpp"
#include "batch_input.hpp"
#include "docstrings.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "iri/index_columns.hpp"

namespace pyiri {

namespace {

namespace crawl = iri::crawl;
using batch::slice;

/// Where one URL's columns are: in its slice's buffer from `from`, one after the other in the schema's order,
/// column c `size[c]` bytes long or null. The url column is the item itself, never copied; url_port is `port`.
struct packed_row {
    static constexpr std::uint32_t null = 0xFFFFFFFFu;
    const slice* in = nullptr;  // the slice that holds it; null for an item that could not be read
    std::size_t from = 0;
    std::array<std::uint32_t, crawl::index_column_count> size{};
    std::int32_t port = -1;  // url_port, or -1 for null
    bool failed = false;     // the URL Standard failed it: in->failures[failure] says how
    std::size_t failure = 0;
};

/// The columns of item i, appended to the slice's buffer (the row is the thread's, reused from URL to URL).
void pack(std::size_t i, std::string_view url, const crawl::public_suffix_list& list,
          const crawl::index_options& options, slice& s, crawl::index_row& row, packed_row& out) {
    out.in = &s;
    if (auto r = crawl::index_columns_into(row, url, list, options); !r) {
        out.failed = true;
        out.failure = s.failures.size();
        return s.fail(i, r.error());
    }
    out.from = s.buffer.size();
    for (std::size_t c = 0; c < crawl::index_column_count; ++c) {
        const auto column = static_cast<crawl::index_column>(c);
        const bool own = column != crawl::index_column::url && column != crawl::index_column::url_port;
        const auto v = own ? row[column] : std::nullopt;  // the url is the item, url_port an int
        out.size[c] = v ? static_cast<std::uint32_t>(v->size()) : packed_row::null;
        if (v) s.buffer += *v;
    }
    if (const auto p = row.port()) out.port = *p;
    s.value();
}

py::dict index_columns(py::handle urls, py::handle psl, std::string_view host_form, std::string_view errors,
                       py::handle jobs) {
    const crawl::public_suffix_list list = psl_named(psl);
    const crawl::index_options options{.form = host_form_named(host_form, false)};
    const batch::on_error on = batch::errors_named(errors);
    const batch::items in = batch::collect(urls, "urls");
    const std::size_t n = in.size();
    std::vector<packed_row> rows(n);
    const auto slices =
        batch::run<crawl::index_row>(n, in.bad, jobs, [&](std::size_t i, slice& s, crawl::index_row& row) {
            pack(i, in.texts[i].bytes, list, options, s, row, rows[i]);
        });

    // A failed row's columns (all but url): None, its exception (errors="return"), or the first one raised.
    std::vector<py::object> failure(on == batch::on_error::give ? n : 0);
    std::size_t unread = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const packed_row& r = rows[i];
        if (!r.failed && !in.bad[i]) continue;
        py::object e =
            r.failed ? error_object(r.in->failures[r.failure].error, in.texts[i]) : in.unreadable[unread++].second;
        if (on == batch::on_error::raise) batch::raise_object(e);
        if (on == batch::on_error::give) failure[i] = std::move(e);
    }

    py::dict out;
    PyObject** objects = PySequence_Fast_ITEMS(in.keep.ptr());
    std::vector<std::size_t> at(n);  // each row's next column in its slice's buffer
    for (std::size_t i = 0; i < n; ++i) at[i] = rows[i].from;
    for (std::size_t c = 0; c < crawl::index_column_count; ++c) {
        const auto column = static_cast<crawl::index_column>(c);
        py::list values(n);
        py::object previous;  // the last str made, given again for the same text (a protocol, a suffix)
        std::string_view previous_text;
        for (std::size_t i = 0; i < n; ++i) {
            const packed_row& r = rows[i];
            PyObject* v = nullptr;
            if (column == crawl::index_column::url) {
                v = Py_NewRef(objects[i]);  // the item as given, a failed one's too
            } else if (r.failed || in.bad[i]) {
                v = Py_NewRef(failure.empty() ? Py_None : failure[i].ptr());
            } else if (column == crawl::index_column::url_port) {
                v = r.port < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(r.port);
                if (v == nullptr) throw py::error_already_set();
            } else if (r.size[c] == packed_row::null) {
                v = Py_NewRef(Py_None);
            } else {
                const std::string_view s(r.in->buffer.data() + at[i], r.size[c]);
                at[i] += r.size[c];
                if (!previous || s != previous_text) previous = to_str(s), previous_text = s;
                v = Py_NewRef(previous.ptr());
            }
            PyList_SET_ITEM(values.ptr(), static_cast<Py_ssize_t>(i), v);
        }
        out[crawl::name(column)] = std::move(values);
    }
    return out;
}

}  // namespace

void define_index_columns(py::module_& m) {
    using py::arg;
    m.def("index_columns", &index_columns, doc::index_columns, arg("urls"), arg("psl") = py::none(),
          arg("host_form") = "ascii", arg("errors") = "none", arg("jobs") = 1);
    py::tuple names(crawl::index_column_count);
    for (std::size_t c = 0; c < crawl::index_column_count; ++c)
        names[c] = py::str(crawl::name(static_cast<crawl::index_column>(c)));
    m.attr("INDEX_COLUMNS") = names;
}

}  // namespace pyiri
