// The inputs of the batch calls: the items of any iterable of str and bytes (mixed), each read as text or, when it
// cannot be (another type, a str with lone surrogates), kept as that item's failure; the bases given with them; and
// the number of threads `jobs` asks for.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "pyiri.hpp"

namespace pyiri::batch {

/// The items of an iterable, as text; an item that cannot be read is the exception it raised, kept for its slot.
struct items {
    py::object keep;          // the items (a list or tuple, or the list the iterable gave), kept alive with their UTF-8
    std::vector<text> texts;  // each item's text; an unreadable item's is empty
    std::vector<std::pair<std::size_t, py::object>> unreadable;  // an unreadable item's index and its exception
    std::vector<char> bad;                                       // 1 for an unreadable item (by index)
    [[nodiscard]] std::size_t size() const noexcept { return texts.size(); }
};

/// The items of `iterable` (a str or bytes alone is a TypeError: one string is not a batch).
[[nodiscard]] items collect(py::handle iterable, const char* argument);

/// The objects of `iterable` as a list or tuple (PySequence_Fast), kept by the result; a str or bytes alone is a
/// TypeError.
[[nodiscard]] py::object sequence_of(py::handle iterable, const char* argument);

/// The texts of `iterable`, read along with the items (one for each: a ValueError otherwise, naming `argument` and
/// `items_name`), kept alive in `keep`: None is nullopt when `none_allowed`; one that cannot be read (another type,
/// lone surrogates) makes its item unreadable with that exception (unless the item already is: its own wins), so
/// that the item fails as the item itself would.
[[nodiscard]] std::vector<std::optional<text>> texts_along(py::handle iterable, items& in, py::object& keep,
                                                           const char* argument, const char* items_name,
                                                           bool none_allowed);

/// The bases of a batch of pairs: none, one for every item (`one`), or one for each (`each`, as long as the
/// items: a ValueError otherwise).
struct bases {
    std::optional<text> one;
    py::object one_object;  // the one base, kept alive
    std::optional<items> each;
};

/// The `bases` argument: None, a str or bytes for every item, or an iterable of them as long as `count`.
[[nodiscard]] bases collect_bases(py::handle b, std::size_t count, const char* items_name);

/// The number of threads `jobs` asks for, checked as the command-line tool checks --jobs: 1 to 256, or None for one
/// per core; ValueError for another number (0 included), TypeError for what is not an int.
[[nodiscard]] std::size_t thread_count(py::handle jobs);

}  // namespace pyiri::batch
