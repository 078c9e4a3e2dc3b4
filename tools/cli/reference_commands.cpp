// The subcommands of RFC 3986/3987 references and the crawler's keys: what one record gives (validate, parse,
// normalize, key, to-uri, to-iri, resolve, relativize, compare, surt, canonicalize) and how it is printed.
#include "commands.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

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

// The outcome of a subcommand that appended its output (`n` bytes) to `sink`: that output, or the error about `in`
// (the library leaves `sink` as it was).
transformed written(const iri::result<std::size_t>& n, const std::string& sink, std::string_view in, bool uri) {
    if (!n) return {.fail = failure_of(n.error(), in)};
    return {.output = std::string_view(sink).substr(sink.size() - *n), .output_is_uri = uri};
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
transformed normal_form(const options& o, const record& r, std::string& sink, bool key) {
    const std::string_view in = r.fields[0];
    const auto view = parsed_view(o, in);
    if (!view) return {.fail = failure_of(view.error(), in)};
    return written(key ? iri::append_canonical_key(sink, *view, o.normalization)
                       : iri::append_normalized(sink, *view, o.normalization),
                   sink, in, o.grammar == iri::grammar::uri || o.normalization.as_uri);
}

// relativize, compare: the base (--base, or the pair's first) and the reference, parsed; or the failure.
struct pair_inputs {
    std::optional<iri::reference> own_base;  // the pair's
    const iri::reference* base = nullptr;
    std::optional<iri::reference_view> ref;
};

failure read_pair(const options& o, const record& r, pair_inputs& p) {
    if (o.pairs) {
        auto b = iri::reference::parse(std::string(r.fields[0]), o.grammar);
        if (!b) return failure_of(b.error(), r.fields[0], true);
        p.own_base = std::move(*b);
    }
    p.base = o.pairs ? &*p.own_base : &*o.base;
    auto ref = iri::reference_view::parse(r.fields.back(), o.grammar);
    if (!ref) return failure_of(ref.error(), r.fields.back());
    p.ref = *ref;
    return {};
}

// A JSON or TSV record's first members: the input, the base (the subcommands that take one) and the validity.
record_writer record_start(const options& o, const subject& in, bool valid, std::string& out) {
    record_writer w = writer(o, out);
    w.string("input", in.input);
    if (o.command->takes_base() || in.base) w.optional("base", in.base);  // a key's --pairs: the page
    w.boolean("valid", valid);
    return w;
}

}  // namespace

// ---- validate, parse ----

parsed parse_reference(const options& o, const record& r, std::string&) {
    auto p = iri::parse(r.fields[0], o.grammar, o.production);
    if (!p) return {.fail = failure_of(p.error(), r.fields[0])};
    return {.parts = *p};
}

void validity_text(const options&, const subject& in, const parsed&, std::string& out) {
    out.append(std::string_view("valid\t"));
    append_shown_well_formed(out, in.input);  // accepted by a grammar: well-formed UTF-8
    out += '\n';
}

void validity_fields(const options& o, const subject& in, const parsed& x, std::string& out) {
    record_writer w = record_start(o, in, !x.invalid(), out);
    if (x.invalid()) error_fields(w, x.fail);
    w.end();
}

void components_text(const options& o, const subject& in, const parsed& x, std::string& out) {
    out += shown(in.input) + "\n";
    const iri::reference_view view(in.input, *x.parts, o.grammar);
    for (iri::component k : shown_components) {
        if (!x.parts->has(k)) continue;
        const iri::span s = (*x.parts)[k];
        out += std::string("  ") + iri::name(k) + ": " + shown(in.input.substr(s.begin, s.end - s.begin));
        if (k == iri::component::host) out += std::string("  (") + iri::name(view.host_kind()) + ")";
        if (k == iri::component::port) out += "  (" + port_text(view) + ")";
        out += "\n";
    }
}

void components_fields(const options& o, const subject& in, const parsed& x, std::string& out) {
    record_writer w = record_start(o, in, !x.invalid(), out);
    if (x.parts) {
        w.object("components");
        for (iri::component k : shown_components) {
            if (!x.parts->has(k)) continue;
            const iri::span s = (*x.parts)[k];
            w.string(iri::name(k), in.input.substr(s.begin, s.end - s.begin));
        }
        const iri::reference_view view(in.input, *x.parts, o.grammar);
        if (view.host_kind() != iri::host_kind::none) w.string("host_kind", iri::name(view.host_kind()));
        if (view.port_status() == iri::port_status::in_range) w.number("port_number", view.port_number());
        w.close();
    }
    if (x.invalid()) error_fields(w, x.fail);
    w.end();
}

// ---- one string: normalize, key, to-uri, to-iri, resolve, relativize, surt, canonicalize ----

