// The basic URL parser (URL Standard §4.4) on bytes, url_machine.hpp: the input's cleaning (steps 1-3), the dispatch
// loop (step 9), the scheme states and the states that take parts of the base URL. The record's parts written from
// the base and the §4.5 rule for a path that would read as an authority are in url_record.cpp, the authority states
// in url_authority.cpp, the path states in url_path.cpp.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "grammar/url_sets.hpp"
#include "text/ascii.hpp"
#include "web/url_states.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

namespace {

// Infra's C0 control or space: what §4.4 step 1 strips from both ends.
constexpr bool c0_control_or_space(unsigned char b) noexcept { return b <= 0x20; }

}  // namespace

// ---- §4.4 steps 1-3: the input ----

clean_input::clean_input(std::string_view input, bool strip, std::vector<validation_note>* notes) {
    std::size_t end = input.size();
    // Steps 1.2-1.3, when the input starts or ends with a C0 control or space.
    if (strip && end > 0 &&
        (c0_control_or_space(static_cast<unsigned char>(input[0])) ||
         c0_control_or_space(static_cast<unsigned char>(input[end - 1])))) {
        std::size_t b = 0;
        while (b < end && c0_control_or_space(static_cast<unsigned char>(input[b]))) ++b;
        while (end > b && c0_control_or_space(static_cast<unsigned char>(input[end - 1]))) --end;
        if (notes && (b > 0 || end < input.size()))
            notes->push_back({validation::invalid_url_unit, static_cast<std::uint32_t>(b > 0 ? 0 : end)});
        begin = static_cast<std::uint32_t>(b);
    }
    text = input.substr(begin, end - begin);
    // Infra's ASCII tab or newline: the search reads blocks of 16 from the input's start (its stripped bytes too).
    const char* const first =
        iri::detail::find_first_of<'\t', '\n', '\r'>(text.data(), text.data() + text.size(), input.data());
    if (first == text.data() + text.size()) return;
    // Steps 2-3: a copy without the tabs and newlines, with their offsets for offset().
    if (notes)
        notes->push_back({validation::invalid_url_unit, begin + static_cast<std::uint32_t>(first - text.data())});
    removed = std::make_unique<removal>();
    removed->copy.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch == '\t' || ch == '\n' || ch == '\r') removed->offsets.push_back(begin + static_cast<std::uint32_t>(i));
        else removed->copy.push_back(ch);
    }
    text = removed->copy;
}

std::uint32_t clean_input::offset(std::size_t at) const noexcept {
    std::uint32_t o = begin + static_cast<std::uint32_t>(at);
    if (!removed) return o;
    for (const std::uint32_t r : removed->offsets) {
        if (r > o) break;
        ++o;
    }
    return o;
}

// ---- the record ----

void url_state::learn_scheme() noexcept {
    const iri::detail::scheme_info s = iri::detail::special_scheme(scheme());
    special = s.special;
    default_port = s.default_port;
    file = scheme() == "file";
}

bool windows_drive_letter(std::string_view s) noexcept {
    return s.size() == 2 && ascii_alpha(static_cast<unsigned char>(s[0])) && (s[1] == ':' || s[1] == '|');
}

error failure_error(const parse_outcome& o) noexcept {
    error e;
    e.code = errc::url_failure;
    e.offset = o.offset;
    e.char_offset = o.offset;
    e.grammar_involved = false;
    e.url_validation = static_cast<std::uint8_t>(o.why);
    return e;
}

parse_outcome run_machine(const clean_input& input, const base_view* base, url_state& url,
                          const machine_options& options) {
    return machine(input, base, url, options).run();
}

// ---- step 9: the state machine ----

parse_outcome machine::run() {
    using state = parser_state;
    state s = override_ ? opt_.override : state::scheme_start;
    while (s != state::none) {
        // can_parse: from the path start state on, nothing fails (§4.4's failures are all in the scheme, authority,
        // host, port and file host states).
        if (!opt_.store && !override_ && s >= state::path_start) return failure_;
        switch (s) {
            case state::scheme_start: s = scheme_start(); break;
            case state::scheme: s = scheme(); break;
            case state::no_scheme: s = no_scheme(); break;
            case state::special_relative_or_authority: s = special_relative_or_authority(); break;
            case state::path_or_authority: s = path_or_authority(); break;
            case state::relative: s = relative(); break;
            case state::relative_slash: s = relative_slash(); break;
            case state::special_authority_slashes: s = special_authority_slashes(); break;
            case state::special_authority_ignore_slashes: s = special_authority_ignore_slashes(); break;
            case state::authority: s = authority(); break;
            case state::host:
            case state::hostname: s = host(); break;
            case state::port: s = port(); break;
            case state::file: s = file(); break;
            case state::file_slash: s = file_slash(); break;
            case state::file_host: s = file_host(); break;
            case state::path_start: s = path_start(); break;
            case state::path: s = path(); break;
            case state::opaque_path: s = opaque_path(); break;
            case state::query: s = query(); break;
            case state::fragment: s = fragment(); break;
            case state::none: break;
        }
    }
    if (!failure_.failed && !override_ && opt_.store) finish();
    return failure_;
}

