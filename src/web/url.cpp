// The URL class's getters and origin (URL Standard §6.1, §4.7) over the href and its components' offsets, and
// parse, parse_into, can_parse and the resolver over the basic URL parser (url_machine.hpp), which writes the href
// straight into the url's buffer.
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "grammar/url_sets.hpp"
#include "web/legacy_query.hpp"
#include "web/url_access.hpp"
#include "web/url_machine.hpp"

namespace iri::web {

namespace {

constexpr std::size_t max_href = std::numeric_limits<std::uint32_t>::max() - 2;  // offsets are 32-bit, omitted apart

error too_long_error(std::size_t at) noexcept {
    error e;
    e.code = errc::input_too_long;
    e.offset = static_cast<std::uint32_t>(at > max_href ? max_href : at);
    e.char_offset = e.offset;
    e.grammar_involved = false;
    return e;
}

// The state machine's part of parse_with.
[[gnu::noinline]] result<std::monostate> parse_by_machine(url& out, std::string_view input, const url* base,
                                                          const parse_options& options,
                                                          std::optional<detail::encoding_id> encoding) {
    const detail::clean_input clean(input, true, options.notes);
    const bool has_base = base && !base->href().empty();
    const detail::base_view view = has_base ? url_access::base(*base) : detail::base_view{};
    std::string& b = url_access::buffer(out);
    const std::size_t origin = b.size();
    detail::url_state state = url_access::state(out, origin);
    detail::machine_options o;
    o.notes = options.notes;
    o.query_encoding = encoding;
    const detail::parse_outcome r = detail::run_machine(clean, has_base ? &view : nullptr, state, o);
    if (r.failed || b.size() - origin > max_href) {
        b.resize(origin);
        return r.failed ? detail::failure_error(r) : too_long_error(input.size());
    }
    b.erase(0, origin);
    state.origin = 0;
    url_access::commit(out, state);
    return std::monostate{};
}

// The basic URL parser without a state override on `input` into `out`, against `base` (null or a parsed URL): the
// href is written after what `out` holds, which goes on success (its buffer reused) and stays on failure. `encoding`:
// the query's (legacy_query.hpp: an output encoding), or nullopt for UTF-8. The fast path first, when `fast`.
result<std::monostate> parse_with(url& out, std::string_view input, const url* base, const parse_options& options,
                                  std::optional<detail::encoding_id> encoding, bool fast = true) {
    if (input.size() > max_href) return too_long_error(input.size());
    if (base == &out) {  // the base is the url written: parse into another, then move it in
        url fresh;
        if (result<std::monostate> r = parse_with(fresh, input, base, options, encoding, fast); !r) return r;
        out = std::move(fresh);
        return std::monostate{};
    }
    // An ASCII input's query is the same in every encoding but ISO-2022-JP (whose encoder answers U+000E, U+000F and
    // U+001B with an error) as in UTF-8: the fast path takes it as with none.
    const bool as_utf8 = !encoding || (*encoding != iri::detail::iso_2022_jp() && iri::detail::is_ascii(input));
    if (fast && !options.notes && as_utf8 && url_access::fast_parse(input, &out)) return std::monostate{};
    return parse_by_machine(out, input, base, options, encoding);
}

// The query's encoding of `options` (legacy_query.hpp), or nullopt for UTF-8.
std::optional<detail::encoding_id> encoding_of(const parse_options& options) noexcept {
    return options.encoding.empty() ? std::nullopt : detail::query_encoding(options.encoding);
}

}  // namespace

result<std::monostate> url_access::parse_by_states(url& out, std::string_view input, const url* base) {
    return parse_with(out, input, base, {}, std::nullopt, false);
}

// ---- the getters (§6.1): views over the spans ----

std::string_view url::protocol() const noexcept {
    const span s = parts_[component::scheme];
    return s.present() ? std::string_view(buffer_).substr(0, s.end + 1) : std::string_view{};
}

std::string_view url::scheme() const noexcept { return text(parts_[component::scheme]); }

std::string_view url::username() const noexcept {
    const std::string_view u = text(parts_[component::userinfo]);
    return u.substr(0, u.find(':'));
}

std::string_view url::password() const noexcept {
    const std::string_view u = text(parts_[component::userinfo]);
    const std::size_t colon = u.find(':');
    return colon == std::string_view::npos ? std::string_view{} : u.substr(colon + 1);
}

bool url::has_credentials() const noexcept { return parts_.has(component::userinfo); }

std::string_view url::hostname() const noexcept { return text(parts_[component::host]); }

std::string_view url::host() const noexcept {
    const span h = parts_[component::host], p = parts_[component::port];
    return h.present() ? std::string_view(buffer_).substr(h.begin, (p.present() ? p.end : h.end) - h.begin)
                       : std::string_view{};
}

std::string_view url::port() const noexcept { return text(parts_[component::port]); }

std::optional<std::uint16_t> url::port_number() const noexcept {
    if (port_ == no_port_) return std::nullopt;
    return static_cast<std::uint16_t>(port_);
}

std::string_view url::pathname() const noexcept { return text(parts_[component::path]); }

std::optional<std::string_view> url::query() const noexcept {
    if (!parts_.has(component::query)) return std::nullopt;
    return text(parts_[component::query]);
}

std::optional<std::string_view> url::fragment() const noexcept {
    if (!parts_.has(component::fragment)) return std::nullopt;
    return text(parts_[component::fragment]);
}

std::string_view url::search() const noexcept {
    const span q = parts_[component::query];
    if (q.size() == 0) return {};  // null or empty: ""
    return std::string_view(buffer_).substr(q.begin - 1, q.end - q.begin + 1);
}

std::string_view url::hash() const noexcept {
    const span f = parts_[component::fragment];
    if (f.size() == 0) return {};
    return std::string_view(buffer_).substr(f.begin - 1, f.end - f.begin + 1);
}

bool url::is_special() const noexcept { return special_; }

std::string url::origin() const {
    const std::string_view s = scheme();
    if (s == "blob") {  // the origin of the URL its path holds, when that is an http(s) URL
        const result<url> inner = parse(pathname());
        if (inner && (inner->scheme() == "http" || inner->scheme() == "https")) return inner->origin();
        return "null";
    }
    // §4.7 origin: a tuple origin for the special schemes but "file" (grammar/url.abnf's ;@special-scheme list).
    if (iri::detail::special_scheme(s).special && s != "file") {
        std::string out(protocol());
        out.append("//").append(host());
        return out;
    }
    return "null";  // an opaque origin (for "file" too, as the Standard advises when in doubt)
}

// ---- parse ----

result<url> parse(std::string_view input, const url* base, const parse_options& options) {
    url out;
    if (const result<std::monostate> r = parse_into(out, input, base, options); !r) return r.error();
    return out;
}

result<std::monostate> parse_into(url& out, std::string_view input, const url* base, const parse_options& options) {
    if (options.encoding.empty()) {
        if (!options.notes && base != &out && input.size() <= max_href && url_access::fast_parse(input, &out))
            return std::monostate{};
        return parse_with(out, input, base, options, std::nullopt, false);
    }
    return parse_with(out, input, base, options, encoding_of(options));
}

result<std::monostate> detail::parse_into_encoded(url& out, std::string_view input, const url* base,
                                                  encoding_id query) {
    return parse_with(out, input, base, {}, query);
}

bool url_access::can_parse_by_states(std::string_view input, const url* base) noexcept {
    try {
        if (input.size() > max_href) return false;
        const detail::clean_input clean(input, true, nullptr);
        const bool has_base = base && !base->href().empty();
        const detail::base_view view = has_base ? url_access::base(*base) : detail::base_view{};
        std::string unused;
        detail::url_state state;
        state.buffer = &unused;
        detail::machine_options o;
        o.store = false;
        return !detail::run_machine(clean, has_base ? &view : nullptr, state, o).failed;
    } catch (...) {  // no memory: what cannot be parsed cannot be said to parse
        return false;
    }
}

bool can_parse(std::string_view input, const url* base) noexcept {
    // §6.1 canParse: the basic URL parser's answer, by the same states writing nothing (machine_options::store),
    // after the fast path, which answers for an absolute special URL from its authority alone.
    if (input.size() <= max_href && url_access::fast_parse(input, nullptr)) return true;
    return url_access::can_parse_by_states(input, base);
}

// ---- the resolver ----

result<resolver> resolver::make(std::string_view base, const parse_options& options) {
    resolver r;
    r.options_ = options;
    r.encoding_ = encoding_of(options);
    r.options_.encoding = {};  // resolved into encoding_ (the label's text is the caller's)
    if (const result<std::monostate> p = r.rebase(base); !p) return p.error();
    return r;
}

result<std::monostate> resolver::rebase(std::string_view base) {
    // The base's parse is written after the url's href, which stays on failure.
    return parse_with(base_, base, nullptr, options_, encoding_);
}

result<url> resolver::parse(std::string_view href) const {
    url out;
    if (const result<std::monostate> r = parse_into(out, href); !r) return r.error();
    return out;
}

result<std::monostate> resolver::parse_into(url& out, std::string_view href) const {
    return parse_with(out, href, &base_, options_, encoding_);
}

bool resolver::can_parse(std::string_view href) const noexcept { return web::can_parse(href, &base_); }

}  // namespace iri::web
