// The web's URLs (iri/web.hpp): web::parse with and without a base, can_parse, parse_into, the setters and
// search_params, with each SIMD implementation the processor has.
//   options: bit 0 a base (text: base LF input; without it, input LF setter value), bits 1-4 the setter (0-9, or
//   none), bit 5 the text through search_params too.
// Oracles: every SIMD implementation gives the same href or the same failure; can_parse and parse_into agree with
// parse, and so do the state machine alone and can_parse by the states (without the fast path); a failure lies inside its input; an href parses again to itself (the serializer's output is a fixed
// point of the parser, URL Standard §4.5) and the getters concatenate back to it (§6.1), also after a setter;
// search_params serializes to a string that parses to the same pairs (§5.1, §5.2) and sort() keeps them.
#include <optional>
#include <string>

#include "fuzz.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/web.hpp"
#include "web/url_access.hpp"

namespace {

using iri::detail::simd_level;

// The href the getters give (§6.1), put together as §4.5 serializes a URL: the record's query and fragment, not
// the search and hash getters, which answer "" for an empty one.
std::string from_getters(const iri::web::url& u) {
    std::string s(u.protocol());
    if (u.host_type() != iri::web::host_kind::none) {
        s += "//";
        if (u.has_credentials()) {
            s += u.username();
            if (!u.password().empty()) s.append(":").append(u.password());
            s += '@';
        }
        s += u.host();
    } else if (!u.has_opaque_path() && u.pathname().starts_with("//")) {
        s += "/.";  // §4.5 step 4: a path whose first segment is empty, with no host
    }
    s += u.pathname();
    if (const auto q = u.query()) s.append("?").append(*q);
    if (const auto f = u.fragment()) s.append("#").append(*f);
    return s;
}

// The properties of any URL the library made: it is its own parse, and its getters make its href.
void require_well_formed(const iri::web::url& u, std::string_view text, const char* after) {
    const std::string_view href = u.href();
    const auto again = iri::web::parse(href);
    fuzz::require(again.has_value(), after, text, std::string("does not parse again: ") + std::string(href));
    fuzz::require(again->href() == href, after, text, std::string(href) + " parses to " + std::string(again->href()));
    fuzz::require(from_getters(u) == href, after, text, std::string(href) + " from its getters is " + from_getters(u));
}

bool same(const iri::result<iri::web::url>& a, const iri::result<iri::web::url>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (a) return a->href() == b->href();
    return a.error().code == b.error().code && a.error().offset == b.error().offset &&
           a.error().url_validation == b.error().url_validation;
}

void set(iri::web::url& u, unsigned setter, std::string_view value) {
    switch (setter) {
        case 0: (void)u.set_href(value); break;  // a failure leaves u unchanged
        case 1: u.set_protocol(value); break;
        case 2: u.set_username(value); break;
        case 3: u.set_password(value); break;
        case 4: u.set_host(value); break;
        case 5: u.set_hostname(value); break;
        case 6: u.set_port(value); break;
        case 7: u.set_pathname(value); break;
        case 8: u.set_search(value); break;
        case 9: u.set_hash(value); break;
        default: break;
    }
}

void check_search_params(std::string_view text) {
    iri::web::search_params p(text);
    const std::string s = p.to_string();
    const iri::web::search_params again(s);
    fuzz::require(again.pairs() == p.pairs(), "search_params: its serialization parses to the same pairs", text, s);
    const std::size_t n = p.size();
    p.sort();
    fuzz::require(p.size() == n, "search_params: sort keeps every pair", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const bool with_base = in.flag(0);
    const unsigned setter = in.bits(1, 4);
    const auto [first, second] = in.two();
    const std::string_view input = with_base ? second : first;
    std::optional<iri::web::url> base;
    if (with_base) {
        auto b = iri::web::parse(first);
        if (b) {
            require_well_formed(*b, in.text, "the base");
            base = std::move(*b);
        }
    }
    const iri::web::url* against = base ? &*base : nullptr;
    std::optional<iri::result<iri::web::url>> parsed;
    for (const simd_level level : {simd_level::scalar, simd_level::avx2, simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        auto r = iri::web::parse(input, against);
        if (!parsed) parsed.emplace(std::move(r));
        else
            fuzz::require(same(*parsed, r), "every SIMD implementation gives the same result", in.text,
                          "level " + std::to_string(static_cast<int>(level)));
    }
    const iri::result<iri::web::url>& r = *parsed;
    fuzz::require(iri::web::can_parse(input, against) == r.has_value(), "can_parse agrees with parse", in.text);
    fuzz::require(iri::web::url_access::can_parse_by_states(input, against) == r.has_value(),
                  "can_parse by the states agrees with parse", in.text);
    iri::web::url by_states;
    const auto states = iri::web::url_access::parse_by_states(by_states, input, against);
    fuzz::require(states.has_value() == r.has_value() &&
                      (!r || (by_states.href() == r->href() && by_states.offsets().spans == r->offsets().spans)),
                  "the state machine alone agrees with parse (the fast path)", in.text);
    iri::web::url into;
    const auto filled = iri::web::parse_into(into, input, against);
    fuzz::require(filled.has_value() == r.has_value() && (!r || into.href() == r->href()),
                  "parse_into agrees with parse", in.text);
    if (!r) {
        fuzz::require_inside(r.error(), input.size(), in.text);
        fuzz::require(r.error().code == iri::errc::url_failure, "a failure is url_failure", in.text);
    } else {
        require_well_formed(*r, in.text, "the href");
        if (!with_base && setter < 10) {
            iri::web::url changed = *r;
            set(changed, setter, second);
            require_well_formed(changed, in.text, "the href after a setter");
        }
    }
    if (in.flag(5)) check_search_params(in.text);
    return 0;
}
