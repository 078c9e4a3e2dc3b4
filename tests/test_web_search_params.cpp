#define BOOST_TEST_MODULE web_search_params
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iri/web.hpp"

// URLSearchParams (URL Standard §6.2) over the application/x-www-form-urlencoded parser (§5.1) and serializer
// (§5.2): each expected value from the Standard's examples or worked out from its steps, as the comments say.
namespace {

using iri::web::search_params;
using pairs = std::vector<std::pair<std::string, std::string>>;

// U+FFFD REPLACEMENT CHARACTER, as UTF-8.
const std::string fffd = "\xEF\xBF\xBD";

std::string value_of(const search_params& p, std::string_view name) {
    const auto v = p.get(name);
    return v ? std::string(*v) : std::string("(null)");
}

}  // namespace

// §5.1: split on "&" (empty pieces skipped), each at its first "=", "+" to a space, then percent-decode and UTF-8
// decode.
BOOST_AUTO_TEST_CASE(parsing) {
    BOOST_TEST(value_of(search_params("a=b+c%20d"), "a") == "b c d");
    BOOST_TEST((search_params("&&a=1&&b=2&").pairs() == pairs{{"a", "1"}, {"b", "2"}}));
    BOOST_TEST((search_params("a").pairs() == pairs{{"a", ""}}));   // no "=": an empty value
    BOOST_TEST((search_params("=b").pairs() == pairs{{"", "b"}}));  // "=" first: an empty name
    BOOST_TEST((search_params("a=").pairs() == pairs{{"a", ""}}));
    BOOST_TEST((search_params("a==b=c").pairs() == pairs{{"a", "=b=c"}}));  // at the first "="
    BOOST_TEST((search_params("a+b=c+d").pairs() == pairs{{"a b", "c d"}}));
    BOOST_TEST(value_of(search_params("a=%2B"), "a") == "+");  // "+" is replaced before percent-decoding
    BOOST_TEST(value_of(search_params("a=%41%62"), "a") == "Ab");
    BOOST_TEST(value_of(search_params("a=%"), "a") == "%");  // not a percent-encoded byte: kept
    BOOST_TEST(value_of(search_params("a=%zz%4"), "a") == "%zz%4");
    BOOST_TEST(value_of(search_params("a=%26%3D"), "a") == "&=");
    BOOST_TEST(value_of(search_params("a=%C3%A9"), "a") == "\xC3\xA9");
    BOOST_TEST(value_of(search_params("a=\xC3\xA9"), "a") == "\xC3\xA9");
    BOOST_TEST(search_params("").size() == 0u);
    BOOST_TEST(search_params("&").size() == 0u);
}

// The constructor removes one leading "?" (§6.2), and only one.
BOOST_AUTO_TEST_CASE(leading_question_mark) {
    BOOST_TEST((search_params("?a=1").pairs() == pairs{{"a", "1"}}));
    BOOST_TEST((search_params("??a=1").pairs() == pairs{{"?a", "1"}}));
    BOOST_TEST((search_params("a=?").pairs() == pairs{{"a", "?"}}));
    BOOST_TEST(search_params("?").size() == 0u);
}

// "UTF-8 decode without BOM": each ill-formed sequence, its maximal subpart, becomes U+FFFD; a BOM stays.
BOOST_AUTO_TEST_CASE(utf8_decode_without_bom) {
    BOOST_TEST(value_of(search_params("a=%FF"), "a") == fffd);
    BOOST_TEST(value_of(search_params("a=%C3"), "a") == fffd);                      // truncated
    BOOST_TEST(value_of(search_params("a=%E2%82x"), "a") == fffd + "x");            // one maximal subpart: one U+FFFD
    BOOST_TEST(value_of(search_params("a=%F0%80%80"), "a") == fffd + fffd + fffd);  // F0 80 is no prefix
    BOOST_TEST(value_of(search_params("a=%ED%A0%80"), "a") == fffd + fffd + fffd);  // a surrogate's bytes
    BOOST_TEST((search_params("%EF%BB%BFa=1").pairs() == pairs{{"\xEF\xBB\xBF"
                                                                "a",
                                                                "1"}}));
}

