// iri::crawl's entry points (iri/crawl_keys.hpp): the special inputs, then the canonicalizer and the format.
#include "iri/crawl_keys.hpp"

#include "crawl/ia_canon.hpp"
#include "crawl/safe_browsing.hpp"
#include "model/error_detail.hpp"

namespace iri::crawl {

namespace {

// The thread's parsed URL, whose strings keep their capacity from one key to the next.
detail::ia_url& thread_url() {
    thread_local detail::ia_url u;
    return u;
}

// Offsets are 32-bit (errc::input_too_long).
std::optional<error> too_long(std::string_view input) {
    if (input.size() < 0xFFFFFFFFu) return std::nullopt;
    return iri::detail::text_error(errc::input_too_long, {}, 0, 0);
}

template <class Append>
result<std::string> as_string(std::string_view input, const Append& append) {
    std::string out;
    auto n = append(out, input);
    if (!n) return n.error();
    return out;
}

}  // namespace

result<std::size_t> append_surt(std::string& out, std::string_view url, const surt_options& options) {
    if (auto e = too_long(url)) return *e;
    const std::size_t base = out.size();
    if (options.format == surt_format::heritrix) {
        detail::append_heritrix_surt(out, url);
        return out.size() - base;
    }
    // _surt_bytes: "-" for nothing, a filedesc line as it is.
    if (url.starts_with("filedesc")) {
        out.append(url);
        return url.size();
    }
    detail::ia_url& u = thread_url();
    if (auto e = detail::parse_ia(url, u)) {
        if (e->code != errc::unexpected_end) return *e;
        out.push_back('-');  // empty, or only white space (where the package fails on the missing scheme)
        return 1;
    }
    detail::google_stage(u);
    detail::ia_stage(u, options.host_massage);
    detail::append_surt_form(out, u, options.with_scheme, options.trailing_comma, options.reverse_ipaddr);
    return out.size() - base;
}

result<std::string> surt(std::string_view url, const surt_options& options) {
    return as_string(url, [&](std::string& out, std::string_view in) { return append_surt(out, in, options); });
}

result<std::size_t> append_canonicalized(std::string& out, std::string_view url, const canonicalize_options& options) {
    if (auto e = too_long(url)) return *e;
    const std::size_t base = out.size();
    if (options.profile == canon_profile::safe_browsing) {
        if (auto e = detail::append_safe_browsing(out, url, options.keep_port)) return *e;
        return out.size() - base;
    }
    detail::ia_url& u = thread_url();
    if (auto e = detail::parse_ia(url, u)) return *e;
    if (options.profile == canon_profile::ia) detail::google_stage(u);
    detail::ia_stage(u, options.host_massage);
    detail::append_url(out, u);
    return out.size() - base;
}

result<std::string> canonicalize(std::string_view url, const canonicalize_options& options) {
    return as_string(url,
                     [&](std::string& out, std::string_view in) { return append_canonicalized(out, in, options); });
}

bool find_canon_profile(std::string_view name, canon_profile& profile) noexcept {
    if (name == "safe-browsing") profile = canon_profile::safe_browsing;
    else if (name == "ia") profile = canon_profile::ia;
    else if (name == "ia-only") profile = canon_profile::ia_only;
    else return false;
    return true;
}

}  // namespace iri::crawl
