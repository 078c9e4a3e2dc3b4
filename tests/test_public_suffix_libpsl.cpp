// The Public Suffix List's table (iri/public_suffix.hpp, find) against libpsl, the reference: the same list file
// loaded in both, and every host compared in both sections (libpsl's PSL_TYPE_ANY and PSL_TYPE_ICANN) with and
// without the implicit "*" rule (PSL_TYPE_NO_STAR_RULE). The hosts: every host of every dataset as the URL
// Standard parses it, every input of test_psl.txt, and for every rule of the list the rule's own name, a label
// under it and two labels under it (so that each wildcard, exception and section is met).
#define BOOST_TEST_MODULE public_suffix_libpsl
#include <boost/test/unit_test.hpp>

#include <libpsl.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "iri/idna.hpp"
#include "iri/public_suffix.hpp"
#include "iri/web.hpp"
#include "support/datasets.hpp"

namespace {

using iri::crawl::public_suffix_list;
using iri::crawl::suffix_offsets;

const std::string pinned_list = std::string(IRI_SOURCE_DIR) + "/tests/crawl/public_suffix_list.dat";

struct libpsl_context {
    std::unique_ptr<psl_ctx_t, void (*)(psl_ctx_t*)> psl{nullptr, psl_free};
    libpsl_context() : psl(psl_load_file(pinned_list.c_str()), psl_free) {}
};

const public_suffix_list& ours() {
    static const auto loaded = public_suffix_list::load_file(pinned_list);
    BOOST_TEST_REQUIRE(loaded.error.empty(), loaded.error);
    return *loaded.list;
}

const psl_ctx_t* theirs() {
    static const libpsl_context c;
    BOOST_TEST_REQUIRE(c.psl != nullptr);
    return c.psl.get();
}

// libpsl's answer for a host (lowercase A-labels, no empty label): the longest suffix psl_is_public_suffix2 calls
// public, found from the left as psl_unregistrable_domain does, and the label before it.
std::pair<std::uint16_t, std::uint16_t> reference(const std::string& host, int type) {
    std::size_t previous = suffix_offsets::none;
    for (std::size_t at = 0;;) {
        if (psl_is_public_suffix2(theirs(), host.c_str() + at, type) != 0)
            return {static_cast<std::uint16_t>(at), static_cast<std::uint16_t>(previous)};
        const std::size_t dot = host.find('.', at);
        if (dot == std::string::npos) return {suffix_offsets::none, suffix_offsets::none};
        previous = at;
        at = dot + 1;
    }
}

// Whether our walk looks the host up at all: a domain name (lowercase A-labels) of labels of 1 to 63 octets, 253
// in all, whose last label is not a number (the URL Standard's "ends in a number"): the hosts the comparison is
// about. The others answer none.
bool is_domain(const std::string& host) {
    if (host.empty() || host.size() > 253 || host.front() == '[') return false;
    std::size_t label = 0;
    for (std::size_t i = 0; i <= host.size(); ++i) {
        if (i == host.size() || host[i] == '.') {
            if (label == 0 || label > 63) return false;
            label = 0;
            continue;
        }
        ++label;
    }
    const std::string last = host.substr(host.rfind('.') == std::string::npos ? 0 : host.rfind('.') + 1);
    const bool hex = last.size() >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X');
    bool number = true;
    for (std::size_t i = hex ? 2 : 0; i < last.size(); ++i)
        number = number &&
                 (hex ? std::isxdigit(static_cast<unsigned char>(last[i])) != 0 : (last[i] >= '0' && last[i] <= '9'));
    return !number;
}

struct tally {
    std::size_t hosts = 0, agree = 0, none = 0;
};

// Compares one host in the four modes; a host that is no domain must answer none in all of them. One final dot is
// no label (the offsets, from the left, are the same without it).
void compare(const std::string& fqdn, tally& t) {
    const std::string host = fqdn.ends_with('.') ? fqdn.substr(0, fqdn.size() - 1) : fqdn;
    ++t.hosts;
    bool all_agree = true;
    for (const bool star : {true, false}) {
        const suffix_offsets got = ours().find(fqdn, star);
        if (!is_domain(host)) {
            const bool none = got.public_suffix == suffix_offsets::none && got.icann_suffix == suffix_offsets::none;
            BOOST_TEST(none, "no domain, yet an answer: " << host);
            all_agree = all_agree && none;
            continue;
        }
        const int no_star = star ? 0 : PSL_TYPE_NO_STAR_RULE;
        const auto any = reference(host, PSL_TYPE_ANY | no_star);
        const auto icann = reference(host, PSL_TYPE_ICANN | no_star);
        const bool same = got.public_suffix == any.first && got.registrable_domain == any.second &&
                          got.icann_suffix == icann.first && got.icann_domain == icann.second;
        BOOST_TEST(same, host << (star ? "" : " (no star rule)") << ": ours " << got.public_suffix << "/"
                              << got.registrable_domain << " " << got.icann_suffix << "/" << got.icann_domain
                              << ", libpsl " << any.first << "/" << any.second << " " << icann.first << "/"
                              << icann.second);
        all_agree = all_agree && same;
    }
    if (!is_domain(host)) ++t.none;
    t.agree += all_agree;
}

// The hosts of a list of URLs, as the URL Standard parses them (domains only), each once.
void add_hosts(const std::vector<std::string>& lines, std::set<std::string>& hosts) {
    iri::web::url u;
    for (const std::string& line : lines)
        if (iri::web::parse_into(u, line) && u.host_type() == iri::web::host_kind::domain) hosts.emplace(u.hostname());
}

}  // namespace

