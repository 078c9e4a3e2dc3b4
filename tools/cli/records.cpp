#include "records.hpp"

#include "text.hpp"

namespace cli {

void add_record(const options& o, std::string_view raw, std::size_t bytes, chunk& c) {
    record& r = c.records.emplace_back();
    r.bytes = bytes;
    if (o.input == input_format::json) {
        std::vector<std::string> values;
        if (auto e = json_strings(raw, values)) r.bad = *e;
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

char record_separator(const options& o) noexcept { return o.input == input_format::nul ? '\0' : '\n'; }

std::size_t add_records(const options& o, std::string_view text, bool last, chunk& c) {
    const char separator = record_separator(o);
    const auto line_at = [&](std::size_t from, std::size_t to) {
        std::string_view line = text.substr(from, to - from);
        if (separator == '\n' && !line.empty() && line.back() == '\r') line.remove_suffix(1);
        return line;
    };
    std::size_t from = 0;
    for (std::size_t sep; (sep = text.find(separator, from)) != std::string_view::npos; from = sep + 1)
        add_record(o, line_at(from, sep), sep - from + 1, c);
    if (last && from < text.size()) {  // the last line, without a separator
        add_record(o, line_at(from, text.size()), text.size() - from, c);
        from = text.size();
    }
    return from;
}

}  // namespace cli
