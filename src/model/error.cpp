// Parse errors: code, offset, component and message, computed from the input after the DFA stopped.
#include <unicode/uchar.h>

#include <algorithm>
#include <charconv>
#include <iterator>

#include "grammar/registry.hpp"
#include "iri/hex.hpp"
#include "iri/split.hpp"
#include "model/error_detail.hpp"
#include "model/parse_detail.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"

namespace iri {

const char* name(errc e) noexcept {
    switch (e) {
        case errc::unexpected_end: return "unexpected_end";
        case errc::disallowed_character: return "disallowed_character";
        case errc::invalid_utf8: return "invalid_utf8";
        case errc::bad_percent_encoding: return "bad_percent_encoding";
        case errc::excluded_character: return "excluded_character";
        case errc::input_too_long: return "input_too_long";
        case errc::no_such_production: return "no_such_production";
        case errc::base_not_absolute: return "base_not_absolute";
        case errc::idna_failed: return "idna_failed";
        case errc::unicode_failure: return "unicode_failure";
        case errc::invalid_encoding: return "invalid_encoding";
        case errc::unknown_charset: return "unknown_charset";
        case errc::not_relativizable: return "not_relativizable";
        case errc::bad_port: return "bad_port";
        case errc::unclosed_ip_literal: return "unclosed_ip_literal";
        case errc::url_failure: return "url_failure";
    }
    return "unknown";
}

const char* name(severity s) noexcept {
    switch (s) {
        case severity::error: return "error";
        case severity::warning: return "warning";
        case severity::info: break;
    }
    return "info";
}

namespace {

bool is_hex(unsigned char c) noexcept { return hex_value(static_cast<char>(c)) >= 0; }

// The component a whole-production parse of `p` fell in at `offset`: the production's own component when it is
// a component rule, else the one the RFC 3986 Appendix B split puts the offset in.
component component_at(std::string_view input, std::uint32_t offset, production p) noexcept {
    switch (p) {
        case production::scheme: return component::scheme;
        case production::authority: return component::authority;
        case production::userinfo: return component::userinfo;
        case production::host:
        case production::ip_literal: return component::host;
        case production::ipv4address: return component::ipv4address;
        case production::ipv6address: return component::ipv6address;
        case production::ipvfuture: return component::ipvfuture;
        case production::reg_name: return component::reg_name;
        case production::port: return component::port;
        case production::path:
        case production::path_abempty:
        case production::path_absolute:
        case production::path_noscheme:
        case production::path_rootless:
        case production::path_empty:
        case production::segment:
        case production::segment_nz:
        case production::segment_nz_nc: return component::path;
        case production::query: return component::query;
        case production::fragment: return component::fragment;
        case production::unreserved: return component::none;  // one character, in no particular component
        case production::uri_reference:
        case production::uri:
        case production::absolute_uri:
        case production::relative_ref: break;
    }
    const components c = split(input);
    // Innermost first: userinfo, host and port lie inside authority. A delimiter belongs to what follows it.
    for (component k : {component::userinfo, component::host, component::port, component::scheme, component::authority,
                        component::path, component::query, component::fragment}) {
        const span s = c[k];
        if (s.present() && offset >= s.begin && offset < s.end) return k;
    }
    // A delimiter belongs to the component it introduces, as in the groups of Appendix B: "//" to authority,
    // "?" to query, "#" to fragment, and the ":" before a port to port.
    const auto starts_after = [&](component k, std::uint32_t delimiter_length) {
        const span s = c[k];
        return s.present() && s.begin >= delimiter_length && offset >= s.begin - delimiter_length && offset < s.begin;
    };
    for (component k : {component::fragment, component::query, component::port})
        if (starts_after(k, 1)) return k;
    if (starts_after(component::authority, 2)) return component::authority;
    // At the end of a component (a missing part, the end of the input): the innermost non-empty one ending
    // there, else an empty one that starts there.
    for (component k : {component::userinfo, component::host, component::port, component::scheme, component::authority,
                        component::path, component::query, component::fragment}) {
        const span s = c[k];
        if (s.present() && s.size() > 0 && offset == s.end) return k;
    }
    for (component k : {component::path, component::query, component::fragment, component::host}) {
        const span s = c[k];
        if (s.present() && offset == s.begin) return k;
    }
    return component::none;
}

bool excluded(const detail::grammar_info& gi, char32_t c) noexcept {
    for (std::size_t i = 0; i < gi.excluded_count; ++i)
        if (c >= gi.excluded[i][0] && c <= gi.excluded[i][1]) return true;
    return false;
}

// The offending character or sequence of `e`: `count` bytes of `s` from `from`.
void set_bytes(error& e, const std::uint8_t* s, std::int32_t from, std::int32_t count) noexcept {
    e.char_offset = static_cast<std::uint32_t>(from);
    e.length = static_cast<std::uint32_t>(count);
    e.bytes = {};
    for (std::int32_t k = 0; k < count && k < 4; ++k) e.bytes[static_cast<std::size_t>(k)] = s[from + k];
}

// What is wrong with a part of the authority, and the byte it starts at.
struct authority_fault {
    errc code;
    std::uint32_t at;
    component where;
};

// The first fault of the authority's parts, judged with its end known: it ends at the next "/", "?", "#" or the
// end of the input (RFC 3986 §3.2), and authority = [ userinfo "@" ] host [ ":" port ], split as Appendix B's
// groups are (split.cpp): the userinfo up to the first "@", the host up to the next ":" (or an IP literal's
// "]"), the port after it. In that order:
// - a second "@": no part holds one (userinfo §3.2.1, reg-name §3.2.2, port §3.2.3), and it is the userinfo it
//   breaks: "http://me:p@ss@host/" has a password with an "@";
// - an IP literal that a "/", "?" or "#" ends before any "]" (§3.2.2), at its "[", when the automaton reached
//   that end (had it stopped inside, at a character the literal cannot hold, that character is the fault; had
//   the input ended, the "]" is missing where it ended, as unexpected_end says);
// - a port byte that is not DIGIT (§3.2.3): reg-name and IPv4address hold no ":", so the port is all that
//   follows the host's first ":".
std::optional<authority_fault> find_authority_fault(std::string_view input, std::uint32_t stop) noexcept {
    const components c = split(input);
    const span a = c[component::authority];
    if (!a.present()) return std::nullopt;
    const std::string_view authority = input.substr(0, a.end);
    if (const span u = c[component::userinfo]; u.present())
        if (const std::size_t second = authority.find('@', u.end + 1); second != std::string_view::npos)
            return authority_fault{errc::disallowed_character, static_cast<std::uint32_t>(second), component::userinfo};
    const span h = c[component::host];
    if (h.size() > 0 && input[h.begin] == '[' && authority.find(']', h.begin) == std::string_view::npos &&
        a.end < input.size() && stop >= a.end)
        return authority_fault{errc::unclosed_ip_literal, h.begin, component::host};
    if (const span port = c[component::port]; port.present())
        if (const std::size_t bad = authority.find_first_not_of("0123456789", port.begin);
            bad != std::string_view::npos)
            return authority_fault{errc::bad_port, static_cast<std::uint32_t>(bad), component::port};
    return std::nullopt;
}

// Reports the authority's fault in place of what the automaton saw at `stop`, when there is one at or before it:
// before it, the automaton ran on because the bytes could still have been a userinfo (or a literal's contents);
// at it, the same plain character is named by the part it breaks. Bytes that are not UTF-8, an excluded
// character or a bad "%" at the stop say more and stay. A second "@" is always where the automaton stops
// (nothing after the first "@" holds one): only its component changes, and fault() stays `offset`.
void name_authority_fault(error& e, std::string_view input, std::uint32_t stop) noexcept {
    const std::optional<authority_fault> f = find_authority_fault(input, stop);
    if (!f || f->at > stop || (f->code == errc::disallowed_character && f->at != stop)) return;
    const bool plain =
        e.code == errc::unexpected_end || e.code == errc::disallowed_character || e.code == errc::bad_percent_encoding;
    if (!plain || (f->at == stop && e.code != errc::disallowed_character)) return;
    const auto* s = reinterpret_cast<const std::uint8_t*>(input.data());
    std::size_t end = f->at;
    const std::int32_t c = detail::next_code_point(s, end, input.size());  // well-formed: in the viable prefix
    e.code = f->code;
    e.where = f->where;
    set_bytes(e, s, static_cast<std::int32_t>(f->at), static_cast<std::int32_t>(end - f->at));
    e.character = c >= 0 ? static_cast<char32_t>(c) : 0;
}

}  // namespace

namespace detail {

const char* url_validation_name(std::uint8_t v) noexcept {
    static constexpr const char* names[] = {
#define IRI_WEB_VALIDATION(id, name, failure) name,
#include "iri/web_validation.def"
#undef IRI_WEB_VALIDATION
    };
    return v < std::size(names) ? names[v] : "unknown";
}

error make_error(errc code, std::string_view input, std::uint32_t offset, grammar g, production p) noexcept {
    error e;
    e.code = code;
    e.offset = offset;
    e.char_offset = offset;
    e.variant = g;
    e.tried = p;
    e.where = code == errc::input_too_long || code == errc::no_such_production ? component::none
                                                                               : component_at(input, offset, p);
    return e;
}

error text_error(errc code, std::string_view text, std::size_t at, std::size_t length, char32_t c) noexcept {
    error e;
    e.code = code;
    e.offset = e.char_offset = static_cast<std::uint32_t>(at);
    e.length = static_cast<std::uint32_t>(length);
    for (std::size_t k = 0; k < length && k < 4 && at + k < text.size(); ++k)
        e.bytes[k] = static_cast<unsigned char>(text[at + k]);
    e.character = c;
    e.where = component::none;
    e.grammar_involved = false;
    return e;
}

error make_error(std::string_view input, std::uint32_t stop, grammar g, production p) noexcept {
    error e = make_error(errc::unexpected_end, input, stop, g, p);
    const auto* s = reinterpret_cast<const std::uint8_t*>(input.data());
    const auto n = static_cast<std::int32_t>(input.size());
    const auto at = static_cast<std::int32_t>(stop);

    // "%" not followed by two hex digits (RFC 3986 §2.1): the DFA stopped one or two bytes after a "%".
    if ((at >= 1 && s[at - 1] == '%') || (at >= 2 && s[at - 2] == '%' && is_hex(s[at - 1]))) {
        if (at == n || !is_hex(s[at])) {
            e.code = errc::bad_percent_encoding;
            e.char_offset = static_cast<std::uint32_t>(s[at - 1] == '%' ? at - 1 : at - 2);
        }
    }
    // The character around the stop byte: it may start there, or the stop byte may lie inside (or just after)
    // a multi-byte sequence that began up to three bytes earlier.
    std::int32_t b = at;
    while (b > 0 && at - b < 3 && is_utf8_trail(s[b - 1])) --b;
    if (b > 0 && at - b < 3 && is_utf8_lead(s[b - 1])) --b;
    else b = at;
    while (b < n) {
        std::size_t next = static_cast<std::size_t>(b);
        const std::int32_t c = next_code_point(s, next, static_cast<std::size_t>(n));
        const auto i = static_cast<std::int32_t>(next);
        if (c >= 0 && i <= at) {  // a complete character before the stop byte: judge the stop byte itself
            b = at;
            continue;
        }
        if (c >= 0) {  // a well-formed character that contains the stop byte
            set_bytes(e, s, b, i - b);
            e.character = static_cast<char32_t>(c);
            if (e.code != errc::bad_percent_encoding)
                e.code = excluded(info(g), e.character) ? errc::excluded_character : errc::disallowed_character;
        } else {  // an ill-formed sequence from b: truncated, overlong, surrogate, above U+10FFFF or stray
            e.code = errc::invalid_utf8;
            set_bytes(e, s, b, std::max(i - b, std::int32_t{1}));
        }
        break;
    }
    if (is_reference_production(p) && info(g).split_rfc3986) name_authority_fault(e, input, stop);
    return e;
}

}  // namespace detail

void error::append_message(std::string& out) const {
    const detail::grammar_info& gi = detail::info(variant);
    const std::string_view rule = rule_name(variant, tried);
    const std::string_view production_name = rule.empty() ? std::string_view(role_name(tried)) : rule;
    const auto number = [&out](std::uint32_t v) {
        char buf[16];
        out.append(buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, v).ptr - buf));
    };
    const auto in = [&] {
        if (where != component::none) out.append(" in ").append(name(where));
    };
    const auto ctx = [&] {
        out.append(" at byte ");
        number(fault());
        if (grammar_involved) out.append(" (").append(production_name).append(", grammar ").append(gi.name).append(")");
    };
    const auto hex_byte = [&out](unsigned v) {
        out += detail::hex_digits[(v >> 4) & 0xF];
        out += detail::hex_digits[v & 0xF];
    };
    const auto show_char = [&] {  // "U+0020 ' '": the code point, and the character when it is visible
        out.append("U+");
        const auto cp = static_cast<unsigned>(character);
        bool leading = true;
        for (int shift = 20; shift >= 0; shift -= 4) {
            const unsigned digit = (cp >> shift) & 0xF;
            if (leading && digit == 0 && shift > 12) continue;  // at least four digits
            leading = false;
            out += detail::hex_digits[digit];
        }
        const auto c = static_cast<UChar32>(character);
        if ((u_isgraph(c) && u_charType(c) != U_PRIVATE_USE_CHAR) || character == ' ') {
            out.append(" '").append(reinterpret_cast<const char*>(bytes.data()), std::min<std::uint32_t>(length, 4));
            out += '\'';
        }
    };
    const auto show_bytes = [&] {
        for (std::uint32_t k = 0; k < length && k < 4; ++k) {
            if (k) out += ' ';
            hex_byte(bytes[k]);
        }
    };
    switch (code) {
        case errc::unexpected_end:
            out.append("the input ends where ").append(production_name).append(" needs more");
            in();
            ctx();
            return;
        case errc::disallowed_character:
            show_char();
            out.append(" is not allowed");
            in();
            ctx();
            return;
        case errc::invalid_utf8:
            out.append(length > 1 ? "invalid UTF-8: bytes " : "invalid UTF-8: byte ");
            show_bytes();
            out.append(length > 1 ? " do not form a character" : " does not form a character");
            in();
            ctx();
            return;
        case errc::bad_percent_encoding:
            out.append("\"%\" must be followed by two hexadecimal digits");
            if (length) {
                out.append(", found ");
                show_char();
            } else {
                out.append(", found the end of the input");
            }
            in();
            ctx();
            return;
        case errc::bad_port:
            out.append("the port must be digits, found ");
            show_char();
            in();
            ctx();
            return;
        case errc::unclosed_ip_literal:
            out.append("the IP literal opened by \"[\" is never closed by \"]\"");
            in();
            ctx();
            return;
        case errc::excluded_character:
            show_char();
            out.append(" is not allowed");
            in();
            ctx();
            out.append(": ").append(gi.exclusion_reason);
            return;
        case errc::input_too_long:
            out.append("the input is longer than 4,294,967,294 bytes");
            ctx();
            return;
        case errc::idna_failed:
            out.append("the host label at bytes ");
            number(char_offset);
            out += '-';
            number(char_offset + length);
            out.append(" fails UTS #46 processing: ").append(idna_error_names(idna_errors));
            return;
        case errc::unicode_failure: out.append("ICU could not complete the operation (out of memory)"); return;
        case errc::invalid_encoding:
            out.append("the input is not valid in its charset at byte ");
            number(offset);
            out.append(" (");
            number(length);
            out.append(" bytes)");
            return;
        case errc::unknown_charset: out.append("ICU knows no charset of that name"); return;
        case errc::base_not_absolute:
            out.append("the base has no scheme: a base must be an absolute IRI (RFC 3986 §5.1)");
            ctx();
            return;
        case errc::not_relativizable:
            if (where == component::scheme) {
                out.append("the target is a relative reference: every resolution gives one with a scheme");
            } else {
                out.append("no reference resolves to the target: its path has a dot segment at byte ");
                number(offset);
                out.append(", which resolution removes (RFC 3986 §5.2.4)");
            }
            return;
        case errc::url_failure:
            out.append("the URL Standard's parser fails: validation error ")
                .append(detail::url_validation_name(url_validation))
                .append(" at byte ");
            number(offset);
            return;
        case errc::no_such_production:
            out.append("grammar ").append(gi.name).append(" has no rule for the role ").append(role_name(tried));
            return;
    }
    out.append("unknown error");
}

