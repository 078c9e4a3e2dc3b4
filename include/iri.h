/* iri.h: the C API of the iri library (C99; usable from C and C++).
 *
 *   iri_components c = IRI_COMPONENTS_INIT;
 *   iri_error e = IRI_ERROR_INIT;
 *   if (iri_parse("http://a/b?q", 12, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) == IRI_OK)
 *       ... c.spans[IRI_COMPONENT_HOST] is {7, 8} ...
 *   else
 *       ... e.code, e.offset, e.component, e.message ...
 *
 * Conventions, for every function:
 *  - Input strings are (pointer, length in bytes): any bytes, no terminator assumed; an embedded NUL is an
 *    ordinary (and in most grammars disallowed) character; invalid UTF-8 is an error (IRI_E_INVALID_UTF8).
 *    A NULL pointer is allowed with length 0.
 *  - Functions that can fail return an int status: IRI_OK (0) or an error code (iri_error_name() names it), and
 *    fill the optional `iri_error* err` (NULL: no details) with the byte offset, component and message.
 *  - String results are allocated by the library: `*out` receives a NUL-terminated string (the result may also
 *    hold NULs: `*out_len`, optional, is its length) that the caller frees with iri_free(). On error `*out` is
 *    NULL. Names (iri_error_name, iri_component_name, ...) are static strings, never freed.
 *  - Lists (diagnostics, extracted IRIs) are opaque handles read with _count/_get and freed with _free. The
 *    parsed-reference and resolver handles (iri_reference, iri_resolver) give views ({data, length}) into
 *    themselves, or write into the caller's buffer. docs/c-api.md describes them all.
 *  - Structs the caller passes carry their size in their first field (set it with the _INIT macros): a
 *    library built with more fields reads and writes only those the caller's size covers. A size smaller than
 *    the struct's first version (0: a struct not set with its _INIT macro) is IRI_E_INVALID_ARGUMENT, never
 *    read as the defaults. A NULL options pointer means the defaults; an iri_error of any size receives the
 *    fields it has room for.
 *  - No C++ exception crosses this interface (allocation failure is IRI_E_NO_MEMORY). There is no global
 *    mutable state: every function may be called from any number of threads at once (one resolver handle by
 *    one thread at a time).
 *  - Grammars are small integers: IRI_GRAMMAR_DEFAULT (the IRI grammar, draft-ietf-iri-3987bis) or a value of
 *    iri_grammar_find() ("uri", "iri", "rfc3987", "leiri", ...). Productions are the IRI_PRODUCTION_* roles,
 *    named after RFC 3986's rules; iri_production_find() looks one up by a grammar's ABNF rule name.
 */
#ifndef IRI_H
#define IRI_H

#include <stddef.h>
#include <stdint.h>

/* IRI_C_API exports the C functions from a shared libiri whatever its default visibility (the build hides
 * everything else not marked for export); on Windows it also imports them into a program using the DLL. */
#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(IRI_STATIC_DEFINE)
#    define IRI_C_API
#  elif defined(iri_EXPORTS) /* CMake defines it while building the shared library */
#    define IRI_C_API __declspec(dllexport)
#  else
#    define IRI_C_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define IRI_C_API __attribute__((visibility("default")))
#else
#  define IRI_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status and error codes (stable: values never change meaning; new ones are added) ---- */
enum {
    IRI_OK = 0,
    /* the codes of the C++ library (iri::errc), same values */
    IRI_E_UNEXPECTED_END = 1,       /* the input ended where the production needs more ("http://[::1") */
    IRI_E_DISALLOWED_CHARACTER = 2, /* a character the production does not allow at this point */
    IRI_E_INVALID_UTF8 = 3,         /* bytes that are not well-formed UTF-8 */
    IRI_E_BAD_PERCENT_ENCODING = 4, /* "%" not followed by two hex digits (RFC 3986 §2.1) */
    IRI_E_EXCLUDED_CHARACTER = 5,   /* forbidden by a prose rule (IRIs: bidi formatting, RFC 3987 §4.1) */
    IRI_E_INPUT_TOO_LONG = 6,       /* longer than 4,294,967,294 bytes */
    IRI_E_NO_SUCH_PRODUCTION = 7,   /* the grammar has no rule for the production */
    IRI_E_BASE_NOT_ABSOLUTE = 8,    /* resolution needs a base with a scheme (RFC 3986 §5.2.1) */
    IRI_E_IDNA_FAILED = 9,          /* a host label UTS #46 rejects (iri_error.idna_errors says why) */
    IRI_E_UNICODE_FAILURE = 10,     /* ICU could not complete */
    IRI_E_INVALID_ENCODING = 11,    /* bytes not valid in the named charset */
    IRI_E_UNKNOWN_CHARSET = 12,     /* a charset name ICU does not know */
    IRI_E_NOT_RELATIVIZABLE = 13,   /* no reference resolves to the target (relative, or with dot segments) */
    IRI_E_BAD_PORT = 14,            /* a port that is not digits (RFC 3986 §3.2.3): "http://example.org:80a/" */
    IRI_E_UNCLOSED_IP_LITERAL = 15, /* an IP literal no "]" closes before the authority ends (RFC 3986 §3.2.2) */
    IRI_E_URL_FAILURE = 16,         /* the URL Standard's basic URL parser answers failure (iri/web.hpp) */
    /* codes of the C interface itself */
    IRI_E_INVALID_ARGUMENT = 64, /* a NULL pointer with a length, an unknown enum value, ... */
    IRI_E_NO_SUCH_GRAMMAR = 65,  /* a grammar number or name this library does not have */
    IRI_E_NO_MEMORY = 66,        /* allocation failed */
    IRI_E_INTERNAL = 67,         /* an unexpected failure inside the library (a bug) */
    IRI_E_BUFFER_TOO_SMALL = 68, /* the caller's buffer cannot hold the result and its NUL (*out_len: its length) */
    IRI_E_CANNOT_LOAD = 69       /* a file that cannot be read or loaded (the message names it and says why) */
};

