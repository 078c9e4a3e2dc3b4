// What of the tree builder (HTML §13.2.6) the link finder needs without building a tree: which content state a
// start tag switches the tokenizer to, whether an element is an HTML one (inside <svg> and <math> they are SVG and
// MathML elements until an integration point or a tag that leaves foreign content, §13.2.6.5), whether it is in a
// <template>'s contents (not part of the document), whether the tree builder ignores it (a form start tag while
// the form element pointer is set), and whether "<![CDATA[" opens a CDATA section.
//
// Foreign content is followed with a stack of the elements open from the outermost <svg> or <math> in, each with
// its namespace and integration point; outside it no stack is kept (the HTML elements' own nesting changes
// nothing here). Where the tree builder would look at HTML elements outside that stack (an end tag that matches
// none inside it), the end tag is taken to close the foreign content (the stray end tag it may also be is rare
// there). Private to the library.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "html/elements.hpp"
#include "html/tokenizer.hpp"

namespace iri::html::detail {

class tree_context {
public:
    /// A new page; `scripting`: HTML's scripting flag (noscript is raw text when it is on).
    void reset(bool scripting) noexcept;

    /// What a start tag is.
    struct start {
        bool html = false;         ///< an HTML element (else SVG or MathML)
        bool in_template = false;  ///< inside a template's contents (so not in the document)
        bool ignored = false;      ///< a start tag the tree builder ignores (a form inside a form)
        content_state next = content_state::data;
    };
    /// A start tag named `e` (`name` as written, for the stack), its attributes in `page`.
    start start_tag(element e, std::string_view name, const tag_token& t, std::string_view page) {
        if (stack_.empty() && !in_list(e, follows)) return {true, template_depth_ > 0, false, content_state::data};
        return start_tag_followed(e, name, t, page);  // the elements the tree builder's steps here are about
    }
    /// An end tag.
    void end_tag(element e, std::string_view name);

    /// Whether no end tag can change anything here: no foreign content, template or form open.
    [[nodiscard]] bool end_tags_ignored() const noexcept { return stack_.empty() && template_depth_ == 0 && !form_; }

    /// §13.2.5.42: the adjusted current node is not an HTML element.
    [[nodiscard]] bool in_foreign_content() const noexcept {
        return !stack_.empty() && stack_.back().space != ns::html;
    }

private:
    enum class ns : std::uint8_t { html, svg, mathml };
    struct entry {
        std::uint64_t name;  // a hash of the lowercase name (end tags are matched by it)
        element e;
        ns space;
        bool html_integration_point;
        bool text_integration_point;  // MathML's
    };

    /// The elements whose start tag changes something here outside foreign content.
    static constexpr std::uint64_t follows = list::svg_root | list::mathml_root | list::template_ |
                                             list::form_element_pointer | list::rcdata | list::rawtext |
                                             list::rawtext_when_scripting | list::script_data | list::plaintext;
    start start_tag_followed(element e, std::string_view name, const tag_token& t, std::string_view page);
    static constexpr std::size_t max_depth = 512;
    static std::uint64_t hash(std::string_view name) noexcept;
    void push(const entry& x);
    bool html_rules_for_start(element e) const noexcept;
    start html_start(element e, std::string_view name, const tag_token& t);
    void pop_to_html_or_integration_point() noexcept;
    void end_by_html_rules(element e, std::uint64_t name);

    std::vector<entry> stack_;
    std::uint32_t template_depth_ = 0;
    bool form_ = false;  // the form element pointer is not null (§13.2.4.4)
    bool scripting_ = true;
};

}  // namespace iri::html::detail
