// Input preparation: from_utf16, from_utf32, from_utf8, from_charset (legacy charsets), clean_up.
//   options: bits 0-2 the function (0 UTF-16, 1 UTF-32, 2 UTF-8, 3-5 a legacy charset, 6-7 clean_up),
//   bits 3-5 the charset.
// Oracles: the output is UTF-8; UTF-16 and UTF-32 input are converted without change (converting back gives the
// code units); UTF-8 comes back as it is, exactly when it is well-formed; an error's offset lies inside the
// input, on a code unit's boundary; clean_up trims the text of ASCII white space and leaves no space in a piece
// (split) or none at all (encode: at most one piece).
#include <array>
#include <cstring>
#include <string>

#include "fuzz.hpp"
#include "iri/prepare.hpp"

namespace {

constexpr std::array<std::string_view, 8> charsets = {"ISO-8859-1", "windows-1252", "Shift_JIS", "EUC-JP",
                                                      "GB18030",    "KOI8-R",       "Big5",      "no-such-charset"};

template <class Char>
std::basic_string<Char> units(std::string_view bytes) {
    std::basic_string<Char> out(bytes.size() / sizeof(Char), Char{});
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(Char));
    return out;
}

template <class Char>
void check_unicode(std::string_view bytes, iri::result<std::string> (*convert)(std::basic_string_view<Char>)) {
    const std::basic_string<Char> text = units<Char>(bytes);
    const auto out = convert(text);
    if (!out) {
        const iri::error& e = out.error();
        fuzz::require(e.offset < text.size() * sizeof(Char) && e.offset % sizeof(Char) == 0,
                      "an encoding error on a code unit inside the input", bytes);
        return;
    }
    fuzz::require(iri::from_utf8(*out).has_value(), "the output is UTF-8", bytes);
    // Back to code units through the other conversion's inverse: UTF-8 -> UTF-32 by hand is ICU's job, so
    // compare lengths in code points instead, which a change of any character alters.
    std::size_t points = 0;
    for (const char c : *out) points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    std::size_t expected = 0;
    for (const Char u : text) expected += sizeof(Char) == 4 || (u & 0xFC00) != 0xDC00;
    fuzz::require(points == expected, "every code point converted, none added", bytes, *out);
}

void check_clean_up(std::string_view text, iri::spaces how) {
    const auto pieces = iri::clean_up(text, how);
    if (how == iri::spaces::encode) fuzz::require(pieces.size() <= 1, "encode gives at most one piece", text);
    // Weber §4 trims the whole text (step 1), then splits it at spaces (step 2): a piece between two spaces may
    // be a CR, LF or TAB, but the first cannot start and the last cannot end with white space.
    const auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    for (const std::string& p : pieces) {
        fuzz::require(!p.empty(), "no empty piece", text);
        fuzz::require(p.find(' ') == std::string::npos, "no space inside a piece", text, p);
    }
    if (!pieces.empty())
        fuzz::require(!ws(pieces.front().front()) && !ws(pieces.back().back()), "the text trimmed", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    switch (in.bits(0, 3)) {
        case 0: check_unicode<char16_t>(in.text, iri::from_utf16); break;
        case 1: check_unicode<char32_t>(in.text, iri::from_utf32); break;
        case 2: {
            const auto out = iri::from_utf8(in.text);
            if (out) fuzz::require(*out == in.text, "UTF-8 comes back as it is", in.text);
            else fuzz::require_inside(out.error(), in.text.size(), in.text);
            break;
        }
        case 3:
        case 4:
        case 5: {
            const auto out = iri::from_charset(in.text, charsets[in.bits(3, 3)]);
            if (out) fuzz::require(iri::from_utf8(*out).has_value(), "a legacy charset gives UTF-8", in.text);
            else fuzz::require_inside(out.error(), in.text.size(), in.text);
            break;
        }
        default: check_clean_up(in.text, in.flag(3) ? iri::spaces::encode : iri::spaces::split);
    }
    return 0;
}
