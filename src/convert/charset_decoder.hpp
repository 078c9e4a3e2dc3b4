// Text in a legacy charset into UTF-8, by an ICU converter: the one home of ICU's charset conversion, for
// from_charset (iri/prepare.hpp: RFC 3987 §3.1 variant B, stopping at the first byte the charset does not define)
// and for the attribute values of HTML pages (src/html/: the Encoding Standard's decoders in their "replacement"
// error mode, each byte sequence the charset does not define decoded as U+FFFD). Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct UConverter;

namespace iri::detail {

class charset_decoder {
public:
    /// What a byte sequence the charset does not define (or an unfinished one at the end) does.
    enum class errors : std::uint8_t {
        stop,     ///< ends the conversion (append_utf8 answers where)
        replace,  ///< is U+FFFD
    };

    charset_decoder() = default;
    ~charset_decoder();
    charset_decoder(const charset_decoder&) = delete;
    charset_decoder& operator=(const charset_decoder&) = delete;
    charset_decoder(charset_decoder&& other) noexcept;
    charset_decoder& operator=(charset_decoder&& other) noexcept;

    /// Opens ICU's converter `name` ("windows-1252", "Shift_JIS", ...), replacing the one open; false when ICU has
    /// none of that name (the decoder then has none).
    bool open(const char* name, errors mode);
    [[nodiscard]] bool is_open() const noexcept { return converter_ != nullptr; }

    /// Appends `bytes` converted to UTF-8 to `out`, from the converter's initial state. With `offsets`, appends for
    /// each byte appended to `out` the offset in `bytes` of the first byte of the sequence it was converted from.
    /// @return bytes.size(), or under errors::stop the offset of the first byte of the sequence that stopped the
    ///         conversion (`out` then holds what came before it), with `bad_length` set to its length.
    std::size_t append_utf8(std::string_view bytes, std::string& out, std::vector<std::uint32_t>* offsets = nullptr,
                            std::size_t* bad_length = nullptr);

private:
    UConverter* converter_ = nullptr;
    errors mode_ = errors::replace;
    std::vector<char16_t> units_;       // reused: the UTF-16 ICU writes
    std::vector<std::int32_t> starts_;  // reused: the offset of each unit's source
};

}  // namespace iri::detail
