// One row of the subcommands' table put together: a compute function and its two printers make the row's
// run_record, run_row<Result, compute, text, fields>. Every subcommand that reads records runs through here: the
// records that cannot be read, the counts, --quiet and the failures are handled alike for all of them.
#pragma once

#include <string>

#include "outcomes.hpp"
#include "subcommands.hpp"

namespace cli {

/// What a record is printed with (subject): its input, and the base for the subcommands that take one.
subject subject_of(const options& o, const record& r);

/// Compute: the Result of one readable record. A string it writes is appended to `sink` (the output itself in text,
/// a scratch buffer for JSON and TSV), which it leaves as it was on a failure.
template <class Result>
using compute_fn = Result (*)(const options& o, const record& r, std::string& sink);
/// The text printer of a Result that is not a failure (print_failure prints those), into `out`, where the output
/// a compute function wrote in place already is.
template <class Result>
using text_fn = void (*)(const options& o, const subject& in, const Result& x, std::string& out);
/// The JSON and TSV printer of any Result (a failure's too): its record, or records.
template <class Result>
using fields_fn = void (*)(const options& o, const subject& in, const Result& x, std::string& out);

template <class Result, compute_fn<Result> Compute, text_fn<Result> Text, fields_fn<Result> Fields>
void run_row(const options& o, const record& r, line_sink& s) {
    // In text, a compute function's output is appended to the output itself, where it is printed, not copied there
    // from a buffer of its own; JSON and TSV escape it from a buffer reused per record.
    thread_local std::string scratch;
    const bool in_place = o.output == output_format::text;
    std::string& sink = in_place ? s.out : scratch;
    scratch.clear();
    const std::size_t printed_to = s.out.size();
    const Result x = r.bad_code ? Result{.fail = failure{.code = r.bad_code, .message = r.bad}} : Compute(o, r, sink);
    x.invalid() ? ++s.counts.invalid : ++s.counts.valid;
    if (o.quiet) {
        s.out.resize(printed_to);
        return;
    }
    const subject in = subject_of(o, r);
    if (!in_place) return Fields(o, in, x, s.out);
    if (x.fail.failed()) return print_failure(o, in, x.fail, s);
    Text(o, in, x, s.out);
}

}  // namespace cli
