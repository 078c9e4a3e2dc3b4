// The UTS #46 tables (emit_idna_tables.hpp).
#include "emit_idna_tables.hpp"

#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

#include "json_reader.hpp"

namespace iri::abnf {

namespace {

using iri::generator::append_utf8;

constexpr std::uint32_t code_points = 0x110000;
constexpr unsigned block_shift = 6;  // blocks of 64 code points: the smallest tables (about 150 kB in all)
constexpr std::uint32_t block_size = 1u << block_shift;

// The layout of a code point's value, written into the header for the library to read.
constexpr unsigned bidi_shift = 3, joining_shift = 7, virama_shift = 10, mark_shift = 11, mapping_shift = 12;

// One line of a Unicode Character Database file: its code points and its fields after the first, trimmed; or
// one of its "# @missing:" lines, which give the value of code points no line names.
struct ucd_row {
    std::uint32_t first = 0, last = 0;
    std::vector<std::string> fields;
    std::size_t line = 0;
};

struct ucd_file {
    std::string path, version;
    std::vector<ucd_row> missing, rows;
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// A code point written in hex (4 to 6 digits), or false.
bool hex_code_point(std::string_view s, std::uint32_t& c) {
    if (s.size() < 4 || s.size() > 6) return false;
    c = 0;
    for (char h : s) {
        const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return false;
        c = c * 16 + static_cast<std::uint32_t>(d);
    }
    return c < code_points;
}

// "XXXX" or "XXXX..YYYY" and the fields after it, or false.
bool parse_row(std::string_view text, ucd_row& row) {
    std::vector<std::string_view> parts;
    for (std::size_t begin = 0;;) {
        const std::size_t semicolon = text.find(';', begin);
        parts.push_back(trim(text.substr(begin, semicolon - begin)));
        if (semicolon == std::string_view::npos) break;
        begin = semicolon + 1;
    }
    if (parts.size() < 2) return false;
    const std::string_view range = parts[0];
    const std::size_t dots = range.find("..");
    if (!hex_code_point(range.substr(0, dots), row.first)) return false;
    if (dots == std::string_view::npos) row.last = row.first;
    else if (!hex_code_point(range.substr(dots + 2), row.last) || row.last < row.first) return false;
    for (std::size_t i = 1; i < parts.size(); ++i) row.fields.emplace_back(parts[i]);
    return true;
}

// The version a file names: "# Version: V" (IdnaMappingTable.txt) or "# NAME-V.txt" on its first line.
std::string version_in(std::string_view line, std::size_t number) {
    constexpr std::string_view version = "# Version: ";
    if (line.substr(0, version.size()) == version) return std::string(trim(line.substr(version.size())));
    if (number != 1 || line.size() < 6 || line.substr(line.size() - 4) != ".txt") return "";
    const std::size_t dash = line.rfind('-');
    return dash == std::string_view::npos ? "" : std::string(line.substr(dash + 1, line.size() - 4 - dash - 1));
}

bool read_ucd(const std::string& folder, const char* name, ucd_file& file, std::string& error) {
    file.path = folder + "/" + name;
    std::ifstream in(file.path, std::ios::binary);
    if (!in) {
        error = file.path + ": cannot be read";
        return false;
    }
    constexpr std::string_view missing = "# @missing:";
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        const std::string_view text = trim(line);
        if (file.version.empty() && !text.empty() && text[0] == '#') file.version = version_in(text, number);
        const bool is_missing = text.substr(0, missing.size()) == missing;
        const std::string_view data = is_missing ? text.substr(missing.size()) : trim(text.substr(0, text.find('#')));
        if (data.empty()) continue;
        ucd_row row;
        row.line = number;
        if (!parse_row(data, row)) {
            error = file.path + ":" + std::to_string(number) + ": not a line of the form CODE[..CODE] ; VALUE";
            return false;
        }
        (is_missing ? file.missing : file.rows).push_back(std::move(row));
    }
    if (in.bad()) {
        error = file.path + ": read error";
        return false;
    }
    if (file.version.empty()) {
        error = file.path + ": names no Unicode version";
        return false;
    }
    return true;
}

std::string where(const ucd_file& f, const ucd_row& r) { return f.path + ":" + std::to_string(r.line) + ": "; }

// Sets `field` of each code point of each row of `file` (its @missing lines first) to `value_of(row's value)`,
// which returns -1 for a value it does not know.
template <class ValueOf>
bool assign(const ucd_file& file, std::vector<std::int32_t>& field, ValueOf value_of, std::string& error) {
    for (const auto* rows : {&file.missing, &file.rows}) {
        for (const ucd_row& r : *rows) {
            const std::int32_t v = value_of(r.fields[0]);
            if (v < 0) {
                error = where(file, r) + "unknown value " + r.fields[0];
                return false;
            }
            for (std::uint32_t c = r.first; c <= r.last; ++c) field[c] = v;
        }
    }
    return true;
}

// Bidi_Class, short and long names (PropertyValueAliases.txt), as the header's bidi_class: the classes RFC 5893 §2
// names, and 0 for the others (B, S, WS and the explicit formatting classes).
std::int32_t bidi_value(const std::string& name) {
    static const std::map<std::string, std::int32_t> values = {
        {"L", 1},    {"Left_To_Right", 1},           {"R", 2},   {"Right_To_Left", 2},
        {"AL", 3},   {"Arabic_Letter", 3},           {"AN", 4},  {"Arabic_Number", 4},
        {"EN", 5},   {"European_Number", 5},         {"ES", 6},  {"European_Separator", 6},
        {"CS", 7},   {"Common_Separator", 7},        {"ET", 8},  {"European_Terminator", 8},
        {"ON", 9},   {"Other_Neutral", 9},           {"BN", 10}, {"Boundary_Neutral", 10},
        {"NSM", 11}, {"Nonspacing_Mark", 11},        {"B", 0},   {"Paragraph_Separator", 0},
        {"S", 0},    {"Segment_Separator", 0},       {"WS", 0},  {"White_Space", 0},
        {"LRE", 0},  {"Left_To_Right_Embedding", 0}, {"LRO", 0}, {"Left_To_Right_Override", 0},
        {"RLE", 0},  {"Right_To_Left_Embedding", 0}, {"RLO", 0}, {"Right_To_Left_Override", 0},
        {"PDF", 0},  {"Pop_Directional_Format", 0},  {"LRI", 0}, {"Left_To_Right_Isolate", 0},
        {"RLI", 0},  {"Right_To_Left_Isolate", 0},   {"FSI", 0}, {"First_Strong_Isolate", 0},
        {"PDI", 0},  {"Pop_Directional_Isolate", 0}};
    const auto it = values.find(name);
    return it == values.end() ? -1 : it->second;
}

// Joining_Type as the header's joining_type: T, L, D, R (RFC 5892 Appendix A.1), 0 for U and C.
std::int32_t joining_value(const std::string& name) {
    static const std::map<std::string, std::int32_t> values = {
        {"U", 0}, {"Non_Joining", 0},  {"C", 0}, {"Join_Causing", 0}, {"T", 1}, {"Transparent", 1},
        {"L", 2}, {"Left_Joining", 2}, {"D", 3}, {"Dual_Joining", 3}, {"R", 4}, {"Right_Joining", 4}};
    const auto it = values.find(name);
    return it == values.end() ? -1 : it->second;
}

// Whether a Canonical_Combining_Class is Virama (9); -1 for no number.
std::int32_t virama_value(const std::string& name) {
    if (name == "Not_Reordered") return 0;
    if (name.empty() || name.size() > 3 || name.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(name) == 9 ? 1 : 0;
}

// Whether a General_Category is a Mark (Mn, Mc, Me); -1 for a value that is not a category.
std::int32_t mark_value(const std::string& name) {
    if (name == "Unassigned") return 0;
    if (name.size() != 2 || name[0] < 'A' || name[0] > 'Z' || name[1] < 'a' || name[1] > 'z') return -1;
    return name[0] == 'M' ? 1 : 0;
}

// The mappings of IdnaMappingTable.txt, each once: their UTF-8 one after the other, and for each (from index 1)
// its offset and length.
struct mapping_store {
    std::string text;
    std::vector<std::uint32_t> spans{0};  // index 0: no mapping
    std::map<std::string, std::uint32_t> index;

    std::uint32_t add(const std::string& utf8) {
        const auto [it, added] = index.emplace(utf8, static_cast<std::uint32_t>(spans.size()));
        if (added) {
            spans.push_back(static_cast<std::uint32_t>(text.size()) << 8 | static_cast<std::uint32_t>(utf8.size()));
            text += utf8;
        }
        return it->second;
    }
};

// The status (the header's status: valid, deviation, mapped, ignored, disallowed) and mapping index of every code
// point, from IdnaMappingTable.txt (UTS #46 §5): each code point must have exactly one line.
bool read_statuses(const ucd_file& file, std::vector<std::int32_t>& status, std::vector<std::int32_t>& mapping,
                   mapping_store& store, std::string& error) {
    static const std::map<std::string, std::int32_t> statuses = {
        {"valid", 0}, {"deviation", 1}, {"mapped", 2}, {"ignored", 3}, {"disallowed", 4}};
    for (const ucd_row& r : file.rows) {
        const auto it = statuses.find(r.fields[0]);
        if (it == statuses.end()) {
            error = where(file, r) + "unknown status " + r.fields[0] + " (UTS #46 §5 has five)";
            return false;
        }
        std::uint32_t index = 0;
        if (it->first == "mapped") {
            std::string utf8;
            std::istringstream hex(r.fields.size() > 1 ? r.fields[1] : "");
            for (std::string h; hex >> h;) {
                std::uint32_t c = 0;
                if (!hex_code_point(h, c)) {
                    error = where(file, r) + "not a code point in the mapping: " + h;
                    return false;
                }
                append_utf8(utf8, c);
            }
            if (utf8.empty() || utf8.size() > 255) {
                error = where(file, r) + "a mapped code point needs a mapping of 1 to 255 bytes of UTF-8";
                return false;
            }
            index = store.add(utf8);
        }
        for (std::uint32_t c = r.first; c <= r.last; ++c) {
            if (status[c] >= 0) {
                error = where(file, r) + "a code point with a second status";
                return false;
            }
            status[c] = it->second;
            mapping[c] = static_cast<std::int32_t>(index);
        }
    }
    for (std::uint32_t c = 0; c < code_points; ++c) {
        if (status[c] < 0) {
            std::ostringstream e;
            e << file.path << ": U+" << std::hex << std::uppercase << c << " has no status";
            error = e.str();
            return false;
        }
    }
    return true;
}

template <class T>
void write_array(std::ostream& out, const char* declaration, const std::vector<T>& values, std::size_t per_line) {
    out << declaration << " = {";
    for (std::size_t i = 0; i < values.size(); ++i)
        out << (i % per_line == 0 ? "\n    " : " ") << "0x" << std::hex << static_cast<std::uint64_t>(values[i])
            << std::dec << ",";
    out << "\n};\n\n";
}

}  // namespace

bool emit_idna_tables(const std::string& folder, const std::string& command, const std::string& header_name,
                      std::ostream& header, std::ostream& source, std::string& error) {
    std::array<ucd_file, std::size(idna_table_files)> files;
    for (std::size_t i = 0; i < files.size(); ++i)
        if (!read_ucd(folder, idna_table_files[i], files[i], error)) return false;
    for (const ucd_file& f : files) {
        if (f.version != files[0].version) {
            error = f.path + ": Unicode " + f.version + ", but " + files[0].path + " is Unicode " + files[0].version;
            return false;
        }
        for (const auto* rows : {&f.missing, &f.rows})
            for (const ucd_row& r : *rows)
                if (r.fields.empty() || r.fields[0].empty()) {
                    error = where(f, r) + "no value";
                    return false;
                }
    }
    std::vector<std::int32_t> status(code_points, -1), mapping(code_points, 0), bidi(code_points, -1),
        joining(code_points, -1), virama(code_points, 0), mark(code_points, 0);
    mapping_store store;
    if (!read_statuses(files[0], status, mapping, store, error) || !assign(files[1], bidi, bidi_value, error) ||
        !assign(files[2], joining, joining_value, error) || !assign(files[3], virama, virama_value, error) ||
        !assign(files[4], mark, mark_value, error))
        return false;
    if (store.spans.size() >= 1u << (32 - mapping_shift) || store.text.size() >= 1u << 24) {
        error = files[0].path + ": more mappings than the table's value holds";
        return false;
    }

    // Two stages: each block of 64 values once, and for each block of code points the index of its values.
    std::vector<std::uint32_t> values, block_index;
    std::map<std::vector<std::uint32_t>, std::uint32_t> blocks;
    for (std::uint32_t start = 0; start < code_points; start += block_size) {
        std::vector<std::uint32_t> block(block_size);
        for (std::uint32_t i = 0; i < block_size; ++i) {
            const std::uint32_t c = start + i;
            if (bidi[c] < 0 || joining[c] < 0) {
                std::ostringstream e;
                e << "U+" << std::hex << std::uppercase << c << " has no Bidi_Class or Joining_Type (no @missing line)";
                error = e.str();
                return false;
            }
            block[i] = static_cast<std::uint32_t>(status[c]) | static_cast<std::uint32_t>(bidi[c]) << bidi_shift |
                       static_cast<std::uint32_t>(joining[c]) << joining_shift |
                       static_cast<std::uint32_t>(virama[c]) << virama_shift |
                       static_cast<std::uint32_t>(mark[c]) << mark_shift |
                       static_cast<std::uint32_t>(mapping[c]) << mapping_shift;
        }
        const auto [it, added] = blocks.emplace(block, static_cast<std::uint32_t>(blocks.size()));
        if (added) values.insert(values.end(), block.begin(), block.end());
        block_index.push_back(it->second);
    }
    if (blocks.size() > 0xFFFF) {
        error = "more than 65,535 distinct blocks: their index is 16 bits";
        return false;
    }
    const std::string& version = files[0].version;

    header
        << "// Generated by " << command << " from the Unicode " << version
        << " data files of data/unicode/. Do not edit.\n"
        << "// UTS #46's IDNA Mapping Table (§5) and the properties its validity criteria (§4.1) need, one 32-bit\n"
        << "// value for each code point in two stages (src/convert/idna_table.hpp reads them).\n"
        << "#pragma once\n\n#include <cstddef>\n#include <cstdint>\n\n"
        << "namespace iri::detail::idna_data {\n\n"
        << "/// The Unicode version of the data.\n"
        << "inline constexpr char unicode_version[] = \"" << version << "\";\n\n"
        << "/// A code point's status in the IDNA Mapping Table (UTS #46 §5).\n"
        << "enum class status : std::uint8_t { valid, deviation, mapped, ignored, disallowed };\n"
        << "/// Its Bidi_Class where RFC 5893 §2 names it; `other` for the classes it does not.\n"
        << "enum class bidi_class : std::uint8_t { other, l, r, al, an, en, es, cs, et, on, bn, nsm };\n"
        << "/// Its Joining_Type where RFC 5892 Appendix A.1 names it; `other` for U and C.\n"
        << "enum class joining_type : std::uint8_t { other, t, l, d, r };\n\n"
        << "/// The fields of a value: status (3 bits), bidi_class (4), joining_type (3), Canonical_Combining_Class\n"
        << "/// = Virama (1), General_Category = Mark (1), and the index of its mapping in mapping_spans (0: none).\n"
        << "inline constexpr unsigned status_mask = 7, bidi_shift = " << bidi_shift
        << ", bidi_mask = 15, joining_shift = " << joining_shift << ", joining_mask = 7;\n"
        << "inline constexpr std::uint32_t virama_bit = 1u << " << virama_shift << ", mark_bit = 1u << " << mark_shift
        << ";\n"
        << "inline constexpr unsigned mapping_shift = " << mapping_shift << ";\n\n"
        << "/// Code point c's value: block_values[block_index[c >> block_shift] * block_size + c % block_size].\n"
        << "inline constexpr unsigned block_shift = " << block_shift << ";\n"
        << "inline constexpr std::uint32_t block_size = " << block_size << ";\n"
        << "extern const std::uint16_t block_index[" << block_index.size() << "];\n"
        << "extern const std::uint32_t block_values[" << values.size() << "];\n\n"
        << "/// Mapping i: mapping_text's bytes from offset mapping_spans[i] >> 8, mapping_spans[i] & 255 of them\n"
        << "/// (UTF-8).\n"
        << "extern const std::uint32_t mapping_spans[" << store.spans.size() << "];\n"
        << "extern const char mapping_text[" << store.text.size() + 1 << "];\n\n"
        << "}  // namespace iri::detail::idna_data\n";

    source << "// Generated by " << command << " from the Unicode " << version
           << " data files of data/unicode/. Do not edit.\n"
           << "#include \"" << header_name << "\"\n\n"
           << "namespace iri::detail::idna_data {\n\n";
    write_array(source, ("const std::uint16_t block_index[" + std::to_string(block_index.size()) + "]").c_str(),
                block_index, 16);
    write_array(source, ("const std::uint32_t block_values[" + std::to_string(values.size()) + "]").c_str(), values, 8);
    write_array(source, ("const std::uint32_t mapping_spans[" + std::to_string(store.spans.size()) + "]").c_str(),
                store.spans, 8);
    // The text as a string literal of octal escapes (three digits each: no escape runs into the next character).
    source << "const char mapping_text[" << store.text.size() + 1 << "] =";
    for (std::size_t i = 0; i < store.text.size(); ++i) {
        const auto octet = static_cast<unsigned char>(store.text[i]);
        source << (i % 24 == 0 ? (i ? "\"\n    \"" : "\n    \"") : "") << '\\' << static_cast<char>('0' + (octet >> 6))
               << static_cast<char>('0' + (octet >> 3 & 7)) << static_cast<char>('0' + (octet & 7));
    }
    source << "\";\n\n}  // namespace iri::detail::idna_data\n";
    return true;
}

}  // namespace iri::abnf
