// Parse benchmark: iri::parse (validate + every component offset) under the uri and iri grammars, against Boost.URL
// (parse_uri_reference) and uriparser (uriParseSingleUriExA) built in the same binary, and two floors: memchr for
// '\n' over the same buffer and a byte-at-a-time table lookup loop. Interleaved rounds (each round runs every row
// once, in rotating order), medians. Acceptance counts next to every time, so a fast wrong answer cannot hide.
//
//   parse_bench [--rounds N] [--lines N] [--markdown] [--only ROW] [--times-out FILE] [--times-in FILE]... DATASET...
//   --only ROW: the rows whose name holds ROW (and the floors); --only =ROW: the row named ROW exactly.
//   --times-out FILE: appends each round's time of each row to FILE; --times-in FILE: counts the rounds FILE holds
//   (of the same rows and datasets) with this run's, whose --rounds may then be 0. bench/run.sh times the SIMD levels,
//   a library load each, in alternating passes of a few rounds, and makes each level's table from its passes' rounds.
//   DATASET: a text file (one reference per line) or FILE.csv:COLUMN (relative_urls_cc_10k.csv:base), or
//   FILE.csv:pairs for the resolve row (each row's base and relative reference).
#include <algorithm>
#include <cerrno>
#include <array>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "iri.h"
#include "iri/check.hpp"
#include "iri/convert.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/idna.hpp"
#include "iri/index_columns.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/public_suffix.hpp"
#include "iri/resolve.hpp"
#include "iri/resolver.hpp"
#include "iri/split.hpp"
#include "iri/web.hpp"

#ifdef IRI_BENCH_BOOST_URL
#  include <boost/url/parse.hpp>
#  include <boost/url/url.hpp>
#endif
#ifdef IRI_BENCH_URIPARSER
#  include <uriparser/Uri.h>
#endif

namespace {

struct dataset {
    std::string name;
    std::string buffer;  // the lines, each followed by '\n'
    std::vector<std::string_view> lines;
    std::vector<std::string_view> bases;  // FILE.csv:pairs: the base of each line (lines hold the references)
};

dataset load(const std::string& spec, std::size_t max_lines) {
    dataset d;
    std::string path = spec, column;
    if (auto colon = spec.rfind(".csv:"); colon != std::string::npos) {
        path = spec.substr(0, colon + 4);
        column = spec.substr(colon + 5);
    }
    d.name = path.substr(path.find_last_of('/') + 1) + (column.empty() ? "" : ":" + column);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "parse_bench: cannot read %s\n", path.c_str());
        std::exit(2);
    }
    std::string line;
    bool first = true;
    std::vector<std::string> kept;
    while (std::getline(in, line) && kept.size() < max_lines) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (first && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // kasztp's BOM
        if (!column.empty()) {
            if (first) {  // header "base,relative"
                first = false;
                continue;
            }
            const auto comma = line.find(',');  // split on the first comma
            if (column == "pairs") line[comma] = '\t';
            else line = column == "base" ? line.substr(0, comma) : line.substr(comma + 1);
        }
        first = false;
        kept.push_back(line);
    }
    for (const auto& l : kept) d.buffer += l + '\n';
    std::size_t at = 0;
    for (const auto& l : kept) {
        d.lines.emplace_back(d.buffer.data() + at, l.size());
        at += l.size() + 1;
    }
    if (column == "pairs")
        for (auto& l : d.lines) {
            const auto tab = l.find('\t');
            d.bases.push_back(l.substr(0, tab));
            l = l.substr(tab + 1);
        }
    return d;
}

// A C resolver (iri.h) at the scheme rung on a placeholder page, rebased by each row to the pages of its pairs;
// nullptr when it cannot be made.
iri_resolver* scheme_c_resolver() {
    iri_normalize_options o = IRI_NORMALIZE_OPTIONS_INIT;
    o.rung = IRI_RUNG_SCHEME;
    iri_resolver* page = nullptr;
    return iri_resolver_make("http://a/", 9, IRI_GRAMMAR_DEFAULT, &o, 1, &page, nullptr) == IRI_OK ? page : nullptr;
}

struct row {
    std::string name;
    std::function<std::size_t(const dataset&)> run;  // returns how many lines were accepted (or a checksum)
    bool floor = false;
    bool pairs = false;  // runs on FILE.csv:pairs datasets only (and the others do not)
};

volatile std::size_t sink;

