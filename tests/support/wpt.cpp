#include "support/wpt.hpp"

#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/src.hpp>  // Boost.JSON header-only: this is its one translation unit in the tests
#include <boost/test/unit_test.hpp>

namespace iri_test {

boost::json::value wpt_json(const std::string& name) {
    const std::string path = std::string(IRI_SOURCE_DIR) + "/tests/web-platform-tests/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream text;
    text << in.rdbuf();
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text.str(), ec);
    BOOST_REQUIRE_MESSAGE(!ec, path << " is not JSON: " << ec.message());
    return v;
}

std::string wpt_string(const boost::json::value& v) {
    if (v.is_null()) return {};
    const boost::json::string& s = v.as_string();
    return std::string(s.data(), s.size());
}

}  // namespace iri_test
