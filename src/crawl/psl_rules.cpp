// Reading the Public Suffix List's text into rules, each line checked (psl_table.hpp, read_psl_rules). The format
// is publicsuffix.org/list's ("Format": one rule per line, read up to the first white space; "//" comments; blank
// lines; "*." and "!" prefixes), the sections libpsl's (psl.c, psl_load_fp: the "===BEGIN ICANN DOMAINS===" and
// "===BEGIN PRIVATE DOMAINS===" markers in comments, each closed by its END marker).
#include <array>
#include <string_view>

#include "crawl/psl_table.hpp"
#include "grammar/charset_detail.hpp"
#include "iri/idna.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace iri::crawl::detail {

namespace {

// libpsl's isspace_ascii: the white space that ends a rule and that leads a line.
[[nodiscard]] constexpr bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// A compressed or binary file by its first octets: the formats a list is commonly shipped in besides its text.
[[nodiscard]] const char* binary_format(std::string_view text) noexcept {
    struct magic {
        std::string_view octets;
        const char* name;
    };
    static constexpr std::array<magic, 6> formats{{
        {"\x1F\x8B", "a gzip-compressed file"},
        {"BZh", "a bzip2-compressed file"},
        {std::string_view("\xFD"
                          "7zXZ\0",
                          6),
         "an xz-compressed file"},
        {"\x28\xB5\x2F\xFD", "a zstd-compressed file"},
        {"PK\x03\x04", "a zip archive"},
        {".DAFSA@PSL_", "libpsl's DAFSA form of the list"},
    }};
    for (const magic& m : formats)
        if (text.starts_with(m.octets)) return m.name;
    return nullptr;
}

// What is wrong with the name of a rule (without its "!" or "*." prefix), or nullptr: labels of letters, digits,
// hyphens and characters beyond ASCII, none empty.
[[nodiscard]] const char* bad_name(std::string_view name) noexcept {
    if (name.empty()) return "it names no domain";
    bool empty_label = true;
    for (const char c : name) {
        const auto o = static_cast<unsigned char>(c);
        if (c == '.') {
            if (empty_label) return "it has an empty label";
            empty_label = true;
            continue;
        }
        empty_label = false;
        if (o < 0x80 && !iri::detail::is_alnum(c) && c != '-') {
            if (c == '*') return "a wildcard is only a first label \"*.\"";
            if (c == '!') return "an exception's \"!\" is only its first character";
            return "a label holds a character other than a letter, a digit or \"-\"";
        }
    }
    return empty_label ? "it has an empty label" : nullptr;
}

// The rule's name as lowercase A-labels (UTS #46 for one with characters beyond ASCII), or what is wrong with it.
[[nodiscard]] const char* to_a_labels(std::string_view name, std::string& out) {
    if (iri::detail::is_ascii(name)) {
        out.assign(name);
        for (char& c : out) c = iri::detail::to_lower(c);
    } else {
        auto a = iri::host_to_ascii(name);
        if (!a) return "UTS #46 refuses its name";
        out = std::move(*a);
    }
    if (out.size() > iri::dns_name_octets) return "its name is longer than DNS allows (253 octets)";
    std::size_t label = 0;
    for (const char c : out) {
        label = c == '.' ? 0 : label + 1;
        if (label > iri::dns_label_octets) return "a label is longer than DNS allows (63 octets)";
    }
    return nullptr;
}

}  // namespace

bool read_psl_rules(std::string_view text, const std::string& source, std::vector<psl_rule>& rules,
                    std::string& error) {
    if (text.empty()) {
        error = source + ": empty: no Public Suffix List rule in it";
        return false;
    }
    if (const char* format = binary_format(text)) {
        error = source + ": " + format + ", not the list's text (public_suffix_list.dat)";
        return false;
    }
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte order mark
    std::uint8_t section = 0;
    std::size_t line_number = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t eol = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, eol - at);
        at = eol + 1;
        ++line_number;
        const auto fail = [&](std::string_view why) {
            error = source + ":" + std::to_string(line_number) + ": " + std::string(why);
            return false;
        };
        if (line.find('\0') != std::string_view::npos) return fail("a NUL octet: a binary file, not the list's text");
        if (!iri::detail::is_well_formed_utf8(line)) return fail("not UTF-8: a binary file, not the list's text");
        while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
        if (line.empty()) continue;
        if (line.starts_with("//")) {
            if (section == 0) {
                if (line.find("===BEGIN ICANN DOMAINS===") != std::string_view::npos) section = psl_icann;
                else if (line.find("===BEGIN PRIVATE DOMAINS===") != std::string_view::npos) section = psl_private;
            } else if (section == psl_icann && line.find("===END ICANN DOMAINS===") != std::string_view::npos) {
                section = 0;
            } else if (section == psl_private && line.find("===END PRIVATE DOMAINS===") != std::string_view::npos) {
                section = 0;
            }
            continue;
        }
        std::size_t token = 0;
        while (token < line.size() && !is_space(line[token])) ++token;
        const std::string_view rule = line.substr(0, token);
        psl_rule r;
        std::string_view name = rule;
        if (name.starts_with('!')) {
            name.remove_prefix(1);
            r.flags = psl_exception | section;
        } else if (name.starts_with("*.")) {
            name.remove_prefix(2);
            r.flags = psl_wildcard | psl_plain | section;  // "*.foo.bar" makes "foo.bar" public too (libpsl)
        } else {
            r.flags = psl_plain | section;
        }
        std::string quoted(1, '"');
        quoted.append(rule).append("\" is not a Public Suffix List rule: ");
        if (const char* why = bad_name(name)) return fail(quoted + why);
        if (const char* why = to_a_labels(name, r.name)) return fail(quoted + why);
        rules.push_back(std::move(r));
    }
    if (rules.empty()) {
        error = source + ": no Public Suffix List rule in it";
        return false;
    }
    return true;
}

}  // namespace iri::crawl::detail
