#define BOOST_TEST_MODULE charset
#include <boost/test/unit_test.hpp>

#include "iri/charset.hpp"

using iri::allowed_literally;
using iri::grammar;
using iri::production;

BOOST_AUTO_TEST_CASE(rfc3986_sets) {
    // RFC 3986 §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"; §2.2 reserved characters are not.
    for (char32_t c : {U'a', U'Z', U'0', U'-', U'.', U'_', U'~'})
        BOOST_TEST(allowed_literally(c, grammar::uri, production::unreserved));
    for (char32_t c : {U'!', U'*', U'/', U':', U'@', U'%', U' ', U'é'})
        BOOST_TEST(!allowed_literally(c, grammar::uri, production::unreserved));
    // §3.3 pchar adds sub-delims, ":" and "@"; segment-nz-nc leaves out ":".
    BOOST_TEST(allowed_literally(U':', grammar::uri, production::segment));
    BOOST_TEST(!allowed_literally(U':', grammar::uri, production::segment_nz_nc));
    BOOST_TEST(allowed_literally(U'@', grammar::uri, production::segment));
    BOOST_TEST(!allowed_literally(U'/', grammar::uri, production::segment));
    // §3.4: query and fragment add "/" and "?".
    BOOST_TEST(allowed_literally(U'?', grammar::uri, production::query));
    BOOST_TEST(allowed_literally(U'/', grammar::uri, production::fragment));
    BOOST_TEST(!allowed_literally(U'#', grammar::uri, production::fragment));
    // §3.2.1: userinfo allows ":" but not "@"; §3.2.2: reg-name neither.
    BOOST_TEST(allowed_literally(U':', grammar::uri, production::userinfo));
    BOOST_TEST(!allowed_literally(U'@', grammar::uri, production::userinfo));
    BOOST_TEST(!allowed_literally(U':', grammar::uri, production::reg_name));
    // Productions that are not sets of characters.
    BOOST_TEST(!allowed_literally(U'a', grammar::uri, production::uri_reference));
    BOOST_TEST(!allowed_literally(U'a', grammar::uri, production::scheme));
}

BOOST_AUTO_TEST_CASE(iri_sets) {
    // 3987bis §2.2: iunreserved adds ucschar; iprivate only in iquery; bidi formatting characters excluded
    // (RFC 3987 §4.1) in IRIs, allowed in LEIRIs.
    BOOST_TEST(allowed_literally(U'é', grammar::iri, production::unreserved));
    BOOST_TEST(allowed_literally(U'\U00010300', grammar::iri, production::segment));
    BOOST_TEST(!allowed_literally(U'\uE000', grammar::iri, production::unreserved));
    BOOST_TEST(allowed_literally(U'\uE000', grammar::iri, production::query));
    BOOST_TEST(!allowed_literally(U'\uE000', grammar::iri, production::fragment));
    BOOST_TEST(allowed_literally(U'\U000E0001', grammar::iri, production::query));       // 3987bis iprivate
    BOOST_TEST(!allowed_literally(U'\U000E0001', grammar::rfc3987, production::query));  // RFC 3987 as published
    BOOST_TEST(!allowed_literally(U'\u200E', grammar::iri, production::unreserved));
    BOOST_TEST(allowed_literally(U'\u200E', grammar::leiri, production::unreserved));
    BOOST_TEST(!allowed_literally(U'\uFFFE', grammar::iri, production::segment));  // not in ucschar
    // LEIRI note: leiri-ucschar adds the space and the ASCII characters URIs exclude.
    BOOST_TEST(allowed_literally(U' ', grammar::leiri, production::segment));
    BOOST_TEST(allowed_literally(U'<', grammar::leiri, production::segment));
    BOOST_TEST(!allowed_literally(U' ', grammar::iri, production::segment));
}
