// A program that uses iri as a consumer would: parses, resolves, normalizes and converts (the last through ICU,
// so a static link must bring ICU along). Built by scripts/consumer-tests.sh in every supported way.
#include <iri.hpp>

#include <cstdio>
#include <string>

namespace {

int failures = 0;

void expect(const std::string& got, const char* want, const char* what) {
    if (got == want) return;
    std::printf("%s: got \"%s\", want \"%s\"\n", what, got.c_str(), want);
    ++failures;
}

}  // namespace

int main() {
    // RFC 3986 §3.2.2 and §5.4.1, RFC 3987 §5.3.3, 3987bis §3.4.2 (the README's examples).
    auto r = iri::reference::parse("http://[2001:db8::7]:8080/c=GB?objectClass?one");
    expect(r ? std::string(r->host()) : "error", "[2001:db8::7]", "parse");
    auto t = iri::resolve("http://a/b/c/d;p?q", "../g");
    expect(t ? t->str() : "error", "http://a/b/g", "resolve");
    auto n = iri::normalize("HTTP://Example.COM:80/%7euser", iri::grammar::iri, {.rung = iri::rung::scheme});
    expect(n ? *n : "error", "http://example.com/~user", "normalize");
    auto u = iri::to_uri("http://résumé.example.org/rosé", iri::grammar::iri, {.host = iri::host_mapping::idna});
    expect(u ? *u : "error", "http://xn--rsum-bpad.example.org/ros%C3%A9", "to_uri");
    auto bad = iri::parse("http://a b/", iri::grammar::uri);
    expect(bad ? "valid" : std::to_string(bad.error().offset), "8", "error offset");
    std::printf("%s\n", failures ? "consumer: FAILED" : "consumer: ok");
    return failures ? 1 : 0;
}