// The system's Public Suffix List, loaded once (nullptr when it cannot be).
const iri::crawl::public_suffix_list* system_psl() {
    static const auto loaded = iri::crawl::public_suffix_list::load_default();
    return loaded.list ? &*loaded.list : nullptr;
}

// The host of each line of a dataset as the URL Standard parses it ("" for a line without a domain), taken once
// per dataset.
const std::vector<std::string>& hosts_of(const dataset& d) {
    static std::vector<std::pair<std::string, std::vector<std::string>>> taken;
    for (const auto& [name, hosts] : taken)
        if (name == d.name) return hosts;
    std::vector<std::string> hosts;
    iri::web::url u;
    for (auto l : d.lines)
        hosts.emplace_back(iri::web::parse_into(u, l) && u.host_type() == iri::web::host_kind::domain ? u.hostname()
                                                                                                      : "");
    taken.emplace_back(d.name, std::move(hosts));
    return taken.back().second;
}

std::vector<row> rows() {
    std::vector<row> r;
    r.push_back({"memchr floor",
                 [](const dataset& d) {
                     std::size_t n = 0;
                     const char* p = d.buffer.data();
                     const char* end = p + d.buffer.size();
                     while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))))) {
                         ++p;
                         ++n;
                     }
                     return n;
                 },
                 true});
    r.push_back({"byte table floor",
                 [](const dataset& d) {
                     static const auto table = [] {
                         std::array<unsigned char, 256> t{};
                         for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = c == '\n' ? 1 : 0;
                         return t;
                     }();
                     std::size_t n = 0;
                     for (const char c : d.buffer) n += table[static_cast<unsigned char>(c)];
                     return n;
                 },
                 true});
    for (auto g : {iri::grammar::uri, iri::grammar::iri}) {
        r.push_back({std::string("iri::parse ") + std::string(iri::name(g)), [g](const dataset& d) {
                         std::size_t ok = 0, sum = 0;
                         for (auto l : d.lines) {
                             const auto res = iri::parse(l, g);
                             if (res) {
                                 ++ok;
                                 sum += (*res)[iri::component::host].end + (*res)[iri::component::path].end;
                             }
                         }
                         sink = sum;
                         return ok;
                     }});
    }
    // 3987bis §3 and §4.2: the conversions (on every line; the counts say how many each accepts).
    // (append_to_uri / append_to_iri into one reused buffer, as a batch job writes them.)
    r.push_back({"iri::to_uri", [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     std::string out;
                     for (auto l : d.lines) {
                         out.clear();
                         const auto u = iri::append_to_uri(out, l);
                         if (u) {
                             ++ok;
                             sum += *u;
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
    r.push_back({"iri::to_iri", [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     std::string out;
                     for (auto l : d.lines) {
                         out.clear();
                         const auto i = iri::append_to_iri(out, l);
                         if (i) {
                             ++ok;
                             sum += *i;
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
    // RFC 3987 §5.3.2 and §5.3.3: parse, then the normal form (or the canonical key) appended in one pass to one
    // reused buffer (append_normalized, append_canonical_key), as a batch job writes them.
    auto normalizing = [](const char* name, iri::rung level, bool key) {
        return row{name, [level, key](const dataset& d) {
                       std::size_t ok = 0, sum = 0;
                       std::string out;
                       for (auto l : d.lines) {
                           const auto ref = iri::reference_view::parse(l, iri::grammar::iri);
                           if (!ref) continue;
                           out.clear();
                           const auto n = key ? iri::append_canonical_key(out, *ref, {.rung = level})
                                              : iri::append_normalized(out, *ref, {.rung = level});
                           if (n) {
                               ++ok;
                               sum += *n;
                           }
                       }
                       sink = sum;
                       return ok;
                   }};
    };
    r.push_back(normalizing("iri::normalize syntax", iri::rung::syntax, false));
    r.push_back(normalizing("iri::normalize scheme", iri::rung::scheme, false));
    r.push_back(normalizing("iri::canonical_key scheme", iri::rung::scheme, true));
    // The crawler's keys (crawl_keys.hpp) of each line, appended to one reused buffer: the SURT key (the Internet
    // Archive's canonicalizer and format) and the Safe Browsing v4 canonical form. Not parsed first: both take any
    // string, as a crawl meets them.
    auto crawl_key = [](const char* name, auto append) {
        return row{name, [append](const dataset& d) {
                       std::size_t ok = 0, sum = 0;
                       std::string out;
                       for (auto l : d.lines) {
                           out.clear();
                           if (const auto n = append(out, l)) {
                               ++ok;
                               sum += *n;
                           }
                       }
                       sink = sum;
                       return ok;
                   }};
    };
    r.push_back(crawl_key("iri::crawl::surt",
                          [](std::string& out, std::string_view l) { return iri::crawl::append_surt(out, l); }));
    r.push_back(crawl_key("iri::crawl::canonicalize safe-browsing", [](std::string& out, std::string_view l) {
        return iri::crawl::append_canonicalized(out, l);
    }));
    // Issue 15 item 3: every diagnostic of each line (docs/diagnostics.md), cheap where nothing can fire.
    r.push_back({"iri::check iri", [](const dataset& d) {
                     std::size_t clean = 0, sum = 0;
                     for (auto l : d.lines) {
                         const auto ds = iri::check(l);
                         clean += ds.empty();
                         sum += ds.size();
                     }
                     sink = sum;
                     return clean;
                 }});
    // UTS #46 ToASCII (idna.hpp) of each line's host, taken by the RFC 3986 Appendix B split before the rounds (so
    // that the row counts the host's processing alone); lines without a host are left out.
    r.push_back({"iri::host_to_ascii", [](const dataset& d) {
                     // The hosts of the dataset the rounds run on now (made again for the next one).
                     static struct {
                         std::string name;
                         const char* buffer = nullptr;
                         std::vector<std::string_view> hosts;
                     } of;
                     if (of.name != d.name || of.buffer != d.buffer.data()) {
                         of.name = d.name;
                         of.buffer = d.buffer.data();
                         of.hosts.clear();
                         for (auto l : d.lines) {
                             const iri::span h = iri::split(l)[iri::component::host];
                             if (h.size() > 0) of.hosts.push_back(l.substr(h.begin, h.size()));
                         }
                     }
                     std::size_t ok = 0, sum = 0;
                     for (auto h : of.hosts) {
                         if (const auto a = iri::host_to_ascii(h)) {
                             ++ok;
                             sum += a->size();
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
    // The web's URLs (web.hpp): the URL Standard's parser on each line without a base, into one reused url (as
    // a batch job parses them), and can_parse, which writes no URL.
    r.push_back({"iri::web::parse", [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     iri::web::url u;
                     for (auto l : d.lines) {
                         if (iri::web::parse_into(u, l)) {
                             ++ok;
                             sum += u.href().size();
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
    r.push_back({"iri::web::can_parse", [](const dataset& d) {
                     std::size_t ok = 0;
                     for (auto l : d.lines) ok += iri::web::can_parse(l);
                     return ok;
                 }});
    // The site of each line (iri site): its host's public suffix and registrable domain by the system's Public
    // Suffix List (loaded once, before the rounds), the line read by the URL Standard's parser to find the host.
    r.push_back({"iri::crawl site", [](const dataset& d) {
                     const auto* psl = system_psl();
                     std::size_t with_domain = 0, sum = 0;
                     if (psl == nullptr) return with_domain;
                     iri::web::url scratch;
                     for (auto l : d.lines) {
                         const auto s = psl->lookup_url_or_host(l, {}, scratch);
                         if (s && s->registrable_domain) {
                             ++with_domain;
                             sum += s->registrable_domain->size();
                         }
                     }
                     sink = sum;
                     return with_domain;
                 }});
    // The lookup alone (issue 38: at most 150 instructions on an ASCII host): the walk of public_suffix_list::find
    // over the host of each line as the URL Standard parses it (the hosts taken once, before the rounds; "" for a
    // line without a domain), both sections answered in one walk.
    r.push_back({"iri::crawl psl find", [](const dataset& d) {
                     const auto* psl = system_psl();
                     std::size_t with_domain = 0, sum = 0;
                     if (psl == nullptr) return with_domain;
                     for (const std::string& h : hosts_of(d)) {
                         const auto o = psl->find(h);
                         if (o.registrable_domain != iri::crawl::suffix_offsets::none) {
                             ++with_domain;
                             sum += o.registrable_domain + o.icann_domain;
                         }
                     }
                     sink = sum;
                     return with_domain;
                 }});
    // Common Crawl's 17 URL columns of each line (index_columns.hpp) into one reused row: the URL Standard's parse,
    // the SURT key, the list's walk, the host's parts (issue 38: at most twice ada::parse's instructions).
    r.push_back({"iri::crawl index columns", [](const dataset& d) {
                     const auto* psl = system_psl();
                     std::size_t ok = 0, sum = 0;
                     if (psl == nullptr) return ok;
                     iri::crawl::index_row row;
                     for (auto l : d.lines) {
                         if (iri::crawl::index_columns_into(row, l, *psl)) {
                             ++ok;
                             sum += row[iri::crawl::index_column::url_host_name]->size();
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
#ifdef IRI_BENCH_BOOST_URL
    r.push_back({"Boost.URL parse_uri_reference", [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     for (auto l : d.lines) {
                         auto res = boost::urls::parse_uri_reference(boost::core::string_view(l.data(), l.size()));
                         if (res) {
                             ++ok;
                             sum += res->encoded_host().size() + res->encoded_path().size();
                         }
                     }
                     sink = sum;
                     return ok;
                 }});
#endif
#ifdef IRI_BENCH_URIPARSER
    r.push_back({"uriparser uriParseSingleUriExA", [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     for (auto l : d.lines) {
                         UriUriA uri;
                         const char* err = nullptr;
                         if (uriParseSingleUriExA(&uri, l.data(), l.data() + l.size(), &err) == URI_SUCCESS) {
                             ++ok;
                             sum += static_cast<std::size_t>(uri.hostText.afterLast - uri.hostText.first);
                         }
                         uriFreeUriMembersA(&uri);
                     }
                     sink = sum;
                     return ok;
                 }});
#endif
    // What resolution is measured against (issue 7: within 3× of parsing the two inputs): both parsed.
    r.push_back({"iri::parse base + reference",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         const auto b = iri::parse(d.bases[i]);
                         const auto h = iri::parse(d.lines[i]);
                         if (b && h) {
                             ++ok;
                             sum += (*b)[iri::component::path].end + (*h)[iri::component::path].end;
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // RFC 3986 §5.2 over page/href pairs: both parsed, the target written with its offsets.
    r.push_back({"iri::resolve iri",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         const auto t = iri::resolve(d.bases[i], d.lines[i]);
                         if (t) {
                             ++ok;
                             sum += t->str().size();
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // The web's URLs over page/href pairs: each page parsed once into a web::resolver (its pairs are consecutive,
    // its buffer reused from page to page), each href parsed against it into one reused url.
    r.push_back({"iri::web::parse with base",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     std::optional<iri::web::resolver> page;
                     bool has_page = false;
                     iri::web::url u;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         if (i == 0 || d.bases[i] != d.bases[i - 1]) {
                             if (!page) {
                                 auto p = iri::web::resolver::make(d.bases[i]);
                                 has_page = p.has_value();
                                 if (p) page.emplace(std::move(*p));
                             } else {
                                 has_page = page->rebase(d.bases[i]).has_value();
                             }
                         }
                         if (has_page && page->parse_into(u, d.lines[i])) {
                             ++ok;
                             sum += u.href().size();
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // The crawler's pipeline (resolver.hpp): one resolver, rebased when the page changes (the pairs of one page
    // are consecutive in the file: 8,410 pages for 10,000 pairs), each href's target scheme-normalized into one
    // reused buffer.
    r.push_back({"iri::resolver scheme",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     auto page = iri::resolver::make("http://a/", iri::grammar::iri, {.rung = iri::rung::scheme});
                     std::string_view page_text;
                     std::string out;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         if (i == 0 || d.bases[i] != page_text) {
                             page_text = d.bases[i];
                             if (!page->rebase(page_text)) continue;
                         }
                         out.clear();
                         if (const auto n = page->append_normalized(out, d.lines[i])) {
                             ++ok;
                             sum += *n;
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // The same pipeline through the C API's handle (iri.h): rebased when the page changes, each href's normal form
    // copied into the caller's buffer.
    r.push_back({"iri_resolver (C) scheme",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     iri_resolver* page = scheme_c_resolver();
                     if (page == nullptr) return ok;
                     std::vector<char> buf(std::size_t{1} << 16);
                     std::string_view page_text;
                     bool based = false;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         if (i == 0 || d.bases[i] != page_text) {
                             page_text = d.bases[i];
                             based = iri_resolver_rebase(page, page_text.data(), page_text.size(), nullptr) == IRI_OK;
                         }
                         std::size_t n = 0;
                         if (based && iri_resolver_normalize(page, d.lines[i].data(), d.lines[i].size(), buf.data(),
                                                             buf.size(), &n, nullptr) == IRI_OK) {
                             ++ok;
                             sum += n;
                         }
                     }
                     iri_resolver_free(page);
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // The C API's batch: one call for the hrefs of each page, their normal forms one after the other in one buffer.
    r.push_back({"iri_resolver_batch (C) scheme",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     iri_resolver* page = scheme_c_resolver();
                     if (page == nullptr) return ok;
                     std::vector<const char*> hrefs;
                     std::vector<std::size_t> lens;
                     for (std::string_view l : d.lines) {
                         hrefs.push_back(l.data());
                         lens.push_back(l.size());
                     }
                     std::vector<char> buf(std::size_t{1} << 16);
                     std::vector<std::size_t> offsets(d.lines.size() + 1);
                     std::vector<int> statuses(d.lines.size());
                     for (std::size_t from = 0, to = 0; from < d.lines.size(); from = to) {
                         for (to = from + 1; to < d.lines.size() && d.bases[to] == d.bases[from]; ++to) {}
                         if (iri_resolver_rebase(page, d.bases[from].data(), d.bases[from].size(), nullptr) != IRI_OK)
                             continue;
                         std::size_t done = 0;
                         if (iri_resolver_batch(page, IRI_RESOLVER_NORMALIZE, hrefs.data() + from, lens.data() + from,
                                                to - from, buf.data(), buf.size(), offsets.data(), statuses.data(),
                                                &done, nullptr) != IRI_OK)
                             continue;
                         for (std::size_t i = 0; i < done; ++i) ok += statuses[i] == IRI_OK;
                         sum += offsets[done];
                     }
                     iri_resolver_free(page);
                     sink = sum;
                     return ok;
                 },
                 false, true});
    // The same work in two calls: resolve (the target as a string), then normalize it.
    r.push_back({"iri::resolve + normalize scheme",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         const auto t = iri::resolve(d.bases[i], d.lines[i]);
                         if (!t) continue;
                         if (const auto n = iri::normalize(*t, {.rung = iri::rung::scheme})) {
                             ++ok;
                             sum += n->size();
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
#ifdef IRI_BENCH_BOOST_URL
    r.push_back({"Boost.URL resolve",
                 [](const dataset& d) {
                     std::size_t ok = 0, sum = 0;
                     boost::urls::url out;
                     for (std::size_t i = 0; i < d.lines.size(); ++i) {
                         auto b =
                             boost::urls::parse_uri(boost::core::string_view(d.bases[i].data(), d.bases[i].size()));
                         auto ref = boost::urls::parse_uri_reference(
                             boost::core::string_view(d.lines[i].data(), d.lines[i].size()));
                         if (b && ref && boost::urls::resolve(*b, *ref, out)) {
                             ++ok;
                             sum += out.buffer().size();
                         }
                     }
                     sink = sum;
                     return ok;
                 },
                 false, true});
#endif
    return r;
}

// Issue 7's, issue 15's and issue 37's targets, each a ratio of two rows' medians on one dataset: `row` over `against`, at most `limit`
// (a `peer` target is `against` over `row`, at least `limit`: the peer is that many times slower).
struct target {
    const char* dataset;  // a substring of the dataset's name; "" for every dataset
    const char* row;
    const char* against;
    double limit;
    bool peer;
};

constexpr target targets[] = {
    {"", "iri::parse iri", "memchr floor", 4.0, false},
    {"kasztp", "iri::parse iri", "Boost.URL parse_uri_reference", 10.0, true},
    {"userbait", "iri::parse iri", "Boost.URL parse_uri_reference", 10.0, true},
    {":base", "iri::parse iri", "Boost.URL parse_uri_reference", 10.0, true},
    {"kasztp", "iri::parse iri", "uriparser uriParseSingleUriExA", 6.0, true},
    {"userbait", "iri::parse iri", "uriparser uriParseSingleUriExA", 6.0, true},
    {":base", "iri::parse iri", "uriparser uriParseSingleUriExA", 6.0, true},
    {"zhwiki_iri", "iri::to_uri", "iri::parse iri", 2.5, false},
    {"zhwiki_uri", "iri::to_iri", "iri::parse iri", 2.5, false},
    {":pairs", "iri::resolve iri", "iri::parse base + reference", 3.0, false},
    // Issue 15: normalization at copy speed, the canonical key no dearer, the crawler's pipeline.
    {"kasztp", "iri::normalize syntax", "iri::parse iri", 1.5, false},
    {"userbait", "iri::normalize syntax", "iri::parse iri", 1.5, false},
    {":base", "iri::normalize syntax", "iri::parse iri", 1.5, false},
    {"zhwiki", "iri::normalize syntax", "iri::parse iri", 1.5, false},
    {"kasztp", "iri::normalize scheme", "iri::parse iri", 2.0, false},
    {"userbait", "iri::normalize scheme", "iri::parse iri", 2.0, false},
    {":base", "iri::normalize scheme", "iri::parse iri", 2.0, false},
    {"zhwiki", "iri::normalize scheme", "iri::parse iri", 2.0, false},
    {"", "iri::canonical_key scheme", "iri::normalize scheme", 1.0, false},
    {":pairs", "iri::resolver scheme", "iri::parse base + reference", 3.0, false},
    // Issue 15: checks that cost little on clean input.
    {"kasztp", "iri::check iri", "iri::parse iri", 4.0, false},
    {"userbait", "iri::check iri", "iri::parse iri", 4.0, false},
    {":base", "iri::check iri", "iri::parse iri", 4.0, false},
    {"zhwiki_iri", "iri::check iri", "iri::parse iri", 10.0, false},
    // Issue 37: the URL Standard's parser at most twice the RFC parse's time on the hrefs of the web.
    {"kasztp", "iri::web::parse", "iri::parse iri", 2.0, false},
    {"userbait", "iri::web::parse", "iri::parse iri", 2.0, false},
    {":base", "iri::web::parse", "iri::parse iri", 2.0, false},
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// A round's time of a row, as --times-out writes it: dataset, row, accepted, nanoseconds, tab-separated.
struct round_time {
    std::string dataset, row;
    std::size_t accepted;
    double ns;
};

std::vector<round_time> read_times(const std::vector<std::string>& files) {
    std::vector<round_time> out;
    for (const auto& f : files) {
        std::ifstream in(f);
        if (!in) {
            std::fprintf(stderr, "parse_bench: cannot read %s\n", f.c_str());
            std::exit(2);
        }
        std::string line;
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            round_time t;
            std::string accepted, ns;
            if (std::getline(fields, t.dataset, '\t') && std::getline(fields, t.row, '\t') &&
                std::getline(fields, accepted, '\t') && std::getline(fields, ns, '\t')) {
                t.accepted = static_cast<std::size_t>(std::stoull(accepted));
                t.ns = std::stod(ns);
                out.push_back(t);
            }
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 11;
    std::size_t max_lines = static_cast<std::size_t>(-1);
    bool markdown = false;
    std::string only, times_out;
    std::vector<std::string> specs, times_in;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) rounds = std::max(0, std::atoi(argv[++i]));
        else if (a == "--times-out" && i + 1 < argc) times_out = argv[++i];
        else if (a == "--times-in" && i + 1 < argc) times_in.push_back(argv[++i]);
        else if (a == "--lines" && i + 1 < argc) max_lines = static_cast<std::size_t>(std::atoll(argv[++i]));
        else if (a == "--markdown") markdown = true;
        else if (a == "--only" && i + 1 < argc) only = argv[++i];
        else specs.push_back(a);
    }
    if (specs.empty() || (rounds == 0 && times_in.empty())) {
        std::fprintf(stderr,
                     "usage: parse_bench [--rounds N] [--lines N] [--markdown] [--only ROW] [--times-out FILE] "
                     "[--times-in FILE]... DATASET...\n");
        return 2;
    }
    const std::vector<round_time> earlier = read_times(times_in);
    std::FILE* times_file = times_out.empty() ? nullptr : std::fopen(times_out.c_str(), "a");
    if (!times_out.empty() && !times_file) {
        std::fprintf(stderr, "parse_bench: cannot write %s: %s\n", times_out.c_str(), std::strerror(errno));
        return 2;
    }
    auto all_rows = rows();
    if (!only.empty())
        all_rows.erase(std::remove_if(all_rows.begin(), all_rows.end(),
                                      [&](const row& r) {
                                          if (r.floor) return false;
                                          if (only.front() == '=') return r.name != only.substr(1);
                                          return r.name.find(only) == std::string::npos;
                                      }),
                       all_rows.end());
    if (markdown) {
        std::printf("| dataset | lines | row | ns/URL | MB/s | accepted | × memchr | × this (iri grammar) |\n");
        std::printf("|---|---:|---|---:|---:|---:|---:|---:|\n");
    }
    std::string target_lines;  // issue 7's targets, printed after the table
    for (const auto& spec : specs) {
        const dataset loaded = load(spec, max_lines);
        const dataset& d = loaded;
        const bool pairs = !d.bases.empty();
        std::vector<row> here;
        for (const row& r : all_rows)
            if (r.floor || r.pairs == pairs) here.push_back(r);
        auto& all = here;
        std::vector<std::vector<double>> times(all.size());
        std::vector<std::size_t> accepted(all.size());
        for (int round = 0; round < rounds; ++round) {
            for (std::size_t k = 0; k < all.size(); ++k) {
                const std::size_t i = (k + static_cast<std::size_t>(round)) % all.size();  // rotating order
                const auto t0 = std::chrono::steady_clock::now();
                accepted[i] = all[i].run(d);
                const auto t1 = std::chrono::steady_clock::now();
                times[i].push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
                if (times_file)
                    std::fprintf(times_file, "%s\t%s\t%zu\t%.0f\n", d.name.c_str(), all[i].name.c_str(), accepted[i],
                                 times[i].back());
            }
        }
        for (const round_time& t : earlier)
            for (std::size_t i = 0; i < all.size(); ++i)
                if (t.dataset == d.name && t.row == all[i].name) {
                    times[i].push_back(t.ns);
                    accepted[i] = t.accepted;
                }
        if (std::any_of(times.begin(), times.end(), [](const auto& v) { return v.empty(); })) {
            std::fprintf(stderr, "parse_bench: no round of some row on %s\n", d.name.c_str());
            return 2;
        }
        const double lines = static_cast<double>(d.lines.size());
        const double floor = median(times[0]) / lines;
        double ours = 0;
        const char* const reference_row = pairs ? "iri::parse base + reference" : "iri::parse iri";
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].name == reference_row) ours = median(times[i]) / lines;
        for (const target& t : targets) {
            if (d.name.find(t.dataset) == std::string::npos) continue;
            double row_ns = -1, against_ns = -1;
            for (std::size_t i = 0; i < all.size(); ++i) {
                if (all[i].name == t.row) row_ns = median(times[i]);
                if (all[i].name == t.against) against_ns = median(times[i]);
            }
            if (row_ns <= 0 || against_ns <= 0) continue;  // a row left out (--only, a peer not built)
            const double ratio = t.peer ? against_ns / row_ns : row_ns / against_ns;
            const bool met = t.peer ? ratio >= t.limit : ratio <= t.limit;
            char line[512];
            std::snprintf(line, sizeof line, "| %s | %s over %s | %.2f | %s %.1f | %s |\n", d.name.c_str(),
                          t.peer ? t.against : t.row, t.peer ? t.row : t.against, ratio, t.peer ? ">=" : "<=", t.limit,
                          met ? "met" : "**not met**");
            target_lines += line;
        }
        for (std::size_t i = 0; i < all.size(); ++i) {
            const double ns = median(times[i]) / lines;
            const double mbs = static_cast<double>(d.buffer.size()) / (median(times[i]) / 1e9) / 1e6;
            if (markdown)
                std::printf("| %s | %zu | %s | %.1f | %.0f | %zu | %.1f | %.2f |\n", d.name.c_str(), d.lines.size(),
                            all[i].name.c_str(), ns, mbs, all[i].floor ? d.lines.size() : accepted[i], ns / floor,
                            ours > 0 ? ns / ours : 0.0);
            else
                std::printf("%-28s %-32s %8.1f ns/URL %8.0f MB/s  accepted %zu/%zu\n", d.name.c_str(),
                            all[i].name.c_str(), ns, mbs, all[i].floor ? d.lines.size() : accepted[i], d.lines.size());
        }
    }
    if (times_file && std::fclose(times_file) != 0) {
        std::fprintf(stderr, "parse_bench: cannot write %s: %s\n", times_out.c_str(), std::strerror(errno));
        return 2;
    }
    if (!target_lines.empty()) {
        std::printf("\n| dataset | target: ratio of the medians | ratio | limit | |\n|---|---|---:|---:|---|\n%s",
                    target_lines.c_str());
    }
    return 0;
}
