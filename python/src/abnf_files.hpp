// The grammar files of grammar/ built into the extension (python/CMakeLists.txt writes abnf_files.cpp), and the
// ABNF text of a rule in them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pyiri {

/// One file of grammar/: its name without ".abnf" ("iri", "core") and its text.
struct abnf_file {
    std::string_view name;
    std::string_view text;
};
/// Every file of grammar/ (the variants and those they import), in no particular order.
extern const std::span<const abnf_file> abnf_file_list;

/// The ABNF text of rule `rule` of grammar file `grammar` as written there: the line that defines it and its
/// continuation lines (RFC 5234 §2.2: a rule goes on while lines begin with white space), comments kept, and
/// the incremental alternatives (`=/`, §3.3) after it. A rule the file does not define is looked up in the files
/// it names in `;@extends` and `;@import` (grammar/README.md), the file's own definition first. Rule names
/// match case-insensitively (§2.1). nullopt when no file defines it.
[[nodiscard]] std::optional<std::string> abnf_rule_text(std::string_view grammar, std::string_view rule);

}  // namespace pyiri
