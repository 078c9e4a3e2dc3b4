// The iri tool's input reader with --input-format json, and each subcommand on what it reads.
//   options: bits 0-3 subcommand, bits 4-7 grammar, bits 8-9 output (text, json, tsv), bit 10 input as lines
//   instead of JSON, bit 11 --base (else --pairs for the subcommands of two strings and url), bit 12 the last line
//   ends the input (else it waits for the next block), bits 13-14 --level.
// Oracles: the records account for every byte consumed, one per line; a JSON string read is written back by
// json_string and read again to the same string (UTF-8 strings; others are not JSON's); JSON output is one
// line per record, and so is the text output of the line subcommands (issue 40), whose failures each have one
// diagnostic.
#include <array>
#include <deque>
#include <string>

#include "fuzz.hpp"
#include "json.hpp"
#include "records.hpp"
#include "subcommands.hpp"
#include "iri/prepare.hpp"

namespace {

constexpr std::array<const char*, 12> commands = {"validate", "parse",      "check",   "normalize", "to-uri", "to-iri",
                                                  "resolve",  "relativize", "compare", "url",       "surt",   "key"};

cli::options options_of(const fuzz::input& in) {
    cli::options o;
    o.command = cli::find_subcommand(commands[in.bits(0, 4) % commands.size()]);
    o.jobs = 1;
    o.grammar = fuzz::grammar_of(in.bits(4, 4));
    o.output = static_cast<cli::output_format>(in.bits(8, 2) % 3);
    o.input = in.flag(10) ? cli::input_format::lines : cli::input_format::json;
    if (o.command->input == cli::input_shape::pair || o.command->input == cli::input_shape::absolute_pair) {
        o.pairs = !in.flag(11);
        if (!o.pairs) {
            o.base_text = "http://a/b/c/d;p?q";  // RFC 3986 §5.4's base
            o.base = *iri::reference::parse(*o.base_text, o.grammar);
            o.resolver = *iri::resolver::make(*o.base_text, o.grammar, cli::resolver_options(o), {.strict = o.strict});
        }
    }
    if (o.command->input == cli::input_shape::web_pair) {  // url: --pairs (JSON bases may be null), or --base
        o.pairs = !in.flag(11);
        if (!o.pairs) {
            o.base_text = "http://a/b/c/d;p?q";
            o.web_base = *iri::web::parse(*o.base_text);
        }
    }
    o.normalization.rung = static_cast<iri::rung>(in.bits(13, 2) % 3);
    return o;
}

void check_json_round_trip(std::string_view field, std::string_view text) {
    if (!iri::from_utf8(field)) return;
    std::string written;
    cli::json_string(written, field);
    std::vector<std::string> values;
    const auto e = cli::json_strings(written, values);
    fuzz::require(!e && values.size() == 1 && values[0] == field, "a JSON string reads back", text, written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const cli::options o = options_of(in);
    std::deque<std::string> decoded;
    const bool last = in.flag(12);
    cli::line_sink s;
    std::size_t bytes = 0, records = 0;
    const std::size_t consumed = cli::each_record(o, in.text, last, decoded, [&](const cli::record& r) {
        bytes += r.bytes;
        ++records;
        if (o.input == cli::input_format::json && r.bad.empty())
            for (std::size_t i = 0; i < r.fields.size(); ++i) check_json_round_trip(r.fields[i], in.text);
        const std::size_t before = s.out.size(), diagnostics = s.diagnostics.size();
        const std::size_t invalid = s.counts.invalid;
        cli::run(o, r, s);
        const std::string_view line = std::string_view(s.out).substr(before);
        const bool one_line = !line.empty() && line.find('\n') == line.size() - 1;
        if (o.output == cli::output_format::json && std::string_view(o.command->name) != "check")
            fuzz::require(one_line, "JSON output: one line per record", in.text, line);
        if (o.output == cli::output_format::text && o.command->output == cli::output_shape::line) {
            fuzz::require(one_line, "the text of a line subcommand: one line per record", in.text, line);
            fuzz::require(s.diagnostics.size() - diagnostics == s.counts.invalid - invalid,
                          "a diagnostic for each failure", in.text, line);
        }
    });
    const cli::counters& n = s.counts;
    fuzz::require(bytes == consumed && consumed <= in.text.size() && (!last || consumed == in.text.size()),
                  "the records account for the bytes consumed", in.text);
    fuzz::require(n.lines == records && n.valid + n.invalid == n.lines, "every record counted", in.text);
    return 0;
}
