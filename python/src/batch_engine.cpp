#include "batch_engine.hpp"

namespace pyiri::batch {

on_error errors_named(std::string_view errors) {
    if (errors == "none") return on_error::none;
    if (errors == "raise") return on_error::raise;
    if (errors == "return") return on_error::give;
    throw py::value_error("errors must be 'none', 'raise' or 'return'");
}

void raise_object(const py::object& exception) {
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
    throw py::error_already_set();
}

py::list answer_list(std::vector<slice>&& slices, const items& in, on_error errors,
                     const std::function<const text&(std::size_t)>& base_text) {
    const auto exception_of = [&](const item_failure& x) {
        const bool about_base = x.input != nullptr && std::string_view(x.input) == "base";
        return error_object(x.error, about_base ? base_text(x.item) : in.texts[x.item], x.input);
    };
    if (errors == on_error::raise) {  // the first failure in input order: the first of its slice
        for (const slice& s : slices)
            for (const slice::answer k : s.kinds_) {
                if (k == slice::answer::failed) raise_object(exception_of(s.failures.front()));
                if (k == slice::answer::unreadable) raise_object(in.unreadable.front().second);
            }
    }
    py::list list(in.size());
    PyObject** items_of = PySequence_Fast_ITEMS(in.keep.ptr());
    std::size_t i = 0, unread = 0;
    for (slice& s : slices) {
        std::size_t from = 0, failed = 0;
        PyObject* last = nullptr;  // the last str made from this slice's buffer, and its bytes there
        std::string_view last_answer;
        for (std::size_t k = 0; k < s.kinds_.size(); ++k, ++i) {
            const std::size_t end = s.ends_[k];
            PyObject* v = nullptr;
            switch (s.kinds_[k]) {
                case slice::answer::value: {
                    // An answer equal to its item, a str (an href already normal, a URL already serialized): the
                    // item itself, as strs are immutable; no second copy of it is made or held.
                    const std::string_view answer(s.buffer.data() + from, end - from);
                    if (in.texts[i].is_str && in.texts[i].bytes == answer) {
                        v = Py_NewRef(items_of[i]);
                        break;
                    }
                    // Equal to the answer before it (the site of the next link of the same site): that str again.
                    if (last != nullptr && answer == last_answer) {
                        v = Py_NewRef(last);
                        break;
                    }
                    v = PyUnicode_DecodeUTF8(answer.data(), static_cast<Py_ssize_t>(answer.size()), "surrogateescape");
                    if (v == nullptr) throw py::error_already_set();
                    last = v, last_answer = answer;
                    break;
                }
                case slice::answer::none: v = Py_NewRef(Py_None); break;
                case slice::answer::failed: {
                    const item_failure& x = s.failures[failed++];
                    v = errors == on_error::give ? exception_of(x).release().ptr() : Py_NewRef(Py_None);
                    break;
                }
                case slice::answer::unreadable: {
                    const py::object& e = in.unreadable[unread++].second;
                    v = errors == on_error::give ? Py_NewRef(e.ptr()) : Py_NewRef(Py_None);
                    break;
                }
            }
            from = end;
            PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), v);
        }
        s = slice();
    }
    return list;
}

}  // namespace pyiri::batch
