// The web stage's access to a url's buffer and offsets (iri::web::url's friend): the machine's record over a url,
// and the url's base view. Private to web/.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "iri/web.hpp"
#include "web/url_machine.hpp"

namespace iri::web {

struct url_access {
    /// The machine's record of `u`: its href from `origin` on (the machine appends after it), its facts.
    [[nodiscard]] static detail::url_state state(url& u, std::size_t origin) noexcept {
        detail::url_state s;
        s.buffer = &u.buffer_;
        s.origin = origin;
        return s;
    }
    /// `u`'s parts as the machine left them in `s` (whose href starts at s.origin of u's buffer, which the caller
    /// has moved to 0).
    static void commit(url& u, const detail::url_state& s) noexcept {
        u.parts_ = s.parts;
        u.port_ = s.port == detail::url_state::no_port ? url::no_port_ : s.port;
        u.default_port_ = s.default_port;
        u.host_kind_ = s.host;
        u.opaque_path_ = s.opaque_path;
        u.special_ = s.special;
        u.default_port_dropped_ = s.default_port_dropped;
    }
    /// Whether the port state of the parse that made `u` read its scheme's default port, which the URL Standard
    /// makes null (§4.4 port state step 2.1.3: "http://a:80/" has no port; a setter keeps this unless its own port
    /// state reads a port). The port the input wrote, for Common Crawl's url_port column (crawl/index_columns.cpp).
    [[nodiscard]] static bool default_port_dropped(const url& u) noexcept { return u.default_port_dropped_; }
    /// `u` read as a base URL.
    [[nodiscard]] static detail::base_view base(const url& u) noexcept {
        return {u.buffer_,
                &u.parts_,
                u.port_ == url::no_port_ ? detail::url_state::no_port : u.port_,
                u.host_kind_,
                u.opaque_path_,
                u.special_,
                u.special_ && u.scheme() == "file",
                u.default_port_};
    }
    /// `u`'s record with its href copied into `buffer` up to `end` (the components before the one a setter sets):
    /// the spans from `end` on omitted, the facts kept.
    [[nodiscard]] static detail::url_state prefix(const url& u, std::uint32_t end, std::string& buffer);
    [[nodiscard]] static std::string& buffer(url& u) noexcept { return u.buffer_; }
    /// The fast path (url_fast_path.cpp): for an absolute special URL whose authority is a plain host and port,
    /// writes the href to `*out` and answers true; with `out` null, answers whether it takes `input` (which then
    /// parses: can_parse). False when the state machine must judge the input, `*out` untouched.
    [[nodiscard]] static bool fast_parse(std::string_view input, url* out);
    /// The host of `input` as the fast path proves it (url_fast_path.cpp), nothing written: when `input` is an
    /// absolute special URL the fast path takes (it parses) and its serialized host is the input's bytes, maybe
    /// ASCII-lowercased. For the crawl stage, which needs the host alone. Nullopt: the parser must read `input`.
    struct fast_host {
        std::string_view text;             // in `input`, as written (empty for the empty host)
        host_kind kind = host_kind::none;  // domain, ipv4 (written as the IPv4 serializer writes it) or empty
        bool upper = false;                // it has ASCII upper alphas: the serialized host is `text` lowercased
    };
    [[nodiscard]] static std::optional<fast_host> fast_host_of(std::string_view input) noexcept;
    /// parse_into without the fast path: the state machine alone (for the tests that compare the two).
    [[nodiscard]] static result<std::monostate> parse_by_states(url& out, std::string_view input, const url* base);
    /// can_parse without the fast path: the state machine writing nothing.
    [[nodiscard]] static bool can_parse_by_states(std::string_view input, const url* base) noexcept;
};

}  // namespace iri::web
