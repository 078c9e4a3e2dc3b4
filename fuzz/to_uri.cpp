// to_uri and append_to_uri: every source grammar, both host mappings, unsafe ASCII encoded or not, and a
// document charset for http(s) queries.
//   options: bits 0-3 grammar (from), bit 4 host_mapping::idna, bit 5 encode_unsafe_ascii, bits 6-8 charset.
// Oracles: the output is a valid URI reference; to_uri is the identity on it (convert.hpp: the identity on
// URIs, and idempotent); append_to_uri appends the same bytes; an error lies inside the input.
#include <array>
#include <string>

#include "fuzz.hpp"
#include "iri/convert.hpp"
#include "iri/parse.hpp"

namespace {

constexpr std::array<std::string_view, 8> charsets = {"",        "ISO-8859-1", "windows-1252", "Shift_JIS",
                                                      "GB18030", "EUC-KR",     "UTF-16BE",     "no-such-charset"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar from = fuzz::grammar_of(in.bits(0, 4));
    const iri::to_uri_options options{
        .host = in.flag(4) ? iri::host_mapping::idna : iri::host_mapping::percent_encoding,
        .query_charset = charsets[in.bits(6, 3)],
        .encode_unsafe_ascii = in.flag(5)};
    const auto uri = iri::to_uri(in.text, from, options);
    std::string out = "prefix";
    const auto appended = iri::append_to_uri(out, in.text, from, options);
    fuzz::require(uri.has_value() == appended.has_value(), "to_uri and append_to_uri agree", in.text);
    if (!uri) {
        fuzz::require_inside(uri.error(), in.text.size(), in.text);
        fuzz::require(out == "prefix", "append_to_uri leaves out as it was on error", in.text);
        return 0;
    }
    fuzz::require(out == "prefix" + *uri && *appended == uri->size(), "append_to_uri appends the output", in.text);
    fuzz::require(iri::is_valid(*uri, iri::grammar::uri), "to_uri's output is a valid URI reference", in.text, *uri);
    const auto again = iri::to_uri(*uri, iri::grammar::uri, options);
    fuzz::require(again.has_value() && *again == *uri, "to_uri is the identity on its output", in.text,
                  *uri + " -> " + (again ? *again : again.error().message()));
    return 0;
}
