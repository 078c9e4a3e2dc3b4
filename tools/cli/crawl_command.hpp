// The crawler's subcommands' own parts (crawl_command.cpp): the URL a key is taken from, and iri index-columns.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "iri.hpp"
#include "options.hpp"
#include "records.hpp"

namespace cli {

/// The URL surt, canonicalize, site and index-columns take from a record: its text, or with --pairs the href
/// resolved against the pair's page by the URL Standard (its serialization, which a thread keeps until its next
/// record); or the failure, about the page ("base") or the href.
struct crawl_input {
    std::string_view text = {};
    std::optional<iri::error> error = {};
    std::string_view about = {};
    const char* what = "";
};
crawl_input read_crawl_input(const options& o, const record& r);

/// The first line of index-columns --tsv: the 17 columns by the schema's names, then error_code, error_message.
std::string index_columns_tsv_header();

/// iri index-columns: Common Crawl's URL columns of one URL, as a TSV row (text, --tsv) or a JSON object (--json).
void run_index_columns(const options& o, const record& r, std::string& out, counters& n);

}  // namespace cli