/* The name of a status code ("ok", "unexpected_end", "invalid_argument", ...); "unknown" for other values. */
IRI_C_API const char* iri_error_name(int code);

/* ---- components (RFC 3986 §3), in the order of iri::component ---- */
enum {
    IRI_COMPONENT_SCHEME = 0,
    IRI_COMPONENT_AUTHORITY = 1,
    IRI_COMPONENT_USERINFO = 2,
    IRI_COMPONENT_HOST = 3,
    IRI_COMPONENT_PORT = 4,
    IRI_COMPONENT_PATH = 5,
    IRI_COMPONENT_QUERY = 6,
    IRI_COMPONENT_FRAGMENT = 7,
    IRI_COMPONENT_IPV4ADDRESS = 8,
    IRI_COMPONENT_IPV6ADDRESS = 9, /* without the brackets */
    IRI_COMPONENT_IPVFUTURE = 10,  /* without the brackets */
    IRI_COMPONENT_REG_NAME = 11,
    IRI_COMPONENT_COUNT = 12,
    IRI_COMPONENT_NONE = 12 /* outside every component (errors) */
};
/* The name of a component ("scheme", "host", "IPv6address", ..., "none"). */
IRI_C_API const char* iri_component_name(int component);

/* Which alternative of host matched (RFC 3986 §3.2.2). */
enum { IRI_HOST_NONE = 0, IRI_HOST_REG_NAME = 1, IRI_HOST_IPV4 = 2, IRI_HOST_IPV6 = 3, IRI_HOST_IPVFUTURE = 4 };

/* ---- entry productions (roles named after RFC 3986's rules), in the order of iri::production ---- */
enum {
    IRI_PRODUCTION_URI_REFERENCE = 0,
    IRI_PRODUCTION_URI = 1,
    IRI_PRODUCTION_ABSOLUTE_URI = 2,
    IRI_PRODUCTION_RELATIVE_REF = 3,
    IRI_PRODUCTION_SCHEME = 4,
    IRI_PRODUCTION_AUTHORITY = 5,
    IRI_PRODUCTION_USERINFO = 6,
    IRI_PRODUCTION_HOST = 7,
    IRI_PRODUCTION_PORT = 8,
    IRI_PRODUCTION_IP_LITERAL = 9,
    IRI_PRODUCTION_IPV4ADDRESS = 10,
    IRI_PRODUCTION_IPV6ADDRESS = 11,
    IRI_PRODUCTION_IPVFUTURE = 12,
    IRI_PRODUCTION_REG_NAME = 13,
    IRI_PRODUCTION_PATH = 14,
    IRI_PRODUCTION_PATH_ABEMPTY = 15,
    IRI_PRODUCTION_PATH_ABSOLUTE = 16,
    IRI_PRODUCTION_PATH_NOSCHEME = 17,
    IRI_PRODUCTION_PATH_ROOTLESS = 18,
    IRI_PRODUCTION_PATH_EMPTY = 19,
    IRI_PRODUCTION_SEGMENT = 20,
    IRI_PRODUCTION_SEGMENT_NZ = 21,
    IRI_PRODUCTION_SEGMENT_NZ_NC = 22,
    IRI_PRODUCTION_QUERY = 23,
    IRI_PRODUCTION_FRAGMENT = 24,
    IRI_PRODUCTION_UNRESERVED = 25,
    IRI_PRODUCTION_COUNT = 26
};

/* ---- grammar and production lookup ---- */
#define IRI_GRAMMAR_DEFAULT (-1) /* the IRI grammar ("iri") */

/* The number of grammar variants built in; grammars are numbered 0 .. count-1. */
IRI_C_API int iri_grammar_count(void);
/* Sets *out to the grammar called `name` ("uri", "iri", "rfc3987", "leiri", ...). IRI_E_NO_SUCH_GRAMMAR. */
IRI_C_API int iri_grammar_find(const char* name, size_t name_len, int* out);
/* The name of grammar `grammar` (NUL-terminated, static), or NULL for a number it does not have. */
IRI_C_API const char* iri_grammar_name(int grammar);
/* Sets *out to the production that `grammar`'s ABNF rule `name` (or alias, or RFC 3986 role name) plays,
 * matched case-insensitively: "ihost" in "iri" is IRI_PRODUCTION_HOST. IRI_E_NO_SUCH_PRODUCTION. */
IRI_C_API int iri_production_find(int grammar, const char* name, size_t name_len, int* out);
/* The RFC 3986 rule name of a production ("URI-reference", "host", ...; static), or NULL. */
IRI_C_API const char* iri_production_name(int production);
/* The ABNF rule of `grammar` that plays `production` ("IRI-reference" for URI_REFERENCE in "iri"), as a
 * static string of *len bytes (not NUL-terminated). IRI_E_NO_SUCH_PRODUCTION when the grammar has none. */
IRI_C_API int iri_production_rule(int grammar, int production, const char** rule, size_t* len);

/* ---- errors ---- */
#define IRI_ERROR_MESSAGE_SIZE 256

