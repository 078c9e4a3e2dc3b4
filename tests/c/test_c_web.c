/* The C API of the web's URLs (iri_web_* in include/iri.h, the WHATWG URL Standard) from a C99 program: parse with
 * and without a base, the getters, the setters, can_parse, failures and bad arguments. The expected values are the
 * Standard's (§4.4 the basic URL parser, §4.5 the serializer, §6.1 the URL class). Prints "N passed, N failed". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "iri.h"

/* True when the view holds exactly `expected`. */
static int is(iri_string_view v, const char* expected) {
    return v.data != NULL && v.length == strlen(expected) && memcmp(v.data, expected, v.length) == 0;
}

static iri_web_url* parse(const char* input, const iri_web_url* base) {
    iri_web_url* u = NULL;
    iri_error e = IRI_ERROR_INIT;
    if (iri_web_parse(input, strlen(input), base, &u, &e) != IRI_OK) printf("  %s: %s\n", input, e.message);
    return u;
}

static int set(int (*setter)(iri_web_url*, const char*, size_t, iri_error*), iri_web_url* u, const char* value) {
    iri_error e = IRI_ERROR_INIT;
    return setter(u, value, strlen(value), &e);
}

/* §4.4: the scheme and domain lower-cased, the default port dropped, "a/.." removed, the path's space
 * percent-encoded (path percent-encode set); the getters of §6.1. */
static void test_parse_and_getters(void) {
    iri_web_url* u = parse("HTTP://EXAMPLE.com:80/a/../b c?x#y", NULL);
    char* origin = NULL;
    size_t origin_len = 0;
    iri_error e = IRI_ERROR_INIT;
    CHECK(u != NULL);
    CHECK(is(iri_web_href(u), "http://example.com/b%20c?x#y"));
    CHECK(iri_web_href(u).data[iri_web_href(u).length] == '\0');
    CHECK(is(iri_web_protocol(u), "http:"));
    CHECK(is(iri_web_username(u), ""));
    CHECK(is(iri_web_password(u), ""));
    CHECK(is(iri_web_host(u), "example.com"));
    CHECK(is(iri_web_hostname(u), "example.com"));
    CHECK(is(iri_web_port(u), ""));
    CHECK(is(iri_web_pathname(u), "/b%20c"));
    CHECK(is(iri_web_search(u), "?x"));
    CHECK(is(iri_web_hash(u), "#y"));
    CHECK(iri_web_origin(u, &origin, &origin_len, &e) == IRI_OK);
    CHECK(origin != NULL && origin_len == 18 && strcmp(origin, "http://example.com") == 0);
    iri_free(origin);
    iri_web_free(u);

    /* An IPv6 host keeps its brackets in host and hostname; a port that is not the default is kept. */
    u = parse("https://user:pass@[0:0::1]:8443/p", NULL);
    CHECK(is(iri_web_href(u), "https://user:pass@[::1]:8443/p"));
    CHECK(is(iri_web_username(u), "user") && is(iri_web_password(u), "pass"));
    CHECK(is(iri_web_host(u), "[::1]:8443") && is(iri_web_hostname(u), "[::1]") && is(iri_web_port(u), "8443"));
    iri_web_free(u);

    /* (pointer, length): an embedded NUL is a C0 control, percent-encoded in a path. */
    {
        iri_web_url* n = NULL;
        CHECK(iri_web_parse("http://a/\0b", 11, NULL, &n, NULL) == IRI_OK);
        CHECK(is(iri_web_href(n), "http://a/%00b"));
        iri_web_free(n);
    }
}

/* Against a base: "\" is a path separator of a special URL; "//h/p" keeps the base's scheme only. */
static void test_base_and_can_parse(void) {
    iri_web_url* base = parse("https://example.org/dir/page.html", NULL);
    iri_web_url* u = parse("..\\x", base);
    CHECK(is(iri_web_href(u), "https://example.org/x"));
    iri_web_free(u);
    u = parse("//h/p", base);
    CHECK(is(iri_web_href(u), "https://h/p"));
    iri_web_free(u);
    CHECK(iri_web_can_parse("//h/p", 5, base) == 1);
    CHECK(iri_web_can_parse("//h/p", 5, NULL) == 0); /* no scheme and no base: missing-scheme-non-relative-URL */
    CHECK(iri_web_can_parse("http://[::1", 11, NULL) == 0);
    CHECK(iri_web_can_parse(NULL, 3, NULL) == 0);
    CHECK(iri_web_can_parse(NULL, 0, base) == 1); /* "" against a base is the base without its fragment */
    iri_web_free(base);
}

