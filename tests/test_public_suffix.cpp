#define BOOST_TEST_MODULE public_suffix
#include <boost/test/unit_test.hpp>

#include "iri/public_suffix.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "iri/web.hpp"
#include "support/datasets.hpp"
#include "support/printing.hpp"

namespace {

using iri::crawl::psl_sections;
using iri::crawl::public_suffix_list;

const std::string pinned_list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";

// The pinned list (tests/crawl/README.md: Debian's publicsuffix 20230209.2326-1), loaded once for the tests.
const public_suffix_list& pinned() {
    static const auto loaded = public_suffix_list::load_file(pinned_list);
    BOOST_TEST_REQUIRE(loaded.error.empty(), loaded.error);
    BOOST_TEST_REQUIRE(loaded.list.has_value());
    return *loaded.list;
}

// An answer as test_psl.txt writes it: the string, or "null".
std::string shown(const std::optional<std::string>& s) { return s ? *s : "null"; }

struct psl_case {
    std::optional<std::string> input, expected;
    std::string line;
};

// One argument of checkPublicSuffix: null or a '...' string.
std::optional<std::string> argument(const std::string& text) {
    if (text == "null") return std::nullopt;
    return text.substr(1, text.size() - 2);
}

// The two arguments of a line "checkPublicSuffix(A, B);", each null or a '...' string without a quote inside;
// false for a line of another form.
bool check_arguments(const std::string& line, std::string& a, std::string& b) {
    const std::string head = "checkPublicSuffix(", tail = ");";
    if (!line.starts_with(head) || !line.ends_with(tail) || line.size() < head.size() + tail.size()) return false;
    const std::string inner = line.substr(head.size(), line.size() - head.size() - tail.size());
    const auto is_argument = [](const std::string& s) {
        return s == "null" || (s.size() >= 2 && s.front() == '\'' && s.find('\'', 1) == s.size() - 1);
    };
    std::size_t end = inner.starts_with("null") ? 4 : std::string::npos;
    if (inner.starts_with("'")) end = inner.find('\'', 1) == std::string::npos ? end : inner.find('\'', 1) + 1;
    if (end == std::string::npos || inner.compare(end, 2, ", ") != 0) return false;
    a = inner.substr(0, end);
    b = inner.substr(end + 2);
    return is_argument(a) && is_argument(b);
}

// Every checkPublicSuffix(input, expected) line of test_psl.txt; commented-out lines ("//checkPublicSuffix") are the
// file's comments.
std::vector<psl_case> test_psl_cases() {
    std::ifstream in(std::string(IRI_SOURCE_DIR) + "/tests/crawl/test_psl.txt");
    BOOST_TEST_REQUIRE(in.good());
    std::vector<psl_case> cases;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("checkPublicSuffix", 0) != 0) continue;
        std::string a, b;
        BOOST_TEST_REQUIRE(check_arguments(line, a, b), line);
        cases.push_back({argument(a), argument(b), line});
    }
    return cases;
}

}  // namespace

// publicsuffix/list tests/test_psl.txt, every case, against the list of the same date (tests/crawl/README.md). A
// null input is the absent host: the empty one.
BOOST_AUTO_TEST_CASE(test_psl_txt) {
    const auto cases = test_psl_cases();
    BOOST_TEST(cases.size() == 78u);  // the file's checkPublicSuffix lines
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.line) {
            BOOST_TEST(shown(pinned().registrable_domain(c.input.value_or(""))) == shown(c.expected));
        }
    }
}

