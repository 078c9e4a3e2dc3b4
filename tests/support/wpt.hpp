// The web-platform-tests files (tests/web-platform-tests/, README there), read with Boost.JSON for the web
// stage's conformance tests.
#pragma once

#include <string>

#include <boost/json/value.hpp>

namespace iri_test {

/// The JSON value of tests/web-platform-tests/`name` ("urltestdata.json", ...), each lone surrogate of its strings
/// (a "\\uD900" escape without its pair) read as U+FFFD, as the URL APIs' USVString arguments take it. Fails the
/// current test (BOOST_REQUIRE) when the file cannot be read or is not JSON.
boost::json::value wpt_json(const std::string& name);

/// `v` as a std::string; "" for a JSON null.
std::string wpt_string(const boost::json::value& v);

}  // namespace iri_test
