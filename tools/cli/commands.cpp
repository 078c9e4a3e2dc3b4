#include "commands.hpp"

#include "text.hpp"

#include <iostream>

namespace cli {

namespace {

constexpr iri::component shown_components[] = {
    iri::component::scheme, iri::component::authority, iri::component::userinfo, iri::component::host,
    iri::component::port,   iri::component::path,      iri::component::query,    iri::component::fragment};

const char* kind_name(iri::host_kind k) {
    switch (k) {
        case iri::host_kind::reg_name: return "reg-name";
        case iri::host_kind::ipv4: return "IPv4address";
        case iri::host_kind::ipv6: return "IPv6address";
        case iri::host_kind::ipvfuture: return "IPvFuture";
        case iri::host_kind::none: break;
    }
    return "none";
}

// RFC 3986 §3.2.3: any digit string is syntax; a number above 65535 is reported, never wrapped.
std::string port_text(const iri::reference_view& v) {
    switch (v.port_status()) {
        case iri::port_status::empty: return "empty";
        case iri::port_status::out_of_range: return "out of range";
        default: return std::to_string(v.port_number());
    }
}

// What one record gives: an error (with the string it is about), or components, or an output string.
struct outcome {
    std::optional<iri::error> error;
    std::string about;  // the string the error offsets refer to
    std::string what;   // "base" or "" (the reference)
    std::optional<iri::components> parts;
    std::optional<std::string> output;
    std::optional<bool> equivalent;
};

// resolve: the target of each reference (RFC 3986 §5.2), or its normal form (--normalize), written by a resolver
// (resolver.hpp) made once for --base, once per pair for --pairs.
outcome resolve(const options& o, const record& r) {
    outcome x;
    std::optional<iri::resolver> pair_resolver;
    if (o.pairs) {
        auto made = iri::resolver::make(r.fields[0], o.grammar, resolver_options(o), {.strict = o.strict});
        if (!made) {
            x.error = made.error(), x.about = r.fields[0], x.what = "base";
            return x;
        }
        pair_resolver = std::move(*made);
    }
    const iri::resolver& resolver = o.pairs ? *pair_resolver : *o.resolver;
    const std::string_view in = r.fields.back();
    std::string out;
    auto n = resolver.append_normalized(out, in);
    if (n) x.output = std::move(out);
    else x.error = n.error(), x.about = in;
    return x;
}

outcome compute(const options& o, const record& r) {
    outcome x;
    if (o.command == "to-uri" || o.command == "to-iri") {  // the conversions parse their input themselves
        const std::string_view in = r.fields[0];
        auto c = o.command == "to-uri" ? iri::to_uri(in, o.grammar, o.to_uri) : iri::to_iri(in, o.to_iri);
        if (c) x.output = std::move(*c);
        else x.error = c.error(), x.about = in;
        return x;
    }
    if (!takes_pairs(o.command)) {
        const std::string_view in = r.fields[0];
        auto p = iri::parse(in, o.grammar, o.production);
        if (!p) {
            x.error = p.error(), x.about = in;
        } else if (o.command == "normalize" || o.command == "key") {  // key: normalize.hpp's canonical key
            std::string out;
            const iri::reference_view view(in, *p, o.grammar);
            auto n = o.command == "key" ? iri::append_canonical_key(out, view, o.normalization)
                                        : iri::append_normalized(out, view, o.normalization);
            if (n) x.output = std::move(out);
            else x.error = n.error(), x.about = in;
        } else {
            x.parts = *p;
        }
        return x;
    }
    if (o.command == "resolve") return resolve(o, r);
    // relativize / compare: a base and a reference.
    std::optional<iri::reference> pair_base;
    if (o.pairs) {
        auto b = iri::reference::parse(std::string(r.fields[0]), o.grammar);
        if (!b) {
            x.error = b.error(), x.about = r.fields[0], x.what = "base";
            return x;
        }
        pair_base = std::move(*b);
    }
    const iri::reference& base = o.pairs ? *pair_base : *o.base;
    const std::string_view in = r.fields.back();
    auto ref = iri::reference_view::parse(in, o.grammar);
    if (!ref) {
        x.error = ref.error(), x.about = in;
        return x;
    }
    if (o.command == "compare") {  // RFC 3987 §5.3: the ladder up to the chosen rung
        x.equivalent = iri::equivalent(base, *ref, o.normalization);
        return x;
    }
    auto t = iri::relativize(base, *ref);
    if (!t) {  // a base without scheme, or a target no reference resolves to
        x.error = t.error();
        if (t.error().code == iri::errc::not_relativizable) x.about = in;
        else x.about = base.str(), x.what = "base";
        return x;
    }
    x.output = t->str();
    return x;
}

void json_error(std::string& out, const outcome& x) {
    const iri::error& e = *x.error;
    out += ", \"error\": {\"code\": ";
    json_string(out, iri::name(e.code));
    out += ", \"offset\": " + std::to_string(e.offset) + ", \"component\": ";
    json_string(out, iri::name(e.where));
    if (!x.what.empty()) {
        out += ", \"in\": ";
        json_string(out, x.what);
    }
    out += ", \"message\": ";
    json_string(out, e.message());
    out += "}";
}

}  // namespace

std::istream* open_input(const std::string& name, std::ifstream& file) {
    if (name == "-") return &std::cin;
    file.open(name, std::ios::binary);
    if (file) return &file;
    std::cerr << "iri: cannot read " << name << "\n";
    return nullptr;
}

bool has_output(const std::string& command) {
    return command == "normalize" || command == "key" || command == "to-uri" || command == "to-iri";
}

iri::normalize_options resolver_options(const options& o) {
    return o.resolve_normalized ? o.normalization : iri::normalize_options{.rung = iri::rung::simple};
}

bool takes_pairs(const std::string& command) {
    return command == "resolve" || command == "relativize" || command == "compare";
}

std::string tsv_header(const options& o) {
    if (o.command == "check") return "input\tvalid\tcode\tseverity\tbegin\tend\tcomponent\tmessage\tspec\n";
    std::string h = takes_pairs(o.command) ? "base\tinput\tvalid" : "input\tvalid";
    if (o.command == "parse") h += "\tscheme\tauthority\tuserinfo\thost\tport\tpath\tquery\tfragment\thost_kind";
    if (o.command == "compare") h += "\tequivalent";
    else if (takes_pairs(o.command) || has_output(o.command)) h += "\toutput";
    return h + "\terror_code\terror_offset\terror_component\terror_message\n";
}

namespace {

const char* severity_name(iri::severity s) {
    switch (s) {
        case iri::severity::error: return "error";
        case iri::severity::warning: return "warning";
        case iri::severity::info: return "info";
    }
    return "error";
}

// iri check: every diagnostic at or above the chosen severity; only errors make the input invalid.
void run_check(const options& o, std::string_view input, std::string& out, counters& n) {
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
            out += severity_name(d.level);
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
            out.append(errors ? "\tfalse\t" : "\ttrue\t").append(d.code).append("\t").append(severity_name(d.level));
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
        out.append("  ").append(marker_line(input, d.begin, d.end)).append(" ").append(severity_name(d.level));
        out.append(" ").append(d.code).append(" (").append(iri::name(d.where)).append("): ").append(d.message);
        out.append(" [").append(d.spec).append("]\n");
    }
}

}  // namespace

