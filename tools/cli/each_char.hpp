// Each character of a UTF-8 string, with where it begins and ends (the JSON writer and the shown form walk it).
#pragma once

#include <unicode/utf8.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cli {

// Calls f(code_point, begin, end) for each character of s; code_point is negative for bytes that are not UTF-8.
template <class F>
void each_char(std::string_view s, F f) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int64_t>(s.size());
    for (std::int64_t i = 0; i < n;) {
        const std::int64_t start = i;
        UChar32 c = 0;
        U8_NEXT(b, i, n, c);
        f(c, static_cast<std::size_t>(start), static_cast<std::size_t>(i));
    }
}

}  // namespace cli
