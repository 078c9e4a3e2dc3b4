// What the files of the C API (include/iri.h) share: grammar numbers, error reporting, result strings, and the
// guard that keeps every C++ exception inside the library.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "iri.h"
#include "iri/error.hpp"
#include "iri/grammar.hpp"
#include "iri/normalize.hpp"

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

/// What the checks know of each sized struct of iri.h: its name, and the size of its first version. A later
/// version only adds fields at the end, so a caller built against any version gives at least that size; a smaller
/// one (0: a struct never initialized with its _INIT macro) is an error, never read as the defaults.
template <class Sized>
struct sized_struct {};  // every struct with a `size` field has a specialization below (check_arg asserts it)
template <>
struct sized_struct<iri_components> {
    static constexpr const char* name = "iri_components";
    static constexpr std::size_t first_version = offsetof(iri_components, spans) + sizeof(iri_components::spans);
};
template <>
struct sized_struct<iri_normalize_options> {
    static constexpr const char* name = "iri_normalize_options";
    static constexpr std::size_t first_version = offsetof(iri_normalize_options, keep_fragment) + sizeof(int);
};
template <>
struct sized_struct<iri_to_uri_options> {
    static constexpr const char* name = "iri_to_uri_options";
    static constexpr std::size_t first_version = offsetof(iri_to_uri_options, encode_unsafe_ascii) + sizeof(int);
};
template <>
struct sized_struct<iri_to_iri_options> {
    static constexpr const char* name = "iri_to_iri_options";
    static constexpr std::size_t first_version = offsetof(iri_to_iri_options, unicode_hosts) + sizeof(int);
};
template <>
struct sized_struct<iri_surt_options> {
    static constexpr const char* name = "iri_surt_options";
    static constexpr std::size_t first_version = offsetof(iri_surt_options, format) + sizeof(int);
};
template <>
struct sized_struct<iri_canonicalize_options> {
    static constexpr const char* name = "iri_canonicalize_options";
    static constexpr std::size_t first_version = offsetof(iri_canonicalize_options, host_massage) + sizeof(int);
};
template <>
struct sized_struct<iri_diagnostic> {
    static constexpr const char* name = "iri_diagnostic";
    static constexpr std::size_t first_version = offsetof(iri_diagnostic, spec) + sizeof(const char*);
};
template <>
struct sized_struct<iri_match> {
    static constexpr const char* name = "iri_match";
    static constexpr std::size_t first_version = offsetof(iri_match, delimiter) + sizeof(int);
};

/// The argument check of the C API: IRI_OK when `p` is given (or may be absent: `optional`) and, for a sized
/// struct, its `size` covers the struct's first version; otherwise IRI_E_INVALID_ARGUMENT, with a message naming
/// `what` (the parameter) or the struct, in `err`.
template <class T>
int check_arg(const T* p, const char* what, iri_error* err, bool optional = false) noexcept {
    if (p == nullptr) return optional ? IRI_OK : fail(err, IRI_E_INVALID_ARGUMENT, what);
    if constexpr (requires { p->size; }) {
        static_assert(
            requires { sized_struct<T>::first_version; }, "a sized struct names its first version");
        if (p->size < sized_struct<T>::first_version) {
            char message[IRI_ERROR_MESSAGE_SIZE];
            std::snprintf(message, sizeof message,
                          "%s.size %zu is smaller than its first version (%zu): set it with "
                          "the _INIT macro",
                          sized_struct<T>::name, p->size, sized_struct<T>::first_version);
            return fail(err, IRI_E_INVALID_ARGUMENT, message);
        }
    }
    return IRI_OK;
}

/// The caller's options struct (NULL: the defaults) read into `o`, which holds the defaults: the fields its `size`
/// covers replace them. IRI_OK, or the error of check_arg.
template <class Options>
[[nodiscard]] int read_options(const Options* given, Options& o, iri_error* err) noexcept {
    if (const int s = check_arg(given, "no options", err, true); s != IRI_OK || given == nullptr) return s;
    const std::size_t n = given->size < sizeof(Options) ? given->size : sizeof(Options);
    std::memcpy(reinterpret_cast<char*>(&o) + sizeof(std::size_t),
                reinterpret_cast<const char*>(given) + sizeof(std::size_t), n - sizeof(std::size_t));
    return IRI_OK;
}

/// Copies the fields of `full` that the caller's struct (of out->size bytes) has room for; false when it has
/// none (a size smaller than the size field itself). Structs with a first version are checked by check_arg first;
/// iri_error, which cannot report its own size, takes what fits.
template <class Sized>
bool write_sized(Sized* out, const Sized& full) noexcept {
    if (out == nullptr || out->size < sizeof(std::size_t)) return false;
    const std::size_t n = out->size < sizeof(Sized) ? out->size : sizeof(Sized);
    std::memcpy(reinterpret_cast<char*>(out) + sizeof(std::size_t),
                reinterpret_cast<const char*>(&full) + sizeof(std::size_t), n - sizeof(std::size_t));
    return true;
}

/// The caller's normalization options (NULL: the defaults) as the library's; IRI_E_INVALID_ARGUMENT for a struct
/// too small or an unknown rung.
int read_normalize_options(const iri_normalize_options* given, iri::normalize_options& out, iri_error* err) noexcept;

/// The checks every function that hands out a new string or handle starts with: `out` given and set to NULL, the
/// input usable.
template <class Out>
int start_output(const char* text, std::size_t len, Out** out, iri_error* err) noexcept {
    if (const int s = check_arg(out, "no place for the result (out is NULL)", err)) return s;
    *out = nullptr;
    if (!usable(text, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL text with a non-zero length");
    return IRI_OK;
}

}  // namespace iri::detail::c_api
