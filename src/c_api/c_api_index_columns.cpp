// The C API (include/iri.h): one spelling of a site, and Common Crawl's URL index columns, over
// iri::crawl::public_suffix_list and iri/index_columns.hpp.
#include <cstddef>

#include "c_api/c_api_detail.hpp"
#include "c_api/c_api_psl.hpp"
#include "iri/index_columns.hpp"

using namespace iri::detail::c_api;

struct iri_index_row {
    iri::crawl::index_row row;
};

namespace iri::detail::c_api {
template <>
struct sized_struct<iri_index_columns> {
    static constexpr const char* name = "iri_index_columns";
    static constexpr std::size_t first_version = offsetof(iri_index_columns, port) + sizeof(int);
};
}  // namespace iri::detail::c_api

namespace {

// A new C string of `s`, or NULL for none, into *out when out is given.
int give_optional(const std::optional<std::string>& s, char** out, iri_error* err) noexcept {
    if (out == nullptr) return IRI_OK;
    *out = nullptr;
    return s ? give(*s, out, nullptr, err) : IRI_OK;
}

}  // namespace

extern "C" {

int iri_site(const iri_psl* psl, const char* host_or_url, size_t len, int sections, int host_form, char** public_suffix,
             char** registrable_domain, iri_error* err) {
    if (public_suffix != nullptr) *public_suffix = nullptr;
    if (registrable_domain != nullptr) *registrable_domain = nullptr;
    if (!usable(host_or_url, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "host_or_url is NULL with a length");
    iri::crawl::host_form form{};
    if (!to_host_form(host_form, form)) return fail(err, IRI_E_INVALID_ARGUMENT, "host_form is no IRI_HOST_FORM_*");
    if (sections != IRI_PSL_ALL_SECTIONS && sections != IRI_PSL_ICANN_ONLY)
        return fail(err, IRI_E_INVALID_ARGUMENT, "sections is neither IRI_PSL_ALL_SECTIONS nor IRI_PSL_ICANN_ONLY");
    return guarded(err, [&]() -> int {
        int status = IRI_OK;
        const iri::crawl::public_suffix_list* list = psl_or_system(psl, err, status);
        if (list == nullptr) return status;
        const auto s = list->lookup_url_or_host(
            bytes(host_or_url, len), {.sections = sections == IRI_PSL_ICANN_ONLY ? iri::crawl::psl_sections::icann_only
                                                                                 : iri::crawl::psl_sections::all,
                                      .form = form});
        if (!s) return fail(err, s.error());
        if (const int r = give_optional(s->public_suffix, public_suffix, err); r != IRI_OK) return r;
        if (const int r = give_optional(s->registrable_domain, registrable_domain, err); r != IRI_OK) {
            if (public_suffix != nullptr) iri_free(*public_suffix), *public_suffix = nullptr;
            return r;
        }
        return IRI_OK;
    });
}

const char* iri_index_column_name(int column) {
    if (column < 0 || column >= IRI_INDEX_COLUMN_COUNT) return nullptr;
    return iri::crawl::name(static_cast<iri::crawl::index_column>(column));
}

int iri_index_row_new(iri_index_row** out, iri_error* err) {
    if (const int s = check_arg(out, "no place for the row (out is NULL)", err)) return s;
    *out = nullptr;
    return guarded(err, [&]() -> int {
        *out = new iri_index_row{};
        return IRI_OK;
    });
}

void iri_index_row_free(iri_index_row* row) { delete row; }

int iri_index_columns_of(const iri_psl* psl, iri_index_row* row, const char* url, size_t len, int host_form,
                         iri_index_columns* out, iri_error* err) {
    if (const int s = check_arg(row, "no row (row is NULL)", err)) return s;
    if (const int s = check_arg(out, "no place for the columns (out is NULL)", err)) return s;
    for (iri_string_view& v : out->columns) v = {nullptr, 0};
    out->port = -1;
    if (!usable(url, len)) return fail(err, IRI_E_INVALID_ARGUMENT, "url is NULL with a length");
    iri::crawl::host_form form{};
    if (!to_host_form(host_form, form) || form == iri::crawl::host_form::input)
        return fail(err, IRI_E_INVALID_ARGUMENT, "host_form is neither IRI_HOST_FORM_ASCII nor IRI_HOST_FORM_UNICODE");
    return guarded(err, [&]() -> int {
        int status = IRI_OK;
        const iri::crawl::public_suffix_list* list = psl_or_system(psl, err, status);
        if (list == nullptr) return status;
        if (auto r = iri::crawl::index_columns_into(row->row, bytes(url, len), *list, {.form = form}); !r)
            return fail(err, r.error());
        for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i)
            if (const auto v = row->row[static_cast<iri::crawl::index_column>(i)])
                out->columns[i] = {v->data(), v->size()};
        if (const auto port = row->row.port()) out->port = *port;
        return IRI_OK;
    });
}

}  // extern "C"
