// The ABNF text of a rule in the grammar files built into the extension (abnf_files.hpp).
#include "abnf_files.hpp"

#include <algorithm>
#include <vector>

namespace pyiri {

namespace {

bool white(char c) { return c == ' ' || c == '\t'; }

bool same_name(std::string_view a, std::string_view b) {  // RFC 5234 §2.1: rule names are case-insensitive
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return std::ranges::equal(a, b, [&](char x, char y) { return lower(x) == lower(y); });
}

const abnf_file* file_named(std::string_view name) {
    for (const abnf_file& f : abnf_file_list)
        if (f.name == name) return &f;
    return nullptr;
}

/// The lines of `text`, without their line ends (LF or CR LF) and trailing white space.
std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        while (!line.empty() && (white(line.back()) || line.back() == '\r')) line.remove_suffix(1);
        out.push_back(line);
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return out;
}

/// Whether `line` defines rule `rule` (RFC 5234 §2.2, §3.3): the name in column 1, then "=" or "=/".
bool defines(std::string_view line, std::string_view rule) {
    if (line.size() <= rule.size() || !same_name(line.substr(0, rule.size()), rule)) return false;
    std::string_view rest = line.substr(rule.size());
    while (!rest.empty() && white(rest.front())) rest.remove_prefix(1);
    return !rest.empty() && rest.front() == '=';
}

/// The names a file's `;@extends NAME` and `;@import NAME` directives give, in the file's order.
std::vector<std::string_view> bases_of(const std::vector<std::string_view>& lines) {
    std::vector<std::string_view> out;
    for (std::string_view line : lines)
        for (std::string_view directive : {std::string_view(";@extends "), std::string_view(";@import ")})
            if (line.starts_with(directive)) {
                std::string_view name = line.substr(directive.size());
                while (!name.empty() && white(name.front())) name.remove_prefix(1);
                out.push_back(name.substr(0, std::min(name.find_first_of(" \t"), name.size())));
            }
    return out;
}

std::optional<std::string> rule_text(std::string_view grammar, std::string_view rule, int depth) {
    const abnf_file* f = file_named(grammar);
    if (f == nullptr || depth > 8) return std::nullopt;  // no such file; a cycle of imports
    const std::vector<std::string_view> lines = lines_of(f->text);
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!defines(lines[i], rule)) continue;
        if (!out.empty()) out += '\n';
        out += lines[i];
        for (; i + 1 < lines.size() && !lines[i + 1].empty() && white(lines[i + 1].front()); ++i)
            out.append("\n").append(lines[i + 1]);
    }
    if (!out.empty()) return out;
    for (std::string_view base : bases_of(lines))
        if (auto text = rule_text(base, rule, depth + 1)) return text;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> abnf_rule_text(std::string_view grammar, std::string_view rule) {
    if (rule.empty()) return std::nullopt;
    return rule_text(grammar, rule, 0);
}

}  // namespace pyiri
