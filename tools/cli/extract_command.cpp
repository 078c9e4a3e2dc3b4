// iri extract: the IRIs in running text, with their byte offsets (iri/extract.hpp). The text comes from the
// arguments (each one a text) or from files, read in blocks of about 4 MB that end at a blank line (where no
// IRI spans), so memory stays bounded.
#include <cstdio>

#include "io.hpp"
#include "outcomes.hpp"
#include "pipeline.hpp"
#include "records.hpp"
#include "shown.hpp"
#include "subcommands.hpp"

namespace cli {

namespace {

// Prints the IRIs of `block`, which starts at `base` in its input; false when they could not be written.
bool print(const options& o, std::string_view block, std::size_t base, counters& n) {
    std::string out;
    for (const iri::extracted& e : iri::extract(block, o.grammar)) {
        ++n.valid;
        if (o.quiet) continue;
        const std::size_t begin = base + e.begin, end = base + e.end;
        if (o.output == output_format::text) {
            out += std::to_string(begin) + '\t' + std::to_string(end) + '\t' + shown(e.value) + '\n';
            continue;
        }
        record_writer w = writer(o, out);
        w.string("input", block.substr(e.begin, e.end - e.begin)).boolean("valid", true).string("output", e.value);
        w.number("begin", begin).number("end", end).string("delimiter", iri::name(e.delimiter)).end();
    }
    return write_output(out);
}

}  // namespace

int run_extract(const options& o) {
    counters n;
    bool going = o.output != output_format::tsv || o.quiet || write_output(tsv_header(o.command->tsv));
    for (std::size_t i = 0; going && i < o.references.size(); ++i) going = print(o, o.references[i], 0, n);
    constexpr std::size_t block = std::size_t{4} << 20, longest = std::size_t{16} << 20;
    for (std::size_t i = 0; going && i < o.inputs.size(); ++i) {
        input_file in(o.inputs[i]);
        std::string buf, line;
        std::size_t base = 0;
        while (going && in.read_line(line)) {
            buf += line;
            buf += '\n';
            // A block ends at a blank line once it is big enough, or at any line once it is far too big.
            if ((buf.size() >= block && line.empty()) || buf.size() >= longest) {
                going = print(o, buf, base, n);
                base += buf.size();
                buf.clear();
            }
        }
        if (in.error()) {  // what was read before the error is printed; the rest is not
            if (going) print(o, buf, base, n);
            return finish_output(in.report());
        }
        going = going && print(o, buf, base, n);
    }
    if (o.stats) std::fprintf(stderr, "IRIs found %zu\n", n.valid);
    return finish_output(exit_status::all_valid);
}

}  // namespace cli
