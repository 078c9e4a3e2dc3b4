// iri: the command-line tool. Subcommands over the parts of the library that exist: validate, parse, check.
// References come from the arguments, or one per line from --input FILE ("-" for standard input; also the default
// when no reference is given). Exit status: 0 when every input is valid, 1 when some are not, 2 for usage errors.
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "iri.hpp"

namespace {

const char* const usage = R"(usage: iri SUBCOMMAND [OPTIONS] [REFERENCE...]

Subcommands:
  validate   say whether each reference is valid; show where and why it is not
  parse      print the components of each reference (scheme, authority, userinfo, host and its kind,
             port and its number, path, query, fragment)
  check      print every diagnostic of each reference with a caret under the offending character
             (today: the grammar errors)

Options:
  --grammar NAME      uri | iri | rfc3987 | leiri (default iri), or any variant built from grammar/
  --production NAME   the ABNF rule to match (IRI-reference, absolute-IRI, ihost, IPv6address, ...);
                      default: the reference production of the grammar
  --input FILE        read one reference per line from FILE ("-": standard input); CR before LF is dropped
  --json              one JSON object per reference: input, valid, components, error {code, offset,
                      component, message}
  --quiet             print nothing per reference (with --stats: only the counts)
  --stats             print lines, valid, invalid and MB/s to standard error
  -h, --help          this text

Examples:
  iri validate 'http://例え.jp/引き割り'
  iri validate --grammar uri --input urls.txt --quiet --stats
  iri parse --json 'http://[2001:db8::7]:8080/c=GB?objectClass?one'
  iri check --grammar leiri 'http://example.org/a b'
)";

struct options {
    std::string command;
    iri::grammar grammar = iri::grammar::iri;
    iri::production production = iri::production::uri_reference;
    std::string production_name;
    std::vector<std::string> inputs;  // files
    std::vector<std::string> references;
    bool json = false, quiet = false, stats = false;
};

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "iri: " << message << "\n\n" << usage;
    std::exit(2);
}

void json_string(std::string& out, std::string_view s) {
    out += '"';
    const auto* b = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(s.size());
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t start = i;
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        char buf[16];
        if (c < 0) {
            out += "\\ufffd";  // not UTF-8: JSON cannot carry the byte
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7F) {
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out += buf;
        } else {
            out.append(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
        }
    }
    out += '"';
}

// The display width of [0, offset) of `s`: East Asian wide and fullwidth characters take two columns, combining
// marks and other zero-width characters none; invalid bytes one.
std::size_t columns(std::string_view s, std::size_t offset) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(offset < s.size() ? offset : s.size());
    std::size_t width = 0;
    for (std::int32_t i = 0; i < n;) {
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        if (c < 0) {
            ++width;
            continue;
        }
        const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
        const auto gc = u_charType(c);
        if (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) continue;
        width += (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH) ? 2 : 1;
    }
    return width;
}

// The input as it can be shown on a terminal: control characters and invalid bytes as \xNN.
std::string shown(std::string_view s) {
    std::string out;
    const auto* b = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(s.size());
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t start = i;
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        if (c < 0 || c < 0x20 || c == 0x7F || u_charType(c) == U_FORMAT_CHAR) {
            for (std::int32_t k = start; k < i; ++k) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02X", b[k]);
                out += buf;
            }
        } else {
            out.append(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
        }
    }
    return out;
}

std::string caret_display(std::string_view input, const iri::error& e) {
    // Columns are counted on the shown form, where escaped bytes take four columns each.
    const std::string before = shown(input.substr(0, e.char_offset));
    std::string out = "  " + shown(input) + "\n  " + std::string(columns(before, before.size()), ' ') + "^ " +
                      iri::name(e.code) + ": " + e.message() + " [" + e.spec() + "]\n";
    return out;
}

std::string_view slice(std::string_view s, iri::span sp) { return s.substr(sp.begin, sp.end - sp.begin); }

const char* kind_name(iri::host_kind k) {
    switch (k) {
        case iri::host_kind::reg_name: return "reg-name";
        case iri::host_kind::ipv4: return "IPv4address";
        case iri::host_kind::ipv6: return "IPv6address";
        case iri::host_kind::ipvfuture: return "IPvFuture";
        case iri::host_kind::none: break;
    }
    return "none";
}

void components_json(std::string& out, std::string_view input, const iri::components& c) {
    out += "{";
    bool first = true;
    for (iri::component k : {iri::component::scheme, iri::component::authority, iri::component::userinfo,
                             iri::component::host, iri::component::port, iri::component::path,
                             iri::component::query, iri::component::fragment}) {
        if (!c.has(k)) continue;
        out += first ? "" : ", ";
        first = false;
        json_string(out, iri::name(k));
        out += ": ";
        json_string(out, slice(input, c[k]));
    }
    if (c.host() != iri::host_kind::none) {
        out += ", \"host_kind\": ";
        json_string(out, kind_name(c.host()));
    }
    out += "}";
}

