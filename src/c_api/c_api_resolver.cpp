// The C API (include/iri.h): the resolver handle, iri::resolver (iri/resolver.hpp) behind an opaque pointer, its
// results copied into the caller's buffer; and its batches.
#include <cstdio>
#include <string>

#include "c_api/c_api_detail.hpp"
#include "iri/resolver.hpp"

using namespace iri::detail::c_api;

struct iri_resolver {
    iri::resolver normal;  // the caller's options: normalize and key
    // Rung simple with the fragment kept: normalizing changes nothing, so its normal form of a target is the target
    // as resolution writes it (resolver.hpp: the result is normalize(resolve(base, href))), without an allocation.
    // Rebased when first needed, so that a caller who only normalizes parses each base once.
    iri::resolver plain;
    std::string buffer;         // one href's result, reused from one href to the next
    bool has_base = true;       // false after a failed rebase
    bool plain_current = true;  // `plain` has the base of `normal`
};

namespace {

constexpr iri::normalize_options as_resolved{.rung = iri::rung::simple, .nfc = false, .keep_fragment = true};

// The result of `operation` (IRI_RESOLVER_*) for `href`, in r.buffer. An href's parse error is about input 1, a
// missing base (a failed rebase) about input 0.
int run(iri_resolver& r, int operation, std::string_view href, iri_error* err) {
    r.buffer.clear();
    const bool plain = operation == IRI_RESOLVER_RESOLVE && r.has_base;  // without a base `normal` gives the error
    if (plain && !r.plain_current) {
        if (auto b = r.plain.rebase(r.normal.base().str()); !b) return fail(err, b.error(), 0);
        r.plain_current = true;
    }
    const auto n = plain                           ? r.plain.append_normalized(r.buffer, href)
                   : operation == IRI_RESOLVER_KEY ? r.normal.append_key(r.buffer, href)
                                                   : r.normal.append_normalized(r.buffer, href);
    if (!n) return fail(err, n.error(), n.error().code == iri::errc::base_not_absolute ? 0 : 1);
    return IRI_OK;
}

bool is_operation(int operation) noexcept { return operation >= IRI_RESOLVER_RESOLVE && operation <= IRI_RESOLVER_KEY; }

// The checks every call with a caller's buffer makes: a resolver, a place for the count, a buffer when it has a
// capacity.
int check_buffer_call(const iri_resolver* r, const char* buf, std::size_t capacity, const void* count,
                      const char* no_count, iri_error* err) noexcept {
    if (const int s = check_arg(r, "no resolver (NULL)", err)) return s;
    if (const int s = check_arg(count, no_count, err)) return s;
    if (buf == nullptr && capacity != 0) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL buffer with a capacity");
    return IRI_OK;
}

// The single-href calls: the result and its NUL into buf, or IRI_E_BUFFER_TOO_SMALL; *out_len its length.
int into_buffer(iri_resolver* r, int operation, const char* href, std::size_t href_len, char* buf, std::size_t capacity,
                std::size_t* out_len, iri_error* err) noexcept {
    if (const int s = check_buffer_call(r, buf, capacity, out_len, "no place for the length (out_len is NULL)", err))
        return s;
    *out_len = 0;
    if (!usable(href, href_len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL href with a non-zero length");
    return guarded(err, [&]() -> int {
        if (const int s = run(*r, operation, bytes(href, href_len), err)) return s;
        const std::size_t n = r->buffer.size();
        *out_len = n;
        if (n >= capacity) {
            char message[IRI_ERROR_MESSAGE_SIZE];
            std::snprintf(message, sizeof message, "the result needs %zu bytes and a NUL; the buffer has %zu", n,
                          capacity);
            return fail(err, IRI_E_BUFFER_TOO_SMALL, message);
        }
        std::memcpy(buf, r->buffer.data(), n);
        buf[n] = '\0';
        return IRI_OK;
    });
}

}  // namespace

extern "C" {

int iri_resolver_make(const char* base, size_t base_len, int grammar, const iri_normalize_options* options, int strict,
                      iri_resolver** out, iri_error* err) {
    if (const int s = start_output(base, base_len, out, err)) return s;
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    iri::normalize_options o;
    if (const int s = read_normalize_options(options, o, err)) return s;
    const iri::resolve_options ro{.strict = strict != 0};
    return guarded(err, [&]() -> int {
        auto normal = iri::resolver::make(bytes(base, base_len), *g, o, ro);
        if (!normal) return fail(err, normal.error(), 0);
        auto plain = iri::resolver::make(bytes(base, base_len), *g, as_resolved, ro);
        if (!plain) return fail(err, plain.error(), 0);
        *out = new iri_resolver{std::move(*normal), std::move(*plain), {}, true, true};
        return IRI_OK;
    });
}

int iri_resolver_rebase(iri_resolver* resolver, const char* base, size_t base_len, iri_error* err) {
    if (const int s = check_arg(resolver, "no resolver (NULL)", err)) return s;
    if (!usable(base, base_len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL base with a non-zero length");
    return guarded(err, [&]() -> int {
        const std::string_view b = bytes(base, base_len);
        resolver->has_base = false;
        resolver->plain_current = false;
        if (auto normal = resolver->normal.rebase(b); !normal) return fail(err, normal.error(), 0);
        resolver->has_base = true;
        return IRI_OK;
    });
}

iri_string_view iri_resolver_base(const iri_resolver* resolver) {
    if (resolver == nullptr) return {nullptr, 0};
    if (!resolver->has_base) return {"", 0};
    const std::string_view b = resolver->normal.base().str();
    return {b.data(), b.size()};
}

void iri_resolver_free(iri_resolver* resolver) { delete resolver; }

int iri_resolver_resolve(iri_resolver* resolver, const char* href, size_t href_len, char* buf, size_t capacity,
                         size_t* out_len, iri_error* err) {
    return into_buffer(resolver, IRI_RESOLVER_RESOLVE, href, href_len, buf, capacity, out_len, err);
}

int iri_resolver_normalize(iri_resolver* resolver, const char* href, size_t href_len, char* buf, size_t capacity,
                           size_t* out_len, iri_error* err) {
    return into_buffer(resolver, IRI_RESOLVER_NORMALIZE, href, href_len, buf, capacity, out_len, err);
}

int iri_resolver_key(iri_resolver* resolver, const char* href, size_t href_len, char* buf, size_t capacity,
                     size_t* out_len, iri_error* err) {
    return into_buffer(resolver, IRI_RESOLVER_KEY, href, href_len, buf, capacity, out_len, err);
}

int iri_resolver_batch(iri_resolver* resolver, int operation, const char* const* hrefs, const size_t* href_lens,
                       size_t n, char* buf, size_t capacity, size_t* offsets, int* statuses, size_t* done,
                       iri_error* err) {
    if (const int s = check_buffer_call(resolver, buf, capacity, done, "no place for the count (done is NULL)", err))
        return s;
    *done = 0;
    if (const int s = check_arg(offsets, "no place for the offsets (offsets is NULL)", err)) return s;
    if (const int s = check_arg(statuses, "no place for the statuses (statuses is NULL)", err)) return s;
    if (n != 0 && (hrefs == nullptr || href_lens == nullptr))
        return fail(err, IRI_E_INVALID_ARGUMENT, "NULL hrefs or href_lens with n > 0");
    if (!is_operation(operation)) return fail(err, IRI_E_INVALID_ARGUMENT, "unknown operation");
    offsets[0] = 0;
    return guarded(err, [&]() -> int {
        std::size_t at = 0;
        for (std::size_t i = 0; i < n; ++i) {
            statuses[i] = usable(hrefs[i], href_lens[i])
                              ? run(*resolver, operation, bytes(hrefs[i], href_lens[i]), nullptr)
                              : IRI_E_INVALID_ARGUMENT;
            const std::size_t size = statuses[i] == IRI_OK ? resolver->buffer.size() : 0;
            offsets[i + 1] = at + size;
            if (size > capacity - at) {
                statuses[i] = IRI_E_BUFFER_TOO_SMALL;
                return fail(err, IRI_E_BUFFER_TOO_SMALL, "the buffer is full: call again with the hrefs not done");
            }
            if (size != 0) std::memcpy(buf + at, resolver->buffer.data(), size);
            at += size;
            *done = i + 1;
        }
        return IRI_OK;
    });
}

}  // extern "C"
