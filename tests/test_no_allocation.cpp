// The parse path allocates nothing; nor do append_normalized, append_canonical_key and the resolver in steady state
// (once their output buffer is large enough). Every allocation of this program goes through the replaced global
// operator new of support/counting_new.cpp, which counts them; iri::parse and iri::is_valid run over every line of
// every dataset (accepted or not: an error is built without allocating either) under every grammar, and the count
// must not move.
#define BOOST_TEST_MODULE no_allocation
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "iri.h"
#include "iri/extract.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/resolver.hpp"
#include "support/counting_new.hpp"
#include "support/datasets.hpp"

BOOST_AUTO_TEST_CASE(parse_and_is_valid_allocate_nothing) {
    const char* const files[] = {"url-various-datasets/kasztp.txt",     "url-various-datasets/userbait.txt",
                                 "url-various-datasets/node_files.txt", "url-various-datasets/isaacs_files.txt",
                                 "oxiri/relative_urls_cc_10k.csv",      "derived/zhwiki_iri_100k.txt",
                                 "derived/zhwiki_uri_100k.txt",         "derived/psl_idn_suffix_iris.txt"};
    std::vector<std::string> lines;
    for (const char* f : files)
        for (auto& l : iri_test::dataset_lines(f)) lines.push_back(std::move(l));
    // Invalid input too: every line cut in the middle and given a space, so that errors are built.
    const std::size_t dataset_count = lines.size();
    for (std::size_t i = 0; i < dataset_count; i += 7) lines.push_back(lines[i].substr(0, lines[i].size() / 2) + " x");

    // The counter sees this program's allocations (a string too long for its inline buffer).
    const std::size_t counted = iri_test::allocation_count();
    const std::string longer(100, 'x');
    BOOST_TEST_REQUIRE(iri_test::allocation_count() == counted + 1);

    std::size_t accepted = 0, rejected = 0, disagree = 0;
    const std::size_t before = iri_test::allocation_count();
    for (iri::grammar g : {iri::grammar::uri, iri::grammar::iri, iri::grammar::rfc3987, iri::grammar::leiri})
        for (const std::string& l : lines) {
            const auto r = iri::parse(l, g);
            (r ? accepted : rejected) += 1;
            disagree += r.has_value() != iri::is_valid(l, g);
        }
    const std::size_t during = iri_test::allocation_count() - before;
    BOOST_TEST(during == 0u);
    BOOST_TEST(disagree == 0u);
    BOOST_TEST(accepted > 1000000u);  // 4 grammars × ~330,000 lines, most of them valid in most grammars
    BOOST_TEST(rejected > 100000u);   // the cut lines, and IRIs under the uri grammar
}

namespace {

// UTS #46 (through ICU) allocates: a host with a non-ASCII or percent-encoded character or an "xn--" label
// takes it at the scheme rung (normalize.hpp); such lines are left out there.
bool idn_host(std::string_view line) {
    auto r = iri::reference_view::parse(line);
    if (!r) return false;
    std::string host;
    for (char c : r->host()) {
        if (static_cast<unsigned char>(c) >= 0x80 || c == '%') return true;
        host += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return host.find("xn--") != std::string::npos;
}

// The Common Crawl (page, href) pairs that parse, without IDN hosts.
std::vector<std::pair<std::string, std::string>> resolvable_pairs() {
    std::vector<std::pair<std::string, std::string>> pairs;
    for (auto& [page, href] : iri_test::cc10k_pairs())
        if (iri::reference_view::parse(page) && iri::reference_view::parse(href) && !idn_host(page) && !idn_host(href))
            pairs.emplace_back(page, href);
    return pairs;
}

}  // namespace

BOOST_AUTO_TEST_CASE(append_normalized_and_the_resolver_allocate_nothing_in_steady_state) {
    std::vector<std::string> lines;
    for (const char* f : {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt",
                          "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt"})
        for (auto& l : iri_test::dataset_lines(f)) lines.push_back(std::move(l));
    std::vector<iri::reference_view> views;
    for (const std::string& l : lines)
        if (auto r = iri::reference_view::parse(l)) views.push_back(*r);
    const auto pairs = resolvable_pairs();  // one resolver rebased for each page
    auto pipeline = iri::resolver::make("http://a/", iri::grammar::iri, {.rung = iri::rung::scheme});
    std::string out;
    std::size_t failed = 0;
    std::vector<bool> idn;
    for (const iri::reference_view& r : views) idn.push_back(idn_host(r.str()));
    auto run = [&] {
        for (std::size_t i = 0; i < views.size(); ++i) {
            out.clear();
            failed += !iri::append_normalized(out, views[i], {.rung = iri::rung::syntax});
            if (idn[i]) continue;
            out.clear();
            failed += !iri::append_canonical_key(out, views[i], {.rung = iri::rung::scheme});
        }
        for (const auto& [page, href] : pairs) failed += !pipeline->rebase(page) || !pipeline->normalized(href);
    };
    run();  // the buffers grow to their steady size
    const std::size_t before = iri_test::allocation_count();
    run();
    BOOST_TEST(iri_test::allocation_count() - before == 0u);
    BOOST_TEST(failed == 0u);
    BOOST_TEST(views.size() > 200000u);
    BOOST_TEST(pairs.size() > 9000u);
}

// The crawler's keys (crawl_keys.hpp) append into the caller's buffer, with the thread's scratch space: once both
// have grown, a SURT key or a canonical form allocates nothing (but for a host IDNA maps: the URLs with a byte
// above 0x7F or a "%", which may decode to one, are left out).
BOOST_AUTO_TEST_CASE(crawl_keys_allocate_nothing_in_steady_state) {
    std::vector<std::string> lines;
    for (const char* f :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "oxiri/relative_urls_cc_10k.csv"})
        for (auto& l : iri_test::dataset_lines(f))
            if (std::all_of(l.begin(), l.end(),
                            [](char c) { return c != '%' && static_cast<unsigned char>(c) < 0x80; }))
                lines.push_back(std::move(l));
    std::string out;
    std::size_t written = 0;
    auto run = [&] {
        for (const std::string& l : lines) {
            out.clear();
            written += iri::crawl::append_surt(out, l).has_value();
            out.clear();
            written += iri::crawl::append_surt(out, l, {.format = iri::crawl::surt_format::heritrix}).has_value();
            out.clear();
            written += iri::crawl::append_canonicalized(out, l).has_value();
            out.clear();
            written += iri::crawl::append_canonicalized(out, l, {.profile = iri::crawl::canon_profile::ia}).has_value();
        }
    };
    run();  // the buffers grow to their steady size
    const std::size_t before = iri_test::allocation_count();
    run();
    BOOST_TEST(iri_test::allocation_count() - before == 0u);
    BOOST_TEST(lines.size() > 10000u);
    BOOST_TEST(written > 3 * 2 * lines.size());
}

