// The link tokenizer (src/html/tokenizer.hpp) against html5lib-tests' tokenizer suite (datasets/html5lib-tests/,
// README there): from each initial state a case lists, the tokens the tokenizer reports, with the text between them
// rebuilt from the page, must be the case's tokens: every tag's name, self-closing flag and attributes (the first of
// each name, the value with its character references decoded), every comment's data, every DOCTYPE's place, and
// all the text, references decoded where the state decodes them.
#define BOOST_TEST_MODULE html_tokenizer
#include <boost/test/unit_test.hpp>

#include "html/tokenizer.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "html/char_refs.hpp"
#include "text/ascii.hpp"
#include "text/utf8_detail.hpp"

namespace {

using iri::html::detail::content_state;
using iri::html::detail::text_context;

// The input stream's preprocessing (HTML §13.2.3.5): CR LF and CR are LF.
std::string newlines_normalized(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\r') out += s[i];
        else if (i + 1 >= s.size() || s[i + 1] != '\n') out += '\n';
    }
    return out;
}

std::string nul_replaced(std::string_view s) {
    std::string out;
    for (const char c : s) {
        if (c == '\0') out += "\xEF\xBF\xBD";
        else out += c;
    }
    return out;
}

// A tag or attribute name as the tokenizer states make it: ASCII lowercase, U+0000 as U+FFFD.
std::string name_of(std::string_view s) {
    std::string out;
    for (const char c : s) out += iri::detail::to_lower(c);
    return nul_replaced(out);
}

std::string decoded(std::string_view raw, text_context context) {
    std::string out;
    iri::html::detail::append_decoded(newlines_normalized(raw), context, out);
    return out;
}

// A token as html5lib-tests writes it, flattened to text: kind, name, attributes, flags, data.
using token = std::vector<std::string>;

// Records every token the tokenizer reports, and rebuilds the text between them.
class recorder : public iri::html::detail::token_sink {
public:
    recorder(std::string_view page, content_state initial) : page_(page), state_(initial) {}

    content_state start_tag(const iri::html::detail::tag_token& t) override {
        text_up_to(t.begin);
        token k{"StartTag", name_of(page_.substr(t.name_begin, t.name_end - t.name_begin))};
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < t.attribute_count; ++i) {
            const auto& a = t.attributes[i];
            const std::string name = name_of(page_.substr(a.name_begin, a.name_end - a.name_begin));
            if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;  // duplicate-attribute
            seen.push_back(name);
            k.push_back(name);
            k.push_back(
                decoded(page_.substr(a.value_begin, a.value_end - a.value_begin), text_context::attribute_value));
        }
        if (t.self_closing) k.push_back("self-closing");
        tokens.push_back(k);
        done_ = t.finish;
        return content_state::data;
    }
    void end_tag(const iri::html::detail::tag_token& t) override {
        text_up_to(t.begin);
        tokens.push_back({"EndTag", name_of(page_.substr(t.name_begin, t.name_end - t.name_begin))});
        done_ = t.finish;
    }
    bool in_foreign_content() const override { return false; }
    void comment(std::uint32_t begin, std::uint32_t finish, std::uint32_t data_begin, std::uint32_t data_end) override {
        text_up_to(begin);
        tokens.push_back(
            {"Comment", nul_replaced(newlines_normalized(page_.substr(data_begin, data_end - data_begin)))});
        done_ = finish;
    }
    void doctype(std::uint32_t begin, std::uint32_t finish) override {
        text_up_to(begin);
        tokens.push_back({"DOCTYPE"});
        done_ = finish;
    }
    void cdata(std::uint32_t begin, std::uint32_t finish, std::uint32_t data_begin, std::uint32_t data_end) override {
        text_up_to(begin);
        characters(newlines_normalized(page_.substr(data_begin, data_end - data_begin)));
        done_ = finish;
    }
    void dropped(std::uint32_t begin, std::uint32_t finish) override {
        text_up_to(begin);
        done_ = finish;
    }
    void finish() { text_up_to(static_cast<std::uint32_t>(page_.size())); }

    std::vector<token> tokens;

private:
    // The text from the last token to `at`, in the state it was read in: the initial one before the first token,
    // the data state after it (no tree builder here switches the state).
    void text_up_to(std::uint32_t at) {
        if (at > done_) {
            const std::string_view raw = page_.substr(done_, at - done_);
            switch (state_) {
                case content_state::data: characters(decoded(raw, text_context::data)); break;
                case content_state::rcdata: characters(decoded(raw, text_context::rcdata)); break;
                case content_state::cdata_section: characters(newlines_normalized(raw)); break;
                default: characters(nul_replaced(newlines_normalized(raw))); break;
            }
        }
        state_ = content_state::data;
    }
    void characters(const std::string& text) {
        if (text.empty()) return;
        if (!tokens.empty() && tokens.back()[0] == "Character") tokens.back()[1] += text;
        else tokens.push_back({"Character", text});
    }

    std::string_view page_;
    content_state state_;
    std::uint32_t done_ = 0;
};

// "\uHHHH" sequences of a doubleEscaped case, unescaped.
std::string unescaped(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "\\u") == 0 && i + 6 <= s.size()) {
            iri::detail::append_utf8(out, static_cast<std::uint32_t>(std::stoul(s.substr(i + 2, 4), nullptr, 16)));
            i += 6;
        } else {
            out += s[i++];
        }
    }
    return out;
}

