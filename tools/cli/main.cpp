// iri: the command-line tool (docs/cli.md). References come from the arguments, or from files or standard
// input (one per line, NUL-separated with -0, or one JSON string per line), are processed on --jobs threads in
// chunks (memory stays bounded whatever the input size) and printed in input order.
// Exit status: 0 when every input is valid, 1 when some are not, 2 for usage errors.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <deque>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "text.hpp"

namespace {

using cli::options;

const char* const usage = R"(usage: iri SUBCOMMAND [OPTIONS] [REFERENCE...]

Subcommands:
  validate    say whether each reference is valid; show where and why it is not
  parse       print the components of each reference (scheme, authority, userinfo, host and its kind,
              port and its number, path, query, fragment)
  check       every diagnostic of each reference (grammar, bidi, characters, LEIRI groups, spoofing,
              security; docs/diagnostics.md) with its code, severity and a marker under its bytes
  resolve     resolve each reference against --base B, or each pair with --pairs (RFC 3986 §5.2)
  relativize  the shortest reference from --base B (or the pair's first) to each target
  to-uri      each IRI (or, with --grammar leiri, LEIRI) as a URI (3987bis §3): characters not allowed in
              URIs as their UTF-8 octets %HH
  to-iri      each URI as an IRI (3987bis §4.2): %HH of UTF-8 characters an IRI allows decoded
  normalize   the normal form of each reference at --level (RFC 3987 §5.3)
  key         the canonical key of each reference at --level: equal keys exactly when equivalent, one per
              line, for sort -u
  compare     whether each reference is equivalent to --base B (or the pair's first and second are), at
              --level: prints "equivalent" or "different"
  extract     find the IRIs in running text (each argument a text, or the files): begin, end, IRI
              (RFC 3986 Appendix C: <...> and "..." delimiters, line breaks inside <...>, sentence
              punctuation left out, a line break after a hyphen joined)

Options:
  --grammar NAME       uri | iri | rfc3987 | leiri (default iri), or any variant built from grammar/
  --production NAME    the ABNF rule to match (IRI-reference, absolute-IRI, ihost, IPv6address, ...)
  --input FILE         read the inputs from FILE ("-": standard input, the default without arguments)
  -0                   inputs are separated by NUL instead of LF
  --input-format F     lines (default: one per line, a CR before the LF dropped) | json (each line one JSON
                       string literal, or with --pairs an array of two strings)
  --base B             the base of resolve and relativize
  --pairs              each input is "base<TAB>reference" (with json input: ["base", "reference"])
  --non-strict         resolve: ignore a reference's scheme equal to the base's (RFC 3986 §5.2.2)
  --normalize L        resolve: print each target's normal form at rung L (simple | syntax | scheme), written
                       in one pass without the unnormalized target (with --nfc, --no-fragment)
  --host M             to-uri: percent (default, §3.4.1) | idna (§3.4.2: UTS #46 ToASCII of the host)
  --charset NAME       to-uri: the document charset of http(s) queries (§3.5): ISO-8859-1, Shift_JIS, ...
  --encode-unsafe      to-uri: percent-encode space, <, >, ", {, }, |, \, ^, ` instead of failing
  --unicode-hosts      to-iri: punycode labels to Unicode (step 7)
  --keep-discouraged   to-iri: leave the §5.1 characters (compatibility, ignorable, spaces) encoded
  --keep-http-query    to-iri: leave the query of http(s) URIs as it is (step 5)
  --min-severity S     check: show error | warning | info (default) and above; the exit status follows
                       errors only
  --level L            normalize, key, compare: simple | syntax (default) | scheme, each rung including the ones
                       below it: simple string comparison; case, percent-encoding and dot segments; default
                       ports, empty paths, IDN and IPv6 forms of the scheme
  --nfc                normalize, key, compare: character normalization to NFC too (off by default, RFC 3987
                       §5.3.2.2)
  --no-fragment        normalize, key, compare: drop the fragments
  --json               one JSON object per input: input, valid, output, components, error {code, offset,
                       component, message}
  --tsv                one TSV row per input, after a header row
  --quiet              print nothing per input
  --stats              print lines, valid, invalid, MB/s and the peak memory to standard error
  --jobs N             threads (default: the number of cores); output stays in input order
  --no-progress        no progress bar (shown on a terminal when the input size is known)
  -h, --help           this text

Examples:
  iri validate 'http://例え.jp/引き割り'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri parse --json 'http://[2001:db8::7]:8080/c=GB?objectClass?one'
  iri resolve --base 'http://a/b/c/d;p?q' '../g' '//g' '?y'
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g'
  iri to-uri --host idna 'http://résumé.example.org/rosé'
  iri to-iri 'http://www.example.org/D%C3%BCrst'
  iri normalize --level scheme 'HTTP://www.Example.COM:80/%7euser/./a/../b'
  iri compare --level scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
  printf 'http://a/b/\t../c\n' | iri resolve --pairs
  iri resolve --base 'HTTP://Example.com/a/' --normalize scheme '../%7euser/./x' '//EXAMPLE.com:80'
  iri key --level scheme --input urls.txt | sort -u
  iri extract --input mail.txt --json
)";

// iri SUBCOMMAND --help: what the subcommand does, its own options and examples.
struct subcommand_help {
    const char* name;
    const char* text;
};
constexpr subcommand_help subcommand_helps[] = {
    {"validate", R"(usage: iri validate [--grammar G] [--production P] [REFERENCE... | --input FILE]
Says "valid" or "invalid" for each reference; for an invalid one, a caret under the offending character,
the error code, the component, the message and the spec section. Exit status 1 when one is invalid.
  iri validate 'http://例え.jp/引き割り' 'http://exa mple.org/'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri validate --production IPv6address '2001:db8::7'
)"},
    {"parse", R"(usage: iri parse [--grammar G] [--production P] [--scheme] [--json | --tsv] [REFERENCE...]
Prints the components: scheme, authority, userinfo, host and its kind, port and its number, path, query,
fragment ("omitted" and empty are different: http://a? has an empty query).
--scheme prints instead the parts of the reference's own scheme grammar (grammar/schemes/: the addresses and
header fields of mailto, a URN's NID and NSS, ...) or the first place the reference leaves it.
  iri parse 'http://u:p@[2001:db8::7]:8080/c=GB?objectClass?one#f'
  iri parse --json 'https://電訊盈科/'
  iri parse --scheme 'mailto:a@example.org?subject=hi'
)"},
    {"check", R"(usage: iri check [--grammar G] [--min-severity error|warning|info] [--json | --tsv] [REFERENCE...]
Every diagnostic (docs/diagnostics.md): grammar errors, bidi, character limitations, LEIRI groups,
spoofing and security checks, each with its code, severity and a marker under its bytes. The exit status
follows errors only.
  iri check 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'
  iri check --grammar leiri --json 'http://example.org/a b'
)"},
    {"resolve", R"(usage: iri resolve (--base B | --pairs) [--non-strict] [--normalize L [--nfc] [--no-fragment]]
                   [--grammar G] [REFERENCE...]
Resolves each reference against the base (RFC 3986 §5.2); with --pairs each input is "base<TAB>reference".
With --normalize L, prints the target's normal form at rung L (simple, syntax or scheme; RFC 3987 §5.3),
written in one pass from the base, parsed once, and the reference.
  iri resolve --base 'http://a/b/c/d;p?q' '../g' '//g' '?y' '#s'
  printf 'http://a/b/\t../c\n' | iri resolve --pairs
  iri resolve --non-strict --base 'http://a/b/c/d;p?q' 'http:g'
  iri resolve --base 'HTTP://Example.com/a/' --normalize scheme '../%7euser/./x' '//EXAMPLE.com:80'
)"},
    {"relativize", R"(usage: iri relativize (--base B | --pairs) [--grammar G] [TARGET...]
The shortest reference that resolves from the base back to each target; the error not_relativizable when
none does (a relative target, or a path with dot segments, which resolution removes).
  iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/g' 'http://a/b/c/g:h' 'http://x/y'
)"},
    {"normalize", R"(usage: iri normalize [--level simple|syntax|scheme] [--nfc] [--no-fragment] [REFERENCE...]
The normal form at a rung of RFC 3987 §5.3's ladder (each includes the ones below): simple string
comparison; case, percent-encoding and dot segments; default ports, empty paths, IDN and IPv6 forms.
  iri normalize 'HTTP://www.EXAMPLE.com/%7euser/./a/../b'
  iri normalize --level scheme 'http://example.com:80' 'http://xn--rsum-bpad.example.org'
)"},
    {"key", R"(usage: iri key [--level simple|syntax|scheme] [--nfc] [--no-fragment] [REFERENCE...]
The canonical key of each reference, one per line: two references have equal keys exactly when they are
equivalent at the rung (RFC 3987 §5.3), so "sort -u" de-duplicates them.
  iri key --level scheme 'http://example.com' 'HTTP://EXAMPLE.com:80/'
  iri key --level scheme --input urls.txt | sort -u
)"},
    {"compare", R"(usage: iri compare (--base B | --pairs) [--level L] [--nfc] [--no-fragment] [REFERENCE...]
"equivalent" or "different" for each reference against the base, or for each pair, at the chosen rung.
  iri compare --level scheme --base 'http://example.com' 'http://example.com:80/' 'http://example.com/?'
)"},
    {"to-uri", R"(usage: iri to-uri [--grammar iri|rfc3987|leiri] [--host percent|idna] [--charset NAME] [--encode-unsafe]
Maps each IRI (or LEIRI) to a URI (3987bis §3): characters URIs do not allow as their UTF-8 octets %HH;
--host idna writes the host with UTS #46 A-labels; --charset is the document charset of http(s) queries.
  iri to-uri 'http://www.example.org/red%09rosé#red'
  iri to-uri --host idna 'http://résumé.example.org'
  iri to-uri --charset Shift_JIS 'https://example.jp/?q=日本'
)"},
    {"to-iri", R"(usage: iri to-iri [--grammar iri|rfc3987] [--unicode-hosts] [--keep-discouraged] [--keep-http-query]
Maps each URI to an IRI by the steps of 3987bis §4.2: %HH of UTF-8 characters the component allows are
decoded; reserved characters, non-UTF-8 octets and inappropriate characters stay encoded.
  iri to-iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'
  iri to-iri --unicode-hosts 'http://xn--99zt52a.example.org/%e2%80%ae'
)"},
    {"extract", R"(usage: iri extract [--grammar G] [--json | --tsv] [TEXT... | --input FILE]
Finds the IRIs in running text (RFC 3986 Appendix C, 3987bis §8.3) and prints begin, end and the IRI.
  iri extract 'See <http://example.com/a\n  b> and "http://例え.jp/".'
  iri extract --json --input mail.txt
)"},
};

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "iri: " << message << "\n\nRun 'iri --help' for the subcommands and options.\n";
    std::exit(2);
}

options parse_args(int argc, char** argv) {
    options o;
    o.jobs = std::max(1u, std::thread::hardware_concurrency());
    if (argc < 2) usage_error("a subcommand is needed");
    o.command = argv[1];
    if (o.command == "-h" || o.command == "--help") {
        std::cout << usage;
        std::exit(0);
    }
    if (o.command != "validate" && o.command != "parse" && o.command != "check" && o.command != "extract" &&
        !cli::has_output(o.command) && !cli::takes_pairs(o.command))
        usage_error("unknown subcommand " + o.command);
    bool json = false, tsv = false;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage_error(a + " needs a value");
            return argv[++i];
        };
        if (a == "-h" || a == "--help") {
            for (const subcommand_help& h : subcommand_helps)
                if (o.command == h.name) {
                    std::cout << h.text << "\nCommon options: see iri --help.\n";
                    std::exit(0);
                }
            std::cout << usage;
            std::exit(0);
        } else if (a == "--grammar") {
            const std::string v = value();
            const auto g = iri::find_grammar(v);
            if (!g) usage_error("unknown grammar " + v);
            o.grammar = *g;
        } else if (a == "--scheme") {
            o.scheme = true;
        } else if (a == "--production") {
            o.production_name = value();
        } else if (a == "--input") {
            o.inputs.push_back(value());
        } else if (a == "-0") {
            o.input = cli::input_format::nul;
        } else if (a == "--input-format") {
            const std::string v = value();
            if (v == "json") o.input = cli::input_format::json;
            else if (v != "lines") usage_error("unknown input format " + v + " (lines or json)");
        } else if (a == "--base") {
            o.base_text = value();
        } else if (a == "--pairs") {
            o.pairs = true;
        } else if (a == "--non-strict") {
            o.strict = false;
        } else if (a == "--level" || a == "--normalize") {
            const std::string v = value();
            if (v == "simple") o.normalization.rung = iri::rung::simple;
            else if (v == "syntax") o.normalization.rung = iri::rung::syntax;
            else if (v == "scheme") o.normalization.rung = iri::rung::scheme;
            else usage_error("unknown level " + v + " (simple, syntax or scheme)");
            if (a == "--normalize") {
                if (o.command != "resolve") usage_error("--normalize is for resolve (normalize takes --level)");
                o.resolve_normalized = true;
            }
        } else if (a == "--min-severity") {
            const std::string v = value();
            if (v == "error") o.min_severity = iri::severity::error;
            else if (v == "warning") o.min_severity = iri::severity::warning;
            else if (v == "info") o.min_severity = iri::severity::info;
            else usage_error("unknown severity " + v + " (error, warning or info)");
        } else if (a == "--host") {
            const std::string v = value();
            if (v == "idna") o.to_uri.host = iri::host_mapping::idna;
            else if (v != "percent") usage_error("unknown host mapping " + v + " (percent or idna)");
        } else if (a == "--charset") {
            o.charset = value();
        } else if (a == "--encode-unsafe") {
            o.to_uri.encode_unsafe_ascii = true;
        } else if (a == "--unicode-hosts") {
            o.to_iri.unicode_hosts = true;
        } else if (a == "--keep-discouraged") {
            o.to_iri.keep_discouraged_encoded = true;
        } else if (a == "--keep-http-query") {
            o.to_iri.keep_http_query_encoded = true;
        } else if (a == "--nfc") {
            o.normalization.nfc = true;
        } else if (a == "--no-fragment") {
            o.normalization.keep_fragment = false;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--tsv") {
            tsv = true;
        } else if (a == "--quiet") {
            o.quiet = true;
        } else if (a == "--stats") {
            o.stats = true;
        } else if (a == "--no-progress") {
            o.progress = false;
        } else if (a == "--jobs") {
            const std::string v = value();
            char* end = nullptr;
            const unsigned long j = std::strtoul(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || j == 0 || j > 256) usage_error("--jobs needs a number from 1 to 256");
            o.jobs = static_cast<unsigned>(j);
        } else if (a == "--") {
            for (++i; i < argc; ++i) o.references.emplace_back(argv[i]);
        } else if (a.size() > 1 && a[0] == '-') {
            usage_error("unknown option " + a);
        } else {
            o.references.push_back(a);
        }
    }
    if (json && tsv) usage_error("--json and --tsv exclude each other");
    if (o.command == "to-iri") o.to_iri.to = o.grammar == iri::grammar::rfc3987 ? iri::grammar::rfc3987 : iri::grammar::iri;
    o.output = json ? cli::output_format::json : tsv ? cli::output_format::tsv : cli::output_format::text;
    if (!o.production_name.empty()) {
        const auto p = iri::find_production(o.grammar, o.production_name);
        if (!p) usage_error("grammar " + std::string(iri::name(o.grammar)) + " has no production " + o.production_name);
        o.production = *p;
    }
    if (cli::takes_pairs(o.command)) {
        if (o.pairs == o.base_text.has_value()) usage_error(o.command + " needs either --base B or --pairs");
        if (o.base_text) {
            auto b = iri::reference::parse(*o.base_text, o.grammar);
            if (!b) {
                std::cerr << "iri: the base is not valid\n" << cli::caret_display(*o.base_text, b.error());
                std::exit(2);
            }
            if (!b->has_scheme() && o.command != "compare")
                usage_error("the base needs a scheme (RFC 3986 §5.1): " + *o.base_text);
            o.base = std::move(*b);
            if (o.command == "resolve")
                o.resolver = *iri::resolver::make(*o.base_text, o.grammar, cli::resolver_options(o), {.strict = o.strict});
        }
    } else if (o.pairs || o.base_text) {
        usage_error("--base and --pairs are for resolve, relativize and compare");
    }
    if (o.references.empty() && o.inputs.empty()) o.inputs.emplace_back("-");
    return o;
}

// A block of input in memory and the records that view it; JSON strings, decoded, are kept in `decoded`
// (a deque: its strings never move, so views into them stay valid).
struct chunk {
    std::string text;
    std::deque<std::string> decoded;
    std::vector<cli::record> records;
    void clear() {
        decoded.clear();
        records.clear();
    }
};

// Turns one raw input (a line, a NUL-terminated string or a JSON line) into a record of `c`.
void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c) {
    cli::record& r = c.records.emplace_back();
    r.bytes = bytes;
    if (o.input == cli::input_format::json) {
        std::vector<std::string> values;
        if (auto e = cli::json_strings(raw, values)) r.bad = *e;
        else if (values.size() != (o.pairs ? 2u : 1u))
            r.bad = o.pairs ? "an array of two strings is expected" : "one JSON string literal is expected";
        if (r.bad.empty())
            for (std::string& v : values) r.fields.push_back(c.decoded.emplace_back(std::move(v)));
        return;
    }
    if (o.pairs) {
        const std::size_t tab = raw.find('\t');
        if (tab == std::string_view::npos) {
            r.bad = "a pair needs a TAB between base and reference";
            r.fields.push_back(raw);
            return;
        }
        r.fields.push_back(raw.substr(0, tab));
        r.fields.push_back(raw.substr(tab + 1));
        return;
    }
    r.fields.push_back(raw);
}

