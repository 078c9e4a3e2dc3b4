// The web-platform-tests files (datasets/web-platform-tests/, README there; the build unpacks them into its
// datasets folder), read with Boost.JSON for the web stage's conformance tests.
#pragma once

#include <string>

#include <boost/json/value.hpp>

namespace iri_test {

/// The JSON value of the unpacked web-platform-tests file `name` ("urltestdata.json", ...), each lone surrogate of its strings
/// (a "\\uD900" escape without its pair) read as U+FFFD, as the URL APIs' USVString arguments take it. Fails the
/// current test (BOOST_REQUIRE) when the file cannot be read or is not JSON.
boost::json::value wpt_json(const std::string& name);

/// `v` as a std::string; "" for a JSON null.
std::string wpt_string(const boost::json::value& v);

}  // namespace iri_test