/* The details of a failure. Set `size` to sizeof(iri_error) (IRI_ERROR_INIT does). */
typedef struct iri_error {
    size_t size;
    int code;             /* the status returned */
    uint32_t offset;      /* byte offset in the input where it stops being valid (== length: unexpected end) */
    uint32_t char_offset; /* where the offending character or sequence begins */
    uint32_t length;      /* its length in bytes (0: none) */
    int component;        /* IRI_COMPONENT_* at fault, or IRI_COMPONENT_NONE */
    int input;            /* which input the offset is in: 0 the first (the base of resolve), 1 the second */
    uint32_t idna_errors; /* IRI_E_IDNA_FAILED: the UTS #46 errors, iri::idna_error's bits (iri/error.hpp) */
    char message[IRI_ERROR_MESSAGE_SIZE]; /* one line, NUL-terminated, truncated to fit */
    uint32_t fault; /* the byte the error is about, which the message names: `offset` unless the parse ran
                               past it (IRI_E_BAD_PORT: the port's first non-digit at 21 in "http://example.org:80a/",
                               whose offset is 22; IRI_E_UNCLOSED_IP_LITERAL: the "["); see iri/error.hpp */
} iri_error;
#define IRI_ERROR_INIT \
  { sizeof(iri_error), 0, 0, 0, 0, IRI_COMPONENT_NONE, 0, 0, {0}, 0 }

/* Frees a string or buffer the library allocated. NULL is allowed. */
IRI_C_API void iri_free(void* p);

/* ---- validate and parse (draft-ietf-iri-3987bis §2.2, RFC 3986 §3–§4) ---- */
#define IRI_OMITTED 0xFFFFFFFFu

typedef struct iri_span {
    uint32_t begin; /* IRI_OMITTED when the component does not occur (not the same as empty) */
    uint32_t end;
} iri_span;

/* The component offsets of one parse. Set `size` to sizeof(iri_components) (IRI_COMPONENTS_INIT does). */
typedef struct iri_components {
    size_t size;
    int host_kind;                       /* IRI_HOST_* */
    iri_span spans[IRI_COMPONENT_COUNT]; /* by IRI_COMPONENT_*, without delimiters */
} iri_components;
#define IRI_COMPONENTS_INIT      \
  {                              \
    sizeof(iri_components), 0, { \
      { 0, 0 }                   \
    }                            \
  }

/* Parses the whole text as `production` of `grammar` and fills *out (caller's struct). */
IRI_C_API int iri_parse(const char* text, size_t len, int grammar, int production, iri_components* out, iri_error* err);
/* 1 when the text is a valid string of `production` in `grammar`, else 0 (also for an unknown grammar). */
IRI_C_API int iri_is_valid(const char* text, size_t len, int grammar, int production);

/* ---- resolution and relativization (RFC 3986 §5.2) ---- */
/* Resolves `ref` against `base` (both parsed in `grammar`). strict = 0: a reference whose scheme equals the
 * base's is resolved as if it had none (§5.2.2). *out: library-allocated, free with iri_free. */
IRI_C_API int iri_resolve(const char* base, size_t base_len, const char* ref, size_t ref_len, int grammar, int strict,
                          char** out, size_t* out_len, iri_error* err);
/* RFC 3986 §5.2.4 on a path: "/a/b/c/./../../g" gives "/a/g". *out: library-allocated. */
IRI_C_API int iri_remove_dot_segments(const char* path, size_t len, char** out, size_t* out_len, iri_error* err);
/* The shortest reference that resolves against `base` to `target`. *out: library-allocated. */
IRI_C_API int iri_relativize(const char* base, size_t base_len, const char* target, size_t target_len, int grammar,
                             char** out, size_t* out_len, iri_error* err);

/* ---- normalization, equivalence, canonical keys (RFC 3987 §5.3) ---- */
enum { IRI_RUNG_SIMPLE = 0, IRI_RUNG_SYNTAX = 1, IRI_RUNG_SCHEME = 2 };

typedef struct iri_normalize_options {
    size_t size;
    int rung;          /* IRI_RUNG_*; default IRI_RUNG_SYNTAX; a crawler asks for IRI_RUNG_SCHEME */
    int nfc;           /* character normalization to NFC (§5.3.2.2); default 0 */
    int keep_fragment; /* default 1 */
    int as_uri;        /* 1: the normal form or key as a URI with IDNA hosts (3987bis §3.1, §3.4.2), for a client to
                          fetch; default 0: an IRI. iri_equivalent ignores it. */
} iri_normalize_options;
#define IRI_NORMALIZE_OPTIONS_INIT \
  { sizeof(iri_normalize_options), IRI_RUNG_SYNTAX, 0, 1, 0 }

/* The normal form of a reference. *out: library-allocated. */
IRI_C_API int iri_normalize(const char* text, size_t len, int grammar, const iri_normalize_options* options, char** out,
                            size_t* out_len, iri_error* err);
/* A key equal for exactly the references equivalent at the options' rung. *out: library-allocated. */
IRI_C_API int iri_canonical_key(const char* text, size_t len, int grammar, const iri_normalize_options* options,
                                char** out, size_t* out_len, iri_error* err);
/* Sets *equal to 1 when a and b are equivalent at the options' rung, else 0. err->input tells which is invalid. */
IRI_C_API int iri_equivalent(const char* a, size_t a_len, const char* b, size_t b_len, int grammar,
                             const iri_normalize_options* options, int* equal, iri_error* err);

/* ---- conversions (3987bis §3, §4.2, §6.2) ---- */
enum { IRI_HOST_MAPPING_PERCENT = 0, IRI_HOST_MAPPING_IDNA = 1 };

