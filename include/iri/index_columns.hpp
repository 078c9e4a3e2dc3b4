// Common Crawl's URL index columns: the 17 URL columns of its columnar index (commoncrawl/cc-index-table,
// src/main/resources/schema/cc-index-schema-flat.json), computed for any URL, so that a table of one's own URLs
// joins against the index on the same keys.
//
//   auto psl = iri::crawl::public_suffix_list::load_default();
//   auto row = iri::crawl::index_columns("https://www.example.com/path/index.html", *psl.list);
//   (*row)[iri::crawl::index_column::url_surtkey]                  // "com,example)/path/index.html"
//   (*row)[iri::crawl::index_column::url_host_registered_domain]   // "example.com"
//   (*row)[iri::crawl::index_column::url_port]                     // null (nullopt): no port written
//
// The URL is read by the URL Standard's parser (iri/web.hpp), as a browser reads it; each column is a part of the
// parsed URL or a function of one (docs/index-columns.md gives each rule beside the schema's description):
//
// | column | rule |
// |---|---|
// | url_surtkey | the SURT key of the input (iri/crawl_keys.hpp, surt(); the key CDX files and Common Crawl's index sort by) |
// | url | the input, as it is |
// | url_host_name | the URL's host (web::url::hostname(): an IPv4 address dotted, an IPv6 one in brackets), one final dot dropped; "" for a URL without a host |
// | url_host_tld, url_host_2nd_last_part ... url_host_5th_last_part | the host name's labels from the right, 1st to 5th; null past the first label, and for an IP address |
// | url_host_registry_suffix, url_host_registered_domain | the public suffix and the registrable domain by the ICANN section of the Public Suffix List, without the implicit "*" rule (an unlisted top-level label has none: "example.invalid"); null for an IP address |
// | url_host_private_suffix, url_host_private_domain | the same by both sections ("blogspot.com", "myblog.blogspot.com") |
// | url_host_name_reversed | the host name's labels in reverse order joined by "." ("com.example.www"); null for an IP address |
// | url_protocol | the scheme, lowercase, without ":" |
// | url_port | the port the URL writes, as a number (its scheme's default too, which the URL Standard drops from the URL: java.net.URL's getPort(), as Common Crawl's column has it); null when it writes none |
// | url_path | the path as the URL Standard serializes it (percent-encoded) |
// | url_query | the query without "?", null when there is none ("" for a lone "?") |
//
// The host columns are in A-labels by default, as Common Crawl writes them (IDN.toASCII); host_form::unicode asks
// for U-labels. The nulls are the schema's nullable columns: the other columns are never null.
//
// Errors: the URL Standard's failure (errc::url_failure), and the SURT key's (errc::bad_port), with offsets into
// the input. Complexity: linear in the input.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "iri/export.h"
#include "iri/public_suffix.hpp"
#include "iri/result.hpp"
#include "iri/web.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::crawl {

/// The columns, in the schema's order.
enum class index_column : std::uint8_t {
#define IRI_INDEX_COLUMN(name, description, nullable) name,
#include "iri/index_columns.def"
#undef IRI_INDEX_COLUMN
};
inline constexpr std::size_t index_column_count = 17;

/// The column's name in the schema ("url_surtkey", ...).
[[nodiscard]] const char* name(index_column c) noexcept;
/// The schema's own description of the column ("SURT URL key", ...).
[[nodiscard]] const char* description(index_column c) noexcept;
/// Whether the schema lets the column be null.
[[nodiscard]] bool nullable(index_column c) noexcept;
/// The column named `name`, or false.
[[nodiscard]] bool find_index_column(std::string_view name, index_column& c) noexcept;

/// The options of the columns.
struct index_options {
    host_form form = host_form::ascii;  ///< the host columns' spelling: A-labels (Common Crawl's), or U-labels
};

/// One URL's columns, as views into the row's own buffer (valid until the row changes); a row is reused by
/// index_columns_into without allocating once its buffer is large enough.
class index_row {
public:
    index_row() = default;
    /// The column's text, or nullopt for null. url_port is its decimal digits.
    [[nodiscard]] std::optional<std::string_view> operator[](index_column c) const noexcept;
    /// url_port as a number, or nullopt.
    [[nodiscard]] std::optional<std::uint16_t> port() const noexcept { return port_; }

private:
    friend struct index_row_access;  // the writer (src/crawl/index_columns.cpp)
    static constexpr std::uint32_t null_ = 0xFFFFFFFFu;
    std::string buffer_;
    std::array<std::uint32_t, index_column_count> begin_{}, size_{};
    std::optional<std::uint16_t> port_;
    web::url parsed_;  // the URL, kept for its buffer
};

/// The columns of `url` into `row`. On an error `row` holds no columns.
[[nodiscard]] result<std::monostate> index_columns_into(index_row& row, std::string_view url,
                                                        const public_suffix_list& psl,
                                                        const index_options& options = {});
/// The columns of `url`.
[[nodiscard]] result<index_row> index_columns(std::string_view url, const public_suffix_list& psl,
                                              const index_options& options = {});

}  // namespace iri::crawl
IRI_API_END
