// to_iri and append_to_iri with each of its options.
//   options: bit 0 to rfc3987 (else iri), bit 1 keep_discouraged_encoded, bit 2 keep_http_query_encoded,
//   bit 3 unicode_hosts.
// Oracles: the output is valid in the target grammar; append_to_iri appends the same bytes; an error lies inside
// the input; every SIMD level gives the same output; to_uri(to_iri(u)) is u up to syntax-based normalization
// (convert.hpp: "up to the case of hex digits and percent-encoded unreserved characters", 3987bis §4.1), without
// unicode_hosts (step 7 has no inverse).
#include <string>

#include "fuzz.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/convert.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::to_iri_options options{.to = in.flag(0) ? iri::grammar::rfc3987 : iri::grammar::iri,
                                      .keep_discouraged_encoded = in.flag(1),
                                      .keep_http_query_encoded = in.flag(2),
                                      .unicode_hosts = in.flag(3)};
    const auto iri = iri::to_iri(in.text, options);
    std::string out = "prefix";
    const auto appended = iri::append_to_iri(out, in.text, options);
    fuzz::require(iri.has_value() == appended.has_value(), "to_iri and append_to_iri agree", in.text);
    if (!iri) {
        fuzz::require_inside(iri.error(), in.text.size(), in.text);
        return 0;
    }
    fuzz::require(out == "prefix" + *iri && *appended == iri->size(), "append_to_iri appends the output", in.text);
    fuzz::require(iri::is_valid(*iri, options.to), "to_iri's output is valid in its grammar", in.text, *iri);
    using iri::detail::simd_level;
    for (const simd_level level : {simd_level::scalar, simd_level::avx2, simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        const auto at_level = iri::to_iri(in.text, options);
        fuzz::require(at_level.has_value() && *at_level == *iri, "every SIMD implementation gives the same IRI",
                      in.text, "level " + std::to_string(static_cast<int>(level)));
    }
    iri::detail::select_simd_level(iri::detail::widest_simd_level());
    // The round trip of 3987bis §4.1 is that of percent-encoding. Step 7's U-labels have no inverse in to_uri:
    // with IDNA it gives A-labels of every label (lowercased, STD3 rules), with percent-encoding %HH.
    if (options.unicode_hosts) return 0;
    const auto uri = iri::to_uri(*iri, options.to);
    fuzz::require(uri.has_value(), "to_uri takes to_iri's output", in.text, *iri);
    const auto a = iri::normalize(in.text, iri::grammar::uri), b = iri::normalize(*uri, iri::grammar::uri);
    fuzz::require(a.has_value() && b.has_value() && *a == *b, "to_uri(to_iri(u)) is u up to syntax normalization",
                  in.text, *iri + " -> " + *uri);
    return 0;
}
