// The C API (include/iri.h): the conversions IRI→URI, URI→IRI, LEIRI→IRI, hosts (UTS #46), legacy charsets and
// percent-encoding.
#include "c_api/c_api_detail.hpp"
#include "iri/convert.hpp"
#include "iri/idna.hpp"
#include "iri/percent.hpp"
#include "iri/prepare.hpp"

using namespace iri::detail::c_api;

namespace {

// The result of a conversion handed to the caller, or its error.
int deliver(const iri::result<std::string>& r, char** out, size_t* out_len, iri_error* err) noexcept {
    return r ? give(*r, out, out_len, err) : fail(err, r.error());
}

bool is_flag(int v, int last) noexcept { return v >= 0 && v <= last; }

}  // namespace

extern "C" {

int iri_to_uri(const char* text, size_t len, int from, const iri_to_uri_options* options, char** out, size_t* out_len,
               iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(from);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    iri_to_uri_options o = IRI_TO_URI_OPTIONS_INIT;
    if (const int s = read_options(options, o, err)) return s;
    if (!is_flag(o.host, IRI_HOST_MAPPING_IDNA) || !usable(o.charset, o.charset_len))
        return fail(err, IRI_E_INVALID_ARGUMENT, "unknown host mapping, or NULL charset with a length");
    const iri::to_uri_options cpp{
        .host = o.host == IRI_HOST_MAPPING_IDNA ? iri::host_mapping::idna : iri::host_mapping::percent_encoding,
        .query_charset = bytes(o.charset, o.charset_len),
        .encode_unsafe_ascii = o.encode_unsafe_ascii != 0};
    return guarded(err, [&]() -> int { return deliver(iri::to_uri(bytes(text, len), *g, cpp), out, out_len, err); });
}

int iri_to_iri(const char* uri, size_t len, const iri_to_iri_options* options, char** out, size_t* out_len,
               iri_error* err) {
    if (const int s = start_output(uri, len, out, err)) return s;
    iri_to_iri_options o = IRI_TO_IRI_OPTIONS_INIT;
    if (const int s = read_options(options, o, err)) return s;
    const auto to = to_grammar(o.to);
    if (!to) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    const iri::to_iri_options cpp{.to = *to,
                                  .keep_discouraged_encoded = o.keep_discouraged_encoded != 0,
                                  .keep_http_query_encoded = o.keep_http_query_encoded != 0,
                                  .unicode_hosts = o.unicode_hosts != 0};
    return guarded(err, [&]() -> int { return deliver(iri::to_iri(bytes(uri, len), cpp), out, out_len, err); });
}

int iri_leiri_to_iri(const char* text, size_t len, int to, char** out, size_t* out_len, iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(to);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    return guarded(err, [&]() -> int { return deliver(iri::leiri_to_iri(bytes(text, len), *g), out, out_len, err); });
}

int iri_host_to_ascii(const char* host, size_t len, char** out, size_t* out_len, iri_error* err) {
    if (const int s = start_output(host, len, out, err)) return s;
    return guarded(err, [&]() -> int { return deliver(iri::host_to_ascii(bytes(host, len)), out, out_len, err); });
}

int iri_host_to_unicode(const char* host, size_t len, char** out, size_t* out_len, iri_error* err) {
    if (const int s = start_output(host, len, out, err)) return s;
    return guarded(err, [&]() -> int { return deliver(iri::host_to_unicode(bytes(host, len)), out, out_len, err); });
}

int iri_from_charset(const char* text, size_t len, const char* charset, size_t charset_len, char** out, size_t* out_len,
                     iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    if (!usable(charset, charset_len)) return fail(err, IRI_E_INVALID_ARGUMENT, "NULL charset with a length");
    return guarded(err, [&]() -> int {
        return deliver(iri::from_charset(bytes(text, len), bytes(charset, charset_len)), out, out_len, err);
    });
}

int iri_percent_encode(const char* text, size_t len, int grammar, int production, int mode, const char* also,
                       size_t also_len, char** out, size_t* out_len, iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    if (!is_production(production) || !is_flag(mode, IRI_ENCODE_LITERAL) || !usable(also, also_len))
        return fail(err, IRI_E_INVALID_ARGUMENT, "unknown production or mode, or NULL `also` with a length");
    const auto m = mode == IRI_ENCODE_LITERAL ? iri::encode_mode::literal : iri::encode_mode::keep_escapes;
    return guarded(err, [&]() -> int {
        return deliver(iri::percent_encode(bytes(text, len), *g, static_cast<iri::production>(production), m,
                                           bytes(also, also_len)),
                       out, out_len, err);
    });
}

int iri_percent_decode(const char* text, size_t len, int mode, int require_utf8, char** out, size_t* out_len,
                       iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    if (!is_flag(mode, IRI_DECODE_LENIENT)) return fail(err, IRI_E_INVALID_ARGUMENT, "unknown decode mode");
    const auto m = mode == IRI_DECODE_LENIENT ? iri::decode_mode::lenient : iri::decode_mode::strict;
    return guarded(err, [&]() -> int {
        const std::string_view in = bytes(text, len);
        return deliver(require_utf8 ? iri::percent_decode_utf8(in, m) : iri::percent_decode(in, m), out, out_len, err);
    });
}

}  // extern "C"
