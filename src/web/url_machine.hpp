// The basic URL parser (URL Standard §4.4) on the bytes of its input, written straight into a url's href buffer with
// the offsets of its components set as it goes (as ada's url_aggregator does): no copy of the input in code points,
// no record of strings. Each state of §4.4 is a member function citing its steps, which reads as much of the input
// as its component takes at once (the authority's end found, then the host parser run once; a path, a query or a
// fragment encoded as runs by text/percent_encode.hpp); run() dispatches. The same functions serve the setters of §6.1
// (a state override, on a url whose components after the one being set are put back by the setter) and can_parse
// (`store` false: nothing is written; the machine stops where nothing can fail any more). Private to the library.
//
// The input is UTF-8; an ill-formed sequence is read as U+FFFD (the scalar value string a browser's USVString holds),
// which every percent-encode set holds, so such bytes come out as "%EF%BF%BD" (the Encoding Standard's maximal
// subparts). Tab and newline are removed first (§4.4 steps 2-3), into a copy only when there are any.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convert/encodings.hpp"
#include "iri/components.hpp"
#include "iri/web.hpp"
#include "text/ascii.hpp"

namespace iri::web::detail {

/// The states of §4.4 (the ones a state override names, and the others).
enum class parser_state : std::uint8_t {
    none,  ///< no state override; also: the machine is done
    scheme_start,
    scheme,
    no_scheme,
    special_relative_or_authority,
    path_or_authority,
    relative,
    relative_slash,
    special_authority_slashes,
    special_authority_ignore_slashes,
    authority,
    host,
    hostname,
    port,
    file,
    file_slash,
    file_host,
    path_start,
    path,
    opaque_path,
    query,
    fragment,
};

/// What the parser answered: success, or failure with the validation error and the input's byte where it was found.
/// With a state override "return" and success are the same; failure leaves the url as far as the parser got, as the
/// Standard does (the setters then keep the URL as it was).
struct parse_outcome {
    bool failed = false;
    validation why{};
    std::uint32_t offset = 0;
};

/// The record view of the url being written: its href so far (buffer[origin, ...)), the spans of its components
/// (offsets from origin, as iri::components counts them), and the parts of the record the serialization does not
/// spell (§4.1: the port number, the kind of host, whether the path is opaque).
struct url_state {
    std::string* buffer = nullptr;
    std::size_t origin = 0;
    components parts;
    std::uint32_t port = no_port;
    host_kind host = host_kind::none;
    bool opaque_path = false;
    bool port_set = false;              ///< the port state set the port (to a number, or to null: the default port)
    bool special = false;               ///< the scheme is a special scheme (§4.1)
    bool file = false;                  ///< the scheme is "file"
    bool default_port_dropped = false;  ///< the port state read the default port (§4.4 port state step 2.1.3)
    std::int32_t default_port = -1;

    static constexpr std::uint32_t no_port = 0xFFFFFFFFu;

    [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(buffer->size() - origin); }
    [[nodiscard]] std::string_view text(span s) const noexcept {
        return s.present() ? std::string_view(*buffer).substr(origin + s.begin, s.end - s.begin) : std::string_view{};
    }
    [[nodiscard]] std::string_view scheme() const noexcept { return text(parts[component::scheme]); }
    [[nodiscard]] std::string_view path() const noexcept { return text(parts[component::path]); }
    /// §4.1 includes credentials: a username or a password not empty.
    [[nodiscard]] bool includes_credentials() const noexcept { return parts.has(component::userinfo); }
    /// Sets the scheme's facts (special, file, default port) from the scheme span.
    void learn_scheme() noexcept;
};

/// A base URL as the machine reads it: its href and its spans, in place, and the same facts.
struct base_view {
    std::string_view href;
    const components* parts = nullptr;
    std::uint32_t port = url_state::no_port;
    host_kind host = host_kind::none;
    bool opaque_path = false;
    bool special = false;
    bool file = false;
    std::int32_t default_port = -1;

