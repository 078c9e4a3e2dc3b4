#include "support/datasets.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>

namespace iri_test {

std::vector<std::string> dataset_lines(const std::string& relative_path) {
    const std::string path = std::string(IRI_DATASETS_DIR) + "/" + relative_path;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in.good(), "cannot read dataset " << path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(std::move(line));
    return lines;
}

std::vector<std::pair<std::string, std::string>> cc10k_pairs() {
    std::vector<std::pair<std::string, std::string>> pairs;
    const auto lines = dataset_lines("oxiri/relative_urls_cc_10k.csv");
    for (std::size_t i = 1; i < lines.size(); ++i) {  // line 0 is the header "base,relative"
        const std::size_t comma = lines[i].find(',');
        BOOST_REQUIRE_MESSAGE(comma != std::string::npos, "row " << i << " has no comma");
        pairs.emplace_back(lines[i].substr(0, comma), lines[i].substr(comma + 1));
    }
    return pairs;
}

}  // namespace iri_test