// ---- the scheme states ----

// §4.4 scheme start state.
parser_state machine::scheme_start() {
    if (ascii_alpha(static_cast<char32_t>(c() < 0 ? 0 : c()))) return parser_state::scheme;  // step 1
    if (!override_) return parser_state::no_scheme;                                          // step 2
    return fail(validation::missing_scheme_non_relative_url, p_);                            // step 3
}

// §4.4 scheme state: the scheme runs to the first byte that is no scheme code point; a ":" there ends it (step 2),
// anything else sends a parse without a state override back to the start as a URL without a scheme (step 3).
parser_state machine::scheme() {
    std::size_t i = p_;
    while (i < in_.size() && scheme_code_points.has(static_cast<unsigned char>(in_[i]))) ++i;
    if (at(i) != ':') {
        if (override_) return fail(validation::missing_scheme_non_relative_url, i);  // step 4
        p_ = 0;
        return parser_state::no_scheme;
    }
    // The scheme, lowercased: at most five bytes can be a special scheme's (https).
    const std::string_view raw = in_.substr(p_, i - p_);
    char small[8] = {};
    std::string_view lower;
    if (raw.size() <= 5) {
        for (std::size_t k = 0; k < raw.size(); ++k) small[k] = iri::detail::to_lower(raw[k]);
        lower = std::string_view(small, raw.size());
    }
    const iri::detail::scheme_info info = iri::detail::special_scheme(lower);
    if (override_) {  // the protocol setter: steps 2.1-2.3
        if (url_.special != info.special) return parser_state::none;
        if ((url_.includes_credentials() || url_.port != url_state::no_port) && lower == "file")
            return parser_state::none;
        if (url_.file && url_.host == host_kind::empty) return parser_state::none;
    }
    // Step 2.2: the scheme, written lowercased.
    const std::uint32_t start = here();
    append(raw);
    if (opt_.store)
        for (std::size_t k = url_.origin + start; k < url_.buffer->size(); ++k)
            (*url_.buffer)[k] = iri::detail::to_lower((*url_.buffer)[k]);
    append(':');
    url_.parts[component::scheme] = {start, start + static_cast<std::uint32_t>(raw.size())};
    url_.special = info.special;
    url_.default_port = info.default_port;
    url_.file = lower == "file";
    if (override_) return parser_state::none;  // step 2.3 (the setter drops a port that became the default)
    p_ = i;                                    // the pointer at ":" (remaining is what follows it)
    if (url_.file) {                           // step 2.5
        if (!remaining_starts_with("//")) note(validation::special_scheme_missing_following_solidus, p_ + 1);
        ++p_;
        return parser_state::file;
    }
    if (url_.special && base_ && iri::detail::iequals(base_->scheme(), raw)) {  // step 2.6
        ++p_;
        return parser_state::special_relative_or_authority;
    }
    if (url_.special) {  // step 2.7
        ++p_;
        return parser_state::special_authority_slashes;
    }
    if (remaining_starts_with("/")) {  // step 2.8
        p_ += 2;
        return parser_state::path_or_authority;
    }
    url_.opaque_path = true;  // step 2.9
    ++p_;
    return parser_state::opaque_path;
}

// §4.4 no scheme state.
parser_state machine::no_scheme() {
    if (!base_ || (base_->opaque_path && c() != '#'))  // step 1
        return fail(validation::missing_scheme_non_relative_url, p_);
    if (base_->opaque_path) {  // step 2: c is "#"
        write_base_scheme();
        url_.opaque_path = true;
        copy_base_path(true);
        ++p_;
        return empty_fragment();
    }
    return !base_->file ? parser_state::relative : parser_state::file;  // steps 3-4
}

// §4.4 special relative or authority state.
parser_state machine::special_relative_or_authority() {
    if (c() == '/' && remaining_starts_with("/")) {
        p_ += 2;
        return parser_state::special_authority_ignore_slashes;
    }
    note(validation::special_scheme_missing_following_solidus, p_);
    return parser_state::relative;
}

// §4.4 path or authority state.
parser_state machine::path_or_authority() {
    if (c() == '/') {
        ++p_;
        return parser_state::authority;
    }
    return parser_state::path;
}

