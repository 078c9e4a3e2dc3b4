// What the files of the C API (include/iri.h) share: grammar numbers, error reporting, result strings, and the
// guard that keeps every C++ exception inside the library.
#pragma once

#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "iri.h"
#include "iri/error.hpp"
#include "iri/grammar.hpp"

namespace iri::detail::c_api {

/// The grammar a C grammar number stands for (IRI_GRAMMAR_DEFAULT: grammar::iri), or nullopt.
[[nodiscard]] std::optional<grammar> to_grammar(int g) noexcept;

/// True when a C production number names a production.
[[nodiscard]] bool is_production(int p) noexcept;

/// True when (text, len) is a usable input: a pointer, or no pointer and no bytes.
[[nodiscard]] inline bool usable(const char* text, std::size_t len) noexcept { return text != nullptr || len == 0; }

/// The bytes of a usable input.
[[nodiscard]] inline std::string_view bytes(const char* text, std::size_t len) noexcept {
    return len == 0 ? std::string_view() : std::string_view(text, len);
}

/// Fills `err` (when not NULL) with a failure of the C interface itself; returns `code`.
int fail(iri_error* err, int code, const char* message) noexcept;

/// Fills `err` (when not NULL) with a library error about input number `input`; returns its code.
int fail(iri_error* err, const iri::error& e, int input = 0) noexcept;

/// Hands `s` to the caller as a malloc'd NUL-terminated copy (freed with iri_free); IRI_OK or IRI_E_NO_MEMORY.
int give(const std::string& s, char** out, std::size_t* out_len, iri_error* err) noexcept;

/// Runs `body` (which returns a status) so that no exception leaves it: allocation failure is IRI_E_NO_MEMORY,
/// anything else IRI_E_INTERNAL.
template <class Body>
int guarded(iri_error* err, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(err, IRI_E_NO_MEMORY, "out of memory");
    } catch (...) {
        return fail(err, IRI_E_INTERNAL, "internal error");
    }
}

/// The C API's sized structs (iri_components, the options, the list items) begin with `size`, the struct's size as
/// the caller's iri.h declares it: the fields the library reads or writes are those that fit in it. A struct is
/// usable when it is there and holds at least its size field.
template <class Sized>
[[nodiscard]] bool usable_sized(const Sized* s) noexcept {
    return s != nullptr && s->size >= sizeof(std::size_t);
}

/// Copies the fields after `size` of a usable struct, as many as both its size and this library's have.
template <class Sized>
void copy_sized_fields(Sized* to, const Sized* from, std::size_t caller_size) noexcept {
    const std::size_t n = caller_size < sizeof(Sized) ? caller_size : sizeof(Sized);
    std::memcpy(reinterpret_cast<char*>(to) + sizeof(std::size_t),
                reinterpret_cast<const char*>(from) + sizeof(std::size_t), n - sizeof(std::size_t));
}

/// The caller's options struct read as far as its `size` field says, over `defaults` (all of them when NULL).
template <class Options>
[[nodiscard]] Options read_options(const Options* given, Options defaults) noexcept {
    if (!usable_sized(given)) return defaults;
    copy_sized_fields(&defaults, given, given->size);
    return defaults;
}

/// Copies the fields of `full` that the caller's struct (of out->size bytes) has room for; false when it is not
/// usable (NULL, or a size smaller than the size field itself).
template <class Sized>
bool write_sized(Sized* out, const Sized& full) noexcept {
    if (!usable_sized(out)) return false;
    copy_sized_fields(out, &full, out->size);
    return true;
}

/// The checks every function that hands out a result (a string, a list) starts with: `out` given and set to NULL,
/// the input usable.
template <class Result>
int start_output(const char* text, std::size_t len, Result** out, iri_error* err) noexcept {
    if (out == nullptr) return fail(err, IRI_E_INVALID_ARGUMENT, "no place for the result (out is NULL)");
    *out = nullptr;
    if (!usable(text, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL text with a non-zero length");
    return IRI_OK;
}

/// The number of items of a list handed to the caller (0 for NULL).
template <class List>
[[nodiscard]] std::size_t count_of(const List* list) noexcept {
    return list == nullptr ? 0 : list->items.size();
}

/// Item `i` of a list handed to the caller, or nullptr when there is no list or no such item.
template <class List>
[[nodiscard]] auto item_of(const List* list, std::size_t i) noexcept -> decltype(&list->items[i]) {
    return i < count_of(list) ? &list->items[i] : nullptr;
}

}  // namespace iri::detail::c_api
