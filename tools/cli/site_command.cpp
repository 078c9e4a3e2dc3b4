// iri site: the public suffix and the registrable domain of each input, a URL (its host as the URL Standard reads
// it) or a bare host, by the Public Suffix List (iri/public_suffix.hpp), loaded once by parse_args.
#include "commands.hpp"
#include "shown.hpp"

namespace cli {

namespace {

std::optional<std::string_view> view(const std::optional<std::string>& s) {
    return s ? std::optional<std::string_view>(*s) : std::nullopt;
}

// The text form of an answer: the string as the terminal shows it, empty for none.
void text_field(std::string& out, const std::optional<std::string>& value) {
    if (value) append_shown_well_formed(out, *value);
}

}  // namespace

site_outcome site_of(const options& o, const record& r, std::string&) {
    thread_local iri::web::url scratch;         // a thread's own, reused (no allocation per line for the parse)
    const key_input in = read_key_input(o, r);  // with --pairs, the href resolved against its page
    if (in.fail.failed()) return {.fail = in.fail};
    auto answer = o.psl->lookup_url_or_host(in.text, {.sections = o.psl_sections, .form = o.site_form}, scratch);
    if (!answer) return {.fail = failure_of(answer.error(), in.text)};
    return {.site = std::move(*answer)};
}

void site_text(const options&, const subject&, const site_outcome& x, std::string& out) {
    text_field(out, x.site->public_suffix);
    out += '\t';
    text_field(out, x.site->registrable_domain);
    out += '\n';
}

// JSON: input, valid, host (null when there is none), public_suffix, registrable_domain (null where none).
void site_fields(const options& o, const subject& in, const site_outcome& x, std::string& out) {
    record_writer w = writer(o, out);
    w.string("input", in.input).boolean("valid", !x.invalid());
    if (x.invalid()) {
        error_fields(w, x.fail);
        return w.end();
    }
    w.optional("host", x.site->host.empty() ? std::nullopt : std::optional<std::string_view>(x.site->host));
    w.optional("public_suffix", view(x.site->public_suffix));
    w.optional("registrable_domain", view(x.site->registrable_domain));
    w.end();
}

}  // namespace cli
