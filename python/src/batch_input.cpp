#include "batch_input.hpp"

#include <algorithm>
#include <string>
#include <thread>

namespace pyiri::batch {

py::object sequence_of(py::handle iterable, const char* argument) {
    if (PyUnicode_Check(iterable.ptr()) || PyBytes_Check(iterable.ptr()) || PyByteArray_Check(iterable.ptr()))
        throw py::type_error(std::string(argument) + " must be an iterable of str or bytes, not a single string");
    const std::string message = std::string(argument) + " must be an iterable of str or bytes";
    PyObject* fast = PySequence_Fast(iterable.ptr(), message.c_str());
    if (fast == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(fast);
}

items collect(py::handle iterable, const char* argument) {
    items out{sequence_of(iterable, argument), {}, {}, {}};
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(out.keep.ptr());
    PyObject** objects = PySequence_Fast_ITEMS(out.keep.ptr());
    out.texts.resize(static_cast<std::size_t>(n));
    out.bad.assign(static_cast<std::size_t>(n), 0);
    for (Py_ssize_t i = 0; i < n; ++i) {
        const auto at = static_cast<std::size_t>(i);
        try {
            out.texts[at] = as_text(objects[i], argument);
        } catch (py::error_already_set& e) {  // a str with lone surrogates: UnicodeEncodeError
            out.bad[at] = 1;
            out.unreadable.emplace_back(at, e.value());
        } catch (py::builtin_exception& e) {  // not a str or bytes: TypeError
            e.set_error();
            py::error_already_set raised;
            out.bad[at] = 1;
            out.unreadable.emplace_back(at, raised.value());
        }
    }
    return out;
}

bases collect_bases(py::handle b, std::size_t count, const char* items_name) {
    bases out;
    if (b.is_none()) return out;
    if (PyUnicode_Check(b.ptr()) || PyBytes_Check(b.ptr()) || PyByteArray_Check(b.ptr())) {
        out.one = as_text(b, "bases");
        out.one_object = py::reinterpret_borrow<py::object>(b);
        return out;
    }
    out.each = collect(b, "bases");
    if (out.each->size() != count)
        throw py::value_error(std::string("bases and ") + items_name + " differ in length (" +
                              std::to_string(out.each->size()) + " and " + std::to_string(count) + ")");
    return out;
}

std::vector<std::optional<text>> texts_along(py::handle iterable, items& in, py::object& keep, const char* argument,
                                             const char* items_name, bool none_allowed) {
    keep = sequence_of(iterable, argument);
    const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(keep.ptr()));
    if (n != in.size())
        throw py::value_error(std::string(argument) + " and " + items_name + " differ in length (" + std::to_string(n) +
                              " and " + std::to_string(in.size()) + ")");
    PyObject** objects = PySequence_Fast_ITEMS(keep.ptr());
    std::vector<std::optional<text>> out(n);
    const auto unreadable = [&](std::size_t i, py::object e) {
        if (!in.bad[i]) in.bad[i] = 1, in.unreadable.emplace_back(i, std::move(e));
    };
    for (std::size_t i = 0; i < n; ++i) {
        const py::handle o(objects[i]);
        if (none_allowed && o.is_none()) continue;
        try {
            out[i] = as_text(o, argument);
        } catch (py::error_already_set& e) {  // a str with lone surrogates: UnicodeEncodeError
            unreadable(i, e.value());
        } catch (py::builtin_exception& e) {  // not a str or bytes: TypeError
            e.set_error();
            py::error_already_set raised;
            unreadable(i, raised.value());
        }
    }
    std::sort(in.unreadable.begin(), in.unreadable.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    return out;
}

std::size_t thread_count(py::handle jobs) {
    constexpr long long most = 256;
    if (jobs.is_none()) return std::max(1u, std::thread::hardware_concurrency());
    if (!PyLong_Check(jobs.ptr()) || PyBool_Check(jobs.ptr()))
        throw py::type_error("jobs must be an int or None, not " +
                             std::string(py::str(py::type::handle_of(jobs).attr("__name__"))));
    int overflow = 0;
    const long long j = PyLong_AsLongLongAndOverflow(jobs.ptr(), &overflow);
    if (j == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow != 0 || j < 1 || j > most)
        throw py::value_error(
            "jobs must be a number from 1 to 256 (as the iri tool's --jobs), or None for one per core");
    return static_cast<std::size_t>(j);
}

}  // namespace pyiri::batch