typedef struct iri_to_uri_options {
    size_t size;
    int host;            /* IRI_HOST_MAPPING_*; default percent-encoding (§3.4.1) */
    const char* charset; /* the document's charset for http(s) queries (§3.5); NULL: UTF-8 */
    size_t charset_len;
    int encode_unsafe_ascii; /* percent-encode space, "<", ">", ... instead of failing (RFC 3987 §3.1) */
} iri_to_uri_options;
#define IRI_TO_URI_OPTIONS_INIT \
  { sizeof(iri_to_uri_options), IRI_HOST_MAPPING_PERCENT, NULL, 0, 0 }

/* IRI (of grammar `from`) to URI. *out: library-allocated. */
IRI_C_API int iri_to_uri(const char* text, size_t len, int from, const iri_to_uri_options* options, char** out,
                         size_t* out_len, iri_error* err);

typedef struct iri_to_iri_options {
    size_t size;
    int to;                       /* the IRI grammar of the result; default IRI_GRAMMAR_DEFAULT */
    int keep_discouraged_encoded; /* step 4's §5.1 policy */
    int keep_http_query_encoded;  /* step 5 */
    int unicode_hosts;            /* step 7: punycode labels to Unicode */
} iri_to_iri_options;
#define IRI_TO_IRI_OPTIONS_INIT \
  { sizeof(iri_to_iri_options), IRI_GRAMMAR_DEFAULT, 0, 0, 0 }

/* URI to IRI (3987bis §4.2). *out: library-allocated. */
IRI_C_API int iri_to_iri(const char* uri, size_t len, const iri_to_iri_options* options, char** out, size_t* out_len,
                         iri_error* err);
/* LEIRI to IRI of grammar `to` (3987bis §6.2). *out: library-allocated. */
IRI_C_API int iri_leiri_to_iri(const char* text, size_t len, int to, char** out, size_t* out_len, iri_error* err);

/* UTS #46 ToASCII of a host name in UTF-8 (IDNA2008 as browsers apply it): "résumé.example.org" gives
 * "xn--rsum-bpad.example.org". IRI_E_IDNA_FAILED with the failing label's range. *out: library-allocated. */
IRI_C_API int iri_host_to_ascii(const char* host, size_t len, char** out, size_t* out_len, iri_error* err);
/* UTS #46 ToUnicode of a host name: A-labels become U-labels. *out: library-allocated. */
IRI_C_API int iri_host_to_unicode(const char* host, size_t len, char** out, size_t* out_len, iri_error* err);
/* Text in a legacy charset (an ICU converter name: "ISO-8859-1", "Shift_JIS", ...) as UTF-8 in NFC (RFC 3987
 * §3.1 variant B). IRI_E_INVALID_ENCODING at the offset of bytes the charset does not define,
 * IRI_E_UNKNOWN_CHARSET. *out: library-allocated. */
IRI_C_API int iri_from_charset(const char* bytes, size_t len, const char* charset, size_t charset_len, char** out,
                               size_t* out_len, iri_error* err);

/* ---- percent-encoding (RFC 3986 §2.1, §2.4) ---- */
enum { IRI_ENCODE_KEEP_ESCAPES = 0, IRI_ENCODE_LITERAL = 1 };
enum { IRI_DECODE_STRICT = 0, IRI_DECODE_LENIENT = 1 };

/* Encodes text for `production` (userinfo, reg_name, segment, segment_nz, segment_nz_nc, query, fragment) of
 * `grammar`; the ASCII characters of `also` are encoded too. *out: library-allocated. */
IRI_C_API int iri_percent_encode(const char* text, size_t len, int grammar, int production, int mode, const char* also,
                                 size_t also_len, char** out, size_t* out_len, iri_error* err);
/* Decodes every "%HH" (the result may hold any octet, NUL included: use *out_len). require_utf8: the result
 * must be UTF-8 (IRI_E_INVALID_UTF8 otherwise). *out: library-allocated. */
IRI_C_API int iri_percent_decode(const char* text, size_t len, int mode, int require_utf8, char** out, size_t* out_len,
                                 iri_error* err);

/* ---- diagnostics (iri/check.hpp; docs/diagnostics.md lists the codes) ---- */
enum { IRI_SEVERITY_ERROR = 0, IRI_SEVERITY_WARNING = 1, IRI_SEVERITY_INFO = 2 };

typedef struct iri_diagnostics iri_diagnostics; /* opaque list */

typedef struct iri_diagnostic {
    size_t size;
    const char* code; /* "family.name"; the strings live as long as the list */
    int severity;     /* IRI_SEVERITY_* */
    uint32_t begin;   /* byte range in the reference */
    uint32_t end;
    int component; /* IRI_COMPONENT_* */
    const char* message;
    const char* spec;
} iri_diagnostic;
#define IRI_DIAGNOSTIC_INIT \
  { sizeof(iri_diagnostic), NULL, 0, 0, 0, IRI_COMPONENT_NONE, NULL, NULL }

/* Every diagnostic of a reference: *out is a new list (free with iri_diagnostics_free). */
IRI_C_API int iri_check(const char* text, size_t len, int grammar, iri_diagnostics** out, iri_error* err);
IRI_C_API size_t iri_diagnostics_count(const iri_diagnostics* list);
/* Fills *out with item i; IRI_E_INVALID_ARGUMENT when i >= count. */
IRI_C_API int iri_diagnostics_get(const iri_diagnostics* list, size_t i, iri_diagnostic* out);
IRI_C_API void iri_diagnostics_free(iri_diagnostics* list);

/* ---- extraction from running text (RFC 3986 Appendix C, 3987bis §8.3) ---- */
enum { IRI_DELIMITER_NONE = 0, IRI_DELIMITER_ANGLE_BRACKETS = 1, IRI_DELIMITER_DOUBLE_QUOTES = 2 };