/* A failure: IRI_E_URL_FAILURE, no handle, the message naming the validation error (§4.4 port state: a port
 * above 65535 is port-out-of-range). */
static void test_failure(void) {
    iri_web_url* u = (iri_web_url*)&passed; /* set to NULL by the call */
    iri_error e = IRI_ERROR_INIT;
    const char* in = "http://example.org:65536/";
    CHECK(iri_web_parse(in, strlen(in), NULL, &u, &e) == IRI_E_URL_FAILURE);
    CHECK(u == NULL);
    CHECK(e.code == IRI_E_URL_FAILURE);
    CHECK(strstr(e.message, "port-out-of-range") != NULL);
    CHECK(strcmp(iri_error_name(IRI_E_URL_FAILURE), "url_failure") == 0);
    CHECK(iri_web_parse(NULL, 1, NULL, &u, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_web_parse("a", 1, NULL, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_web_href(NULL).data == NULL && iri_web_pathname(NULL).data == NULL);
    CHECK(iri_web_set_port(NULL, "1", 1, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_web_origin(NULL, NULL, NULL, &e) == IRI_E_INVALID_ARGUMENT);
    iri_web_free(NULL);
}

/* The setters of §6.1, each a basic URL parse with a state override. */
static void test_setters(void) {
    iri_web_url* u = parse("ftp://u@h/", NULL);
    iri_error e = IRI_ERROR_INIT;
    CHECK(set(iri_web_set_protocol, u, "http") == IRI_OK); /* special to special */
    CHECK(is(iri_web_href(u), "http://u@h/"));
    CHECK(set(iri_web_set_protocol, u, "mailto") == IRI_OK); /* special to not special: ignored */
    CHECK(is(iri_web_href(u), "http://u@h/"));
    CHECK(set(iri_web_set_username, u, "") == IRI_OK);
    CHECK(set(iri_web_set_password, u, "p w") == IRI_OK); /* userinfo percent-encode set: the space */
    CHECK(is(iri_web_href(u), "http://:p%20w@h/"));
    CHECK(set(iri_web_set_password, u, "") == IRI_OK);
    CHECK(is(iri_web_href(u), "http://h/"));
    CHECK(set(iri_web_set_host, u, "example.net:81") == IRI_OK);
    CHECK(set(iri_web_set_hostname, u, "X.test") == IRI_OK);
    CHECK(is(iri_web_host(u), "x.test:81"));
    CHECK(set(iri_web_set_port, u, "80") == IRI_OK); /* http's default port: null */
    CHECK(is(iri_web_host(u), "x.test") && is(iri_web_port(u), ""));
    CHECK(set(iri_web_set_port, u, "8080") == IRI_OK);
    CHECK(set(iri_web_set_port, u, "none") == IRI_OK); /* not a port: ignored */
    CHECK(is(iri_web_port(u), "8080"));
    CHECK(set(iri_web_set_pathname, u, "/p q") == IRI_OK);
    CHECK(set(iri_web_set_search, u, "a b") == IRI_OK); /* a "?" is added; special-query set: the space */
    CHECK(set(iri_web_set_hash, u, "f") == IRI_OK);
    CHECK(is(iri_web_href(u), "http://x.test:8080/p%20q?a%20b#f"));
    CHECK(set(iri_web_set_search, u, "") == IRI_OK);
    CHECK(set(iri_web_set_hash, u, "") == IRI_OK);
    CHECK(is(iri_web_href(u), "http://x.test:8080/p%20q"));
    CHECK(iri_web_set_href(u, "not a URL", 9, &e) == IRI_E_URL_FAILURE);
    CHECK(is(iri_web_href(u), "http://x.test:8080/p%20q"));    /* unchanged */
    CHECK(set(iri_web_set_href, u, "file:///C|/x") == IRI_OK); /* a Windows drive letter's "|" is ":" */
    CHECK(is(iri_web_href(u), "file:///C:/x"));
    CHECK(is(iri_web_host(u), ""));
    iri_web_free(u);
}

int main(void) {
    test_parse_and_getters();
    test_base_and_can_parse();
    test_failure();
    test_setters();
    return check_summary();
}
