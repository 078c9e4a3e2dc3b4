// Query parameters: query_params_view, decode_query_part, make_query.
//   options: bits 0-3 grammar, bit 4 semicolon, bit 5 plus_as_space, bit 6 lenient decoding.
//   Text: the query to read; its lines are also the pairs to write ("key=value", or "key").
// Oracles: each parameter read is a piece of the query without its separators, its key without "=";
// decoding errors lie inside the part; make_query writes a valid query that reads back as the pairs, each key
// and value decoding to what was written (empty pieces aside: "" without value is skipped on reading).
#include <vector>

#include "fuzz.hpp"
#include "iri/parse.hpp"
#include "iri/prepare.hpp"
#include "iri/query.hpp"

namespace {

void check_read(std::string_view q, const iri::query_options& options, iri::decode_mode mode) {
    const auto within = [&](std::string_view part) {
        return part.data() >= q.data() && part.data() + part.size() <= q.data() + q.size();
    };
    for (const iri::query_param p : iri::query_params_view(q, options)) {
        fuzz::require(within(p.key) && (!p.value || within(*p.value)), "a parameter is a piece of the query", q);
        fuzz::require(p.key.find('&') == p.key.npos && p.key.find('=') == p.key.npos &&
                          (!options.semicolon || p.key.find(';') == p.key.npos),
                      "a key holds no separator", q);
        for (std::string_view part : {p.key, p.value.value_or("")}) {
            const auto d = iri::decode_query_part(part, options, mode);
            if (!d) fuzz::require_inside(d.error(), part.size(), q);
        }
    }
}

std::vector<iri::query_pair> pairs_of(std::string_view text) {
    std::vector<iri::query_pair> pairs;
    for (std::size_t from = 0; from <= text.size();) {
        std::size_t lf = text.find('\n', from);
        if (lf == text.npos) lf = text.size();
        const std::string_view line = text.substr(from, lf - from);
        const std::size_t eq = line.find('=');
        if (eq == line.npos) pairs.push_back({line, std::nullopt});
        else pairs.push_back({line.substr(0, eq), line.substr(eq + 1)});
        from = lf + 1;
    }
    return pairs;
}

void check_write(std::string_view text, iri::grammar g, const iri::query_options& options) {
    const std::vector<iri::query_pair> pairs = pairs_of(text);
    const auto q = iri::make_query(pairs, g, options);
    if (!q) {
        fuzz::require_inside(q.error(), text.size(), text);
        return;
    }
    fuzz::require(iri::is_valid(*q, g, iri::production::query), "make_query writes a valid query", text, *q);
    std::size_t i = 0;
    for (const iri::query_param p : iri::query_params_view(*q, options)) {
        while (i < pairs.size() && pairs[i].key.empty() && !pairs[i].value) ++i;
        fuzz::require(i < pairs.size(), "no more parameters read than written", text, *q);
        const auto key = iri::decode_query_part(p.key, options);
        fuzz::require(key.has_value() && *key == pairs[i].key, "a key reads back", text, *q);
        fuzz::require(p.value.has_value() == pairs[i].value.has_value(), "a value reads back", text, *q);
        if (p.value) {
            const auto value = iri::decode_query_part(*p.value, options);
            fuzz::require(value.has_value() && *value == *pairs[i].value, "a value reads back", text, *q);
        }
        ++i;
    }
    while (i < pairs.size() && pairs[i].key.empty() && !pairs[i].value) ++i;
    fuzz::require(i == pairs.size(), "every parameter written is read", text, *q);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const iri::query_options options{.semicolon = in.flag(4), .plus_as_space = in.flag(5)};
    check_read(in.text, options, in.flag(6) ? iri::decode_mode::lenient : iri::decode_mode::strict);
    check_write(in.text, g, options);
    return 0;
}
