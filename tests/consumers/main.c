/* A C99 program that uses iri as a C consumer would (include/iri.h): the parsed-reference and resolver handles,
 * with the examples of docs/c-api.md. Built by scripts/consumer-tests.sh in every supported way. */
#include <iri.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(const char* got, size_t len, const char* want, const char* what) {
    if (got != NULL && len == strlen(want) && memcmp(got, want, len) == 0) return;
    printf("%s: got \"%.*s\", want \"%s\"\n", what, got ? (int)len : 6, got ? got : "(null)", want);
    ++failures;
}

static void expect_int(long got, long want, const char* what) {
    if (got == want) return;
    printf("%s: got %ld, want %ld\n", what, got, want);
    ++failures;
}

int main(void) {
    /* RFC 3986 §3.2.1-§3.2.3: an empty userinfo, an IPv6 literal, a port; an empty query is present */
    const char* s = "http://@[2001:db8::7]:8080/a?";
    iri_reference* r = NULL;
    iri_resolver* page = NULL;
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    iri_error e = IRI_ERROR_INIT;
    char buf[256];
    size_t n = 0;
    expect_int(iri_reference_parse(s, strlen(s), IRI_GRAMMAR_DEFAULT, &r, &e), IRI_OK, "reference_parse");
    expect(iri_reference_host(r).data, iri_reference_host(r).length, "[2001:db8::7]", "host");
    expect(iri_reference_userinfo(r).data, iri_reference_userinfo(r).length, "", "userinfo");
    expect_int(iri_reference_host_kind(r), IRI_HOST_IPV6, "host_kind");
    expect_int(iri_reference_port_number(r), 8080, "port_number");
    expect_int(iri_reference_has_query(r), 1, "has_query");
    expect_int(iri_reference_has_fragment(r), 0, "has_fragment");
    iri_reference_free(r);
    expect_int(iri_reference_parse("http://a b", 10, IRI_GRAMMAR_DEFAULT, &r, &e), IRI_E_DISALLOWED_CHARACTER,
               "reference_parse error");
    expect_int((long)e.offset, 8, "error offset");

    /* RFC 3986 §5.2 and §6.2: resolution, then normalization at the scheme rung */
    o.rung = IRI_RUNG_SCHEME;
    expect_int(iri_resolver_make("HTTP://Example.com/a/b.html", 27, IRI_GRAMMAR_DEFAULT, &o, 1, &page, &e), IRI_OK,
               "resolver_make");
    expect_int(iri_resolver_normalize(page, "../%7euser/./x?q", 16, buf, sizeof buf, &n, &e), IRI_OK, "normalize");
    expect(buf, n, "http://example.com/~user/x?q", "normalize");
    expect_int(iri_resolver_key(page, "//EXAMPLE.com:80", 16, buf, sizeof buf, &n, &e), IRI_OK, "key");
    expect(buf, n, "http://example.com/", "key");
    expect_int(iri_resolver_resolve(page, "../g", 4, buf, sizeof buf, &n, &e), IRI_OK, "resolve");
    expect(buf, n, "HTTP://Example.com/g", "resolve");
    expect_int(iri_resolver_resolve(page, "../g", 4, buf, 20, &n, &e), IRI_E_BUFFER_TOO_SMALL, "buffer too small");
    expect_int((long)n, 20, "needed length");
    iri_resolver_free(page);
    printf("%s\n", failures ? "c consumer: FAILED" : "c consumer: ok");
    return failures ? 1 : 0;
}
