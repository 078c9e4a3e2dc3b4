// The C API (include/iri.h): links from HTML pages, an iri::html::extractor (iri/html.hpp) behind an opaque
// pointer, its links handed out as views into it.
#include <string>
#include <vector>

#include "c_api/c_api_detail.hpp"
#include "iri/html.hpp"

namespace iri::detail::c_api {

template <>
struct sized_struct<iri_html_options> {
    static constexpr const char* name = "iri_html_options";
    static constexpr std::size_t first_version = offsetof(iri_html_options, resolve) + sizeof(int);
};

}  // namespace iri::detail::c_api

using namespace iri::detail::c_api;

struct iri_html_extractor {
    iri::html::extractor extractor;
    std::vector<iri_html_link> links;  // the last page's, viewing `extractor`'s
};

namespace {

iri_string_view view(std::string_view s) noexcept { return {s.data() != nullptr ? s.data() : "", s.size()}; }

}  // namespace

extern "C" {

int iri_html_extractor_make(iri_html_extractor** out, iri_error* err) {
    if (const int s = check_arg(out, "no place for the result (out is NULL)", err)) return s;
    *out = nullptr;
    return guarded(err, [&]() -> int {
        *out = new iri_html_extractor{};
        return IRI_OK;
    });
}

void iri_html_extractor_free(iri_html_extractor* extractor) { delete extractor; }

int iri_html_links(iri_html_extractor* extractor, const char* page, size_t page_len, const char* page_url,
                   size_t page_url_len, const iri_html_options* options, const iri_html_link** links, size_t* count,
                   iri_error* err) {
    if (const int s = check_arg(extractor, "no extractor (NULL)", err)) return s;
    if (const int s = check_arg(links, "no place for the links (links is NULL)", err)) return s;
    if (const int s = check_arg(count, "no place for the count (count is NULL)", err)) return s;
    *links = nullptr;
    *count = 0;
    if (!usable(page, page_len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL page with a non-zero length");
    if (!usable(page_url, page_url_len))
        return fail(err, IRI_E_INVALID_ARGUMENT, "NULL page URL with a non-zero length");
    iri_html_options o = IRI_HTML_OPTIONS_INIT;
    if (const int s = read_options(options, o, err)) return s;
    return guarded(err, [&]() -> int {
        iri::html::options opt;
        if (o.charset) opt.charset = o.charset;
        if (o.fallback_encoding) opt.fallback_encoding = o.fallback_encoding;
        if (o.only) opt.only = o.only;
        opt.scripting = o.scripting != 0;
        opt.resolve = o.resolve != 0;
        const auto found = extractor->extractor.links(bytes(page, page_len), bytes(page_url, page_url_len), opt);
        if (!found) return fail(err, found.error());
        extractor->links.clear();
        for (const iri::html::link& l : *found) {
            extractor->links.push_back({view(l.url),
                                        l.resolved || !opt.resolve ? IRI_OK : static_cast<int>(l.failure.code),
                                        l.resolved ? 0u : l.failure.offset, view(l.element), view(l.attribute),
                                        view(l.raw), view(l.value), l.offset, view(l.rel)});
        }
        *links = extractor->links.data();
        *count = extractor->links.size();
        return IRI_OK;
    });
}

iri_string_view iri_html_encoding(const iri_html_extractor* extractor) {
    if (extractor == nullptr) return {nullptr, 0};
    return view(extractor->extractor.document().encoding);
}

iri_string_view iri_html_base_url(const iri_html_extractor* extractor) {
    if (extractor == nullptr) return {nullptr, 0};
    return view(extractor->extractor.document().base_url);
}

}  // extern "C"
