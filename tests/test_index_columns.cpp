// Common Crawl's URL index columns (iri/index_columns.hpp) on the schema's own examples
// (commoncrawl/cc-index-table src/main/resources/schema/cc-index-schema-flat.json, each column's "example") and on
// cc-index-table's tests of HostName (src/test/java/org/commoncrawl/net/TestURL.java), against the pinned list.
#define BOOST_TEST_MODULE index_columns
#include <boost/test/unit_test.hpp>

#include "iri/index_columns.hpp"

#include <map>
#include <string>

namespace {

using iri::crawl::index_column;
using iri::crawl::public_suffix_list;

const public_suffix_list& pinned() {
    static const auto loaded =
        public_suffix_list::load_file(std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat");
    BOOST_TEST_REQUIRE(loaded.error.empty(), loaded.error);
    return *loaded.list;
}

// The columns of `url` by name, "null" for null.
std::map<std::string, std::string> columns(const std::string& url,
                                           iri::crawl::host_form form = iri::crawl::host_form::ascii) {
    const auto row = iri::crawl::index_columns(url, pinned(), {.form = form});
    BOOST_TEST_REQUIRE(row.has_value(), url << ": " << (row ? std::string() : row.error().message()));
    std::map<std::string, std::string> m;
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        const auto c = static_cast<index_column>(i);
        const auto v = (*row)[c];
        m[iri::crawl::name(c)] = v ? std::string(*v) : "null";
        BOOST_TEST((v.has_value() || iri::crawl::nullable(c)), url << ": " << iri::crawl::name(c) << " is null");
    }
    return m;
}

}  // namespace

// The schema's examples: https://www.example.com/path/index.html gives the key com,example)/path/index.html, the
// host www.example.com, its parts com, example, www, the domain example.com, the reversed host com.example.www, the
// protocol https, the path /path/index.html; no port written, no query.
BOOST_AUTO_TEST_CASE(schema_example_url) {
    const auto m = columns("https://www.example.com/path/index.html");
    const std::map<std::string, std::string> expected{
        {"url_surtkey", "com,example)/path/index.html"},
        {"url", "https://www.example.com/path/index.html"},
        {"url_host_name", "www.example.com"},
        {"url_host_tld", "com"},
        {"url_host_2nd_last_part", "example"},
        {"url_host_3rd_last_part", "www"},
        {"url_host_4th_last_part", "null"},
        {"url_host_5th_last_part", "null"},
        {"url_host_registry_suffix", "com"},
        {"url_host_registered_domain", "example.com"},
        {"url_host_private_suffix", "com"},
        {"url_host_private_domain", "example.com"},
        {"url_host_name_reversed", "com.example.www"},
        {"url_protocol", "https"},
        {"url_port", "null"},
        {"url_path", "/path/index.html"},
        {"url_query", "null"},
    };
    BOOST_TEST(m.size() == 17u);
    for (const auto& [name, value] : expected) BOOST_TEST(m.at(name) == value, name);
}

// "co for bbc.co.uk", "example.com, bbc.co.uk" (registered domains), "com, co.uk" (registry suffixes); the 4th and
// 5th last parts: "host1 for host1.subdomain.example.com", "host1 for host1.sub2.subdomain.example.com".
BOOST_AUTO_TEST_CASE(schema_example_hosts) {
    const auto bbc = columns("http://www.bbc.co.uk/");
    BOOST_TEST(bbc.at("url_host_2nd_last_part") == "co");
    BOOST_TEST(bbc.at("url_host_registry_suffix") == "co.uk");
    BOOST_TEST(bbc.at("url_host_registered_domain") == "bbc.co.uk");
    BOOST_TEST(bbc.at("url_host_name_reversed") == "uk.co.bbc.www");
    BOOST_TEST(columns("http://host1.subdomain.example.com/").at("url_host_4th_last_part") == "host1");
    const auto five = columns("http://host1.sub2.subdomain.example.com/");
    BOOST_TEST(five.at("url_host_5th_last_part") == "host1");
    BOOST_TEST(five.at("url_host_4th_last_part") == "sub2");
}