// The public suffix, by the list's formal algorithm: the prevailing rule (an exception's minus its leftmost label,
// else the longest match, else "*"), in the input's form, lowercased.
BOOST_AUTO_TEST_CASE(public_suffixes) {
    const auto& psl = pinned();
    BOOST_TEST(shown(psl.public_suffix("www.example.co.uk")) == "co.uk");
    BOOST_TEST(shown(psl.public_suffix("WWW.Example.COM")) == "com");
    BOOST_TEST(shown(psl.public_suffix("COM")) == "com");
    BOOST_TEST(shown(psl.public_suffix("example")) == "example");  // unlisted: the implicit "*"
    BOOST_TEST(shown(psl.public_suffix("a.b.example")) == "example");
    BOOST_TEST(shown(psl.public_suffix("b.c.mm")) == "c.mm");    // *.mm
    BOOST_TEST(shown(psl.public_suffix("www.www.ck")) == "ck");  // !www.ck under *.ck
    BOOST_TEST(shown(psl.public_suffix("www.ck")) == "ck");
    BOOST_TEST(shown(psl.public_suffix("www.食狮.公司.cn")) == "公司.cn");  // Unicode in, Unicode out
    BOOST_TEST(shown(psl.public_suffix("www.xn--85x722f.xn--55qx5d.cn")) == "xn--55qx5d.cn");
    BOOST_TEST(shown(psl.public_suffix("食狮.中国")) == "中国");
    BOOST_TEST(shown(psl.public_suffix("WWW.食狮.公司.CN")) == "公司.cn");  // UTS #46 maps the case
    BOOST_TEST(shown(psl.public_suffix("_dmarc.example.com")) == "com");
    BOOST_TEST(shown(psl.registrable_domain("_dmarc.example.com")) == "example.com");
}

// Both sections count by default; icann_only leaves the private one out ("github.io" is a private rule, "io" an
// ICANN one).
BOOST_AUTO_TEST_CASE(sections) {
    const auto& psl = pinned();
    BOOST_TEST(shown(psl.public_suffix("foo.github.io")) == "github.io");
    BOOST_TEST(shown(psl.registrable_domain("foo.github.io")) == "foo.github.io");
    BOOST_TEST(shown(psl.public_suffix("foo.github.io", psl_sections::icann_only)) == "io");
    BOOST_TEST(shown(psl.registrable_domain("foo.github.io", psl_sections::icann_only)) == "github.io");
    BOOST_TEST(shown(psl.registrable_domain("www.example.co.uk", psl_sections::icann_only)) == "example.co.uk");
    // libpsl makes "platformsh.site" public because "*.platformsh.site" is listed (a private rule).
    BOOST_TEST(shown(psl.registrable_domain("platformsh.site")) == "null");
    BOOST_TEST(shown(psl.registrable_domain("a.b.platformsh.site")) == "a.b.platformsh.site");
    BOOST_TEST(shown(psl.registrable_domain("platformsh.site", psl_sections::icann_only)) == "platformsh.site");
}

// Hosts that are no domain answer none: addresses (the URL Standard's host public suffix is null for them), hosts
// whose last label is a number (§3.5 "ends in a number": an IPv4 address, or no host), empty labels, names longer
// than DNS allows. One final dot is kept off the lookup and put back.
BOOST_AUTO_TEST_CASE(hosts_without_answers) {
    const auto& psl = pinned();
    for (const std::string& host : std::vector<std::string>{
             "", ".", "192.0.2.1", "192.0.2.1.", "[::1]", "[2001:db8::1]", ".example.com", "a..example.com",
             "example.com..", "..", std::string(64, 'a') + ".com", std::string(250, 'a') + ".com", "0x7f.1",
             "example.0x1F", "1.2.3.256", "a.0x", "example.123."}) {
        BOOST_TEST_CONTEXT(host) {
            const auto r = psl.lookup(host);
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST(shown(r->public_suffix) == "null");
            BOOST_TEST(shown(r->registrable_domain) == "null");
        }
    }
    // 63 octets in a label and 253 in the name are allowed (RFC 1035 §2.3.4).
    const std::string label63(63, 'a');
    BOOST_TEST(shown(psl.registrable_domain(label63 + ".com")) == label63 + ".com");
    const std::string name253 = label63 + "." + label63 + "." + label63 + "." + std::string(57, 'b') + ".com";
    BOOST_TEST(name253.size() == 253u);
    BOOST_TEST(shown(psl.registrable_domain(name253)) == std::string(57, 'b') + ".com");
    // A last label that only looks like a number is a name: "0x1g" is no IPv4 number, "1a" neither.
    BOOST_TEST(shown(psl.registrable_domain("a.b.0x1g")) == "b.0x1g");
    BOOST_TEST(shown(psl.registrable_domain("example.1a")) == "example.1a");
    // The final dot of a fully qualified name.
    const auto fqdn = psl.lookup("www.Example.co.uk.");
    BOOST_TEST_REQUIRE(fqdn.has_value());
    BOOST_TEST(shown(fqdn->public_suffix) == "co.uk.");
    BOOST_TEST(shown(fqdn->registrable_domain) == "example.co.uk.");
    BOOST_TEST(shown(psl.registrable_domain("com.")) == "null");
}

