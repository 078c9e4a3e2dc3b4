/* The C API (include/iri.h) from a C99 program: every function, its success and error paths, the worked
 * examples of the specs, invalid UTF-8 and embedded NUL inputs. Prints "N passed, N failed". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "iri.h"

/* True when (s, n) holds exactly the NUL-terminated `expected`. */
static int same(const char* s, size_t n, const char* expected) {
    return s != NULL && n == strlen(expected) && memcmp(s, expected, n) == 0 && s[n] == '\0';
}

static int grammar(const char* name) {
    int g = -100;
    if (iri_grammar_find(name, strlen(name), &g) != IRI_OK) printf("no grammar %s\n", name);
    return g;
}

typedef int (*string_fn)(const char* text, size_t len, char** out, size_t* out_len, iri_error* err);

/* Runs a one-string function and compares its output with `expected`; frees it. */
static int gives(string_fn f, const char* in, const char* expected) {
    char* out = NULL;
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    int ok = f(in, strlen(in), &out, &n, &e) == IRI_OK && same(out, n, expected);
    if (!ok) printf("  %s -> %s (%s)\n", in, out ? out : "(null)", e.message);
    iri_free(out);
    return ok;
}

/* ---- names and lookup ---- */
static void test_names(void) {
    const char* rule = NULL;
    size_t len = 0;
    int p = -1;
    int g = -1;
    CHECK(strcmp(iri_error_name(IRI_OK), "ok") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_DISALLOWED_CHARACTER), "disallowed_character") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_UNKNOWN_CHARSET), "unknown_charset") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_NOT_RELATIVIZABLE), "not_relativizable") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_BAD_PORT), "bad_port") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_UNCLOSED_IP_LITERAL), "unclosed_ip_literal") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_NO_MEMORY), "no_memory") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_INVALID_ARGUMENT), "invalid_argument") == 0);
    CHECK(strcmp(iri_error_name(999), "unknown") == 0);
    CHECK(strcmp(iri_error_name(-1), "unknown") == 0);
    CHECK(strcmp(iri_component_name(IRI_COMPONENT_HOST), "host") == 0);
    CHECK(strcmp(iri_component_name(IRI_COMPONENT_IPV6ADDRESS), "IPv6address") == 0);
    CHECK(strcmp(iri_component_name(IRI_COMPONENT_NONE), "none") == 0);
    CHECK(strcmp(iri_component_name(42), "unknown") == 0);

    CHECK(iri_grammar_count() >= 4);
    CHECK(iri_grammar_find("rfc3987", 7, &g) == IRI_OK && strcmp(iri_grammar_name(g), "rfc3987") == 0);
    CHECK(iri_grammar_find("uri", 3, &g) == IRI_OK && strcmp(iri_grammar_name(g), "uri") == 0);
    CHECK(iri_grammar_find("urn", 3, &g) == IRI_E_NO_SUCH_GRAMMAR);
    CHECK(iri_grammar_find("uri\0x", 5, &g) == IRI_E_NO_SUCH_GRAMMAR); /* embedded NUL: not "uri" */
    CHECK(iri_grammar_find(NULL, 3, &g) == IRI_E_INVALID_ARGUMENT);
    CHECK(strcmp(iri_grammar_name(IRI_GRAMMAR_DEFAULT), "iri") == 0);
    CHECK(iri_grammar_name(iri_grammar_count()) == NULL);
    CHECK(iri_grammar_name(-7) == NULL);

    /* 3987bis §2.2: ihost plays the role of RFC 3986's host; rule names are case-insensitive (RFC 5234 §2.1) */
    CHECK(iri_production_find(IRI_GRAMMAR_DEFAULT, "ihost", 5, &p) == IRI_OK && p == IRI_PRODUCTION_HOST);
    CHECK(iri_production_find(IRI_GRAMMAR_DEFAULT, "IRI-Reference", 13, &p) == IRI_OK &&
          p == IRI_PRODUCTION_URI_REFERENCE);
    CHECK(iri_production_find(grammar("uri"), "ihost", 5, &p) == IRI_E_NO_SUCH_PRODUCTION);
    CHECK(iri_production_find(99, "host", 4, &p) == IRI_E_NO_SUCH_GRAMMAR);
    CHECK(strcmp(iri_production_name(IRI_PRODUCTION_PATH_ABEMPTY), "path-abempty") == 0);
    CHECK(iri_production_name(IRI_PRODUCTION_COUNT) == NULL);
    CHECK(iri_production_rule(IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &rule, &len) == IRI_OK && len == 13 &&
          memcmp(rule, "IRI-reference", 13) == 0);
    CHECK(iri_production_rule(grammar("uri"), IRI_PRODUCTION_QUERY, &rule, &len) == IRI_OK && len == 5 &&
          memcmp(rule, "query", 5) == 0);
    CHECK(iri_production_rule(IRI_GRAMMAR_DEFAULT, 500, &rule, &len) == IRI_E_INVALID_ARGUMENT);
}

/* ---- parse and validate ---- */
static int span_is(const iri_components* c, int which, uint32_t begin, uint32_t end) {
    return c->spans[which].begin == begin && c->spans[which].end == end;
}

