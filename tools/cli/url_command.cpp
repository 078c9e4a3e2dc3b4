// iri url: each href parsed by the URL Standard's basic URL parser (iri/web.hpp), against --base, the pair's
// page or no base; its href, or with --json its href and the URL class's getters (§6.1), or the failure.
#include <optional>
#include <string>

#include "iri/web.hpp"
#include "json.hpp"
#include "printers.hpp"
#include "shown.hpp"

namespace cli {

namespace {

// The getters of the URL class (§6.1) that --json and --tsv print, after href and origin, in the order of
// web-platform-tests' urltestdata.
struct getter {
    const char* name;
    std::string_view (iri::web::url::*get)() const noexcept;
};
constexpr getter getters[] = {
    {"protocol", &iri::web::url::protocol}, {"username", &iri::web::url::username},
    {"password", &iri::web::url::password}, {"host", &iri::web::url::host},
    {"hostname", &iri::web::url::hostname}, {"port", &iri::web::url::port},
    {"pathname", &iri::web::url::pathname}, {"search", &iri::web::url::search},
    {"hash", &iri::web::url::hash},
};

// What one record gives: the URL (a thread's own, refilled by parse_into: no allocation per line once it is
// large enough), or the failure, about the input or the base.
struct url_outcome {
    const iri::web::url* url = nullptr;
    std::optional<iri::error> error;
    bool base_failed = false;              // the error is about the pair's base
    std::optional<std::string_view> base;  // the base's text: --base's or the pair's; none without
};

url_outcome parse_record(const options& o, const record& r) {
    thread_local iri::web::url parsed;
    // The pairs' page: consecutive pairs of one page parse it once, into the thread's web::resolver.
    thread_local std::optional<iri::web::resolver> page;
    thread_local std::optional<std::string> page_text;
    thread_local std::optional<iri::error> page_error;
    url_outcome x;
    const iri::web::url* against = o.web_base ? &*o.web_base : nullptr;
    if (o.web_base) x.base = *o.base_text;
    if (o.pairs && !r.null_base) {
        x.base = r.fields[0];
        if (!page_text || *page_text != r.fields[0]) {
            page_text = std::string(r.fields[0]);
            page_error.reset();
            if (!page) {
                auto made = iri::web::resolver::make(*page_text);
                if (made) page.emplace(std::move(*made));
                else page_error = made.error();
            } else if (auto rebased = page->rebase(*page_text); !rebased) {
                page_error = rebased.error();
            }
        }
        if (page_error) {
            x.error = *page_error;
            x.base_failed = true;
            return x;
        }
        against = &page->base();
    }
    if (auto p = iri::web::parse_into(parsed, r.fields.back(), against); !p) x.error = p.error();
    else x.url = &parsed;
    return x;
}

const char* validation_name(const iri::error& e) {
    return iri::web::name(static_cast<iri::web::validation>(e.url_validation));
}

void url_json(std::string_view input, const url_outcome& x, std::string& out) {
    out += "{\"input\": ";
    json_string(out, input);
    out += ", \"base\": ";
    if (x.base) json_string(out, *x.base);
    else out += "null";
    if (x.error) {
        out += ", \"failure\": true, \"error\": {\"code\": ";
        json_string(out, iri::name(x.error->code));
        out += ", \"offset\": " + std::to_string(x.error->fault()) + ", \"validation\": ";
        json_string(out, validation_name(*x.error));
        if (x.base_failed) out += ", \"in\": \"base\"";
        out += ", \"message\": ";
        json_string(out, x.error->message());
        out += "}}\n";
        return;
    }
    out += ", \"href\": ";
    json_string(out, x.url->href());
    out += ", \"origin\": ";
    json_string(out, x.url->origin());
    for (const getter& g : getters) {
        out.append(", \"").append(g.name).append("\": ");
        json_string(out, (x.url->*g.get)());
    }
    out += "}\n";
}

void url_tsv(std::string_view input, const url_outcome& x, std::string& out) {
    tsv_field(out, input);
    out += '\t';
    if (x.base) tsv_field(out, *x.base);
    out += x.error ? "\ttrue" : "\tfalse";
    if (x.error) {
        out += "\t\t";  // href, origin
        for (std::size_t i = 0; i < std::size(getters); ++i) out += '\t';
        out.append("\t").append(iri::name(x.error->code)).append("\t").append(std::to_string(x.error->fault()));
        out.append("\t").append(validation_name(*x.error)).append("\t");
        tsv_field(out, x.error->message());
        out += '\n';
        return;
    }
    out += '\t';
    tsv_field(out, x.url->href());
    out += '\t';
    tsv_field(out, x.url->origin());
    for (const getter& g : getters) {
        out += '\t';
        tsv_field(out, (x.url->*g.get)());
    }
    out += "\t\t\t\t\n";
}

// As validate prints an invalid reference: the input (and the base it was parsed against), then the caret
// under the byte of the failing input the error names, its code, and the message naming the validation error.
void url_text(std::string_view input, const url_outcome& x, std::string& out) {
    if (!x.error) {
        append_shown_well_formed(out, x.url->href());  // serialized by the library: ASCII (§4.5)
        out += '\n';
        return;
    }
    out.append("invalid\t");
    append_shown(out, input);
    if (x.base) {
        out.append("\t(base: ");
        append_shown(out, *x.base);
        out.append(")");
    }
    out += '\n';
    append_caret_display(out, x.base_failed ? *x.base : input, *x.error);
}

}  // namespace

std::string url_tsv_header() {
    std::string h = "input\tbase\tfailure\thref\torigin";
    for (const getter& g : getters) h.append("\t").append(g.name);
    return h + "\terror_code\terror_offset\terror_validation\terror_message\n";
}

void run_url(const options& o, const record& r, std::string& out, counters& n) {
    const url_outcome x = parse_record(o, r);
    x.error ? ++n.invalid : ++n.valid;
    if (o.quiet) return;
    const std::string_view input = r.fields.back();
    if (o.output == output_format::json) url_json(input, x, out);
    else if (o.output == output_format::tsv) url_tsv(input, x, out);
    else url_text(input, x, out);
}

}  // namespace cli
