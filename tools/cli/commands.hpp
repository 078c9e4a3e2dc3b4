// The compute functions and printers the subcommands' table (subcommands.cpp) puts together into rows: for each
// kind of result, what one record gives (compute), its text (text) and its JSON or TSV record (fields). row.hpp
// says what each is given.
#pragma once

#include <string>

#include "outcomes.hpp"

namespace cli {

// validate, parse (reference_commands.cpp): the components of the reference (of --production).
parsed parse_reference(const options& o, const record& r, std::string& sink);
void validity_text(const options& o, const subject& in, const parsed& x, std::string& out);
void validity_fields(const options& o, const subject& in, const parsed& x, std::string& out);
void components_text(const options& o, const subject& in, const parsed& x, std::string& out);
void components_fields(const options& o, const subject& in, const parsed& x, std::string& out);

// normalize, key, to-uri, to-iri, resolve, relativize (reference_commands.cpp), surt, canonicalize: one string.
transformed normalize_reference(const options& o, const record& r, std::string& sink);
transformed key_of_reference(const options& o, const record& r, std::string& sink);
transformed to_uri_reference(const options& o, const record& r, std::string& sink);
transformed to_iri_reference(const options& o, const record& r, std::string& sink);
transformed resolve_reference(const options& o, const record& r, std::string& sink);
transformed relativize_reference(const options& o, const record& r, std::string& sink);
transformed surt_of_url(const options& o, const record& r, std::string& sink);
transformed canonical_url(const options& o, const record& r, std::string& sink);
void output_text(const options& o, const subject& in, const transformed& x, std::string& out);
void output_fields(const options& o, const subject& in, const transformed& x, std::string& out);

// compare (reference_commands.cpp): RFC 3987 §5.3's ladder.
verdict compare_references(const options& o, const record& r, std::string& sink);
void verdict_text(const options& o, const subject& in, const verdict& x, std::string& out);
void verdict_fields(const options& o, const subject& in, const verdict& x, std::string& out);

// check (check_command.cpp): every diagnostic.
diagnosed check_reference(const options& o, const record& r, std::string& sink);
void check_text(const options& o, const subject& in, const diagnosed& x, std::string& out);
void check_fields(const options& o, const subject& in, const diagnosed& x, std::string& out);

// parse --scheme (scheme_command.cpp): the parts of the reference's scheme grammar.
scheme_outcome parse_scheme(const options& o, const record& r, std::string& sink);
void scheme_text(const options& o, const subject& in, const scheme_outcome& x, std::string& out);
void scheme_fields(const options& o, const subject& in, const scheme_outcome& x, std::string& out);

// url (url_command.cpp): the URL Standard's parse.
web_outcome parse_url(const options& o, const record& r, std::string& sink);
void url_text(const options& o, const subject& in, const web_outcome& x, std::string& out);
void url_fields(const options& o, const subject& in, const web_outcome& x, std::string& out);
/// url's TSV columns: input, base, failure, href, origin, the getters of iri/web_getters.def, the error's.
extern const columns url_columns;

// site (site_command.cpp): the Public Suffix List's answers.
site_outcome site_of(const options& o, const record& r, std::string& sink);
void site_text(const options& o, const subject& in, const site_outcome& x, std::string& out);
void site_fields(const options& o, const subject& in, const site_outcome& x, std::string& out);

// index-columns (crawl_command.cpp): Common Crawl's URL index columns.
columns_outcome index_columns_of(const options& o, const record& r, std::string& sink);
void columns_text(const options& o, const subject& in, const columns_outcome& x, std::string& out);
void columns_fields(const options& o, const subject& in, const columns_outcome& x, std::string& out);

// The URL surt, canonicalize, site and index-columns key (crawl_command.cpp): the record's, or with --pairs the
// href resolved against the pair's page by the URL Standard (its serialization, a thread's own until its next
// record); or the failure, about the page or the href.
struct key_input {
    failure fail = {};
    std::string_view text = {};
};
key_input read_key_input(const options& o, const record& r);

}  // namespace cli