// A host UTS #46 refuses is an error at its failing label; the lone-answer functions give none for it.
BOOST_AUTO_TEST_CASE(refused_hosts) {
    const auto& psl = pinned();
    const auto space = psl.lookup("www.ex ample.com");
    BOOST_TEST_REQUIRE(!space.has_value());
    BOOST_TEST(space.error().code == iri::errc::idna_failed);
    BOOST_TEST(space.error().char_offset == 4u);  // the label "ex ample"
    BOOST_TEST(space.error().length == 8u);
    BOOST_TEST(shown(psl.registrable_domain("www.ex ample.com")) == "null");
    const auto utf8 = psl.lookup("a.\xff.com");  // not UTF-8
    BOOST_TEST_REQUIRE(!utf8.has_value());
    // Any bytes, long ones too, answer at once: a megabyte of labels, and a megabyte that is not ASCII.
    std::string labels;
    while (labels.size() < (1u << 20)) labels += "a.";
    labels += "com";
    BOOST_TEST(psl.lookup(labels).has_value());
    BOOST_TEST(shown(psl.registrable_domain(labels)) == "null");
    std::string unicode;
    while (unicode.size() < (1u << 20)) unicode += "é.";
    BOOST_TEST(!psl.lookup(unicode).has_value());
}

// An absolute URL or IRI answers for its host; other input is a host.
BOOST_AUTO_TEST_CASE(urls_and_hosts) {
    const auto& psl = pinned();
    const auto url = psl.lookup_url_or_host("https://user@WWW.Example.co.uk:8080/p?q#f");
    BOOST_TEST_REQUIRE(url.has_value());
    BOOST_TEST(shown(url->public_suffix) == "co.uk");
    BOOST_TEST(shown(url->registrable_domain) == "example.co.uk");
    const auto iri = psl.lookup_url_or_host("http://www.食狮.公司.cn/引き割り");
    BOOST_TEST_REQUIRE(iri.has_value());
    BOOST_TEST(shown(iri->registrable_domain) == "食狮.公司.cn");
    const auto host = psl.lookup_url_or_host("www.example.com");
    BOOST_TEST_REQUIRE(host.has_value());
    BOOST_TEST(shown(host->registrable_domain) == "example.com");
    for (const char* none : {"http://192.0.2.1/", "http://[::1]:80/", "mailto:a@example.com", "file:///a/b", "[::1]",
                             "http://0x7f.1/", "0x7f.1", "192.0.2.1:80", "data:text/plain,a.com", "urn:isbn:1"}) {
        BOOST_TEST_CONTEXT(none) {
            const auto r = psl.lookup_url_or_host(none);
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST(shown(r->registrable_domain) == "null");
            BOOST_TEST(shown(r->public_suffix) == "null");
        }
    }
    // "localhost:8080" is a host and a port: the bare host "localhost", public by the implicit "*" rule.
    const auto local = psl.lookup_url_or_host("localhost:8080");
    BOOST_TEST_REQUIRE(local.has_value());
    BOOST_TEST(shown(local->public_suffix) == "localhost");
    BOOST_TEST(shown(local->registrable_domain) == "null");
    // A URL the URL Standard fails: its failure, at the host (byte 7); a bare host likewise, its offset into the
    // input (byte 0: the host begins the input).
    const auto bad = psl.lookup_url_or_host("http://exa mple.com/");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().code == iri::errc::url_failure);
    BOOST_TEST(bad.error().offset == 7u);
    const auto refused = psl.lookup_url_or_host("www.ex%20ample.com/");
    BOOST_TEST_REQUIRE(!refused.has_value());
    BOOST_TEST(refused.error().code == iri::errc::url_failure);
    BOOST_TEST(refused.error().offset == 0u);
    const auto network_path = psl.lookup_url_or_host("//exa mple.com/");
    BOOST_TEST_REQUIRE(!network_path.has_value());
    BOOST_TEST(network_path.error().offset == 2u);
}

