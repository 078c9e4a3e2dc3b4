// The iri tool's printers: what one record gives, as text (with the shown form), JSON or TSV.
#pragma once

#include <string>
#include <string_view>

#include "options.hpp"
#include "records.hpp"

namespace cli {

struct outcome;

/// Appends `s` as a TSV field: tab, line feed, carriage return and backslash written \t \n \r \\.
void tsv_field(std::string& out, std::string_view s);

/// The first line of --tsv output: the column names.
std::string tsv_header(const options& o);

/// A record that could not be read (bad JSON, a pair without its TAB): "invalid" and why.
void print_unreadable(const options& o, const record& r, std::string& out);

/// Counts and prints the outcome of o.command->compute for one record.
void print_outcome(const options& o, const record& r, std::string& out, counters& n);

/// iri check: every diagnostic at or above --min-severity; only errors make the input invalid.
void run_check(const options& o, const record& r, std::string& out, counters& n);

/// Appends the "error" member of a JSON object: code, offset, component, the string it is in, message.
void json_error(std::string& out, const outcome& x);

/// iri site: the public suffix and registrable domain of one URL's host or one host (site_command.cpp).
void run_site(const options& o, const record& r, std::string& out, counters& n);

/// iri parse --scheme: the parts of one reference under its scheme's grammar, or its first error.
void run_parse_scheme(const options& o, std::string_view input, std::string& out, counters& n);

/// iri url: one href parsed by the URL Standard (against --base, the pair's page or none): its href, or with
/// --json and --tsv the getters too; or the failure.
void run_url(const options& o, const record& r, std::string& out, counters& n);

/// The first line of iri url --tsv: input, base, failure, href, origin, the getters, the error's columns.
std::string url_tsv_header();

}  // namespace cli
