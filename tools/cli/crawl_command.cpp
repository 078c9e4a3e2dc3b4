// The crawler's subcommands' own parts: the URL a key is taken from with --pairs (the href resolved against its
// page by the URL Standard), and iri index-columns, Common Crawl's URL index columns of each URL
// (iri/index_columns.hpp).
#include "crawl_command.hpp"

#include "iri/index_columns.hpp"
#include "json.hpp"
#include "printers.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

namespace cli {

crawl_input read_crawl_input(const options& o, const record& r) {
    if (!o.pairs) return {.text = r.fields[0]};
    // The page and the href: a thread's own URLs, refilled (no allocation per line once they are large enough).
    thread_local iri::web::url page, href;
    crawl_input in{.text = {}, .about = r.fields.back()};
    if (auto p = iri::web::parse_into(page, r.fields[0]); !p) {
        in.error = p.error();
        in.about = r.fields[0];
        in.what = "base";
        return in;
    }
    if (auto h = iri::web::parse_into(href, r.fields.back(), &page); !h) {
        in.error = h.error();
        return in;
    }
    in.text = href.href();
    return in;
}

namespace {

using iri::crawl::index_column;

// The TSV form of an index row: the 17 columns, a null as an empty field, then the error's code and message.
void print_tsv_row(const iri::crawl::index_row* row, std::string_view input, const iri::error* e, std::string& out) {
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        if (i > 0) out += '\t';
        const auto c = static_cast<index_column>(i);
        if (row != nullptr) {
            if (const auto v = (*row)[c]) tsv_field(out, *v);
        } else if (c == index_column::url) {
            tsv_field(out, input);
        }
    }
    out += '\t';
    if (e != nullptr) {
        out.append(iri::name(e->code)).append("\t");
        tsv_field(out, e->message());
    } else {
        out += '\t';
    }
    out += '\n';
}

// The JSON form: an object of the 17 columns by the schema's names (url_port a number, a null as null).
void print_json_row(const iri::crawl::index_row& row, std::string& out) {
    out += '{';
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        const auto c = static_cast<index_column>(i);
        if (i > 0) out += ", ";
        json_string(out, iri::crawl::name(c));
        out += ": ";
        const auto v = row[c];
        if (!v) out += "null";
        else if (c == index_column::url_port) out.append(*v);
        else json_string(out, *v);
    }
    out += "}\n";
}

}  // namespace

std::string index_columns_tsv_header() {
    std::string h;
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i)
        h.append(i > 0 ? "\t" : "").append(iri::crawl::name(static_cast<index_column>(i)));
    return h + "\terror_code\terror_message\n";
}

void run_index_columns(const options& o, const record& r, std::string& out, counters& n) {
    thread_local iri::crawl::index_row row;  // a thread's own row, reused
    const crawl_input in = read_crawl_input(o, r);
    std::optional<iri::error> error = in.error;
    if (!error)
        if (auto c = iri::crawl::index_columns_into(row, in.text, *o.psl, {.form = o.index_form}); !c)
            error = c.error();
    error ? ++n.invalid : ++n.valid;
    if (o.quiet) return;
    const std::string_view input = r.fields.back();
    if (o.output == output_format::json) {
        if (!error) return print_json_row(row, out);
        out += "{\"url\": ";
        json_string(out, input);
        json_error(out, outcome{.error = *error, .about = in.about, .what = in.what});
        out += "}\n";
        return;
    }
    print_tsv_row(error ? nullptr : &row, input, error ? &*error : nullptr, out);
}

}  // namespace cli
