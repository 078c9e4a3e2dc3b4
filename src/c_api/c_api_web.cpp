// The C API (include/iri.h): the web's URLs, an iri::web::url (iri/web.hpp) behind an opaque pointer, read
// through views into the href it holds and changed by the URL class's setters (URL Standard §6.1).
#include "c_api/c_api_detail.hpp"
#include "iri/web.hpp"

using namespace iri::detail::c_api;

struct iri_web_url {
    iri::web::url value;
};

namespace {

iri_string_view view(const iri_web_url* url, std::string_view (iri::web::url::*get)() const noexcept) noexcept {
    if (url == nullptr) return {nullptr, 0};
    const std::string_view s = (url->value.*get)();
    // An empty getter's view may have no pointer; the handle's href is never NULL, so point there.
    return {s.data() != nullptr ? s.data() : url->value.href().data(), s.size()};
}

// A setter of §6.1 (which the Standard may ignore) with the argument checks and the exception guard of the others.
int set(iri_web_url* url, const char* value, std::size_t len, iri_error* err,
        void (iri::web::url::*setter)(std::string_view)) noexcept {
    if (const int s = check_arg(url, "no URL (url is NULL)", err)) return s;
    if (!usable(value, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL value with a non-zero length");
    return guarded(err, [&]() -> int {
        (url->value.*setter)(bytes(value, len));
        return IRI_OK;
    });
}

}  // namespace

extern "C" {

int iri_web_parse(const char* input, size_t len, const iri_web_url* base, iri_web_url** out, iri_error* err) {
    if (const int s = start_output(input, len, out, err)) return s;
    return guarded(err, [&]() -> int {
        auto u = iri::web::parse(bytes(input, len), base != nullptr ? &base->value : nullptr);
        if (!u) return fail(err, u.error());
        *out = new iri_web_url{std::move(*u)};
        return IRI_OK;
    });
}

int iri_web_can_parse(const char* input, size_t len, const iri_web_url* base) {
    if (!usable(input, len)) return 0;
    return iri::web::can_parse(bytes(input, len), base != nullptr ? &base->value : nullptr) ? 1 : 0;
}

void iri_web_free(iri_web_url* url) { delete url; }

iri_string_view iri_web_href(const iri_web_url* url) {
    if (url == nullptr) return {nullptr, 0};
    const std::string_view h = url->value.href();  // the handle's std::string: NUL-terminated
    return {h.data(), h.size()};
}
// iri_web_protocol ... iri_web_hash: the getters of iri/web_getters.def.
#define IRI_WEB_GETTER(name, what) \
  iri_string_view iri_web_##name(const iri_web_url* url) { return view(url, &iri::web::url::name); }
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER

int iri_web_origin(const iri_web_url* url, char** out, size_t* out_len, iri_error* err) {
    if (const int s = check_arg(out, "no place for the result (out is NULL)", err)) return s;
    *out = nullptr;
    if (const int s = check_arg(url, "no URL (url is NULL)", err)) return s;
    return guarded(err, [&]() -> int { return give(url->value.origin(), out, out_len, err); });
}

int iri_web_set_href(iri_web_url* url, const char* value, size_t len, iri_error* err) {
    if (const int s = check_arg(url, "no URL (url is NULL)", err)) return s;
    if (!usable(value, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL value with a non-zero length");
    return guarded(err, [&]() -> int {
        auto r = url->value.set_href(bytes(value, len));
        return r ? IRI_OK : fail(err, r.error());
    });
}
// iri_web_set_protocol ... iri_web_set_hash: the setters of the getters of iri/web_getters.def.
#define IRI_WEB_GETTER(name, what)                                                          \
  int iri_web_set_##name(iri_web_url* url, const char* value, size_t len, iri_error* err) { \
    return set(url, value, len, err, &iri::web::url::set_##name);                           \
  }
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER

}  // extern "C"
