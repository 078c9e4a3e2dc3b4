// The C API (include/iri.h): the Public Suffix List, over iri::crawl::public_suffix_list.
#include "c_api/c_api_detail.hpp"
#include "c_api/c_api_psl.hpp"
#include "iri/public_suffix.hpp"

using namespace iri::detail::c_api;

struct iri_psl {
    iri::crawl::public_suffix_list list;
};

namespace {

// The system's list, loaded on first use (once, whichever thread comes first), or why it could not be.
const iri::crawl::psl_loaded& system_list() {
    static const iri::crawl::psl_loaded loaded = iri::crawl::public_suffix_list::load_default();
    return loaded;
}

// One answer of `psl` (NULL: the system's list) for the input: the public suffix or the registrable domain.
int answer(const iri_psl* psl, const char* text, size_t len, int sections, bool domain, char** out, size_t* out_len,
           iri_error* err) noexcept {
    if (const int s = start_output(text, len, out, err)) return s;
    if (out_len != nullptr) *out_len = 0;
    if (sections != IRI_PSL_ALL_SECTIONS && sections != IRI_PSL_ICANN_ONLY)
        return fail(err, IRI_E_INVALID_ARGUMENT, "sections is neither IRI_PSL_ALL_SECTIONS nor IRI_PSL_ICANN_ONLY");
    return guarded(err, [&]() -> int {
        const iri::crawl::public_suffix_list* list = psl != nullptr ? &psl->list : nullptr;
        if (list == nullptr) {
            const auto& system = system_list();
            if (!system.list) return fail(err, IRI_E_CANNOT_LOAD, system.error.c_str());
            list = &*system.list;
        }
        const auto s = list->lookup_url_or_host(bytes(text, len), sections == IRI_PSL_ICANN_ONLY
                                                                      ? iri::crawl::psl_sections::icann_only
                                                                      : iri::crawl::psl_sections::all);
        if (!s) return fail(err, s.error());
        const std::optional<std::string>& value = domain ? s->registrable_domain : s->public_suffix;
        return value ? give(*value, out, out_len, err) : IRI_OK;
    });
}

}  // namespace

namespace iri::detail::c_api {

const iri::crawl::public_suffix_list* psl_or_system(const iri_psl* psl, iri_error* err, int& status) noexcept {
    if (psl != nullptr) return &psl->list;
    const auto& system = system_list();
    if (system.list) return &*system.list;
    status = fail(err, IRI_E_CANNOT_LOAD, system.error.c_str());
    return nullptr;
}

bool to_host_form(int form, iri::crawl::host_form& out) noexcept {
    switch (form) {
        case IRI_HOST_FORM_INPUT: out = iri::crawl::host_form::input; return true;
        case IRI_HOST_FORM_ASCII: out = iri::crawl::host_form::ascii; return true;
        case IRI_HOST_FORM_UNICODE: out = iri::crawl::host_form::unicode; return true;
        default: return false;
    }
}

}  // namespace iri::detail::c_api

extern "C" {

int iri_psl_load(const char* path, iri_psl** out, iri_error* err) {
    if (const int s = check_arg(out, "no place for the list (out is NULL)", err)) return s;
    *out = nullptr;
    return guarded(err, [&]() -> int {
        auto loaded = path == nullptr ? iri::crawl::public_suffix_list::load_default()
                                      : iri::crawl::public_suffix_list::load_file(path);
        if (!loaded.list) return fail(err, IRI_E_CANNOT_LOAD, loaded.error.c_str());
        *out = new iri_psl{std::move(*loaded.list)};
        return IRI_OK;
    });
}

void iri_psl_free(iri_psl* psl) { delete psl; }

int iri_public_suffix(const iri_psl* psl, const char* host_or_url, size_t len, int sections, char** out,
                      size_t* out_len, iri_error* err) {
    return answer(psl, host_or_url, len, sections, false, out, out_len, err);
}

int iri_registrable_domain(const iri_psl* psl, const char* host_or_url, size_t len, int sections, char** out,
                           size_t* out_len, iri_error* err) {
    return answer(psl, host_or_url, len, sections, true, out, out_len, err);
}

}  // extern "C"
