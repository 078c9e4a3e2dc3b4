// The tables of a variant's generated file (emit_tables.hpp).
#include "emit_tables.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <sstream>

#include "emit_expr.hpp"

namespace iri::abnf {

namespace {

// The enumerator of a production role (::iri::production::...), from include/iri/roles.def.
std::string production_enum(const std::string& role) {
    std::string id;
#define IRI_PRODUCTION(ident, name) \
  if (role == name) id = #ident;
#include "iri/roles.def"
#undef IRI_PRODUCTION
    return "::iri::production::" + id;
}

// One set as its closed ranges (`STORAGE std::uint32_t NAME[][2]`, STORAGE "const" or "inline constexpr"); returns
// its ASCII part as a bitmap.
std::array<std::uint64_t, 2> emit_ranges(const std::string& name, const char_set& set, std::ostream& out,
                                         const char* storage = "const") {
    std::array<std::uint64_t, 2> ascii{};
    out << storage << " std::uint32_t " << name << "[][2] = {\n";
    for (auto [lo, hi] : set.ranges) {
        out << "    {0x" << std::hex << lo << ", 0x" << hi << std::dec << "},\n";
        for (std::uint32_t c = lo; c <= hi && c < 0x80; ++c) ascii[c >> 6] |= std::uint64_t{1} << (c & 63);
    }
    out << "    {0, 0},\n};\n";
    return ascii;
}

// A charset_info initializer for a set emitted by emit_ranges.
std::string charset_init(const std::string& role, const std::string& name, const char_set& set,
                         const std::array<std::uint64_t, 2>& ascii) {
    std::ostringstream s;
    s << "{" << role << ", " << name << ", " << set.ranges.size() << ", {0x" << std::hex << ascii[0] << "ull, 0x"
      << ascii[1] << "ull}}";
    return s.str();
}

}  // namespace

std::string c_string(const std::string& s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
        else if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);
            out += buf;
        } else out += static_cast<char>(c);
    }
    return out + "\"";
}

std::string component_enum(const std::string& role) {
    std::string id;
#define IRI_COMPONENT(ident, name) \
  if (role == name) id = #ident;
#include "iri/roles.def"
#undef IRI_COMPONENT
    return "::iri::component::" + id;
}

bool has_prefix_matcher(const std::string& role) {
    return role != "URI-reference" && role != "URI" && role != "absolute-URI" && role != "relative-ref";
}

void emit_role_tables(const grammar& g, const std::vector<entry>& entries, std::ostream& out) {
    out << "const ::iri::detail::entry_info entries[] = {\n";
    for (const entry& e : entries)
        out << "    {" << production_enum(e.role) << ", " << c_string(g.find(e.rule)->name) << ", &match_"
            << cname(e.rule) << "},\n";
    out << "};\n\n";
    out << "const ::iri::detail::match_fn by_role[] = {\n";
    for (const std::string& role : production_roles()) {
        auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.role == role; });
        out << "    " << (it == entries.end() ? std::string("nullptr") : "&match_" + cname(it->rule)) << ",  // "
            << role << "\n";
    }
    out << "};\n\n";
    out << "const ::iri::detail::prefix_fn prefix_by_role[] = {\n";
    for (const std::string& role : production_roles()) {
        auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.role == role; });
        const bool has = it != entries.end() && has_prefix_matcher(role);
        out << "    " << (has ? "&prefix_" + cname(it->rule) : std::string("nullptr")) << ",  // " << role << "\n";
    }
    out << "};\n\n";
    out << "const ::iri::detail::alias_info aliases[] = {\n";
    for (const auto& [a, r] : g.aliases) out << "    {" << c_string(a) << ", " << c_string(r) << "},\n";
    out << "    {nullptr, nullptr},\n};\n\n";
}

