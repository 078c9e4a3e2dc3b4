// Links from HTML pages (iri/html.hpp): the page's encoding, the tokenizer with the link sink, the document base
// URL, and each link resolved against it.
#include "iri/html.hpp"

#include <bitset>

#include "convert/charset_decoder.hpp"
#include "html/elements.hpp"
#include "html/encoding.hpp"
#include "html/link_sink.hpp"
#include "html/resolution.hpp"
#include "html/tokenizer.hpp"
#include "iri/web.hpp"
#include "model/error_detail.hpp"

namespace iri::html {

using detail::encoding_id;

namespace {

std::uint32_t u32(std::size_t n) noexcept { return static_cast<std::uint32_t>(n); }

}  // namespace

struct extractor::state {
    detail::tokenizer tokenizer;
    detail::link_sink sink;
    iri::detail::charset_decoder page_decoder;  // a page in an encoding that is not ASCII-compatible, to UTF-8
    encoding_id page_decoder_encoding = 0xFF;
    std::string converted;               // that page in UTF-8
    std::vector<std::uint32_t> offsets;  // the page offset of each byte of `converted`
    std::string_view text;               // what the tokenizer read: the page after its BOM, or `converted`
    std::size_t skipped = 0;             // the BOM's length
    bool is_converted = false;
    web::url page_url, base, element_base, resolved;
    struct outcome {
        std::uint32_t url_begin = 0, url_end = 0;
        bool resolved = false;
        iri::error failure{};
    };
    std::vector<outcome> outcomes;
    std::string urls;  // the resolved hrefs
    std::vector<link> links;
    html::document doc;
    std::bitset<256> only;

