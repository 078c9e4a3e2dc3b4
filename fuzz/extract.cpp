// extract from running text.
//   options: bits 0-3 grammar.
// Oracles: the IRIs come in order of position without overlapping, each range inside the text; each value is
// the text of its range less the whitespace of line breaks (and a leading "URL:" inside angle brackets);
// each value is a valid IRI (URI in the uri grammar: production uri) with a scheme and more than "scheme:" or
// "scheme://", and an http, https, ws, wss or ftp one has a host that is not empty (iri/extract.hpp).
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <array>

#include "fuzz.hpp"
#include "iri/extract.hpp"
#include "iri/parse.hpp"
#include "text/ascii.hpp"

namespace {

// The range's text without the whitespace extract removes inside angle brackets and at joined lines: Unicode's
// White_Space, as extract.hpp says (no extracted IRI holds any, so all of it goes; VT and FF are among them).
std::string without_breaks(std::string_view s) {
    std::string out;
    for (std::int32_t i = 0, n = static_cast<std::int32_t>(s.size()); i < n;) {
        const std::int32_t start = i;
        UChar32 c = 0;
        U8_NEXT(reinterpret_cast<const std::uint8_t*>(s.data()), i, n, c);
        if (c < 0 || !u_isUWhiteSpace(c))
            out.append(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
    return out;
}

// The value names more than its scheme, and has a host where its scheme needs one.
bool names_something(std::string_view value, iri::grammar g) {
    const auto r = iri::parse(value, g, iri::production::uri);
    if (!r) return false;
    const iri::span scheme = (*r)[iri::component::scheme];
    const std::string_view rest = value.substr(scheme.end + 1), name = value.substr(scheme.begin, scheme.size());
    constexpr std::array<std::string_view, 5> host_required = {"http", "https", "ws", "wss", "ftp"};
    for (std::string_view s : host_required)
        if (iri::detail::iequals(name, s) && (*r)[iri::component::host].size() == 0) return false;
    return !rest.empty() && rest != "//";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    std::uint32_t previous_end = 0;
    for (const iri::extracted& e : iri::extract(in.text, g)) {
        fuzz::require(previous_end <= e.begin && e.begin < e.end && e.end <= in.text.size(),
                      "extracted ranges inside the text, in order", in.text, e.value);
        previous_end = e.end;
        std::string expected = without_breaks(in.text.substr(e.begin, e.end - e.begin));
        if (e.delimiter == iri::delimiter::angle_brackets && e.value.size() + 4 == expected.size() &&
            (expected.starts_with("URL:") || expected.starts_with("url:")))
            expected.erase(0, 4);
        fuzz::require(e.value == expected, "the value is its range less line breaks", in.text, e.value);
        fuzz::require(iri::is_valid(e.value, g, iri::production::uri), "an extracted IRI is valid", in.text, e.value);
        fuzz::require(names_something(e.value, g), "an extracted IRI has more than its scheme, and a host if needed",
                      in.text, e.value);
    }
    return 0;
}