static void test_parse(void) {
    /* RFC 3986 §3's example */
    const char* s = "foo://example.com:8042/over/there?name=ferret#nose";
    iri_components c = IRI_COMPONENTS_INIT;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_parse(s, strlen(s), IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) == IRI_OK);
    CHECK(span_is(&c, IRI_COMPONENT_SCHEME, 0, 3));
    CHECK(span_is(&c, IRI_COMPONENT_AUTHORITY, 6, 22));
    CHECK(span_is(&c, IRI_COMPONENT_HOST, 6, 17));
    CHECK(span_is(&c, IRI_COMPONENT_PORT, 18, 22));
    CHECK(span_is(&c, IRI_COMPONENT_PATH, 22, 33));
    CHECK(span_is(&c, IRI_COMPONENT_QUERY, 34, 45));
    CHECK(span_is(&c, IRI_COMPONENT_FRAGMENT, 46, 50));
    CHECK(c.spans[IRI_COMPONENT_USERINFO].begin == IRI_OMITTED);
    CHECK(c.host_kind == IRI_HOST_REG_NAME);

    /* absent vs empty (RFC 3986 §5.3): "http://a?" has an empty query, "http://@a:" empty userinfo and port */
    CHECK(iri_parse("http://@a:?", 11, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) == IRI_OK);
    CHECK(span_is(&c, IRI_COMPONENT_USERINFO, 7, 7) && span_is(&c, IRI_COMPONENT_PORT, 10, 10));
    CHECK(span_is(&c, IRI_COMPONENT_QUERY, 11, 11) && c.spans[IRI_COMPONENT_FRAGMENT].begin == IRI_OMITTED);

    /* host kinds (RFC 3986 §3.2.2) */
    CHECK(iri_parse("http://[2001:db8::7]/", 21, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &e) == IRI_OK);
    CHECK(c.host_kind == IRI_HOST_IPV6 && span_is(&c, IRI_COMPONENT_IPV6ADDRESS, 8, 19));
    CHECK(iri_parse("ldap://192.0.2.16/", 18, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &e) == IRI_OK);
    CHECK(c.host_kind == IRI_HOST_IPV4);
    CHECK(iri_parse("mailto:a@b", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &e) == IRI_OK);
    CHECK(c.host_kind == IRI_HOST_NONE && c.spans[IRI_COMPONENT_AUTHORITY].begin == IRI_OMITTED);
    /* the empty string is a relative reference with an empty path */
    CHECK(iri_parse(NULL, 0, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) == IRI_OK);
    CHECK(span_is(&c, IRI_COMPONENT_PATH, 0, 0));

    /* a space: disallowed at its byte, in the host by RFC 3986 Appendix B's split */
    CHECK(iri_parse("http://a b", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.code == IRI_E_DISALLOWED_CHARACTER && e.offset == 8 && e.component == IRI_COMPONENT_HOST);
    CHECK(strstr(e.message, "U+0020") != NULL);
    /* "http://[::1": the input ends where IP-literal needs "]" */
    CHECK(iri_parse("http://[::1", 11, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_UNEXPECTED_END);
    CHECK(e.offset == 11);
    /* RFC 3986 §3.2: no "@", so the authority is host ":" port, and port = *DIGIT (§3.2.3) fails at the "a"
       (byte 21); the bytes could have been a userinfo up to the "/" (byte 22), where the parse stopped */
    CHECK(iri_parse("http://example.org:80a/", 23, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_BAD_PORT);
    CHECK(e.code == IRI_E_BAD_PORT && e.fault == 21 && e.offset == 22 && e.component == IRI_COMPONENT_PORT);
    CHECK(e.char_offset == 21 && e.length == 1 && strstr(e.message, "at byte 21") != NULL);
    /* IP-literal = "[" ... "]" (RFC 3986 §3.2.2): the "/" ends the authority first; the fault is the "[" */
    CHECK(iri_parse("http://[::1/", 12, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_UNCLOSED_IP_LITERAL);
    CHECK(e.fault == 7 && e.offset == 11 && e.component == IRI_COMPONENT_HOST);
    /* elsewhere the fault is the offset */
    CHECK(iri_parse("http://a b", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.fault == 8);
    /* "%" not followed by two hex digits (RFC 3986 §2.1) */
    CHECK(iri_parse("http://a/%zz", 12, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_BAD_PERCENT_ENCODING);
    CHECK(e.offset == 10 && e.component == IRI_COMPONENT_PATH);
    /* invalid UTF-8: a lone continuation byte, a truncated sequence */
    CHECK(iri_parse("http://a/\x80", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_INVALID_UTF8);
    CHECK(e.offset == 9 && e.char_offset == 9 && e.component == IRI_COMPONENT_PATH);
    CHECK(iri_parse("http://a/\xC3", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_INVALID_UTF8);
    /* RFC 3987 §4.1: no bidi formatting characters in IRIs (U+202E is E2 80 AE) */
    CHECK(iri_parse("http://a/\xE2\x80\xAE", 12, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_EXCLUDED_CHARACTER);
    CHECK(e.char_offset == 9 && e.length == 3); /* the character; the offset is where its last byte settles it */
    CHECK(e.offset == 11);
    /* an embedded NUL is a character, not the end: disallowed in an IRI, allowed in a LEIRI (%x0-1F) */
    CHECK(iri_parse("http://a/\0b", 11, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI_REFERENCE, &c, &e) ==
          IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.offset == 9);
    CHECK(iri_is_valid("http://a/\0b", 11, grammar("leiri"), IRI_PRODUCTION_URI_REFERENCE) == 1);
    /* é is ucschar in an IRI, not allowed in a URI */
    CHECK(iri_is_valid("http://a/r\xC3\xA9sum\xC3\xA9", 17, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI) == 1);
    CHECK(iri_is_valid("http://a/r\xC3\xA9sum\xC3\xA9", 17, grammar("uri"), IRI_PRODUCTION_URI) == 0);
    CHECK(iri_is_valid("8042", 4, grammar("uri"), IRI_PRODUCTION_PORT) == 1);
    CHECK(iri_is_valid("80a", 3, grammar("uri"), IRI_PRODUCTION_PORT) == 0);
    /* arguments */
    CHECK(iri_is_valid(NULL, 4, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI) == 0);
    CHECK(iri_is_valid("a:b", 3, 77, IRI_PRODUCTION_URI) == 0);
    CHECK(iri_parse("a:b", 3, 77, IRI_PRODUCTION_URI, &c, &e) == IRI_E_NO_SUCH_GRAMMAR);
    CHECK(strcmp(e.message, "no such grammar") == 0);
    CHECK(iri_parse("a:b", 3, IRI_GRAMMAR_DEFAULT, -1, &c, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_parse("a:b", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    /* no error details asked for */
    CHECK(iri_parse("a b", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, NULL) == IRI_E_DISALLOWED_CHARACTER);
}

/* An older caller's iri_error, without the fields after `offset`: nothing past its size is written. */
static void test_sized_error(void) {
    struct {
        iri_error e;
        char guard[8];
    } small;
    iri_components c = IRI_COMPONENTS_INIT;
    memset(&small, 0x5A, sizeof small);
    small.e.size = offsetof(iri_error, char_offset);
    CHECK(iri_parse("http://a b", 10, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &small.e) ==
          IRI_E_DISALLOWED_CHARACTER);
    CHECK(small.e.code == IRI_E_DISALLOWED_CHARACTER && small.e.offset == 8);
    CHECK(((const unsigned char*)&small.e)[offsetof(iri_error, char_offset)] == 0x5A);
    CHECK(small.e.message[0] == 0x5A);
}

/* ---- resolution: RFC 3986 §5.4's examples ---- */
static int resolves(const char* ref, int strict, const char* expected) {
    const char* base = "http://a/b/c/d;p?q";
    char* out = NULL;
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    int ok = iri_resolve(base, strlen(base), ref, strlen(ref), IRI_GRAMMAR_DEFAULT, strict, &out, &n, &e) == IRI_OK &&
             same(out, n, expected);
    if (!ok) printf("  resolve %s -> %s\n", ref, out ? out : e.message);
    iri_free(out);
    return ok;
}

static void test_resolve(void) {
    char* out = (char*)"untouched";
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    /* §5.4.1 normal examples */
    CHECK(resolves("g:h", 1, "g:h"));
    CHECK(resolves("g", 1, "http://a/b/c/g"));
    CHECK(resolves("./g", 1, "http://a/b/c/g"));
    CHECK(resolves("/g", 1, "http://a/g"));
    CHECK(resolves("//g", 1, "http://g"));
    CHECK(resolves("?y", 1, "http://a/b/c/d;p?y"));
    CHECK(resolves("g;x?y#s", 1, "http://a/b/c/g;x?y#s"));
    CHECK(resolves("", 1, "http://a/b/c/d;p?q"));
    CHECK(resolves("../..", 1, "http://a/"));
    CHECK(resolves("../../g", 1, "http://a/g"));
    /* §5.4.2 abnormal examples */
    CHECK(resolves("../../../g", 1, "http://a/g"));
    CHECK(resolves("/./g", 1, "http://a/g"));
    CHECK(resolves("g;x=1/../y", 1, "http://a/b/c/y"));
    CHECK(resolves("http:g", 1, "http:g"));
    CHECK(resolves("http:g", 0, "http://a/b/c/g")); /* "for backward compatibility" */
    /* an IRI reference: non-ASCII characters are treated like unreserved ones (3987bis §5.5) */
    CHECK(resolves("r\xC3\xA9sum\xC3\xA9", 1, "http://a/b/c/r\xC3\xA9sum\xC3\xA9"));

    /* errors: the base must have a scheme (§5.2.1); a parse error says which input */
    CHECK(iri_resolve("a/b", 3, "c", 1, IRI_GRAMMAR_DEFAULT, 1, &out, &n, &e) == IRI_E_BASE_NOT_ABSOLUTE);
    CHECK(out == NULL);
    CHECK(iri_resolve("http://a/", 9, "b c", 3, IRI_GRAMMAR_DEFAULT, 1, &out, &n, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.input == 1 && e.offset == 1 && e.component == IRI_COMPONENT_PATH);
    CHECK(iri_resolve("http://a/\xFF", 10, "b", 1, IRI_GRAMMAR_DEFAULT, 1, &out, &n, &e) == IRI_E_INVALID_UTF8);
    CHECK(e.input == 0 && e.offset == 9);
    CHECK(iri_resolve("http://a/", 9, NULL, 1, IRI_GRAMMAR_DEFAULT, 1, &out, &n, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolve("http://a/", 9, "b", 1, IRI_GRAMMAR_DEFAULT, 1, NULL, &n, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolve("http://a/", 9, "b", 1, 1000, 1, &out, &n, &e) == IRI_E_NO_SUCH_GRAMMAR);
}

static int relativizes(const char* target, const char* expected) {
    const char* base = "http://a/b/c/d;p?q";
    char* out = NULL;
    iri_error e = IRI_ERROR_INIT;
    int ok =
        iri_relativize(base, strlen(base), target, strlen(target), IRI_GRAMMAR_DEFAULT, &out, NULL, &e) == IRI_OK &&
        out != NULL && strcmp(out, expected) == 0;
    if (!ok) printf("  relativize %s -> %s\n", target, out ? out : e.message);
    iri_free(out);
    return ok;
}

static void test_relativize(void) {
    char* out = NULL;
    iri_error e = IRI_ERROR_INIT;
    /* each result resolves back to the target by RFC 3986 §5.2.2 */
    CHECK(relativizes("http://a/b/c/d;p?y", "?y"));
    CHECK(relativizes("http://x/y", "//x/y"));
    CHECK(relativizes("http://a/b/c/g", "g"));
    CHECK(relativizes("http://a/b/g", "../g"));
    CHECK(relativizes("http://a/b/c/d;p?q#s", "#s"));
    CHECK(relativizes("ftp://a/b", "ftp://a/b"));
    CHECK(iri_relativize("b", 1, "http://a/", 9, IRI_GRAMMAR_DEFAULT, &out, NULL, &e) == IRI_E_BASE_NOT_ABSOLUTE);
    /* a target with a dot segment: resolution removes it (§5.2.4), so no reference resolves to it */
    CHECK(iri_relativize("http://a/", 9, "http://a/b/../c", 15, IRI_GRAMMAR_DEFAULT, &out, NULL, &e) ==
          IRI_E_NOT_RELATIVIZABLE);
    CHECK(out == NULL && e.component == IRI_COMPONENT_PATH && e.input == 1);
    CHECK(iri_relativize("http://a/", 9, "%", 1, IRI_GRAMMAR_DEFAULT, &out, NULL, &e) == IRI_E_BAD_PERCENT_ENCODING);
    CHECK(e.input == 1 && out == NULL);
}

/* ---- normalization (RFC 3986 §6.2.2, RFC 3987 §5.3) ---- */
static int normalizes(const char* in, int rung, int keep_fragment, const char* expected) {
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    char* out = NULL;
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    int ok;
    o.rung = rung;
    o.keep_fragment = keep_fragment;
    ok = iri_normalize(in, strlen(in), IRI_GRAMMAR_DEFAULT, &o, &out, &n, &e) == IRI_OK && same(out, n, expected);
    if (!ok) printf("  normalize %s -> %s\n", in, out ? out : e.message);
    iri_free(out);
    return ok;
}

static int key(const char* in, iri_normalize_options* o, char** out) {
    return iri_canonical_key(in, strlen(in), IRI_GRAMMAR_DEFAULT, o, out, NULL, NULL);
}

static void test_normalize(void) {
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    char* k1 = NULL;
    char* k2 = NULL;
    int equal = -1;
    iri_error e = IRI_ERROR_INIT;
    /* RFC 3986 §6.2.2: case, percent-encoding and path segment normalization */
    CHECK(normalizes("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", IRI_RUNG_SYNTAX, 1, "example://a/b/c/%7Bfoo%7D"));
    CHECK(normalizes("HTTP://www.Example.COM:80/%7euser/./a/../b?q#f", IRI_RUNG_SCHEME, 1,
                     "http://www.example.com/~user/b?q#f"));
    CHECK(normalizes("HTTP://www.Example.COM:80/%7euser/./a/../b?q#f", IRI_RUNG_SCHEME, 0,
                     "http://www.example.com/~user/b?q"));
    /* RFC 3987 §5.3.2.3: in IRIs "%C3%A9" encodes the iunreserved é */
    CHECK(normalizes("http://a/ros%C3%A9", IRI_RUNG_SYNTAX, 1, "http://a/ros\xC3\xA9"));
    /* reserved characters stay encoded */
    CHECK(normalizes("http://a/b%2Fc", IRI_RUNG_SYNTAX, 1, "http://a/b%2Fc"));
    /* the simple rung returns the input */
    CHECK(normalizes("HTTP://A/./b", IRI_RUNG_SIMPLE, 1, "HTTP://A/./b"));
    /* NFC (§5.3.2.2), opt-in: e + U+0301 is é */
    o.nfc = 1;
    CHECK(iri_normalize("http://a/e\xCC\x81", 12, IRI_GRAMMAR_DEFAULT, &o, &k1, NULL, &e) == IRI_OK &&
          strcmp(k1, "http://a/\xC3\xA9") == 0);
    iri_free(k1);
    o.nfc = 0;

    /* RFC 3986 §6.2.3: equivalent with scheme-based normalization, not by syntax alone */
    o.rung = IRI_RUNG_SCHEME;
    CHECK(iri_equivalent("http://example.com", 18, "http://example.com:/", 20, IRI_GRAMMAR_DEFAULT, &o, &equal, &e) ==
              IRI_OK &&
          equal == 1);
    CHECK(iri_equivalent("http://example.com", 18, "http://example.com:80/", 22, IRI_GRAMMAR_DEFAULT, &o, &equal, &e) ==
              IRI_OK &&
          equal == 1);
    o.rung = IRI_RUNG_SYNTAX;
    CHECK(iri_equivalent("http://example.com", 18, "http://example.com:/", 20, IRI_GRAMMAR_DEFAULT, &o, &equal, &e) ==
              IRI_OK &&
          equal == 0);
    CHECK(iri_equivalent("http://a/", 9, "http://a/ b", 11, IRI_GRAMMAR_DEFAULT, NULL, &equal, &e) ==
          IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.input == 1 && e.offset == 9);
    CHECK(iri_equivalent("http://a/", 9, "http://a/", 9, IRI_GRAMMAR_DEFAULT, NULL, NULL, &e) ==
          IRI_E_INVALID_ARGUMENT);

    /* canonical keys: equal exactly for equivalent references (RFC 3987 §5.3.3: IDN hosts compared as such) */
    o.rung = IRI_RUNG_SCHEME;
    CHECK(key("http://r\xC3\xA9sum\xC3\xA9.example.org:80", &o, &k1) == IRI_OK);
    CHECK(key("HTTP://xn--rsum-bpad.EXAMPLE.org/", &o, &k2) == IRI_OK);
    CHECK(k1 != NULL && k2 != NULL && strcmp(k1, k2) == 0);
    iri_free(k1);
    iri_free(k2);
    CHECK(key("http://a/b", &o, &k1) == IRI_OK && key("http://a/c", &o, &k2) == IRI_OK && strcmp(k1, k2) != 0);
    iri_free(k1);
    iri_free(k2);
    CHECK(key("http://a/\xC0\xAF", &o, &k1) == IRI_E_INVALID_UTF8 && k1 == NULL); /* overlong "/" */

    /* arguments: unknown rung; NULL options are the defaults (rung syntax lowercases the scheme, §6.2.2.1) */
    o.rung = 9;
    CHECK(iri_normalize("a:b", 3, IRI_GRAMMAR_DEFAULT, &o, &k1, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_normalize("A:b", 3, IRI_GRAMMAR_DEFAULT, NULL, &k1, NULL, &e) == IRI_OK && strcmp(k1, "a:b") == 0);
    iri_free(k1);
}

/* ---- sized structs: a size below the first version (0: never initialized) is an error, not the defaults ---- */
static int rejects_size(int status, const iri_error* e, const char* name) {
    int ok = status == IRI_E_INVALID_ARGUMENT && e->code == IRI_E_INVALID_ARGUMENT && strstr(e->message, name) != NULL;
    if (!ok) printf("  %s: status %d, message \"%s\"\n", name, status, e->message);
    return ok;
}

static void test_sized_structs(void) {
    iri_normalize_options no = IRI_NORMALIZE_OPTIONS_INIT;
    iri_to_uri_options uo = IRI_TO_URI_OPTIONS_INIT;
    iri_to_iri_options io = IRI_TO_IRI_OPTIONS_INIT;
    iri_components c = IRI_COMPONENTS_INIT;
    iri_diagnostics* dl = NULL;
    iri_matches* ml = NULL;
    iri_diagnostic d = IRI_DIAGNOSTIC_INIT;
    iri_match m = IRI_MATCH_INIT;
    iri_error e = IRI_ERROR_INIT;
    char* out = (char*)"untouched";
    int equal = -1;
    no.size = 0;
    CHECK(rejects_size(iri_normalize("A:b", 3, IRI_GRAMMAR_DEFAULT, &no, &out, NULL, &e), &e, "iri_normalize_options"));
    CHECK(out == NULL);
    CHECK(rejects_size(iri_canonical_key("a:b", 3, IRI_GRAMMAR_DEFAULT, &no, &out, NULL, &e), &e,
                       "iri_normalize_options"));
    CHECK(rejects_size(iri_equivalent("a:b", 3, "a:b", 3, IRI_GRAMMAR_DEFAULT, &no, &equal, &e), &e,
                       "iri_normalize_options"));
    CHECK(equal == -1);
    no.size = sizeof(size_t); /* only the size field: smaller than any version */
    CHECK(rejects_size(iri_normalize("A:b", 3, IRI_GRAMMAR_DEFAULT, &no, &out, NULL, &e), &e, "iri_normalize_options"));
    no.size = offsetof(iri_normalize_options, keep_fragment); /* one field short */
    CHECK(rejects_size(iri_normalize("A:b", 3, IRI_GRAMMAR_DEFAULT, &no, &out, NULL, &e), &e, "iri_normalize_options"));
    uo.size = 0;
    CHECK(rejects_size(iri_to_uri("a:b", 3, IRI_GRAMMAR_DEFAULT, &uo, &out, NULL, &e), &e, "iri_to_uri_options"));
    io.size = 0;
    CHECK(rejects_size(iri_to_iri("a:b", 3, &io, &out, NULL, &e), &e, "iri_to_iri_options"));
    c.size = 0;
    CHECK(rejects_size(iri_parse("a:b", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &e), &e, "iri_components"));
    c.size = offsetof(iri_components, spans); /* no room for the spans */
    CHECK(rejects_size(iri_parse("a:b", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, &c, &e), &e, "iri_components"));
    /* list items: RFC 3986 §7.6's userinfo gives a diagnostic, Appendix C's text one match */
    CHECK(iri_check("http://www.example.com&story=breaking_news@10.0.0.1/", 52, IRI_GRAMMAR_DEFAULT, &dl, &e) ==
          IRI_OK);
    CHECK(iri_diagnostics_count(dl) >= 1);
    d.size = 0;
    CHECK(iri_diagnostics_get(dl, 0, &d) == IRI_E_INVALID_ARGUMENT && d.code == NULL);
    CHECK(iri_diagnostics_get(dl, 0, NULL) == IRI_E_INVALID_ARGUMENT);
    iri_diagnostics_free(dl);
    CHECK(iri_extract("see <http://a/>", 15, IRI_GRAMMAR_DEFAULT, &ml, &e) == IRI_OK && iri_matches_count(ml) == 1);
    m.size = 0;
    CHECK(iri_matches_get(ml, 0, &m) == IRI_E_INVALID_ARGUMENT && m.value == NULL);
    iri_matches_free(ml);
    /* a caller built against a later version (a larger size) is read as far as this library knows */
    {
        struct {
            iri_normalize_options o;
            int later_field;
        } later;
        later.o.size = sizeof later;
        later.o.rung = IRI_RUNG_SCHEME;
        later.o.nfc = 0;
        later.o.keep_fragment = 0;
        later.later_field = 7;
        CHECK(iri_normalize("HTTP://a:80/#f", 14, IRI_GRAMMAR_DEFAULT, &later.o, &out, NULL, &e) == IRI_OK &&
              strcmp(out, "http://a/") == 0);
        iri_free(out);
    }
}

/* ---- conversions ---- */
static int to_uri_default(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    return iri_to_uri(text, len, IRI_GRAMMAR_DEFAULT, NULL, out, out_len, err);
}
static int to_uri_idna(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    iri_to_uri_options o = IRI_TO_URI_OPTIONS_INIT;
    o.host = IRI_HOST_MAPPING_IDNA;
    return iri_to_uri(text, len, IRI_GRAMMAR_DEFAULT, &o, out, out_len, err);
}
static int to_uri_latin1(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    iri_to_uri_options o = IRI_TO_URI_OPTIONS_INIT;
    o.charset = "ISO-8859-1";
    o.charset_len = 10;
    return iri_to_uri(text, len, IRI_GRAMMAR_DEFAULT, &o, out, out_len, err);
}
static int to_iri_default(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    return iri_to_iri(text, len, NULL, out, out_len, err);
}
static int to_iri_unicode_hosts(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    iri_to_iri_options o = IRI_TO_IRI_OPTIONS_INIT;
    o.unicode_hosts = 1;
    return iri_to_iri(text, len, &o, out, out_len, err);
}
static int leiri_default(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    return iri_leiri_to_iri(text, len, IRI_GRAMMAR_DEFAULT, out, out_len, err);
}

static void test_convert(void) {
    char* out = NULL;
    iri_error e = IRI_ERROR_INIT;
    iri_to_uri_options uo = IRI_TO_URI_OPTIONS_INIT;
    /* RFC 3987 §3.1's examples */
    CHECK(gives(to_uri_default, "http://www.example.org/red%09ros\xC3\xA9#red",
                "http://www.example.org/red%09ros%C3%A9#red"));
    CHECK(gives(to_uri_default, "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://r%C3%A9sum%C3%A9.example.org"));
    CHECK(gives(to_uri_idna, "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://xn--rsum-bpad.example.org"));
    /* 3987bis §3.5: the query in the document's charset (ö is F6 in ISO-8859-1) */
    CHECK(gives(to_uri_latin1, "http://example.org/?\xC3\xB6", "http://example.org/?%F6"));
    /* a URI is unchanged */
    CHECK(gives(to_uri_default, "http://a/b?c#d", "http://a/b?c#d"));
    CHECK(iri_to_uri("http://a/b c", 12, IRI_GRAMMAR_DEFAULT, NULL, &out, NULL, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.offset == 10 && out == NULL);
    uo.encode_unsafe_ascii = 1; /* RFC 3987 §3.1: the space percent-encoded instead */
    CHECK(iri_to_uri("http://a/b c", 12, IRI_GRAMMAR_DEFAULT, &uo, &out, NULL, &e) == IRI_OK &&
          strcmp(out, "http://a/b%20c") == 0);
    iri_free(out);
    /* UTS #46 CheckHyphens: a label may not start with "-" */
    CHECK(to_uri_idna("http://-\xC3\xA9.org/", 14, &out, NULL, &e) == IRI_E_IDNA_FAILED);
    CHECK(e.idna_errors != 0 && e.component == IRI_COMPONENT_HOST);
    uo.host = 5;
    CHECK(iri_to_uri("a:b", 3, IRI_GRAMMAR_DEFAULT, &uo, &out, NULL, &e) == IRI_E_INVALID_ARGUMENT);

    /* RFC 3987 §3.2.1's examples */
    CHECK(gives(to_iri_default, "http://www.example.org/D%C3%BCrst", "http://www.example.org/D\xC3\xBCrst"));
    CHECK(gives(to_iri_default, "http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"));
    /* U+202E stays encoded: a bidi formatting character (RFC 3987 §3.2.1's last example) */
    CHECK(
        gives(to_iri_default, "http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"));
    CHECK(gives(to_iri_unicode_hosts, "http://xn--rsum-bpad.example.org/", "http://r\xC3\xA9sum\xC3\xA9.example.org/"));
    CHECK(iri_to_iri("http://a/\xC3\xA9", 11, NULL, &out, NULL, &e) == IRI_E_DISALLOWED_CHARACTER);

    /* LEIRI→IRI (3987bis §6.2): space and controls, including NUL, become %HH */
    CHECK(gives(leiri_default, "http://a/b c<d>", "http://a/b%20c%3Cd%3E"));
    {
        char* o = NULL;
        size_t n = 0;
        CHECK(iri_leiri_to_iri("http://a/\0b", 11, IRI_GRAMMAR_DEFAULT, &o, &n, &e) == IRI_OK &&
              same(o, n, "http://a/%00b"));
        iri_free(o);
    }
    CHECK(iri_leiri_to_iri("http://a/\xFF", 10, IRI_GRAMMAR_DEFAULT, &out, NULL, &e) == IRI_E_INVALID_UTF8);
    CHECK(e.offset == 9);
    CHECK(iri_leiri_to_iri("a", 1, -5, &out, NULL, &e) == IRI_E_NO_SUCH_GRAMMAR);
}

static int remove_dots(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    return iri_remove_dot_segments(text, len, out, out_len, err);
}
static int latin1(const char* text, size_t len, char** out, size_t* out_len, iri_error* err) {
    return iri_from_charset(text, len, "ISO-8859-1", 10, out, out_len, err);
}

/* ---- hosts, charsets, dot segments ---- */
static void test_hosts_and_charsets(void) {
    char* out = NULL;
    iri_error e = IRI_ERROR_INIT;
    /* RFC 3987 §3.1's host; UTS #46 maps case */
    CHECK(gives(iri_host_to_ascii, "r\xC3\xA9sum\xC3\xA9.example.org", "xn--rsum-bpad.example.org"));
    CHECK(gives(iri_host_to_unicode, "xn--rsum-bpad.example.org", "r\xC3\xA9sum\xC3\xA9.example.org"));
    CHECK(gives(iri_host_to_ascii, "EXAMPLE.org", "example.org"));
    CHECK(iri_host_to_ascii("-\xC3\xA9.org", 7, &out, NULL, &e) == IRI_E_IDNA_FAILED && out == NULL);
    CHECK(e.idna_errors != 0);
    CHECK(iri_host_to_ascii("a\xFF", 2, &out, NULL, &e) != IRI_OK && out == NULL);
    /* RFC 3986 §5.2.4's examples */
    CHECK(gives(remove_dots, "/a/b/c/./../../g", "/a/g"));
    CHECK(gives(remove_dots, "mid/content=5/../6", "mid/6"));
    CHECK(gives(remove_dots, "", ""));
    /* RFC 3987 §3.1 variant B: E9 is é in ISO-8859-1 */
    CHECK(gives(latin1, "http://a/r\xE9sum\xE9", "http://a/r\xC3\xA9sum\xC3\xA9"));
    CHECK(iri_from_charset("a", 1, "no-such-charset", 15, &out, NULL, &e) == IRI_E_UNKNOWN_CHARSET && out == NULL);
    /* US-ASCII defines no byte above 0x7F */
    CHECK(iri_from_charset("ab\x80", 3, "US-ASCII", 8, &out, NULL, &e) == IRI_E_INVALID_ENCODING);
    CHECK(e.offset == 2);
    CHECK(iri_from_charset("a", 1, NULL, 4, &out, NULL, &e) == IRI_E_INVALID_ARGUMENT);
}

/* ---- percent-encoding ---- */
static void test_percent(void) {
    char* out = NULL;
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    /* an IRI segment keeps é (ucschar); a URI segment encodes its UTF-8 octets (3987bis §3.3) */
    CHECK(iri_percent_encode("a b/\xC3\xA9", 6, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_SEGMENT, IRI_ENCODE_KEEP_ESCAPES,
                             NULL, 0, &out, &n, &e) == IRI_OK &&
          same(out, n, "a%20b%2F\xC3\xA9"));
    iri_free(out);
    CHECK(iri_percent_encode("a b/\xC3\xA9", 6, grammar("uri"), IRI_PRODUCTION_SEGMENT, IRI_ENCODE_KEEP_ESCAPES, NULL,
                             0, &out, &n, &e) == IRI_OK &&
          same(out, n, "a%20b%2F%C3%A9"));
    iri_free(out);
    /* keep_escapes keeps a valid %HH; literal encodes every "%"; `also` adds delimiters */
    CHECK(iri_percent_encode("%41%", 4, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_QUERY, IRI_ENCODE_KEEP_ESCAPES, NULL, 0,
                             &out, &n, &e) == IRI_OK &&
          same(out, n, "%41%25"));
    iri_free(out);
    CHECK(iri_percent_encode("%41", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_QUERY, IRI_ENCODE_LITERAL, NULL, 0, &out, &n,
                             &e) == IRI_OK &&
          same(out, n, "%2541"));
    iri_free(out);
    CHECK(iri_percent_encode("a=b&c", 5, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_QUERY, IRI_ENCODE_KEEP_ESCAPES, "&=", 2,
                             &out, &n, &e) == IRI_OK &&
          same(out, n, "a%3Db%26c"));
    iri_free(out);
    /* a NUL is data: %00 */
    CHECK(iri_percent_encode("a\0b", 3, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_SEGMENT, IRI_ENCODE_KEEP_ESCAPES, NULL, 0,
                             &out, &n, &e) == IRI_OK &&
          same(out, n, "a%00b"));
    iri_free(out);
    CHECK(iri_percent_encode("a\xFF", 2, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_SEGMENT, IRI_ENCODE_KEEP_ESCAPES, NULL, 0,
                             &out, &n, &e) == IRI_E_INVALID_UTF8);
    CHECK(e.offset == 1 && out == NULL);
    CHECK(iri_percent_encode("a", 1, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_URI, IRI_ENCODE_KEEP_ESCAPES, NULL, 0, &out,
                             &n, &e) == IRI_E_NO_SUCH_PRODUCTION);
    CHECK(iri_percent_encode("a", 1, IRI_GRAMMAR_DEFAULT, IRI_PRODUCTION_QUERY, 3, NULL, 0, &out, &n, &e) ==
          IRI_E_INVALID_ARGUMENT);

    CHECK(iri_percent_decode("a%20b%2F", 8, IRI_DECODE_STRICT, 0, &out, &n, &e) == IRI_OK && same(out, n, "a b/"));
    iri_free(out);
    CHECK(iri_percent_decode("100%", 4, IRI_DECODE_LENIENT, 0, &out, &n, &e) == IRI_OK && same(out, n, "100%"));
    iri_free(out);
    CHECK(iri_percent_decode("100%", 4, IRI_DECODE_STRICT, 0, &out, &n, &e) == IRI_E_BAD_PERCENT_ENCODING);
    CHECK(e.char_offset == 3 && e.offset == 4 && out == NULL); /* the "%"; the input ends where hex digits must */
    /* the result is bytes: %00 is a NUL inside it */
    CHECK(iri_percent_decode("a%00b", 5, IRI_DECODE_STRICT, 0, &out, &n, &e) == IRI_OK && n == 3 &&
          memcmp(out, "a\0b", 3) == 0);
    iri_free(out);
    CHECK(iri_percent_decode("r%C3%A9sum%C3%A9", 16, IRI_DECODE_STRICT, 1, &out, &n, &e) == IRI_OK &&
          same(out, n, "r\xC3\xA9sum\xC3\xA9"));
    iri_free(out);
    CHECK(iri_percent_decode("r%E9sum%E9", 10, IRI_DECODE_STRICT, 1, &out, &n, &e) == IRI_E_INVALID_UTF8);
    CHECK(e.offset == 1);
    CHECK(iri_percent_decode("r%E9sum%E9", 10, IRI_DECODE_STRICT, 0, &out, &n, &e) == IRI_OK && n == 6);
    iri_free(out);
    CHECK(iri_percent_decode("a", 1, 2, 0, &out, &n, &e) == IRI_E_INVALID_ARGUMENT);
}

/* ---- diagnostics and extraction ---- */
static void test_check(void) {
    /* RFC 3986 §7.6's example: a userinfo that looks like a host */
    const char* s = "http://www.example.com&story=breaking_news@10.0.0.1/";
    iri_diagnostics* list = NULL;
    iri_diagnostic d = IRI_DIAGNOSTIC_INIT;
    iri_error e = IRI_ERROR_INIT;
    size_t i;
    int found = 0;
    CHECK(iri_check(s, strlen(s), IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_OK && list != NULL);
    for (i = 0; i < iri_diagnostics_count(list); ++i) {
        CHECK(iri_diagnostics_get(list, i, &d) == IRI_OK);
        if (strcmp(d.code, "security.userinfo") == 0) {
            found = 1;
            CHECK(d.begin == 7 && d.end == 42 && d.component == IRI_COMPONENT_USERINFO);
            CHECK(d.severity == IRI_SEVERITY_WARNING && d.message[0] != '\0' && d.spec[0] != '\0');
        }
    }
    CHECK(found);
    CHECK(iri_diagnostics_get(list, iri_diagnostics_count(list), &d) == IRI_E_INVALID_ARGUMENT);
    iri_diagnostics_free(list);

    /* a grammar error is a diagnostic (syntax.*) with its byte range, not a failure of iri_check */
    CHECK(iri_check("http://a/\xFF", 10, IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_OK);
    CHECK(iri_diagnostics_count(list) >= 1 && iri_diagnostics_get(list, 0, &d) == IRI_OK);
    CHECK(strncmp(d.code, "syntax.", 7) == 0 && d.severity == IRI_SEVERITY_ERROR && d.begin == 9);
    iri_diagnostics_free(list);
    CHECK(iri_check("http://a/", 9, IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_OK && iri_diagnostics_count(list) == 0);
    iri_diagnostics_free(list);
    CHECK(iri_check(NULL, 1, IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_E_INVALID_ARGUMENT && list == NULL);
    CHECK(iri_diagnostics_count(NULL) == 0);
    iri_diagnostics_free(NULL);
}

static void test_extract(void) {
    /* RFC 3986 Appendix C's example */
    const char* text =
        "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
        "but you can probably pick it up from <ftp://ds.internic.\n"
        "net/rfc/>.";
    iri_matches* list = NULL;
    iri_match m = IRI_MATCH_INIT;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_extract(text, strlen(text), IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_OK);
    CHECK(iri_matches_count(list) == 2);
    CHECK(iri_matches_get(list, 0, &m) == IRI_OK && same(m.value, m.value_len, "http://www.w3.org/Addressing/"));
    CHECK(m.begin == 28 && m.end == 57 && m.delimiter == IRI_DELIMITER_DOUBLE_QUOTES);
    CHECK(iri_matches_get(list, 1, &m) == IRI_OK && same(m.value, m.value_len, "ftp://ds.internic.net/rfc/"));
    CHECK(m.delimiter == IRI_DELIMITER_ANGLE_BRACKETS);
    CHECK(iri_matches_get(list, 2, &m) == IRI_E_INVALID_ARGUMENT);
    iri_matches_free(list);
    /* invalid UTF-8 and NUL in the text are skipped over */
    CHECK(iri_extract("\xFF http://a/b \0 x", 16, IRI_GRAMMAR_DEFAULT, &list, &e) == IRI_OK);
    CHECK(iri_matches_count(list) == 1 && iri_matches_get(list, 0, &m) == IRI_OK &&
          same(m.value, m.value_len, "http://a/b") && m.begin == 2);
    iri_matches_free(list);
    CHECK(iri_extract("x", 1, 55, &list, &e) == IRI_E_NO_SUCH_GRAMMAR);
    CHECK(iri_extract("x", 1, IRI_GRAMMAR_DEFAULT, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    iri_matches_free(NULL);
    iri_free(NULL);
}

/* One set of defaults (include/iri/normalize.hpp): the syntax rung, the fragment kept, an IRI; as_uri the URI. */
static void test_normalize_defaults_and_as_uri(void) {
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    const char* in = "HTTP://EXAMPLE.com:80/#x";
    const char* rose = "http://R\xC3\xA9sum\xC3\xA9.example.org/ros\xC3\xA9"; /* http://Résumé.example.org/rosé */
    const char* uri = "http://xn--rsum-bpad.example.org/ros%C3%A9";
    char* out = NULL;
    size_t n = 0;
    CHECK(o.rung == IRI_RUNG_SYNTAX && o.nfc == 0 && o.keep_fragment == 1 && o.as_uri == 0);
    /* RFC 3987 §5.3.2: the scheme and the ASCII host lowercased, the port kept; a key is the normal form */
    CHECK(key(in, NULL, &out) == IRI_OK && strcmp(out, "http://example.com:80/#x") == 0);
    iri_free(out);
    CHECK(normalizes(in, IRI_RUNG_SYNTAX, 1, "http://example.com:80/#x"));
    o.rung = IRI_RUNG_SCHEME; /* a crawler's keys: §5.3.3 drops the default port */
    CHECK(key(in, &o, &out) == IRI_OK && strcmp(out, "http://example.com/#x") == 0);
    iri_free(out);
    /* RFC 3987 §3.1: "é" as its UTF-8 "%C3%A9"; the host by UTS #46 ToASCII (3987bis §3.4.2) */
    o.rung = IRI_RUNG_SYNTAX;
    o.as_uri = 1;
    CHECK(iri_normalize(rose, strlen(rose), IRI_GRAMMAR_DEFAULT, &o, &out, &n, NULL) == IRI_OK && same(out, n, uri));
    iri_free(out);
    CHECK(key(rose, &o, &out) == IRI_OK && strcmp(out, uri) == 0);
    iri_free(out);
    /* a caller's struct without the field (its size ends where as_uri begins): as_uri 0, an IRI */
    o.size = offsetof(iri_normalize_options, as_uri);
    CHECK(key(rose, &o, &out) == IRI_OK && strcmp(out, rose) == 0);
    iri_free(out);
}

/* ---- the parsed-reference handle ---- */
static int view_is(iri_string_view v, const char* expected) {
    return v.data != NULL && v.length == strlen(expected) && memcmp(v.data, expected, v.length) == 0;
}
static int view_absent(iri_string_view v) { return v.data == NULL && v.length == 0; }

static void test_reference_handle(void) {
    /* RFC 3986 §3's example, parsed from a buffer the caller then overwrites: the handle owns a copy */
    char text[] = "foo://example.com:8042/over/there?name=ferret#nose";
    iri_reference* r = NULL;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_reference_parse(text, strlen(text), IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK && r != NULL);
    memset(text, 'x', strlen(text));
    CHECK(view_is(iri_reference_text(r), "foo://example.com:8042/over/there?name=ferret#nose"));
    CHECK(iri_reference_text(r).data[iri_reference_text(r).length] == '\0');
    CHECK(view_is(iri_reference_scheme(r), "foo"));
    CHECK(view_is(iri_reference_authority(r), "example.com:8042"));
    CHECK(view_is(iri_reference_host(r), "example.com"));
    CHECK(view_is(iri_reference_port(r), "8042"));
    CHECK(view_is(iri_reference_path(r), "/over/there"));
    CHECK(view_is(iri_reference_query(r), "name=ferret"));
    CHECK(view_is(iri_reference_fragment(r), "nose"));
    CHECK(view_absent(iri_reference_userinfo(r)) && iri_reference_has_userinfo(r) == 0);
    CHECK(iri_reference_has_scheme(r) == 1 && iri_reference_has_authority(r) == 1 && iri_reference_has_port(r) == 1);
    CHECK(iri_reference_has_query(r) == 1 && iri_reference_has_fragment(r) == 1);
    CHECK(iri_reference_host_kind(r) == IRI_HOST_REG_NAME && iri_reference_port_number(r) == 8042);
    CHECK(view_is(iri_reference_component(r, IRI_COMPONENT_REG_NAME), "example.com"));
    CHECK(view_absent(iri_reference_component(r, IRI_COMPONENT_IPV4ADDRESS)));
    CHECK(view_absent(iri_reference_component(r, IRI_COMPONENT_COUNT)));
    CHECK(view_absent(iri_reference_component(r, -1)));
    iri_reference_free(r);

    /* absent vs empty (RFC 3986 §5.3): an empty userinfo, port and query are present with length 0 */
    CHECK(iri_reference_parse("http://@a:?", 11, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(iri_reference_has_userinfo(r) == 1 && view_is(iri_reference_userinfo(r), ""));
    CHECK(iri_reference_has_port(r) == 1 && view_is(iri_reference_port(r), "") && iri_reference_port_number(r) == -1);
    CHECK(iri_reference_has_query(r) == 1 && view_is(iri_reference_query(r), ""));
    CHECK(iri_reference_has_fragment(r) == 0 && view_absent(iri_reference_fragment(r)));
    CHECK(view_is(iri_reference_path(r), ""));
    iri_reference_free(r);

    /* host kinds (RFC 3986 §3.2.2); a port of digits beyond 16 bits is syntax (§3.2.3) but has no number */
    CHECK(iri_reference_parse("http://[2001:db8::7]:0/", 23, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(iri_reference_host_kind(r) == IRI_HOST_IPV6 && view_is(iri_reference_host(r), "[2001:db8::7]"));
    CHECK(view_is(iri_reference_component(r, IRI_COMPONENT_IPV6ADDRESS), "2001:db8::7"));
    CHECK(iri_reference_port_number(r) == 0);
    iri_reference_free(r);
    CHECK(iri_reference_parse("ldap://192.0.2.16:65536/", 24, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(iri_reference_host_kind(r) == IRI_HOST_IPV4 && view_is(iri_reference_port(r), "65536"));
    CHECK(iri_reference_port_number(r) == -1);
    iri_reference_free(r);
    CHECK(iri_reference_parse("mailto:a@b", 10, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(iri_reference_has_authority(r) == 0 && view_absent(iri_reference_host(r)));
    CHECK(iri_reference_host_kind(r) == IRI_HOST_NONE && view_is(iri_reference_path(r), "a@b"));
    iri_reference_free(r);
    /* the empty string: a relative reference whose only component is an empty path */
    CHECK(iri_reference_parse(NULL, 0, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(iri_reference_has_scheme(r) == 0 && view_is(iri_reference_path(r), "") && view_is(iri_reference_text(r), ""));
    iri_reference_free(r);
    /* an IRI: é is ucschar (RFC 3987 §2.2); in the URI grammar it is an error at its first byte */
    CHECK(iri_reference_parse("http://a/r\xC3\xA9", 12, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_OK);
    CHECK(view_is(iri_reference_path(r), "/r\xC3\xA9"));
    iri_reference_free(r);
    r = (iri_reference*)&e; /* not NULL: the error must set it */
    CHECK(iri_reference_parse("http://a/r\xC3\xA9", 12, grammar("uri"), &r, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(r == NULL && e.char_offset == 10 && e.component == IRI_COMPONENT_PATH);

    /* errors */
    CHECK(iri_reference_parse("http://a b", 10, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(r == NULL && e.offset == 8 && e.component == IRI_COMPONENT_HOST);
    CHECK(iri_reference_parse("a:b", 3, IRI_GRAMMAR_DEFAULT, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_reference_parse(NULL, 3, IRI_GRAMMAR_DEFAULT, &r, &e) == IRI_E_INVALID_ARGUMENT && r == NULL);
    CHECK(iri_reference_parse("a:b", 3, 77, &r, &e) == IRI_E_NO_SUCH_GRAMMAR && r == NULL);
    /* a NULL handle */
    CHECK(view_absent(iri_reference_text(NULL)) && view_absent(iri_reference_path(NULL)));
    CHECK(iri_reference_has_query(NULL) == 0 && iri_reference_host_kind(NULL) == IRI_HOST_NONE);
    CHECK(iri_reference_port_number(NULL) == -1);
    iri_reference_free(NULL);
}

/* ---- the resolver handle ---- */
/* RFC 3986 §5.4.1 and §5.4.2: base "http://a/b/c/d;p?q", reference, target */
static const char* const rfc3986_examples[][2] = {{"g:h", "g:h"},
                                                  {"g", "http://a/b/c/g"},
                                                  {"./g", "http://a/b/c/g"},
                                                  {"g/", "http://a/b/c/g/"},
                                                  {"/g", "http://a/g"},
                                                  {"//g", "http://g"},
                                                  {"?y", "http://a/b/c/d;p?y"},
                                                  {"g?y", "http://a/b/c/g?y"},
                                                  {"#s", "http://a/b/c/d;p?q#s"},
                                                  {"g#s", "http://a/b/c/g#s"},
                                                  {"g?y#s", "http://a/b/c/g?y#s"},
                                                  {";x", "http://a/b/c/;x"},
                                                  {"g;x", "http://a/b/c/g;x"},
                                                  {"g;x?y#s", "http://a/b/c/g;x?y#s"},
                                                  {"", "http://a/b/c/d;p?q"},
                                                  {".", "http://a/b/c/"},
                                                  {"./", "http://a/b/c/"},
                                                  {"..", "http://a/b/"},
                                                  {"../", "http://a/b/"},
                                                  {"../g", "http://a/b/g"},
                                                  {"../..", "http://a/"},
                                                  {"../../", "http://a/"},
                                                  {"../../g", "http://a/g"},
                                                  /* §5.4.2 */
                                                  {"../../../g", "http://a/g"},
                                                  {"../../../../g", "http://a/g"},
                                                  {"/./g", "http://a/g"},
                                                  {"/../g", "http://a/g"},
                                                  {"g.", "http://a/b/c/g."},
                                                  {".g", "http://a/b/c/.g"},
                                                  {"g..", "http://a/b/c/g.."},
                                                  {"..g", "http://a/b/c/..g"},
                                                  {"./../g", "http://a/b/g"},
                                                  {"./g/.", "http://a/b/c/g/"},
                                                  {"g/./h", "http://a/b/c/g/h"},
                                                  {"g/../h", "http://a/b/c/h"},
                                                  {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
                                                  {"g;x=1/../y", "http://a/b/c/y"},
                                                  {"g?y/./x", "http://a/b/c/g?y/./x"},
                                                  {"g?y/../x", "http://a/b/c/g?y/../x"},
                                                  {"g#s/./x", "http://a/b/c/g#s/./x"},
                                                  {"g#s/../x", "http://a/b/c/g#s/../x"},
                                                  {"http:g", "http:g"}};

typedef int (*resolver_fn)(iri_resolver*, const char*, size_t, char*, size_t, size_t*, iri_error*);

/* Runs one of the single-href functions into a buffer of 256 bytes and compares the result with `expected`. */
static int resolver_gives(resolver_fn f, iri_resolver* r, const char* href, const char* expected) {
    char buf[256];
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    int ok = f(r, href, strlen(href), buf, sizeof buf, &n, &e) == IRI_OK && same(buf, n, expected);
    if (!ok) printf("  %s -> %.*s (%s)\n", href, (int)n, buf, e.message);
    return ok;
}

static void test_resolver_handle(void) {
    const char* base = "http://a/b/c/d;p?q";
    iri_resolver* r = NULL;
    iri_resolver* lax = NULL;
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    iri_error e = IRI_ERROR_INIT;
    char buf[32];
    size_t n = 0;
    size_t i;
    CHECK(iri_resolver_make(base, strlen(base), IRI_GRAMMAR_DEFAULT, NULL, 1, &r, &e) == IRI_OK && r != NULL);
    CHECK(view_is(iri_resolver_base(r), base));
    for (i = 0; i < sizeof rfc3986_examples / sizeof rfc3986_examples[0]; ++i)
        CHECK(resolver_gives(iri_resolver_resolve, r, rfc3986_examples[i][0], rfc3986_examples[i][1]));
    /* §5.4.2: "http:g" is "http://a/b/c/g" for a non-strict resolver */
    CHECK(iri_resolver_make(base, strlen(base), IRI_GRAMMAR_DEFAULT, NULL, 0, &lax, &e) == IRI_OK);
    CHECK(resolver_gives(iri_resolver_resolve, lax, "http:g", "http://a/b/c/g"));
    iri_resolver_free(lax);

    /* the caller's buffer: the result and its NUL, or IRI_E_BUFFER_TOO_SMALL with the length and buf untouched */
    memset(buf, 'X', sizeof buf);
    CHECK(iri_resolver_resolve(r, "g", 1, buf, 14, &n, &e) == IRI_E_BUFFER_TOO_SMALL && n == 14 && buf[0] == 'X');
    CHECK(e.code == IRI_E_BUFFER_TOO_SMALL && strcmp(iri_error_name(e.code), "buffer_too_small") == 0);
    CHECK(iri_resolver_resolve(r, "g", 1, NULL, 0, &n, &e) == IRI_E_BUFFER_TOO_SMALL && n == 14);
    CHECK(iri_resolver_resolve(r, "g", 1, buf, 15, &n, &e) == IRI_OK && same(buf, n, "http://a/b/c/g"));
    /* an invalid href: its error, in input 1, at its offset */
    CHECK(iri_resolver_resolve(r, "b c", 3, buf, sizeof buf, &n, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.input == 1 && e.offset == 1 && e.component == IRI_COMPONENT_PATH);
    /* "%" not followed by two hex digits (RFC 3986 §2.1): the error is at the first "z", byte 2 of the href */
    CHECK(iri_resolver_key(r, "g%zz", 4, buf, sizeof buf, &n, &e) == IRI_E_BAD_PERCENT_ENCODING);
    CHECK(e.input == 1 && e.offset == 2 && e.component == IRI_COMPONENT_PATH);
    /* arguments */
    CHECK(iri_resolver_resolve(NULL, "g", 1, buf, sizeof buf, &n, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_resolve(r, NULL, 1, buf, sizeof buf, &n, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_resolve(r, "g", 1, NULL, 5, &n, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_resolve(r, "g", 1, buf, sizeof buf, NULL, &e) == IRI_E_INVALID_ARGUMENT);

    /* rebase: the next page; a failed rebase leaves no base (§5.2.1), and every href fails until the next one */
    CHECK(iri_resolver_rebase(r, "http://x/y/z", 12, &e) == IRI_OK && view_is(iri_resolver_base(r), "http://x/y/z"));
    CHECK(resolver_gives(iri_resolver_resolve, r, "../w", "http://x/w"));
    CHECK(iri_resolver_rebase(r, "y/z", 3, &e) == IRI_E_BASE_NOT_ABSOLUTE && view_is(iri_resolver_base(r), ""));
    CHECK(iri_resolver_resolve(r, "g", 1, buf, sizeof buf, &n, &e) == IRI_E_BASE_NOT_ABSOLUTE && e.input == 0);
    CHECK(iri_resolver_rebase(r, "http://a/\xFF", 10, &e) == IRI_E_INVALID_UTF8 && e.offset == 9 && e.input == 0);
    CHECK(iri_resolver_rebase(NULL, "a:", 2, &e) == IRI_E_INVALID_ARGUMENT);
    iri_resolver_free(r);

    /* make: the base must have a scheme (§5.2.1); its parse error is in input 0; options as elsewhere */
    r = (iri_resolver*)&e;
    CHECK(iri_resolver_make("a/b", 3, IRI_GRAMMAR_DEFAULT, NULL, 1, &r, &e) == IRI_E_BASE_NOT_ABSOLUTE && r == NULL);
    CHECK(iri_resolver_make("http://a b", 10, IRI_GRAMMAR_DEFAULT, NULL, 1, &r, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(r == NULL && e.input == 0 && e.offset == 8);
    CHECK(iri_resolver_make("a:", 2, 77, NULL, 1, &r, &e) == IRI_E_NO_SUCH_GRAMMAR);
    CHECK(iri_resolver_make("a:", 2, IRI_GRAMMAR_DEFAULT, NULL, 1, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    o.size = 0;
    CHECK(rejects_size(iri_resolver_make("a:", 2, IRI_GRAMMAR_DEFAULT, &o, 1, &r, &e), &e, "iri_normalize_options"));
    CHECK(r == NULL);
    o.size = sizeof o;
    o.rung = 7;
    CHECK(iri_resolver_make("a:", 2, IRI_GRAMMAR_DEFAULT, &o, 1, &r, &e) == IRI_E_INVALID_ARGUMENT);
    /* the base's grammar is the hrefs': é is not allowed in a URI (RFC 3986 §2) */
    CHECK(iri_resolver_make("http://a/", 9, grammar("uri"), NULL, 1, &r, &e) == IRI_OK);
    CHECK(iri_resolver_resolve(r, "r\xC3\xA9", 3, buf, sizeof buf, &n, &e) == IRI_E_DISALLOWED_CHARACTER);
    CHECK(e.input == 1 && e.char_offset == 1);
    iri_resolver_free(r);
    iri_resolver_free(NULL);
    CHECK(view_absent(iri_resolver_base(NULL)));
}

static void test_resolver_normal_forms(void) {
    const char* base = "HTTP://Example.com/a/b.html";
    const char* idn = "//r\xC3\xA9sum\xC3\xA9.example.org:80";
    const char* punycode = "//xn--rsum-bpad.EXAMPLE.org/";
    iri_resolver* r = NULL;
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    iri_error e = IRI_ERROR_INIT;
    char k1[64];
    char k2[64];
    size_t n1 = 0;
    size_t n2 = 0;
    o.rung = IRI_RUNG_SCHEME;
    CHECK(iri_resolver_make(base, strlen(base), IRI_GRAMMAR_DEFAULT, &o, 1, &r, &e) == IRI_OK);
    /* §5.2.3 merge and §5.2.4 dot segments, then RFC 3986 §6.2.2: lowercase scheme and host, %7E decoded to "~" */
    CHECK(resolver_gives(iri_resolver_normalize, r, "../%7euser/./x?q", "http://example.com/~user/x?q"));
    /* §6.2.3: the default port and an empty path are the same as none and "/" for http */
    CHECK(resolver_gives(iri_resolver_key, r, "//EXAMPLE.com:80", "http://example.com/"));
    /* the resolution alone keeps what normalization would change */
    CHECK(resolver_gives(iri_resolver_resolve, r, "../%7euser/./x?q", "HTTP://Example.com/%7euser/x?q"));
    /* RFC 3987 §5.3.2.3: "%C3%A9" encodes the iunreserved é */
    CHECK(resolver_gives(iri_resolver_normalize, r, "ros%C3%A9", "http://example.com/a/ros\xC3\xA9"));
    /* RFC 3987 §5.3.3: an IDN host and its punycode are equivalent where hosts are DNS names: equal keys */
    CHECK(iri_resolver_key(r, idn, strlen(idn), k1, sizeof k1, &n1, &e) == IRI_OK);
    CHECK(iri_resolver_key(r, punycode, strlen(punycode), k2, sizeof k2, &n2, &e) == IRI_OK);
    CHECK(n1 == n2 && memcmp(k1, k2, n1) == 0);
    iri_resolver_free(r);
    /* RFC 3987 §5.3.2.2, NFC when asked: e + U+0301 is é */
    o.nfc = 1;
    CHECK(iri_resolver_make("http://a/", 9, IRI_GRAMMAR_DEFAULT, &o, 1, &r, &e) == IRI_OK);
    CHECK(resolver_gives(iri_resolver_normalize, r, "e\xCC\x81", "http://a/\xC3\xA9"));
    iri_resolver_free(r);
}

/* ---- batches ---- */
static void test_resolver_batch(void) {
    const char* base = "http://a/b/c/d;p?q";
    const char* hrefs[] = {"g", "b c", "../..", "#s", NULL};
    size_t lens[] = {1, 3, 5, 2, 4};
    size_t offsets[6];
    int statuses[5];
    size_t done = 99;
    char buf[64];
    iri_resolver* r = NULL;
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_resolver_make(base, strlen(base), IRI_GRAMMAR_DEFAULT, NULL, 1, &r, &e) == IRI_OK);
    /* RFC 3986 §5.4.1's targets one after the other; an invalid href and a NULL one have their status, no text */
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_RESOLVE, hrefs, lens, 5, buf, sizeof buf, offsets, statuses, &done, &e) ==
          IRI_OK);
    CHECK(done == 5 && offsets[0] == 0 && offsets[1] == 14 && offsets[2] == 14 && offsets[3] == 23);
    CHECK(offsets[4] == 43 && offsets[5] == 43);
    CHECK(statuses[0] == IRI_OK && statuses[1] == IRI_E_DISALLOWED_CHARACTER && statuses[2] == IRI_OK);
    CHECK(statuses[3] == IRI_OK && statuses[4] == IRI_E_INVALID_ARGUMENT);
    CHECK(memcmp(buf, "http://a/b/c/ghttp://a/http://a/b/c/d;p?q#s", 43) == 0);
    /* a buffer that holds the first two results: the call stops at the third, which needs 9 more bytes */
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_RESOLVE, hrefs, lens, 4, buf, 20, offsets, statuses, &done, &e) ==
          IRI_E_BUFFER_TOO_SMALL);
    CHECK(done == 2 && offsets[2] == 14 && statuses[2] == IRI_E_BUFFER_TOO_SMALL && offsets[3] == 23);
    CHECK(e.code == IRI_E_BUFFER_TOO_SMALL);
    /* the rest, into the emptied buffer */
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_RESOLVE, hrefs + done, lens + done, 2, buf, 20, offsets, statuses, &done,
                             &e) == IRI_E_BUFFER_TOO_SMALL);
    CHECK(done == 1 && offsets[1] == 9 && memcmp(buf, "http://a/", 9) == 0 && offsets[2] == 29);
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_RESOLVE, hrefs + 3, lens + 3, 1, buf, 20, offsets, statuses, &done, &e) ==
          IRI_OK);
    CHECK(done == 1 && offsets[1] == 20 && memcmp(buf, "http://a/b/c/d;p?q#s", 20) == 0);
    /* nothing to do */
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_KEY, NULL, NULL, 0, NULL, 0, offsets, statuses, &done, &e) == IRI_OK);
    CHECK(done == 0 && offsets[0] == 0);
    /* arguments */
    CHECK(iri_resolver_batch(r, 9, hrefs, lens, 1, buf, sizeof buf, offsets, statuses, &done, &e) ==
          IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_KEY, hrefs, lens, 1, buf, sizeof buf, offsets, statuses, NULL, &e) ==
          IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_KEY, hrefs, lens, 1, buf, sizeof buf, NULL, statuses, &done, &e) ==
          IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_batch(r, IRI_RESOLVER_KEY, NULL, lens, 1, buf, sizeof buf, offsets, statuses, &done, &e) ==
          IRI_E_INVALID_ARGUMENT);
    CHECK(iri_resolver_batch(NULL, IRI_RESOLVER_KEY, hrefs, lens, 1, buf, sizeof buf, offsets, statuses, &done, &e) ==
          IRI_E_INVALID_ARGUMENT);
    iri_resolver_free(r);

    /* keys (RFC 3986 §6.2.3 at the scheme rung): equivalent targets, equal keys side by side */
    {
        const char* same_site[] = {"//EXAMPLE.com:80", "//example.com/", "//example.com/%7e"};
        size_t same_lens[] = {16, 14, 17};
        o.rung = IRI_RUNG_SCHEME;
        CHECK(iri_resolver_make(base, strlen(base), IRI_GRAMMAR_DEFAULT, &o, 1, &r, &e) == IRI_OK);
        CHECK(iri_resolver_batch(r, IRI_RESOLVER_KEY, same_site, same_lens, 3, buf, sizeof buf, offsets, statuses,
                                 &done, &e) == IRI_OK);
        CHECK(done == 3 && offsets[1] == 19 && offsets[2] == 38 && offsets[3] == 58);
        CHECK(memcmp(buf, "http://example.com/http://example.com/http://example.com/~", 58) == 0);
        CHECK(iri_resolver_batch(r, IRI_RESOLVER_NORMALIZE, same_site + 2, same_lens + 2, 1, buf, sizeof buf, offsets,
                                 statuses, &done, &e) == IRI_OK);
        CHECK(offsets[1] == 20 && memcmp(buf, "http://example.com/~", 20) == 0);
        iri_resolver_free(r);
    }
}

/* ---- a crawler's keys: the surt package's and the Safe Browsing v4 document's examples (tests/crawl/) ---- */
static void test_crawl_keys(void) {
    char* out = NULL;
    size_t n = 0;
    iri_error e = IRI_ERROR_INIT;
    iri_surt_options so = IRI_SURT_OPTIONS_INIT;
    iri_canonicalize_options co = IRI_CANONICALIZE_OPTIONS_INIT;
    char buf[64];
    CHECK(iri_surt("http://www.archive.org/goo/?a=2&b&a=1", 37, NULL, &out, &n, &e) == IRI_OK);
    CHECK(out != NULL && n == 26 && strcmp(out, "org,archive)/goo?a=1&a=2&b") == 0);
    iri_free(out);
    so.with_scheme = 1;
    so.trailing_comma = 1;
    CHECK(iri_surt("https://www.example.com/", 24, &so, &out, &n, &e) == IRI_OK);
    CHECK(strcmp(out, "https://(com,example,)/") == 0);
    iri_free(out);
    CHECK(iri_surt(NULL, 0, NULL, &out, &n, &e) == IRI_OK && strcmp(out, "-") == 0);
    iri_free(out);
    CHECK(iri_surt("http://a:8x/", 12, NULL, &out, &n, &e) == IRI_E_BAD_PORT && out == NULL && e.offset == 10);
    so.format = 7;
    CHECK(iri_surt("http://a/", 9, &so, &out, &n, &e) == IRI_E_INVALID_ARGUMENT);
    so.format = IRI_SURT_FORMAT_HERITRIX;
    CHECK(iri_surt_into("http://user:pass@www.archive.org:8080/a", 39, &so, buf, sizeof buf, &n, &e) == IRI_OK);
    CHECK(n == 42 && strcmp(buf, "http://(org,archive,www,:8080@user:pass)/a") == 0);
    /* the caller's buffer: too small is an error with the length, and the buffer as it was */
    CHECK(iri_canonicalize_into("http://3279880203/blah", 22, NULL, buf, 10, &n, &e) == IRI_E_BUFFER_TOO_SMALL);
    CHECK(n == 24 && strcmp(buf, "http://(org,archive,www,:8080@user:pass)/a") == 0);
    CHECK(iri_canonicalize_into("http://3279880203/blah", 22, NULL, NULL, 0, &n, &e) == IRI_E_BUFFER_TOO_SMALL);
    CHECK(iri_canonicalize_into("http://3279880203/blah", 22, NULL, buf, sizeof buf, &n, &e) == IRI_OK);
    CHECK(n == 24 && strcmp(buf, "http://195.127.0.11/blah") == 0);
    co.keep_port = 1;
    CHECK(iri_canonicalize("http://www.gotaport.com:1234/", 29, &co, &out, &n, &e) == IRI_OK);
    CHECK(strcmp(out, "http://www.gotaport.com:1234/") == 0);
    iri_free(out);
    co.profile = IRI_CANON_IA;
    CHECK(iri_canonicalize("http://www34.archive.org/index.html?b=a&b=b&a=b", 47, &co, &out, &n, &e) == IRI_OK);
    CHECK(strcmp(out, "http://archive.org/index.html?a=b&b=a&b=b") == 0);
    iri_free(out);
    co.profile = IRI_CANON_SAFE_BROWSING;
    CHECK(iri_canonicalize("mailto:bryner@google.com", 24, &co, &out, &n, &e) == IRI_E_DISALLOWED_CHARACTER);
    co.profile = 9;
    CHECK(iri_canonicalize("http://a/", 9, &co, &out, &n, &e) == IRI_E_INVALID_ARGUMENT);
    co.size = 0;
    CHECK(rejects_size(iri_canonicalize("http://a/", 9, &co, &out, NULL, &e), &e, "iri_canonicalize_options"));
    so.size = 0;
    CHECK(rejects_size(iri_surt("http://a/", 9, &so, &out, NULL, &e), &e, "iri_surt_options"));
}

/* ---- the Public Suffix List: the list the repository pins (tests/crawl/, Debian's publicsuffix 20230209) ---- */

/* The answer of `f` by `psl` for `in` equals `expected` (NULL: no answer, with IRI_OK). */
typedef int (*psl_fn)(const iri_psl*, const char*, size_t, int, char**, size_t*, iri_error*);
static int psl_gives(psl_fn f, const iri_psl* psl, const char* in, int sections, const char* expected) {
    char* out = NULL;
    size_t n = 99;
    iri_error e = IRI_ERROR_INIT;
    int ok = f(psl, in, strlen(in), sections, &out, &n, &e) == IRI_OK &&
             (expected == NULL ? out == NULL && n == 0 : same(out, n, expected));
    if (!ok) printf("  %s -> %s (%s)\n", in, out ? out : "(null)", e.message);
    iri_free(out);
    return ok;
}

static void test_public_suffix(void) {
    iri_psl* psl = NULL;
    iri_error e = IRI_ERROR_INIT;
    char* out = NULL;
    CHECK(iri_psl_load(IRI_SOURCE_DIR "/tests/crawl/public_suffix_list.dat", &psl, &e) == IRI_OK && psl != NULL);
    CHECK(psl_gives(iri_registrable_domain, psl, "https://www.Example.CO.UK/a", IRI_PSL_ALL_SECTIONS, "example.co.uk"));
    CHECK(psl_gives(iri_public_suffix, psl, "https://www.Example.CO.UK/a", IRI_PSL_ALL_SECTIONS, "co.uk"));
    CHECK(psl_gives(iri_registrable_domain, psl, "www.\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn",
                    IRI_PSL_ALL_SECTIONS, "\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn")); /* 食狮.公司.cn */
    CHECK(psl_gives(iri_registrable_domain, psl, "a.foo.github.io", IRI_PSL_ALL_SECTIONS, "foo.github.io"));
    CHECK(psl_gives(iri_registrable_domain, psl, "a.foo.github.io", IRI_PSL_ICANN_ONLY, "github.io"));
    CHECK(psl_gives(iri_registrable_domain, psl, "www.ck", IRI_PSL_ALL_SECTIONS, "www.ck")); /* !www.ck */
    CHECK(psl_gives(iri_registrable_domain, psl, "com", IRI_PSL_ALL_SECTIONS, NULL));
    CHECK(psl_gives(iri_public_suffix, psl, "com", IRI_PSL_ALL_SECTIONS, "com"));
    CHECK(psl_gives(iri_public_suffix, psl, "http://192.0.2.1/", IRI_PSL_ALL_SECTIONS, NULL));
    CHECK(psl_gives(iri_registrable_domain, psl, "", IRI_PSL_ALL_SECTIONS, NULL)); /* test_psl.txt's null */
    /* errors: a URL the URL Standard fails (its host, at byte 7), a bare host likewise (at byte 0), bad arguments */
    CHECK(iri_registrable_domain(psl, "http://exa mple.com/", 20, IRI_PSL_ALL_SECTIONS, &out, NULL, &e) ==
              IRI_E_URL_FAILURE &&
          out == NULL && e.offset == 7);
    CHECK(iri_registrable_domain(psl, "www.ex ample.com", 16, IRI_PSL_ALL_SECTIONS, &out, NULL, &e) ==
              IRI_E_URL_FAILURE &&
          e.offset == 0);
    /* the host a browser reads: "\\" ends a special URL's host; 0x7f.1 is an address; host:port is a host */
    CHECK(psl_gives(iri_registrable_domain, psl, "http://example.com\\a", IRI_PSL_ALL_SECTIONS, "example.com"));
    CHECK(psl_gives(iri_registrable_domain, psl, "http://0x7f.1/", IRI_PSL_ALL_SECTIONS, NULL));
    CHECK(psl_gives(iri_public_suffix, psl, "www.example.co.uk:80", IRI_PSL_ALL_SECTIONS, "co.uk"));
    CHECK(iri_registrable_domain(psl, "example.com", 11, 7, &out, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_registrable_domain(psl, NULL, 3, IRI_PSL_ALL_SECTIONS, &out, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    iri_psl_free(psl);
    /* the system's list, by NULL or loaded */
    CHECK(psl_gives(iri_registrable_domain, NULL, "www.example.co.uk", IRI_PSL_ALL_SECTIONS, "example.co.uk"));
    CHECK(iri_psl_load(NULL, &psl, &e) == IRI_OK && psl != NULL);
    CHECK(psl_gives(iri_public_suffix, psl, "a.b.c.kobe.jp", IRI_PSL_ALL_SECTIONS, "c.kobe.jp"));
    iri_psl_free(psl);
    /* a file that cannot be read is named */
    CHECK(iri_psl_load("no-such-list.dat", &psl, &e) == IRI_E_CANNOT_LOAD && psl == NULL);
    CHECK(strcmp(e.message, "no-such-list.dat: No such file or directory") == 0);
    CHECK(strcmp(iri_error_name(IRI_E_CANNOT_LOAD), "cannot_load") == 0);
    iri_psl_free(NULL);
}

/* ---- one spelling of a site, and Common Crawl's URL index columns (cc-index-schema-flat.json's examples) ---- */

/* iri_site of `in` gives `suffix` and `domain` (NULL: none). */
static int site_gives(const iri_psl* psl, const char* in, int form, const char* suffix, const char* domain) {
    char* s = NULL;
    char* d = NULL;
    iri_error e = IRI_ERROR_INIT;
    int ok = iri_site(psl, in, strlen(in), IRI_PSL_ALL_SECTIONS, form, &s, &d, &e) == IRI_OK &&
             (suffix == NULL ? s == NULL : s != NULL && strcmp(s, suffix) == 0) &&
             (domain == NULL ? d == NULL : d != NULL && strcmp(d, domain) == 0);
    if (!ok) printf("  %s -> %s %s (%s)\n", in, s ? s : "(null)", d ? d : "(null)", e.message);
    iri_free(s);
    iri_free(d);
    return ok;
}

/* The column `c` of `cols` is `expected` (NULL: null). */
static int column_is(const iri_index_columns* cols, int c, const char* expected) {
    const iri_string_view v = cols->columns[c];
    int ok = expected == NULL
                 ? v.data == NULL
                 : v.data != NULL && v.length == strlen(expected) && memcmp(v.data, expected, v.length) == 0;
    if (!ok) printf("  %s: %.*s\n", iri_index_column_name(c), (int)v.length, v.data ? v.data : "(null)");
    return ok;
}

static void test_site_and_index_columns(void) {
    iri_psl* psl = NULL;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_psl_load(IRI_SOURCE_DIR "/tests/crawl/public_suffix_list.dat", &psl, &e) == IRI_OK && psl != NULL);
    /* 食狮.公司.cn spelled three ways; a final dot kept only in the input's spelling */
    const char* u = "www.\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn";
    CHECK(site_gives(psl, u, IRI_HOST_FORM_INPUT, "\xE5\x85\xAC\xE5\x8F\xB8.cn",
                     "\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn"));
    CHECK(site_gives(psl, u, IRI_HOST_FORM_ASCII, "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"));
    CHECK(site_gives(psl, "http://www.xn--85x722f.xn--55qx5d.cn/", IRI_HOST_FORM_UNICODE, "\xE5\x85\xAC\xE5\x8F\xB8.cn",
                     "\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn"));
    CHECK(site_gives(psl, "www.example.co.uk.", IRI_HOST_FORM_INPUT, "co.uk.", "example.co.uk."));
    CHECK(site_gives(psl, "www.example.co.uk.", IRI_HOST_FORM_ASCII, "co.uk", "example.co.uk"));
    CHECK(site_gives(psl, "com", IRI_HOST_FORM_ASCII, "com", NULL));
    CHECK(site_gives(psl, "http://192.0.2.1/", IRI_HOST_FORM_ASCII, NULL, NULL));
    {
        char* s = NULL;
        CHECK(iri_site(psl, "a.example.com", 13, IRI_PSL_ALL_SECTIONS, IRI_HOST_FORM_ASCII, &s, NULL, &e) == IRI_OK &&
              s != NULL && strcmp(s, "com") == 0);
        iri_free(s);
        CHECK(iri_site(psl, "a.example.com", 13, IRI_PSL_ALL_SECTIONS, 3, &s, NULL, &e) == IRI_E_INVALID_ARGUMENT &&
              s == NULL);
        CHECK(iri_site(psl, "http://exa mple.com/", 20, IRI_PSL_ALL_SECTIONS, IRI_HOST_FORM_ASCII, &s, NULL, &e) ==
                  IRI_E_URL_FAILURE &&
              e.offset == 7);
    }

    CHECK(strcmp(iri_index_column_name(IRI_URL_SURTKEY), "url_surtkey") == 0);
    CHECK(strcmp(iri_index_column_name(IRI_URL_QUERY), "url_query") == 0);
    CHECK(iri_index_column_name(IRI_INDEX_COLUMN_COUNT) == NULL && iri_index_column_name(-1) == NULL);
    iri_index_row* row = NULL;
    CHECK(iri_index_row_new(&row, &e) == IRI_OK && row != NULL);
    iri_index_columns c = IRI_INDEX_COLUMNS_INIT;
    const char* url = "https://www.example.com/path/index.html";
    CHECK(iri_index_columns_of(psl, row, url, strlen(url), IRI_HOST_FORM_ASCII, &c, &e) == IRI_OK);
    CHECK(column_is(&c, IRI_URL_SURTKEY, "com,example)/path/index.html"));
    CHECK(column_is(&c, IRI_URL, url));
    CHECK(column_is(&c, IRI_URL_HOST_NAME, "www.example.com"));
    CHECK(column_is(&c, IRI_URL_HOST_TLD, "com"));
    CHECK(column_is(&c, IRI_URL_HOST_2ND_LAST_PART, "example"));
    CHECK(column_is(&c, IRI_URL_HOST_3RD_LAST_PART, "www"));
    CHECK(column_is(&c, IRI_URL_HOST_4TH_LAST_PART, NULL));
    CHECK(column_is(&c, IRI_URL_HOST_5TH_LAST_PART, NULL));
    CHECK(column_is(&c, IRI_URL_HOST_REGISTRY_SUFFIX, "com"));
    CHECK(column_is(&c, IRI_URL_HOST_REGISTERED_DOMAIN, "example.com"));
    CHECK(column_is(&c, IRI_URL_HOST_PRIVATE_SUFFIX, "com"));
    CHECK(column_is(&c, IRI_URL_HOST_PRIVATE_DOMAIN, "example.com"));
    CHECK(column_is(&c, IRI_URL_HOST_NAME_REVERSED, "com.example.www"));
    CHECK(column_is(&c, IRI_URL_PROTOCOL, "https"));
    CHECK(column_is(&c, IRI_URL_PORT, NULL) && c.port == -1);
    CHECK(column_is(&c, IRI_URL_PATH, "/path/index.html"));
    CHECK(column_is(&c, IRI_URL_QUERY, NULL));
    /* the same row again: a port written, a query, a private suffix, U-labels */
    url = "http://a.foo.github.io:8080/x?q=1";
    CHECK(iri_index_columns_of(psl, row, url, strlen(url), IRI_HOST_FORM_UNICODE, &c, &e) == IRI_OK);
    CHECK(column_is(&c, IRI_URL_PORT, "8080") && c.port == 8080);
    CHECK(column_is(&c, IRI_URL_QUERY, "q=1"));
    CHECK(column_is(&c, IRI_URL_HOST_REGISTRY_SUFFIX, "io"));
    CHECK(column_is(&c, IRI_URL_HOST_REGISTERED_DOMAIN, "github.io"));
    CHECK(column_is(&c, IRI_URL_HOST_PRIVATE_SUFFIX, "github.io"));
    CHECK(column_is(&c, IRI_URL_HOST_PRIVATE_DOMAIN, "foo.github.io"));
    url = "http://www.\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn/";
    CHECK(iri_index_columns_of(psl, row, url, strlen(url), IRI_HOST_FORM_UNICODE, &c, &e) == IRI_OK);
    CHECK(column_is(&c, IRI_URL_HOST_NAME, "www.\xE9\xA3\x9F\xE7\x8B\xAE.\xE5\x85\xAC\xE5\x8F\xB8.cn"));
    CHECK(iri_index_columns_of(psl, row, url, strlen(url), IRI_HOST_FORM_ASCII, &c, &e) == IRI_OK);
    CHECK(column_is(&c, IRI_URL_HOST_NAME, "www.xn--85x722f.xn--55qx5d.cn"));
    CHECK(column_is(&c, IRI_URL_HOST_REGISTERED_DOMAIN, "xn--85x722f.xn--55qx5d.cn"));
    /* a URL the URL Standard fails leaves every column null; the input form is no column spelling */
    CHECK(iri_index_columns_of(psl, row, "http://exa mple.com/", 20, IRI_HOST_FORM_ASCII, &c, &e) ==
              IRI_E_URL_FAILURE &&
          c.columns[IRI_URL].data == NULL && c.port == -1);
    CHECK(iri_index_columns_of(psl, row, "http://a/", 9, IRI_HOST_FORM_INPUT, &c, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_index_columns_of(psl, NULL, "http://a/", 9, IRI_HOST_FORM_ASCII, &c, &e) == IRI_E_INVALID_ARGUMENT);
    /* the system's list by NULL */
    CHECK(iri_index_columns_of(NULL, row, "http://a.b.c.kobe.jp/", 21, IRI_HOST_FORM_ASCII, &c, &e) == IRI_OK &&
          column_is(&c, IRI_URL_HOST_REGISTRY_SUFFIX, "c.kobe.jp"));
    iri_index_row_free(row);
    iri_index_row_free(NULL);
    iri_psl_free(psl);
}

int main(void) {
    test_names();
    test_parse();
    test_sized_error();
    test_resolve();
    test_relativize();
    test_normalize();
    test_normalize_defaults_and_as_uri();
    test_sized_structs();
    test_convert();
    test_hosts_and_charsets();
    test_percent();
    test_check();
    test_extract();
    test_reference_handle();
    test_resolver_handle();
    test_resolver_normal_forms();
    test_resolver_batch();
    test_crawl_keys();
    test_public_suffix();
    test_site_and_index_columns();
    return check_summary();
}
