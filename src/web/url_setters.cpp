// The URL class's setters (URL Standard §6.1): each runs the basic URL parser with its state override on the
// URL's record and writes the record back, as far as the parser got (a failure after the host leaves the new host,
// as the Standard's in-place parser does).
#include <string>
#include <string_view>

#include "text/percent_encode.hpp"
#include "web/web_detail.hpp"

namespace iri::web {

namespace {

/// The URL's record, for a setter to change, reused by the thread.
detail::url_record& record_of(const url& u) {
    thread_local detail::url_record r;
    url_access::to_record(u, r);
    return r;
}

/// Runs the basic URL parser on `value` with state override `state` on `u`'s record, and writes the record back.
void parse_with_override(url& u, detail::url_record& r, std::string_view value, detail::parser_state state) {
    (void)detail::basic_parse(value, nullptr, r, state, nullptr);
    (void)url_access::serialize(r, u);  // false only past 4 GiB: the URL stays as it was
}

}  // namespace

result<std::monostate> url::set_href(std::string_view value) { return parse_into(*this, value); }

void url::set_protocol(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    std::string input(value);
    input.push_back(':');
    parse_with_override(*this, record_of(*this), input, detail::parser_state::scheme_start);
}

void url::set_username(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    detail::url_record& r = record_of(*this);
    if (r.cannot_have_credentials_or_port()) return;
    r.username.clear();
    iri::detail::append_percent_encoded(r.username, value, detail::userinfo_set);
    (void)url_access::serialize(r, *this);
}

void url::set_password(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    detail::url_record& r = record_of(*this);
    if (r.cannot_have_credentials_or_port()) return;
    r.password.clear();
    iri::detail::append_percent_encoded(r.password, value, detail::userinfo_set);
    (void)url_access::serialize(r, *this);
}

void url::set_host(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    if (opaque_path_) return;
    parse_with_override(*this, record_of(*this), value, detail::parser_state::host);
}

void url::set_hostname(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    if (opaque_path_) return;
    parse_with_override(*this, record_of(*this), value, detail::parser_state::hostname);
}

void url::set_port(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    detail::url_record& r = record_of(*this);
    if (r.cannot_have_credentials_or_port()) return;
    if (value.empty()) {
        r.port = -1;
        (void)url_access::serialize(r, *this);
        return;
    }
    parse_with_override(*this, r, value, detail::parser_state::port);
}

void url::set_pathname(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    if (opaque_path_) return;
    detail::url_record& r = record_of(*this);
    r.path.clear();
    parse_with_override(*this, r, value, detail::parser_state::path_start);
}

void url::set_search(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    detail::url_record& r = record_of(*this);
    r.query.clear();
    if (value.empty()) {
        r.has_query = false;
        (void)url_access::serialize(r, *this);
        return;
    }
    if (value.front() == '?') value.remove_prefix(1);
    r.has_query = true;
    parse_with_override(*this, r, value, detail::parser_state::query);
}

void url::set_hash(std::string_view value) {
    if (buffer_.empty()) return;  // a url no parse has filled: there is no URL to change
    detail::url_record& r = record_of(*this);
    r.fragment.clear();
    if (value.empty()) {
        r.has_fragment = false;
        (void)url_access::serialize(r, *this);
        return;
    }
    if (value.front() == '#') value.remove_prefix(1);
    r.has_fragment = true;
    parse_with_override(*this, r, value, detail::parser_state::fragment);
}

}  // namespace iri::web
