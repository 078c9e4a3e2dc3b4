// The crawler's subcommands' own parts: the URL a key is taken from (with --pairs, the href resolved against its
// page by the URL Standard), and iri index-columns, Common Crawl's URL index columns of each URL
// (iri/index_columns.hpp).
#include "commands.hpp"

namespace cli {

key_input read_key_input(const options& o, const record& r) {
    if (!o.pairs) return {.text = r.fields[0]};
    // The page and the href: a thread's own URLs, refilled (no allocation per line once they are large enough);
    // consecutive pairs of one page parse it once.
    thread_local iri::web::url page, href;
    thread_local std::string page_text;
    thread_local std::optional<iri::error> page_error;
    thread_local bool have_page = false;
    if (!have_page || page_text != r.fields[0]) {
        const auto p = iri::web::parse_into(page, r.fields[0]);
        page_error = p ? std::nullopt : std::optional<iri::error>(p.error());
        page_text.assign(r.fields[0]);
        have_page = true;
    }
    if (page_error) return {.fail = failure_of(*page_error, r.fields[0], true)};
    if (auto h = iri::web::parse_into(href, r.fields.back(), &page); !h)
        return {.fail = failure_of(h.error(), r.fields.back())};
    return {.text = href.href()};
}

columns_outcome index_columns_of(const options& o, const record& r, std::string&) {
    thread_local iri::crawl::index_row row;  // a thread's own row, reused
    const key_input in = read_key_input(o, r);
    if (in.fail.failed()) return {.fail = in.fail};
    if (auto c = iri::crawl::index_columns_into(row, in.text, *o.psl, {.form = o.index_form}); !c)
        return {.fail = failure_of(c.error(), in.text)};
    return {.row = &row};
}

// Text: the 17 columns, tab-separated, a null an empty field: the TSV row (each field escaped as TSV escapes it)
// without the header and the error's columns.
void columns_text(const options&, const subject&, const columns_outcome& x, std::string& out) {
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        if (i > 0) out += '\t';
        if (const auto v = (*x.row)[static_cast<iri::crawl::index_column>(i)]) tsv_field(out, *v);
    }
    out += '\n';
}

// JSON: the 17 columns by the schema's names (url_port a number, a null null); a failure's record is its url (the
// input) and the error. TSV: the same in index_columns' order, then the error's columns.
void columns_fields(const options& o, const subject& in, const columns_outcome& x, std::string& out) {
    record_writer w = writer(o, out);
    if (x.invalid()) {
        w.string("url", in.input);
        error_fields(w, x.fail);
        return w.end();
    }
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        const auto c = static_cast<iri::crawl::index_column>(i);
        if (c == iri::crawl::index_column::url_port && x.row->port()) w.number(iri::crawl::name(c), *x.row->port());
        else w.optional(iri::crawl::name(c), (*x.row)[c]);
    }
    w.end();
}

}  // namespace cli
