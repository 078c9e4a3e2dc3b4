// The tree builder's effects the link finder follows (tree_context.hpp).
#include "html/tree_context.hpp"

#include "text/ascii.hpp"

namespace iri::html::detail {

void tree_context::reset(bool scripting) noexcept {
    stack_.clear();
    template_depth_ = 0;
    form_ = false;
    scripting_ = scripting;
}

std::uint64_t tree_context::hash(std::string_view name) noexcept {
    std::uint64_t h = 0xCBF29CE484222325u;  // FNV-1a of the lowercase name, and its length
    for (const char c : name) h = (h ^ static_cast<unsigned char>(iri::detail::to_lower(c))) * 0x100000001B3u;
    return h ^ name.size();
}

// §13.2.6 the tree construction dispatcher, for a start tag: the rules of HTML content when the adjusted current
// node is an HTML element, a MathML text integration point (but for mglyph and malignmark), an annotation-xml and
// the tag is svg, or an HTML integration point; else the rules for foreign content.
bool tree_context::html_rules_for_start(element e) const noexcept {
    if (stack_.empty()) return true;
    const entry& top = stack_.back();
    if (top.space == ns::html || top.html_integration_point) return true;
    if (top.text_integration_point && !in_list(e, list::mathml_text_integration_point_exceptions)) return true;
    return top.space == ns::mathml && in_list(top.e, list::mathml_annotation_xml) && in_list(e, list::svg_root);
}

// A start tag by the rules of HTML content: svg and math open foreign content (§13.2.6.4.7), template's contents
// are not in the document, the elements of the Standard's lists switch the tokenizer (raw text, RCDATA, script
// data, PLAINTEXT); inside foreign content, an HTML element that is not void is pushed.
tree_context::start tree_context::html_start(element e, std::string_view name, const tag_token& t) {
    start s;
    s.html = true;
    s.in_template = template_depth_ > 0;
    if (stack_.empty() && !in_list(e, follows)) return s;  // the common case: nothing to follow
    if (in_list(e, list::svg_root) || in_list(e, list::mathml_root)) {
        s.html = false;
        if (!t.self_closing)  // acknowledged: an svg or math element with no content
            push({hash(name), e, in_list(e, list::svg_root) ? ns::svg : ns::mathml, false, false});
        s.in_template = template_depth_ > 0;
        return s;
    }
    s.in_template = template_depth_ > 0;
    if (in_list(e, list::template_)) ++template_depth_;
    if (in_list(e, list::form_element_pointer) && !s.in_template) {  // §13.2.6.4.7, "in table" too: a nested form
        s.ignored = form_;                                           // is ignored; the first sets the pointer
        form_ = true;
        if (s.ignored) return s;
    }
    if (in_list(e, list::rcdata)) s.next = content_state::rcdata;
    else if (in_list(e, list::rawtext) || (scripting_ && in_list(e, list::rawtext_when_scripting)))
        s.next = content_state::rawtext;
    else if (in_list(e, list::script_data)) s.next = content_state::script_data;
    else if (in_list(e, list::plaintext)) s.next = content_state::plaintext;
    if (!stack_.empty() && !in_list(e, list::void_)) push({hash(name), e, ns::html, false, false});
    return s;
}

// Browsers bound the depth of the tree they build (Blink and WebKit at 512): an element deeper than that is not
// followed here, so that an end tag's walk down the stack is bounded and the whole stays linear.
void tree_context::push(const entry& x) {
    if (stack_.size() < max_depth) stack_.push_back(x);
}

void tree_context::pop_to_html_or_integration_point() noexcept {
    while (!stack_.empty() && stack_.back().space != ns::html && !stack_.back().html_integration_point &&
           !stack_.back().text_integration_point)
        stack_.pop_back();
}

tree_context::start tree_context::start_tag_followed(element e, std::string_view name, const tag_token& t,
                                                     std::string_view page) {
    if (html_rules_for_start(e)) return html_start(e, name, t);
    // §13.2.6.5 the rules for parsing tokens in foreign content.
    bool leaves = in_list(e, list::breakout);
    if (!leaves && in_list(e, list::breakout_with_attributes))  // font with color, face or size
        for (std::size_t i = 0; i < t.attribute_count && !leaves; ++i) {
            const auto& a = t.attributes[i];
            const name_words n = words_of(page.substr(a.name_begin, a.name_end - a.name_begin));
            for (const attribute_row& r : rows_of(e))
                leaves = leaves || (r.kind == attribute_kind::font && names(r, n));
        }
    if (leaves) {  // pop the foreign elements, then the rules of HTML content
        pop_to_html_or_integration_point();
        return html_start(e, name, t);
    }
    const ns n =
        stack_.back().space;  // "insert a foreign element ... in the same namespace as the adjusted current node"
    entry x{hash(name), e, n, false, false};
    if (n == ns::svg) {
        x.html_integration_point = in_list(e, list::svg_html_integration_point);
    } else {
        x.text_integration_point = in_list(e, list::mathml_text_integration_point);
        if (in_list(e, list::mathml_annotation_xml))  // its encoding is text/html or application/xhtml+xml
            for (std::size_t i = 0; i < t.attribute_count; ++i) {
                const auto& a = t.attributes[i];
                if (!iri::detail::iequals(page.substr(a.name_begin, a.name_end - a.name_begin), "encoding")) continue;
                const std::string_view v = page.substr(a.value_begin, a.value_end - a.value_begin);
                x.html_integration_point =
                    iri::detail::iequals(v, "text/html") || iri::detail::iequals(v, "application/xhtml+xml");
                break;  // the first of the name
            }
    }
    if (!t.self_closing) push(x);  // a self-closing foreign element is acknowledged and popped
    start s;
    s.in_template = template_depth_ > 0;
    return s;
}

// An end tag by the rules of HTML content ("any other end tag", §13.2.6.4.7), over the stack: the nearest HTML
// element of its name is popped with what is above it, unless a special element comes first (the tag is then
// ignored); an end tag matching nothing inside the foreign content closes it (see tree_context.hpp).
void tree_context::end_by_html_rules(element e, std::uint64_t name) {
    if (in_list(e, list::template_) && template_depth_ > 0) --template_depth_;
    if (in_list(e, list::form_element_pointer) && template_depth_ == 0) form_ = false;
    for (std::size_t i = stack_.size(); i-- > 0;) {
        const entry& x = stack_[i];
        if (x.space == ns::html && x.name == name) {
            stack_.resize(i);
            return;
        }
        const bool special = x.space == ns::html  ? in_list(x.e, list::special)
                             : x.space == ns::svg ? in_list(x.e, list::svg_special)
                                                  : in_list(x.e, list::mathml_special);
        if (special) return;
    }
    stack_.clear();
}

void tree_context::end_tag(element e, std::string_view name) {
    const std::uint64_t h = hash(name);
    if (stack_.empty()) {
        if (in_list(e, list::template_) && template_depth_ > 0) --template_depth_;
        if (in_list(e, list::form_element_pointer) && template_depth_ == 0) form_ = false;  // §13.2.6.4.7 </form>
        return;
    }
    if (stack_.back().space != ns::html) {         // §13.2.6.5, end tags in foreign content
        if (in_list(e, list::end_tag_breakout)) {  // </br>, </p>: pop the foreign elements, then HTML content
            pop_to_html_or_integration_point();
            return;
        }
        for (std::size_t i = stack_.size(); i-- > 0 && stack_[i].space != ns::html;) {
            if (stack_[i].name == h) {  // "pop elements from the stack of open elements until node has been popped"
                stack_.resize(i);
                return;
            }
        }
    }
    end_by_html_rules(e, h);
}

}  // namespace iri::html::detail