// The host a browser reads (issue 38): the URL Standard's parse of the URL, or of a bare host as an http: URL's.
BOOST_AUTO_TEST_CASE(the_host_a_browser_reads) {
    const auto& psl = pinned();
    struct row {
        const char *input, *host, *suffix, *domain;
    };
    for (const row& r : std::vector<row>{
             // A special URL's "\" ends the host like "/" (§4.4 authority state): the host is example.com.
             {"http://example.com\\a", "example.com", "com", "example.com"},
             // A space after the host is percent-encoded in the path (§4.4 path state): the URL is valid.
             {"https://sub.example.com/a b", "sub.example.com", "com", "example.com"},
             // "0x7f.1" is an IPv4 address (§3.5 IPv4 parser: 0x7F, then 1 filling three octets).
             {"http://0x7f.1/", "127.0.0.1", "null", "null"},
             // Bare hosts: host, host:port, host/path, //host/path, user@host.
             {"www.example.co.uk:80", "www.example.co.uk", "co.uk", "example.co.uk"},
             {"example.com/path", "example.com", "com", "example.com"},
             {"//a.example.com/x", "a.example.com", "com", "example.com"},
             {"user@www.example.org:8080/x?y#z", "www.example.org", "org", "example.org"},
             {"  WWW.Example.COM  ", "www.example.com", "com", "example.com"},
             // Percent-encoded octets of a special URL's host are decoded (§3.5 host parser, step 4).
             {"http://%65xample.com/", "example.com", "com", "example.com"},
             // An opaque host (ssh is no special scheme) is looked up as a host name.
             {"ssh://git@github.com/x", "github.com", "com", "github.com"},
             {"git://Example.COM/x", "Example.COM", "com", "example.com"},
         }) {
        BOOST_TEST_CONTEXT(r.input) {
            const auto s = psl.lookup_url_or_host(r.input);
            BOOST_TEST_REQUIRE(s.has_value(), (s ? std::string() : s.error().message()));
            BOOST_TEST(s->host == r.host);
            BOOST_TEST(shown(s->public_suffix) == r.suffix);
            BOOST_TEST(shown(s->registrable_domain) == r.domain);
            const auto h = iri::crawl::host_of(r.input);
            BOOST_TEST_REQUIRE(h.has_value());
            BOOST_TEST(*h == r.host);
        }
    }
}

// Every line of the datasets that the URL Standard parses has its answers (issue 38: 392 of 100,000 real lines
// were refused, most of them URLs a browser reads); a line it does not parse is refused only when it is no bare
// host either.
BOOST_AUTO_TEST_CASE(every_url_of_the_datasets) {
    const auto& psl = pinned();
    std::size_t lines = 0, parsed = 0, answered = 0, with_domain = 0;
    for (const char* file :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "url-various-datasets/node_files.txt",
          "url-various-datasets/isaacs_files.txt", "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt",
          "derived/psl_idn_suffix_iris.txt"}) {
        for (const std::string& line : iri_test::dataset_lines(file)) {
            ++lines;
            const bool url = iri::web::can_parse(line);
            const auto s = psl.lookup_url_or_host(line);
            parsed += url;
            answered += url && s.has_value();
            with_domain += s && s->registrable_domain.has_value();
            BOOST_TEST((!url || s.has_value()), line);
        }
    }
    BOOST_TEST_MESSAGE(lines << " lines, " << parsed << " URLs by the URL Standard, " << answered << " answered ("
                             << with_domain << " with a registrable domain)");
    BOOST_TEST(answered == parsed);
}

