// Adversarial benchmark (issue 18): every operation on crafted inputs of two sizes, to show that its time grows
// linearly with the input. Each row is one operation on one pattern repeated to the size; it reports ns/byte at
// both sizes and their time ratio (10 for linear time at sizes 1 MB and 10 MB; 100 for quadratic), with what the
// operation answered (ok, or the error code / count).
//
//   adversarial_bench [--small BYTES] [--large BYTES] [--op NAME] [--pattern NAME] [--markdown] [--instructions]
//
// --instructions (under valgrind --tool=callgrind, as bench/run.sh --adversarial runs it): each row once at each
// size, its instructions dumped as "PATTERN|OPERATION|BYTES" (callgrind client requests), for a count that the
// caches and other work on the machine do not change.
//
// Each size is the best of fifteen runs (seven when one takes over 20 ms, five over 0.1 s, three over a second), the
// two sizes alternating. Not a test: times vary with the machine.
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <valgrind/callgrind.h>

#include "iri/check.hpp"
#include "iri/convert.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/extract.hpp"
#include "iri/html.hpp"
#include "iri/index_columns.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/public_suffix.hpp"
#include "iri/query.hpp"
#include "iri/reference.hpp"
#include "iri/resolve.hpp"
#include "iri/web.hpp"

namespace {

// A pattern: a prefix, then `unit` repeated until the input has `size` bytes (whole units), then a suffix.
struct pattern {
    const char* name;
    const char* prefix;
    const char* unit;
    const char* suffix = "";
};

const std::vector<pattern>& patterns() {
    static const std::vector<pattern> p = {
        {"%", "http://a/", "%"},
        {"%C3%A9", "http://a/", "%C3%A9"},
        {"%e2%80%ae", "http://xn--99zt52a.a/?", "%e2%80%ae"},
        {":", "a:", ":"},
        {"[", "http://[", "["},
        {"@", "http://", "a@"},
        {"../", "http://a/", "../"},
        {"./.. mixed", "http://a/", "b/./c/../"},
        {"é label", "http://", "é", "/"},
        {"éé. labels", "http://", "éé.", "/"},
        {"xn--a. labels", "http://", "xn--a.", "/"},
        {"a. labels", "http://", "a.", "/"},
        {"xn-- long label", "http://xn--", "a", "/"},
        {"e + U+0301 U+0316", "http://a/e", "\xCC\x81\xCC\x96"},
        {"e U+0301 U+0316", "http://a/", "e\xCC\x81\xCC\x96"},
        {"host e + marks", "http://e", "\xCC\x81\xCC\x96", "/"},
        {"bidi path", "http://a/",
         "\xD7\x90"
         "a1\xD9\xA1\xE2\x80\x8F/"},
        {"bidi labels", "http://",
         "\xD7\x90"
         "1a.",
         "/"},
        {"bidi query", "http://a/?", "\xD7\x90=a&1\xD8\xA8=\xD9\xA1&"},
        // UTS #46's CheckJoiners in a host: U+0628 (dual joining), ZWNJ, U+064B (transparent), U+0628, a label each.
        {"ZWNJ labels", "http://",
         "\xD8\xA8\xE2\x80\x8C\xD9\x8B\xD8\xA8"
         ".",
         "/"},
        {"hyphen newline", "", "http://a/b-\n"},
        {"a ZWJ", "http://a/", "a\xE2\x80\x8D"},
        {"a=&", "http://a/?", "a=b%20&"},
        // The crawler's keys: a "%25" decoded one level per pass by a repeated decode; session ids and path
        // segments that nearly match at every start; runs of dots; Heritrix's ":digits" tried at every colon.
        {"%2525", "http://a/%", "25"},
        {"cfid=", "http://a/?", "cfid="},
        {"jsessionid", "http://a/?", "jsessionid=0123456789abcdefghijklemopqrstu&"},
        {"(24)/ .aspx", "http://a", "/(abcdefghijklmnopqrstuvwx)", "/a.aspx"},
        {"a. labels", "http://", "a.", "/"},
        {":1", "http://a", ":1"},
        // Pages for html links (iri/html.hpp): tags and attributes, foreign content's end tags (a walk down the
        // stack of open elements each), comments, script data's escapes, character references, srcset candidates,
        // a value never closed.
        {"html tags", "", "<a href=x b='y' c=\"z\">"},
        {"svg </y>", "<svg>", "<g></y>"},
        {"svg desc <g>", "<svg><desc>", "<g>"},
        {"comment -!-", "<!--", "-!-"},
        {"script escapes", "<script><!--", "<script></script>-"},
        {"html references", "<a href='", "&amp;&notit;&#x41"},
        {"srcset", "<img srcset='", "a 1x, "},
        {"open value", "<a href='", "x"},
        // Issue 38's new paths: a query's "id"s where a session id could start (each looked at), parameters to sort,
        // stable triplets the writers keep as they are, a host of one-letter labels for the list's walk, a bare host
        // with a long port-like tail.
        {"id&", "http://a/?", "aid=1&"},
        {"b=&a=", "http://a/?", "b=1&a=2&"},
        {"%20", "http://a/", "%20"},
        {"x. labels", "", "x."},
        {"host:1", "host", ":1"},
    };
    return p;
}

std::string make_input(const pattern& p, std::size_t size) {
    std::string s = p.prefix;
    const std::string_view unit = p.unit;
    while (s.size() + unit.size() <= size) s += unit;
    s += p.suffix;
    return s;
}

// The outputs of the operations of one timed run, freed after its clock stops: the ten outputs of the ten 1 MB
// inputs then occupy ten blocks of memory as the one output of the 10 MB input occupies ten times the memory, so
// that the small size does not write into one block the cache still holds from the input before.
std::vector<std::shared_ptr<const void>> kept;

template <class T>
void keep(T&& output) {
    kept.push_back(std::make_shared<std::decay_t<T>>(std::forward<T>(output)));
}

// What an operation answered, for the table: "ok", an error code, or a count. The output is kept (above).
template <class R>
std::string outcome(R&& r) {
    std::string answer = r ? "ok" : iri::name(r.error().code);
    keep(std::forward<R>(r));
    return answer;
}

using operation = std::function<std::string(std::string_view)>;

struct named_operation {
    const char* name;
    operation run;
};

std::string normalize_with(std::string_view s, iri::rung rung, bool nfc) {
    return outcome(iri::normalize(s, iri::grammar::iri, {.rung = rung, .nfc = nfc}));
}

const std::vector<named_operation>& operations() {
    using namespace iri;
    static const std::vector<named_operation> ops = {
        {"parse", [](std::string_view s) { return outcome(parse(s, grammar::iri)); }},
        {"html links",
         [](std::string_view s) {
             html::extractor x;
             const auto found = x.links(s, "https://example.com/");
             const std::size_t n = found ? found->size() : 0;
             keep(std::move(x));
             return std::to_string(n) + " links";
         }},
        {"is_valid uri", [](std::string_view s) { return std::string(is_valid(s, grammar::uri) ? "ok" : "invalid"); }},
        {"accessors",
         [](std::string_view s) {
             auto r = reference_view::parse(s, grammar::iri);
             if (!r) return std::string(name(r.error().code));
             std::size_t n = 0;
             for (std::string_view seg : r->segments()) n += seg.size();
             for (query_param q : query_params_view(r->query())) n += q.key.size();
             n += r->user().size() + r->password().size() + r->port_number();
             return std::to_string(n);
         }},
        {"resolve", [](std::string_view s) { return outcome(resolve("http://a/b/c/d;p?q", s)); }},
        {"resolve reversed", [](std::string_view s) { return outcome(resolve(s, "../../g")); }},
        {"relativize", [](std::string_view s) { return outcome(relativize("http://a/b/c/d", s)); }},
        {"to_uri percent", [](std::string_view s) { return outcome(to_uri(s, grammar::iri, {})); }},
        {"to_uri idna",
         [](std::string_view s) {
             return outcome(to_uri(s, grammar::leiri, {.host = host_mapping::idna, .encode_unsafe_ascii = true}));
         }},
        {"to_iri", [](std::string_view s) { return outcome(to_iri(s, {.unicode_hosts = true})); }},
        {"leiri_to_iri", [](std::string_view s) { return outcome(leiri_to_iri(s)); }},
        {"normalize syntax", [](std::string_view s) { return normalize_with(s, rung::syntax, false); }},
        {"normalize syntax+nfc", [](std::string_view s) { return normalize_with(s, rung::syntax, true); }},
        {"normalize scheme", [](std::string_view s) { return normalize_with(s, rung::scheme, false); }},
        {"normalize scheme+nfc", [](std::string_view s) { return normalize_with(s, rung::scheme, true); }},
        {"canonical_key",
         [](std::string_view s) {
             auto r = reference_view::parse(s, grammar::iri);
             return r ? outcome(canonical_key(*r, {.rung = rung::scheme, .nfc = true})) : name(r.error().code);
         }},
        {"check",
         [](std::string_view s) {
             auto d = check(s);
             const std::size_t n = d.size();
             keep(std::move(d));
             return std::to_string(n) + " diagnostics";
         }},
        {"extract",
         [](std::string_view s) {
             auto found = extract(s);
             const std::size_t n = found.size();
             keep(std::move(found));
             return std::to_string(n) + " found";
         }},
        {"surt", [](std::string_view s) { return outcome(crawl::surt(s)); }},
        {"surt heritrix",
         [](std::string_view s) { return outcome(crawl::surt(s, {.format = crawl::surt_format::heritrix})); }},
        {"canonicalize safe-browsing", [](std::string_view s) { return outcome(crawl::canonicalize(s)); }},
        {"canonicalize ia",
         [](std::string_view s) { return outcome(crawl::canonicalize(s, {.profile = crawl::canon_profile::ia})); }},
        {"site",  // the Public Suffix List's answers for the host (the system's list, loaded on the first call)
         [](std::string_view s) {
             static const auto psl = crawl::public_suffix_list::load_default();
             if (!psl.list) return psl.error;
             auto site = psl.list->lookup_url_or_host(s);
             if (!site) return std::string(name(site.error().code));
             const std::string answer = site->registrable_domain ? "ok" : "none";
             keep(std::move(*site));
             return answer;
         }},
        {"psl lookup",  // the input as a host, by the list's walk (the system's list, loaded on the first call)
         [](std::string_view s) {
             static const auto psl = crawl::public_suffix_list::load_default();
             if (!psl.list) return psl.error;
             auto site = psl.list->lookup(s);
             if (!site) return std::string(name(site.error().code));
             const std::string answer = site->registrable_domain ? "ok" : "none";
             keep(std::move(*site));
             return answer;
         }},
        {"index columns",  // Common Crawl's URL columns of the input
         [](std::string_view s) {
             static const auto psl = crawl::public_suffix_list::load_default();
             if (!psl.list) return psl.error;
             auto row = crawl::index_columns(s, *psl.list);
             if (!row) return std::string(name(row.error().code));
             keep(std::move(*row));
             return std::string("ok");
         }},
        {"percent_encode",
         [](std::string_view s) { return outcome(percent_encode(s, grammar::uri, production::segment)); }},
        {"percent_decode", [](std::string_view s) { return outcome(percent_decode(s, decode_mode::lenient)); }},
        // The web stage (web.hpp): the URL Standard's parser alone and against a base, its setters on a URL made
        // from the input, URLSearchParams.
        {"web::parse", [](std::string_view s) { return outcome(web::parse(s)); }},
        {"web::parse with base",
         [](std::string_view s) {
             static const web::url base = *web::parse("http://a/b/c/d;p?q");
             return outcome(web::parse(s, &base));
         }},
        {"web setters",
         [](std::string_view s) {
             auto u = web::parse("http://u:p@example.org:8080/a/b?q#f");
             u->set_pathname(s);
             u->set_search(s);
             u->set_hash(s);
             u->set_host(s);
             u->set_username(s);
             return std::to_string(u->href().size());
         }},
        {"web::search_params",
         [](std::string_view s) {
             web::search_params p(s);
             p.sort();
             return std::to_string(p.to_string().size());
         }},
        {"query",
         [](std::string_view s) {
             std::size_t n = 0;
             for (query_param q : query_params_view(s)) {
                 auto d = decode_query_part(q.value.value_or(q.key), {.plus_as_space = true}, decode_mode::lenient);
                 n += d ? d->size() : 0;
             }
             return std::to_string(n);
         }},
    };
    return ops;
}

struct timing {
    double seconds;
    std::string answer;
};

// One run of `op` over each input in turn: the time of them all, the answer for the last.
timing run_once(const operation& op, const std::vector<std::string>& inputs) {
    const auto t0 = std::chrono::steady_clock::now();
    std::string answer;
    for (const std::string& in : inputs) answer = op(in);
    const auto t1 = std::chrono::steady_clock::now();
    kept.clear();
    return {std::chrono::duration<double>(t1 - t0).count(), answer};
}

// The best of `runs` runs at each size, the two sizes alternating so that a slow spell of the machine (other
// work, its memory management) falls on both alike. `small` has the time of one run already.
timing best_of(const operation& op, const std::vector<std::string>& in_small, timing& small,
               const std::vector<std::string>& in_large, int runs) {
    timing large = run_once(op, in_large);
    for (int i = 1; i < runs; ++i) {
        small.seconds = std::min(small.seconds, run_once(op, in_small).seconds);
        large.seconds = std::min(large.seconds, run_once(op, in_large).seconds);
    }
    return large;
}

// One run of `op` on `input` between two callgrind client requests: its instructions, dumped under `label`.
void count_instructions(const operation& op, std::string_view input, const std::string& label) {
    CALLGRIND_ZERO_STATS;
    const std::string answer = op(input);
    CALLGRIND_DUMP_STATS_AT(label.c_str());
    (void)answer;
    kept.clear();
}

std::string size_name(std::size_t n) {
    if (n % 1000000 == 0) return std::to_string(n / 1000000) + " MB";
    if (n % 1000 == 0) return std::to_string(n / 1000) + " kB";
    return std::to_string(n) + " B";
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t small = 1000000, large = 10000000;
    std::string only_op, only_pattern;
    bool markdown = false, instructions = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--small" && has_value) small = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--large" && has_value) large = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--op" && has_value) only_op = argv[++i];
        else if (a == "--pattern" && has_value) only_pattern = argv[++i];
        else if (a == "--markdown") markdown = true;
        else if (a == "--instructions") instructions = true;
        else {
            std::fprintf(stderr,
                         "usage: adversarial_bench [--small BYTES] [--large BYTES] [--op NAME] "
                         "[--pattern NAME] [--markdown] [--instructions]\n");
            return 2;
        }
    }
    // Freed blocks up to 32 MB stay with the allocator (glibc would map and unmap each large one, a page fault
    // per 4 kB on every run, costly in a virtual machine): both sizes then reuse their memory alike.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    const std::string s = size_name(small), l = size_name(large);
    if (markdown && !instructions) {
        std::printf("| pattern | operation | ns/B %s | ns/B %s | ratio | answer (%s) |\n", s.c_str(), l.c_str(),
                    l.c_str());
        std::printf("|---|---|---:|---:|---:|---|\n");
    }
    double worst = 0;
    for (const pattern& p : patterns()) {
        if (!only_pattern.empty() && only_pattern != p.name) continue;
        // As many small inputs as make one large one, each its own copy, all run in turn: the same bytes go
        // through the caches as for the large input, so that the ratio measures the algorithm, not the caches.
        const std::vector<std::string> in_large{make_input(p, large)};
        const std::vector<std::string> in_small(std::max<std::size_t>(1, large / small), make_input(p, small));
        const double copies = static_cast<double>(in_small.size());
        for (const named_operation& op : operations()) {
            if (!only_op.empty() && only_op != op.name) continue;
            if (instructions) {
                (void)op.run(in_small[0]);  // first use (ICU data, tables) not counted
                const std::string row = std::string(p.name) + "|" + op.name + "|";
                count_instructions(op.run, in_small[0], row + std::to_string(in_small[0].size()));
                count_instructions(op.run, in_large[0], row + std::to_string(in_large[0].size()));
                continue;
            }
            // Fifteen runs where one takes under 20 ms and seven under 0.1 s (the cheap operations: the ones most
            // disturbed by other work on the machine), five under a second, else three: a slow spell of the
            // machine as long as a run falls on one of them, not on the best.
            timing ts = run_once(op.run, in_small);
            const int runs = ts.seconds < 0.02 ? 15 : ts.seconds < 0.1 ? 7 : ts.seconds < 1.0 ? 5 : 3;
            const timing tl = best_of(op.run, in_small, ts, in_large, runs);
            ts.seconds /= copies;
            const double ns_small = ts.seconds * 1e9 / static_cast<double>(in_small[0].size());
            const double ns_large = tl.seconds * 1e9 / static_cast<double>(in_large[0].size());
            const double ratio = tl.seconds / std::max(ts.seconds, 1e-9);
            worst = std::max(worst, ratio);
            std::printf(markdown ? "| `%s` | %s | %.2f | %.2f | %.1f | %s |\n" : "%-18s %-22s %9.2f %9.2f %6.1f  %s\n",
                        p.name, op.name, ns_small, ns_large, ratio, tl.answer.c_str());
            std::fflush(stdout);
        }
    }
    if (!instructions) std::printf(markdown ? "\nWorst ratio: %.1f\n" : "worst ratio %.1f\n", worst);
    return 0;
}
