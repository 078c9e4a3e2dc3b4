// iri: the command-line tool (docs/cli.md). References come from the arguments, or from files or standard
// input (one per line, NUL-separated with -0, or one JSON string per line), are processed on --jobs threads in
// chunks (memory stays bounded whatever the input size) and printed in input order.
// Exit status: 0 when every input is valid, 1 when some are not, 2 for usage errors.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "subcommands.hpp"
#include "records.hpp"
#include "shown.hpp"

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
  --scheme             parse: the parts of each reference under its scheme's own grammar (grammar/schemes/:
                       mailto addresses and header fields, a URN's NID and NSS, ...), or where it leaves it
  --scheme-grammar N   parse --scheme: the scheme grammar named N instead, such as file_appendix_e (RFC 8089
                       Appendix E: drive letters, UNC paths)
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

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "iri: " << message << "\n\nRun 'iri --help' for the subcommands and options.\n";
    std::exit(2);
}

// What the options say beyond `options` itself, until the arguments are read.
struct arg_state {
    bool json = false, tsv = false;
};

// One option: its name, whether a value follows, and what it sets.
struct option_spec {
    const char* name;
    bool takes_value;
    void (*apply)(options& o, arg_state& st, const std::string& v);
};

// The value v of option `name` among `choices` (name=value pairs); a usage error for any other.
template <class T, std::size_t N>
T choose(const char* what, const std::string& v, const std::pair<const char*, T> (&choices)[N]) {
    std::string names;
    for (const auto& [n, value] : choices) {
        if (v == n) return value;
        names += names.empty() ? n : std::string(", ") + n;
    }
    usage_error("unknown " + std::string(what) + " " + v + " (" + names + ")");
}

unsigned jobs_value(const std::string& v) {
    char* end = nullptr;
    const unsigned long j = std::strtoul(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || j == 0 || j > 256) usage_error("--jobs needs a number from 1 to 256");
    return static_cast<unsigned>(j);
}

constexpr std::pair<const char*, iri::rung> levels[] = {
    {"simple", iri::rung::simple}, {"syntax", iri::rung::syntax}, {"scheme", iri::rung::scheme}};
constexpr std::pair<const char*, iri::severity> severities[] = {
    {"error", iri::severity::error}, {"warning", iri::severity::warning}, {"info", iri::severity::info}};
constexpr std::pair<const char*, iri::host_mapping> host_mappings[] = {
    {"percent", iri::host_mapping::percent_encoding}, {"idna", iri::host_mapping::idna}};
constexpr std::pair<const char*, cli::input_format> input_formats[] = {
    {"lines", cli::input_format::lines}, {"json", cli::input_format::json}};

