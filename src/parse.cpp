// The parse path: one pass of the generated DFA. Nothing here allocates; an invalid input's error is worked out
// by make_error (error.cpp) after the pass.
#include "iri/parse.hpp"

#include "error_detail.hpp"
#include "registry.hpp"

namespace iri {

result<components> parse(std::string_view input, grammar g, production p) noexcept {
    const detail::grammar_info& gi = detail::info(g);
    const detail::match_fn match = gi.by_role[static_cast<std::size_t>(p)];
    if (!match) return detail::make_error(errc::no_such_production, input, 0, g, p);
    if (input.size() >= span::omitted) return detail::make_error(errc::input_too_long, input, 0, g, p);
    components c;
    std::uint32_t stop = 0;
    if (match(reinterpret_cast<const unsigned char*>(input.data()), input.size(), c, stop)) return c;
    return detail::make_error(input, stop, g, p);
}

bool is_valid(std::string_view input, grammar g, production p) noexcept {
    const detail::match_fn match = detail::info(g).by_role[static_cast<std::size_t>(p)];
    if (!match || input.size() >= span::omitted) return false;
    components c;
    std::uint32_t stop = 0;
    return match(reinterpret_cast<const unsigned char*>(input.data()), input.size(), c, stop);
}

}  // namespace iri
