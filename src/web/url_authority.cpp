// The basic URL parser's authority states (URL Standard §4.4): authority, host and hostname, port, file host. The
// authority is taken at once: its end found, its last "@" ending the userinfo, the host's end found, then the host
// parser (§3.5, host_parser.hpp) run once on the host's bytes, written into the href.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "text/percent_encode.hpp"
#include "web/host_parser.hpp"
#include "web/url_states.hpp"
#include "web/web_sets.hpp"

namespace iri::web::detail {

std::size_t machine::authority_end(std::size_t i) const noexcept {
    for (; i < in_.size(); ++i) {
        const char ch = in_[i];
        if (ch == '/' || ch == '?' || ch == '#' || (ch == '\\' && url_.special)) break;
    }
    return i;
}

bool machine::starts_with_drive_letter(std::size_t i) const noexcept {
    // §4.1: its first two code points are a Windows drive letter, and it is two code points long or the third is
    // "/", "\", "?" or "#".
    if (in_.size() - i < 2 || !windows_drive_letter(in_.substr(i, 2))) return false;
    const int third = at(i + 2);
    return third < 0 || third == '/' || third == '\\' || third == '?' || third == '#';
}

// §4.4 authority state. Its steps read the authority a code point at a time, appending to buffer; at an "@" the
// buffer so far is userinfo (step 1), at the authority's end (step 2) the host state starts over from the buffer.
// So: the userinfo runs to the last "@" of the authority, the host state from after it.
parser_state machine::authority() {
    const std::size_t end = authority_end(p_);
    std::size_t last_at = std::string_view::npos;
    for (std::size_t i = p_; i < end; ++i) {
        if (in_[i] != '@') continue;
        note(validation::invalid_credentials, i);  // step 1.1, at each "@"
        last_at = i;
    }
    append("//");
    url_.parts[component::authority].begin = here();
    if (last_at != std::string_view::npos) {
        if (last_at + 1 == end) return fail(validation::host_missing, end);  // step 2.1
        write_userinfo(p_, last_at);
        p_ = last_at + 1;
    }
    return parser_state::host;
}

// Step 1.4 of the authority state for the whole userinfo: the first ":" separates the username from the password
// (passwordTokenSeen), every other code point UTF-8 percent-encoded with the userinfo percent-encode set (an "@"
// before the last becomes "%40", as step 1.2's prepended "%40" does). §4.5 writes "user[:password]@" when either is
// not empty.
void machine::write_userinfo(std::size_t begin, std::size_t end) {
    if (!opt_.store) return;
    std::string& b = *url_.buffer;
    const std::uint32_t start = here();
    const std::string_view text = in_.substr(begin, end - begin);
    const std::size_t colon = text.find(':');
    iri::detail::append_percent_encoded(b, text.substr(0, colon), userinfo_set);
    if (colon != std::string_view::npos) {
        const std::uint32_t password = here();
        b.push_back(':');
        iri::detail::append_percent_encoded(b, text.substr(colon + 1), userinfo_set);
        if (here() == password + 1) truncate(password);  // an empty password is not written
    }
    if (here() == start) return;  // no credentials
    url_.parts[component::userinfo] = {start, here()};
    b.push_back('@');
}

// §4.4 host state and hostname state.
parser_state machine::host() {
    if (override_ && url_.file) return parser_state::file_host;  // step 1
    // The host runs to a ":" outside brackets (step 2) or to the authority's end (step 3).
    std::size_t i = p_;
    for (bool inside_brackets = false; i < in_.size(); ++i) {
        const char ch = in_[i];
        if (ch == ':' && !inside_brackets) break;
        if (ch == '/' || ch == '?' || ch == '#' || (ch == '\\' && url_.special)) break;
        if (ch == '[') inside_brackets = true;
        if (ch == ']') inside_brackets = false;
    }
    if (at(i) == ':') {  // step 2
        if (i == p_) return fail(validation::host_missing, i);
        if (opt_.override == parser_state::hostname) return fail(validation::port_invalid, i);
        if (!parse_host_at(p_, i)) return parser_state::none;
        p_ = i + 1;
        return parser_state::port;
    }
    if (url_.special && i == p_) return fail(validation::host_missing, i);  // step 3.1
    if (override_ && i == p_ && (url_.includes_credentials() || url_.port != url_state::no_port))
        return fail(validation::host_missing, i);  // step 3.2
    if (!parse_host_at(p_, i)) return parser_state::none;
    p_ = i;
    return override_ ? parser_state::none : parser_state::path_start;  // steps 3.5-3.6
}

bool machine::parse_host_at(std::size_t begin, std::size_t end) {
    std::vector<validation_note> notes;
    const std::uint32_t start = here();
    const host_outcome h = parse_host(in_.substr(begin, end - begin), !url_.special, opt_.store ? url_.buffer : nullptr,
                                      opt_.notes ? &notes : nullptr, 0);
    for (const validation_note& n : notes) opt_.notes->push_back({n.what, clean_.offset(begin + n.offset)});
    if (h.failed) {
        failure_ = {true, h.failure, clean_.offset(begin + h.failure_offset)};
        return false;
    }
    url_.host = h.kind;
    components& c = url_.parts;
    c[component::host] = {start, here()};
    c[component::ipv4address] = c[component::ipv6address] = c[component::reg_name] = span{};
    if (h.kind == host_kind::ipv6) c[component::ipv6address] = {start + 1, here() - 1};
    else if (h.kind == host_kind::ipv4) c[component::ipv4address] = {start, here()};
    else c[component::reg_name] = {start, here()};
    c[component::authority].end = here();
    return true;
}

// §4.4 port state.
parser_state machine::port() {
    std::size_t i = p_;
    while (i < in_.size() && in_[i] >= '0' && in_[i] <= '9') ++i;  // step 1
    const int ch = at(i);
    if (ch < 0 || ch == '/' || ch == '?' || ch == '#' || (ch == '\\' && url_.special) || override_) {  // step 2
        if (i > p_) {
            if (!write_port(p_, i)) return parser_state::none;
            if (override_) return parser_state::none;
        }
        if (override_) return fail(validation::port_invalid, i);
        p_ = i;
        return parser_state::path_start;
    }
    return fail(validation::port_invalid, i);  // step 3
}

bool machine::write_port(std::size_t begin, std::size_t end) {
    std::uint32_t port = 0;
    for (std::size_t k = begin; k < end; ++k) {
        port = port * 10 + static_cast<std::uint32_t>(in_[k] - '0');
        if (port > 65535) {  // step 2.1.2: not a 16-bit unsigned integer
            failure_ = {true, validation::port_out_of_range, clean_.offset(end)};
            return false;
        }
    }
    // Step 2.1.3: null when it is the scheme's default port. §4.5 writes it in decimal.
    url_.port_set = true;
    url_.default_port_dropped = static_cast<std::int32_t>(port) == url_.default_port;
    if (url_.default_port_dropped) {
        url_.port = url_state::no_port;
        url_.parts[component::port] = span{};
        return true;
    }
    url_.port = port;
    char digits[8];
    const auto n = static_cast<std::uint32_t>(std::to_chars(digits, digits + sizeof digits, port).ptr - digits);
    append(':');
    url_.parts[component::port] = {here(), here() + n};
    append(std::string_view(digits, n));
    url_.parts[component::authority].end = here();
    return true;
}

// §4.4 file host state.
parser_state machine::file_host() {
    std::size_t end = p_;
    while (end < in_.size() && in_[end] != '/' && in_[end] != '\\' && in_[end] != '?' && in_[end] != '#') ++end;
    const std::string_view buffer = in_.substr(p_, end - p_);
    if (!override_ && windows_drive_letter(buffer)) {  // step 1.1: the buffer is the path's first segment
        note(validation::file_invalid_windows_drive_letter_host, p_);
        copy_base_authority_of_file(false);
        begin_path();
        return parser_state::path;
    }
    if (!override_) append("//");
    url_.parts[component::authority].begin = here();
    if (buffer.empty()) {  // step 1.2
        url_.host = host_kind::empty;
        url_.parts[component::authority] = url_.parts[component::host] =
            url_.parts[component::reg_name] = {here(), here()};
        p_ = end;
        return override_ ? parser_state::none : parser_state::path_start;
    }
    const std::uint32_t start = here();
    if (!parse_host_at(p_, end)) return parser_state::none;                     // steps 1.3.1-1.3.2
    if (opt_.store && url_.text(url_.parts[component::host]) == "localhost") {  // step 1.3.3
        truncate(start);
        url_.host = host_kind::empty;
        url_.parts[component::authority] = url_.parts[component::host] =
            url_.parts[component::reg_name] = {start, start};
    }
    p_ = end;
    return override_ ? parser_state::none : parser_state::path_start;
}

}  // namespace iri::web::detail
