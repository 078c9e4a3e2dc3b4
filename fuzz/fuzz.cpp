#include "fuzz.hpp"

#include <cstdio>
#include <cstdlib>

namespace fuzz {

input::input(const std::uint8_t* data, std::size_t size) noexcept {
    if (size >= 2) {
        options = static_cast<std::uint16_t>(data[0] | data[1] << 8);
        text = std::string_view(reinterpret_cast<const char*>(data) + 2, size - 2);
    } else {
        options = size ? data[0] : 0;
        text = std::string_view(reinterpret_cast<const char*>(data) + size, 0);
    }
}

std::pair<std::string_view, std::string_view> input::two() const noexcept {
    const std::size_t lf = text.find('\n');
    if (lf == std::string_view::npos) return {text, text.substr(text.size())};
    return {text.substr(0, lf), text.substr(lf + 1)};
}

std::string escaped(std::string_view s) {
    std::string out;
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x20 && b < 0x7F && b != '\\' && b != '"') {
            out += c;
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", b);
            out += buf;
        }
    }
    return out;
}

void fail(const char* oracle, std::string_view text, std::string_view detail) {
    std::fprintf(stderr, "oracle failed: %s\n  input: \"%s\"\n  %s\n", oracle, escaped(text).c_str(),
                 escaped(detail).c_str());
    std::abort();
}

void require_inside(const iri::error& e, std::size_t size, std::string_view text) {
    const bool inside = e.offset <= size && e.char_offset <= size && e.length <= size - e.char_offset;
    if (!inside)
        fail("error offsets inside the input", text,
             "offset " + std::to_string(e.offset) + ", char_offset " + std::to_string(e.char_offset) + ", length " +
                 std::to_string(e.length) + ", input size " + std::to_string(size) + ": " + e.message());
    require(!e.message().empty() && e.spec() != nullptr, "error message and spec", text);
}

iri::grammar grammar_of(unsigned n) noexcept { return static_cast<iri::grammar>(n % iri::grammar_count); }

}  // namespace fuzz