// Processes a chunk of records on o.jobs threads, each on a contiguous slice; output in input order.
void run_chunk(const options& o, const std::vector<cli::record>& chunk, cli::counters& total) {
    if (chunk.empty()) return;
    const std::size_t jobs = std::min<std::size_t>(o.jobs, chunk.size());
    std::vector<std::string> outs(jobs);
    std::vector<cli::counters> counts(jobs);
    auto work = [&](std::size_t j) {
        const std::size_t from = chunk.size() * j / jobs, to = chunk.size() * (j + 1) / jobs;
        for (std::size_t i = from; i < to; ++i) cli::run(o, chunk[i], outs[j], counts[j]);
    };
    if (jobs <= 1) {
        if (jobs == 1) work(0);
    } else {
        std::vector<std::thread> threads;
        for (std::size_t j = 1; j < jobs; ++j) threads.emplace_back(work, j);
        work(0);
        for (auto& t : threads) t.join();
    }
    for (std::size_t j = 0; j < jobs; ++j) {
        std::fwrite(outs[j].data(), 1, outs[j].size(), stdout);
        total.add(counts[j]);
    }
}

// A progress bar on standard error, when it is a terminal and the input's size is known.
struct progress_bar {
    std::size_t size = 0;
    bool on = false;
    void update(std::size_t done, double seconds) const {
        if (!on) return;
        const double f = size ? static_cast<double>(done) / static_cast<double>(size) : 0;
        const int filled = static_cast<int>(f * 30);
        std::fprintf(stderr, "\r[%-30.*s] %3d%%  %.1f MB/s", filled, "##############################",
                     static_cast<int>(f * 100), seconds > 0 ? static_cast<double>(done) / 1e6 / seconds : 0.0);
    }
    void done() const {
        if (on) std::fprintf(stderr, "\r%50s\r", "");
    }
};

}  // namespace

