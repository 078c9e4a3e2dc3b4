// The basic URL parser (URL Standard §4.4): its state machine, with the state overrides the setters of §6.1 use.
//
// The Standard runs on the code points of a scalar value string. The input here is UTF-8: it is decoded first,
// each ill-formed sequence (its maximal subpart, as the Encoding Standard's UTF-8 decoder does) becoming U+FFFD,
// which is what a browser's USVString holds for it, so such bytes come out as "%EF%BF%BD" wherever the component's
// percent-encode set covers U+FFFD (all of them do). Beside each code point the byte of the input where it
// begins is kept, for the offsets of the validation errors.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/form_detail.hpp"
#include "text/ascii.hpp"
#include "text/percent_octets.hpp"
#include "text/utf8_detail.hpp"
#include "web/host_parser.hpp"
#include "text/percent_encode.hpp"
#include "web/web_detail.hpp"

namespace iri::web::detail {

namespace {

constexpr char32_t eof = 0xFFFFFFFFu;

[[nodiscard]] constexpr char ascii_lower(char32_t c) noexcept { return static_cast<char>(c | 0x20); }

/// §1.3 UTF-8 percent-encode `c` using the percent-encode set `s`, appended to `out`.
void append_encoded(std::string& out, char32_t c, const percent_encode_set& s) {
    std::string bytes;
    ::iri::detail::append_utf8(bytes, c);
    ::iri::detail::append_percent_encoded(out, bytes, s);
}

/// §4.1: a Windows drive letter, two code points.
[[nodiscard]] bool windows_drive_letter(char32_t a, char32_t b) noexcept {
    return ascii_alpha(a) && (b == ':' || b == '|');
}
[[nodiscard]] bool windows_drive_letter(std::string_view s) noexcept {
    return s.size() == 2 && windows_drive_letter(static_cast<unsigned char>(s[0]), static_cast<unsigned char>(s[1]));
}

/// §4.2 single-dot and double-dot URL path segments: "." or "%2e", ".." in its four spellings, either case.
[[nodiscard]] bool single_dot(std::string_view s) noexcept { return s == "." || ::iri::detail::iequals(s, "%2e"); }
[[nodiscard]] bool double_dot(std::string_view s) noexcept {
    using ::iri::detail::iequals;
    return s == ".." || iequals(s, ".%2e") || iequals(s, "%2e.") || iequals(s, "%2e%2e");
}

/// The input's code points, tab and newline removed, with the byte each begins at (one more entry: the end).
struct code_points {
    std::vector<char32_t> cp;
    std::vector<std::uint32_t> at;
};

class machine {
public:
    machine(const code_points& in, const url_record* base, url_record& url, parser_state override,
            std::vector<validation_note>* notes)
        : in_(in),
          n_(static_cast<std::ptrdiff_t>(in.cp.size())),
          base_(base),
          url_(url),
          override_(override),
          notes_(notes) {}

