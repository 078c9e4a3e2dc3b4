// The state machine of the basic URL parser (§4.4) as a class: one member function per state, in three files
// (url_parser.cpp: the dispatch, the scheme and the relative states; url_authority.cpp: the authority, host, port and
// file host states; url_path.cpp: the path, opaque path, query and fragment states), and the parts of the record
// written from the base (url_record.cpp). Private to web/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "web/url_machine.hpp"

namespace iri::web::detail {

class machine {
public:
    machine(const clean_input& input, const base_view* base, url_state& url, const machine_options& options) noexcept
        : clean_(input),
          in_(input.text),
          base_(base),
          url_(url),
          opt_(options),
          override_(options.override != parser_state::none) {}

    parse_outcome run();

private:
    // ---- the input: the byte at the pointer ("c"), or EOF (-1) ----
    [[nodiscard]] int c() const noexcept { return p_ < in_.size() ? static_cast<unsigned char>(in_[p_]) : -1; }
    [[nodiscard]] int at(std::size_t i) const noexcept {
        return i < in_.size() ? static_cast<unsigned char>(in_[i]) : -1;
    }
    /// "remaining starts with" `s`: the bytes after the pointer.
    [[nodiscard]] bool remaining_starts_with(std::string_view s) const noexcept {
        return in_.size() - p_ > s.size() && in_.substr(p_ + 1, s.size()) == s;
    }
    /// c is "/", or "\" in a special URL (the delimiter that ends an authority, a host, a segment).
    [[nodiscard]] bool is_slash(int ch) const noexcept { return ch == '/' || (ch == '\\' && url_.special); }
    /// The end of the authority from `i`: EOF, "/", "?", "#" or, in a special URL, "\" (§4.4 authority state).
    [[nodiscard]] std::size_t authority_end(std::size_t i) const noexcept;
    /// §4.1 "starts with a Windows drive letter", for the input from `i`.
    [[nodiscard]] bool starts_with_drive_letter(std::size_t i) const noexcept;

    // ---- the output ----
    [[nodiscard]] std::uint32_t here() const noexcept { return url_.size(); }
    void append(std::string_view s) {
        if (opt_.store) url_.buffer->append(s);
    }
    void append(char ch) {
        if (opt_.store) url_.buffer->push_back(ch);
    }
    /// Cuts the href back to `size` bytes (from the origin).
    void truncate(std::uint32_t size) {
        if (opt_.store) url_.buffer->resize(url_.origin + size);
    }
    void note(validation v, std::size_t at) const {
        if (opt_.notes) opt_.notes->push_back({v, clean_.offset(at)});
    }
    [[nodiscard]] parser_state fail(validation v, std::size_t at) noexcept {
        failure_ = {true, v, clean_.offset(at)};
        return parser_state::none;
    }

    // ---- the record's parts written from the base URL (§4.4 no scheme, relative, file states) ----
    void write_scheme(std::string_view scheme);
    /// The base's scheme, as write_scheme writes it (its facts the base's).
    void write_base_scheme();
    /// The base's href up to its path's end (its query's when `query`; its path shortened, §4.1, when `shorten`):
    /// scheme, authority and path (and query) at once, with the base's offsets; false (nothing written) when the href
    /// so far is not empty or the base's path follows "/.".
    [[nodiscard]] bool copy_base_prefix(bool query, bool shorten);
    /// username, password, host and port of the base: "//" and its authority, when its host is not null.
    void copy_base_authority();
    /// A file URL's host (§4.4 file and file slash states): the base's (when `from_base` and it has one), else the
    /// empty host; "//" and the host.
    void copy_base_authority_of_file(bool from_base);
    /// The base's path (and its query when `query`), as the record's.
    void copy_base_path(bool query);
    void begin_path() noexcept;
    /// "Set url's query to the empty string and state to query state", and the same for the fragment.
    [[nodiscard]] parser_state empty_query();
    [[nodiscard]] parser_state empty_fragment();
    /// §4.1 shorten a URL's path.
    void shorten_path();
    /// The machine's last step: close_spans.
    void finish();

    // ---- §4.4's states, each returning the next one (none: done) ----
    parser_state scheme_start();
    parser_state scheme();
    parser_state no_scheme();
    parser_state special_relative_or_authority();
    parser_state path_or_authority();
    parser_state relative();
    parser_state relative_slash();
    parser_state special_authority_slashes();
    parser_state special_authority_ignore_slashes();
    parser_state authority();
    parser_state host();
    parser_state port();
    parser_state file();
    parser_state file_slash();
    parser_state file_host();
    parser_state path_start();
    parser_state path();
    parser_state opaque_path();
    parser_state query();
    parser_state fragment();

    // The pieces of the states above.
    /// Runs the host parser on in_[begin, end) and writes the host; false on failure (failure_ set).
    [[nodiscard]] bool parse_host_at(std::size_t begin, std::size_t end);
    /// The port of the digits in_[begin, end); false when it is past 65535 (failure_ set).
    [[nodiscard]] bool write_port(std::size_t begin, std::size_t end);
    /// The userinfo in_[begin, end) (up to the last "@"): username and password, encoded.
    void write_userinfo(std::size_t begin, std::size_t end);
    /// One path segment in_[begin, end) (path state, "buffer"), its delimiter `delimiter` (EOF: -1).
    void path_segment(std::size_t begin, std::size_t end, int delimiter);
    /// The segments of in_[p_, end) appended whole when none of them needs a step of the path state but encoding.
    [[nodiscard]] bool plain_segments(std::size_t end);
    /// The invalid-URL-unit validation errors of in_[begin, end) (path, opaque path, query, fragment states; `path`:
    /// the path state's, whose "\" ends a segment in a special URL).
    void note_url_units(std::size_t begin, std::size_t end, bool path) const;

    const clean_input& clean_;
    std::string_view in_;
    std::size_t p_ = 0;
    const base_view* base_;
    url_state& url_;
    const machine_options& opt_;
    const bool override_;
    parse_outcome failure_;
};

}  // namespace iri::web::detail
