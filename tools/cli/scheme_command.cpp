// iri parse --scheme: the parts of a reference under its scheme's grammar (iri/scheme_rules.hpp).
#include "commands.hpp"
#include "shown.hpp"

namespace cli {

scheme_outcome parse_scheme(const options& o, const record& r, std::string&) {
    const std::string_view input = r.fields[0];
    return {.fail = {},
            .match = o.scheme_grammar.empty() ? iri::parse_scheme(input, o.grammar)
                                              : iri::match_scheme_grammar(input, o.scheme_grammar)};
}

void scheme_fields(const options& o, const subject& in, const scheme_outcome& x, std::string& out) {
    record_writer w = writer(o, out);
    w.string("input", in.input);
    if (x.fail.failed()) {
        w.boolean("valid", false);
        error_fields(w, x.fail);
        return w.end();
    }
    const iri::scheme_match& m = x.match;
    if (m.ok() || m.error) w.boolean("valid", m.ok());
    else w.null("valid");  // no scheme grammar for its scheme
    w.string("scheme", m.scheme).string("spec", m.spec).array("parts");
    for (const iri::scheme_part& p : m.parts) {
        w.object("").string("rule", p.rule).string("text", p.text).number("begin", p.begin).number("end", p.end);
        w.close();
    }
    w.close();
    if (m.error) {
        w.object("error").string("code", m.error->code).number("begin", m.error->begin).number("end", m.error->end);
        w.string("message", m.error->message).string("spec", m.error->spec).close();
    }
    w.end();
}

void scheme_text(const options&, const subject& in, const scheme_outcome& x, std::string& out) {
    const iri::scheme_match& m = x.match;
    const std::string_view input = in.input;
    if (m.error) {
        out.append("invalid\t").append(shown(input)).append("\n  ").append(shown(input)).append("\n  ");
        append_marker_line(out, input, m.error->begin, m.error->end);
        out.append(" ").append(m.error->code);
        out.append(": ").append(m.error->message).append(" [").append(m.error->spec).append("]\n");
        return;
    }
    if (m.scheme.empty()) {
        out.append("valid\t").append(shown(input)).append("\t(no scheme grammar for its scheme)\n");
        return;
    }
    out.append(shown(input)).append("\n  scheme grammar: ").append(m.scheme).append(" (").append(m.spec).append(")\n");
    for (const iri::scheme_part& p : m.parts)
        out.append("  ").append(p.rule).append(": ").append(shown(p.text)).append("\n");
}

}  // namespace cli