typedef struct iri_matches iri_matches; /* opaque list */

typedef struct iri_match {
    size_t size;
    uint32_t begin; /* byte offsets in the text */
    uint32_t end;
    const char* value; /* the IRI (line-break whitespace and "URL:" removed), NUL-terminated; lives as long
                            as the list */
    size_t value_len;
    int delimiter; /* IRI_DELIMITER_* */
} iri_match;
#define IRI_MATCH_INIT \
  { sizeof(iri_match), 0, 0, NULL, 0, IRI_DELIMITER_NONE }

/* Every IRI found in `text`: *out is a new list (free with iri_matches_free). */
IRI_C_API int iri_extract(const char* text, size_t len, int grammar, iri_matches** out, iri_error* err);
IRI_C_API size_t iri_matches_count(const iri_matches* list);
IRI_C_API int iri_matches_get(const iri_matches* list, size_t i, iri_match* out);
IRI_C_API void iri_matches_free(iri_matches* list);

/* ---- parsed references (a handle, like ada_url in ada's C API) ---- */
/* A view into storage a handle owns: valid until the handle is freed (or, for a resolver, its next call). */
typedef struct iri_string_view {
    const char* data; /* NULL exactly when the component is absent; an empty component has a pointer, length 0 */
    size_t length;    /* in bytes; a component's view is not NUL-terminated, the whole text's is */
} iri_string_view;

typedef struct iri_reference iri_reference; /* opaque: a parsed reference, owning a copy of its text */

/* Parses the text as a reference (IRI-reference, URI-reference, LEIRI-reference: `grammar`'s URI_REFERENCE
 * production) into a new handle *out (free with iri_reference_free). On error *out is NULL and err says where. */
IRI_C_API int iri_reference_parse(const char* text, size_t len, int grammar, iri_reference** out, iri_error* err);
IRI_C_API void iri_reference_free(iri_reference* ref); /* NULL is allowed */

/* The getters: views into the handle. A NULL handle gives {NULL, 0}, 0, IRI_HOST_NONE or -1. */
IRI_C_API iri_string_view iri_reference_text(const iri_reference* ref); /* the whole reference, NUL-terminated */
/* Component `component` (IRI_COMPONENT_*, without delimiters; IPv6address without brackets); {NULL, 0} when the
 * reference does not have it or `component` is not one. The named getters below are this function. */
IRI_C_API iri_string_view iri_reference_component(const iri_reference* ref, int component);
IRI_C_API iri_string_view iri_reference_scheme(const iri_reference* ref);
IRI_C_API iri_string_view iri_reference_authority(const iri_reference* ref);
IRI_C_API iri_string_view iri_reference_userinfo(const iri_reference* ref);
IRI_C_API iri_string_view iri_reference_host(const iri_reference* ref); /* as written: "[::1]" keeps brackets */
IRI_C_API iri_string_view iri_reference_port(const iri_reference* ref);
IRI_C_API iri_string_view iri_reference_path(const iri_reference* ref); /* always present, maybe empty */
IRI_C_API iri_string_view iri_reference_query(const iri_reference* ref);
IRI_C_API iri_string_view iri_reference_fragment(const iri_reference* ref);
/* 1 when the component is present (possibly empty: "http://a?" has an empty query, RFC 3986 §5.3), else 0. */
IRI_C_API int iri_reference_has_scheme(const iri_reference* ref);
IRI_C_API int iri_reference_has_authority(const iri_reference* ref);
IRI_C_API int iri_reference_has_userinfo(const iri_reference* ref);
IRI_C_API int iri_reference_has_port(const iri_reference* ref);
IRI_C_API int iri_reference_has_query(const iri_reference* ref);
IRI_C_API int iri_reference_has_fragment(const iri_reference* ref);
/* IRI_HOST_* (RFC 3986 §3.2.2). */
IRI_C_API int iri_reference_host_kind(const iri_reference* ref);
/* The port's value, 0-65535; -1 when there is no port, it is empty ("http://a:") or exceeds 65535 (RFC 3986
 * §3.2.3 allows any digits). */
IRI_C_API int32_t iri_reference_port_number(const iri_reference* ref);

/* ---- resolver: one base page, many hrefs (the C face of iri::resolver, include/iri/resolver.hpp) ---- */
/* A resolver parses its base once; each href is parsed once in the base's grammar and its target (RFC 3986
 * §5.2.2) written into the CALLER's buffer: no allocation per href once the resolver's internal buffer has grown
 * to the longest result (IDN hosts and NFC changes excepted, as in resolver.hpp). A resolver is not to be used
 * from two threads at once (one per thread; different resolvers are independent). */
typedef struct iri_resolver iri_resolver; /* opaque */

/* A new resolver *out (free with iri_resolver_free) for `base`, which must have a scheme (RFC 3986 §5.1:
 * IRI_E_BASE_NOT_ABSOLUTE). `options` (NULL: the defaults) are those of iri_resolver_normalize and _key;
 * strict = 0: an href whose scheme equals the base's is resolved as if it had none (§5.2.2). On error *out is NULL
 * and err (input 0) says where in the base. */
IRI_C_API int iri_resolver_make(const char* base, size_t base_len, int grammar, const iri_normalize_options* options,
                                int strict, iri_resolver** out, iri_error* err);
/* Takes another base (the next page), keeping the grammar and options. On error the resolver has no base until the
 * next successful rebase: each href then fails with IRI_E_BASE_NOT_ABSOLUTE. */
