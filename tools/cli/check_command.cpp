// iri check: every diagnostic of the reference (iri/check.hpp) at or above --min-severity; only errors make the
// input invalid. Text shows a marker under each diagnostic's bytes; TSV writes a row per diagnostic.
#include "commands.hpp"
#include "shown.hpp"

namespace cli {

diagnosed check_reference(const options& o, const record& r, std::string&) {
    diagnosed x{.fail = {}};
    for (auto& d : iri::check(r.fields[0], o.grammar)) {
        x.errors = x.errors || d.level == iri::severity::error;
        if (static_cast<int>(d.level) <= static_cast<int>(o.min_severity)) x.shown.push_back(std::move(d));
    }
    return x;
}

void check_text(const options&, const subject& in, const diagnosed& x, std::string& out) {
    if (x.shown.empty()) {
        out.append(x.errors ? "error\t" : "ok\t").append(shown(in.input)).append("\n");
        return;
    }
    out.append(x.errors ? "error\t" : "warning\t").append(shown(in.input)).append("\n  ").append(shown(in.input));
    out += '\n';
    for (const iri::diagnostic& d : x.shown) {
        out.append("  ");
        append_marker_line(out, in.input, d.begin, d.end);
        out.append(" ").append(iri::name(d.level));
        out.append(" ").append(d.code).append(" (").append(iri::name(d.where)).append("): ").append(d.message);
        out.append(" [").append(d.spec).append("]\n");
    }
}

namespace {

void diagnostic_fields(record_writer& w, const iri::diagnostic& d) {
    w.string("code", d.code).string("severity", iri::name(d.level)).number("begin", d.begin).number("end", d.end);
    w.string("component", iri::name(d.where)).string("message", d.message).string("spec", d.spec);
}

}  // namespace

void check_fields(const options& o, const subject& in, const diagnosed& x, std::string& out) {
    if (o.output == output_format::json) {
        record_writer w = writer(o, out);
        w.string("input", in.input).boolean("valid", !x.invalid());
        if (x.fail.failed()) {
            error_fields(w, x.fail);
        } else {
            w.array("diagnostics");
            for (const iri::diagnostic& d : x.shown) {
                w.object("");
                diagnostic_fields(w, d);
                w.close();
            }
        }
        w.end();
        return;
    }
    // TSV: a row per diagnostic (none for an input without any); a record that could not be read is one row, its
    // failure's code and message in the diagnostic's columns.
    if (x.fail.failed()) {
        record_writer w = writer(o, out);
        w.string("input", in.input).boolean("valid", false).string("code", x.fail.code);
        w.string("message", x.fail.message).end();
    }
    for (const iri::diagnostic& d : x.shown) {
        record_writer w = writer(o, out);
        w.string("input", in.input).boolean("valid", !x.errors);
        diagnostic_fields(w, d);
        w.end();
    }
}

}  // namespace cli
