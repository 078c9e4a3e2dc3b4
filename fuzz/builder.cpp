// builder: setters chosen by the option bits, each given the next line of the text.
//   options: bits 0-3 grammar, bit 4 literal (else keep_escapes); bits 5-15 a setter per bit, in order: scheme,
//   userinfo (bit 14: as user and password), host, port, path, segments (split at "/"), query, query_params
//   (split at "=" and "&"), fragment, remove_authority. Text: one line per setter used.
// Oracles: build() gives a valid reference of the grammar whose offsets are its parse's; the scheme and port
// read back as set; an error lies inside one of the setters' inputs.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz.hpp"
#include "iri/builder.hpp"
#include "iri/parse.hpp"

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (std::size_t from = 0;;) {
        const std::size_t at = s.find(sep, from);
        parts.push_back(s.substr(from, at == std::string_view::npos ? s.npos : at - from));
        if (at == std::string_view::npos) return parts;
        from = at + 1;
    }
}

std::vector<iri::query_pair> pairs_of(std::string_view s) {
    std::vector<iri::query_pair> pairs;
    for (std::string_view p : split(s, '&')) {
        const std::size_t eq = p.find('=');
        if (eq == std::string_view::npos) pairs.push_back({p, std::nullopt});
        else pairs.push_back({p.substr(0, eq), p.substr(eq + 1)});
    }
    return pairs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const iri::grammar g = fuzz::grammar_of(in.bits(0, 4));
    const iri::encode_mode mode = in.flag(4) ? iri::encode_mode::literal : iri::encode_mode::keep_escapes;
    const std::vector<std::string_view> lines = split(in.text, '\n');
    std::size_t next = 0;
    const auto line = [&]() { return next < lines.size() ? lines[next++] : std::string_view(); };
    iri::builder b(g);
    std::optional<std::string_view> scheme, port;
    if (in.flag(5)) b.scheme(*(scheme = line()));
    if (in.flag(6)) {
        const std::string_view u = line();
        if (in.flag(14)) b.userinfo(u.substr(0, u.find(':')), u.substr(std::min(u.find(':'), u.size())), mode);
        else b.userinfo(u, mode);
    }
    if (in.flag(7)) b.host(line(), mode);
    if (in.flag(8)) b.port(*(port = line()));
    if (in.flag(9)) b.path(line(), mode);
    if (in.flag(10)) {
        const std::vector<std::string_view> segs = split(line(), '/');
        b.segments(segs, in.flag(15), mode);
    }
    if (in.flag(11)) b.query(line(), mode);
    if (in.flag(12)) b.query_params(pairs_of(line()));
    if (in.flag(13)) b.fragment(line(), mode);
    if (in.flag(15) && !in.flag(10)) b.remove_authority(), port.reset();
    const auto r = b.build();
    if (!r) {
        fuzz::require_inside(r.error(), in.text.size(), in.text);
        return 0;
    }
    const auto again = iri::parse(r->str(), g);
    fuzz::require(again.has_value() && again->spans == r->offsets().spans,
                  "build() gives a valid reference with its parse's offsets", in.text, r->str());
    if (scheme) fuzz::require(r->scheme() == *scheme, "the scheme reads back as set", in.text, r->str());
    if (port) fuzz::require(r->port() == *port, "the port reads back as set", in.text, r->str());
    return 0;
}
