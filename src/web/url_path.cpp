// The basic URL parser's path states (URL Standard §4.4): path start, path, opaque path, query and fragment. Each
// takes its component at once: a path's segments, or the whole path when none of them needs more than encoding, a
// query or a fragment are percent-encoded as runs (text/percent_encode.hpp: the bytes the set keeps copied whole,
// the rest byte by byte from the UTF-8 input), straight into the href.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/ascii.hpp"
#include "text/percent_encode.hpp"
#include "text/percent_octets.hpp"
#include "web/legacy_query.hpp"
#include "web/url_states.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

namespace {

// "%2e" or "%2E" at s[i] (three bytes there).
constexpr bool encoded_dot(std::string_view s, std::size_t i) noexcept {
    return s[i] == '%' && s[i + 1] == '2' && (s[i + 2] | 0x20) == 'e';
}
// §4.2 single-dot URL path segment: "." or "%2e", either case.
constexpr bool single_dot(std::string_view s) noexcept {
    return (s.size() == 1 && s[0] == '.') || (s.size() == 3 && encoded_dot(s, 0));
}
// §4.2 double-dot URL path segment: "..", ".%2e", "%2e." or "%2e%2e", either case.
constexpr bool double_dot(std::string_view s) noexcept {
    switch (s.size()) {
        case 2: return s[0] == '.' && s[1] == '.';
        case 4: return (s[0] == '.' && encoded_dot(s, 1)) || (encoded_dot(s, 0) && s[3] == '.');
        case 6: return encoded_dot(s, 0) && encoded_dot(s, 3);
        default: return false;
    }
}

}  // namespace

bool dot_segment_at(std::string_view s, std::size_t i, bool backslash) noexcept {
    // Most segments that start with "%" are no "%2e": told by their first three bytes.
    if (s[i] == '%' && (s.size() - i < 3 || s[i + 1] != '2' || (s[i + 2] | 0x20) != 'e')) return false;
    std::size_t end = i;
    while (end < s.size() && end - i <= 6 && s[end] != '/' && !(backslash && s[end] == '\\')) ++end;
    const std::string_view seg = s.substr(i, end - i);
    return single_dot(seg) || double_dot(seg);
}

// §4.4 path start state.
parser_state machine::path_start() {
    begin_path();
    const int ch = c();
    if (url_.special) {  // step 1
        if (ch == '\\') note(validation::invalid_reverse_solidus, p_);
        if (ch == '/' || ch == '\\') ++p_;
        return parser_state::path;
    }
    if (!override_ && ch == '?') {  // step 2
        ++p_;
        return empty_query();
    }
    if (!override_ && ch == '#') {  // step 3
        ++p_;
        return empty_fragment();
    }
    if (ch >= 0) {  // step 4
        if (ch == '/') ++p_;
        return parser_state::path;
    }
    if (override_ && url_.host == host_kind::none) append('/');  // step 5: the path « "" »
    return parser_state::none;
}

// §4.4 path state: the path runs to "?" or "#" (to the end with a state override); each segment ends at "/" (or "\"
// in a special URL), and a segment is appended after "/" as step 1 says, or all of them at once (plain_segments).
parser_state machine::path() {
    begin_path();
    // The path's end ("?" or "#", or the input's end with a state override), and whether a "\" comes before it.
    const char* const in = in_.data();
    std::size_t end =
        static_cast<std::size_t>(iri::detail::find_first_of<'?', '#', '\\'>(in + p_, in + in_.size(), in) - in);
    const bool backslash = end < in_.size() && in_[end] == '\\';
    if (backslash || override_)
        end = override_
                  ? in_.size()
                  : static_cast<std::size_t>(iri::detail::find_first_of<'?', '#'>(in + end, in + in_.size(), in) - in);
    if (opt_.notes) note_url_units(p_, end, true);
    if ((backslash && url_.special) || !plain_segments(end)) {
        for (;;) {
            std::size_t seg_end = p_;
            while (seg_end < end && !is_slash(static_cast<unsigned char>(in_[seg_end]))) ++seg_end;
            path_segment(p_, seg_end, seg_end < end ? static_cast<unsigned char>(in_[seg_end]) : at(end));
            p_ = seg_end;
            if (p_ == end) break;
            ++p_;
        }
    }
    p_ = end;
    if (c() == '?') {  // step 1.6
        ++p_;
        return empty_query();
    }
    if (c() == '#') {  // step 1.7
        ++p_;
        return empty_fragment();
    }
    return parser_state::none;
}

bool machine::plain_segments(std::size_t end) {
    // Every segment is plain when none is a dot segment (steps 1.2-1.3), no "\" ends one in a special URL (step 1.1),
    // and a file URL's first segment is no drive letter that step 1.4.1 rewrites ("C|"): then step 1.4.2 appends each
    // one, encoded, after a "/", which is the run encoded with its "/" kept.
    const std::string_view run = in_.substr(p_, end - p_);  // no "\" in a special URL (path() tells)
    if (override_ && url_.special && run.find('\\') != std::string_view::npos) return false;
    if (has_dot_segment(run, in_.data())) return false;
    if (url_.file && url_.parts[component::path].begin == here() && run.size() >= 2 && run[1] == '|' &&
        windows_drive_letter(run.substr(0, 2)) && (run.size() == 2 || run[2] == '/'))
        return false;
    append('/');
    if (opt_.store) iri::detail::append_percent_encoded(*url_.buffer, run, path_set);
    return true;
}