// The private suffixes: "s3.amazonaws.com or blogspot.com", "mypublicbucket.s3.amazonaws.com or
// myblog.blogspot.com"; TestURL.testPrivateDomain: myblog.blogspot.com's domain under the registry suffix is
// blogspot.com.
BOOST_AUTO_TEST_CASE(schema_example_private_suffixes) {
    const auto blog = columns("https://myblog.blogspot.com/");
    BOOST_TEST(blog.at("url_host_private_suffix") == "blogspot.com");
    BOOST_TEST(blog.at("url_host_private_domain") == "myblog.blogspot.com");
    BOOST_TEST(blog.at("url_host_registry_suffix") == "com");
    BOOST_TEST(blog.at("url_host_registered_domain") == "blogspot.com");
    const auto bucket = columns("https://mypublicbucket.s3.amazonaws.com/a.txt");
    BOOST_TEST(bucket.at("url_host_private_suffix") == "s3.amazonaws.com");
    BOOST_TEST(bucket.at("url_host_private_domain") == "mypublicbucket.s3.amazonaws.com");
    BOOST_TEST(bucket.at("url_host_registry_suffix") == "com");
    BOOST_TEST(bucket.at("url_host_registered_domain") == "amazonaws.com");
}

// url_port "8443" (written), url_query "q=abc&lang=en for .../search?q=abc&lang=en".
BOOST_AUTO_TEST_CASE(schema_example_port_and_query) {
    const auto m = columns("https://www.example.com:8443/search?q=abc&lang=en");
    BOOST_TEST(m.at("url_port") == "8443");
    BOOST_TEST(m.at("url_query") == "q=abc&lang=en");
    BOOST_TEST(m.at("url_surtkey") == "com,example:8443)/search?lang=en&q=abc");
    const auto row = iri::crawl::index_columns("https://www.example.com:8443/", pinned());
    BOOST_TEST_REQUIRE(row.has_value());
    BOOST_TEST(row->port().value_or(0) == 8443);
    // A port the URL writes is url_port even when it is the scheme's default, which the URL Standard drops from the
    // URL: java.net.URL's getPort(), what Common Crawl's column holds ("null if not explicitly specified").
    BOOST_TEST(columns("https://example.com:443/").at("url_port") == "443");
    BOOST_TEST(columns("http://example.com:080/").at("url_port") == "80");
    BOOST_TEST(columns("HTTP:\\\\u:p@ex\tample.com:8\n0\\x").at("url_port") == "80");  // backslashes, userinfo, tabs
    BOOST_TEST(columns("http:example.com:80").at("url_port") == "80");
    BOOST_TEST(columns("ws://[::1]:80/").at("url_port") == "80");
    BOOST_TEST(columns("ftp://u:21@example.com/").at("url_port") == "null");  // ":21" in the userinfo
    BOOST_TEST(columns("http://example.com:/").at("url_port") == "null");     // ":" without digits
    BOOST_TEST(columns("http://example.com/a:80").at("url_port") == "null");
    BOOST_TEST(columns("https://example.com:443/").at("url_surtkey") == "com,example)/");
    BOOST_TEST(columns("https://example.com/?").at("url_query") == "");  // a lone "?": the empty query
}

// TestURL.testIPAddress: an IPv4 host has no domain, no registry suffix and no reversed host; the host name is the
// address. An IPv6 host likewise, in brackets; 0x7f.1 is the address 127.0.0.1 (URL Standard §3.5).
BOOST_AUTO_TEST_CASE(ip_address_hosts) {
    for (const auto& [url, host] :
         std::map<std::string, std::string>{{"http://123.123.123.123/index.html", "123.123.123.123"},
                                            {"http://0x7f.1/", "127.0.0.1"},
                                            {"http://[2001:db8::1]:8080/", "[2001:db8::1]"}}) {
        const auto m = columns(url);
        BOOST_TEST(m.at("url_host_name") == host, url);
        for (const char* none :
             {"url_host_tld", "url_host_2nd_last_part", "url_host_registry_suffix", "url_host_registered_domain",
              "url_host_private_suffix", "url_host_private_domain", "url_host_name_reversed"})
            BOOST_TEST(m.at(none) == "null", url << " " << none);
    }
}