    parse_outcome run();

private:
    [[nodiscard]] char32_t at(std::ptrdiff_t i) const noexcept {
        return i >= 0 && i < n_ ? in_.cp[static_cast<std::size_t>(i)] : eof;
    }
    [[nodiscard]] std::uint32_t offset_of(std::ptrdiff_t i) const noexcept {
        return in_.at[static_cast<std::size_t>(i < 0 ? 0 : i > n_ ? n_ : i)];
    }
    void note(validation v) const {
        if (notes_) notes_->push_back({v, offset_of(pointer_)});
    }
    [[nodiscard]] parse_outcome fail(validation v) const noexcept { return {true, v, offset_of(pointer_)}; }
    /// "remaining starts with" the code points of `s`.
    [[nodiscard]] bool remaining_starts_with(std::u32string_view s) const noexcept {
        for (std::size_t k = 0; k < s.size(); ++k)
            if (at(pointer_ + 1 + static_cast<std::ptrdiff_t>(k)) != s[k]) return false;
        return true;
    }
    /// §4.1 "starts with a Windows drive letter", for the code point substring from `i` to the end.
    [[nodiscard]] bool starts_with_drive_letter(std::ptrdiff_t i) const noexcept {
        if (!windows_drive_letter(at(i), at(i + 1))) return false;
        const char32_t third = at(i + 2);
        return third == eof || third == '/' || third == '\\' || third == '?' || third == '#';
    }
    /// The invalid-URL-unit checks of the path, opaque path, query and fragment states: a code point that is not a
    /// URL code point (§4.3) and not "%", or a "%" not followed by two ASCII hex digits.
    void check_url_unit(char32_t c) const {
        if (!notes_) return;
        if (c == '%' ? !ascii_hex_digit(at(pointer_ + 1)) || !ascii_hex_digit(at(pointer_ + 2))
                     : !url_code_point(c))
            note(validation::invalid_url_unit);
    }
    [[nodiscard]] bool special() const noexcept { return special_; }
    /// The special relative or authority state and the special authority slashes state (§4.4), which differ only in
    /// the state they go on to without a second "/": with `c` and the remaining "/", special authority ignore
    /// slashes past it; else a validation error and `otherwise`, `c` read again there.
    [[nodiscard]] parser_state second_solidus_or(char32_t c, parser_state otherwise) {
        if (c == '/' && remaining_starts_with(U"/")) {
            ++pointer_;
            return parser_state::special_authority_ignore_slashes;
        }
        note(validation::special_scheme_missing_following_solidus);
        --pointer_;
        return otherwise;
    }
    void set_scheme(std::string_view s) {
        url_.scheme.assign(s);
        special_ = iri::detail::special_scheme(s).special;
    }
    /// §4.1 shorten a URL's path.
    void shorten_path() noexcept {
        if (url_.scheme == "file" && single_normalized_drive_letter(url_.path)) return;
        if (const std::size_t slash = url_.path.rfind('/'); slash != std::string::npos) url_.path.resize(slash);
    }
    /// "Set url's query to the empty string and state to query state" (§4.4).
    [[nodiscard]] parser_state empty_query() {
        url_.has_query = true;
        url_.query.clear();
        return parser_state::query;
    }
    /// "Set url's fragment to the empty string and state to fragment state" (§4.4).
    [[nodiscard]] parser_state empty_fragment() {
        url_.has_fragment = true;
        url_.fragment.clear();
        return parser_state::fragment;
    }
    /// The no scheme, relative and file states' "set url's path to a clone of base's path" and "url's query to
    /// base's query" (§4.4).
    void copy_base_path_and_query() {
        url_.path = base_->path;
        url_.has_query = base_->has_query;
        url_.query = base_->query;
    }
    void copy_base_authority() {
        url_.username = base_->username;
        url_.password = base_->password;
        url_.host = base_->host;
        url_.host_text = base_->host_text;
        url_.port = base_->port;
    }
    /// Runs the host parser on buffer_ into the URL's host.
    [[nodiscard]] bool parse_host_into_url(parse_outcome& failure);
    /// The port of buffer_ (digits), or failure when it is past 65535.
    [[nodiscard]] bool set_port_from_buffer(parse_outcome& failure);

