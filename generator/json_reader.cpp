// The JSON reader of json_reader.hpp: recursive descent over RFC 8259's grammar.
#include "json_reader.hpp"

#include <cstdlib>

namespace iri::generator {

const json* json::member(const std::string& name) const noexcept {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == name) return &values[i];
    return nullptr;
}

namespace {

class reader {
public:
    reader(const std::string& text, const std::string& file) : s_(text), file_(file) {}

    json document() {
        json v = value();
        space();
        if (at_ != s_.size()) fail("text after the value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw json_error{file_ + ": byte " + std::to_string(at_) + ": " + why};
    }
    void space() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r')) ++at_;
    }
    bool take(char c) {
        space();
        if (at_ < s_.size() && s_[at_] == c) return ++at_, true;
        return false;
    }
    void expect(char c) {
        if (!take(c)) fail(std::string("'") + c + "' expected");
    }
    bool word(const char* w) {
        const std::string_view v(w);
        if (s_.compare(at_, v.size(), v) != 0) return false;
        at_ += v.size();
        return true;
    }

    json value() {
        space();
        if (at_ >= s_.size()) fail("a value expected");
        json v;
        const char c = s_[at_];
        if (c == '{') {
            ++at_;
            v.kind = json::type::object;
            if (take('}')) return v;
            do {
                space();
                v.keys.push_back(string());
                expect(':');
                v.values.push_back(value());
            } while (take(','));
            expect('}');
        } else if (c == '[') {
            ++at_;
            v.kind = json::type::array;
            if (take(']')) return v;
            do v.array.push_back(value());
            while (take(','));
            expect(']');
        } else if (c == '"') {
            v.kind = json::type::string;
            v.string = string();
        } else if (word("true") || word("false")) {
            v.kind = json::type::boolean;
            v.boolean = s_[at_ - 1] == 'e' && s_[at_ - 2] == 'u';
        } else if (word("null")) {
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const char* begin = s_.c_str() + at_;
            char* end = nullptr;
            v.kind = json::type::number;
            v.number = std::strtod(begin, &end);
            at_ += static_cast<std::size_t>(end - begin);
        } else {
            fail("a value expected");
        }
        return v;
    }

    unsigned hex4() {
        if (at_ + 4 > s_.size()) fail("\\u needs four hexadecimal digits");
        unsigned u = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = s_[at_++];
            u = u * 16 + static_cast<unsigned>(h >= '0' && h <= '9'   ? h - '0'
                                               : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                               : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                                      : (fail("a hexadecimal digit expected"), 0));
        }
        return u;
    }

    std::string string() {
        if (at_ >= s_.size() || s_[at_] != '"') fail("a string expected");
        ++at_;
        std::string out;
        for (;;) {
            if (at_ >= s_.size()) fail("a string never closed");
            const char c = s_[at_++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ >= s_.size()) fail("an escape never finished");
            switch (const char e = s_[at_++]) {
                case '"':
                case '\\':
                case '/': out += e; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned u = hex4();
                    if (u >= 0xD800 && u < 0xDC00 && word("\\u")) {
                        const unsigned low = hex4();
                        if (low < 0xDC00 || low > 0xDFFF) fail("a lone surrogate");
                        u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                    } else if (u >= 0xD800 && u <= 0xDFFF) {
                        fail("a lone surrogate");
                    }
                    append_utf8(out, u);
                    break;
                }
                default: fail("an unknown escape");
            }
        }
    }

    const std::string& s_;
    const std::string& file_;
    std::size_t at_ = 0;
};

}  // namespace

json parse_json(const std::string& text, const std::string& file) { return reader(text, file).document(); }

void append_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | c >> 6);
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | c >> 12);
        out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | c >> 18);
        out += static_cast<char>(0x80 | (c >> 12 & 0x3F));
        out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

}  // namespace iri::generator
