// The C API of the crawler's keys (include/iri.h: iri_surt, iri_canonicalize and their caller-buffer forms) over
// iri/crawl_keys.hpp.
#include <cstring>
#include <string>

#include "c_api/c_api_detail.hpp"
#include "iri.h"
#include "iri/crawl_keys.hpp"

using namespace iri::detail::c_api;

namespace {

int read(const iri_surt_options* given, iri::crawl::surt_options& out, iri_error* err) noexcept {
    iri_surt_options o = IRI_SURT_OPTIONS_INIT;
    if (const int s = read_options(given, o, err)) return s;
    if (o.format != IRI_SURT_FORMAT_IA && o.format != IRI_SURT_FORMAT_HERITRIX)
        return fail(err, IRI_E_INVALID_ARGUMENT, "unknown SURT format");
    out = {.with_scheme = o.with_scheme != 0,
           .trailing_comma = o.trailing_comma != 0,
           .reverse_ipaddr = o.reverse_ipaddr != 0,
           .host_massage = o.host_massage != 0,
           .format =
               o.format == IRI_SURT_FORMAT_HERITRIX ? iri::crawl::surt_format::heritrix : iri::crawl::surt_format::ia};
    return IRI_OK;
}

int read(const iri_canonicalize_options* given, iri::crawl::canonicalize_options& out, iri_error* err) noexcept {
    iri_canonicalize_options o = IRI_CANONICALIZE_OPTIONS_INIT;
    if (const int s = read_options(given, o, err)) return s;
    if (o.profile < IRI_CANON_SAFE_BROWSING || o.profile > IRI_CANON_IA_ONLY)
        return fail(err, IRI_E_INVALID_ARGUMENT, "unknown canonicalization profile");
    out = {.profile = o.profile == IRI_CANON_IA        ? iri::crawl::canon_profile::ia
                      : o.profile == IRI_CANON_IA_ONLY ? iri::crawl::canon_profile::ia_only
                                                       : iri::crawl::canon_profile::safe_browsing,
           .keep_port = o.keep_port != 0,
           .host_massage = o.host_massage != 0};
    return IRI_OK;
}

// The key appended by `append` to a string of the call's own (the C++ writers append to a std::string), then
// handed out: allocated (`buf` NULL and `out` given) or copied into the caller's buffer.
template <class Append>
int produce(std::string_view url, const Append& append, char** out, std::size_t* out_len, char* buf,
            std::size_t capacity, iri_error* err) noexcept {
    return guarded(err, [&]() -> int {
        std::string key;
        const auto n = append(key, url);
        if (!n) return fail(err, n.error());
        if (out != nullptr) return give(key, out, out_len, err);
        *out_len = key.size();
        if (capacity <= key.size()) {
            char message[IRI_ERROR_MESSAGE_SIZE];
            std::snprintf(message, sizeof message, "the result needs %zu bytes and a NUL; the buffer has %zu",
                          key.size(), capacity);
            return fail(err, IRI_E_BUFFER_TOO_SMALL, message);
        }
        std::memcpy(buf, key.data(), key.size());
        buf[key.size()] = '\0';
        return IRI_OK;
    });
}

// The checks of the caller-buffer forms: out_len given, buf given unless capacity is 0, the URL usable.
int start_into(const char* url, std::size_t len, const char* buf, std::size_t capacity, std::size_t* out_len,
               iri_error* err) noexcept {
    if (const int s = check_arg(out_len, "no place for the length (out_len is NULL)", err)) return s;
    *out_len = 0;
    if (buf == nullptr && capacity != 0) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL buffer with a capacity");
    if (!usable(url, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL url with a non-zero length");
    return IRI_OK;
}

const auto surt_append = [](const iri::crawl::surt_options& o) {
    return [&o](std::string& key, std::string_view url) { return iri::crawl::append_surt(key, url, o); };
};
const auto canonical_append = [](const iri::crawl::canonicalize_options& o) {
    return [&o](std::string& key, std::string_view url) { return iri::crawl::append_canonicalized(key, url, o); };
};

}  // namespace

extern "C" {

int iri_surt(const char* url, size_t len, const iri_surt_options* options, char** out, size_t* out_len,
             iri_error* err) {
    if (const int s = start_output(url, len, out, err)) return s;
    iri::crawl::surt_options o;
    if (const int s = read(options, o, err)) return s;
    return produce(bytes(url, len), surt_append(o), out, out_len, nullptr, 0, err);
}

int iri_canonicalize(const char* url, size_t len, const iri_canonicalize_options* options, char** out, size_t* out_len,
                     iri_error* err) {
    if (const int s = start_output(url, len, out, err)) return s;
    iri::crawl::canonicalize_options o;
    if (const int s = read(options, o, err)) return s;
    return produce(bytes(url, len), canonical_append(o), out, out_len, nullptr, 0, err);
}

int iri_surt_into(const char* url, size_t len, const iri_surt_options* options, char* buf, size_t capacity,
                  size_t* out_len, iri_error* err) {
    if (const int s = start_into(url, len, buf, capacity, out_len, err)) return s;
    iri::crawl::surt_options o;
    if (const int s = read(options, o, err)) return s;
    return produce(bytes(url, len), surt_append(o), nullptr, out_len, buf, capacity, err);
}

int iri_canonicalize_into(const char* url, size_t len, const iri_canonicalize_options* options, char* buf,
                          size_t capacity, size_t* out_len, iri_error* err) {
    if (const int s = start_into(url, len, buf, capacity, out_len, err)) return s;
    iri::crawl::canonicalize_options o;
    if (const int s = read(options, o, err)) return s;
    return produce(bytes(url, len), canonical_append(o), nullptr, out_len, buf, capacity, err);
}

}  // extern "C"
