// How the batch calls run: the items cut into slices, each slice's answers written one after the other into one
// buffer of its own (no allocation per item once it is large enough), the slices run on `jobs` threads with the
// GIL released, then the list built in input order. The answers of a failed item are chosen by `errors`.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "batch_input.hpp"

namespace pyiri::batch {

/// What the slot of an item that failed holds: None ("none", the default), the exception object ("return"), or
/// the first failure in input order is raised ("raise").
enum class on_error : std::uint8_t { none, raise, give };
[[nodiscard]] on_error errors_named(std::string_view errors);

/// Raises an exception object that was kept (an item's failure, for errors="raise").
[[noreturn]] void raise_object(const py::object& exception);

/// An item's failure: the library's error, and the input it is about ("base", or the item's own: nullptr, or the
/// item's argument name).
struct item_failure {
    std::size_t item;
    iri::error error;
    const char* input;
};

/// A State of run() for the calls that keep none.
struct no_state {};

/// The answers of one slice of the items: each item's bytes in `buffer`, one after the other, and its failure.
class slice {
public:
    /// The item's answer is what was appended to the buffer since the last item ended.
    void value() { record(answer::value); }
    /// The item has no answer: None (a host without a registrable domain).
    void none() { record(answer::none); }
    /// The item failed (what it may have appended is dropped).
    void fail(std::size_t item, const iri::error& e, const char* input = nullptr) {
        buffer.resize(ends_.empty() ? 0 : ends_.back());
        failures.push_back({item, e, input});
        record(answer::failed);
    }
    /// The item could not be read (batch::items::bad).
    void unreadable() { record(answer::unreadable); }
    /// value() when `r` succeeded (the library appended its answer), else fail().
    template <class R>
    void put(std::size_t item, const R& r, const char* input = nullptr) {
        if (r) value();
        else fail(item, r.error(), input);
    }

    std::string buffer;
    std::vector<item_failure> failures;

private:
    friend py::list answer_list(std::vector<slice>&& slices, const items& in, on_error errors,
                                const std::function<const text&(std::size_t)>& base_text);
    enum class answer : std::uint8_t { value, none, failed, unreadable };
    void record(answer a) {
        ends_.push_back(buffer.size());
        kinds_.push_back(a);
    }
    std::vector<std::size_t> ends_;
    std::vector<answer> kinds_;
};

/// Calls f(i, slice&, state&) for each i in [0, n) on the threads `jobs` asks for (thread_count), this one included,
/// the GIL released; `state` is each thread's own State, made when it starts (a parsed base it reuses): the items are cut into slices, each thread taking the next slice not taken, so that when a thread
/// cannot be started (a process limit, no memory) the threads that did start do its share, down to this thread
/// alone, with a RuntimeWarning. An item that could not be read (`bad`) is recorded so without calling f. An
/// exception of f (no memory) is caught in its thread and rethrown here once every thread has finished.
template <class State, class F>
std::vector<slice> run(std::size_t n, const std::vector<char>& bad, py::handle jobs, const F& f) {
    const std::size_t asked = std::min(thread_count(jobs), std::max<std::size_t>(n, 1));
    // Slices of at most 64K items, at least one per thread: a thread that finishes early takes the next one.
    const std::size_t per_slice = std::max<std::size_t>(1, std::min<std::size_t>((n + asked - 1) / asked, 1u << 16));
    const std::size_t count = (n + per_slice - 1) / per_slice;
    std::vector<slice> slices(count);
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> failures(asked);
    auto work = [&](std::size_t t) {
        try {
            State state{};
            for (std::size_t c = next++; c < count; c = next++) {
                slice& s = slices[c];
                for (std::size_t i = c * per_slice; i < std::min(n, (c + 1) * per_slice); ++i) {
                    if (!bad.empty() && bad[i]) s.unreadable();
                    else f(i, s, state);
                }
            }
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
    return slices;
}

/// The list of the answers, in input order: a str for each value (to_str; the item itself when it is a str equal
/// to its answer, the previous answer's str when they are equal), None for none; the slot of an item
/// that failed as `errors` says, with its iri.IRIError, about the item's text or, when its input is "base", about
/// base_text(item); an item that could not be read has its own exception (TypeError, UnicodeEncodeError). Each
/// slice's buffer is freed once its answers are strs: the answers are not held twice.
py::list answer_list(std::vector<slice>&& slices, const items& in, on_error errors,
                     const std::function<const text&(std::size_t)>& base_text);

}  // namespace pyiri::batch
