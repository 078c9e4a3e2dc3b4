// What the batch calls share (batch.cpp, index_columns.cpp): a sequence's items as text, the number of threads a
// `jobs` argument asks for, the work on those threads with the GIL released, and the `errors` argument.
#pragma once

#include "pyiri.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace pyiri {

/// The items of a sequence as text, with a reference that keeps their objects (and UTF-8 buffers) alive.
struct items {
    py::object keep;
    std::vector<text> texts;
};

inline items collect(py::handle sequence, const char* argument) {
    if (PyUnicode_Check(sequence.ptr()) || PyBytes_Check(sequence.ptr()))
        throw py::type_error(std::string(argument) + " must be a sequence of str or bytes, not a single string");
    PyObject* fast = PySequence_Fast(sequence.ptr(), "expected a sequence of str or bytes");
    if (fast == nullptr) throw py::error_already_set();
    items out{py::reinterpret_steal<py::object>(fast), {}};
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject** objects = PySequence_Fast_ITEMS(fast);
    out.texts.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) out.texts.push_back(as_text(objects[i], argument));
    return out;
}

/// The number of threads `jobs` asks for: 1 to 256 as the command-line tool's --jobs, or None or 0 for one per
/// core; ValueError otherwise (TypeError for what is not an int).
inline std::size_t thread_count(py::handle jobs) {
    constexpr long long most = 256;
    if (jobs.is_none()) return std::max(1u, std::thread::hardware_concurrency());
    if (!PyLong_Check(jobs.ptr()) || PyBool_Check(jobs.ptr()))
        throw py::type_error("jobs must be an int or None, not " +
                             std::string(py::str(py::type::handle_of(jobs).attr("__name__"))));
    int overflow = 0;
    const long long j = PyLong_AsLongLongAndOverflow(jobs.ptr(), &overflow);
    if (j == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (overflow != 0 || j < 0 || j > most)
        throw py::value_error("jobs must be from 1 to 256, or 0 or None for one per core");
    if (j == 0) return std::max(1u, std::thread::hardware_concurrency());
    return static_cast<std::size_t>(j);
}

/// Calls f(i) for i in [0, n) on the threads `jobs` asks for (thread_count), this one included, the GIL
/// released. The items are cut into one slice per thread asked for, and each thread takes the next slice not
/// taken, so that when a thread cannot be started (a process limit, no memory) the threads that did start do its
/// share: down to this thread alone, with a RuntimeWarning. An exception of f (allocation failure) is caught in
/// its thread and rethrown here after every thread has finished.
template <class F>
void run(std::size_t n, py::handle jobs, const F& f) {
    const std::size_t asked = std::min(thread_count(jobs), std::max<std::size_t>(n, 1));
    const std::size_t chunk = (n + asked - 1) / asked;
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> failures(asked);
    auto work = [&](std::size_t t) {
        try {
            for (std::size_t c = next++; c < asked; c = next++)
                for (std::size_t i = c * chunk; i < std::min(n, (c + 1) * chunk); ++i) f(i);
        } catch (...) {
            failures[t] = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(asked - 1);
    {
        py::gil_scoped_release unlocked;
        for (std::size_t t = 1; t < asked; ++t) {
            try {
                pool.emplace_back(work, t);
            } catch (const std::exception&) {  // std::system_error (EAGAIN), std::bad_alloc: no more threads
                break;
            }
        }
        work(0);
        for (std::thread& th : pool) th.join();
    }
    for (const std::exception_ptr& e : failures)
        if (e) std::rethrow_exception(e);
    if (pool.size() + 1 < asked) {
        const std::string message = "iri: " + std::to_string(asked) + " threads asked for, " +
                                    std::to_string(pool.size() + 1) +
                                    " could be started (a process or memory limit); the work was done on those";
        if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) throw py::error_already_set();
    }
}

inline bool raises(std::string_view errors) {
    if (errors == "raise") return true;
    if (errors == "none") return false;
    throw py::value_error("errors must be 'none' or 'raise'");
}

}  // namespace pyiri