void run(const options& o, const record& r, std::string& out, counters& n) {
    ++n.lines;
    n.bytes += r.bytes;
    if (o.command == "check" && r.bad.empty()) return run_check(o, r.fields[0], out, n);
    if (o.command == "parse" && o.scheme && r.bad.empty()) return run_parse_scheme(o, r.fields[0], out, n);
    if (!r.bad.empty()) {  // the record could not be read
        ++n.invalid;
        if (o.quiet) return;
        if (o.output == output_format::json) {
            out += "{\"input\": null, \"valid\": false, \"error\": {\"code\": \"bad_input\", \"message\": ";
            json_string(out, r.bad);
            out += "}}\n";
        } else if (o.output == output_format::tsv) {
            out += takes_pairs(o.command) ? "\t\tfalse" : "\tfalse";
            if (o.command == "parse") out += "\t\t\t\t\t\t\t\t\t";
            if (takes_pairs(o.command) || has_output(o.command)) out += "\t";
            out += "\tbad_input\t\t\t";
            tsv_field(out, r.bad);
            out += "\n";
        } else {
            out.append("invalid\t(unreadable input: ").append(r.bad).append(")\n");
        }
        return;
    }
    const outcome x = compute(o, r);
    x.error ? ++n.invalid : ++n.valid;
    if (o.quiet) return;
    const std::string_view input = r.fields.back();
    const std::string_view base =
        takes_pairs(o.command) ? (o.pairs ? r.fields[0] : std::string_view(*o.base_text)) : std::string_view();
    const iri::reference_view view =
        x.parts ? iri::reference_view(input, *x.parts, o.grammar) : iri::reference_view();

    if (o.output == output_format::json) {
        out += "{\"input\": ";
        json_string(out, input);
        if (takes_pairs(o.command)) {
            out += ", \"base\": ";
            json_string(out, base);
        }
        out += x.error ? ", \"valid\": false" : ", \"valid\": true";
        if (x.output) {
            out += ", \"output\": ";
            json_string(out, *x.output);
        }
        if (x.equivalent) out += *x.equivalent ? ", \"equivalent\": true" : ", \"equivalent\": false";
        if (x.parts && o.command != "validate" && o.command != "check") {
            out += ", \"components\": {";
            bool first_field = true;
            for (iri::component k : shown_components) {
                if (!x.parts->has(k)) continue;
                out += first_field ? "" : ", ";
                first_field = false;
                json_string(out, iri::name(k));
                out += ": ";
                const iri::span s = (*x.parts)[k];
                json_string(out, std::string_view(input).substr(s.begin, s.end - s.begin));
            }
            if (view.host_kind() != iri::host_kind::none) {
                out += ", \"host_kind\": ";
                json_string(out, kind_name(view.host_kind()));
            }
            if (view.port_status() == iri::port_status::in_range)
                out += ", \"port_number\": " + std::to_string(view.port_number());
            out += "}";
        }
        if (x.error) json_error(out, x);
        out += "}\n";
        return;
    }

    if (o.output == output_format::tsv) {
        if (takes_pairs(o.command)) {
            tsv_field(out, base);
            out += '\t';
        }
        tsv_field(out, input);
        out += x.error ? "\tfalse" : "\ttrue";
        if (o.command == "parse") {
            for (iri::component k : shown_components) {
                out += '\t';
                if (!x.parts || !x.parts->has(k)) continue;
                const iri::span s = (*x.parts)[k];
                tsv_field(out, std::string_view(input).substr(s.begin, s.end - s.begin));
            }
            out += '\t';
            if (x.parts && view.host_kind() != iri::host_kind::none) out += kind_name(view.host_kind());
        }
        if (o.command == "compare") {
            out += '\t';
            if (x.equivalent) out += *x.equivalent ? "true" : "false";
        } else if (takes_pairs(o.command) || has_output(o.command)) {
            out += '\t';
            if (x.output) tsv_field(out, *x.output);
        }
        if (x.error) {
            out += '\t';
            out += iri::name(x.error->code);
            out += '\t' + std::to_string(x.error->offset) + '\t';
            out += iri::name(x.error->where);
            out += '\t';
            tsv_field(out, x.error->message());
        } else {
            out += "\t\t\t\t";
        }
        out += '\n';
        return;
    }

    // Text.
    if (x.error) {
        out.append("invalid\t").append(shown(input));
        if (!x.what.empty()) out.append("\t(").append(x.what).append(": ").append(shown(x.about)).append(")");
        out.append("\n").append(caret_display(x.about, *x.error));
        return;
    }
    if (x.output) {
        out.append(shown(*x.output)).append("\n");
        return;
    }
    if (x.equivalent) {
        out.append(*x.equivalent ? "equivalent\t" : "different\t").append(shown(base)).append("\t");
        out.append(shown(input)).append("\n");
        return;
    }
    if (o.command == "validate" || o.command == "check") {
        out += "valid\t" + shown(input) + "\n";
        return;
    }
    out += shown(input) + "\n";
    for (iri::component k : shown_components) {
        if (!x.parts->has(k)) continue;
        const iri::span s = (*x.parts)[k];
        out += std::string("  ") + iri::name(k) + ": " + shown(std::string_view(input).substr(s.begin, s.end - s.begin));
        if (k == iri::component::host) out += std::string("  (") + kind_name(view.host_kind()) + ")";
        if (k == iri::component::port) out += "  (" + port_text(view) + ")";
        out += "\n";
    }
}

}  // namespace cli
