// iri links: the links of HTML pages (iri/html.hpp), each resolved against its page's base URL as a browser
// resolves it, in the order of the page: one page (--base PAGE_URL, FILE or standard input), or many (--pages LIST,
// "page_url<TAB>file" lines, on --jobs threads, each line printed with its page). Each link's URL, or its SURT key,
// canonical key or site (--print), or with --json every field; --only keeps some elements, --unique drops a line
// its page printed already.
#include "links_command.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>
#include <thread>
#include <unordered_set>
#include <vector>

#include "io.hpp"
#include "shown.hpp"
#include "writers.hpp"

namespace cli {

namespace {

// A page to read: its URL, its file, and where it was named (for messages).
struct page_job {
    std::string url, file, where;
};

// What one page gives: the text to print, and its counts; `failed` names why it could not be read.
struct page_result {
    std::string out;
    std::size_t links = 0, unresolved = 0;
    std::string failed;
};

// The printed form of a link's URL by --print: the URL, its SURT key, canonical key or site; nothing (false) when
// the URL has none (a key of a URL that is not an IRI, a site of a URL without a host).
bool printed_form(const options& o, std::string_view url, std::string& into) {
    into.clear();
    if (o.links.print == link_print::url) {
        into.assign(url);
        return true;
    }
    if (o.links.print == link_print::surt) return iri::crawl::append_surt(into, url, o.surt).has_value();
    if (o.links.print == link_print::key) {
        const auto r = iri::reference_view::parse(url, iri::grammar::iri);
        return r && iri::append_canonical_key(into, *r, o.normalization).has_value();
    }
    const auto s = o.psl->lookup_url_or_host(url, o.psl_sections);
    if (!s) return false;
    if (s->registrable_domain) into = *s->registrable_domain;
    else if (const auto host = iri::crawl::host_of(url); host && !host->empty()) into.assign(*host);
    return !into.empty();
}

const char* print_name(link_print p) {
    switch (p) {
        case link_print::surt: return "surt";
        case link_print::key: return "key";
        case link_print::site: return "site";
        case link_print::url: break;
    }
    return "url";
}

// The TSV columns of iri links: the page (with --pages), the printed form (--print's name), then the link's fields.
// A JSON record has these members (the page only with --pages) and raw, with the error of a link that does not
// resolve.
constexpr const char* column_names[4][8] = {
    {"url", "element", "attribute", "value", "offset", "rel"},
    {"url", "surt", "element", "attribute", "value", "offset", "rel"},
    {"url", "key", "element", "attribute", "value", "offset", "rel"},
    {"url", "site", "element", "attribute", "value", "offset", "rel"},
};
constexpr const char* page_column_names[4][8] = {
    {"page", "url", "element", "attribute", "value", "offset", "rel"},
    {"page", "url", "surt", "element", "attribute", "value", "offset", "rel"},
    {"page", "url", "key", "element", "attribute", "value", "offset", "rel"},
    {"page", "url", "site", "element", "attribute", "value", "offset", "rel"},
};

columns links_columns(const options& o) {
    const auto p = static_cast<std::size_t>(o.links.print);
    const bool page = !o.links.pages.empty();
    const std::size_t n = (p == 0 ? std::size_t{6} : std::size_t{7}) + (page ? std::size_t{1} : std::size_t{0});
    return columns(page ? page_column_names[p] : column_names[p], n);
}

void write_link(const options& o, const page_job& page, const iri::html::link& l, bool has_form,
                const std::string& form, std::string& out) {
    record_writer w(out, o.output, links_columns(o));
    if (!o.links.pages.empty()) w.string("page", page.url);
    w.optional("url", l.resolved ? std::optional<std::string_view>(l.url) : std::nullopt);
    if (o.links.print != link_print::url)
        w.optional(print_name(o.links.print), has_form ? std::optional<std::string_view>(form) : std::nullopt);
    w.string("element", l.element).string("attribute", l.attribute).string("value", l.value);
    if (o.output == output_format::json) w.string("raw", l.raw);
    w.number("offset", l.offset).string("rel", l.rel);
    if (!l.resolved && o.output == output_format::json) {
        const std::string message = l.failure.message();
        w.object("error").string("code", iri::name(l.failure.code)).number("offset", l.failure.offset);
        w.string("message", message).close();
    }
    w.end();
}

// The links of one page, printed.
page_result read_page(const options& o, const page_job& page, iri::html::extractor& x, std::string& bytes) {
    page_result r;
    bytes.clear();
    input_file in(page.file);
    char buf[1 << 16];
    while (const std::size_t n = in.read_some(buf, sizeof buf)) bytes.append(buf, n);
    if (in.error()) {  // as input_file::report says it
        r.failed = "cannot read " + (in.is_standard_input() ? std::string("standard input") : page.file) + ": " +
                   std::strerror(in.error());
        return r;
    }
    iri::html::options opt;
    opt.charset = o.charset;
    opt.scripting = o.links.scripting;
    opt.only = o.links.only;
    const auto found = x.links(bytes, page.url, opt);
    if (!found) {
        r.failed = page.where + ": the page URL is not a URL: " + found.error().message();
        return r;
    }
    std::unordered_set<std::string> seen;
    std::string form, seen_key;
    for (const iri::html::link& l : *found) {
        ++r.links;
        if (!l.resolved) ++r.unresolved;
        const bool has_form = l.resolved && printed_form(o, l.url, form);
        if (o.output == output_format::json) {
            // A link without a printed form is told by its value, after a TAB (which no form has).
            if (has_form) {
                seen_key = form;
            } else {
                seen_key.assign(1, '\t');
                seen_key.append(l.value);
            }
            if (o.links.unique && !seen.insert(seen_key).second) continue;
            write_link(o, page, l, has_form, form, r.out);
            continue;
        }
        if (!has_form) continue;  // text and TSV print the URLs (or keys) there are
        if (o.links.unique && !seen.insert(form).second) continue;
        if (o.output == output_format::tsv) {
            write_link(o, page, l, has_form, form, r.out);
            continue;
        }
        if (!o.links.pages.empty()) {
            append_shown_well_formed(r.out, page.url);
            r.out += '\t';
        }
        append_shown_well_formed(r.out, form);
        r.out += '\n';
    }
    return r;
}

// The pages of --pages LIST: "page_url<TAB>file" per line (empty lines passed over); false after a message when
// the list cannot be read or a line has no tab.
bool read_list(const std::string& list, std::vector<page_job>& pages) {
    input_file in(list);
    std::string line;
    for (std::size_t number = 1; in.read_line(line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos) {
            std::fprintf(stderr, "iri: %s:%zu: a line of --pages is \"page_url<TAB>file\"\n", list.c_str(), number);
            return false;
        }
        pages.push_back({line.substr(0, tab), line.substr(tab + 1), list + ":" + std::to_string(number)});
    }
    if (in.error()) {
        in.report();
        return false;
    }
    return true;
}

}  // namespace

int run_links(const options& o) {
    std::vector<page_job> pages;
    if (!o.links.pages.empty()) {
        if (!read_list(o.links.pages, pages)) return finish_output(exit_status::failed);
    } else {
        std::vector<std::string> files = o.references;
        files.insert(files.end(), o.inputs.begin(), o.inputs.end());
        for (const std::string& f : files) pages.push_back({*o.base_text, f, f});
    }
    if (o.output == output_format::tsv && !o.quiet) {
        if (!write_output(tsv_header(links_columns(o)))) return finish_output(exit_status::failed);
    }
    // Pages in batches of a few per thread, each batch printed in the order of the list.
    const unsigned jobs = std::max(1u, std::min<unsigned>(o.jobs, static_cast<unsigned>(pages.size())));
    const std::size_t batch = std::size_t{jobs} * 4;
    std::vector<iri::html::extractor> extractors(jobs);
    std::vector<std::string> buffers(jobs);
    std::vector<page_result> results;
    std::size_t links = 0, unresolved = 0;
    for (std::size_t first = 0; first < pages.size(); first += batch) {
        const std::size_t count = std::min(batch, pages.size() - first);
        results.assign(count, {});
        const auto work = [&](unsigned t) {
            for (std::size_t i = t; i < count; i += jobs)
                results[i] = read_page(o, pages[first + i], extractors[t], buffers[t]);
        };
        if (jobs == 1) {
            work(0);
        } else {
            // A thread that cannot be had (std::system_error, EAGAIN under RLIMIT_NPROC): its share runs here.
            std::vector<std::thread> threads;
            unsigned started = 1;
            try {
                for (; started < jobs; ++started) threads.emplace_back(work, started);
            } catch (const std::system_error&) {}
            work(0);
            for (unsigned t = started; t < jobs; ++t) work(t);
            for (std::thread& th : threads) th.join();
        }
        for (const page_result& r : results) {
            if (!r.failed.empty()) {  // the pages before it are printed, the rest are not
                std::fprintf(stderr, "iri: %s\n", r.failed.c_str());
                return finish_output(exit_status::failed);
            }
            links += r.links;
            unresolved += r.unresolved;
            if (!o.quiet && !write_output(r.out)) return finish_output(exit_status::failed);
        }
    }
    if (o.stats) std::fprintf(stderr, "pages %zu\nlinks %zu\nunresolved %zu\n", pages.size(), links, unresolved);
    return finish_output(exit_status::all_valid);
}

}  // namespace cli
