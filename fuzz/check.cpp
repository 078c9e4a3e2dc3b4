// check (every diagnostic family) and wrap_for_display.
//   options: bits 0-3 grammar.
// Oracles: every diagnostic's range lies inside the input and has a code, a message and a spec section; a
// syntax error is reported exactly when the reference is not valid, first, alone (check.hpp); wrapping for
// display keeps the text between the embedding marks.
#include "fuzz.hpp"
#include "iri/check.hpp"
#include "iri/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const auto found = iri::check(in.text, g);
    for (const iri::diagnostic& d : found) {
        fuzz::require(d.begin <= d.end && d.end <= in.text.size(), "a diagnostic's range lies inside the input",
                      in.text, d.code + " [" + std::to_string(d.begin) + ", " + std::to_string(d.end) + ")");
        fuzz::require(!d.code.empty() && !d.message.empty() && !d.spec.empty(), "a diagnostic says what and why",
                      in.text, d.code);
    }
    const bool valid = iri::is_valid(in.text, g);
    const bool syntax = !found.empty() && found.front().code.starts_with("syntax.");
    fuzz::require(valid != syntax, "a syntax diagnostic exactly when the reference is invalid", in.text);
    if (syntax) fuzz::require(found.size() == 1, "a syntax error comes alone", in.text);
    if (valid) {
        const std::string shown = iri::wrap_for_display(in.text);
        fuzz::require(
            shown == in.text || (shown.size() == in.text.size() + 6 && shown.compare(3, in.text.size(), in.text) == 0),
            "wrap_for_display keeps the text", in.text, shown);
    }
    return 0;
}
