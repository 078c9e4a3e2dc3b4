// A string for a failed assertion's message: UTF-8 with every code point beyond ASCII written \uXXXX or \UXXXXXXXX
// (an ill-formed sequence's lead byte read as best it can be), so that a case shows the same on any terminal.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace iri_test {

inline std::string escaped(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            out += s[i++];
            continue;
        }
        const std::size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        std::uint32_t c = n == 1 ? b : b & (n == 4 ? 0x07u : n == 3 ? 0x0Fu : 0x1Fu);
        for (std::size_t k = 1; k < n && i + k < s.size(); ++k)
            c = c << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
        char buf[16];
        std::snprintf(buf, sizeof buf, c > 0xFFFF ? "\\U%08X" : "\\u%04X", static_cast<unsigned>(c));
        out += buf;
        i += n;
    }
    return out;
}

}  // namespace iri_test