// TestURL.testInvalidDomainName: example.invalid has no registry suffix and no domain (no rule, and no implicit
// "*"), but its reversed host begins "invalid".
BOOST_AUTO_TEST_CASE(unlisted_top_level_label) {
    const auto m = columns("http://example.invalid/");
    BOOST_TEST(m.at("url_host_registry_suffix") == "null");
    BOOST_TEST(m.at("url_host_registered_domain") == "null");
    BOOST_TEST(m.at("url_host_private_suffix") == "null");
    BOOST_TEST(m.at("url_host_tld") == "invalid");
    BOOST_TEST(m.at("url_host_name_reversed") == "invalid.example");
}

// HostName: a name in A-labels (IDN.toASCII), its final dot dropped; U-labels on request.
BOOST_AUTO_TEST_CASE(host_spellings) {
    const auto a = columns("http://www.例え.jp./");
    BOOST_TEST(a.at("url_host_name") == "www.xn--r8jz45g.jp");
    BOOST_TEST(a.at("url_host_registered_domain") == "xn--r8jz45g.jp");
    BOOST_TEST(a.at("url_host_2nd_last_part") == "xn--r8jz45g");
    const auto u = columns("http://www.xn--r8jz45g.jp/", iri::crawl::host_form::unicode);
    BOOST_TEST(u.at("url_host_name") == "www.例え.jp");
    BOOST_TEST(u.at("url_host_registered_domain") == "例え.jp");
    BOOST_TEST(u.at("url_host_2nd_last_part") == "例え");
    BOOST_TEST(u.at("url_host_name_reversed") == "jp.例え.www");
    // An opaque host is kept as written by the URL Standard and lowercased as Java does: its "XN--" label is an
    // A-label like any other.
    const auto opaque = columns("foo://WWW.XN--R8JZ45G.JP/", iri::crawl::host_form::unicode);
    BOOST_TEST(opaque.at("url_host_name") == "www.例え.jp");
    BOOST_TEST(opaque.at("url_host_2nd_last_part") == "例え");
}

// A URL the URL Standard reads: "\" ends a special URL's host; a URL without a host has the host name "".
BOOST_AUTO_TEST_CASE(urls_as_browsers_read_them) {
    const auto m = columns("HTTP://Example.COM\\a b?x#f");
    BOOST_TEST(m.at("url_host_name") == "example.com");
    BOOST_TEST(m.at("url_protocol") == "http");
    BOOST_TEST(m.at("url_path") == "/a%20b");
    BOOST_TEST(m.at("url_query") == "x");
    const auto mail = columns("mailto:a@example.com");
    BOOST_TEST(mail.at("url_host_name") == "");
    BOOST_TEST(mail.at("url_host_tld") == "null");
    BOOST_TEST(mail.at("url_protocol") == "mailto");
    BOOST_TEST(mail.at("url_path") == "a@example.com");
    const auto bad = iri::crawl::index_columns("http://exa mple.com/", pinned());
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST((bad.error().code == iri::errc::url_failure));
}

// The names, descriptions and nullability are the schema's, in its order; a row is reused.
BOOST_AUTO_TEST_CASE(schema_and_reuse) {
    BOOST_TEST(iri::crawl::name(index_column::url_surtkey) == std::string("url_surtkey"));
    BOOST_TEST(iri::crawl::description(index_column::url_host_name_reversed) ==
               std::string("Hostname, excluding IP addresses, in reverse domain name notation"));
    BOOST_TEST(!iri::crawl::nullable(index_column::url_path));
    BOOST_TEST(iri::crawl::nullable(index_column::url_port));
    index_column c{};
    BOOST_TEST(iri::crawl::find_index_column("url_query", c));
    BOOST_TEST((c == index_column::url_query));
    BOOST_TEST(!iri::crawl::find_index_column("fetch_time", c));
    iri::crawl::index_row row;
    BOOST_TEST(iri::crawl::index_columns_into(row, "http://a.example.co.uk/x", pinned()).has_value());
    BOOST_TEST(row[index_column::url_host_registered_domain].value_or("") == "example.co.uk");
    BOOST_TEST(iri::crawl::index_columns_into(row, "http://b.org/", pinned()).has_value());
    BOOST_TEST(row[index_column::url_host_registered_domain].value_or("") == "b.org");
    BOOST_TEST(!row[index_column::url_query].has_value());
}
