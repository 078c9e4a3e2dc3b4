// Links from HTML pages (iri/html.hpp) over a folder of pages (the 258 of datasets/htmlparser-benchmark/): the
// library's step in three depths, and Google's gumbo parsing the same pages in the same run, for scale.
//   html_bench [--rounds N] [--row NAME] [--times-out FILE] [--markdown] PAGES_FOLDER
// Rows: "tokenize, decode" (options::resolve off: the tokenizer, the tree builder's view, the values decoded),
// "tokenize, decode, resolve" (each link resolved by iri::web against the document base URL), "... and write" (each
// URL appended to an output buffer with a line feed, as `iri links` writes), and "gumbo parse" (gumbo_parse and
// gumbo_destroy_output: a whole tree, the links not read). Each round runs every row over every page, in that
// order; a row's time is the median of its rounds. MB/s counts the pages' bytes, by wall-clock time and by the
// thread's CPU time (the work of one core, which other work sharing the machine does not lengthen). The SIMD level is the library's
// (IRI_FORCE_SIMD=avx2|scalar asks for a narrower one; bench/run.sh --html runs each level).
//   --times-out FILE: appends each round's time of each row to FILE ("row<TAB>nanoseconds<TAB>bytes"), for
//   bench/run.sh, which takes the medians over several processes; --row NAME runs that row alone (callgrind's).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifdef IRI_BENCH_GUMBO
#  include <gumbo.h>
#endif

#include "iri/html.hpp"
#include "iri/simd.hpp"

namespace {

std::vector<std::string> read_pages(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> paths;
    for (const auto& f : std::filesystem::directory_iterator(folder)) paths.push_back(f.path());
    std::sort(paths.begin(), paths.end());
    std::vector<std::string> pages;
    for (const auto& p : paths) {
        std::ifstream in(p, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        if (!in && !in.eof()) {
            std::fprintf(stderr, "html_bench: cannot read %s\n", p.c_str());
            std::exit(2);
        }
        pages.push_back(s.str());
    }
    return pages;
}

struct row {
    const char* name;
    std::vector<double> ns, cpu_ns;  // wall-clock time, and this thread's CPU time (the core's own work)
};

double thread_cpu_ns() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 5;
    const char* times_out = nullptr;
    std::string only;
    const char* folder = nullptr;
    bool markdown = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--times-out" && i + 1 < argc) times_out = argv[++i];
        else if (a == "--row" && i + 1 < argc) only = argv[++i];
        else if (a == "--markdown") markdown = true;
        else if (a[0] != '-' && !folder) folder = argv[i];
        else {
            std::fputs("usage: html_bench [--rounds N] [--row NAME] [--times-out FILE] [--markdown] PAGES_FOLDER\n",
                       stderr);
            return 2;
        }
    }
    if (!folder) {
        std::fputs("usage: html_bench [--rounds N] [--row NAME] [--times-out FILE] [--markdown] PAGES_FOLDER\n",
                   stderr);
        return 2;
    }
    const std::vector<std::string> pages = read_pages(folder);
    std::size_t bytes = 0;
    for (const auto& p : pages) bytes += p.size();
    const std::string page_url = "https://example.com/dir/page.html";

    std::vector<row> rows = {{"tokenize, decode", {}, {}},
                             {"tokenize, decode, resolve", {}, {}},
                             {"tokenize, decode, resolve, write", {}, {}}};
#ifdef IRI_BENCH_GUMBO
    rows.push_back({"gumbo parse", {}, {}});
#endif
    iri::html::extractor x;
    std::string out;
    std::size_t sink = 0, links = 0;
    std::size_t current = 0;  // the row being timed
    const auto timed = [&](auto&& f) {
        row& w = rows[current++ % rows.size()];
        if (!only.empty() && only != w.name) return 0.0;
        const double c0 = thread_cpu_ns();
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
        w.cpu_ns.push_back(thread_cpu_ns() - c0);
        return ns;
    };
    for (int r = 0; r < rounds; ++r) {
        iri::html::options raw;
        raw.resolve = false;
        rows[0].ns.push_back(timed([&] {
            for (const auto& p : pages) sink += x.links(p, page_url, raw)->size();
        }));
        rows[1].ns.push_back(timed([&] {
            for (const auto& p : pages) links += x.links(p, page_url)->size();
        }));
        rows[2].ns.push_back(timed([&] {
            for (const auto& p : pages) {
                out.clear();
                const auto found = x.links(p, page_url);
                if (!found) continue;
                for (const iri::html::link& l : *found)
                    if (l.resolved) out.append(l.url).push_back('\n');
                sink += out.size();
            }
        }));
#ifdef IRI_BENCH_GUMBO
        rows[3].ns.push_back(timed([&] {
            for (const auto& p : pages) {
                GumboOutput* g = gumbo_parse_with_options(&kGumboDefaultOptions, p.data(), p.size());
                sink += g->document->v.document.children.length;
                gumbo_destroy_output(&kGumboDefaultOptions, g);
            }
        }));
#endif
    }
    if (!only.empty()) return 0;  // callgrind counts the work; there is no time to print
    if (times_out) {
        std::FILE* f = std::fopen(times_out, "a");
        if (!f) {
            std::fprintf(stderr, "html_bench: cannot write %s\n", times_out);
            return 2;
        }
        for (const row& w : rows)
            for (std::size_t i = 0; i < w.ns.size(); ++i)
                std::fprintf(f, "%s\t%.0f\t%zu\t%.0f\n", w.name, w.ns[i], bytes, w.cpu_ns[i]);
        std::fclose(f);
        return sink == 0 ? 1 : 0;
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double gumbo = rows.back().name == std::string("gumbo parse") ? median(rows.back().ns) : 0;
    std::printf(markdown ? "| row | MB/s | MB/s of CPU time | × gumbo |\n|---|---:|---:|---:|\n" : "");
    for (const row& w : rows) {
        const double ns = median(w.ns), mbs = static_cast<double>(bytes) / ns * 1e3;
        const double cpu = static_cast<double>(bytes) / median(w.cpu_ns) * 1e3;
        if (markdown) std::printf("| %s | %.0f | %.0f | %.1f |\n", w.name, mbs, cpu, gumbo > 0 ? gumbo / ns : 0.0);
        else
            std::printf("%-34s %8.0f MB/s %8.0f MB/s of CPU time %6.1f x gumbo\n", w.name, mbs, cpu,
                        gumbo > 0 ? gumbo / ns : 0.0);
    }
    std::printf("%zu pages, %zu bytes, %zu links, SIMD level %s, median of %d rounds\n", pages.size(), bytes,
                links / static_cast<std::size_t>(rounds), iri::name(iri::active_simd_level()), rounds);
    return sink == 0 ? 1 : 0;
}
