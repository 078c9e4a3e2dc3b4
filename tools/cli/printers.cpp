// The iri tool's printers: what each record gives, as text, JSON or TSV.
#include "printers.hpp"

#include "crawl_command.hpp"

#include "json.hpp"
#include "subcommands.hpp"
#include "shown.hpp"

#include <string>
#include <vector>

namespace cli {

namespace {

constexpr iri::component shown_components[] = {
    iri::component::scheme, iri::component::authority, iri::component::userinfo, iri::component::host,
    iri::component::port,   iri::component::path,      iri::component::query,    iri::component::fragment};

// RFC 3986 §3.2.3: any digit string is syntax; a number above 65535 is reported, never wrapped.
std::string port_text(const iri::reference_view& v) {
    switch (v.port_status()) {
        case iri::port_status::empty: return "empty";
        case iri::port_status::out_of_range: return "out of range";
        default: return std::to_string(v.port_number());
    }
}

}  // namespace

void json_error(std::string& out, const outcome& x) {
    const iri::error& e = *x.error;
    out += ", \"error\": {\"code\": ";
    json_string(out, iri::name(e.code));
    out += ", \"offset\": " + std::to_string(e.fault()) + ", \"component\": ";  // the byte the message names
    json_string(out, iri::name(e.where));
    if (!x.what.empty()) {
        out += ", \"in\": ";
        json_string(out, x.what);
    }
    out += ", \"message\": ";
    json_string(out, e.message());
    out += "}";
}

void tsv_field(std::string& out, std::string_view s) {
    for (char c : s) {
        switch (c) {
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\\': out += "\\\\"; break;
            default: out += c;
        }
    }
}

std::string tsv_header(const options& o) {
    const shape prints = o.command->prints;
    if (prints == shape::diagnostics) return "input\tvalid\tcode\tseverity\tbegin\tend\tcomponent\tmessage\tspec\n";
    if (prints == shape::web) return url_tsv_header();
    if (prints == shape::columns) return index_columns_tsv_header();
    std::string h = o.command->pairs ? "base\tinput\tvalid" : "input\tvalid";
    if (prints == shape::components) h += "\tscheme\tauthority\tuserinfo\thost\tport\tpath\tquery\tfragment\thost_kind";
    if (prints == shape::site) h += "\tpublic_suffix\tregistrable_domain";
    if (prints == shape::equivalence) h += "\tequivalent";
    else if (prints == shape::output) h += "\toutput";
    return h + "\terror_code\terror_offset\terror_component\terror_message\n";
}

namespace {

// iri check: every diagnostic at or above the chosen severity; only errors make the input invalid.
void check_input(const options& o, std::string_view input, std::string& out, counters& n) {
    std::vector<iri::diagnostic> shown_ones;
    bool errors = false;
    for (auto& d : iri::check(input, o.grammar)) {
        errors = errors || d.level == iri::severity::error;
        if (static_cast<int>(d.level) <= static_cast<int>(o.min_severity)) shown_ones.push_back(std::move(d));
    }
    errors ? ++n.invalid : ++n.valid;
    if (o.quiet) return;
    if (o.output == output_format::json) {
        out += "{\"input\": ";
        json_string(out, input);
        out += errors ? ", \"valid\": false" : ", \"valid\": true";
        out += ", \"diagnostics\": [";
        for (std::size_t i = 0; i < shown_ones.size(); ++i) {
            const iri::diagnostic& d = shown_ones[i];
            out += i ? ", {\"code\": " : "{\"code\": ";
            json_string(out, d.code);
            out += ", \"severity\": \"";
            out += iri::name(d.level);
            out += "\", \"begin\": " + std::to_string(d.begin) + ", \"end\": " + std::to_string(d.end) +
                   ", \"component\": ";
            json_string(out, iri::name(d.where));
            out += ", \"message\": ";
            json_string(out, d.message);
            out += ", \"spec\": ";
            json_string(out, d.spec);
            out += "}";
        }
        out += "]}\n";
        return;
    }
    if (o.output == output_format::tsv) {
        for (const iri::diagnostic& d : shown_ones) {
            tsv_field(out, input);
            out.append(errors ? "\tfalse\t" : "\ttrue\t").append(d.code).append("\t").append(iri::name(d.level));
            out.append("\t").append(std::to_string(d.begin)).append("\t").append(std::to_string(d.end));
            out.append("\t").append(iri::name(d.where)).append("\t");
            tsv_field(out, d.message);
            out += '\t';
            tsv_field(out, d.spec);
            out += '\n';
        }
        return;
    }
    if (shown_ones.empty()) {
        out.append(errors ? "error\t" : "ok\t").append(shown(input)).append("\n");
        return;
    }
    out.append(errors ? "error\t" : "warning\t").append(shown(input)).append("\n  ").append(shown(input)).append("\n");
    for (const iri::diagnostic& d : shown_ones) {
        out.append("  ");
        append_marker_line(out, input, d.begin, d.end);
        out.append(" ").append(iri::name(d.level));
        out.append(" ").append(d.code).append(" (").append(iri::name(d.where)).append("): ").append(d.message);
        out.append(" [").append(d.spec).append("]\n");
    }
}

// What one record gives, with the strings it is printed with.
struct printed {
    const outcome& x;
    std::string_view input, base;
    iri::grammar grammar;
    // The components, when parsed, as a view (made when a printer asks: most lines print no component).
    [[nodiscard]] iri::reference_view view() const {
        return x.parts ? iri::reference_view(input, *x.parts, grammar) : iri::reference_view();
    }
};

void print_json_components(const printed& p, std::string& out) {
    out += ", \"components\": {";
    bool first_field = true;
    for (iri::component k : shown_components) {
        if (!p.x.parts->has(k)) continue;
        out += first_field ? "" : ", ";
        first_field = false;
        json_string(out, iri::name(k));
        out += ": ";
        const iri::span s = (*p.x.parts)[k];
        json_string(out, p.input.substr(s.begin, s.end - s.begin));
    }
    const iri::reference_view view = p.view();
    if (view.host_kind() != iri::host_kind::none) {
        out += ", \"host_kind\": ";
        json_string(out, iri::name(view.host_kind()));
    }
    if (view.port_status() == iri::port_status::in_range)
        out += ", \"port_number\": " + std::to_string(view.port_number());
    out += "}";
}

void print_json(const options& o, const printed& p, std::string& out) {
    const outcome& x = p.x;
    out += "{\"input\": ";
    json_string(out, p.input);
    if (o.command->pairs) {
        out += ", \"base\": ";
        json_string(out, p.base);
    }
    out += x.error ? ", \"valid\": false" : ", \"valid\": true";
    if (x.output) {
        out += ", \"output\": ";
        json_string(out, *x.output);
    }
    if (x.equivalent) out += *x.equivalent ? ", \"equivalent\": true" : ", \"equivalent\": false";
    if (x.parts && o.command->prints == shape::components) print_json_components(p, out);
    if (x.error) json_error(out, x);
    out += "}\n";
}

void print_tsv(const options& o, const printed& p, std::string& out) {
    const outcome& x = p.x;
    const std::string_view input = p.input, base = p.base;
    const iri::reference_view view = p.view();
    if (o.command->pairs) {
        tsv_field(out, base);
        out += '\t';
    }
    tsv_field(out, input);
    out += x.error ? "\tfalse" : "\ttrue";
    if (o.command->prints == shape::components) {
        for (iri::component k : shown_components) {
            out += '\t';
            if (!x.parts || !x.parts->has(k)) continue;
            const iri::span s = (*x.parts)[k];
            tsv_field(out, std::string_view(input).substr(s.begin, s.end - s.begin));
        }
        out += '\t';
        if (x.parts && view.host_kind() != iri::host_kind::none) out += iri::name(view.host_kind());
    }
    if (o.command->prints == shape::equivalence) {
        out += '\t';
        if (x.equivalent) out += *x.equivalent ? "true" : "false";
    } else if (o.command->prints == shape::output) {
        out += '\t';
        if (x.output) tsv_field(out, *x.output);
    }
    if (x.error) {
        out += '\t';
        out += iri::name(x.error->code);
        out += '\t' + std::to_string(x.error->fault()) + '\t';
        out += iri::name(x.error->where);
        out += '\t';
        tsv_field(out, x.error->message());
    } else {
        out += "\t\t\t\t";
    }
    out += '\n';
}

void print_text(const options& o, const printed& p, std::string& out) {
    const outcome& x = p.x;
    const std::string_view input = p.input, base = p.base;
    if (x.error) {
        out.append("invalid\t");
        const std::size_t shown_at = out.size();
        append_shown(out, input);
        const std::size_t shown_size = out.size() - shown_at;
        if (!x.what.empty()) {
            out.append("\t(").append(x.what).append(": ");
            append_shown(out, x.about);
            out.append(")");
        }
        out += '\n';
        if (x.about.data() != input.data() || x.about.size() != input.size()) {
            append_caret_display(out, x.about, *x.error);
            return;
        }
        // The caret display of the input itself: its shown form is the one just written, copied.
        out.append("  ").append(out, shown_at, shown_size) += '\n';
        append_caret_line(out, input, *x.error);
        return;
    }
    if (x.output) {  // written by the library (well-formed UTF-8) at the end of `out` (run)
        if (!x.output_is_uri) show_well_formed_tail(out, out.size() - x.output->size());
        if (o.with_input) out.append(1, '\t').append(input);  // surt --with-input: a CDX line's first two fields
        out += '\n';
        return;
    }
    if (x.equivalent) {
        out.append(*x.equivalent ? "equivalent\t" : "different\t").append(shown(base)).append("\t");
        out.append(shown(input)).append("\n");
        return;
    }
    if (o.command->prints == shape::validity) {  // accepted by a grammar: well-formed UTF-8
        out.append(std::string_view("valid\t"));
        append_shown_well_formed(out, input);
        out += '\n';
        return;
    }
    out += shown(input) + "\n";
    const iri::reference_view view = p.view();
    for (iri::component k : shown_components) {
        if (!x.parts->has(k)) continue;
        const iri::span s = (*x.parts)[k];
        out +=
            std::string("  ") + iri::name(k) + ": " + shown(std::string_view(input).substr(s.begin, s.end - s.begin));
        if (k == iri::component::host) out += std::string("  (") + iri::name(view.host_kind()) + ")";
        if (k == iri::component::port) out += "  (" + port_text(view) + ")";
        out += "\n";
    }
}

}  // namespace

void print_unreadable(const options& o, const record& r, std::string& out) {
    if (o.output == output_format::json) {
        out += "{\"input\": null, \"valid\": false, \"error\": {\"code\": \"bad_input\", \"message\": ";
        json_string(out, r.bad);
        out += "}}\n";
    } else if (o.command->prints == shape::columns && o.output != output_format::json) {
        out += std::string(17, '\t') + "bad_input\t";  // the 17 columns empty, then the error's
        tsv_field(out, r.bad);
        out += "\n";
    } else if (o.output == output_format::tsv && o.command->prints == shape::web) {
        // url_tsv_header's columns: input, base, failure, href, origin and 9 getters empty; then the error's.
        out += "\t\ttrue\t\t\t\t\t\t\t\t\t\t\t\tbad_input\t\t\t";
        tsv_field(out, r.bad);
        out += "\n";
    } else if (o.output == output_format::tsv) {
        out += o.command->pairs ? "\t\tfalse" : "\tfalse";
        if (o.command->prints == shape::components) out += "\t\t\t\t\t\t\t\t\t";
        if (o.command->prints == shape::output || o.command->prints == shape::equivalence) out += "\t";
        if (o.command->prints == shape::site) out += "\t\t";
        out += "\tbad_input\t\t\t";
        tsv_field(out, r.bad);
        out += "\n";
    } else {
        out.append("invalid\t(unreadable input: ").append(r.bad).append(")\n");
    }
}

void run_check(const options& o, const record& r, std::string& out, counters& n) {
    check_input(o, r.fields[0], out, n);
}

void print_outcome(const options& o, const record& r, std::string& out, counters& n) {
    // In text, a subcommand's output is appended to `out` itself, where it is printed, not copied there from a
    // buffer of its own; JSON and TSV escape it from a buffer reused per record.
    thread_local std::string scratch;
    const bool in_place = o.output == output_format::text;
    std::string& sink = in_place ? out : scratch;
    scratch.clear();
    const std::size_t printed_to = out.size();
    const outcome x = o.command->compute(o, r, sink);
    x.error ? ++n.invalid : ++n.valid;
    if (o.quiet) {
        out.resize(printed_to);
        return;
    }
    const std::string_view input = r.fields.back();
    const printed p{x, input,
                    o.command->pairs ? (o.pairs ? r.fields[0] : std::string_view(*o.base_text)) : std::string_view(),
                    o.grammar};
    if (o.output == output_format::json) print_json(o, p, out);
    else if (o.output == output_format::tsv) print_tsv(o, p, out);
    else print_text(o, p, out);
}

}  // namespace cli
