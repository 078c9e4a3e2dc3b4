#include "records.hpp"

#include "json.hpp"

namespace cli {

void read_structured_record(const options& o, std::string_view raw, std::size_t bytes, record& r,
                            std::deque<std::string>& decoded) {
    r.fields = {};
    r.bad.clear();
    r.bytes = bytes;
    if (o.input == input_format::json) {
        std::vector<std::string> values;
        if (auto e = json_strings(raw, values)) r.bad = *e;
        else if (values.size() != (o.pairs ? 2u : 1u))
            r.bad = o.pairs ? "an array of two strings is expected" : "one JSON string literal is expected";
        if (r.bad.empty())
            for (std::string& v : values) r.fields.push_back(decoded.emplace_back(std::move(v)));
        return;
    }
    const std::size_t tab = raw.find('\t');  // o.pairs
    if (tab == std::string_view::npos) {
        r.bad = "a pair needs a TAB between base and reference";
        r.fields.push_back(raw);
        return;
    }
    r.fields.push_back(raw.substr(0, tab));
    r.fields.push_back(raw.substr(tab + 1));
}

void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c) {
    read_record(o, raw, bytes, c.records.emplace_back(), c.decoded);
}

char record_separator(const options& o) noexcept { return o.input == input_format::nul ? '\0' : '\n'; }

}  // namespace cli