int main(int argc, char** argv) {
    options o = parse_args(argc, argv);
    o.to_uri.query_charset = o.charset;  // points into o, which lives to the end
    if (o.command == "extract") return cli::run_extract(o);
    cli::counters n;
    const auto t0 = std::chrono::steady_clock::now();
    const auto elapsed = [&]() { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    if (o.output == cli::output_format::tsv && !o.quiet) std::fputs(cli::tsv_header(o).c_str(), stdout);

    chunk block;
    for (const std::string& r : o.references) add_record(o, r, r.size() + 1, block);
    run_chunk(o, block.records, n);

    // Files are read in blocks of 4 MB: the complete lines (or NUL-terminated strings) of a block are its
    // records, viewed in place; the incomplete last one moves to the front of the next block.
    constexpr std::size_t block_bytes = std::size_t{4} << 20;
    const char separator = o.input == cli::input_format::nul ? '\0' : '\n';
    for (const std::string& f : o.inputs) {
        std::ifstream file;
        std::istream* const in = cli::open_input(f, file);
        if (!in) return 2;
        progress_bar bar;
        struct stat st {};
        const int fd = f == "-" ? 0 : -1;
        if ((fd == 0 ? fstat(0, &st) : stat(f.c_str(), &st)) == 0 && S_ISREG(st.st_mode)) {
            bar.size = static_cast<std::size_t>(st.st_size);
            bar.on = o.progress && isatty(2) && !o.stats;
        }
        std::size_t done = 0;
        std::string carry;  // the start of a line the previous block did not finish
        for (bool more = true; more;) {
            block.clear();
            block.text.swap(carry);
            const std::size_t kept = block.text.size();
            block.text.resize(kept + block_bytes);
            std::size_t got = 0;
            if (f == "-") {  // what is there: a pipe or a terminal gets its answers line by line, not per 4 MB
                ssize_t r = 0;
                do r = ::read(0, block.text.data() + kept, block_bytes);
                while (r < 0 && errno == EINTR);
                got = r > 0 ? static_cast<std::size_t>(r) : 0;
                more = r > 0;
            } else {
                in->read(block.text.data() + kept, static_cast<std::streamsize>(block_bytes));
                got = static_cast<std::size_t>(in->gcount());
                more = static_cast<bool>(*in);
            }
            block.text.resize(kept + got);
            const std::string_view text = block.text;
            std::size_t from = 0;
            for (std::size_t sep; (sep = text.find(separator, from)) != std::string_view::npos; from = sep + 1) {
                std::string_view line = text.substr(from, sep - from);
                if (separator == '\n' && !line.empty() && line.back() == '\r') line.remove_suffix(1);
                add_record(o, line, sep - from + 1, block);
            }
            if (!more && from < text.size()) {  // the last line, without a separator
                std::string_view line = text.substr(from);
                if (separator == '\n' && !line.empty() && line.back() == '\r') line.remove_suffix(1);
                add_record(o, line, text.size() - from, block);
                from = text.size();
            }
            carry.assign(text.substr(from));  // (a line longer than a block grows the next one)
            run_chunk(o, block.records, n);
            for (const auto& r : block.records) done += r.bytes;
            bar.update(done, elapsed());
        }
        bar.done();
    }
    std::fflush(stdout);
    if (o.stats) {
        const double s = elapsed();
        std::fprintf(stderr, "lines %zu, valid %zu, invalid %zu, %.1f MB/s", n.lines, n.valid, n.invalid,
                     s > 0 ? static_cast<double>(n.bytes) / 1e6 / s : 0.0);
        // The process's own peak resident memory (Linux: VmHWM, which starts anew at exec).
        std::ifstream status("/proc/self/status");
        for (std::string line; std::getline(status, line);)
            if (line.starts_with("VmHWM:")) std::fprintf(stderr, ", peak memory %s", line.substr(6).c_str() + line.substr(6).find_first_not_of(" \t"));
        std::fputc('\n', stderr);
    }
    return n.invalid == 0 ? 0 : 1;
}
