#include "records.hpp"

#include "json.hpp"
#include "subcommands.hpp"

namespace cli {

namespace {

void unreadable(record& r, const char* code, std::string why) {
    r.bad_code = code;
    r.bad = std::move(why);
}

}  // namespace

void read_structured_record(const options& o, std::string_view raw, std::size_t bytes, bool line, record& r,
                            std::deque<std::string>& decoded) {
    r.fields = {};
    r.bad_code = nullptr;
    r.raw = raw;
    r.bytes = bytes;
    r.null_base = false;
    if (line && raw.empty()) return unreadable(r, "empty_line", "an empty line");
    if (o.input == input_format::json) {
        std::vector<std::string> values;
        std::vector<bool> nulls;  // iri url's pairs: [null, href] is an href without a base
        const bool base_may_be_null = o.pairs && o.command->input == input_shape::web_pair;
        if (auto e = json_strings(raw, values, base_may_be_null ? &nulls : nullptr))
            return unreadable(r, "bad_input", *e);
        if (values.size() != (o.pairs ? 2u : 1u) || (base_may_be_null && nulls[1]))
            return unreadable(r, "bad_input",
                              base_may_be_null ? "an array of a base (a string or null) and a string is expected"
                              : o.pairs        ? "an array of two strings is expected"
                                               : "one JSON string literal is expected");
        r.null_base = base_may_be_null && nulls[0];
        for (std::string& v : values) r.fields.push_back(decoded.emplace_back(std::move(v)));
        return;
    }
    if (!o.pairs) {
        r.fields.push_back(raw);
        return;
    }
    const std::size_t tab = raw.find('\t');
    if (tab == std::string_view::npos)
        return unreadable(r, "bad_input", "a pair needs a TAB between base and reference");
    r.fields.push_back(raw.substr(0, tab));
    r.fields.push_back(raw.substr(tab + 1));
}

void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c) {
    read_record(o, raw, bytes, false, c.records.emplace_back(), c.decoded);
}

char record_separator(const options& o) noexcept { return o.input == input_format::nul ? '\0' : '\n'; }

}  // namespace cli
