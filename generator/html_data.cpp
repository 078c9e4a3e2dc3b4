// iri-html-data: turns the HTML Standard's and the Encoding Standard's tables (data/html/, data/encoding/) into the
// C++ headers the link finder (src/html/) and the encodings (src/convert/encodings.cpp, for src/web/ and src/html/)
// read. Nothing it writes is committed; the build runs it (CMakeLists.txt).
//
//   iri-html-data elements data/html/elements.tsv data/html/attributes.tsv -o html_tables.hpp
//   iri-html-data entities data/html/entities.json data/html/numeric_references.tsv -o named_references.hpp
//   iri-html-data encodings data/encoding/encodings.json data/encoding/icu_converters.tsv -o encodings.hpp
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <exception>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "emit_tables.hpp"
#include "json_reader.hpp"

namespace {

using iri::abnf::c_string;
using iri::generator::append_utf8;
using iri::generator::json;

const char* const usage =
    "usage: iri-html-data elements ELEMENTS.tsv ATTRIBUTES.tsv -o OUT.hpp\n"
    "       iri-html-data entities ENTITIES.json NUMERIC_REFERENCES.tsv -o OUT.hpp\n"
    "       iri-html-data encodings ENCODINGS.json ICU_CONVERTERS.tsv -o OUT.hpp\n";

// A failure: the file (and line) and why. Reported by main, status 1.
struct data_error {
    std::string what;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw data_error{path + ": cannot be read"};
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The rows of a tab-separated file: lines that are neither empty nor comments ("#"), split at tabs; each must have
// `columns` fields.
std::vector<std::vector<std::string>> tsv_rows(const std::string& path, std::size_t columns) {
    std::istringstream in(read_file(path));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        for (std::size_t at = 0;;) {
            const std::size_t tab = line.find('\t', at);
            fields.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
            if (tab == std::string::npos) break;
            at = tab + 1;
        }
        if (fields.size() != columns)
            throw data_error{path + ":" + std::to_string(number) + ": " + std::to_string(columns) +
                             " tab-separated fields expected, " + std::to_string(fields.size()) + " found"};
        rows.push_back(std::move(fields));
    }
    return rows;
}

// A name as a C++ identifier: "-" as "_", and a "_" after the keywords C++ reserves.
std::string identifier(std::string name) {
    std::replace(name.begin(), name.end(), '-', '_');
    static const std::set<std::string> keywords = {"template", "switch", "case",   "default", "class", "and", "or",
                                                   "not",      "xor",    "delete", "new",     "char",  "int", "void"};
    return keywords.count(name) ? name + "_" : name;
}

std::vector<std::string> split_spaces(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool valid_name(const std::string& n) {
    return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

// ---- elements ----

// A name's octets as two little-endian words (octet i is bits 8 i to 8 i + 7 of word i / 8), as the library's
// lowercase_words reads a name (on a little-endian machine; the library swaps them on a big-endian one).
std::pair<std::uint64_t, std::uint64_t> words_of(const std::string& n) {
    std::uint64_t w[2] = {0, 0};
    for (std::size_t i = 0; i < n.size() && i < 16; ++i)
        w[i / 8] |= std::uint64_t{static_cast<unsigned char>(n[i])} << (8 * (i % 8));
    return {w[0], w[1]};
}

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v << "u";
    return s.str();
}

// The lookup of a lowercase element name by its length and words: a switch on the length, then on the first word.
void emit_lookup(const std::vector<std::string>& names, std::ostream& out) {
    std::map<std::size_t, std::map<std::uint64_t, std::vector<std::string>>> by_size;
    for (const std::string& n : names) {
        if (n.size() > 16) throw data_error{"element name longer than 16 octets: " + n};
        by_size[n.size()][words_of(n).first].push_back(n);
    }
    out << "/// The element whose name has `size` octets (at most 16) and, ASCII-lowercased, the words `first` and\n"
        << "/// `second` (octets 0 to 7 and 8 to 15, little-endian, zeros past the name); element::unknown for "
           "another.\n"
        << "[[nodiscard]] constexpr element element_by_words(std::size_t size, std::uint64_t first,\n"
        << "                                                 std::uint64_t second) noexcept {\n"
        << "    switch (size) {\n";
    for (const auto& [size, by_first] : by_size) {
        out << "        case " << size << ":\n            switch (first) {\n";
        for (const auto& [first, group] : by_first) {
            out << "                case " << hex(first) << ":";
            if (size <= 8) {
                out << " return element::" << identifier(group[0]) << ";  // " << group[0] << "\n";
                continue;
            }
            out << "\n";
            for (const std::string& n : group)
                out << "                    if (second == " << hex(words_of(n).second)
                    << ") return element::" << identifier(n) << ";  // " << n << "\n";
            out << "                    return element::unknown;\n";
        }
        out << "                default: return element::unknown;\n            }\n";
    }
    out << "        default: return element::unknown;\n    }\n}\n\n";
}

int emit_elements(const std::string& elements_tsv, const std::string& attributes_tsv, std::ostream& out,
                  const std::string& command) {
    const auto lists = tsv_rows(elements_tsv, 3);
    const auto attributes = tsv_rows(attributes_tsv, 4);
    std::set<std::string> names;
    std::vector<std::string> list_ids;
    std::map<std::string, std::uint64_t> flags;
    for (const auto& row : lists) {
        if (!valid_name(row[0])) throw data_error{elements_tsv + ": bad list name " + row[0]};
        if (list_ids.size() == 64) throw data_error{elements_tsv + ": more than 64 lists"};
        for (const std::string& n : split_spaces(row[2])) {
            if (!valid_name(n)) throw data_error{elements_tsv + ": bad element name " + n};
            names.insert(n);
            flags[n] |= std::uint64_t{1} << list_ids.size();
        }
        list_ids.push_back(row[0]);
    }
    static const std::vector<std::string> kinds = {"url",     "srcset", "refresh",  "rel", "http-equiv",
                                                   "charset", "base",   "encoding", "font"};
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> rows_of;  // element -> (name, kind)
    for (const auto& row : attributes) {
        if (!valid_name(row[0]) || !valid_name(row[1])) throw data_error{attributes_tsv + ": bad name " + row[0]};
        if (std::find(kinds.begin(), kinds.end(), row[2]) == kinds.end())
            throw data_error{attributes_tsv + ": unknown kind " + row[2]};
        names.insert(row[0]);
        rows_of[row[0]].emplace_back(row[1], row[2]);
    }
    const std::vector<std::string> sorted(names.begin(), names.end());
    if (sorted.size() > 255) throw data_error{"more than 255 element names"};

    out << "// Generated by " << command << " from " << elements_tsv << " and " << attributes_tsv << ". Do not edit.\n"
        << "// The elements the link finder knows by name, the Standard's lists they are in, and the attributes it "
           "reads.\n"
        << "#pragma once\n\n#include <cstdint>\n#include <string_view>\n\n"
        << "namespace iri::html::generated {\n\n"
        << "/// Every element name of the two tables, in byte order; unknown for any other name.\n"
        << "enum class element : std::uint8_t {\n    unknown,\n";
    for (const std::string& n : sorted) out << "    " << identifier(n) << ",\n";
    out << "};\n\n/// The name of each element, in the order of element.\n"
        << "inline constexpr std::string_view element_names[] = {\n    \"\",\n";
    for (const std::string& n : sorted) out << "    " << c_string(n) << ",\n";
    out << "};\n\n/// The lists of elements.tsv, one bit each.\nnamespace list {\n";
    for (std::size_t i = 0; i < list_ids.size(); ++i)
        out << "inline constexpr std::uint64_t " << identifier(list_ids[i]) << " = std::uint64_t{1} << " << i << ";\n";
    out << "}  // namespace list\n\n/// The lists each element is in, in the order of element.\n"
        << "inline constexpr std::uint64_t element_lists[] = {\n    0,\n";
    for (const std::string& n : sorted) out << "    0x" << std::hex << flags[n] << std::dec << "u,  // " << n << "\n";
    out << "};\n\n";
    emit_lookup(sorted, out);

    out << "/// What an attribute of attributes.tsv is read for.\n"
        << "enum class attribute_kind : std::uint8_t {\n";
    for (const std::string& k : kinds) out << "    " << identifier(k) << ",\n";
    out << "};\n\n/// An attribute of an element: its name lowercase, and as words (as element_by_words takes them).\n"
        << "struct attribute_row {\n    std::string_view name;\n    attribute_kind kind;\n"
        << "    std::uint64_t first, second;\n};\n\n"
        << "/// The rows of attributes.tsv, grouped by element in the order of element (attribute_first says where).\n"
        << "inline constexpr attribute_row attribute_rows[] = {\n";
    std::vector<std::size_t> first;
    std::size_t count = 0;
    first.push_back(0);  // unknown
    for (const std::string& n : sorted) {
        first.push_back(count);
        for (const auto& [name, kind] : rows_of[n]) {
            if (name.size() > 16) throw data_error{attributes_tsv + ": attribute name longer than 16 octets: " + name};
            out << "    {" << c_string(name) << ", attribute_kind::" << identifier(kind) << ", "
                << hex(words_of(name).first) << ", " << hex(words_of(name).second) << "},  // " << n << "\n";
            ++count;
        }
    }
    if (count == 0) out << "    {\"\", attribute_kind::url, 0, 0},\n";
    first.push_back(count);
    out << "};\n\n/// The rows of element e are attribute_rows[attribute_first[e], attribute_first[e + 1]).\n"
        << "inline constexpr std::uint16_t attribute_first[] = {";
    for (std::size_t i = 0; i < first.size(); ++i) out << (i % 16 == 0 ? "\n    " : " ") << first[i] << ",";
    out << "\n};\n\n}  // namespace iri::html::generated\n";
    return 0;
}

// ---- named character references ----

int emit_entities(const std::string& entities_json, const std::string& numeric_tsv, std::ostream& out,
                  const std::string& command) {
    const json doc = iri::generator::parse_json(read_file(entities_json), entities_json);
    if (!doc.is_object()) throw data_error{entities_json + ": not a JSON object"};
    std::vector<std::pair<std::string, std::string>> refs;  // name without "&", UTF-8
    for (std::size_t k = 0; k < doc.keys.size(); ++k) {
        const std::string& name = doc.keys[k];
        const json& value = doc.values[k];
        if (name.size() < 2 || name[0] != '&') throw data_error{entities_json + ": name " + name + " without &"};
        const json* points = value.member("codepoints");
        if (!points || !points->is_array() || points->array.empty() || points->array.size() > 2)
            throw data_error{entities_json + ": " + name + " has no codepoints list of one or two"};
        std::string utf8;
        for (const json& p : points->array) {
            if (!p.is_number() || p.number < 1 || p.number > 0x10FFFF)
                throw data_error{entities_json + ": " + name + " has a code point out of range"};
            append_utf8(utf8, static_cast<std::uint32_t>(p.number));
        }
        refs.emplace_back(name.substr(1), utf8);
    }
    std::sort(refs.begin(), refs.end());
    std::size_t longest = 0;
    for (const auto& r : refs) longest = std::max(longest, r.first.size());

    std::uint32_t replacement[32] = {};
    for (const auto& row : tsv_rows(numeric_tsv, 3)) {
        const unsigned long number = std::stoul(row[0], nullptr, 16), code = std::stoul(row[1], nullptr, 16);
        if (number < 0x80 || number > 0x9F || code == 0 || code > 0xFFFF)
            throw data_error{numeric_tsv + ": row " + row[0] + " out of range"};
        replacement[number - 0x80] = static_cast<std::uint32_t>(code);
    }

    out << "// Generated by " << command << " from " << entities_json << " and " << numeric_tsv << ". Do not edit.\n"
        << "// The HTML Standard's named character references (§13.5) and the numeric references' replacements "
           "(§13.2.5.80).\n"
        << "#pragma once\n\n#include <cstddef>\n#include <cstdint>\n#include <string_view>\n\n"
        << "namespace iri::html::generated {\n\n"
        << "/// A named character reference: its name without the \"&\" (with its \";\" when it has one) and the one "
           "or\n"
        << "/// two code points it stands for, in UTF-8.\n"
        << "struct named_reference {\n    std::string_view name;\n    std::string_view utf8;\n};\n\n"
        << "/// All of them, sorted by name (byte order).\n"
        << "inline constexpr named_reference named_references[] = {\n";
    for (const auto& [name, utf8] : refs) out << "    {" << c_string(name) << ", " << c_string(utf8) << "},\n";
    out << "};\n\ninline constexpr std::size_t named_reference_count = " << refs.size() << ";\n"
        << "/// The longest name (without its \"&\").\n"
        << "inline constexpr std::size_t longest_reference_name = " << longest << ";\n\n"
        << "/// §13.2.5.80's table: the code point that replaces a numeric reference to 0x80 + i, or 0 when none "
           "does.\n"
        << "inline constexpr std::uint16_t c1_replacements[32] = {";
    for (int i = 0; i < 32; ++i)
        out << (i % 8 == 0 ? "\n    " : " ") << "0x" << std::hex << replacement[i] << std::dec << ",";
    out << "\n};\n\n}  // namespace iri::html::generated\n";
    return 0;
}

// ---- encodings ----

int emit_encodings(const std::string& encodings_json, const std::string& converters_tsv, std::ostream& out,
                   const std::string& command) {
    const json doc = iri::generator::parse_json(read_file(encodings_json), encodings_json);
    if (!doc.is_array()) throw data_error{encodings_json + ": not a JSON array"};
    std::map<std::string, std::pair<std::string, bool>> converter;  // name -> (ICU name or "", ASCII-compatible)
    for (const auto& row : tsv_rows(converters_tsv, 3)) {
        if (row[2] != "yes" && row[2] != "no") throw data_error{converters_tsv + ": " + row[0] + ": ascii not yes/no"};
        converter[row[0]] = {row[1] == "-" ? "" : row[1], row[2] == "yes"};
    }
    std::vector<std::string> names;
    std::vector<std::pair<std::string, std::size_t>> labels;
    for (const json& heading : doc.array) {
        const json* list = heading.member("encodings");
        if (!list || !list->is_array()) throw data_error{encodings_json + ": a heading without encodings"};
        for (const json& e : list->array) {
            const json* name = e.member("name");
            const json* ls = e.member("labels");
            if (!name || !name->is_string() || !ls || !ls->is_array())
                throw data_error{encodings_json + ": an encoding without name or labels"};
            if (!converter.count(name->string))
                throw data_error{converters_tsv + ": no row for the encoding " + name->string};
            for (const json& l : ls->array) {
                if (!l.is_string()) throw data_error{encodings_json + ": a label that is not a string"};
                labels.emplace_back(l.string, names.size());
            }
            names.push_back(name->string);
        }
    }
    if (names.size() != converter.size()) throw data_error{converters_tsv + ": a row for an encoding not in the list"};
    std::sort(labels.begin(), labels.end());
    for (std::size_t i = 1; i < labels.size(); ++i)
        if (labels[i].first == labels[i - 1].first)
            throw data_error{encodings_json + ": label twice: " + labels[i].first};

    out << "// Generated by " << command << " from " << encodings_json << " and " << converters_tsv
        << ". Do not edit.\n"
        << "// The Encoding Standard's encodings (§4.2 names and labels) and the ICU converter of each.\n"
        << "#pragma once\n\n#include <cstddef>\n#include <cstdint>\n#include <string_view>\n\n"
        << "namespace iri::detail::encoding_table {\n\n"
        << "/// An encoding: its name, its ICU converter (\"\" for replacement and x-user-defined, which the library\n"
        << "/// decodes itself), and whether the tokenizer may read its bytes as they are (data/encoding/).\n"
        << "struct encoding_row {\n    std::string_view name;\n    const char* converter;\n"
        << "    bool ascii_compatible;\n};\n\n"
        << "/// In the order of encodings.json.\n"
        << "inline constexpr encoding_row encodings[] = {\n";
    for (const std::string& n : names)
        out << "    {" << c_string(n) << ", " << c_string(converter[n].first) << ", "
            << (converter[n].second ? "true" : "false") << "},\n";
    out << "};\n\ninline constexpr std::size_t encoding_count = " << names.size() << ";\n\n"
        << "/// A label (lowercase, as the Standard lists it) and the index of its encoding in encodings.\n"
        << "struct label_row {\n    std::string_view label;\n    std::uint8_t encoding;\n};\n\n"
        << "/// Every label, sorted (byte order).\n"
        << "inline constexpr label_row labels[] = {\n";
    for (const auto& [label, index] : labels) out << "    {" << c_string(label) << ", " << index << "},\n";
    out << "};\n\n}  // namespace iri::detail::encoding_table\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string output;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == "-o" && i + 1 < args.size()) {
            output = args[i + 1];
            args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                       args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
            break;
        }
    if (args.size() != 3 || output.empty()) {
        std::cerr << usage;
        return 2;
    }
    std::string command = "iri-html-data";
    for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
    std::ostringstream text;
    try {
        if (args[0] == "elements") emit_elements(args[1], args[2], text, command);
        else if (args[0] == "entities") emit_entities(args[1], args[2], text, command);
        else if (args[0] == "encodings") emit_encodings(args[1], args[2], text, command);
        else {
            std::cerr << usage;
            return 2;
        }
    } catch (const data_error& e) {
        std::cerr << "iri-html-data: " << e.what << "\n";
        return 1;
    } catch (const iri::generator::json_error& e) {
        std::cerr << "iri-html-data: " << e.what << "\n";
        return 1;
    } catch (const std::exception& e) {  // std::stoul on a field that is no number
        std::cerr << "iri-html-data: " << args[1] << ", " << args[2] << ": " << e.what() << "\n";
        return 1;
    }
    std::ofstream out(output, std::ios::binary);
    out << text.str();
    if (!out.flush()) {
        std::cerr << "iri-html-data: cannot write " << output << "\n";
        return 1;
    }
    return 0;
}
