// The C API (include/iri.h): parse, resolve, relativize, normalize, canonical key, equivalence.
#include "c_api/c_api_detail.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/reference.hpp"
#include "iri/resolve.hpp"

namespace iri::detail::c_api {

int read_normalize_options(const iri_normalize_options* given, iri::normalize_options& out, iri_error* err) noexcept {
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    if (const int s = read_options(given, o, err)) return s;
    if (o.rung < IRI_RUNG_SIMPLE || o.rung > IRI_RUNG_SCHEME) return fail(err, IRI_E_INVALID_ARGUMENT, "unknown rung");
    out = {.rung = static_cast<iri::rung>(o.rung),
           .nfc = o.nfc != 0,
           .keep_fragment = o.keep_fragment != 0,
           .as_uri = o.as_uri != 0};
    return IRI_OK;
}

}  // namespace iri::detail::c_api

using namespace iri::detail::c_api;

namespace {

// Both inputs of a two-reference function parsed in `g`; a parse error names which input it is in.
struct parsed_pair {
    iri::reference_view a, b;
};

int parse_pair(std::string_view a, std::string_view b, iri::grammar g, parsed_pair& out, iri_error* err) noexcept {
    auto pa = iri::reference_view::parse(a, g);
    if (!pa) return fail(err, pa.error(), 0);
    auto pb = iri::reference_view::parse(b, g);
    if (!pb) return fail(err, pb.error(), 1);
    out = {*pa, *pb};
    return IRI_OK;
}

// The parts normalize and canonical_key share: checks, the parse, then `f` on the view.
template <class F>
int normal_form(const char* text, size_t len, int grammar, const iri_normalize_options* options, char** out,
                size_t* out_len, iri_error* err, F f) noexcept {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    iri::normalize_options o;
    if (const int s = read_normalize_options(options, o, err)) return s;
    return guarded(err, [&]() -> int {
        auto v = iri::reference_view::parse(bytes(text, len), *g);
        if (!v) return fail(err, v.error());
        auto r = f(*v, o);
        return r ? give(*r, out, out_len, err) : fail(err, r.error());
    });
}

// The checks both pair functions make before their work: the output, the second text, the grammar.
int check_pair(const char* base, size_t base_len, const char* second, size_t second_len, const char* null_second,
               int grammar, char** out, iri_error* err) {
    if (const int s = start_output(base, base_len, out, err)) return s;
    if (!usable(second, second_len)) return fail(err, IRI_E_INVALID_ARGUMENT, null_second);
    if (!to_grammar(grammar)) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    return 0;
}

}  // namespace

extern "C" {

int iri_parse(const char* text, size_t len, int grammar, int production, iri_components* out, iri_error* err) {
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    if (!usable(text, len) || !is_production(production))
        return fail(err, IRI_E_INVALID_ARGUMENT, "NULL text with a length, or unknown production");
    if (const int s = check_arg(out, "no place for the result (out is NULL)", err)) return s;
    auto r = iri::parse(bytes(text, len), *g, static_cast<iri::production>(production));
    if (!r) return fail(err, r.error());
    iri_components full = IRI_COMPONENTS_INIT;
    full.host_kind = static_cast<int>(r->host());
    for (std::size_t i = 0; i < iri::component_count; ++i) full.spans[i] = {r->spans[i].begin, r->spans[i].end};
    write_sized(out, full);
    return IRI_OK;
}

int iri_is_valid(const char* text, size_t len, int grammar, int production) {
    const auto g = to_grammar(grammar);
    if (!g || !usable(text, len) || !is_production(production)) return 0;
    return iri::is_valid(bytes(text, len), *g, static_cast<iri::production>(production)) ? 1 : 0;
}

int iri_resolve(const char* base, size_t base_len, const char* ref, size_t ref_len, int grammar, int strict, char** out,
                size_t* out_len, iri_error* err) {
    if (const int s =
            check_pair(base, base_len, ref, ref_len, "NULL reference with a non-zero length", grammar, out, err))
        return s;
    const auto g = to_grammar(grammar);
    return guarded(err, [&]() -> int {
        parsed_pair p;
        if (const int s = parse_pair(bytes(base, base_len), bytes(ref, ref_len), *g, p, err)) return s;
        auto t = iri::resolve(p.a, p.b, {.strict = strict != 0});
        return t ? give(t->str(), out, out_len, err) : fail(err, t.error(), 0);
    });
}

int iri_remove_dot_segments(const char* path, size_t len, char** out, size_t* out_len, iri_error* err) {
    if (const int s = start_output(path, len, out, err)) return s;
    return guarded(err, [&]() -> int { return give(iri::remove_dot_segments(bytes(path, len)), out, out_len, err); });
}

int iri_relativize(const char* base, size_t base_len, const char* target, size_t target_len, int grammar, char** out,
                   size_t* out_len, iri_error* err) {
    if (const int s =
            check_pair(base, base_len, target, target_len, "NULL target with a non-zero length", grammar, out, err))
        return s;
    const auto g = to_grammar(grammar);
    return guarded(err, [&]() -> int {
        parsed_pair p;
        if (const int s = parse_pair(bytes(base, base_len), bytes(target, target_len), *g, p, err)) return s;
        auto r = iri::relativize(p.a, p.b);
        if (r) return give(r->str(), out, out_len, err);
        return fail(err, r.error(), r.error().code == iri::errc::base_not_absolute ? 0 : 1);
    });
}

int iri_normalize(const char* text, size_t len, int grammar, const iri_normalize_options* options, char** out,
                  size_t* out_len, iri_error* err) {
    return normal_form(
        text, len, grammar, options, out, out_len, err,
        [](const iri::reference_view& v, const iri::normalize_options& o) { return iri::normalize(v, o); });
}

int iri_canonical_key(const char* text, size_t len, int grammar, const iri_normalize_options* options, char** out,
                      size_t* out_len, iri_error* err) {
    return normal_form(
        text, len, grammar, options, out, out_len, err,
        [](const iri::reference_view& v, const iri::normalize_options& o) { return iri::canonical_key(v, o); });
}

int iri_equivalent(const char* a, size_t a_len, const char* b, size_t b_len, int grammar,
                   const iri_normalize_options* options, int* equal, iri_error* err) {
    if (const int s = check_arg(equal, "no place for the result (equal is NULL)", err)) return s;
    if (!usable(a, a_len) || !usable(b, b_len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL input with a length");
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    iri::normalize_options o;
    if (const int s = read_normalize_options(options, o, err)) return s;
    return guarded(err, [&]() -> int {
        parsed_pair p;
        if (const int s = parse_pair(bytes(a, a_len), bytes(b, b_len), *g, p, err)) return s;
        *equal = iri::equivalent(p.a, p.b, o) ? 1 : 0;
        return IRI_OK;
    });
}

}  // extern "C"