IRI_C_API int iri_resolver_rebase(iri_resolver* resolver, const char* base, size_t base_len, iri_error* err);
/* The current base's text ({"", 0} after a failed rebase), NUL-terminated; valid until the next rebase. */
IRI_C_API iri_string_view iri_resolver_base(const iri_resolver* resolver);
IRI_C_API void iri_resolver_free(iri_resolver* resolver); /* NULL is allowed */

/* The target of `href` against the base, written to buf[0 .. *out_len) with a NUL at buf[*out_len]:
 *   iri_resolver_resolve    the target as RFC 3986 §5.2.2 writes it (iri_resolve's result);
 *   iri_resolver_normalize  its normal form at the resolver's options (iri_normalize of that target);
 *   iri_resolver_key        its canonical key (iri_canonical_key of that target).
 * *out_len (required) receives the result's length, also when the status is IRI_E_BUFFER_TOO_SMALL: `capacity`
 * must be at least *out_len + 1, and buf is left as it was (like snprintf, buf = NULL with capacity 0 asks the
 * length). An invalid href is its parse error, with err->input 1 and the offset in the href. */
IRI_C_API int iri_resolver_resolve(iri_resolver* resolver, const char* href, size_t href_len, char* buf,
                                   size_t capacity, size_t* out_len, iri_error* err);
IRI_C_API int iri_resolver_normalize(iri_resolver* resolver, const char* href, size_t href_len, char* buf,
                                     size_t capacity, size_t* out_len, iri_error* err);
IRI_C_API int iri_resolver_key(iri_resolver* resolver, const char* href, size_t href_len, char* buf, size_t capacity,
                               size_t* out_len, iri_error* err);

/* Batches: one of the three operations over n hrefs (hrefs[i] of href_lens[i] bytes), their results written one
 * after the other into buf, without NULs: result i is buf[offsets[i] .. offsets[i+1]) (offsets: n + 1 entries,
 * offsets[0] = 0), statuses[i] its status (IRI_OK, or the href's error code, its result then empty: the
 * single-href function gives the error's details). err is about the call itself. The call stops at the first
 * result the buffer cannot hold: the status is IRI_E_BUFFER_TOO_SMALL, *done (required) the number of hrefs
 * handled, whose offsets and statuses are set, statuses[*done] is IRI_E_BUFFER_TOO_SMALL too and
 * offsets[*done + 1] is where that result would end; call again with the rest (hrefs + *done) and an emptied or
 * larger buffer. IRI_OK: all n handled (*done = n), whatever each one's status. */
enum { IRI_RESOLVER_RESOLVE = 0, IRI_RESOLVER_NORMALIZE = 1, IRI_RESOLVER_KEY = 2 };
IRI_C_API int iri_resolver_batch(iri_resolver* resolver, int operation, const char* const* hrefs,
                                 const size_t* href_lens, size_t n, char* buf, size_t capacity, size_t* offsets,
                                 int* statuses, size_t* done, iri_error* err);

/* ---- the web's URLs: the WHATWG URL Standard (the C face of iri::web, include/iri/web.hpp) ---- */
/* A URL as a browser parses an href (the basic URL parser, §4.4), with the getters and setters of the URL class
 * (§6.1). Use it for hrefs a browser would follow; iri_reference_parse for identifiers (RFC 3986/3987). A failure
 * (the Standard's "failure") is IRI_E_URL_FAILURE, err->message naming the validation error (§1.2) and
 * err->offset the byte of the input where it was found. A handle is used by one thread at a time. */
typedef struct iri_web_url iri_web_url; /* opaque: a URL record, serialized (its href) */

/* Parses `input` against `base` (NULL: no base) into a new handle *out (free with iri_web_free). On failure *out
 * is NULL and err says why. */
IRI_C_API int iri_web_parse(const char* input, size_t len, const iri_web_url* base, iri_web_url** out, iri_error* err);
/* 1 when iri_web_parse(input, base) would succeed (URL.canParse(), §6.1), else 0; NULL input with a length: 0. */
IRI_C_API int iri_web_can_parse(const char* input, size_t len, const iri_web_url* base);
IRI_C_API void iri_web_free(iri_web_url* url); /* NULL is allowed */

/* The getters of §6.1: views into the handle, valid until a setter changes it or it is freed; href's is
 * NUL-terminated, the others not. An absent part is an empty view ("" as the URL class answers), never NULL for
 * a handle; a NULL handle gives {NULL, 0}. */
IRI_C_API iri_string_view iri_web_href(const iri_web_url* url);
/* iri_web_protocol, _username, _password, _host, _hostname, _port, _pathname, _search, _hash: one function per
 * getter of iri/web_getters.def, which says what each answers. */
#define IRI_WEB_GETTER(name, what) IRI_C_API iri_string_view iri_web_##name(const iri_web_url* url);
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER
/* The ASCII serialization of the URL's origin ("null" when opaque). *out: library-allocated. */
IRI_C_API int iri_web_origin(const iri_web_url* url, char** out, size_t* out_len, iri_error* err);

/* The setters of §6.1. iri_web_set_href fails as the URL class's does (IRI_E_URL_FAILURE, the URL unchanged);
 * the others give IRI_OK also when the Standard ignores the value (the URL then unchanged), and fail only for a
 * bad argument or no memory. */
IRI_C_API int iri_web_set_href(iri_web_url* url, const char* value, size_t len, iri_error* err);
/* iri_web_set_protocol, _set_username, ... _set_hash: one setter per getter of iri/web_getters.def. */
#define IRI_WEB_GETTER(name, what) \
  IRI_C_API int iri_web_set_##name(iri_web_url* url, const char* value, size_t len, iri_error* err);
#include "iri/web_getters.def"
#undef IRI_WEB_GETTER
/* ---- a crawler's keys (include/iri/crawl_keys.hpp, docs/c-api.md) ---- */
enum { IRI_SURT_FORMAT_IA = 0, IRI_SURT_FORMAT_HERITRIX = 1 };

