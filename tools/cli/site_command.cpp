// iri site: the public suffix and the registrable domain of each input, an absolute URL or IRI (its host) or a
// bare host name, by the Public Suffix List (iri/public_suffix.hpp), loaded once by parse_args.
#include "crawl_command.hpp"
#include "json.hpp"
#include "printers.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

namespace cli {

namespace {

// Appends a JSON member `, "name": "value"` or `, "name": null`.
void json_member(std::string& out, const char* name, const std::optional<std::string>& value) {
    out.append(", \"").append(name).append("\": ");
    if (value) json_string(out, *value);
    else out += "null";
}

// The text form of an answer: the string as the terminal shows it, empty for none.
void text_field(std::string& out, const std::optional<std::string>& value) {
    if (value) append_shown_well_formed(out, *value);
}

void print_error(const options& o, std::string_view input, const iri::error& e, std::string& out) {
    if (o.output == output_format::json) {
        out += "{\"input\": ";
        json_string(out, input);
        out += ", \"valid\": false";
        json_error(out, outcome{.error = e, .about = input});
        out += "}\n";
    } else if (o.output == output_format::tsv) {
        tsv_field(out, input);
        out.append("\tfalse\t\t\t").append(iri::name(e.code)).append("\t").append(std::to_string(e.fault()));
        out.append("\t").append(iri::name(e.where)).append("\t");
        tsv_field(out, e.message());
        out += '\n';
    } else {
        out.append("invalid\t");
        append_shown(out, input);
        out += '\n';
        append_caret_display(out, input, e);
    }
}

void print_site(const options& o, std::string_view input, const iri::crawl::site& s, std::string& out) {
    if (o.output == output_format::json) {
        out += "{\"input\": ";
        json_string(out, input);
        out += ", \"valid\": true, \"host\": ";
        if (s.host.empty()) out += "null";
        else json_string(out, s.host);
        json_member(out, "public_suffix", s.public_suffix);
        json_member(out, "registrable_domain", s.registrable_domain);
        out += "}\n";
    } else if (o.output == output_format::tsv) {
        tsv_field(out, input);
        out += "\ttrue\t";
        if (s.public_suffix) tsv_field(out, *s.public_suffix);
        out += '\t';
        if (s.registrable_domain) tsv_field(out, *s.registrable_domain);
        out += "\t\t\t\t\n";
    } else {
        text_field(out, s.public_suffix);
        out += '\t';
        text_field(out, s.registrable_domain);
        out += '\n';
    }
}

}  // namespace

void run_site(const options& o, const record& r, std::string& out, counters& n) {
    thread_local iri::web::url scratch;  // a thread's own, reused (no allocation per line for the parse)
    const std::string_view input = r.fields.back();
    const crawl_input in = read_crawl_input(o, r);  // with --pairs, the href resolved against its page
    const auto answer =
        in.error ? iri::result<iri::crawl::site>(*in.error)
                 : o.psl->lookup_url_or_host(in.text, {.sections = o.psl_sections, .form = o.site_form}, scratch);
    answer ? ++n.valid : ++n.invalid;
    if (o.quiet) return;
    if (answer) print_site(o, input, *answer, out);
    else print_error(o, in.error ? in.about : input, answer.error(), out);
}

}  // namespace cli