// The options of every subcommand (iri --help says which is for which).
const option_spec option_specs[] = {
    {"--grammar", true, [](options& o, arg_state&, const std::string& v) {
         const auto g = iri::find_grammar(v);
         if (!g) usage_error("unknown grammar " + v);
         o.grammar = *g;
     }},
    {"--production", true, [](options& o, arg_state&, const std::string& v) { o.production_name = v; }},
    {"--scheme", false, [](options& o, arg_state&, const std::string&) { o.scheme = true; }},
    {"--scheme-grammar", true, [](options& o, arg_state&, const std::string& v) {
         o.scheme = true;
         o.scheme_grammar = v;
     }},
    {"--input", true, [](options& o, arg_state&, const std::string& v) { o.inputs.push_back(v); }},
    {"-0", false, [](options& o, arg_state&, const std::string&) { o.input = cli::input_format::nul; }},
    {"--input-format", true,
     [](options& o, arg_state&, const std::string& v) { o.input = choose("input format", v, input_formats); }},
    {"--base", true, [](options& o, arg_state&, const std::string& v) { o.base_text = v; }},
    {"--pairs", false, [](options& o, arg_state&, const std::string&) { o.pairs = true; }},
    {"--non-strict", false, [](options& o, arg_state&, const std::string&) { o.strict = false; }},
    {"--level", true,
     [](options& o, arg_state&, const std::string& v) { o.normalization.rung = choose("level", v, levels); }},
    {"--normalize", true, [](options& o, arg_state&, const std::string& v) {
         if (o.command != cli::find_subcommand("resolve")) usage_error("--normalize is for resolve (normalize takes --level)");
         o.normalization.rung = choose("level", v, levels);
         o.resolve_normalized = true;
     }},
    {"--min-severity", true,
     [](options& o, arg_state&, const std::string& v) { o.min_severity = choose("severity", v, severities); }},
    {"--host", true,
     [](options& o, arg_state&, const std::string& v) { o.to_uri.host = choose("host mapping", v, host_mappings); }},
    {"--charset", true, [](options& o, arg_state&, const std::string& v) { o.charset = v; }},
    {"--encode-unsafe", false, [](options& o, arg_state&, const std::string&) { o.to_uri.encode_unsafe_ascii = true; }},
    {"--unicode-hosts", false, [](options& o, arg_state&, const std::string&) { o.to_iri.unicode_hosts = true; }},
    {"--keep-discouraged", false,
     [](options& o, arg_state&, const std::string&) { o.to_iri.keep_discouraged_encoded = true; }},
    {"--keep-http-query", false,
     [](options& o, arg_state&, const std::string&) { o.to_iri.keep_http_query_encoded = true; }},
    {"--nfc", false, [](options& o, arg_state&, const std::string&) { o.normalization.nfc = true; }},
    {"--no-fragment", false, [](options& o, arg_state&, const std::string&) { o.normalization.keep_fragment = false; }},
    {"--json", false, [](options&, arg_state& st, const std::string&) { st.json = true; }},
    {"--tsv", false, [](options&, arg_state& st, const std::string&) { st.tsv = true; }},
    {"--quiet", false, [](options& o, arg_state&, const std::string&) { o.quiet = true; }},
    {"--stats", false, [](options& o, arg_state&, const std::string&) { o.stats = true; }},
    {"--no-progress", false, [](options& o, arg_state&, const std::string&) { o.progress = false; }},
    {"--jobs", true, [](options& o, arg_state&, const std::string& v) { o.jobs = jobs_value(v); }},
};

// The subcommand named by the first argument; prints the usage for -h and --help.
const cli::subcommand* read_subcommand(int argc, char** argv) {
    if (argc < 2) usage_error("a subcommand is needed");
    const std::string name = argv[1];
    if (name == "-h" || name == "--help") {
        std::cout << usage;
        std::exit(0);
    }
    const cli::subcommand* c = cli::find_subcommand(name);
    if (!c) usage_error("unknown subcommand " + name);
    return c;
}

// The options and references after the subcommand.
void read_arguments(int argc, char** argv, options& o, arg_state& st) {
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::cout << o.command->help << "\nCommon options: see iri --help.\n";
            std::exit(0);
        }
        if (a == "--") {
            for (++i; i < argc; ++i) o.references.emplace_back(argv[i]);
            break;
        }
        const auto spec = std::find_if(std::begin(option_specs), std::end(option_specs),
                                       [&](const option_spec& s) { return a == s.name; });
        if (spec != std::end(option_specs)) {
            if (spec->takes_value && i + 1 >= argc) usage_error(a + " needs a value");
            spec->apply(o, st, spec->takes_value ? argv[++i] : "");
        } else if (a.size() > 1 && a[0] == '-') {
            usage_error("unknown option " + a);
        } else {
            o.references.push_back(a);
        }
    }
}