typedef struct iri_surt_options {
    size_t size;
    int with_scheme;    /* "http://(org,archive)/" instead of "org,archive)/" */
    int trailing_comma; /* "org,archive,)/" */
    int reverse_ipaddr; /* default 1; 0: an IPv4 address host as it is */
    int host_massage;   /* default 1: drop a leading "www" + digits + "." */
    int format;         /* IRI_SURT_FORMAT_*: the Internet Archive's key (default) or Heritrix's SURT */
} iri_surt_options;
#define IRI_SURT_OPTIONS_INIT \
  { sizeof(iri_surt_options), 0, 0, 1, 1, IRI_SURT_FORMAT_IA }

enum { IRI_CANON_SAFE_BROWSING = 0, IRI_CANON_IA = 1, IRI_CANON_IA_ONLY = 2 };

typedef struct iri_canonicalize_options {
    size_t size;
    int profile;      /* IRI_CANON_*: Google Safe Browsing v4 (default), the IA canonicalizer, its IA stage alone */
    int keep_port;    /* safe browsing: keep the port (v4 drops it) */
    int host_massage; /* ia, ia-only: default 1 */
} iri_canonicalize_options;
#define IRI_CANONICALIZE_OPTIONS_INIT \
  { sizeof(iri_canonicalize_options), IRI_CANON_SAFE_BROWSING, 0, 1 }

/* The SURT key of a URL (the Wayback Machine's and CDX files' urlkey; the surt package's surt()), or Heritrix's
 * SURT. Any bytes are accepted (not only UTF-8): "" gives "-"; a port that is not digits is IRI_E_BAD_PORT.
 * *out: library-allocated. */
IRI_C_API int iri_surt(const char* url, size_t len, const iri_surt_options* options, char** out, size_t* out_len,
                       iri_error* err);
/* A URL canonicalized by the options' profile; a Safe Browsing URL without a host is an error. *out:
 * library-allocated. */
IRI_C_API int iri_canonicalize(const char* url, size_t len, const iri_canonicalize_options* options, char** out,
                               size_t* out_len, iri_error* err);
/* The same into the caller's buffer, as iri_resolver_resolve: *out_len (required) the result's length, also with
 * IRI_E_BUFFER_TOO_SMALL (capacity must be at least *out_len + 1; buf = NULL with capacity 0 asks the length); buf
 * then left as it was. No allocation per call once the thread has written its longest key. */
IRI_C_API int iri_surt_into(const char* url, size_t len, const iri_surt_options* options, char* buf, size_t capacity,
                            size_t* out_len, iri_error* err);
IRI_C_API int iri_canonicalize_into(const char* url, size_t len, const iri_canonicalize_options* options, char* buf,
                                    size_t capacity, size_t* out_len, iri_error* err);
/* ---- the Public Suffix List (publicsuffix.org; C++: iri/public_suffix.hpp) ----
 * A list is loaded once and is immutable: any number of threads may query one at once. The queries take a URL,
 * whose host is taken as the URL Standard's parser reads it, or a bare host ("host", "host:port", "host/path",
 * "//host/path"); the answer is lowercased, in U-labels for an input with characters other than ASCII and in
 * A-labels otherwise. *out is NULL with IRI_OK where the list gives no answer (an IP address, a URL without a
 * host, the registrable domain of a public suffix). A URL the URL Standard fails is IRI_E_URL_FAILURE. */
typedef struct iri_psl iri_psl; /* opaque */
enum { IRI_PSL_ALL_SECTIONS = 0, IRI_PSL_ICANN_ONLY = 1 };

/* A list *out (free with iri_psl_free) from the file at `path` (NUL-terminated; the list's text form, each line
 * checked), or with path NULL the system's list (Debian's publicsuffix package's). IRI_E_CANNOT_LOAD, the message
 * naming the file and the reason (a line that is no rule: "FILE:LINE: why"); *out is then NULL. */
IRI_C_API int iri_psl_load(const char* path, iri_psl** out, iri_error* err);
IRI_C_API void iri_psl_free(iri_psl* psl); /* NULL is allowed */

/* The public suffix and the registrable domain (the public suffix and one label more) of `host_or_url` by `psl`
 * (NULL: the system's list, loaded on first use), with `sections` IRI_PSL_ALL_SECTIONS or IRI_PSL_ICANN_ONLY. */
IRI_C_API int iri_public_suffix(const iri_psl* psl, const char* host_or_url, size_t len, int sections, char** out,
                                size_t* out_len, iri_error* err);
IRI_C_API int iri_registrable_domain(const iri_psl* psl, const char* host_or_url, size_t len, int sections, char** out,
                                     size_t* out_len, iri_error* err);

/* ---- links from HTML pages (the C face of iri::html, include/iri/html.hpp; docs/c-api.md) ----
 * An extractor reads one page at a time and keeps its buffers from page to page: no allocation per link once they
 * are large enough. The links of a page are views into the extractor (and into the page for `raw`), valid until
 * its next call or iri_html_extractor_free. One thread at a time per extractor; extractors are independent. */
typedef struct iri_html_extractor iri_html_extractor; /* opaque */

typedef struct iri_html_options {
    size_t size;
    const char* charset;           /* NUL-terminated: the HTTP Content-Type's charset, an Encoding Standard label,
                                     or NULL; a BOM wins over it */
    const char* fallback_encoding; /* NUL-terminated label when nothing names the encoding; NULL: UTF-8 */
    const char* only;              /* NUL-terminated, "a,area": the elements kept; NULL: all */
    int scripting;                 /* default 1: <noscript> content is text; 0: markup */
    int resolve;                   /* default 1: resolve each link against the document base URL */
} iri_html_options;
#define IRI_HTML_OPTIONS_INIT \
  { sizeof(iri_html_options), NULL, NULL, NULL, 1, 1 }