// lookup_url_or_host answers a URL as its host, as the URL Standard parses it, looked up: the commonest URLs (an
// absolute special URL with a plain host and port, which the parser's fast path proves without writing an href) and
// the others alike. Each URL's answers are those of its parsed hostname read as a bare host (the host of "http://" +
// it, which the parser reads), or none for an address or the empty host (§3.2 host public suffix: null); on short
// URLs of each kind and on the datasets' lines.
BOOST_AUTO_TEST_CASE(url_answers_are_the_parsed_hosts) {
    const auto& psl = pinned();
    const auto same_as_parsed_host = [&](const std::string& input) {
        const auto u = iri::web::parse(input);
        const auto answer = psl.lookup_url_or_host(input);
        if (!u) return;
        BOOST_TEST_REQUIRE(answer.has_value(), input);
        const std::string host(u->hostname());
        BOOST_TEST(answer->host == host, input);
        if (u->host_type() != iri::web::host_kind::domain) {
            if (u->host_type() != iri::web::host_kind::opaque)
                BOOST_TEST((!answer->public_suffix && !answer->registrable_domain), input);
            return;
        }
        const auto bare = psl.lookup_url_or_host("//" + host + "/");
        BOOST_TEST_REQUIRE(bare.has_value(), input);
        BOOST_TEST(shown(answer->public_suffix) == shown(bare->public_suffix), input);
        BOOST_TEST(shown(answer->registrable_domain) == shown(bare->registrable_domain), input);
    };
    for (const char* url : {"http://a.com",
                            "https://WWW.Example.CO.UK:8080/x",
                            "http://a.com.:/",
                            "http://a_b.c-d.co.uk?x",
                            "http://a.com#f",
                            "https://a.com:00080/",
                            "http://x.xn-a.com/",
                            "http://1.2.3.4/",
                            "http://0x7f.1/",
                            "ws://a.b.co.uk/",
                            "wss://A.COM:443/",
                            "ftp://Ftp.Example.org/",
                            "file:///etc/hosts",
                            "file://localhost/x",
                            "file://Server.example.com/share",
                            "http://u:p@a.com/",
                            "http://xn--mnchen-3ya.de/",
                            "http://a..b.com/",
                            "http://EXAMPLE.com.",
                            "http://a.com\t/",
                            "http://./",
                            "http://.com./",
                            "http://a.com../",
                            "http://..",
                            "http://x.Example.CO.UK./",
                            "http://co.uk.",
                            "http://com./",
                            "http://a.b.c.d.e.f.example.com"})
        same_as_parsed_host(url);
    const auto www = psl.lookup_url_or_host("https://WWW.Example.CO.UK:8080/x");
    BOOST_TEST_REQUIRE(www.has_value());
    BOOST_TEST(www->host == "www.example.co.uk");
    BOOST_TEST(shown(www->public_suffix) == "co.uk");
    BOOST_TEST(shown(www->registrable_domain) == "example.co.uk");
    const auto dot = psl.lookup_url_or_host("http://EXAMPLE.com.");  // a final dot kept (the input's spelling)
    BOOST_TEST_REQUIRE(dot.has_value());
    BOOST_TEST(dot->host == "example.com.");
    BOOST_TEST(shown(dot->public_suffix) == "com.");
    BOOST_TEST(shown(dot->registrable_domain) == "example.com.");
    for (const char* file : {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt",
                             "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt"})
        for (const std::string& line : iri_test::dataset_lines(file)) same_as_parsed_host(line);
}

// One spelling on request: the three spellings of one site (U-labels, A-labels, a final dot) as one.
BOOST_AUTO_TEST_CASE(spellings) {
    const auto& psl = pinned();
    using iri::crawl::host_form;
    using iri::crawl::site_options;
    const std::vector<std::string> inputs{"http://例え.jp/", "http://xn--r8jz45g.jp/", "http://例え.jp./",
                                          "例え.jp",         "XN--R8JZ45G.JP.",        "www.例え.jp"};
    // The input's spelling (the default): U-labels for an input beyond ASCII, A-labels for an ASCII one, the final
    // dot kept.
    const std::vector<std::string> as_written{"例え.jp", "xn--r8jz45g.jp",  "例え.jp.",
                                              "例え.jp", "xn--r8jz45g.jp.", "例え.jp"};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        BOOST_TEST_CONTEXT(inputs[i]) {
            const auto input = psl.lookup_url_or_host(inputs[i]);
            BOOST_TEST_REQUIRE(input.has_value());
            BOOST_TEST(shown(input->registrable_domain) == as_written[i]);
            const auto ascii = psl.lookup_url_or_host(inputs[i], site_options{.form = host_form::ascii});
            BOOST_TEST_REQUIRE(ascii.has_value());
            BOOST_TEST(shown(ascii->registrable_domain) == "xn--r8jz45g.jp");
            BOOST_TEST(shown(ascii->public_suffix) == "jp");
            const auto unicode = psl.lookup_url_or_host(inputs[i], site_options{.form = host_form::unicode});
            BOOST_TEST_REQUIRE(unicode.has_value());
            BOOST_TEST(shown(unicode->registrable_domain) == "例え.jp");
            // lookup of a host spells alike.
            const auto host = psl.lookup(inputs[i].starts_with("http") ? *iri::crawl::host_of(inputs[i]) : inputs[i],
                                         site_options{.form = host_form::unicode});
            BOOST_TEST_REQUIRE(host.has_value());
            BOOST_TEST(shown(host->registrable_domain) == "例え.jp");
        }
    }
    // A public suffix in U-labels (the ICANN rule 公司.cn), asked for as A-labels.
    const auto idn_suffix = psl.lookup("www.食狮.公司.cn", site_options{.form = host_form::ascii});
    BOOST_TEST_REQUIRE(idn_suffix.has_value());
    BOOST_TEST(shown(idn_suffix->public_suffix) == "xn--55qx5d.cn");
    BOOST_TEST(shown(idn_suffix->registrable_domain) == "xn--85x722f.xn--55qx5d.cn");
}

