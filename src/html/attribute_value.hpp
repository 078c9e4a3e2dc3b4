// An attribute value as the tokenizer hands it to the tree builder, from its raw bytes in the page: decoded from the
// page's encoding (a byte sequence it does not define is U+FFFD, the Encoding Standard's "replacement" mode), its
// line breaks normalized (CR LF and CR are LF, HTML §13.2.3.5), U+0000 as U+FFFD and character references decoded
// (§13.2.5.36 to §13.2.5.38, §13.2.5.72 to §13.2.5.80). Private to the library.
#pragma once

#include <string>
#include <string_view>

#include "convert/charset_decoder.hpp"
#include "html/encoding.hpp"

namespace iri::html::detail {

class value_decoder {
public:
    /// Decodes values of pages in `e` from now on (`e` supported). `converted`: the page was converted to UTF-8
    /// whole (an encoding that is not ASCII-compatible), and its values are UTF-8.
    void set_encoding(encoding_id e, bool converted);

    /// Appends the value of `raw` to `out`.
    void append(std::string_view raw, std::string& out);

private:
    enum class kind : std::uint8_t { utf8, icu, user_defined };
    kind kind_ = kind::utf8;
    encoding_id open_ = 0xFF;  // the encoding icu_ was opened for
    iri::detail::charset_decoder icu_;
    std::string unicode_, lines_;  // reused: the value in UTF-8, then with its line breaks normalized
};

}  // namespace iri::html::detail
