// The datasets (datasets/, README there; the build unpacks them into its tree), read for property tests.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace iri_test {

/// The lines of a dataset file (path relative to IRI_DATASETS_DIR), without their "\n". Fails the current
/// test (BOOST_REQUIRE) when the file cannot be read.
std::vector<std::string> dataset_lines(const std::string& relative_path);

/// The page/href pairs of oxiri/relative_urls_cc_10k.csv: each row after the header, split at its first comma
/// (as the datasets README describes the file).
std::vector<std::pair<std::string, std::string>> cc10k_pairs();

}  // namespace iri_test