std::string error::message() const {
    std::string out;
    append_message(out);
    return out;
}

const char* error::spec() const noexcept {
    switch (code) {
        case errc::bad_percent_encoding: return "RFC 3986 §2.1";
        case errc::bad_port: return "RFC 3986 §3.2.3";
        case errc::unclosed_ip_literal: return "RFC 3986 §3.2.2";
        case errc::url_failure: return "URL Standard §4.4";
        case errc::base_not_absolute: return "RFC 3986 §5.2.1";
        case errc::not_relativizable: return "RFC 3986 §5.2";
        case errc::idna_failed: return "UTS #46 §4";
        case errc::invalid_encoding:
        case errc::unknown_charset: return "RFC 3987 §3.1 step 1";
        case errc::invalid_utf8: return "RFC 3629 §4";
        case errc::excluded_character: return detail::info(variant).exclusion_spec;
        default: return grammar_involved ? detail::info(variant).spec : "";
    }
}

std::string idna_error_names(std::uint32_t e) {
    static constexpr std::pair<std::uint32_t, const char*> names[] = {
        {idna_error::empty_label, "empty_label"},
        {idna_error::label_too_long, "label_too_long"},
        {idna_error::domain_name_too_long, "domain_name_too_long"},
        {idna_error::leading_hyphen, "leading_hyphen"},
        {idna_error::trailing_hyphen, "trailing_hyphen"},
        {idna_error::hyphen_3_4, "hyphen_3_4"},
        {idna_error::leading_combining_mark, "leading_combining_mark"},
        {idna_error::disallowed, "disallowed"},
        {idna_error::punycode, "punycode"},
        {idna_error::label_has_dot, "label_has_dot"},
        {idna_error::invalid_ace_label, "invalid_ace_label"},
        {idna_error::bidi, "bidi"},
        {idna_error::contextj, "contextj"},
        {idna_error::contexto_punctuation, "contexto_punctuation"},
        {idna_error::contexto_digits, "contexto_digits"},
    };
    std::string out;
    for (const auto& [bit, name] : names)
        if (e & bit) out.append(out.empty() ? "" : ", ").append(name);
    return out;
}

}  // namespace iri
