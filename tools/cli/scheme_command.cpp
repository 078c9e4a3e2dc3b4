// iri parse --scheme: the parts of a reference under its scheme's grammar (iri/scheme_rules.hpp).
#include "json.hpp"
#include "printers.hpp"
#include "shown.hpp"

namespace cli {

namespace {

void scheme_json(std::string_view input, const iri::scheme_match& m, std::string& out) {
    out += "{\"input\": ";
    json_string(out, input);
    out += m.ok() ? ", \"valid\": true" : (m.error ? ", \"valid\": false" : ", \"valid\": null");
    out += ", \"scheme\": ";
    json_string(out, m.scheme);
    out += ", \"spec\": ";
    json_string(out, m.spec);
    out += ", \"parts\": [";
    for (std::size_t i = 0; i < m.parts.size(); ++i) {
        out += i ? ", {\"rule\": " : "{\"rule\": ";
        json_string(out, m.parts[i].rule);
        out += ", \"text\": ";
        json_string(out, m.parts[i].text);
        out +=
            ", \"begin\": " + std::to_string(m.parts[i].begin) + ", \"end\": " + std::to_string(m.parts[i].end) + "}";
    }
    out += "]";
    if (m.error) {
        out += ", \"error\": {\"code\": ";
        json_string(out, m.error->code);
        out += ", \"begin\": " + std::to_string(m.error->begin) + ", \"end\": " + std::to_string(m.error->end);
        out += ", \"message\": ";
        json_string(out, m.error->message);
        out += ", \"spec\": ";
        json_string(out, m.error->spec);
        out += "}";
    }
    out += "}\n";
}

void scheme_text(std::string_view input, const iri::scheme_match& m, std::string& out) {
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

}  // namespace

void run_parse_scheme(const options& o, std::string_view input, std::string& out, counters& n) {
    const iri::scheme_match m = o.scheme_grammar.empty() ? iri::parse_scheme(input, o.grammar)
                                                         : iri::match_scheme_grammar(input, o.scheme_grammar);
    m.error ? ++n.invalid : ++n.valid;
    if (o.quiet) return;
    if (o.output == output_format::json) scheme_json(input, m, out);
    else scheme_text(input, m, out);
}

}  // namespace cli
