#include "support/wpt.hpp"

#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/src.hpp>  // Boost.JSON header-only: this is its one translation unit in the tests
#include <boost/test/unit_test.hpp>

#include "iri/percent.hpp"

namespace iri_test {

namespace {

// The value of the four hex digits at s[i], or -1.
long hex4(const std::string& s, std::size_t i) {
    if (i + 4 > s.size()) return -1;
    long v = 0;
    for (std::size_t k = i; k < i + 4; ++k) {
        const int d = iri::hex_value(s[k]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

// `text` with each lone surrogate escape ("\ud900" not followed by a low surrogate's, or a low one alone) written
// "\uFFFD". The files hold JavaScript strings, whose lone surrogates WebIDL's USVString conversion (the argument of
// every URL API) turns into U+FFFD; JSON allows them, Boost.JSON refuses them.
std::string lone_surrogates_replaced(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] != '\\' || i + 1 >= text.size()) {
            out += text[i++];
            continue;
        }
        const long u = text[i + 1] == 'u' ? hex4(text, i + 2) : -1;
        if (u < 0xD800 || u > 0xDFFF) {  // another escape: copied whole, so "\\u..." is not read as one
            out.append(text, i, 2);
            i += 2;
            continue;
        }
        const bool high = u < 0xDC00;
        const bool pair =
            high && text.compare(i + 6, 2, "\\u") == 0 && hex4(text, i + 8) >= 0xDC00 && hex4(text, i + 8) <= 0xDFFF;
        out += pair ? text.substr(i, 12) : std::string("\\uFFFD");
        i += pair ? 12 : 6;
    }
    return out;
}

}  // namespace

boost::json::value wpt_json(const std::string& name) {
    const std::string path = std::string(IRI_DATASETS_DIR) + "/web-platform-tests/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream text;
    text << in.rdbuf();
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(lone_surrogates_replaced(text.str()), ec);
    BOOST_REQUIRE_MESSAGE(!ec, path << " is not JSON: " << ec.message());
    return v;
}

std::string wpt_string(const boost::json::value& v) {
    if (v.is_null()) return {};
    const boost::json::string& s = v.as_string();
    return std::string(s.data(), s.size());
}

}  // namespace iri_test
