// percent_encode, percent_decode, percent_decode_utf8.
//   options: bits 0-3 grammar, bits 4-6 production (userinfo, reg_name, segment, segment_nz, segment_nz_nc,
//   query, fragment), bit 7 literal (else keep_escapes), bit 8 lenient decoding, bits 9-11 characters `also`.
// Oracles: the encoded text is a valid string of the production (but for the empty text where the production
// needs a character) with no `also` character left literally; decoding it gives back the text (literal), or
// the text decoded leniently (keep_escapes); encoding is idempotent with keep_escapes; a decode that succeeds
// in UTF-8 mode is UTF-8 and equals the byte decode; errors lie inside the input.
#include <array>

#include "fuzz.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/prepare.hpp"

namespace {

using enum iri::production;
constexpr std::array<iri::production, 8> productions = {userinfo,      reg_name, segment,  segment_nz,
                                                        segment_nz_nc, query,    fragment, segment};
// Delimiters of sub-structures; never "%", which keep_escapes keeps (encoding it too is the caller's choice of
// encode_mode::literal).
constexpr std::array<std::string_view, 8> alsos = {"", "&=+", ":", "/", "?#", "&=+#;", "@", "!$'()*,"};

void check_decode(std::string_view text, iri::decode_mode mode) {
    const auto bytes = iri::percent_decode(text, mode);
    const auto utf8 = iri::percent_decode_utf8(text, mode);
    if (!bytes) fuzz::require_inside(bytes.error(), text.size(), text);
    if (!utf8) fuzz::require_inside(utf8.error(), text.size(), text);
    if (mode == iri::decode_mode::lenient) fuzz::require(bytes.has_value(), "lenient decoding never fails", text);
    if (utf8) {
        fuzz::require(bytes.has_value() && *bytes == *utf8, "UTF-8 decoding equals byte decoding", text);
        fuzz::require(iri::from_utf8(*utf8).has_value(), "UTF-8 decoding gives UTF-8", text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const iri::production p = productions[in.bits(4, 3)];
    const iri::encode_mode mode = in.flag(7) ? iri::encode_mode::literal : iri::encode_mode::keep_escapes;
    const std::string_view also = alsos[in.bits(9, 3)];
    check_decode(in.text, in.flag(8) ? iri::decode_mode::lenient : iri::decode_mode::strict);
    const auto enc = iri::percent_encode(in.text, g, p, mode, also);
    if (!enc) {
        fuzz::require_inside(enc.error(), in.text.size(), in.text);
        return 0;
    }
    const bool may_be_empty = p != segment_nz && p != segment_nz_nc;
    if (!enc->empty() || may_be_empty)
        fuzz::require(iri::is_valid(*enc, g, p), "the encoded text is valid in its production", in.text, *enc);
    for (const char c : also)
        if (c != '%') fuzz::require(enc->find(c) == std::string::npos, "no `also` character stays", in.text, *enc);
    const auto decoded = iri::percent_decode(*enc);
    fuzz::require(decoded.has_value(), "the encoded text decodes", in.text, *enc);
    if (mode == iri::encode_mode::literal) {
        fuzz::require(*decoded == in.text, "decoding literal encoding gives the text back", in.text, *enc);
    } else {
        fuzz::require(*decoded == *iri::percent_decode(in.text, iri::decode_mode::lenient),
                      "decoding keep_escapes encoding decodes the text", in.text, *enc);
        const auto twice = iri::percent_encode(*enc, g, p, mode, also);
        fuzz::require(twice.has_value() && *twice == *enc, "keep_escapes encoding is idempotent", in.text, *enc);
    }
    return 0;
}
