#include "commands.hpp"

#include "text.hpp"

#include <iostream>

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

// What one record gives: an error (with the string it is about), or components, or an output string. Made with
// designated initializers, in place: a default-made one assigned member by member was copied out through the
// stack, a stall on every line.
struct outcome {
    std::optional<iri::error> error = {};
    std::string_view about = {};  // the string the error offsets refer to: the record's, or --base (both outlive it)
    std::string_view what = {};   // "base" or "" (the reference)
    std::optional<iri::components> parts = {};
    std::optional<std::string_view> output = {};  // at the end of the caller's sink (no allocation per line)
    bool output_is_uri = false;  // the output is a URI: printable US-ASCII by its grammar (RFC 3986 §2), shown as is
    std::optional<bool> equivalent = {};
};

namespace {

outcome failed(const iri::error& e, std::string_view about, const char* what = "") {
    return outcome{.error = e, .about = about, .what = what};
}

// validate, parse: the components of the reference (of --production).
outcome parse_reference(const options& o, const record& r, std::string&) {
    auto p = iri::parse(r.fields[0], o.grammar, o.production);
    if (!p) return failed(p.error(), r.fields[0]);
    return outcome{.parts = *p};
}

// The outcome of a subcommand that appended its output (`n` bytes) to `sink`: that output, or the error about `in`
// (the library leaves `sink` as it was).
outcome written(const iri::result<std::size_t>& n, const std::string& sink, std::string_view in, bool uri) {
    if (!n) return failed(n.error(), in);
    return outcome{.output = std::string_view(sink).substr(sink.size() - *n), .output_is_uri = uri};
}

// `in` parsed in --production as a view. For the default production the view is parsed into its own components:
// a copy of them made just after the parse wrote them would wait for those stores on every line.
iri::result<iri::reference_view> parsed_view(const options& o, std::string_view in) {
    if (o.production == iri::production::uri_reference) return iri::reference_view::parse(in, o.grammar);
    auto p = iri::parse(in, o.grammar, o.production);
    if (!p) return p.error();
    return iri::reference_view(in, *p, o.grammar);
}

// normalize, key: the normal form, or normalize.hpp's canonical key, written in one pass.
outcome normal_form(const options& o, const record& r, std::string& sink, bool key) {
    const std::string_view in = r.fields[0];
    const auto view = parsed_view(o, in);
    if (!view) return failed(view.error(), in);
    return written(key ? iri::append_canonical_key(sink, *view, o.normalization)
                       : iri::append_normalized(sink, *view, o.normalization),
                   sink, in, o.grammar == iri::grammar::uri);
}

outcome normalize_reference(const options& o, const record& r, std::string& sink) {
    return normal_form(o, r, sink, false);
}
outcome key_of_reference(const options& o, const record& r, std::string& sink) {
    return normal_form(o, r, sink, true);
}

// to-uri, to-iri: the conversions parse their input themselves.
outcome to_uri_reference(const options& o, const record& r, std::string& sink) {
    return written(iri::append_to_uri(sink, r.fields[0], o.grammar, o.to_uri), sink, r.fields[0], true);
}

outcome to_iri_reference(const options& o, const record& r, std::string& sink) {
    iri::to_iri_options t = o.to_iri;  // the IRI grammar asked for: RFC 3987's or 3987bis's
    t.to = o.grammar == iri::grammar::rfc3987 ? iri::grammar::rfc3987 : iri::grammar::iri;
    return written(iri::append_to_iri(sink, r.fields[0], t), sink, r.fields[0], false);
}

// resolve, relativize, compare: the base (--base, or the pair's first) and the reference, parsed; or the error.
struct pair_inputs {
    std::optional<iri::reference> own_base;  // the pair's
    const iri::reference* base = nullptr;
    std::optional<iri::reference_view> ref;
};

std::optional<outcome> read_pair(const options& o, const record& r, pair_inputs& p) {
    if (o.pairs) {
        auto b = iri::reference::parse(std::string(r.fields[0]), o.grammar);
        if (!b) return failed(b.error(), r.fields[0], "base");
        p.own_base = std::move(*b);
    }
    p.base = o.pairs ? &*p.own_base : &*o.base;
    auto ref = iri::reference_view::parse(r.fields.back(), o.grammar);
    if (!ref) return failed(ref.error(), r.fields.back());
    p.ref = *ref;
    return std::nullopt;
}

outcome target_result(iri::result<iri::reference> t, std::string_view base, std::string_view in,
                      std::string& sink) {
    if (t) {
        sink.append(t->str());
        return outcome{.output = std::string_view(sink).substr(sink.size() - t->str().size())};
    }
    // A target no reference resolves to is about the input; a base without scheme about the base.
    if (t.error().code == iri::errc::not_relativizable) return failed(t.error(), in);
    return failed(t.error(), base, "base");
}

// resolve: the target of each reference (RFC 3986 §5.2), or its normal form (--normalize), written by a resolver
// (resolver.hpp) made once for --base, once per pair for --pairs.
outcome resolve_reference(const options& o, const record& r, std::string& sink) {
    std::optional<iri::resolver> pair_resolver;
    if (o.pairs) {
        auto made = iri::resolver::make(r.fields[0], o.grammar, resolver_options(o), {.strict = o.strict});
        if (!made) return failed(made.error(), r.fields[0], "base");
        pair_resolver = std::move(*made);
    }
    const iri::resolver& resolver = o.pairs ? *pair_resolver : *o.resolver;
    const std::string_view in = r.fields.back();
    return written(resolver.append_normalized(sink, in), sink, in, o.grammar == iri::grammar::uri);
}

outcome relativize_reference(const options& o, const record& r, std::string& sink) {
    pair_inputs p;
    if (auto e = read_pair(o, r, p)) return std::move(*e);
    // The base's text: the record's own for --pairs (p.own_base ends here), else --base's.
    const std::string_view base = o.pairs ? r.fields[0] : std::string_view(o.base->str());
    return target_result(iri::relativize(*p.base, *p.ref), base, r.fields.back(), sink);
}

// compare: RFC 3987 §5.3, the ladder up to the rung.
outcome compare_references(const options& o, const record& r, std::string&) {
    pair_inputs p;
    if (auto e = read_pair(o, r, p)) return std::move(*e);
    return outcome{.equivalent = iri::equivalent(*p.base, *p.ref, o.normalization)};
}

// The subcommands: name, what each prints, whether it takes two strings, its handler and its --help text
// (what it does, its own options and examples).
constexpr subcommand subcommands[] = {
    {"validate", shape::validity, false, &parse_reference, R"(usage: iri validate [--grammar G] [--production P] [REFERENCE... | --input FILE]
Says "valid" or "invalid" for each reference; for an invalid one, a caret under the offending character,
the error code, the component, the message and the spec section. Exit status 1 when one is invalid.
  iri validate 'http://例え.jp/引き割り' 'http://exa mple.org/'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri validate --production IPv6address '2001:db8::7'
)"},
    {"parse", shape::components, false, &parse_reference, R"(usage: iri parse [--grammar G] [--production P] [--scheme] [--json | --tsv] [REFERENCE...]
Prints the components: scheme, authority, userinfo, host and its kind, port and its number, path, query,
fragment ("omitted" and empty are different: http://a? has an empty query).
--scheme prints instead the parts of the reference's own scheme grammar (grammar/schemes/: the addresses and
header fields of mailto, a URN's NID and NSS, ...) or the first place the reference leaves it.
  iri parse 'http://u:p@[2001:db8::7]:8080/c=GB?objectClass?one#f'
  iri parse --json 'https://電訊盈科/'
  iri parse --scheme 'mailto:a@example.org?subject=hi'
)"},
    {"check", shape::diagnostics, false, nullptr, R"(usage: iri check [--grammar G] [--min-severity error|warning|info] [--json | --tsv] [REFERENCE...]
Every diagnostic (docs/diagnostics.md): grammar errors, bidi, character limitations, LEIRI groups,
spoofing and security checks, each with its code, severity and a marker under its bytes. The exit status
follows errors only.
  iri check 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'
  iri check --grammar leiri --json 'http://example.org/a b'
)"},
    {"resolve", shape::output, true, &resolve_reference, R"(usage: iri resolve (--base B | --pairs) [--non-strict] [--normalize L [--nfc] [--no-fragment]]
                   [--grammar G] [REFERENCE...]
Resolves each reference against the base (RFC 3986 §5.2); with --pairs each input is "base<TAB>reference".
With --normalize L, prints the target's normal form at rung L (simple, syntax or scheme; RFC 3987 §5.3),
written in one pass from the base, parsed once, and the reference.
  iri resolve --base 'http://a/b/c/d;p?q' '../g' '//g' '?y' '#s'
  printf 'http://a/b/\t../c\n' | iri resolve --pairs
  iri resolve --non-strict --base 'http://a/b/c/d;p?q' 'http:g'
  iri resolve --base 'HTTP://Example.com/a/' --normalize scheme '../%7euser/./x' '//EXAMPLE.com:80'
)"},
    {"relativize", shape::output, true, &relativize_reference, R"(usage: iri relativize (--base B | --pairs) [--grammar G] [TARGET...]
The shortest reference that resolves from the base back to each target; the error not_relativizable when
none does (a relative target, or a path with dot segments, which resolution removes).
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/g:h' 'http://x/y'
)"},
    {"normalize", shape::output, false, &normalize_reference, R"(usage: iri normalize [--level simple|syntax|scheme] [--nfc] [--no-fragment] [REFERENCE...]
The normal form at a rung of RFC 3987 §5.3's ladder (each includes the ones below): simple string
comparison; case, percent-encoding and dot segments; default ports, empty paths, IDN and IPv6 forms.
  iri normalize 'HTTP://www.EXAMPLE.com/%7euser/./a/../b'
  iri normalize --level scheme 'http://example.com:80' 'http://xn--rsum-bpad.example.org'
)"},
    {"key", shape::output, false, &key_of_reference, R"(usage: iri key [--level simple|syntax|scheme] [--nfc] [--no-fragment] [REFERENCE...]
The canonical key of each reference, one per line: two references have equal keys exactly when they are
equivalent at the rung (RFC 3987 §5.3), so "sort -u" de-duplicates them.
  iri key --level scheme 'http://example.com' 'HTTP://EXAMPLE.com:80/'
  iri key --level scheme --input urls.txt | sort -u
)"},
    {"compare", shape::equivalence, true, &compare_references, R"(usage: iri compare (--base B | --pairs) [--level L] [--nfc] [--no-fragment] [REFERENCE...]
"equivalent" or "different" for each reference against the base, or for each pair, at the chosen rung.
  iri compare --level scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
)"},
    {"to-uri", shape::output, false, &to_uri_reference, R"(usage: iri to-uri [--grammar iri|rfc3987|leiri] [--host percent|idna] [--charset NAME] [--encode-unsafe]
Maps each IRI (or LEIRI) to a URI (3987bis §3): characters URIs do not allow as their UTF-8 octets %HH;
--host idna writes the host with UTS #46 A-labels; --charset is the document charset of http(s) queries.
  iri to-uri 'http://www.example.org/red%09rosé#red'
  iri to-uri --host idna 'http://résumé.example.org'
  iri to-uri --charset Shift_JIS 'https://example.jp/?q=日本'
)"},
    {"to-iri", shape::output, false, &to_iri_reference, R"(usage: iri to-iri [--grammar iri|rfc3987] [--unicode-hosts] [--keep-discouraged] [--keep-http-query]
Maps each URI to an IRI by the steps of 3987bis §4.2: %HH of UTF-8 characters the component allows are
decoded; reserved characters, non-UTF-8 octets and inappropriate characters stay encoded.
  iri to-iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'
  iri to-iri --unicode-hosts 'http://xn--99zt52a.example.org/%e2%80%ae'
)"},
    {"extract", shape::texts, false, nullptr, R"(usage: iri extract [--grammar G] [--json | --tsv] [TEXT... | --input FILE]
Finds the IRIs in running text (RFC 3986 Appendix C, 3987bis §8.3) and prints begin, end and the IRI.
  iri extract 'See <http://example.com/a\n  b> and "http://例え.jp/".'
  iri extract --json --input mail.txt
)"},
};

}  // namespace

const subcommand* find_subcommand(std::string_view name) {
    for (const subcommand& c : subcommands)
        if (name == c.name) return &c;
    return nullptr;
}

namespace {

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

}  // namespace

std::istream* open_input(const std::string& name, std::ifstream& file) {
    if (name == "-") return &std::cin;
    file.open(name, std::ios::binary);
    if (file) return &file;
    std::cerr << "iri: cannot read " << name << "\n";
    return nullptr;
}

iri::normalize_options resolver_options(const options& o) {
    return o.resolve_normalized ? o.normalization : iri::normalize_options{.rung = iri::rung::simple};
}

std::string tsv_header(const options& o) {
    const shape prints = o.command->prints;
    if (prints == shape::diagnostics) return "input\tvalid\tcode\tseverity\tbegin\tend\tcomponent\tmessage\tspec\n";
    std::string h = o.command->pairs ? "base\tinput\tvalid" : "input\tvalid";
    if (prints == shape::components) h += "\tscheme\tauthority\tuserinfo\thost\tport\tpath\tquery\tfragment\thost_kind";
    if (prints == shape::equivalence) h += "\tequivalent";
    else if (prints == shape::output) h += "\toutput";
    return h + "\terror_code\terror_offset\terror_component\terror_message\n";
}

namespace {

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

// A record that could not be read (bad JSON, a pair without its TAB).
void print_unreadable(const options& o, const record& r, std::string& out) {
    if (o.output == output_format::json) {
        out += "{\"input\": null, \"valid\": false, \"error\": {\"code\": \"bad_input\", \"message\": ";
        json_string(out, r.bad);
        out += "}}\n";
    } else if (o.output == output_format::tsv) {
        out += o.command->pairs ? "\t\tfalse" : "\tfalse";
        if (o.command->prints == shape::components) out += "\t\t\t\t\t\t\t\t\t";
        if (o.command->prints == shape::output || o.command->prints == shape::equivalence) out += "\t";
        out += "\tbad_input\t\t\t";
        tsv_field(out, r.bad);
        out += "\n";
    } else {
        out.append("invalid\t(unreadable input: ").append(r.bad).append(")\n");
    }
}

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
        out += std::string("  ") + iri::name(k) + ": " + shown(std::string_view(input).substr(s.begin, s.end - s.begin));
        if (k == iri::component::host) out += std::string("  (") + iri::name(view.host_kind()) + ")";
        if (k == iri::component::port) out += "  (" + port_text(view) + ")";
        out += "\n";
    }
}

}  // namespace

void run(const options& o, const record& r, std::string& out, counters& n) {
    ++n.lines;
    n.bytes += r.bytes;
    if (o.command->prints == shape::diagnostics && r.bad.empty()) return run_check(o, r.fields[0], out, n);
    if (o.command->prints == shape::components && o.scheme && r.bad.empty())
        return run_parse_scheme(o, r.fields[0], out, n);
    if (!r.bad.empty()) {  // the record could not be read
        ++n.invalid;
        if (!o.quiet) print_unreadable(o, r, out);
        return;
    }
    // In text, a subcommand's output is appended to `out` itself, where it is printed (copied there from a buffer
    // of its own, to-uri took 178 ms on the 108 MB file of bench/run.sh --cli, against 173); JSON and TSV escape it
    // from a buffer reused per record.
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