typedef struct iri_html_link {
    iri_string_view url;       /* the value resolved against the document base URL; {data, 0} when not resolved */
    int status;                /* IRI_OK when resolved, else why not (IRI_E_URL_FAILURE; 0 also with resolve 0) */
    uint32_t error_offset;     /* the failure's byte in `value` */
    iri_string_view element;   /* "a", "img", ... */
    iri_string_view attribute; /* "href", "srcset", ... */
    iri_string_view raw;       /* the attribute's value as the page has it */
    iri_string_view value;     /* the URL as the attribute gives it, decoded */
    uint32_t offset;           /* where `raw` starts in the page */
    iri_string_view rel;       /* rel of a, area, link ("" when none) */
} iri_html_link;

/* A new extractor *out (free with iri_html_extractor_free). */
IRI_C_API int iri_html_extractor_make(iri_html_extractor** out, iri_error* err);
IRI_C_API void iri_html_extractor_free(iri_html_extractor* extractor); /* NULL is allowed */
/* The links of `page` (any bytes), in the page's order, its URL `page_url` (the fallback base URL; it must be a URL
 * when options->resolve is on: IRI_E_URL_FAILURE otherwise): *links an array of *count links owned by the
 * extractor. `options` NULL: the defaults. */
IRI_C_API int iri_html_links(iri_html_extractor* extractor, const char* page, size_t page_len, const char* page_url,
                             size_t page_url_len, const iri_html_options* options, const iri_html_link** links,
                             size_t* count, iri_error* err);
/* The last page's encoding (the Encoding Standard's name) and document base URL (empty without resolution), as
 * views into the extractor. */
IRI_C_API iri_string_view iri_html_encoding(const iri_html_extractor* extractor);
IRI_C_API iri_string_view iri_html_base_url(const iri_html_extractor* extractor);

/* ---- one spelling of a site, and Common Crawl's URL index columns (C++: iri/public_suffix.hpp, iri/index_columns.hpp)
 * IRI_HOST_FORM_INPUT answers in the input's spelling (U-labels for an input beyond ASCII, a final dot kept);
 * IRI_HOST_FORM_ASCII in A-labels, IRI_HOST_FORM_UNICODE in U-labels, without a final dot. */
enum { IRI_HOST_FORM_INPUT = 0, IRI_HOST_FORM_ASCII = 1, IRI_HOST_FORM_UNICODE = 2 };

/* The public suffix and the registrable domain of `host_or_url` in one call, spelled as `host_form` asks: each a
 * new string (free with iri_free), NULL where the list gives none; either out pointer may be NULL. */
IRI_C_API int iri_site(const iri_psl* psl, const char* host_or_url, size_t len, int sections, int host_form,
                       char** public_suffix, char** registrable_domain, iri_error* err);

enum { IRI_INDEX_COLUMN_COUNT = 17 };
/* The columns, in the schema's order (commoncrawl/cc-index-table cc-index-schema-flat.json). */
enum {
    IRI_URL_SURTKEY = 0,
    IRI_URL,
    IRI_URL_HOST_NAME,
    IRI_URL_HOST_TLD,
    IRI_URL_HOST_2ND_LAST_PART,
    IRI_URL_HOST_3RD_LAST_PART,
    IRI_URL_HOST_4TH_LAST_PART,
    IRI_URL_HOST_5TH_LAST_PART,
    IRI_URL_HOST_REGISTRY_SUFFIX,
    IRI_URL_HOST_REGISTERED_DOMAIN,
    IRI_URL_HOST_PRIVATE_SUFFIX,
    IRI_URL_HOST_PRIVATE_DOMAIN,
    IRI_URL_HOST_NAME_REVERSED,
    IRI_URL_PROTOCOL,
    IRI_URL_PORT,
    IRI_URL_PATH,
    IRI_URL_QUERY
};
/* The schema's name of a column ("url_surtkey", ...), a static string; NULL for a number that is none. */
IRI_C_API const char* iri_index_column_name(int column);

typedef struct iri_index_row iri_index_row; /* opaque: the storage of one URL's columns, reused from call to call */
IRI_C_API int iri_index_row_new(iri_index_row** out, iri_error* err);
IRI_C_API void iri_index_row_free(iri_index_row* row); /* NULL is allowed */

/* One URL's columns: views into the row, not NUL-terminated (valid until its next call or its free); a null column
 * has data NULL. */
typedef struct iri_index_columns {
    size_t size;
    iri_string_view columns[IRI_INDEX_COLUMN_COUNT];
    int port; /* url_port as a number, -1 for null */
} iri_index_columns;
#define IRI_INDEX_COLUMNS_INIT \
  { sizeof(iri_index_columns), {{NULL, 0}}, -1 }

/* The columns of `url` (read by the URL Standard's parser) into `row` and *out, by `psl` (NULL: the system's list),
 * the host columns spelled as `host_form` asks (IRI_HOST_FORM_ASCII, Common Crawl's, or IRI_HOST_FORM_UNICODE).
 * IRI_E_URL_FAILURE for a URL the URL Standard fails. */
IRI_C_API int iri_index_columns_of(const iri_psl* psl, iri_index_row* row, const char* url, size_t len, int host_form,
                                   iri_index_columns* out, iri_error* err);

#ifdef __cplusplus
}
#endif

#endif /* IRI_H */