// §5.2: the application/x-www-form-urlencoded percent-encode set ("all code points, except the ASCII alphanumeric,
// U+002A (*), U+002D (-), U+002E (.), and U+005F (_)"), a space as "+", pairs joined by "&", name and value by "=".
BOOST_AUTO_TEST_CASE(serializing) {
    search_params p;
    p.append("key", "730d67");  // §6.2's example: new URLSearchParams({key: "730d67"}).toString()
    BOOST_TEST(p.to_string() == "key=730d67");
    search_params q;
    q.append("a", "b ~");  // §6.2's note: "?a=b ~" serialized by URLSearchParams
    BOOST_TEST(q.to_string() == "a=b+%7E");
    search_params r;
    r.append("*-._", "!'()~+&=%#/?");
    r.append("\xC3\xA9 x", "");
    r.append("", "");
    BOOST_TEST(r.to_string() == "*-._=%21%27%28%29%7E%2B%26%3D%25%23%2F%3F&%C3%A9+x=&=");
    BOOST_TEST(search_params().to_string() == "");
    BOOST_TEST(search_params("a=b+c%20d&e").to_string() == "a=b+c+d&e=");
    BOOST_TEST(search_params(std::string_view("a=%00%01\x7F", 9)).to_string() == "a=%00%01%7F");
}

// §6.2 sort(): by name, "code unit less than" (UTF-16), stable.
BOOST_AUTO_TEST_CASE(sorting) {
    // §6.2's example: "?q=🏳️‍🌈&key=e1f7bc78" sorted.
    search_params flag("q=\xF0\x9F\x8F\xB3\xEF\xB8\x8F\xE2\x80\x8D\xF0\x9F\x8C\x88&key=e1f7bc78");
    flag.sort();
    BOOST_TEST(flag.to_string() == "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88");
    // Stable: equal names keep their order.
    search_params s("z=b&a=b&z=a&a=a");
    s.sort();
    BOOST_TEST((s.pairs() == pairs{{"a", "b"}, {"a", "a"}, {"z", "b"}, {"z", "a"}}));
    // U+1F308 is the code units D83C DF08, before U+FB03 (FB03) and U+FFFD (FFFD), though its UTF-8 is after theirs.
    search_params u("\xEF\xBF\xBD=x&\xEF\xAC\x83=y&\xF0\x9F\x8C\x88=z&\xEF\xBF\xBD=w");
    u.sort();
    BOOST_TEST((u.pairs() == pairs{{"\xF0\x9F\x8C\x88", "z"}, {"\xEF\xAC\x83", "y"}, {fffd, "x"}, {fffd, "w"}}));
    // A prefix first; U+0080 after "~".
    search_params v("ab=1&a=2&\xC2\x80=3&~=4");
    v.sort();
    BOOST_TEST((v.pairs() == pairs{{"a", "2"}, {"ab", "1"}, {"~", "4"}, {"\xC2\x80", "3"}}));
}

// §6.2 append, delete (remove), get, getAll, has, set.
BOOST_AUTO_TEST_CASE(methods) {
    search_params p("a=1&b=2&a=3");
    BOOST_TEST(p.size() == 3u);
    BOOST_TEST(value_of(p, "a") == "1");  // the first
    BOOST_TEST(value_of(p, "c") == "(null)");
    BOOST_TEST((p.get_all("a") == std::vector<std::string_view>{"1", "3"}));
    BOOST_TEST(p.get_all("c").empty());
    BOOST_TEST(p.has("b"));
    BOOST_TEST(p.has("a", "3"));
    BOOST_TEST(!p.has("a", "2"));
    BOOST_TEST(!p.has("A"));  // names are compared as they are

    p.append("a", "4");
    BOOST_TEST(p.to_string() == "a=1&b=2&a=3&a=4");
    p.remove("a", "3");  // only the pairs with that value
    BOOST_TEST(p.to_string() == "a=1&b=2&a=4");
    p.set("a", "x");  // the first keeps its place and takes the value; the others go
    BOOST_TEST(p.to_string() == "a=x&b=2");
    p.set("c", "y");  // none: appended
    BOOST_TEST(p.to_string() == "a=x&b=2&c=y");
    p.remove("a");
    BOOST_TEST(p.to_string() == "b=2&c=y");
    p.remove("nothing");
    BOOST_TEST(p.size() == 2u);
    p.remove("b", "other");
    BOOST_TEST(p.size() == 2u);
}

// The methods take USVStrings: a name or value that is not UTF-8 is taken with U+FFFD for each ill-formed sequence.
BOOST_AUTO_TEST_CASE(arguments_that_are_not_utf8) {
    search_params p;
    p.append("\xFF", "a\xC3");
    BOOST_TEST((p.pairs() == pairs{{fffd, "a" + fffd}}));
    BOOST_TEST(value_of(p, "\xFF") == "a" + fffd);
    BOOST_TEST(value_of(p, fffd) == "a" + fffd);
    BOOST_TEST(p.has("\xFE", "a\xC3"));
    p.set("\xFE", "b");
    BOOST_TEST((p.pairs() == pairs{{fffd, "b"}}));
    p.remove("\xC0");
    BOOST_TEST(p.size() == 0u);
}
