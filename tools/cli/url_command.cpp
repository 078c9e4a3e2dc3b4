// iri url: each href parsed by the URL Standard's basic URL parser (iri/web.hpp), against --base, the pair's
// page or no base; its href, or with --json and --tsv its href and the URL class's getters (§6.1), or the failure.
#include "commands.hpp"
#include "shown.hpp"

namespace cli {

namespace {

// The URL class's getters (§6.1) that --json and --tsv print after href and origin: iri/web_getters.def's list.
struct getter {
    const char* name;
    std::string_view (iri::web::url::*get)() const noexcept;
};
constexpr getter getters[] = {
#define IRI_WEB_GETTER(name, what) {#name, &iri::web::url::name},
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER
};

constexpr const char* url_column_names[] = {"input",      "base",         "failure",          "href",         "origin",
#define IRI_WEB_GETTER(name, what) #name,
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER
                                            "error_code", "error_offset", "error_validation", "error_message"};

const char* validation_name(const iri::error& e) {
    return iri::web::name(static_cast<iri::web::validation>(e.url_validation));
}

}  // namespace

const columns url_columns = url_column_names;

// The URL is a thread's own, refilled by parse_into: no allocation per line once it is large enough. The pairs'
// page too: consecutive pairs of one page parse it once.
web_outcome parse_url(const options& o, const record& r, std::string&) {
    thread_local iri::web::url page, parsed;
    thread_local std::string page_text;
    thread_local std::optional<iri::error> page_error;
    thread_local bool have_page = false;
    const iri::web::url* against = o.web_base ? &*o.web_base : nullptr;
    if (o.pairs && !r.null_base) {
        if (!have_page || page_text != r.fields[0]) {
            const auto b = iri::web::parse_into(page, r.fields[0]);
            page_error = b ? std::nullopt : std::optional<iri::error>(b.error());
            page_text.assign(r.fields[0]);
            have_page = true;
        }
        if (page_error) return {.fail = failure_of(*page_error, r.fields[0], true)};
        against = &page;
    }
    if (auto p = iri::web::parse_into(parsed, r.fields.back(), against); !p)
        return {.fail = failure_of(p.error(), r.fields.back())};
    return {.url = &parsed};
}

void url_text(const options&, const subject&, const web_outcome& x, std::string& out) {
    append_shown_well_formed(out, x.url->href());  // serialized by the library: ASCII (§4.5)
    out += '\n';
}

// JSON: input, base, then the href, origin and getters, or "failure": true and the error (its code, offset, the
// validation error that failed the parse, "in": "base" when the base failed, message); TSV in url_columns.
void url_fields(const options& o, const subject& in, const web_outcome& x, std::string& out) {
    record_writer w = writer(o, out);
    w.string("input", in.input).optional("base", in.base);
    if (x.fail.failed()) {
        w.boolean("failure", true).object("error", "error_");
        if (x.fail.code) {
            w.string("code", x.fail.code).string("message", x.fail.message);
        } else {
            const iri::error& e = *x.fail.error;
            w.string("code", iri::name(e.code)).number("offset", e.fault()).string("validation", validation_name(e));
            if (x.fail.in_base) w.string("in", "base");
            w.string("message", e.message());
        }
        return w.end();
    }
    w.tsv_boolean("failure", false).string("href", x.url->href()).string("origin", x.url->origin());
    for (const getter& g : getters) w.string(g.name, (x.url->*g.get)());
    w.end();
}

}  // namespace cli
