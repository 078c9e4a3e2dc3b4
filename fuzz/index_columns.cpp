// Common Crawl's URL index columns (iri/index_columns.hpp), by the system's Public Suffix List.
//   options: bit 0 host_form::unicode.
// Oracles: an error lies inside the input, and is the URL Standard's failure exactly when web::parse fails; each
// column is a substring or a documented function of the parsed URL: url_surtkey is surt() of the input, url the
// input, url_protocol the scheme, url_path the pathname, url_query the query, url_port the port number (or the
// scheme's default, ":" and its digits in the input, where the URL Standard dropped it); the host
// name is the URL's hostname (in A-labels, a final dot dropped; with U-labels, UTS #46 ToUnicode's); the label
// columns are its last five labels from the right, the reversed name its labels reversed, each suffix a label
// suffix of the host name and each domain the suffix and one more label; no column the schema makes non-null is
// null, and an IP address has no label or suffix columns.
#include <string>
#include <vector>

#include "fuzz.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/idna.hpp"
#include "iri/index_columns.hpp"
#include "iri/web.hpp"

namespace {

using iri::crawl::index_column;

const iri::crawl::public_suffix_list& system_list() {
    static const auto loaded = iri::crawl::public_suffix_list::load_default();
    if (!loaded.list) fuzz::fail("the system's Public Suffix List loads", "", loaded.error);
    return *loaded.list;
}

std::vector<std::string_view> labels_of(std::string_view name) {
    std::vector<std::string_view> labels;
    for (std::size_t start = 0;;) {
        const std::size_t dot = name.find('.', start);
        labels.push_back(name.substr(start, dot == std::string_view::npos ? dot : dot - start));
        if (dot == std::string_view::npos) return labels;
        start = dot + 1;
    }
}

bool label_suffix(std::string_view s, std::string_view whole) {
    return whole.ends_with(s) && (s.size() == whole.size() || whole[whole.size() - s.size() - 1] == '.');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const auto form = in.flag(0) ? iri::crawl::host_form::unicode : iri::crawl::host_form::ascii;
    iri::crawl::index_row row;
    const auto r = iri::crawl::index_columns_into(row, in.text, system_list(), {.form = form});
    const auto u = iri::web::parse(in.text);
    if (!r) {
        fuzz::require_inside(r.error(), in.text.size(), in.text);
        fuzz::require(!u.has_value() || r.error().code == iri::errc::bad_port,
                      "the columns fail where the URL Standard does (or the SURT key)", in.text);
        for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i)
            fuzz::require(!row[static_cast<index_column>(i)].has_value(), "a failed row has no columns", in.text);
        return 0;
    }
    fuzz::require(u.has_value(), "the columns of a URL the URL Standard parses", in.text);
    const auto col = [&](index_column c) { return row[c]; };
    for (std::size_t i = 0; i < iri::crawl::index_column_count; ++i) {
        const auto c = static_cast<index_column>(i);
        fuzz::require(col(c).has_value() || iri::crawl::nullable(c), "no null in a non-null column", in.text,
                      iri::crawl::name(c));
    }
    fuzz::require(*col(index_column::url) == in.text, "url is the input", in.text);
    const auto key = iri::crawl::surt(in.text);
    fuzz::require(key.has_value() && *col(index_column::url_surtkey) == *key, "url_surtkey is surt()", in.text);
    fuzz::require(*col(index_column::url_protocol) == u->scheme(), "url_protocol is the scheme", in.text);
    fuzz::require(*col(index_column::url_path) == u->pathname(), "url_path is the pathname", in.text);
    fuzz::require(col(index_column::url_query) == u->query(), "url_query is the query", in.text);
    if (u->port_number()) {
        fuzz::require(row.port() == u->port_number(), "url_port is the port", in.text);
    } else if (row.port()) {  // a default port the input writes, which the URL Standard drops
        const std::string_view scheme = u->scheme();
        const int default_port = scheme == "https" || scheme == "wss" ? 443 : scheme == "ftp" ? 21 : 80;
        fuzz::require(u->is_special() && scheme != "file" && *row.port() == default_port, "url_port is the default",
                      in.text);
        const std::string digits = std::to_string(default_port);
        bool written = false;
        for (std::size_t at = in.text.find(':'); at != std::string::npos && !written; at = in.text.find(':', at + 1)) {
            std::size_t k = at + 1;
            while (k < in.text.size() && in.text[k] == '0') ++k;
            written = in.text.compare(k, digits.size(), digits) == 0;
        }
        fuzz::require(written, "a default url_port is written in the input", in.text);
    }
    if (row.port())
        fuzz::require(*col(index_column::url_port) == std::to_string(*row.port()), "url_port's digits", in.text);
    // The host.
    const auto kind = u->host_type();
    std::string host(u->hostname());
    const bool name = kind == iri::web::host_kind::domain || kind == iri::web::host_kind::opaque;
    if (name && host.ends_with('.')) host.pop_back();
    if (kind == iri::web::host_kind::opaque)
        for (char& c : host) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    if (name && form == iri::crawl::host_form::unicode && host.find("xn--") != std::string::npos)
        if (auto unicode = iri::host_to_unicode(host)) host = *unicode;
    fuzz::require(*col(index_column::url_host_name) == host, "url_host_name is the hostname", in.text,
                  std::string(*col(index_column::url_host_name)) + " / " + host);
    const index_column labels[] = {index_column::url_host_tld, index_column::url_host_2nd_last_part,
                                   index_column::url_host_3rd_last_part, index_column::url_host_4th_last_part,
                                   index_column::url_host_5th_last_part};
    if (!name || host.empty()) {
        for (const index_column c : labels) fuzz::require(!col(c).has_value(), "no labels without a name", in.text);
        fuzz::require(!col(index_column::url_host_private_suffix).has_value() &&
                          !col(index_column::url_host_registry_suffix).has_value() &&
                          !col(index_column::url_host_name_reversed).has_value(),
                      "no suffix and no reversed name without a name", in.text);
        return 0;
    }
    const auto parts = labels_of(host);
    std::string reversed;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        if (k < 5) fuzz::require(col(labels[k]) == parts[parts.size() - 1 - k], "the labels from the right", in.text);
        if (k > 0) reversed.push_back('.');
        reversed.append(parts[parts.size() - 1 - k]);
    }
    for (std::size_t k = parts.size(); k < 5; ++k)
        fuzz::require(!col(labels[k]).has_value(), "no label past the first", in.text);
    fuzz::require(*col(index_column::url_host_name_reversed) == reversed, "the reversed name", in.text);
    for (const auto& [suffix, domain] :
         {std::pair{index_column::url_host_registry_suffix, index_column::url_host_registered_domain},
          std::pair{index_column::url_host_private_suffix, index_column::url_host_private_domain}}) {
        const auto s = col(suffix), d = col(domain);
        fuzz::require(s.has_value() || !d.has_value(), "no domain without a suffix", in.text);
        if (s) fuzz::require(label_suffix(*s, host), "a suffix ends the host name", in.text, std::string(*s));
        if (d) {
            fuzz::require(label_suffix(*d, host), "a domain ends the host name", in.text, std::string(*d));
            const std::size_t dot = d->find('.');
            fuzz::require(dot != std::string_view::npos && d->substr(dot + 1) == *s,
                          "a domain is its suffix and one label", in.text, std::string(*d));
        }
    }
    return 0;
}