    const code_points& in_;
    const std::ptrdiff_t n_;
    const url_record* base_;
    url_record& url_;
    const parser_state override_;
    std::vector<validation_note>* notes_;
    std::ptrdiff_t pointer_ = 0;
    std::string buffer_;
    std::ptrdiff_t buffer_start_ = 0;  // the code point where buffer_ began (the host's, the authority's)
    bool special_ = false;
};

bool machine::parse_host_into_url(parse_outcome& failure) {
    std::string host;
    const std::size_t notes_before = notes_ ? notes_->size() : 0;
    const host_outcome h = parse_host(buffer_, !special_, &host, notes_, 0);
    // The host parser's offsets are bytes of buffer_, the UTF-8 of the code points from buffer_start_: each
    // becomes the offset in the input of its code point, which differs where an ill-formed sequence became U+FFFD
    // or a tab or newline was removed.
    std::vector<std::uint32_t> code_point_of;  // for each byte of buffer_, the index of its code point
    const auto input_offset = [&](std::uint32_t byte) {
        if (code_point_of.empty() && !::iri::detail::is_ascii(buffer_)) {
            code_point_of.resize(buffer_.size() + 1);
            std::uint32_t k = 0;
            for (std::size_t b = 0; b < buffer_.size(); ++b) {
                if (b > 0 && !::iri::detail::is_utf8_trail(static_cast<unsigned char>(buffer_[b]))) ++k;
                code_point_of[b] = k;
            }
            code_point_of[buffer_.size()] = buffer_.empty() ? 0 : k + 1;
        }
        const std::uint32_t k =
            code_point_of.empty() ? byte : code_point_of[std::min<std::size_t>(byte, buffer_.size())];
        return offset_of(buffer_start_ + static_cast<std::ptrdiff_t>(k));
    };
    if (notes_)
        for (std::size_t i = notes_before; i < notes_->size(); ++i)
            (*notes_)[i].offset = input_offset((*notes_)[i].offset);
    if (h.failed) {
        failure = {true, h.failure, input_offset(h.failure_offset)};
        return false;
    }
    url_.host = h.kind;
    url_.host_text.swap(host);
    return true;
}

bool machine::set_port_from_buffer(parse_outcome& failure) {
    std::uint32_t port = 0;
    for (const char d : buffer_) {
        port = port * 10 + static_cast<std::uint32_t>(d - '0');
        if (port > 65535) {
            failure = fail(validation::port_out_of_range);
            return false;
        }
    }
    const std::int32_t default_port = iri::detail::special_scheme(url_.scheme).default_port;
    url_.port = static_cast<std::int32_t>(port) == default_port ? -1 : static_cast<std::int32_t>(port);
    return true;
}

parse_outcome machine::run() {
    using enum parser_state;
    const bool has_override = override_ != none;
    parser_state state = has_override ? override_ : scheme_start;
    special_ = iri::detail::special_scheme(url_.scheme).special;
    bool at_sign_seen = false, inside_brackets = false, password_token_seen = false;
    parse_outcome failure;
    buffer_.clear();

    for (pointer_ = 0;; ++pointer_) {
        const char32_t c = at(pointer_);
        switch (state) {
            case scheme_start:
                if (ascii_alpha(c)) {
                    buffer_ += ascii_lower(c);
                    state = scheme;
                } else if (!has_override) {
                    state = no_scheme;
                    --pointer_;
                } else {
                    return fail(validation::missing_scheme_non_relative_url);
                }
                break;
            case scheme:
                if (c < 0x80 && scheme_code_points.has(static_cast<unsigned char>(c))) {
                    buffer_ += ascii_lower(c);
                } else if (c == ':') {
                    const bool buffer_special = iri::detail::special_scheme(buffer_).special;
                    if (has_override) {
                        if (special_ != buffer_special) return {};
                        if ((url_.includes_credentials() || url_.port >= 0) && buffer_ == "file") return {};
                        if (url_.scheme == "file" && url_.host == host_kind::empty) return {};
                    }
                    set_scheme(buffer_);
                    if (has_override) {
                        if (url_.port >= 0 && url_.port == iri::detail::special_scheme(url_.scheme).default_port) url_.port = -1;
                        return {};
                    }
                    buffer_.clear();
                    if (url_.scheme == "file") {
                        if (!remaining_starts_with(U"//")) note(validation::special_scheme_missing_following_solidus);
                        state = file;
                    } else if (special_ && base_ && base_->scheme == url_.scheme) {
                        state = special_relative_or_authority;
                    } else if (special_) {
                        state = special_authority_slashes;
                    } else if (remaining_starts_with(U"/")) {
                        state = path_or_authority;
                        ++pointer_;
                    } else {
                        url_.opaque_path = true;
                        url_.path.clear();
                        state = opaque_path;
                    }
                } else if (!has_override) {
                    buffer_.clear();
                    state = no_scheme;
                    pointer_ = -1;
                } else {
                    return fail(validation::missing_scheme_non_relative_url);
                }
                break;
            case no_scheme:
                if (!base_ || (base_->opaque_path && c != '#'))
                    return fail(validation::missing_scheme_non_relative_url);
                if (base_->opaque_path) {
                    set_scheme(base_->scheme);
                    url_.opaque_path = true;
                    copy_base_path_and_query();
                    state = empty_fragment();
                } else {
                    state = base_->scheme != "file" ? relative : file;
                    --pointer_;
                }
                break;
            case special_relative_or_authority: state = second_solidus_or(c, relative); break;
            case path_or_authority:
                if (c == '/') {
                    state = authority;
                    buffer_start_ = pointer_ + 1;
                } else {
                    state = path;
                    --pointer_;
                }
                break;
            case relative:
                set_scheme(base_->scheme);
                if (c == '/') {
                    state = relative_slash;
                } else if (special_ && c == '\\') {
                    note(validation::invalid_reverse_solidus);
                    state = relative_slash;
                } else {
                    copy_base_authority();
                    copy_base_path_and_query();
                    if (c == '?') {
                        state = empty_query();
                    } else if (c == '#') {
                        state = empty_fragment();
                    } else if (c != eof) {
                        url_.has_query = false;
                        url_.query.clear();
                        shorten_path();
                        state = path;
                        --pointer_;
                    }
                }
                break;
            case relative_slash:
                if (special_ && (c == '/' || c == '\\')) {
                    if (c == '\\') note(validation::invalid_reverse_solidus);
                    state = special_authority_ignore_slashes;
                } else if (c == '/') {
                    state = authority;
                    buffer_start_ = pointer_ + 1;
                } else {
                    copy_base_authority();
                    state = path;
                    --pointer_;
                }
                break;
            case special_authority_slashes: state = second_solidus_or(c, special_authority_ignore_slashes); break;
            case special_authority_ignore_slashes:
                if (c != '/' && c != '\\') {
                    state = authority;
                    buffer_start_ = pointer_;
                    --pointer_;
                } else {
                    note(validation::special_scheme_missing_following_solidus);
                }
                break;
            case authority:
                // buffer_ is the code points from buffer_start_ to pointer_, read in place.
                if (c == '@') {
                    note(validation::invalid_credentials);
                    if (at_sign_seen) (password_token_seen ? url_.password : url_.username).append("%40");
                    at_sign_seen = true;
                    for (std::ptrdiff_t k = buffer_start_; k < pointer_; ++k) {
                        const char32_t b = at(k);
                        if (b == ':' && !password_token_seen) {
                            password_token_seen = true;
                            continue;
                        }
                        append_encoded(password_token_seen ? url_.password : url_.username, b,
                                       userinfo_set);
                    }
                    buffer_start_ = pointer_ + 1;
                } else if (c == eof || c == '/' || c == '?' || c == '#' || (special_ && c == '\\')) {
                    if (at_sign_seen && buffer_start_ == pointer_) return fail(validation::host_missing);
                    pointer_ = buffer_start_ - 1;
                    buffer_.clear();
                    state = host;
                }
                break;
            case host:
            case hostname:
                if (has_override && url_.scheme == "file") {
                    --pointer_;
                    state = file_host;
                    break;
                }
                if (buffer_.empty()) buffer_start_ = pointer_;
                if (c == ':' && !inside_brackets) {
                    if (buffer_.empty()) return fail(validation::host_missing);
                    if (override_ == hostname) return fail(validation::port_invalid);
                    if (!parse_host_into_url(failure)) return failure;
                    buffer_.clear();
                    state = port;
                } else if (c == eof || c == '/' || c == '?' || c == '#' || (special_ && c == '\\')) {
                    --pointer_;
                    if (special_ && buffer_.empty()) return fail(validation::host_missing);
                    if (has_override && buffer_.empty() && (url_.includes_credentials() || url_.port >= 0))
                        return fail(validation::host_missing);
                    if (!parse_host_into_url(failure)) return failure;
                    buffer_.clear();
                    state = path_start;
                    if (has_override) return {};
                } else {
                    if (c == '[') inside_brackets = true;
                    if (c == ']') inside_brackets = false;
                    ::iri::detail::append_utf8(buffer_, c);
                }
                break;
            case port:
                if (ascii_digit(c)) {
                    buffer_ += static_cast<char>(c);
                } else if (c == eof || c == '/' || c == '?' || c == '#' || (special_ && c == '\\') || has_override) {
                    if (!buffer_.empty()) {
                        if (!set_port_from_buffer(failure)) return failure;
                        buffer_.clear();
                        if (has_override) return {};
                    }
                    if (has_override) return fail(validation::port_invalid);
                    state = path_start;
                    --pointer_;
                } else {
                    return fail(validation::port_invalid);
                }
                break;
            case file:
                set_scheme("file");
                url_.host = host_kind::empty;
                url_.host_text.clear();
                if (c == '/' || c == '\\') {
                    if (c == '\\') note(validation::invalid_reverse_solidus);
                    state = file_slash;
                } else if (base_ && base_->scheme == "file") {
                    url_.host = base_->host;
                    url_.host_text = base_->host_text;
                    copy_base_path_and_query();
                    if (c == '?') {
                        state = empty_query();
                    } else if (c == '#') {
                        state = empty_fragment();
                    } else if (c != eof) {
                        url_.has_query = false;
                        url_.query.clear();
                        if (!starts_with_drive_letter(pointer_)) {
                            shorten_path();
                        } else {
                            note(validation::file_invalid_windows_drive_letter);
                            url_.path.clear();
                        }
                        state = path;
                        --pointer_;
                    }
                } else {
                    state = path;
                    --pointer_;
                }
                break;
            case file_slash:
                if (c == '/' || c == '\\') {
                    if (c == '\\') note(validation::invalid_reverse_solidus);
                    state = file_host;
                } else {
                    if (base_ && base_->scheme == "file") {
                        url_.host = base_->host;
                        url_.host_text = base_->host_text;
                        const std::string_view bp = base_->path;
                        if (!starts_with_drive_letter(pointer_) && bp.size() >= 3 && bp[0] == '/' &&
                            ascii_alpha(static_cast<unsigned char>(bp[1])) && bp[2] == ':' &&
                            (bp.size() == 3 || bp[3] == '/'))
                            url_.path.append(bp.substr(0, 3));
                    }
                    state = path;
                    --pointer_;
                }
                break;
            case file_host:
                if (c == eof || c == '/' || c == '\\' || c == '?' || c == '#') {
                    --pointer_;
                    if (!has_override && windows_drive_letter(buffer_)) {
                        note(validation::file_invalid_windows_drive_letter_host);
                        state = path;  // buffer_ is kept: the path state takes it as its first segment
                    } else if (buffer_.empty()) {
                        url_.host = host_kind::empty;
                        url_.host_text.clear();
                        if (has_override) return {};
                        state = path_start;
                    } else {
                        if (!parse_host_into_url(failure)) return failure;
                        if (url_.host_text == "localhost") {
                            url_.host = host_kind::empty;
                            url_.host_text.clear();
                        }
                        if (has_override) return {};
                        buffer_.clear();
                        state = path_start;
                    }
                } else {
                    if (buffer_.empty()) buffer_start_ = pointer_;
                    ::iri::detail::append_utf8(buffer_, c);
                }
                break;
            case path_start:
                if (special_) {
                    if (c == '\\') note(validation::invalid_reverse_solidus);
                    state = path;
                    if (c != '/' && c != '\\') --pointer_;
                } else if (!has_override && c == '?') {
                    state = empty_query();
                } else if (!has_override && c == '#') {
                    state = empty_fragment();
                } else if (c != eof) {
                    state = path;
                    if (c != '/') --pointer_;
                } else if (has_override && url_.host == host_kind::none) {
                    url_.path += '/';
                }
                break;
            case path:
                if (c == eof || c == '/' || (special_ && c == '\\') || (!has_override && (c == '?' || c == '#'))) {
                    const bool slash = c == '/' || (special_ && c == '\\');
                    if (special_ && c == '\\') note(validation::invalid_reverse_solidus);
                    if (double_dot(buffer_)) {
                        shorten_path();
                        if (!slash) url_.path += '/';
                    } else if (single_dot(buffer_)) {
                        if (!slash) url_.path += '/';
                    } else {
                        if (url_.scheme == "file" && url_.path.empty() && windows_drive_letter(buffer_))
                            buffer_[1] = ':';
                        url_.path += '/';
                        url_.path += buffer_;
                    }
                    buffer_.clear();
                    if (c == '?') {
                        state = empty_query();
                    }
                    if (c == '#') {
                        state = empty_fragment();
                    }
                } else {
                    check_url_unit(c);
                    append_encoded(buffer_, c, path_set);
                }
                break;
            case opaque_path:
                if (c == '?') {
                    state = empty_query();
                } else if (c == '#') {
                    state = empty_fragment();
                } else if (c == ' ') {
                    note(validation::invalid_url_unit);
                    const char32_t next = at(pointer_ + 1);
                    url_.path.append(next == '?' || next == '#' ? "%20" : " ");
                } else if (c != eof) {
                    check_url_unit(c);
                    append_encoded(url_.path, c, c0_control_set);
                }
                break;
            case query:
                // The encoding is UTF-8, so percent-encoding after encoding is code point by code point.
                if (!has_override && c == '#') {
                    state = empty_fragment();
                } else if (c != eof) {
                    check_url_unit(c);
                    append_encoded(url_.query, c,
                                   special_ ? special_query_set : query_set);
                }
                break;
            case fragment:
                if (c != eof) {
                    check_url_unit(c);
                    append_encoded(url_.fragment, c, fragment_set);
                }
                break;
            case none: break;
        }
        if (pointer_ >= n_) break;
    }
    return {};
}

/// The code points of `input` (§4.4 steps 1–3: stripped when `strip`, tab and newline removed) into `out`.
void decode_input(std::string_view input, bool strip, code_points& out, std::vector<validation_note>* notes) {
    out.cp.clear();
    out.at.clear();
    std::size_t begin = 0, end = input.size();
    if (strip) {
        while (begin < end && static_cast<unsigned char>(input[begin]) <= 0x20) ++begin;
        while (end > begin && static_cast<unsigned char>(input[end - 1]) <= 0x20) --end;
        if (notes && (begin > 0 || end < input.size()))
            notes->push_back({validation::invalid_url_unit, static_cast<std::uint32_t>(begin > 0 ? 0 : end)});
    }
    bool tab_noted = false;
    ::iri::detail::for_each_code_point_or_fffd(input.substr(begin, end - begin), [&](char32_t c, std::size_t at) {
        const auto start = static_cast<std::uint32_t>(begin + at);
        if (c == '\t' || c == '\n' || c == '\r') {
            if (notes && !tab_noted) notes->push_back({validation::invalid_url_unit, start}), tab_noted = true;
            return;
        }
        out.cp.push_back(c);
        out.at.push_back(start);
    });
    out.at.push_back(static_cast<std::uint32_t>(end));
}

}  // namespace

bool single_normalized_drive_letter(std::string_view path) noexcept {
    return path.size() == 3 && path[0] == '/' && ascii_alpha(static_cast<unsigned char>(path[1])) && path[2] == ':';
}

parse_outcome basic_parse(std::string_view input, const url_record* base, url_record& url, parser_state override,
                          std::vector<validation_note>* notes) {
    thread_local code_points in;  // reused: no allocation once large enough
    const bool fresh = override == parser_state::none;
    if (fresh) url.clear();
    decode_input(input, fresh, in, notes);
    return machine(in, base, url, override, notes).run();
}

}  // namespace iri::web::detail