// --base B parsed once (resolve, relativize and compare), or --pairs; a usage error otherwise.
void read_base(options& o) {
    if (!o.command->pairs) {
        if (o.pairs || o.base_text) usage_error("--base and --pairs are for resolve, relativize and compare");
        return;
    }
    if (o.pairs == o.base_text.has_value()) usage_error(std::string(o.command->name) + " needs either --base B or --pairs");
    if (!o.base_text) return;
    auto b = iri::reference::parse(*o.base_text, o.grammar);
    if (!b) {
        std::cerr << "iri: the base is not valid\n" << cli::caret_display(*o.base_text, b.error());
        std::exit(2);
    }
    if (!b->has_scheme() && o.command->prints != cli::shape::equivalence)
        usage_error("the base needs a scheme (RFC 3986 §5.1): " + *o.base_text);
    o.base = std::move(*b);
    if (o.command == cli::find_subcommand("resolve"))  // the base parsed once, each target written by a resolver
        o.resolver = *iri::resolver::make(*o.base_text, o.grammar, cli::resolver_options(o), {.strict = o.strict});
}

options parse_args(int argc, char** argv) {
    options o;
    o.jobs = std::max(1u, std::thread::hardware_concurrency());
    o.command = read_subcommand(argc, argv);
    arg_state st;
    read_arguments(argc, argv, o, st);
    if (st.json && st.tsv) usage_error("--json and --tsv exclude each other");
    o.output = st.json ? cli::output_format::json : st.tsv ? cli::output_format::tsv : cli::output_format::text;
    if (!o.production_name.empty()) {
        const auto p = iri::find_production(o.grammar, o.production_name);
        if (!p) usage_error("grammar " + std::string(iri::name(o.grammar)) + " has no production " + o.production_name);
        o.production = *p;
    }
    read_base(o);
    if (o.references.empty() && o.inputs.empty()) o.inputs.emplace_back("-");
    return o;
}