// The walk alone: offsets into the host, both sections at once, with and without the implicit "*" rule.
BOOST_AUTO_TEST_CASE(find_offsets) {
    const auto& psl = pinned();
    using iri::crawl::suffix_offsets;
    const auto o = psl.find("myblog.blogspot.com");  // blogspot.com: a private rule
    BOOST_TEST(o.public_suffix == 7u);
    BOOST_TEST(o.registrable_domain == 0u);
    BOOST_TEST(o.icann_suffix == 16u);
    BOOST_TEST(o.icann_domain == 7u);
    const auto upper = psl.find("WWW.Example.CO.UK.");
    BOOST_TEST(upper.public_suffix == 12u);
    BOOST_TEST(upper.registrable_domain == 4u);
    const auto unlisted = psl.find("example.invalid", false);  // no rule for "invalid": none without "*"
    BOOST_TEST(unlisted.public_suffix == suffix_offsets::none);
    BOOST_TEST(unlisted.icann_suffix == suffix_offsets::none);
    const auto star = psl.find("example.invalid");
    BOOST_TEST(star.public_suffix == 8u);
    BOOST_TEST(star.registrable_domain == 0u);
}

// A list is loaded from a file whose faults are named; the default list is the system's.
BOOST_AUTO_TEST_CASE(loading) {
    const auto missing = public_suffix_list::load_file("no-such-dir/list.dat");
    BOOST_TEST(!missing.list.has_value());
    BOOST_TEST(missing.error == "no-such-dir/list.dat: No such file or directory");
    const auto dir = public_suffix_list::load_file(std::string(IRI_SOURCE_DIR) + "/tests/crawl");
    BOOST_TEST(!dir.list.has_value());
    BOOST_TEST(dir.error == std::string(IRI_SOURCE_DIR) + "/tests/crawl: Is a directory");
    const auto temp = std::filesystem::temp_directory_path() / "iri_test_public_suffix_empty.dat";
    { std::ofstream(temp).flush(); }
    const auto empty = public_suffix_list::load_file(temp.string());
    std::filesystem::remove(temp);
    BOOST_TEST(!empty.list.has_value());
    BOOST_TEST(empty.error.find(temp.string() + ": ") == 0u);

    BOOST_TEST(pinned().source() == pinned_list);
    BOOST_TEST(pinned().rule_count() == 9506u);  // the list's lines that are rules
    const auto system = public_suffix_list::load_default();
    BOOST_TEST_REQUIRE(system.list.has_value(), system.error);
    BOOST_TEST(system.error.empty());
    // Rules far older than the pinned list, in every version since.
    BOOST_TEST(shown(system.list->registrable_domain("www.example.co.uk")) == "example.co.uk");
    BOOST_TEST(shown(system.list->public_suffix("a.b.c.kobe.jp")) == "c.kobe.jp");
    // A list's own text: a rule of one's own makes "example" public.
    const auto own_file = std::filesystem::temp_directory_path() / "iri_test_public_suffix_own.dat";
    { std::ofstream(own_file) << "// ===BEGIN ICANN DOMAINS===\nexample\nco.example\n// ===END ICANN DOMAINS===\n"; }
    const auto own = public_suffix_list::load_file(own_file.string());
    std::filesystem::remove(own_file);
    BOOST_TEST_REQUIRE(own.list.has_value(), own.error);
    BOOST_TEST(shown(own.list->registrable_domain("www.a.co.example")) == "a.co.example");
}

