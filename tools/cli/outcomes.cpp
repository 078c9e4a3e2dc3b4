// The printing every subcommand shares: the record's subject, a failure in text (a line and a diagnostic, or a
// block), and the error's fields of a JSON or TSV record.
#include "outcomes.hpp"

#include "row.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

namespace cli {

record_writer writer(const options& o, std::string& out) { return record_writer(out, o.output, o.command->tsv); }

subject subject_of(const options& o, const record& r) {
    subject in{.input = r.bad_code ? r.raw : r.fields.back(), .base = std::nullopt};
    switch (o.command->input) {
        case input_shape::pair:
        case input_shape::absolute_pair:
            if (!o.pairs) in.base = *o.base_text;
            else if (!r.bad_code) in.base = r.fields[0];
            break;
        case input_shape::key_pair:
            if (o.pairs && !r.bad_code) in.base = r.fields[0];
            break;
        case input_shape::web_pair:
            if (o.web_base) in.base = *o.base_text;
            else if (o.pairs && !r.bad_code && !r.null_base) in.base = r.fields[0];
            break;
        default: break;
    }
    return in;
}

void error_fields(record_writer& w, const failure& f) {
    w.object("error", "error_");
    if (f.code) {
        w.string("code", f.code).string("message", f.message);
    } else {
        const iri::error& e = *f.error;
        // The offset is the byte the message names (the fault).
        w.string("code", iri::name(e.code)).number("offset", e.fault()).string("component", iri::name(e.where));
        if (f.in_base) w.string("in", "base");
        w.string("message", e.message());
    }
    w.close();
}

namespace {

// The text of a failure's diagnostic: the code and the message (and the spec section), after "the base: " when
// the base is at fault.
void describe(const failure& f, std::string& out) {
    if (f.code) {
        out.append(f.code).append(": ").append(f.message);
        return;
    }
    const iri::error& e = *f.error;
    if (f.in_base) out.append("the base: ");
    out.append(iri::name(e.code)).append(": ");
    e.append_message(out);
    if (*e.spec()) out.append(" [").append(e.spec()).append("]");
}

// The block of a failure, as validate prints an invalid reference: "invalid", the input (and the base when it is
// at fault), then the caret display of the string at fault.
void print_block(const subject& in, const failure& f, std::string& out) {
    if (f.code) {
        if (std::string_view(f.code) == "empty_line") out.append("invalid\t(an empty line)\n");
        else out.append("invalid\t(unreadable input: ").append(f.message).append(")\n");
        return;
    }
    out.append("invalid\t");
    const std::size_t shown_at = out.size();
    append_shown(out, in.input);
    const std::size_t shown_size = out.size() - shown_at;
    if (f.in_base) {
        out.append("\t(base: ");
        append_shown(out, f.about);
        out.append(")");
    }
    out += '\n';
    if (f.about.data() != in.input.data() || f.about.size() != in.input.size()) {
        append_caret_display(out, f.about, *f.error);
        return;
    }
    // The caret display of the input itself: its shown form is the one just written, copied.
    out.append("  ").append(out, shown_at, shown_size) += '\n';
    append_caret_line(out, in.input, *f.error);
}

}  // namespace

void print_failure(const options& o, const subject& in, const failure& f, line_sink& s) {
    if (o.command->output != output_shape::line || o.explain) return print_block(in, f, s.out);
    switch (o.failed_line) {
        case on_error::empty: s.out += '\n'; break;
        case on_error::input:
            append_shown(s.out, in.input);
            s.out += '\n';
            break;
        case on_error::skip: break;
    }
    describe(f, s.err);
    s.diagnosed();
}

}  // namespace cli
