// The web stage's shared internals: the URL record the basic URL parser (§4.4) works on, its states, and
// url_access, which turns a record into a url's buffer and offsets (§4.5) and a url back into a record (for the
// setters of §6.1, which run the parser on an existing URL). Private to the library.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri/web.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

/// A URL record (§4.1), its path kept as the path serializer writes it: each segment after a "/" ("" for the
/// empty path, "/a//b" for « a, "", b »), or the opaque path itself. Its strings keep their capacity when the
/// record is reused.
struct url_record {
    std::string scheme;
    std::string username;
    std::string password;
    host_kind host = host_kind::none;  ///< none: the host is null
    std::string host_text;             ///< the host, serialized (§3.6)
    std::int32_t port = -1;            ///< -1: null
    bool opaque_path = false;
    std::string path;
    bool has_query = false;
    std::string query;
    bool has_fragment = false;
    std::string fragment;

    void clear() noexcept;
    [[nodiscard]] bool includes_credentials() const noexcept { return !username.empty() || !password.empty(); }
    /// §4.1: its host is null or empty, or its scheme is "file".
    [[nodiscard]] bool cannot_have_credentials_or_port() const noexcept {
        return host == host_kind::none || host == host_kind::empty || scheme == "file";
    }
};

/// The states of §4.4 a state override can name (the setters of §6.1), and the others.
enum class parser_state : std::uint8_t {
    none,  ///< no state override
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

/// What the parser answered: success, or failure with the validation error and the input's byte where it was
/// found. With a state override "return" and success are the same; failure leaves `url` as far as it got, as
/// the Standard does.
struct parse_outcome {
    bool failed = false;
    validation why{};
    std::uint32_t offset = 0;
};

/// The basic URL parser (§4.4). Without a state override `url` is cleared first and `input` is stripped of
/// leading and trailing C0 controls and spaces; with one, `url` is the URL the setter changes. `base`: null or the
/// base URL's record.
parse_outcome basic_parse(std::string_view input, const url_record* base, url_record& url, parser_state override,
                          std::vector<validation_note>* notes);

/// Whether `path` (a record's non-opaque path) is one segment that is a normalized Windows drive letter (§4.1).
[[nodiscard]] bool single_normalized_drive_letter(std::string_view path) noexcept;

/// The failure as the public error (errc::url_failure).
[[nodiscard]] error failure_error(const parse_outcome& o) noexcept;

}  // namespace iri::web::detail

namespace iri::web {

/// The friend of iri::web::url that writes and reads its buffer and offsets.
struct url_access {
    /// §4.5 the URL serializer: writes `r` into `u` (its buffer reused). False when the href would be longer
    /// than the offsets can hold.
    static bool serialize(const detail::url_record& r, url& u);
    /// The fast path (url_fast_path.cpp): when the parser would serialize `input` (no longer than the offsets can
    /// hold) as it is, writes it to `*out` (when not null) and answers true; else false, `*out` untouched.
    static bool fast_parse(std::string_view input, url* out);
    /// The record `u` serializes.
    static void to_record(const url& u, detail::url_record& r);
};

}  // namespace iri::web
