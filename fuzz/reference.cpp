// The reference model: reference::parse and every accessor, and a builder started from the reference.
//   options: bits 0-3 grammar.
// Oracles: each accessor's text lies inside the reference's text; the parts recompose to the input; the
// segments joined with "/" are the path; user and password make up the userinfo; the port's status agrees with
// its digits and number; an IPv4/IPv6 host has its address; a builder started from a valid reference builds it
// back byte for byte (its setters keep what is already valid).
#include <algorithm>
#include <string>

#include "fuzz.hpp"
#include "iri/builder.hpp"
#include "iri/reference.hpp"

namespace {

void require_within(std::string_view part, std::string_view whole, const char* what) {
    const bool within =
        part.empty() || (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
    fuzz::require(within, what, whole);
}

void check_segments(const iri::reference_view& v) {
    std::string joined = v.segments().is_absolute() ? "/" : "";
    std::size_t count = 0;
    for (std::string_view s : v.segments()) {
        require_within(s, v.str(), "a segment lies inside the text");
        if (count++) joined += '/';
        joined += s;
    }
    fuzz::require(count == v.segments().size(), "segments().size() counts the segments", v.str());
    fuzz::require(joined == v.path(), "the segments joined with / are the path", v.str(), joined);
}

// The value of a string of digits, or 65536 for any larger one.
unsigned long port_value(std::string_view digits) {
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string_view::npos) return 0;
    digits.remove_prefix(first);
    return digits.size() > 5 ? 65536 : std::min(std::stoul(std::string(digits)), 65536ul);
}

void check_port(const iri::reference_view& v) {
    const std::string_view port = v.port();
    switch (v.port_status()) {
        case iri::port_status::absent: fuzz::require(!v.has_port(), "port absent", v.str()); break;
        case iri::port_status::empty: fuzz::require(v.has_port() && port.empty(), "port empty", v.str()); break;
        case iri::port_status::in_range:
            fuzz::require(port_value(port) == v.port_number(), "port number", v.str());
            break;
        case iri::port_status::out_of_range:
            fuzz::require(port_value(port) > 65535 && v.port_number() == 0, "port out of range", v.str());
            break;
    }
}

void check_accessors(const iri::reference_view& v) {
    for (std::string_view part : {v.scheme(), v.authority(), v.userinfo(), v.user(), v.password(), v.host(), v.port(),
                                  v.path(), v.query(), v.fragment()})
        require_within(part, v.str(), "an accessor's text lies inside the reference");
    fuzz::require(iri::recompose(v.parts()) == v.str(), "the parts recompose to the input", v.str());
    if (v.has_password())
        fuzz::require(std::string(v.user()) + ":" + std::string(v.password()) == v.userinfo(),
                      "user:password is the userinfo", v.str());
    else fuzz::require(v.user() == v.userinfo() && v.password().empty(), "the user is the userinfo", v.str());
    fuzz::require((v.host_kind() == iri::host_kind::ipv4) == v.ipv4_address().has_value(), "IPv4 address", v.str());
    fuzz::require((v.host_kind() == iri::host_kind::ipv6) == v.ipv6_address().has_value(), "IPv6 address", v.str());
    fuzz::require(v.is_relative() != v.has_scheme(), "relative means without scheme", v.str());
    check_segments(v);
    check_port(v);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const auto view = iri::reference_view::parse(in.text, g);
    const auto owned = iri::reference::parse(std::string(in.text), g);
    fuzz::require(view.has_value() == owned.has_value(), "view and owning reference agree", in.text);
    if (!view) {
        fuzz::require_inside(view.error(), in.text.size(), in.text);
        return 0;
    }
    fuzz::require(view->offsets().spans == owned->offsets().spans, "view and owning reference agree", in.text);
    check_accessors(*view);
    const auto rebuilt = iri::builder(*view).build();
    fuzz::require(rebuilt.has_value() && rebuilt->str() == in.text, "a builder from a reference builds it back",
                  in.text, rebuilt ? rebuilt->str() : rebuilt.error().message());
    return 0;
}