// Every host of every dataset (datasets/README.md), parsed as a browser does, and their suffixes one label at a
// time (so that each answer of a host's suffixes is compared too).
BOOST_AUTO_TEST_CASE(every_host_of_the_datasets) {
    std::set<std::string> hosts;
    for (const char* file :
         {"url-various-datasets/kasztp.txt", "url-various-datasets/userbait.txt", "url-various-datasets/node_files.txt",
          "url-various-datasets/isaacs_files.txt", "derived/zhwiki_iri_100k.txt", "derived/zhwiki_uri_100k.txt",
          "derived/psl_idn_suffix_iris.txt"})
        add_hosts(iri_test::dataset_lines(file), hosts);
    std::vector<std::string> pages, hrefs;
    iri::web::url base;
    for (const auto& [page, href] : iri_test::cc10k_pairs()) {
        pages.push_back(page);
        iri::web::url u;
        if (iri::web::parse_into(base, page) && iri::web::parse_into(u, href, &base) &&
            u.host_type() == iri::web::host_kind::domain)
            hosts.emplace(u.hostname());
    }
    add_hosts(pages, hosts);
    const std::size_t dataset_hosts = hosts.size();
    std::set<std::string> suffixes;
    for (const std::string& h : hosts)
        for (std::size_t dot = h.find('.'); dot != std::string::npos; dot = h.find('.', dot + 1))
            suffixes.insert(h.substr(dot + 1));
    hosts.merge(suffixes);
    tally t;
    for (const std::string& h : hosts) compare(h, t);
    BOOST_TEST_MESSAGE(dataset_hosts << " hosts of the datasets, " << t.hosts << " with their suffixes: " << t.agree
                                     << " agree with libpsl in all four modes (" << t.none << " are no domain)");
    BOOST_TEST(dataset_hosts > 10000u);
    BOOST_TEST(t.agree == t.hosts);
}

// Every rule of the list: its name, a label under it, two labels under it ("*" and "!" taken off, the name in
// A-labels), which meets every wildcard, exception and section of the list.
BOOST_AUTO_TEST_CASE(every_rule_of_the_list) {
    std::ifstream in(pinned_list);
    BOOST_TEST_REQUIRE(in.good());
    tally t;
    std::size_t rules = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line.starts_with("//")) continue;
        std::string name = line.substr(0, line.find_first_of(" \t\r"));
        if (name.starts_with('!')) name.erase(0, 1);
        if (name.starts_with("*.")) name.erase(0, 2);
        auto ascii = iri::host_to_ascii(name);
        BOOST_TEST_REQUIRE(ascii.has_value(), name);
        ++rules;
        for (const std::string& host : {*ascii, "x." + *ascii, "y.x." + *ascii, "www." + *ascii}) compare(host, t);
    }
    BOOST_TEST_MESSAGE(rules << " rules, " << t.hosts << " hosts: " << t.agree << " agree with libpsl");
    BOOST_TEST(rules == ours().rule_count());
    BOOST_TEST(t.agree == t.hosts);
}

// test_psl.txt's inputs (publicsuffix/list tests/test_psl.txt), lowercased and in A-labels as the lookup walks them;
// the expected answers themselves are test_public_suffix's test_psl_txt.
BOOST_AUTO_TEST_CASE(test_psl_inputs) {
    std::ifstream in(std::string(IRI_SOURCE_DIR) + "/tests/crawl/test_psl.txt");
    BOOST_TEST_REQUIRE(in.good());
    tally t;
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("checkPublicSuffix('")) continue;
        const std::string input = line.substr(19, line.find('\'', 19) - 19);
        const bool ascii = std::all_of(input.begin(), input.end(), [](char c) { return (c & 0x80) == 0; });
        std::string host = input;
        if (ascii) {
            for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            auto a = iri::host_to_ascii(input);
            if (!a) continue;  // none for us and for the file alike (test_public_suffix)
            host = *a;
        }
        compare(host, t);
    }
    BOOST_TEST_MESSAGE(t.hosts << " inputs of test_psl.txt: " << t.agree << " agree with libpsl");
    BOOST_TEST(t.hosts >= 70u);
    BOOST_TEST(t.agree == t.hosts);
}