    [[nodiscard]] span operator[](component c) const noexcept { return (*parts)[c]; }
    [[nodiscard]] std::string_view text(span s) const noexcept {
        return s.present() ? href.substr(s.begin, s.end - s.begin) : std::string_view{};
    }
    [[nodiscard]] std::string_view scheme() const noexcept { return text((*parts)[component::scheme]); }
    [[nodiscard]] std::string_view path() const noexcept { return text((*parts)[component::path]); }
};

/// The input with §4.4 steps 1-3 applied: leading and trailing C0 controls and spaces stripped (without a state
/// override), tab and newline removed. `text` is the input itself when nothing was removed inside it, else a copy
/// (`removed`, made only then). offset() turns an offset of `text` back into one of the input, for the failure and
/// the validation errors.
struct clean_input {
    /// The copy without tabs and newlines, and the input's offsets of those removed, in order.
    struct removal {
        std::string copy;
        std::vector<std::uint32_t> offsets;
    };
    std::string_view text;
    std::uint32_t begin = 0;  ///< the input's bytes stripped before `text`
    std::unique_ptr<removal> removed;

    clean_input(std::string_view input, bool strip, std::vector<validation_note>* notes);
    [[nodiscard]] std::uint32_t offset(std::size_t at) const noexcept;
};

/// The options of one run of the machine.
struct machine_options {
    parser_state override = parser_state::none;
    bool store = true;  ///< false: can_parse, which writes nothing
    std::vector<validation_note>* notes = nullptr;
    std::optional<iri::detail::encoding_id> query_encoding;  ///< a legacy encoding for special queries (7b)
};

/// The basic URL parser on `input` (cleaned: clean_input) into `url` (url.buffer appended to), against `base`
/// (null: none).
[[nodiscard]] parse_outcome run_machine(const clean_input& input, const base_view* base, url_state& url,
                                        const machine_options& options);

/// Sets the ends of the path, query and fragment spans (the href's end, each ending where the next begins), and
/// applies §4.5 step 4: with no host, a path of more than one segment whose first is empty ("//x") is written after
/// "/." so that it does not read as an authority. The machine's last step, and the setters' after they put back the
/// components that follow the one they set.
void close_spans(url_state& url);

/// Whether the segment of `s` that starts at s[i] is a single- or double-dot URL path segment (§4.2: ".", "..",
/// "%2e" and its spellings, either case); "/" ends it, and "\\" when `backslash`.
[[nodiscard]] bool dot_segment_at(std::string_view s, std::size_t i, bool backslash) noexcept;

/// Whether a segment of `path` (its segments start at its first byte and after each "/") is a single- or double-dot
/// URL path segment. A "\\" ends no segment here. `text` (<= path.data()): where the bytes before the path that may
/// be read start (the search reads blocks of 16). A dot segment starts with "." or "%": at the path's first byte, or
/// after a "/" (find_after, SSE2).
[[nodiscard]] inline bool has_dot_segment(std::string_view path, const char* text = nullptr) noexcept {
    if (path.empty()) return false;
    if ((path[0] == '.' || path[0] == '%') && dot_segment_at(path, 0, false)) return true;
    const char* const begin = path.data();
    const char* const end = begin + path.size();
    for (const char* p = begin;;) {
        p = iri::detail::find_after<'/', '.', '%'>(p, end, text ? text : begin);
        if (p == end) return false;
        if (dot_segment_at(path, static_cast<std::size_t>(p - begin), false)) return true;
    }
}

/// §4.1 a Windows drive letter: an ASCII alpha and ":" or "|".
[[nodiscard]] bool windows_drive_letter(std::string_view s) noexcept;

/// The failure as the public error (errc::url_failure).
[[nodiscard]] error failure_error(const parse_outcome& o) noexcept;

}  // namespace iri::web::detail
