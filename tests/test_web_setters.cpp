// The URL class's setters (URL Standard §6.1, iri::web::url::set_*) against web-platform-tests' setters_tests.json,
// every case: parse "href", run the setter named by the case's key with "new_value", compare each getter in
// "expected".
#define BOOST_TEST_MODULE web_setters
#include <boost/test/unit_test.hpp>

#include <string>

#include <boost/json/value.hpp>

#include "iri/web.hpp"
#include "support/wpt.hpp"

namespace {

using iri_test::wpt_string;
namespace web = iri::web;

/// Runs the setter called `name` on `u`; false for a name the URL class has no setter of.
bool set(web::url& u, const std::string& name, const std::string& value) {
    if (name == "href") return (void)u.set_href(value), true;
    if (name == "protocol") return u.set_protocol(value), true;
    if (name == "username") return u.set_username(value), true;
    if (name == "password") return u.set_password(value), true;
    if (name == "host") return u.set_host(value), true;
    if (name == "hostname") return u.set_hostname(value), true;
    if (name == "port") return u.set_port(value), true;
    if (name == "pathname") return u.set_pathname(value), true;
    if (name == "search") return u.set_search(value), true;
    if (name == "hash") return u.set_hash(value), true;
    return false;
}

/// The getter called `name`.
std::string get(const web::url& u, const std::string& name) {
    if (name == "href") return std::string(u.href());
    if (name == "origin") return u.origin();
    if (name == "protocol") return std::string(u.protocol());
    if (name == "username") return std::string(u.username());
    if (name == "password") return std::string(u.password());
    if (name == "host") return std::string(u.host());
    if (name == "hostname") return std::string(u.hostname());
    if (name == "port") return std::string(u.port());
    if (name == "pathname") return std::string(u.pathname());
    if (name == "search") return std::string(u.search());
    if (name == "hash") return std::string(u.hash());
    BOOST_FAIL("no getter " << name);
    return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_setters_tests_case) {
    const boost::json::value data = iri_test::wpt_json("setters_tests.json");
    std::size_t total = 0, passed = 0;
    for (const auto& [key, list] : data.as_object()) {
        if (key == "comment") continue;
        const std::string setter(key);
        for (const boost::json::value& v : list.as_array()) {
            const boost::json::object& c = v.as_object();
            ++total;
            const std::string href = wpt_string(c.at("href")), value = wpt_string(c.at("new_value"));
            iri::result<web::url> u = web::parse(href);
            if (!u) {
                BOOST_ERROR(href << " does not parse: " << u.error().message());
                continue;
            }
            BOOST_TEST_REQUIRE(set(*u, setter, value), setter);
            bool ok = true;
            for (const auto& [getter, expected] : c.at("expected").as_object()) {
                const std::string got = get(*u, std::string(getter));
                if (got != wpt_string(expected)) {
                    ok = false;
                    BOOST_ERROR(href << " ." << setter << " = \"" << value << "\": " << std::string(getter) << " is \""
                                     << got << "\", expected \"" << wpt_string(expected) << "\"");
                }
            }
            if (ok) ++passed;
        }
    }
    BOOST_TEST_MESSAGE(passed << " of " << total << " setters_tests cases pass");
    BOOST_TEST(total == 278u);  // the file's cases, all keys but "comment"
    BOOST_TEST(passed == total);
}

BOOST_AUTO_TEST_CASE(setters_on_an_empty_url_change_nothing) {
    // A default-constructed url holds no URL record: there is nothing for a setter to change.
    web::url u;
    u.set_protocol("http");
    u.set_host("example.com");
    u.set_pathname("/a");
    u.set_search("q");
    u.set_hash("f");
    BOOST_TEST(u.href().empty());
    BOOST_TEST(static_cast<bool>(u.set_href("http://example.com/")));
    BOOST_TEST(u.href() == "http://example.com/");
    BOOST_TEST(!u.set_href("no scheme"));
    BOOST_TEST(u.href() == "http://example.com/");  // a failed set_href leaves the URL as it was
}
