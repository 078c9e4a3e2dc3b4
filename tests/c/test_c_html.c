/* The C API of links from HTML pages (iri_html_* in include/iri.h) from a C99 program: the links of a page with
 * their fields, options, the extractor reused, failures and bad arguments. The expected values are the HTML
 * Standard's (§13.2.5 the tokenizer, §4.2.3 the base element, §4.8.4.3.10 srcset) and the URL Standard's.
 * Prints "N passed, N failed". */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "iri.h"

static int is(iri_string_view v, const char* expected) {
    return v.data != NULL && v.length == strlen(expected) && memcmp(v.data, expected, v.length) == 0;
}

static const char page[] =
    "<base href=\"/docs/\"><a href=\"a.html?x=1&amp;y=2\" rel=nofollow>A</a>"
    "<img srcset=\"s.png 1x, l.png 2x\"><a href=\"http://[::1\">";

static void test_links(void) {
    iri_html_extractor* x = NULL;
    const iri_html_link* links = NULL;
    size_t count = 0;
    iri_error e = IRI_ERROR_INIT;
    CHECK(iri_html_extractor_make(&x, &e) == IRI_OK);
    CHECK(iri_html_links(x, page, strlen(page), "https://example.com/dir/page.html", 33, NULL, &links, &count, &e) ==
          IRI_OK);
    CHECK(count == 4);
    if (count == 4) {
        CHECK(is(links[0].url, "https://example.com/docs/a.html?x=1&y=2"));
        CHECK(links[0].status == IRI_OK);
        CHECK(is(links[0].element, "a"));
        CHECK(is(links[0].attribute, "href"));
        CHECK(is(links[0].raw, "a.html?x=1&amp;y=2"));
        CHECK(is(links[0].value, "a.html?x=1&y=2"));
        CHECK(links[0].offset == (uint32_t)(strstr(page, "a.html") - page));
        CHECK(is(links[0].rel, "nofollow"));
        CHECK(is(links[1].url, "https://example.com/docs/s.png"));
        CHECK(is(links[1].attribute, "srcset"));
        CHECK(is(links[2].url, "https://example.com/docs/l.png"));
        CHECK(links[3].status == IRI_E_URL_FAILURE);
        CHECK(links[3].url.length == 0);
        CHECK(is(links[3].value, "http://[::1"));
    }
    CHECK(is(iri_html_encoding(x), "UTF-8"));
    CHECK(is(iri_html_base_url(x), "https://example.com/docs/"));
    iri_html_extractor_free(x);
}

static void test_options_and_reuse(void) {
    iri_html_extractor* x = NULL;
    const iri_html_link* links = NULL;
    size_t count = 0;
    iri_error e = IRI_ERROR_INIT;
    iri_html_options o = IRI_HTML_OPTIONS_INIT;
    const char latin[] = "<a href=\"/caf\xE9\"><img src=i>";
    CHECK(iri_html_extractor_make(&x, &e) == IRI_OK);
    o.charset = "latin1";
    o.only = "a";
    CHECK(iri_html_links(x, latin, strlen(latin), "https://e.com/", 14, &o, &links, &count, &e) == IRI_OK);
    CHECK(count == 1 && is(links[0].value, "/caf\xC3\xA9") && is(links[0].url, "https://e.com/caf%C3%A9"));
    CHECK(is(iri_html_encoding(x), "windows-1252"));
    o = (iri_html_options)IRI_HTML_OPTIONS_INIT;
    o.scripting = 0;
    CHECK(iri_html_links(x, "<noscript><a href=n>", 20, "https://e.com/", 14, &o, &links, &count, &e) == IRI_OK);
    CHECK(count == 1 && is(links[0].url, "https://e.com/n"));
    o = (iri_html_options)IRI_HTML_OPTIONS_INIT;
    o.resolve = 0;
    CHECK(iri_html_links(x, "<a href=r>", 10, NULL, 0, &o, &links, &count, &e) == IRI_OK);
    CHECK(count == 1 && links[0].status == IRI_OK && links[0].url.length == 0 && is(links[0].value, "r"));
    iri_html_extractor_free(x);
}

static void test_failures(void) {
    iri_html_extractor* x = NULL;
    const iri_html_link* links = NULL;
    size_t count = 7;
    iri_error e = IRI_ERROR_INIT;
    iri_html_options bad = IRI_HTML_OPTIONS_INIT;
    CHECK(iri_html_extractor_make(&x, &e) == IRI_OK);
    CHECK(iri_html_links(x, "<a href=x>", 10, "not a url", 9, NULL, &links, &count, &e) == IRI_E_URL_FAILURE);
    CHECK(links == NULL && count == 0);
    CHECK(iri_html_links(NULL, "", 0, "https://e/", 10, NULL, &links, &count, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_html_links(x, NULL, 3, "https://e/", 10, NULL, &links, &count, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_html_links(x, "", 0, "https://e/", 10, NULL, NULL, &count, &e) == IRI_E_INVALID_ARGUMENT);
    bad.size = 0;
    CHECK(iri_html_links(x, "", 0, "https://e/", 10, &bad, &links, &count, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_html_extractor_make(NULL, &e) == IRI_E_INVALID_ARGUMENT);
    CHECK(iri_html_encoding(NULL).data == NULL);
    iri_html_extractor_free(x);
    iri_html_extractor_free(NULL);
}

int main(void) {
    test_links();
    test_options_and_reuse();
    test_failures();
    return check_summary();
}