// Step 1 of the path state for one segment in_[begin, end) (the buffer, encoded), `delimiter` the code point that
// ends it (-1: EOF).
void machine::path_segment(std::size_t begin, std::size_t end, int delimiter) {
    if (url_.special && delimiter == '\\') note(validation::invalid_reverse_solidus, end);  // step 1.1
    const bool slash = is_slash(delimiter);
    const std::uint32_t start = here();
    append('/');
    if (opt_.store) {
        const std::string_view segment = in_.substr(begin, end - begin);
        std::size_t kept = 0;  // a short segment the set keeps whole: appended as it is
        while (kept < segment.size() && kept < 32 && path_set.kept[static_cast<unsigned char>(segment[kept])]) ++kept;
        if (kept == segment.size()) url_.buffer->append(segment);
        else iri::detail::append_percent_encoded(*url_.buffer, segment, path_set);
    }
    const std::string_view buffer = url_.text({start + 1, here()});
    if (double_dot(buffer)) {  // step 1.2
        truncate(start);
        shorten_path();
        if (!slash) append('/');
    } else if (single_dot(buffer)) {  // step 1.3
        truncate(start);
        if (!slash) append('/');
    } else if (url_.file && start == url_.parts[component::path].begin && windows_drive_letter(buffer)) {
        (*url_.buffer)[url_.origin + start + 2] = ':';  // step 1.4.1
    }
}

void machine::shorten_path() {
    // §4.1 shorten a URL's path: the last segment goes, unless the path of a file URL is one normalized Windows drive
    // letter. The path is the href's last part while it is written (can_parse writes none).
    if (!opt_.store) return;
    const std::uint32_t begin = url_.parts[component::path].begin;
    const std::string_view path = url_.text({begin, here()});
    if (url_.file && path.size() == 3 && path[0] == '/' && path[2] == ':' && windows_drive_letter(path.substr(1)))
        return;
    if (path.empty()) return;
    const void* slash = memrchr(path.data(), '/', path.size());
    if (slash) truncate(begin + static_cast<std::uint32_t>(static_cast<const char*>(slash) - path.data()));
}

// §4.4 opaque path state: the path runs to "?" or "#", UTF-8 percent-encoded with the C0 control percent-encode set;
// a space before the "?" or "#" is "%20" (step 3.2), others stay.
parser_state machine::opaque_path() {
    begin_path();
    const std::size_t end = static_cast<std::size_t>(
        iri::detail::find_first_of<'?', '#'>(in_.data() + p_, in_.data() + in_.size(), in_.data()) - in_.data());
    if (opt_.notes) note_url_units(p_, end, false);
    if (opt_.store) iri::detail::append_percent_encoded(*url_.buffer, in_.substr(p_, end - p_), c0_control_set);
    if (end < in_.size() && end > p_ && in_[end - 1] == ' ') {
        truncate(here() - 1);
        append("%20");
    }
    p_ = end;
    if (c() == '?') {  // step 1
        ++p_;
        return empty_query();
    }
    if (c() == '#') {  // step 2
        ++p_;
        return empty_fragment();
    }
    return parser_state::none;
}

// §4.4 query state: the query runs to "#" (to the end with a state override), percent-encoded after encoding with
// the special-query or the query percent-encode set: with UTF-8, byte by byte; with the document's legacy encoding,
// for a special URL that is not ws or wss (step 1), through legacy_query.hpp.
parser_state machine::query() {
    const std::size_t hash = override_ ? std::string_view::npos : in_.find('#', p_);
    const std::size_t end = hash == std::string_view::npos ? in_.size() : hash;
    if (opt_.notes) note_url_units(p_, end, false);
    const std::string_view text = in_.substr(p_, end - p_);
    if (opt_.store) {
        const bool legacy = opt_.query_encoding && url_.special && url_.scheme() != "ws" && url_.scheme() != "wss";
        if (legacy) append_legacy_query(*url_.buffer, text, *opt_.query_encoding);
        else iri::detail::append_percent_encoded(*url_.buffer, text, url_.special ? special_query_set : query_set);
    }
    p_ = end;
    if (c() == '#') {  // step 2.4
        ++p_;
        return empty_fragment();
    }
    return parser_state::none;
}

// §4.4 fragment state: the rest, UTF-8 percent-encoded with the fragment percent-encode set.
parser_state machine::fragment() {
    if (opt_.notes) note_url_units(p_, in_.size(), false);
    if (opt_.store) iri::detail::append_percent_encoded(*url_.buffer, in_.substr(p_), fragment_set);
    p_ = in_.size();
    return parser_state::none;
}

void machine::note_url_units(std::size_t begin, std::size_t end, bool path) const {
    // The invalid-URL-unit validation errors of the path, opaque path, query and fragment states: a code point that
    // is not a URL code point and not "%" (an ill-formed sequence, U+FFFD, is one), a "%" not followed by two ASCII
    // hex digits. The "\" that ends a segment of a special URL's path is no code point of a segment.
    const auto* s = reinterpret_cast<const unsigned char*>(in_.data());
    for (std::size_t i = begin; i < end;) {
        const std::size_t at = i;
        const char32_t cp = iri::detail::next_code_point_or_fffd(s, i, end);
        if (path && cp == '\\' && url_.special) continue;
        if (cp == '%' ? iri::detail::escape_at(in_.substr(0, end), at) < 0 : !url_code_point(cp))
            note(validation::invalid_url_unit, at);
    }
}

}  // namespace iri::web::detail