// The C resolver (iri.h) writes into the caller's buffer: once its own has grown, neither a single href nor a batch
// allocates.
BOOST_AUTO_TEST_CASE(the_c_resolver_allocates_nothing_in_steady_state) {
    const auto pairs = resolvable_pairs();
    std::vector<const char*> hrefs;
    std::vector<std::size_t> lens;
    for (const auto& [page, href] : pairs) {
        hrefs.push_back(href.data());
        lens.push_back(href.size());
    }
    std::vector<char> buf(std::size_t{1} << 24);
    std::vector<std::size_t> offsets(hrefs.size() + 1);
    std::vector<int> statuses(hrefs.size());
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    o.rung = IRI_RUNG_SCHEME;
    iri_resolver* r = nullptr;
    BOOST_TEST_REQUIRE(iri_resolver_make("http://a/", 9, IRI_GRAMMAR_DEFAULT, &o, 1, &r, nullptr) == IRI_OK);
    std::size_t failed = 0;
    auto run = [&] {
        std::size_t n = 0;
        for (const auto& [page, href] : pairs) {
            failed += iri_resolver_rebase(r, page.data(), page.size(), nullptr) != IRI_OK;
            for (auto f : {iri_resolver_resolve, iri_resolver_normalize, iri_resolver_key})
                failed += f(r, href.data(), href.size(), buf.data(), buf.size(), &n, nullptr) != IRI_OK;
        }
        for (int operation : {IRI_RESOLVER_RESOLVE, IRI_RESOLVER_NORMALIZE, IRI_RESOLVER_KEY}) {
            failed += iri_resolver_batch(r, operation, hrefs.data(), lens.data(), hrefs.size(), buf.data(), buf.size(),
                                         offsets.data(), statuses.data(), &n, nullptr) != IRI_OK;
            for (int s : statuses) failed += s != IRI_OK;
        }
    };
    run();  // the resolver's buffer grows to its steady size
    const std::size_t before = iri_test::allocation_count();
    run();
    BOOST_TEST(iri_test::allocation_count() - before == 0u);
    BOOST_TEST(failed == 0u);
    BOOST_TEST(pairs.size() > 9000u);
    iri_resolver_free(r);
}

// extract allocates the IRIs it finds and their vector, and nothing for the candidates it turns down: schemes glued
// to markup, JSON and Japanese text, empty http hosts, quotes and angle brackets around no IRI, brackets, quotation
// marks and emphasis to trim (iri/extract.hpp).
BOOST_AUTO_TEST_CASE(extract_allocates_only_what_it_finds) {
    const std::string refused =
        R"({"a":"b c","n":1} <p>Note: e.g.:x 1:2 http:// http://? x:// mailto: "http://" <http://> < b and c >)"
        " http:///a （http://） text:x 1http://a.example/ caféhttp://a.example/ ｜http://｜\n";
    std::string none, some;
    for (int i = 0; i < 1000; ++i) none += refused;
    for (int i = 0; i < 1000; ++i)
        some += refused + R"({"url":"http://a.example/json"} 詳細はhttp://example.com/long-path。)"
                          " (http://a.example/b_(c)) ~~http://a.example/strike~~ 'http://a.example/quoted'\n";
    (void)iri::extract(some);  // ICU's data loaded
    std::size_t before = iri_test::allocation_count();
    BOOST_TEST(iri::extract(none).empty());
    BOOST_TEST(iri_test::allocation_count() - before == 0u);
    before = iri_test::allocation_count();
    const auto found = iri::extract(some);
    const std::size_t during = iri_test::allocation_count() - before;
    BOOST_TEST(found.size() == 5000u);
    BOOST_TEST(during <= found.size() + 20);  // each value (longer than a short string's buffer), the vector's growth
}
