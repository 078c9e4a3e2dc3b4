// The C API (include/iri.h): the lists of check (diagnostics) and extract (IRIs in running text).
#include "c_api/c_api_detail.hpp"
#include "iri/check.hpp"
#include "iri/extract.hpp"

#include <vector>

using namespace iri::detail::c_api;

struct iri_diagnostics {
    std::vector<iri::diagnostic> items;
};

struct iri_matches {
    std::vector<iri::extracted> items;
};

namespace {

// Runs `find` (text -> vector) into a new list of type List handed to the caller.
template <class List, class Find>
int make_list(const char* text, size_t len, int grammar, List** out, iri_error* err, Find find) noexcept {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    return guarded(err, [&]() -> int {
        *out = new List{find(bytes(text, len), *g)};
        return IRI_OK;
    });
}

}  // namespace

extern "C" {

int iri_check(const char* text, size_t len, int grammar, iri_diagnostics** out, iri_error* err) {
    return make_list(text, len, grammar, out, err, [](std::string_view t, iri::grammar g) { return iri::check(t, g); });
}

size_t iri_diagnostics_count(const iri_diagnostics* list) { return list == nullptr ? 0 : list->items.size(); }

int iri_diagnostics_get(const iri_diagnostics* list, size_t i, iri_diagnostic* out) {
    if (list == nullptr || i >= list->items.size() || check_arg(out, "no place for the item (out is NULL)", nullptr))
        return IRI_E_INVALID_ARGUMENT;
    const iri::diagnostic& d = list->items[i];
    const iri_diagnostic full{
        sizeof(iri_diagnostic), d.code.c_str(), static_cast<int>(d.level), d.begin, d.end, static_cast<int>(d.where),
        d.message.c_str(),      d.spec.c_str()};
    write_sized(out, full);
    return IRI_OK;
}

void iri_diagnostics_free(iri_diagnostics* list) { delete list; }

int iri_extract(const char* text, size_t len, int grammar, iri_matches** out, iri_error* err) {
    return make_list(text, len, grammar, out, err,
                     [](std::string_view t, iri::grammar g) { return iri::extract(t, g); });
}

size_t iri_matches_count(const iri_matches* list) { return list == nullptr ? 0 : list->items.size(); }

int iri_matches_get(const iri_matches* list, size_t i, iri_match* out) {
    if (list == nullptr || i >= list->items.size() || check_arg(out, "no place for the item (out is NULL)", nullptr))
        return IRI_E_INVALID_ARGUMENT;
    const iri::extracted& m = list->items[i];
    const iri_match full{sizeof(iri_match), m.begin,        m.end,
                         m.value.c_str(),   m.value.size(), static_cast<int>(m.delimiter)};
    write_sized(out, full);
    return IRI_OK;
}

void iri_matches_free(iri_matches* list) { delete list; }

}  // extern "C"
