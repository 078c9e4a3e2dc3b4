// Writing UTF-8 (RFC 3629). Private to the library.
#pragma once

#include <unicode/utf8.h>

#include <cstdint>
#include <string>

namespace iri::detail {

/// Appends code point `c` (a scalar value) as UTF-8.
inline void append_utf8(std::string& out, std::uint32_t c) {
    std::uint8_t buf[U8_MAX_LENGTH];
    std::uint32_t n = 0;
    U8_APPEND_UNSAFE(buf, n, c);
    out.append(reinterpret_cast<const char*>(buf), n);
}

}  // namespace iri::detail
