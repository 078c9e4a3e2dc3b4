// Issue 7: the parse path allocates nothing. Every allocation of this program goes through the replaced global
// operator new below, which counts them; iri::parse and iri::is_valid run over every line of every dataset
// (accepted or not: an error is built without allocating either) under every grammar, and the count must not move.
#define BOOST_TEST_MODULE no_allocation
// The replaced operator new and delete below pair malloc with free; GCC 12, inlining them into Boost.Test's
// registration, reports free() on memory from "operator new" (-Wmismatched-new-delete), which is what replacing
// them means.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "iri/parse.hpp"
#include "support/datasets.hpp"

namespace {
std::atomic<std::size_t> allocations{0};
}  // namespace

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

BOOST_AUTO_TEST_CASE(parse_and_is_valid_allocate_nothing) {
    const char* const files[] = {"url-various-datasets/kasztp.txt",        "url-various-datasets/userbait.txt",
                                 "url-various-datasets/node_files.txt",    "url-various-datasets/isaacs_files.txt",
                                 "oxiri/relative_urls_cc_10k.csv",         "derived/zhwiki_iri_100k.txt",
                                 "derived/zhwiki_uri_100k.txt",            "derived/psl_idn_suffix_iris.txt"};
    std::vector<std::string> lines;
    for (const char* f : files)
        for (auto& l : iri_test::dataset_lines(f)) lines.push_back(std::move(l));
    // Invalid input too: every line cut in the middle and given a space, so that errors are built.
    const std::size_t dataset_count = lines.size();
    for (std::size_t i = 0; i < dataset_count; i += 7) lines.push_back(lines[i].substr(0, lines[i].size() / 2) + " x");

    // The counter sees this program's allocations (a string too long for its inline buffer).
    const std::size_t counted = allocations.load();
    const std::string longer(100, 'x');
    BOOST_TEST_REQUIRE(allocations.load() == counted + 1);

    std::size_t accepted = 0, rejected = 0, disagree = 0;
    const std::size_t before = allocations.load();
    for (iri::grammar g : {iri::grammar::uri, iri::grammar::iri, iri::grammar::rfc3987, iri::grammar::leiri})
        for (const std::string& l : lines) {
            const auto r = iri::parse(l, g);
            (r ? accepted : rejected) += 1;
            disagree += r.has_value() != iri::is_valid(l, g);
        }
    const std::size_t during = allocations.load() - before;
    BOOST_TEST(during == 0u);
    BOOST_TEST(disagree == 0u);
    BOOST_TEST(accepted > 1000000u);  // 4 grammars × ~330,000 lines, most of them valid in most grammars
    BOOST_TEST(rejected > 100000u);   // the cut lines, and IRIs under the uri grammar
}
