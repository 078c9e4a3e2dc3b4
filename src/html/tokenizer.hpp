// The HTML Standard's tokenizer (§13.2.5), as far as it decides where tags and attribute values are: the data
// state, tags and their attributes (double-, single- and unquoted values), markup declarations (comments with the
// Standard's odd endings, DOCTYPE, CDATA sections in foreign content, bogus comments), and the RCDATA, RAWTEXT,
// script data (with its escaped and double-escaped states) and PLAINTEXT states the tree builder switches it to.
//
// It works on the page's bytes (UTF-8 or any ASCII-compatible encoding: html/encoding.hpp), builds no token text
// and no tree: a token is spans of the page (a tag's name, each attribute's name and raw value), reported to a
// token_sink, which decodes what it needs (html/attribute_value.hpp) and answers, for a start tag, the state the
// tree builder would switch the tokenizer to. Text is jumped over (html/octet_cursor.hpp), "<" found 64 octets at a
// time; character references are not decoded here (a value's span is the same with or without them).
// Private to the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace iri::html::detail {

/// An attribute of a tag: spans of the page. The name is as written (not lowercased); the value is its raw bytes
/// between the quotes, or the unquoted run ("" when the attribute has no "=").
struct attribute_span {
    std::uint32_t name_begin, name_end;
    std::uint32_t value_begin, value_end;
};

/// A start or end tag token (§13.2.5: "start tag" and "end tag" tokens).
struct tag_token {
    bool end = false;                            ///< an end tag
    bool self_closing = false;                   ///< the self-closing flag ("/>")
    std::uint32_t begin = 0;                     ///< the "<"
    std::uint32_t finish = 0;                    ///< one past the ">"
    std::uint32_t name_begin = 0, name_end = 0;  ///< the tag name as written
    const attribute_span* attributes = nullptr;  ///< in the order written, duplicates included
    std::size_t attribute_count = 0;
};

/// The tokenizer's content states the tree builder switches to after a start tag (§13.2.6.2, "generic raw text"
/// and "generic RCDATA element parsing algorithm", script and plaintext).
/// cdata_section is never the tree builder's choice (a CDATA section starts in the markup declaration open state):
/// html5lib-tests' "CDATA section state" starts there.
enum class content_state : std::uint8_t { data, rcdata, rawtext, script_data, plaintext, cdata_section };

/// What the tokenizer reports. Only start_tag is needed to find links; the rest serve the tests, which rebuild
/// every token of html5lib-tests from the spans.
class token_sink {
public:
    virtual ~token_sink() = default;
    /// A start tag; answers the state to continue in (the tree builder's choice: data unless the tag opens a raw
    /// text, RCDATA, script or plaintext element in HTML content).
    virtual content_state start_tag(const tag_token& t) = 0;
    virtual void end_tag(const tag_token& t) = 0;
    /// §13.2.5.42 markup declaration open state: whether "[CDATA[" opens a CDATA section ("if there is an adjusted
    /// current node and it is not an element in the HTML namespace"), else a bogus comment.
    [[nodiscard]] virtual bool in_foreign_content() const = 0;
    /// A comment (also a bogus one) from `begin` to `finish`, its data [data_begin, data_end) before the
    /// replacement of U+0000 and of line breaks (§13.2.3.5).
    virtual void comment(std::uint32_t begin, std::uint32_t finish, std::uint32_t data_begin, std::uint32_t data_end);
    virtual void doctype(std::uint32_t begin, std::uint32_t finish);
    /// A CDATA section; its text [data_begin, data_end).
    virtual void cdata(std::uint32_t begin, std::uint32_t finish, std::uint32_t data_begin, std::uint32_t data_end);
    /// Markup that gives no token: "</>", and a tag the end of the page cuts (§13.2.5: eof-in-tag drops it).
    virtual void dropped(std::uint32_t begin, std::uint32_t finish);
};

/// The tokenizer over one page. Reused across pages (its attribute list keeps its capacity).
class tokenizer {
public:
    /// Tokenizes `page` from `state` (data, or for the tests any content state with `last_start_tag`, the
    /// lowercase name that makes the appropriate end tag), reporting every tag to `sink`. Linear in the page.
    void run(std::string_view page, token_sink& sink, content_state state = content_state::data,
             std::string_view last_start_tag = {});

private:
    // Each returns the offset to go on from in the data state (or in the state the sink chose), or npos at the end.
    std::size_t tag_open(std::size_t lt);
    std::size_t tag(std::size_t lt, std::size_t name_begin, bool end);
    std::size_t markup_declaration(std::size_t lt);
    std::size_t comment(std::size_t lt);
    std::size_t bogus_comment(std::size_t lt, std::size_t data_begin);
    std::size_t doctype(std::size_t lt);
    std::size_t cdata_section(std::size_t lt, std::size_t data);  // "<![CDATA[" at lt (or npos), its text at data
    std::size_t text_element(std::size_t at);                     // RCDATA, RAWTEXT: up to their end tag
    std::size_t script_data(std::size_t at);                      // the script data states
    std::size_t end_tag_if_appropriate(std::size_t lt);           // "</name" + whitespace, "/" or ">" there
    std::size_t script_escaped(std::size_t at, bool dash_dash);   // the escaped and double escaped states

    class octet_cursor* cursor_ = nullptr;
    std::string_view s_;
    token_sink* sink_ = nullptr;
    std::vector<attribute_span> attributes_;
    std::string last_start_tag_;  // lowercase, for the appropriate end tag (§13.2.5: "appropriate end tag token")
    content_state next_ = content_state::data;
};

inline constexpr std::size_t npos = ~std::size_t{0};

}  // namespace iri::html::detail
