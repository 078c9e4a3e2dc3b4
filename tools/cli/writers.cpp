#include "writers.hpp"

#include <cstring>
#include <vector>

#include "json.hpp"

namespace cli {

namespace {

// The cells of the TSV row being written, one per column: a thread's own, reused from record to record.
std::vector<std::string>& tsv_cells() {
    thread_local std::vector<std::string> cells;
    return cells;
}

}  // namespace

void tsv_field(std::string& out, std::string_view s) {
    for (char c : s) {
        switch (c) {
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\\': out += "\\\\"; break;
            default: out += c;
        }
    }
}

std::string tsv_header(columns c) {
    std::string h;
    for (std::size_t i = 0; i < c.size(); ++i) h.append(i ? "\t" : "").append(c[i]);
    return h + '\n';
}

record_writer::record_writer(std::string& out, output_format format, columns tsv_columns)
    : out_(out), format_(format), columns_(tsv_columns) {
    if (json()) {
        out_ += '{';
        return;
    }
    std::vector<std::string>& cells = tsv_cells();
    cells.resize(columns_.size());
    for (std::string& c : cells) c.clear();
}

void record_writer::name(const char* n) {
    level& l = levels_[depth_];
    if (l.any) out_ += ", ";
    l.any = true;
    if (l.array) return;
    json_string(out_, n);
    out_ += ": ";
}

std::string* record_writer::cell(const char* n) {
    if (arrays_ > 0) return nullptr;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const char* c = columns_[i];
        if (std::strncmp(c, prefix_.data(), prefix_.size()) == 0 && std::strcmp(c + prefix_.size(), n) == 0)
            return &tsv_cells()[i];
    }
    return nullptr;
}

record_writer& record_writer::string(const char* n, std::string_view value) {
    if (json()) {
        name(n);
        json_string(out_, value);
    } else if (std::string* c = cell(n)) {
        tsv_field(*c, value);
    }
    return *this;
}

record_writer& record_writer::optional(const char* n, std::optional<std::string_view> value) {
    return value ? string(n, *value) : null(n);
}

record_writer& record_writer::null(const char* n) {
    if (json()) {
        name(n);
        out_ += "null";
    }
    return *this;
}

record_writer& record_writer::boolean(const char* n, bool value) {
    if (json()) {
        name(n);
        out_ += value ? "true" : "false";
    } else if (std::string* c = cell(n)) {
        *c = value ? "true" : "false";
    }
    return *this;
}

record_writer& record_writer::tsv_boolean(const char* n, bool value) {
    if (!json()) boolean(n, value);
    return *this;
}

record_writer& record_writer::number(const char* n, std::uint64_t value) {
    if (json()) {
        name(n);
        out_ += std::to_string(value);
    } else if (std::string* c = cell(n)) {
        *c = std::to_string(value);
    }
    return *this;
}

record_writer& record_writer::object(const char* n, const char* tsv_prefix) {
    if (json()) {
        name(n);
        out_ += '{';
    }
    levels_[++depth_] = level{.array = false, .any = false, .prefix_size = prefix_.size()};
    prefix_ += tsv_prefix;
    return *this;
}

record_writer& record_writer::array(const char* n) {
    if (json()) {
        name(n);
        out_ += '[';
    }
    levels_[++depth_] = level{.array = true, .any = false, .prefix_size = prefix_.size()};
    ++arrays_;
    return *this;
}

record_writer& record_writer::close() {
    const level& l = levels_[depth_];
    if (json()) out_ += l.array ? ']' : '}';
    if (l.array) --arrays_;
    prefix_.resize(l.prefix_size);
    --depth_;
    return *this;
}

void record_writer::end() {
    while (depth_ > 0) close();
    if (json()) {
        out_ += "}\n";
        return;
    }
    const std::vector<std::string>& cells = tsv_cells();
    for (std::size_t i = 0; i < cells.size(); ++i) out_.append(i ? "\t" : "").append(cells[i]);
    out_ += '\n';
}

}  // namespace cli