transformed normalize_reference(const options& o, const record& r, std::string& sink) {
    return normal_form(o, r, sink, false);
}
transformed key_of_reference(const options& o, const record& r, std::string& sink) {
    return normal_form(o, r, sink, true);
}

// to-uri, to-iri: the conversions parse their input themselves.
transformed to_uri_reference(const options& o, const record& r, std::string& sink) {
    return written(iri::append_to_uri(sink, r.fields[0], o.grammar, o.to_uri), sink, r.fields[0], true);
}

transformed to_iri_reference(const options& o, const record& r, std::string& sink) {
    iri::to_iri_options t = o.to_iri;  // the IRI grammar asked for: RFC 3987's or 3987bis's
    t.to = o.grammar == iri::grammar::rfc3987 ? iri::grammar::rfc3987 : iri::grammar::iri;
    return written(iri::append_to_iri(sink, r.fields[0], t), sink, r.fields[0], false);
}

// resolve: the target of each reference (RFC 3986 §5.2), or its normal form (--normalize), written by a resolver
// (resolver.hpp) made once for --base, once per pair for --pairs.
transformed resolve_reference(const options& o, const record& r, std::string& sink) {
    std::optional<iri::resolver> pair_resolver;
    if (o.pairs) {
        auto made = iri::resolver::make(r.fields[0], o.grammar, resolver_options(o), {.strict = o.strict});
        if (!made) return {.fail = failure_of(made.error(), r.fields[0], true)};
        pair_resolver = std::move(*made);
    }
    const iri::resolver& resolver = o.pairs ? *pair_resolver : *o.resolver;
    const std::string_view in = r.fields.back();
    return written(resolver.append_normalized(sink, in), sink, in, o.grammar == iri::grammar::uri);
}

transformed relativize_reference(const options& o, const record& r, std::string& sink) {
    pair_inputs p;
    if (failure f = read_pair(o, r, p); f.failed()) return {.fail = f};
    auto t = iri::relativize(*p.base, *p.ref);
    if (!t) {
        // A target no reference resolves to is about the input; a base without scheme about the base.
        if (t.error().code == iri::errc::not_relativizable) return {.fail = failure_of(t.error(), r.fields.back())};
        // The base's text: the record's own for --pairs, else --base's.
        return {.fail = failure_of(t.error(), o.pairs ? r.fields[0] : std::string_view(*o.base_text), true)};
    }
    sink.append(t->str());
    return {.output = std::string_view(sink).substr(sink.size() - t->str().size())};
}

// surt, canonicalize: the crawler's keys (iri/crawl_keys.hpp), appended to the sink.
// surt, canonicalize: with --pairs, of the href resolved against its page (crawl_command.cpp).
transformed surt_of_url(const options& o, const record& r, std::string& sink) {
    const key_input in = read_key_input(o, r);
    if (in.fail.failed()) return {.fail = in.fail};
    return written(iri::crawl::append_surt(sink, in.text, o.surt), sink, in.text, false);
}

transformed canonical_url(const options& o, const record& r, std::string& sink) {
    const key_input in = read_key_input(o, r);
    if (in.fail.failed()) return {.fail = in.fail};
    return written(iri::crawl::append_canonicalized(sink, in.text, o.canon), sink, in.text, false);
}

void output_text(const options& o, const subject& in, const transformed& x, std::string& out) {
    // Written by the library (well-formed UTF-8, or the bytes of a crawler's key) at the end of `out` (run_row).
    if (!x.output_is_uri) show_well_formed_tail(out, out.size() - x.output->size());
    if (o.with_input) out.append(1, '\t').append(in.input);  // surt --with-input: a CDX line's first two fields
    out += '\n';
}

void output_fields(const options& o, const subject& in, const transformed& x, std::string& out) {
    record_writer w = record_start(o, in, !x.invalid(), out);
    if (x.output) w.string("output", *x.output);
    if (x.invalid()) error_fields(w, x.fail);
    w.end();
}

// ---- compare: RFC 3987 §5.3, the ladder up to the rung ----

verdict compare_references(const options& o, const record& r, std::string&) {
    pair_inputs p;
    if (failure f = read_pair(o, r, p); f.failed()) return {.fail = f};
    return {.equivalent = iri::equivalent(*p.base, *p.ref, o.normalization)};
}

void verdict_text(const options&, const subject& in, const verdict& x, std::string& out) {
    out.append(x.equivalent ? "equivalent\t" : "different\t").append(shown(*in.base)).append("\t");
    out.append(shown(in.input)).append("\n");
}

void verdict_fields(const options& o, const subject& in, const verdict& x, std::string& out) {
    record_writer w = record_start(o, in, !x.invalid(), out);
    if (!x.invalid()) w.boolean("equivalent", x.equivalent);
    else error_fields(w, x.fail);
    w.end();
}

}  // namespace cli
