// Common Crawl's URL index columns (iri/index_columns.hpp): each column written once into the row's buffer, the
// host's parts as spans of the host name written there. The rules follow cc-index-table's own code
// (src/main/java/org/commoncrawl/net/HostName.java, setHostName and asRow; spark/CCIndex2Table.java,
// convertCdxLine), on the URL as the URL Standard parses it.
#include "iri/index_columns.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>
#include <vector>

#include "crawl/name_octets.hpp"
#include "grammar/url_sets.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/idna.hpp"
#include "text/ascii.hpp"
#include "web/url_access.hpp"

namespace iri::crawl {

namespace {

struct column_info {
    const char* name;
    const char* description;  // the schema's "description"
    bool nullable;            // the schema's "nullable"
};

// cc-index-schema-flat.json's URL columns, in its order.
constexpr column_info columns[index_column_count] = {
#define IRI_INDEX_COLUMN(name, description, nullable) {#name, description, nullable},
#include "iri/index_columns.def"
#undef IRI_INDEX_COLUMN
};

constexpr std::size_t at(index_column c) noexcept { return static_cast<std::size_t>(c); }

// How many labels of `name` (no final dot) begin at or after `offset`.
std::size_t labels_after(std::string_view name, std::size_t offset) noexcept {
    return 1 +
           static_cast<std::size_t>(std::count(name.begin() + static_cast<std::ptrdiff_t>(offset), name.end(), '.'));
}

}  // namespace

struct index_row_access {
    static void reset(index_row& r) noexcept {
        r.buffer_.clear();
        r.begin_.fill(index_row::null_);
        r.size_.fill(0);
        r.port_.reset();
    }
    // The column's text appended to the buffer.
    static void write(index_row& r, index_column c, std::string_view text) {
        r.begin_[at(c)] = static_cast<std::uint32_t>(r.buffer_.size());
        r.size_[at(c)] = static_cast<std::uint32_t>(text.size());
        r.buffer_.append(text);
    }
    // The column as a span of text written already.
    static void span(index_row& r, index_column c, std::size_t begin, std::size_t size) noexcept {
        r.begin_[at(c)] = static_cast<std::uint32_t>(begin);
        r.size_[at(c)] = static_cast<std::uint32_t>(size);
    }
    static result<std::monostate> fill(index_row& r, std::string_view input, const public_suffix_list& psl,
                                       const index_options& options);
};

result<std::monostate> index_row_access::fill(index_row& r, std::string_view input, const public_suffix_list& psl,
                                              const index_options& options) {
    reset(r);
    web::url& u = r.parsed_;
    if (auto parsed = web::parse_into(u, input); !parsed) return parsed.error();
    // url_surtkey: the SURT key of the input (the key of CDX lines, which Common Crawl's index is made from).
    std::string& b = r.buffer_;
    const std::size_t key_at = b.size();
    if (auto n = append_surt(b, input); !n) {
        reset(r);
        return n.error();
    }
    span(r, index_column::url_surtkey, key_at, b.size() - key_at);
    write(r, index_column::url, input);  // url: as it is
    // url_host_name: HostName(URL): the host lowercased; an IP address as it is; a name's final dot dropped, in
    // A-labels (IDN.toASCII), or U-labels when asked for.
    const web::host_kind kind = u.host_type();
    std::string_view host = u.hostname();
    const bool name = kind == web::host_kind::domain || kind == web::host_kind::opaque;
    if (name && host.ends_with('.')) host.remove_suffix(1);
    const std::size_t host_at = b.size();
    write(r, index_column::url_host_name, host);
    if (kind == web::host_kind::opaque)  // kept as written by the URL Standard: lowercased here, as Java does
        for (std::size_t i = host_at; i < b.size(); ++i) b[i] = iri::detail::to_lower(b[i]);
    if (name && options.form == host_form::unicode) {  // an A-label of the lowercased name ("XN--" of an opaque one)
        const std::string_view shown = std::string_view(b).substr(host_at);
        if (shown.starts_with("xn--") || shown.find(".xn--") != shown.npos)
            if (auto unicode = iri::host_to_unicode(shown)) {
                b.resize(host_at);
                write(r, index_column::url_host_name, *unicode);
            }
    }
    const std::size_t host_size = b.size() - host_at;
    if (name && host_size > 0) {
        // The labels of the name shown, from the left: [starts[j], starts[j + 1] - 1), the last to its end (one
        // pass; a name of n octets has at most n + 1 labels).
        std::uint32_t few[64];
        std::vector<std::uint32_t> many;
        std::uint32_t* starts = few;
        if (host_size + 2 > 64) {
            many.resize(host_size + 2);
            starts = many.data();
        }
        // The dots eight octets at a time (crawl/name_octets.hpp's exact test; the last word zero-padded).
        std::size_t labels = 1;
        starts[0] = 0;
        const char* const h = b.data() + host_at;
        for (std::size_t i = 0; i < host_size; i += 8) {
            const std::uint64_t x = iri::detail::load_up_to_8(h + i, std::min<std::size_t>(8, host_size - i));
            for (std::uint64_t d = detail::dot_octets(x); d != 0; d &= d - 1)
                starts[labels++] =
                    static_cast<std::uint32_t>(i + static_cast<std::size_t>(std::countr_zero(d)) / 8 + 1);
        }
        starts[labels] = static_cast<std::uint32_t>(host_size + 1);
        const auto label_span = [&](std::size_t from_right) {  // 1 for the last label
            const std::size_t k = labels - from_right;
            return std::pair<std::size_t, std::size_t>(starts[k], starts[k + 1] - 1 - starts[k]);
        };
        // url_host_tld ... url_host_5th_last_part: reverseHost's first five parts (a label each).
        for (std::size_t k = 1; k <= std::min<std::size_t>(labels, 5); ++k) {
            const auto [start, size] = label_span(k);
            span(r, static_cast<index_column>(at(index_column::url_host_tld) + k - 1), host_at + start, size);
        }
        // The suffixes by the list's walk over the A-labels (no implicit "*": EffectiveTldFinder gives none for an
        // unlisted top-level label); the same labels counted from the right in the name shown.
        const suffix_offsets o = psl.find(host, false);
        // In A-labels the name shown is `host` (its octets, its length): the offset is where the answer begins
        // there. In U-labels the labels of host[offset, end) are counted, and the answer is as many from the right.
        const bool shown_as_host = options.form != host_form::unicode;
        const auto suffix_span = [&](index_column c, std::uint16_t offset) {
            if (offset == suffix_offsets::none) return;
            const std::size_t start = shown_as_host ? offset : label_span(labels_after(host, offset)).first;
            span(r, c, host_at + start, host_size - start);
        };
        suffix_span(index_column::url_host_registry_suffix, o.icann_suffix);
        suffix_span(index_column::url_host_registered_domain, o.icann_domain);
        suffix_span(index_column::url_host_private_suffix, o.public_suffix);
        suffix_span(index_column::url_host_private_domain, o.registrable_domain);
        // url_host_name_reversed: String.join(".", reverseHost(name)), as long as the name shown: each label
        // copied from the name into place eight octets at a time and a dot after it, in a room of eight octets more
        // (what a copy writes past a label is written over by the next, or cut off).
        const std::size_t reversed_at = b.size();
        b.resize(reversed_at + host_size + 8);
        char* const reversed = b.data() + reversed_at;
        const char* const shown = b.data() + host_at;
        for (std::size_t k = 1, to = 0; k <= labels; ++k) {
            const auto [start, size] = label_span(k);
            for (std::size_t j = 0; j < size; j += 8) {  // a load, then a store (the last label's may overlap)
                std::uint64_t w;
                std::memcpy(&w, shown + start + j, 8);
                std::memcpy(reversed + to + j, &w, 8);
            }
            reversed[to + size] = '.';
            to += size + 1;
        }
        b.resize(reversed_at + host_size);
        span(r, index_column::url_host_name_reversed, reversed_at, host_size);
    }
    const std::string_view scheme = u.scheme();
    write(r, index_column::url_protocol, scheme);
    // url_port: java.net.URL's getPort(), the port written (its scheme's default too, which the URL Standard drops:
    // then read from the input), -1 (null) when none is written.
    auto port = u.port_number();
    if (!port && web::url_access::default_port_dropped(u))  // URL Standard §4.4 port state step 2.1.3
        port = static_cast<std::uint16_t>(iri::detail::special_scheme(scheme).default_port);
    if (port) {
        r.port_ = *port;
        write(r, index_column::url_port, std::to_string(*port));
    }
    write(r, index_column::url_path, u.pathname());
    if (const auto query = u.query()) write(r, index_column::url_query, *query);
    return std::monostate{};
}

const char* name(index_column c) noexcept { return columns[at(c)].name; }
const char* description(index_column c) noexcept { return columns[at(c)].description; }
bool nullable(index_column c) noexcept { return columns[at(c)].nullable; }

bool find_index_column(std::string_view n, index_column& c) noexcept {
    for (std::size_t i = 0; i < index_column_count; ++i)
        if (n == columns[i].name) {
            c = static_cast<index_column>(i);
            return true;
        }
    return false;
}

std::optional<std::string_view> index_row::operator[](index_column c) const noexcept {
    const std::size_t i = at(c);
    if (begin_[i] == null_) return std::nullopt;
    return std::string_view(buffer_).substr(begin_[i], size_[i]);
}

result<std::monostate> index_columns_into(index_row& row, std::string_view url, const public_suffix_list& psl,
                                          const index_options& options) {
    return index_row_access::fill(row, url, psl, options);
}

result<index_row> index_columns(std::string_view url, const public_suffix_list& psl, const index_options& options) {
    index_row row;
    if (auto r = index_columns_into(row, url, psl, options); !r) return r.error();
    return row;
}

}  // namespace iri::crawl