    bool read(std::string_view page, encoding_id e, bool tentative, const options& opt);
    void resolve_all(bool resolve, encoding_id e);
    void make_links();
    [[nodiscard]] std::uint32_t page_offset(std::uint32_t at) const noexcept;
};

// The page in encoding `e` through the tokenizer and the link sink: its bytes as they are when `e` is
// ASCII-compatible, else converted to UTF-8 first (Encoding Standard §14.1: the replacement decoder gives one
// U+FFFD for a page that is not empty). False when the conversion is 4 GiB or more (offsets are 32-bit).
bool extractor::state::read(std::string_view page, encoding_id e, bool tentative, const options& opt) {
    const std::string_view body = page.substr(skipped);
    is_converted = !detail::ascii_compatible(e);
    if (is_converted) {
        converted.clear();
        offsets.clear();
        if (e == detail::replacement()) {
            if (!body.empty()) {
                converted = "\xEF\xBF\xBD";
                offsets.assign(3, 0);
            }
        } else {
            if (page_decoder_encoding != e)
                page_decoder.open(detail::converter_name(e), iri::detail::charset_decoder::errors::replace);
            page_decoder_encoding = e;
            page_decoder.append_utf8(body, converted, &offsets);
        }
        if (converted.size() >= 0xFFFFFFFFu) return false;
        text = converted;
    } else {
        text = body;
    }
    sink.decoder.set_encoding(e, is_converted);
    sink.reset(text, e, tentative, opt.only.empty() ? nullptr : &only, opt.scripting);
    tokenizer.run(text, sink);
    return true;
}

std::uint32_t extractor::state::page_offset(std::uint32_t at) const noexcept {
    if (!is_converted) return u32(skipped + at);
    if (at < offsets.size()) return u32(skipped + offsets[at]);
    return u32(skipped + (offsets.empty() ? 0 : offsets.back()));
}

// HTML §2.4.1 "document base URL": the frozen base URL of the first base element with an href (§4.2.3: its href
// parsed against the fallback base URL, the page URL; failure, or a data: or javascript: URL, leaves the fallback),
// else the fallback base URL. Then each link against it.
void extractor::state::resolve_all(bool resolve, encoding_id e) {
    urls.clear();
    doc.base_url = {};
    doc.base_from_element = false;
    if (!resolve) {
        outcomes.clear();
        return;
    }
    outcomes.resize(sink.records.size());
    const std::optional<encoding_id> query = detail::query_encoding(e);  // once a page
    const web::url* document_base = &page_url;
    if (sink.base_end) {
        iri::error ignored;
        const std::string_view href(sink.values.data() + sink.base_begin, *sink.base_end - sink.base_begin);
        if (detail::resolve(element_base, href, page_url, query, ignored) && element_base.scheme() != "data" &&
            element_base.scheme() != "javascript") {
            document_base = &element_base;
            doc.base_from_element = true;
        }
    }
    doc.base_url = document_base->href();
    for (std::size_t i = 0; i < sink.records.size(); ++i) {
        const detail::link_record& r = sink.records[i];
        const std::string_view value(sink.values.data() + r.value_begin, r.value_end - r.value_begin);
        outcome& o = outcomes[i];
        o.resolved = detail::resolve(resolved, value, *document_base, query, o.failure);
        o.url_begin = o.url_end = 0;
        if (o.resolved) {
            o.url_begin = u32(urls.size());
            urls.append(resolved.href());
            o.url_end = u32(urls.size());
        }
    }
}

void extractor::state::make_links() {
    links.resize(sink.records.size());
    const bool resolving = !outcomes.empty();
    for (std::size_t i = 0; i < sink.records.size(); ++i) {
        const detail::link_record& r = sink.records[i];
        link& l = links[i];
        if (resolving) {
            const outcome& o = outcomes[i];
            l.url = std::string_view(urls.data() + o.url_begin, o.url_end - o.url_begin);
            l.resolved = o.resolved;
            if (!o.resolved) l.failure = o.failure;
        } else {
            l.url = {};
            l.resolved = false;
        }
        l.element = detail::name_of(r.e);
        l.attribute = r.attribute->name;
        l.raw = text.substr(r.raw_begin, r.raw_end - r.raw_begin);
        l.value = std::string_view(sink.values.data() + r.value_begin, r.value_end - r.value_begin);
        l.offset = page_offset(r.raw_begin);
        l.rel = std::string_view(sink.values.data() + r.rel_begin, r.rel_end - r.rel_begin);
    }
}

extractor::extractor() : state_(std::make_unique<state>()) {}
extractor::~extractor() = default;
extractor::extractor(extractor&&) noexcept = default;
extractor& extractor::operator=(extractor&&) noexcept = default;

result<std::span<const link>> extractor::links(std::string_view page, std::string_view page_url, const options& opt) {
    if (page.size() >= 0xFFFFFFFFu) return iri::detail::text_error(errc::input_too_long, {}, 0, 0);
    state& s = *state_;
    if (opt.resolve) {
        const auto r = web::parse_into(s.page_url, page_url);
        if (!r) return r.error();
    }
    s.only.reset();
    for (std::string_view rest = opt.only; !rest.empty();) {  // "a,area": the elements kept
        const std::size_t comma = rest.find(',');
        const detail::element e = detail::element_of(rest.substr(0, comma));
        if (e != detail::element::unknown) s.only.set(static_cast<std::size_t>(e));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
    // §13.2.3.2 the encoding sniffing algorithm; §13.2.3.4: a <meta> that changes a tentative one reads it again.
    const detail::sniffed sniffed = detail::sniff(page, opt.charset, opt.fallback_encoding);
    s.skipped = sniffed.bom_length;
    encoding_id e = sniffed.encoding;
    encoding_source source = sniffed.source;
    const bool tentative = source == encoding_source::prescan || source == encoding_source::fallback;
    const auto too_long = [] { return iri::detail::text_error(errc::input_too_long, {}, 0, 0); };
    if (!s.read(page, e, tentative, opt)) return too_long();
    if (s.sink.change_to) {
        e = *s.sink.change_to;
        source = encoding_source::meta;
        if (!s.read(page, e, false, opt)) return too_long();
    }
    s.doc.encoding = detail::encoding_name(e);
    s.doc.encoding_from = source;
    s.resolve_all(opt.resolve, e);
    s.make_links();
    return std::span<const link>(s.links);
}

const html::document& extractor::document() const noexcept { return state_->doc; }

result<std::vector<owned_link>> links(std::string_view page, std::string_view page_url, const options& opt) {
    extractor x;
    const auto found = x.links(page, page_url, opt);
    if (!found) return found.error();
    std::vector<owned_link> out;
    out.reserve(found->size());
    for (const link& l : *found)
        out.push_back({std::string(l.url), l.resolved, l.failure, std::string(l.element), std::string(l.attribute),
                       std::string(l.raw), std::string(l.value), l.offset, std::string(l.rel)});
    return out;
}

bool is_link_element(std::string_view element) noexcept {
    const detail::element e = detail::element_of(element);
    if (e == detail::element::unknown) return false;
    for (const detail::attribute_row& r : detail::rows_of(e))
        if (r.kind == detail::attribute_kind::url || r.kind == detail::attribute_kind::srcset ||
            r.kind == detail::attribute_kind::refresh)
            return true;
    return false;
}

const char* name(encoding_source s) noexcept {
    switch (s) {
        case encoding_source::bom: return "bom";
        case encoding_source::transport: return "transport";
        case encoding_source::prescan: return "prescan";
        case encoding_source::meta: return "meta";
        case encoding_source::fallback: break;
    }
    return "fallback";
}

sniffed_encoding sniff_encoding(std::string_view page, std::string_view charset, std::string_view fallback) noexcept {
    const detail::sniffed s = detail::sniff(page, charset, fallback);
    return {detail::encoding_name(s.encoding), s.source};
}

std::vector<std::string_view> supported_encodings() {
    std::vector<std::string_view> out;
    for (std::size_t e = 0; e < detail::encoding_count(); ++e)
        if (detail::supported(static_cast<encoding_id>(e)))
            out.push_back(detail::encoding_name(static_cast<encoding_id>(e)));
    return out;
}

}  // namespace iri::html
