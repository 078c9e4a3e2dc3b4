#include "json.hpp"

#include "each_char.hpp"
#include "iri/percent.hpp"
#include "iri/prepare.hpp"

#include <cstdint>
#include <cstdio>

namespace cli {

void json_string(std::string& out, std::string_view s) {
    out += '"';
    each_char(s, [&](UChar32 c, std::size_t start, std::size_t end) {
        if (c < 0) {
            out += "\\ufffd";
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out += buf;
        } else {
            out.append(s.substr(start, end - start));
        }
    });
    out += '"';
}

namespace {

void skip_space(std::string_view t, std::size_t& i) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) ++i;
}

int hex4(std::string_view t, std::size_t i) {
    if (i + 4 > t.size()) return -1;
    int v = 0;
    for (std::size_t k = i; k < i + 4; ++k) {
        const int d = iri::hex_value(t[k]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

constexpr bool high_surrogate(int u) { return u >= 0xD800 && u <= 0xDBFF; }
constexpr bool low_surrogate(int u) { return u >= 0xDC00 && u <= 0xDFFF; }

// One string literal at t[i] == '"'; i ends after its closing quote.
std::optional<std::string> json_literal(std::string_view t, std::size_t& i, std::string& out) {
    ++i;
    while (i < t.size()) {
        const char c = t[i];
        if (c == '"') {
            ++i;
            return std::nullopt;
        }
        if (static_cast<unsigned char>(c) < 0x20) return "a control character inside a JSON string";
        if (c != '\\') {
            out += c;
            ++i;
            continue;
        }
        if (i + 1 >= t.size()) break;
        const char e = t[i + 1];
        i += 2;
        switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                int u = hex4(t, i);
                if (u < 0) return "\\u needs four hexadecimal digits";
                i += 4;
                auto cp = static_cast<std::uint32_t>(u);
                if (high_surrogate(u)) {  // RFC 8259 §7: a pair of escapes for a supplementary character
                    const int low = i + 6 <= t.size() && t[i] == '\\' && t[i + 1] == 'u' ? hex4(t, i + 2) : -1;
                    if (!low_surrogate(low))
                        return "a lone surrogate escape (\\u" + std::string(t.substr(i - 4, 4)) + ")";
                    cp = 0x10000u + ((cp - 0xD800u) << 10) + (static_cast<std::uint32_t>(low) - 0xDC00u);
                    i += 6;
                } else if (low_surrogate(u)) {
                    return "a lone surrogate escape (\\u" + std::string(t.substr(i - 4, 4)) + ")";
                }
                const char32_t one[] = {cp};
                out += iri::from_utf32(std::u32string_view(one, 1)).value();  // a scalar value: never an error
                break;
            }
            default: return std::string("an unknown escape \\") + e;
        }
    }
    return "an unterminated JSON string";
}

}  // namespace

std::optional<std::string> json_strings(std::string_view t, std::vector<std::string>& values,
                                        std::vector<bool>* nulls) {
    values.clear();
    if (nulls) nulls->clear();
    std::size_t i = 0;
    skip_space(t, i);
    if (i < t.size() && t[i] == '"') {
        values.emplace_back();
        if (nulls) nulls->push_back(false);
        if (auto e = json_literal(t, i, values.back())) return e;
    } else if (i < t.size() && t[i] == '[') {
        ++i;
        skip_space(t, i);
        if (i < t.size() && t[i] == ']') {
            ++i;
        } else {
            for (;;) {
                skip_space(t, i);
                values.emplace_back();
                const bool null = nulls && t.substr(i, 4) == "null";
                if (nulls) nulls->push_back(null);
                if (null) i += 4;
                else if (i >= t.size() || t[i] != '"') return "an array of strings is expected";
                else if (auto e = json_literal(t, i, values.back())) return e;
                skip_space(t, i);
                if (i < t.size() && t[i] == ',') {
                    ++i;
                    continue;
                }
                if (i < t.size() && t[i] == ']') {
                    ++i;
                    break;
                }
                return "\",\" or \"]\" is expected";
            }
        }
    } else {
        return "a JSON string literal or array of strings is expected";
    }
    skip_space(t, i);
    if (i != t.size()) return "text after the JSON value";
    return std::nullopt;
}

}  // namespace cli