// Port as a number (RFC 3986 §3.2.3: any digit string is syntax; a number above 65535 is reported out of range).
std::string port_number(std::string_view port) {
    if (port.empty()) return "empty";
    unsigned long v = 0;
    for (char ch : port) {
        v = v * 10 + static_cast<unsigned long>(ch - '0');
        if (v > 65535) return "out of range";
    }
    return std::to_string(v);
}

struct counters {
    std::size_t lines = 0, valid = 0, invalid = 0, bytes = 0;
};

void process(const options& o, std::string_view input, counters& n, std::string& out) {
    ++n.lines;
    n.bytes += input.size() + 1;
    const auto r = iri::parse(input, o.grammar, o.production);
    r ? ++n.valid : ++n.invalid;
    if (o.quiet) return;
    if (o.json) {
        out += "{\"input\": ";
        json_string(out, input);
        out += r ? ", \"valid\": true" : ", \"valid\": false";
        if (r && o.command != "validate") {
            out += ", \"components\": ";
            components_json(out, input, *r);
        }
        if (!r) {
            const iri::error& e = r.error();
            out += ", \"error\": {\"code\": ";
            json_string(out, iri::name(e.code));
            out += ", \"offset\": " + std::to_string(e.offset) + ", \"component\": ";
            json_string(out, iri::name(e.where));
            out += ", \"message\": ";
            json_string(out, e.message());
            out += "}";
        }
        out += "}\n";
        return;
    }
    if (!r) {
        out += (o.command == "check" ? "error\t" : "invalid\t") + shown(input) + "\n" + caret_display(input, r.error());
        return;
    }
    if (o.command == "validate" || o.command == "check") {
        out += "valid\t" + shown(input) + "\n";
        return;
    }
    out += shown(input) + "\n";
    for (iri::component k : {iri::component::scheme, iri::component::authority, iri::component::userinfo,
                             iri::component::host, iri::component::port, iri::component::path,
                             iri::component::query, iri::component::fragment}) {
        if (!r->has(k)) continue;
        out += std::string("  ") + iri::name(k) + ": " + shown(slice(input, (*r)[k]));
        if (k == iri::component::host) out += std::string("  (") + kind_name(r->host()) + ")";
        if (k == iri::component::port) out += "  (" + port_number(slice(input, (*r)[k])) + ")";
        out += "\n";
    }
}

options parse_args(int argc, char** argv) {
    options o;
    if (argc < 2) usage_error("a subcommand is needed");
    o.command = argv[1];
    if (o.command == "-h" || o.command == "--help") {
        std::cout << usage;
        std::exit(0);
    }
    if (o.command != "validate" && o.command != "parse" && o.command != "check")
        usage_error("unknown subcommand " + o.command);
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage_error(a + " needs a value");
            return argv[++i];
        };
        if (a == "-h" || a == "--help") {
            std::cout << usage;
            std::exit(0);
        } else if (a == "--grammar") {
            const std::string v = value();
            const auto g = iri::find_grammar(v);
            if (!g) usage_error("unknown grammar " + v);
            o.grammar = *g;
        } else if (a == "--production") {
            o.production_name = value();
        } else if (a == "--input") {
            o.inputs.push_back(value());
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "--quiet") {
            o.quiet = true;
        } else if (a == "--stats") {
            o.stats = true;
        } else if (a == "--") {
            for (++i; i < argc; ++i) o.references.emplace_back(argv[i]);
        } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
            usage_error("unknown option " + a);
        } else {
            o.references.push_back(a);
        }
    }
    if (!o.production_name.empty()) {
        const auto p = iri::find_production(o.grammar, o.production_name);
        if (!p) usage_error("grammar " + std::string(iri::name(o.grammar)) + " has no production " + o.production_name);
        o.production = *p;
    }
    if (o.references.empty() && o.inputs.empty()) o.inputs.emplace_back("-");
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    const options o = parse_args(argc, argv);
    counters n;
    std::string out;
    const auto flush = [&]() {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
    };
    const auto t0 = std::chrono::steady_clock::now();
    for (const std::string& r : o.references) process(o, r, n, out);
    flush();
    for (const std::string& f : o.inputs) {
        std::ifstream file;
        std::istream* in = &std::cin;
        if (f != "-") {
            file.open(f, std::ios::binary);
            if (!file) {
                std::cerr << "iri: cannot read " << f << "\n";
                return 2;
            }
            in = &file;
        }
        std::string line;
        while (std::getline(*in, line)) {  // streaming: one line in memory at a time
            if (!line.empty() && line.back() == '\r') line.pop_back();
            process(o, line, n, out);
            if (out.size() > (1u << 16)) flush();
        }
        flush();
    }
    if (o.stats) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::fprintf(stderr, "lines %zu, valid %zu, invalid %zu, %.1f MB/s\n", n.lines, n.valid, n.invalid,
                     s > 0 ? static_cast<double>(n.bytes) / 1e6 / s : 0.0);
    }
    return n.invalid == 0 ? 0 : 1;
}