// The references given on the command line, one after the other (the input files' blocks use the threads).
void run_references(const options& o, cli::counters& total) {
    cli::chunk given;
    for (const std::string& r : o.references) cli::add_record(o, r, r.size() + 1, given);
    std::string out;
    for (const cli::record& r : given.records) cli::run(o, r, out, total);
    std::fwrite(out.data(), 1, out.size(), stdout);
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

// Up to `bytes` more bytes of input `f` at `at`: what is there for standard input (a pipe or a terminal gets its
// answers line by line, not per 4 MB), a full block from a file. Sets `more` false at the end.
std::size_t read_block(const std::string& f, std::istream& in, char* at, std::size_t bytes, bool& more) {
    if (f == "-") {
        ssize_t r = 0;
        do r = ::read(0, at, bytes);
        while (r < 0 && errno == EINTR);
        more = r > 0;
        return r > 0 ? static_cast<std::size_t>(r) : 0;
    }
    in.read(at, static_cast<std::streamsize>(bytes));
    more = static_cast<bool>(in);
    return static_cast<std::size_t>(in.gcount());
}

// A progress bar for input `f` when it is a regular file and standard error a terminal.
progress_bar bar_for(const options& o, const std::string& f) {
    progress_bar bar;
    struct stat st {};
    if ((f == "-" ? fstat(0, &st) : stat(f.c_str(), &st)) == 0 && S_ISREG(st.st_mode)) {
        bar.size = static_cast<std::size_t>(st.st_size);
        bar.on = o.progress && isatty(2) && !o.stats;
    }
    return bar;
}

// One slice of the input's lines: its output and its counts. The input is cut into slices, each split into
// records and run by whichever thread takes it next (splitting into records is parallel too, and a thread with
// slow lines, such as IRIs to check, does not hold the others up). A slot's buffers are kept from slice to slice.
struct slice_work {
    std::deque<std::string> decoded;  // a JSON line's strings
    std::string out;
    cli::counters counts;
};

// Runs the records of one slice, each line as it is split off (a whole block split into records first was read
// again from far away).
void run_slice(const options& o, std::string_view text, slice_work& s) {
    cli::each_record(o, text, true, s.decoded, [&](const cli::record& r) { cli::run(o, r, s.out, s.counts); });
}

// Where the complete lines of `text` end: after its last separator, or at its end when it is the input's last.
std::size_t complete_lines(const options& o, std::string_view text, bool last) {
    if (last) return text.size();
    const std::size_t sep = text.rfind(cli::record_separator(o));
    return sep == std::string_view::npos ? 0 : sep + 1;
}

// The records of `text` (whole lines, the last one perhaps without its separator) on o.jobs threads, output in
// input order: each thread takes the next slice of about 128 KB of whole lines, runs it into one of a ring of
// output slots, and whichever thread finishes the oldest unwritten slice writes it and every finished one after it,
// then calls written_to(where that slice ends in `text`). A thread waits only when the slice it would take has no
// free slot (the ring holds four per thread: memory stays bounded), never at the end of another's. This thread
// calls `meanwhile` (reading the next block of a file that is read, not mapped) after starting the others.
template <class Meanwhile, class WrittenTo>
void run_in_order(const options& o, std::string_view text, cli::counters& total, Meanwhile meanwhile,
                  WrittenTo written_to) {
    constexpr std::size_t slice_bytes = std::size_t{1} << 17;
    const std::size_t jobs = std::max<std::size_t>(1, std::min<std::size_t>(o.jobs, text.size() / slice_bytes + 1));
    const std::size_t ring = 4 * jobs;
    const char separator = cli::record_separator(o);
    struct slot {
        slice_work work;
        std::size_t end = 0;  // where its slice ends in `text`
        bool done = false;
    };
    std::vector<slot> slots(ring);
    std::mutex m;
    std::condition_variable freed;
    std::size_t taken = 0, written = 0, next_at = 0;  // slices taken and written; where the next one starts
    auto work = [&] {
        for (;;) {
            std::unique_lock lock(m);
            freed.wait(lock, [&] { return next_at == text.size() || taken - written < ring; });
            if (next_at == text.size()) return;
            // Up to the first separator after slice_bytes: a longer line makes a longer slice.
            const std::size_t at = next_at;
            const std::size_t sep = at + slice_bytes < text.size() ? text.find(separator, at + slice_bytes)
                                                                   : std::string_view::npos;
            next_at = sep == std::string_view::npos ? text.size() : sep + 1;
            slot& mine = slots[taken++ % ring];
            mine.end = next_at;
            lock.unlock();
            mine.work.out.clear();
            mine.work.counts = {};
            run_slice(o, text.substr(at, mine.end - at), mine.work);
            lock.lock();
            mine.done = true;
            for (slot* s; (s = &slots[written % ring])->done; ++written) {  // the oldest, when it is finished
                std::fwrite(s->work.out.data(), 1, s->work.out.size(), stdout);
                total.add(s->work.counts);
                s->done = false;
                written_to(s->end);
            }
            freed.notify_all();
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t j = 1; j < jobs; ++j) threads.emplace_back(work);
    meanwhile();
    work();
    for (auto& t : threads) t.join();
}

// Input `f` when it is a regular file that can be mapped: read in place with no copy into a buffer (the kernel's
// copy was a fifth of a quiet validation), by run_in_order. False when `f` is not mapped (standard input, a pipe,
// an empty or special file, a failed mmap): run_file reads it instead. A file truncated by another process while
// it is read would raise SIGBUS, as with any tool that maps its input (ripgrep, for one).
template <class Clock>
bool run_mapped(const options& o, const std::string& f, cli::counters& n, Clock elapsed) {
    if (f == "-") return false;
    const int fd = ::open(f.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    void* map = MAP_FAILED;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) return false;
    const std::size_t size = static_cast<std::size_t>(st.st_size);
    madvise(map, size, MADV_SEQUENTIAL);
    const progress_bar bar = bar_for(o, f);
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::size_t released = 0;
    run_in_order(o, std::string_view(static_cast<const char*>(map), size), n, [] {}, [&](std::size_t written) {
        // Pages read are released a megabyte at a time: each release interrupts the other threads' cores to flush
        // their TLBs, and one per 128 KB slice cost --jobs 2 about 6% of its time.
        if (const std::size_t done_pages = written / page * page; done_pages >= released + (std::size_t{1} << 20)) {
            madvise(static_cast<char*>(map) + released, done_pages - released, MADV_DONTNEED);
            released = done_pages;
        }
        bar.update(written, elapsed());
    });
    bar.done();
    munmap(map, size);
    return true;
}

// Input `f` in blocks of 4 MB: the complete lines of a block are its records, viewed in place; the incomplete
// last one moves to the front of the next block (a line longer than a block makes the buffer grow). False when
// it cannot be read. A file's next block is read into the other buffer while the other threads start on this
// one, by the thread that then joins them: the read is not a pause between blocks, and no third thread shares
// the cores (a reading thread of its own made --jobs 2 slower on two cores). Standard input is read after each
// block, so that a terminal's lines are answered as they are typed.
template <class Clock>
bool run_file(const options& o, const std::string& f, cli::counters& n, Clock elapsed) {
    if (run_mapped(o, f, n, elapsed)) return true;
    constexpr std::size_t block_bytes = std::size_t{4} << 20;
    std::ifstream file;
    std::istream* const in = cli::open_input(f, file);
    if (!in) return false;
    const progress_bar bar = bar_for(o, f);
    const bool read_ahead = f != "-";
    std::string buffers[2];  // this block's and the next one's; they grow only, zero-filled once
    std::size_t done = 0, filled = 0, at = 0;  // at: the buffer of this block
    bool more = true;
    // Block `b`: `kept` bytes already at its front (the unfinished line), then what the input has next.
    auto read_into = [&](std::string& b, std::size_t kept, bool& more_after) {
        if (b.size() < kept + block_bytes) b.resize(kept + block_bytes);
        return kept + read_block(f, *in, b.data() + kept, block_bytes, more_after);
    };
    filled = read_into(buffers[at], 0, more);
    for (;;) {
        const std::string_view text(buffers[at].data(), filled);
        const std::size_t end = complete_lines(o, text, !more);
        std::string& next = buffers[1 - at];
        const std::size_t kept = filled - end;
        std::size_t next_filled = 0;
        bool next_more = more;
        auto read_next = [&] {
            if (next.size() < kept) next.resize(kept);
            std::memcpy(next.data(), text.data() + end, kept);
            next_filled = more ? read_into(next, kept, next_more) : kept;
        };
        const auto nothing = [](std::size_t) {};
        if (read_ahead) {
            run_in_order(o, text.substr(0, end), n, read_next, nothing);
        } else {
            run_in_order(o, text.substr(0, end), n, [] {}, nothing);
            read_next();
        }
        done += end;
        bar.update(done, elapsed());
        if (!more) break;  // that was the last block: complete_lines took all of it
        at = 1 - at, filled = next_filled, more = next_more;
    }
    bar.done();
    return true;
}

// --stats: lines, validity, MB/s and the process's own peak resident memory (Linux: VmHWM, anew at exec).
void print_stats(const cli::counters& n, double seconds) {
    std::fprintf(stderr, "lines %zu, valid %zu, invalid %zu, %.1f MB/s", n.lines, n.valid, n.invalid,
                 seconds > 0 ? static_cast<double>(n.bytes) / 1e6 / seconds : 0.0);
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmHWM:"))
            std::fprintf(stderr, ", peak memory %s", line.substr(6).c_str() + line.substr(6).find_first_not_of(" \t"));
    std::fputc('\n', stderr);
}

}  // namespace

int main(int argc, char** argv) {
    options o = parse_args(argc, argv);
    o.to_uri.query_charset = o.charset;  // points into o, which lives to the end
    if (o.command->prints == cli::shape::texts) return cli::run_extract(o);
    cli::counters n;
    const auto t0 = std::chrono::steady_clock::now();
    const auto elapsed = [&]() { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    if (o.output == cli::output_format::tsv && !o.quiet) std::fputs(cli::tsv_header(o).c_str(), stdout);

    run_references(o, n);
    for (const std::string& f : o.inputs)
        if (!run_file(o, f, n, elapsed)) return 2;
    std::fflush(stdout);
    if (o.stats) print_stats(n, elapsed());
    return n.invalid == 0 ? 0 : 1;
}