// §4.4 relative state.
parser_state machine::relative() {
    const int ch = c();
    if (ch == '/' || (base_->special && ch == '\\')) {  // steps 2-4
        if (!url_.parts.has(component::scheme)) write_base_scheme();
        if (ch == '\\') note(validation::invalid_reverse_solidus, p_);
        ++p_;
        return parser_state::relative_slash;
    }
    // Step 5.1: the base's scheme, username, password, host, port, path and query; its href up to them, at once,
    // when the scheme is not written yet.
    const bool query = ch < 0 || ch == '#';
    const bool shorten = ch >= 0 && ch != '?' && ch != '#';  // step 5.4 shortens the path
    if (!url_.parts.has(component::scheme) && copy_base_prefix(query, shorten)) {
    } else {
        if (!url_.parts.has(component::scheme)) write_base_scheme();
        copy_base_authority();
        copy_base_path(query);
        if (shorten) shorten_path();
    }
    if (ch == '?') {  // step 5.2
        ++p_;
        return empty_query();
    }
    if (ch == '#') {  // step 5.3
        ++p_;
        return empty_fragment();
    }
    if (ch >= 0) return parser_state::path;  // step 5.4 (shortened above)
    return parser_state::none;               // EOF: the base's path and query
}

// §4.4 relative slash state.
parser_state machine::relative_slash() {
    const int ch = c();
    if (url_.special && (ch == '/' || ch == '\\')) {  // step 1
        if (ch == '\\') note(validation::invalid_reverse_solidus, p_);
        ++p_;
        return parser_state::special_authority_ignore_slashes;
    }
    if (ch == '/') {  // step 2
        ++p_;
        return parser_state::authority;
    }
    copy_base_authority();  // step 3
    begin_path();
    return parser_state::path;
}

// §4.4 special authority slashes state.
parser_state machine::special_authority_slashes() {
    if (c() == '/' && remaining_starts_with("/")) {
        p_ += 2;
        return parser_state::special_authority_ignore_slashes;
    }
    note(validation::special_scheme_missing_following_solidus, p_);
    return parser_state::special_authority_ignore_slashes;
}

// §4.4 special authority ignore slashes state.
parser_state machine::special_authority_ignore_slashes() {
    for (; c() == '/' || c() == '\\'; ++p_) note(validation::special_scheme_missing_following_solidus, p_);
    return parser_state::authority;
}

// §4.4 file state.
parser_state machine::file() {
    if (!url_.parts.has(component::scheme)) write_scheme("file");  // step 1
    url_.host = host_kind::empty;                                  // step 2 (written with the path)
    const int ch = c();
    if (ch == '/' || ch == '\\') {  // step 3
        if (ch == '\\') note(validation::invalid_reverse_solidus, p_);
        ++p_;
        return parser_state::file_slash;
    }
    if (!base_ || !base_->file) {  // step 5
        copy_base_authority_of_file(false);
        begin_path();
        return parser_state::path;
    }
    copy_base_authority_of_file(true);  // step 4.1: the base's host, path and query
    if (ch == '?') {
        copy_base_path(false);
        ++p_;
        return empty_query();
    }
    if (ch == '#') {
        copy_base_path(true);
        ++p_;
        return empty_fragment();
    }
    if (ch < 0) {
        copy_base_path(true);
        return parser_state::none;
    }
    if (!starts_with_drive_letter(p_)) {  // step 4.4
        copy_base_path(false);
        shorten_path();
    } else {
        note(validation::file_invalid_windows_drive_letter, p_);
        begin_path();  // « »
    }
    return parser_state::path;
}

// §4.4 file slash state.
parser_state machine::file_slash() {
    const int ch = c();
    if (ch == '/' || ch == '\\') {  // step 1
        if (ch == '\\') note(validation::invalid_reverse_solidus, p_);
        ++p_;
        return parser_state::file_host;
    }
    const bool file_base = base_ && base_->file;  // step 2.1
    copy_base_authority_of_file(file_base);
    begin_path();
    if (file_base) {
        // Step 2.1.2: the base's first segment when it is a normalized Windows drive letter ("/C:" then "/" or the
        // end), unless the input starts with a drive letter of its own.
        const std::string_view bp = base_->path();
        if (!starts_with_drive_letter(p_) && bp.size() >= 3 && bp[0] == '/' && bp[2] == ':' &&
            windows_drive_letter(bp.substr(1, 2)) && (bp.size() == 3 || bp[3] == '/'))
            append(bp.substr(0, 3));
    }
    return parser_state::path;
}

}  // namespace iri::web::detail
