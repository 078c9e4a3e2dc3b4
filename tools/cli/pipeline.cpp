// The iri tool's batch pipeline: references come from the arguments, or from files or standard input (one per
// line, NUL-separated with -0, or one JSON string per line), are processed on --jobs threads in slices (memory
// stays bounded whatever the input size) and printed in input order, with a progress bar and --stats.
#include "pipeline.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <fstream>
#include <limits>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "io.hpp"
#include "records.hpp"
#include "subcommands.hpp"
#include "writers.hpp"

namespace cli {

namespace {

// What a batch run keeps from input to input: the counts, the clock, how many threads it may have, and the input
// being run (its name and how many records came before it, for the diagnostics' line numbers).
struct batch {
    counters total;
    std::string where;
    std::size_t input_start = 0;  // total.lines when the input began
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    // The most threads, with the calling one, that could be started: lowered when one could not (and said once).
    std::size_t thread_limit = std::numeric_limits<std::size_t>::max();
    bool told_thread_limit = false;
    [[nodiscard]] double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    }
};

// Writes the diagnostics of `s` to standard error: "iri: WHERE:LINE: " and each one's text, LINE its record's
// line in the input, after `before` lines; for the command line's references, "iri: argument N: ".
void write_diagnostics(const line_sink& s, std::string_view where, std::size_t before) {
    if (s.diagnostics.empty()) return;
    std::string text;
    std::size_t from = 0;
    for (const line_sink::diagnostic& d : s.diagnostics) {
        text.append("iri: ").append(where.empty() ? "argument " : where).append(where.empty() ? "" : ":");
        text.append(std::to_string(before + d.record + 1)).append(": ");
        text.append(std::string_view(s.err).substr(from, d.end - from)) += '\n';
        from = d.end;
    }
    std::fwrite(text.data(), 1, text.size(), stderr);
}

// The references given on the command line, one after the other (the input files' blocks use the threads). False
// when their output could not be written.
bool run_references(const options& o, counters& total) {
    chunk given;
    for (const std::string& r : o.references) add_record(o, r, r.size() + 1, given);
    line_sink s;
    for (const record& r : given.records) run(o, r, s);
    const bool written = write_output(s.out);
    write_diagnostics(s, "", 0);
    total.add(s.counts);
    return written;
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

// Up to `bytes` more bytes of input `in` at `at`: what is there for standard input (a pipe or a terminal gets its
// answers line by line, not per 4 MB), a full block from a file. Sets `more` false at the end or on an error.
std::size_t read_block(input_file& in, char* at, std::size_t bytes, bool& more) {
    const std::size_t got = in.is_standard_input() ? in.read_some(at, bytes) : in.read_full(at, bytes);
    more = in.is_standard_input() ? got > 0 : got == bytes && !in.error();
    return got;
}

// A progress bar for input `in` when it is a regular file and standard error a terminal.
progress_bar bar_for(const options& o, const input_file& in) {
    progress_bar bar;
    struct stat st {};
    if (fstat(in.fd(), &st) == 0 && S_ISREG(st.st_mode)) {
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
    line_sink sink;
};

// Runs the records of one slice, each line as it is split off (a whole block split into records first was read
// again from far away).
void run_slice(const options& o, std::string_view text, slice_work& s) {
    each_record(o, text, true, s.decoded, [&](const record& r) { run(o, r, s.sink); });
}

// Where the complete lines of `text` end: after its last separator, or at its end when it is the input's last.
std::size_t complete_lines(const options& o, std::string_view text, bool last) {
    if (last) return text.size();
    const std::size_t sep = text.rfind(record_separator(o));
    return sep == std::string_view::npos ? 0 : sep + 1;
}

// The records of `text` (whole lines, the last one perhaps without its separator) on o.jobs threads, output in
// input order: each thread takes the next slice of about 128 KB of whole lines, runs it into one of a ring of
// output slots, and whichever thread finishes the oldest unwritten slice writes it and every finished one after it,
// then calls written_to(where that slice ends in `text`). A thread waits only when the slice it would take has no
// free slot (the ring holds four per thread: memory stays bounded), never at the end of another's. This thread
// calls `meanwhile` (reading the next block of a file that is read, not mapped) after starting the others.
// Threads that cannot be started are done without (b.thread_limit), down to this one alone. An exception in any
// thread (no memory) stops them all and is thrown again here, once they are joined; a failed write stops them
// too. False when the run is to stop: standard output failed.
template <class Meanwhile, class WrittenTo>
bool run_in_order(const options& o, std::string_view text, batch& b, Meanwhile meanwhile, WrittenTo written_to) {
    constexpr std::size_t slice_bytes = std::size_t{1} << 17;
    const std::size_t jobs =
        std::max<std::size_t>(1, std::min({std::size_t{o.jobs}, text.size() / slice_bytes + 1, b.thread_limit}));
    const std::size_t ring = 4 * jobs;
    const char separator = record_separator(o);
    struct slot {
        slice_work work;
        std::size_t end = 0;  // where its slice ends in `text`
        bool done = false;
    };
    std::vector<slot> slots(ring);
    std::mutex m;
    std::condition_variable freed;
    std::size_t taken = 0, written = 0, next_at = 0;  // slices taken and written; where the next one starts
    bool stop = false;                                // a thread failed, or standard output did
    std::exception_ptr failure;                       // the first thread's exception
    auto work = [&] {
        for (;;) {
            std::unique_lock lock(m);
            freed.wait(lock, [&] { return stop || next_at == text.size() || taken - written < ring; });
            if (stop || next_at == text.size()) return;
            // Up to the first separator after slice_bytes: a longer line makes a longer slice.
            const std::size_t at = next_at;
            const std::size_t sep =
                at + slice_bytes < text.size() ? text.find(separator, at + slice_bytes) : std::string_view::npos;
            next_at = sep == std::string_view::npos ? text.size() : sep + 1;
            slot& mine = slots[taken++ % ring];
            mine.end = next_at;
            lock.unlock();
            mine.work.sink.clear();
            run_slice(o, text.substr(at, mine.end - at), mine.work);
            lock.lock();
            mine.done = true;
            for (slot* s; !stop && (s = &slots[written % ring])->done; ++written) {  // the oldest, when finished
                stop = !write_output(s->work.sink.out);
                write_diagnostics(s->work.sink, b.where, b.total.lines - b.input_start);
                b.total.add(s->work.sink.counts);
                s->done = false;
                written_to(s->end);
            }
            freed.notify_all();
        }
    };
    // Each thread's body: an exception stops the others, and is carried to this thread.
    auto guarded = [&](auto&& body) {
        try {
            body();
        } catch (...) {
            const std::lock_guard lock(m);
            if (!failure) failure = std::current_exception();
            stop = true;
            freed.notify_all();
        }
    };
    std::vector<std::thread> threads;
    try {
        threads.reserve(jobs - 1);
        for (std::size_t j = 1; j < jobs; ++j) threads.emplace_back([&] { guarded(work); });
    } catch (const std::exception& e) {  // std::system_error: no thread could be had (EAGAIN under RLIMIT_NPROC)
        b.thread_limit = threads.size() + 1;
        if (!std::exchange(b.told_thread_limit, true))
            std::fprintf(stderr, "iri: could start only %zu of %zu threads (%s): going on with %zu\n", b.thread_limit,
                         jobs, e.what(), b.thread_limit);
    }
    guarded(meanwhile);
    guarded(work);
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    return !stop;
}

// Input `in` when it is a regular file that can be mapped: read in place with no copy into a buffer (the kernel's
// copy was a fifth of a quiet validation), by run_in_order; `going` false when the run is to stop. False when `in`
// is not mapped (standard input, a pipe, an empty or special file, a failed mmap): run_file reads it instead. A
// file truncated by another process while it is read would raise SIGBUS, as with any tool that maps its input
// (ripgrep, for one).
bool run_mapped(const options& o, const input_file& in, batch& b, bool& going) {
    if (in.is_standard_input()) return false;
    struct stat st {};
    void* map = MAP_FAILED;
    if (fstat(in.fd(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        map = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, in.fd(), 0);
    if (map == MAP_FAILED) return false;
    const std::size_t size = static_cast<std::size_t>(st.st_size);
    madvise(map, size, MADV_SEQUENTIAL);
    const progress_bar bar = bar_for(o, in);
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::size_t released = 0;
    struct unmapped_at_end {  // however run_in_order ends: an exception of a thread passes through
        void* at;
        std::size_t size;
        ~unmapped_at_end() { munmap(at, size); }
    } const mapping{map, size};
    const std::string_view text(static_cast<const char*>(map), size);
    going = run_in_order(
        o, text, b, [] {},
        [&](std::size_t written) {
            // Pages read are released a megabyte at a time: each release interrupts the other threads' cores to flush
            // their TLBs, and one per 128 KB slice cost --jobs 2 about 6% of its time.
            if (const std::size_t done_pages = written / page * page; done_pages >= released + (std::size_t{1} << 20)) {
                madvise(static_cast<char*>(map) + released, done_pages - released, MADV_DONTNEED);
                released = done_pages;
            }
            bar.update(written, b.elapsed());
        });
    bar.done();
    return true;
}

// Input `f` in blocks of 4 MB: the complete lines of a block are its records, viewed in place; the incomplete
// last one moves to the front of the next block (a line longer than a block makes the buffer grow). A file's next
// block is read into the other buffer while the other threads start on this one, by the thread that then joins
// them: the read is not a pause between blocks, and no third thread shares the cores (a reading thread of its own
// made --jobs 2 slower on two cores). Standard input is read after each block, so that a terminal's lines are
// answered as they are typed. False when the run is to stop: `f` could not be read (said here), or standard output
// could not be written.
bool run_file(const options& o, const std::string& f, batch& b) {
    input_file in(f);
    b.where = f == "-" ? "(standard input)" : f;
    b.input_start = b.total.lines;
    if (in.error()) {
        in.report();
        return false;
    }
    if (bool going = true; run_mapped(o, in, b, going)) return going;
    constexpr std::size_t block_bytes = std::size_t{4} << 20;
    const progress_bar bar = bar_for(o, in);
    const bool read_ahead = !in.is_standard_input();
    std::string buffers[2];                    // this block's and the next one's; they grow only, zero-filled once
    std::size_t done = 0, filled = 0, at = 0;  // at: the buffer of this block
    bool more = true;
    // Block `buffer`: `kept` bytes already at its front (the unfinished line), then what the input has next.
    auto read_into = [&](std::string& buffer, std::size_t kept, bool& more_after) {
        if (buffer.size() < kept + block_bytes) buffer.resize(kept + block_bytes);
        return kept + read_block(in, buffer.data() + kept, block_bytes, more_after);
    };
    filled = read_into(buffers[at], 0, more);
    for (;;) {
        if (in.error()) {  // what was read before the error is run; the rest is not
            in.report();
            return false;
        }
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
        bool going = true;
        if (read_ahead) {
            going = run_in_order(o, text.substr(0, end), b, read_next, nothing);
        } else {
            going = run_in_order(
                o, text.substr(0, end), b, [] {}, nothing);
            if (going) read_next();
        }
        if (!going) return false;
        done += end;
        bar.update(done, b.elapsed());
        if (!more) break;  // that was the last block: complete_lines took all of it
        at = 1 - at, filled = next_filled, more = next_more;
    }
    bar.done();
    return true;
}

// --stats: lines, validity, MB/s and the process's own peak resident memory (Linux: VmHWM, anew at exec).
void print_stats(const counters& n, double seconds) {
    std::fprintf(stderr, "lines %zu, valid %zu, invalid %zu, %.1f MB/s", n.lines, n.valid, n.invalid,
                 seconds > 0 ? static_cast<double>(n.bytes) / 1e6 / seconds : 0.0);
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmHWM:"))
            std::fprintf(stderr, ", peak memory %s", line.substr(6).c_str() + line.substr(6).find_first_not_of(" \t"));
    std::fputc('\n', stderr);
}

}  // namespace

int run_batch(const options& o) {
    batch b;
    bool going = o.output != output_format::tsv || o.quiet || write_output(tsv_header(o.command->tsv));
    going = going && run_references(o, b.total);
    for (std::size_t i = 0; going && i < o.inputs.size(); ++i) going = run_file(o, o.inputs[i], b);
    if (o.stats) print_stats(b.total, b.elapsed());
    // Stopped by an input that could not be read, or by standard output (finish_output says which way it ended).
    if (!going && !output_failed()) return exit_status::failed;
    return finish_output(b.total.invalid == 0 ? exit_status::all_valid : exit_status::some_invalid);
}

}  // namespace cli