std::string string_of(const boost::json::value& v, bool double_escaped) {
    const std::string s(v.as_string().data(), v.as_string().size());
    return double_escaped ? unescaped(s) : s;
}

// The case's expected tokens, flattened as recorder writes them (adjacent Character tokens joined).
std::vector<token> expected_tokens(const boost::json::array& output, bool double_escaped) {
    std::vector<token> out;
    for (const auto& item : output) {
        const auto& a = item.as_array();
        const std::string kind = string_of(a[0], false);
        token k{kind};
        if (kind == "StartTag") {
            k.push_back(string_of(a[1], double_escaped));
            for (const auto& [name, value] : a[2].as_object()) {
                k.push_back(double_escaped ? unescaped(std::string(name)) : std::string(name));
                k.push_back(string_of(value, double_escaped));
            }
            if (a.size() > 3 && a[3].as_bool()) k.push_back("self-closing");
        } else if (kind == "EndTag" || kind == "Comment" || kind == "Character") {
            k.push_back(string_of(a[1], double_escaped));
        }
        if (kind == "Character" && !out.empty() && out.back()[0] == "Character") out.back()[1] += k[1];
        else out.push_back(k);
    }
    return out;
}

content_state state_named(const std::string& name) {
    if (name == "PLAINTEXT state") return content_state::plaintext;
    if (name == "RCDATA state") return content_state::rcdata;
    if (name == "RAWTEXT state") return content_state::rawtext;
    if (name == "Script data state") return content_state::script_data;
    if (name == "CDATA section state") return content_state::cdata_section;
    BOOST_REQUIRE_MESSAGE(name == "Data state", "unknown initial state " << name);
    return content_state::data;
}

std::string shown(const std::vector<token>& tokens) {
    std::ostringstream s;
    for (const token& k : tokens) {
        s << "[";
        for (const std::string& f : k) s << '"' << f << "\",";
        s << "] ";
    }
    return s.str();
}

// Runs every case of one file; answers how many runs (a case once per initial state) passed.
std::size_t run_file(const std::string& name) {
    const std::string path = std::string(IRI_DATASETS_DIR) + "/html5lib-tests/tokenizer/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::ostringstream text;
    text << in.rdbuf();
    const boost::json::value doc = boost::json::parse(text.str());
    std::size_t runs = 0;
    iri::html::detail::tokenizer tok;
    for (const auto& c : doc.as_object().at("tests").as_array()) {
        const auto& t = c.as_object();
        const bool double_escaped = t.contains("doubleEscaped") && t.at("doubleEscaped").as_bool();
        const std::string input = string_of(t.at("input"), double_escaped);
        const std::string last = t.contains("lastStartTag") ? string_of(t.at("lastStartTag"), false) : "";
        std::vector<std::string> states{"Data state"};
        if (t.contains("initialStates")) {
            states.clear();
            for (const auto& s : t.at("initialStates").as_array()) states.push_back(string_of(s, false));
        }
        const std::vector<token> expected = expected_tokens(t.at("output").as_array(), double_escaped);
        for (const std::string& state : states) {
            recorder r(input, state_named(state));
            tok.run(input, r, state_named(state), last);
            r.finish();
            BOOST_TEST(r.tokens == expected, name << ": " << string_of(t.at("description"), false) << " (" << state
                                                  << ")\n  got      " << shown(r.tokens) << "\n  expected "
                                                  << shown(expected));
            runs += r.tokens == expected;
        }
    }
    return runs;
}

}  // namespace

// The number of runs (a case per initial state) of each file, counted when it was copied (README): all must pass.
BOOST_AUTO_TEST_CASE(test1) { BOOST_TEST(run_file("test1.test") == 69u); }
BOOST_AUTO_TEST_CASE(test2) { BOOST_TEST(run_file("test2.test") == 45u); }
BOOST_AUTO_TEST_CASE(test3) { BOOST_TEST(run_file("test3.test") == 1541u + 5u * 49u); }
BOOST_AUTO_TEST_CASE(test4) { BOOST_TEST(run_file("test4.test") == 85u); }
BOOST_AUTO_TEST_CASE(content_model_flags) { BOOST_TEST(run_file("contentModelFlags.test") == 24u); }
BOOST_AUTO_TEST_CASE(domjs) { BOOST_TEST(run_file("domjs.test") == 59u); }
BOOST_AUTO_TEST_CASE(escape_flag) { BOOST_TEST(run_file("escapeFlag.test") == 9u); }
BOOST_AUTO_TEST_CASE(entities) { BOOST_TEST(run_file("entities.test") == 80u); }
BOOST_AUTO_TEST_CASE(named_entities) { BOOST_TEST(run_file("namedEntities.test") == 4210u); }
BOOST_AUTO_TEST_CASE(numeric_entities) { BOOST_TEST(run_file("numericEntities.test") == 336u); }
BOOST_AUTO_TEST_CASE(unicode_chars) { BOOST_TEST(run_file("unicodeChars.test") == 323u); }
BOOST_AUTO_TEST_CASE(unicode_chars_problematic) { BOOST_TEST(run_file("unicodeCharsProblematic.test") == 1u); }
BOOST_AUTO_TEST_CASE(pending_spec_changes) { BOOST_TEST(run_file("pendingSpecChanges.test") == 1u); }