std::size_t emit_charsets(const grammar& g, const std::vector<entry>& entries, std::ostream& out,
                          bool& unicode_reg_name) {
    const char_set ex = g.excluded_set();
    emit_ranges("excluded", ex, out);
    std::size_t count = 0;
    std::ostringstream sets;
    for (const entry& e : entries) {
        auto ls = g.literal_set(*g.find(e.rule));
        if (!ls) continue;
        ls->subtract(ex);
        const std::string name = "set_" + cname(e.rule);
        sets << "    " << charset_init(production_enum(e.role), name, *ls, emit_ranges(name, *ls, out)) << ",\n";
        if (e.role == "reg-name") unicode_reg_name = !ls->ranges.empty() && ls->ranges.back().second >= 0x80;
        ++count;
    }
    out << "\nconst ::iri::detail::charset_info charsets[] = {\n"
        << sets.str() << "    {::iri::production::uri_reference, nullptr, 0, {0, 0}},\n};\n\n";
    return count;
}

bool emit_named_sets(const grammar& g, const std::vector<std::string>& names, const std::string& table, bool required,
                     const char* storage, std::ostream& out, std::string& error) {
    std::ostringstream rows;
    for (const std::string& name : names) {
        const rule* r = g.find(name);
        auto set = r ? g.as_char_set(r->definition) : std::nullopt;
        if (!set) {
            if (required) {
                error = r ? r->where.str() + ": rule " + r->name + " is not a set of single code points"
                          : "rule " + name + " is not defined";
                return false;
            }
            rows << "    nullptr,  // " << name << "\n";
            continue;
        }
        set->subtract(g.excluded_set());
        const std::string id = "named_" + cname(name);
        const auto ascii = emit_ranges(id + "_ranges", *set, out, storage);
        out << storage << " ::iri::detail::charset_info " << id << " = "
            << charset_init("::iri::production::uri_reference", id + "_ranges", *set, ascii) << ";\n";
        rows << "    &" << id << ",\n";
    }
    const std::string table_storage = std::string(storage) == "const" ? "const" : std::string(storage) + " const";
    out << "\n"
        << table_storage << " ::iri::detail::charset_info* const " << table << "[] = {\n"
        << rows.str() << "};\n\n";
    return true;
}

std::vector<std::string> named_set_rules() {
    return {
#define IRI_SET(id, name) name,
#include "sets.def"
#undef IRI_SET
    };
}

void emit_grammar_info(const grammar& g, const emit_options& opt, const std::string& ns, std::size_t entry_count,
                       std::size_t charset_count, bool unicode_reg_name, std::ostream& out) {
    // ";@exclude RULE SPEC: TEXT": the section the prose rule comes from, and the reason.
    std::string reason_spec, reason_text = g.excluded.reason;
    if (auto colon = reason_text.find(": "); colon != std::string::npos) {
        reason_spec = reason_text.substr(0, colon);
        reason_text = reason_text.substr(colon + 2);
    }
    out << "namespace iri::detail {\nextern const grammar_info grammar_info_" << g.name << ";\n";
    out << "const grammar_info grammar_info_" << g.name << " = {\n    " << c_string(g.name) << ",\n    "
        << c_string(opt.source) << ",\n    " << c_string(g.spec) << ",\n    " << ns << "::entries,\n    " << entry_count
        << ",\n    " << ns << "::by_role,\n    " << ns << "::prefix_by_role,\n    " << ns << "::aliases,\n    "
        << g.aliases.size() << ",\n    " << ns << "::excluded,\n    " << g.excluded_set().ranges.size() << ",\n    "
        << c_string(reason_spec) << ",\n    " << c_string(reason_text) << ",\n    "
        << (g.split_rfc3986 ? "true" : "false") << ",\n    " << ns << "::charsets,\n    " << charset_count << ",\n    "
        << ns << "::named_sets,\n    " << (unicode_reg_name ? "true" : "false")
        << ",\n};\n}  // namespace iri::detail\n";
}

}  // namespace iri::abnf
