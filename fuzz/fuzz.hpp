// What every harness shares: the option bytes at the front of an input, and the oracle that stops the run.
//
// An input is two option bytes (16 bits, read by the harness with input::bits) and the text. Harnesses that
// take two strings split the text at its first line feed. The text keeps the end of libFuzzer's buffer, which
// is exactly the input's size, so a read past the text is a read past the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "iri/error.hpp"
#include "iri/grammar.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

struct input {
    input(const std::uint8_t* data, std::size_t size) noexcept;

    std::uint16_t options = 0;
    std::string_view text;

    /// `count` option bits from bit `from` (so that each harness names the bits it reads).
    [[nodiscard]] unsigned bits(unsigned from, unsigned count) const noexcept {
        return (options >> from) & ((1u << count) - 1);
    }
    [[nodiscard]] bool flag(unsigned bit) const noexcept { return bits(bit, 1) != 0; }
    /// The text before its first line feed, and after it ("" when there is none).
    [[nodiscard]] std::pair<std::string_view, std::string_view> two() const noexcept;
};

/// Reports a failed oracle (which harness property, on which text, and why) and aborts, which libFuzzer and the
/// replay both treat as a finding.
[[noreturn]] void fail(const char* oracle, std::string_view text, std::string_view detail = {});

/// Fails unless `holds`.
inline void require(bool holds, const char* oracle, std::string_view text, std::string_view detail = {}) {
    if (!holds) fail(oracle, text, detail);
}

/// Every offset of `e` (offset, char_offset + length) lies inside an input of `size` bytes, and its message and
/// spec section can be written.
void require_inside(const iri::error& e, std::size_t size, std::string_view text);

/// The grammar numbered `n` modulo the number of grammars.
[[nodiscard]] iri::grammar grammar_of(unsigned n) noexcept;

/// The bytes as C++ source would write them, for messages.
[[nodiscard]] std::string escaped(std::string_view s);

}  // namespace fuzz
