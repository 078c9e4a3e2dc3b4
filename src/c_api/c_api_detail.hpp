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

/// The caller's options struct read as far as its `size` field says, over `defaults` (all of them when NULL).
template <class Options>
[[nodiscard]] Options read_options(const Options* given, Options defaults) noexcept {
    if (given == nullptr || given->size < sizeof(std::size_t)) return defaults;
    const std::size_t n = given->size < sizeof(Options) ? given->size : sizeof(Options);
    std::memcpy(reinterpret_cast<char*>(&defaults) + sizeof(std::size_t),
                reinterpret_cast<const char*>(given) + sizeof(std::size_t), n - sizeof(std::size_t));
    return defaults;
}

/// Copies the fields of `full` that the caller's struct (of out->size bytes) has room for; false when it has
/// none (a size smaller than the size field itself).
template <class Sized>
bool write_sized(Sized* out, const Sized& full) noexcept {
    if (out == nullptr || out->size < sizeof(std::size_t)) return false;
    const std::size_t n = out->size < sizeof(Sized) ? out->size : sizeof(Sized);
    std::memcpy(reinterpret_cast<char*>(out) + sizeof(std::size_t),
                reinterpret_cast<const char*>(&full) + sizeof(std::size_t), n - sizeof(std::size_t));
    return true;
}

/// The checks every string-producing function starts with: `out` given and set to NULL, the input usable.
int start_output(const char* text, std::size_t len, char** out, iri_error* err) noexcept;

}  // namespace iri::detail::c_api
