#define BOOST_TEST_MODULE public_suffix
#include <boost/test/unit_test.hpp>

#include "iri/public_suffix.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

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

// Hosts that are no domain answer none: addresses (the URL Standard's host public suffix is null for them), empty
// labels, names longer than DNS allows. One final dot is kept off the lookup and put back.
BOOST_AUTO_TEST_CASE(hosts_without_answers) {
    const auto& psl = pinned();
    for (const std::string& host : std::vector<std::string>{
             "", ".", "192.0.2.1", "192.0.2.1.", "[::1]", "[2001:db8::1]", ".example.com", "a..example.com",
             "example.com..", "..", std::string(64, 'a') + ".com", std::string(250, 'a') + ".com"}) {
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
    // 1.2.3.256 is no IPv4address: a name whose last label is "256".
    BOOST_TEST(shown(psl.registrable_domain("1.2.3.256")) == "3.256");
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
    for (const char* none :
         {"http://192.0.2.1/", "http://[::1]:80/", "mailto:a@example.com", "localhost:8080", "file:///a/b", "[::1]"}) {
        BOOST_TEST_CONTEXT(none) {
            const auto r = psl.lookup_url_or_host(none);
            BOOST_TEST_REQUIRE(r.has_value());
            BOOST_TEST(shown(r->registrable_domain) == "null");
            BOOST_TEST(shown(r->public_suffix) == "null");
        }
    }
    // A URL that is not an IRI: the parse error, at the space (byte 10).
    const auto bad = psl.lookup_url_or_host("http://exa mple.com/");
    BOOST_TEST_REQUIRE(!bad.has_value());
    BOOST_TEST(bad.error().offset == 10u);
    // A host UTS #46 refuses: the error's offsets are into the URL ("ex%20ample" begins at byte 11).
    const auto refused = psl.lookup_url_or_host("http://www.ex%20ample.com/");
    BOOST_TEST_REQUIRE(!refused.has_value());
    BOOST_TEST(refused.error().code == iri::errc::idna_failed);
    BOOST_TEST(refused.error().char_offset == 11u);
    BOOST_TEST(refused.error().where == iri::component::host);
}

// A list is loaded from a file whose faults are named; the default list is libpsl's.
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