// Each line of a list is checked when it is loaded: a line that is no rule is refused with its number, and so is a
// compressed or binary file (issue 38: `iri site --psl /etc/passwd` answered as if it were a list).
BOOST_AUTO_TEST_CASE(checked_lists) {
    const auto refused = [](std::string_view text) {
        const auto loaded = public_suffix_list::load_text(text, "list");
        BOOST_TEST(!loaded.list.has_value());
        return loaded.error;
    };
    BOOST_TEST(refused("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n") ==
               "list:1: \"root:x:0:0:root:/root:/bin/bash\" is not a Public Suffix List rule: a label holds a "
               "character other than a letter, a digit or \"-\"");
    BOOST_TEST(refused("// comment\n\ncom\nco..uk\n") ==
               "list:4: \"co..uk\" is not a Public Suffix List rule: it has an empty label");
    BOOST_TEST(refused("com\na.*.b\n") ==
               "list:2: \"a.*.b\" is not a Public Suffix List rule: a wildcard is only a first label \"*.\"");
    BOOST_TEST(refused("com\n!\n") == "list:2: \"!\" is not a Public Suffix List rule: it names no domain");
    BOOST_TEST(refused("com\n*\n") ==
               "list:2: \"*\" is not a Public Suffix List rule: a wildcard is only a first label \"*.\"");
    BOOST_TEST(refused("com\nx!y\n") ==
               "list:2: \"x!y\" is not a Public Suffix List rule: an exception's \"!\" is only its first character");
    BOOST_TEST(refused(std::string(64, 'a') + ".com\n") ==
               "list:1: \"" + std::string(64, 'a') +
                   ".com\" is not a Public Suffix List rule: a label is longer than DNS allows (63 octets)");
    BOOST_TEST(refused("\x1F\x8B\x08\x00") ==
               "list: a gzip-compressed file, not the list's text (public_suffix_list.dat)");
    BOOST_TEST(refused(std::string_view("\xFD"
                                        "7zXZ\0\0",
                                        7)) ==
               "list: an xz-compressed file, not the list's text (public_suffix_list.dat)");
    BOOST_TEST(refused(".DAFSA@PSL_0   \n\x01\x02") ==
               "list: libpsl's DAFSA form of the list, not the list's text (public_suffix_list.dat)");
    BOOST_TEST(refused(std::string_view("com\nuk\0\n", 8)) ==
               "list:2: a NUL octet: a binary file, not the list's text");
    BOOST_TEST(refused("com\nuk\xFF\n") == "list:2: not UTF-8: a binary file, not the list's text");
    BOOST_TEST(refused("// only comments\n\n  \t\n") == "list: no Public Suffix List rule in it");
    // What is a rule: a name up to the first white space (the rest of the line is ignored), after leading white
    // space; "!" and "*." prefixes; letters of either case; labels beyond ASCII; CRLF line ends; a byte order mark.
    const auto ok = public_suffix_list::load_text(
        "\xEF\xBB\xBF// list\r\n  Example  trailing words\r\n*.wild.example\n!ok.wild.example\n例え.example\n", "list");
    BOOST_TEST_REQUIRE(ok.list.has_value(), ok.error);
    BOOST_TEST(ok.list->rule_count() == 4u);
    BOOST_TEST(shown(ok.list->registrable_domain("a.b.wild.example")) == "a.b.wild.example");
    BOOST_TEST(shown(ok.list->registrable_domain("ok.wild.example")) == "ok.wild.example");
    BOOST_TEST(shown(ok.list->public_suffix("a.例え.example")) == "例え.example");
}

// One list, queried from several threads at once, answers each as one thread does.
BOOST_AUTO_TEST_CASE(concurrent_queries) {
    const auto& psl = pinned();
    const std::vector<std::pair<std::string, std::string>> expected{{"www.example.co.uk", "example.co.uk"},
                                                                    {"a.b.c.kobe.jp", "b.c.kobe.jp"},
                                                                    {"www.食狮.公司.cn", "食狮.公司.cn"},
                                                                    {"foo.github.io", "foo.github.io"}};
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < wrong.size(); ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 2000; ++i)
                for (const auto& [host, domain] : expected)
                    if (psl.registrable_domain(host) != domain) ++wrong[t];
        });
    for (auto& t : threads) t.join();
    for (int w : wrong) BOOST_TEST(w == 0);
}
