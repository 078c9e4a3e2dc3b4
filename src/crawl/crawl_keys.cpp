// iri::crawl's entry points (iri/crawl_keys.hpp): the special inputs, then the canonicalizer and the format.
#include "iri/crawl_keys.hpp"

#include "crawl/ia_canon.hpp"
#include "crawl/safe_browsing.hpp"
#include "model/error_detail.hpp"

namespace iri::crawl {

namespace {

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
    std::string storage;
    const std::string_view cleaned = detail::cleaned(url, storage);
    if (cleaned.empty()) {
        out.push_back('-');  // empty, or only white space (where the package fails on the missing scheme)
        return 1;
    }
    detail::ia_parts u;
    if (auto e = detail::parse_ia(cleaned, u)) return *e;
    detail::write_ia(out, u,
                     {.host_massage = options.host_massage,
                      .surt = true,
                      .with_scheme = options.with_scheme,
                      .trailing_comma = options.trailing_comma,
                      .reverse_ipaddr = options.reverse_ipaddr});
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
    std::string storage;
    detail::ia_parts u;
    if (auto e = detail::parse_ia(detail::cleaned(url, storage), u)) return *e;
    detail::write_ia(out, u, {.google = options.profile == canon_profile::ia, .host_massage = options.host_massage});
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
