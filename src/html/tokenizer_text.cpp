// The tokenizer's RCDATA, RAWTEXT and script data states (tokenizer.hpp): text up to the end tag of the element
// that opened them, nothing inside taken for a tag.
#include "html/html_sets.hpp"
#include "html/octet_cursor.hpp"
#include "html/tokenizer.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

namespace {

bool ends_a_tag_name(char c) noexcept { return in_set(html_set::tag_name_end, c); }

}  // namespace

// §13.2.5.10/11 (RCDATA), §13.2.5.13/14 (RAWTEXT), §13.2.5.16/17 and §13.2.5.24/25 (script data): at the "<" at
// `lt`, "</" and the name of the last start tag (ASCII case-insensitive), then whitespace, "/" or ">": an
// appropriate end tag token, whose name starts at the returned offset; else npos (the octets are text).
std::size_t tokenizer::end_tag_if_appropriate(std::size_t lt) {
    const std::size_t name = lt + 2, after = name + last_start_tag_.size();
    if (after >= s_.size() || s_[lt + 1] != '/' || last_start_tag_.empty()) return npos;
    if (!iri::detail::iequals(s_.substr(name, last_start_tag_.size()), last_start_tag_)) return npos;
    return ends_a_tag_name(s_[after]) ? name : npos;
}

// §13.2.5.2 RCDATA state, §13.2.5.3 RAWTEXT state: text, to the appropriate end tag.
std::size_t tokenizer::text_element(std::size_t at) {
    for (const std::size_t n = s_.size(); at < n;) {
        const std::size_t lt = cursor_->find_less_than(at);
        if (lt >= n) break;
        if (const std::size_t name = end_tag_if_appropriate(lt); name != npos) return tag(lt, name, true);
        at = lt + 1;
    }
    return npos;
}

// §13.2.5.4 script data state, §13.2.5.15 to §13.2.5.19: text to the appropriate end tag; "<!--" enters the
// escaped states (script_escaped), which come back here after a "-->".
std::size_t tokenizer::script_data(std::size_t at) {
    for (const std::size_t n = s_.size(); at < n;) {
        const std::size_t lt = cursor_->find_less_than(at);
        if (lt + 1 >= n) break;
        if (s_[lt + 1] == '/') {
            if (const std::size_t name = end_tag_if_appropriate(lt); name != npos) return tag(lt, name, true);
            at = lt + 1;
        } else if (s_.substr(lt + 1, 3) == "!--") {  // escape start, escape start dash: escaped dash dash
            at = script_escaped(lt + 4, true);
            if (next_ != content_state::script_data) return at;  // its end tag was found (or the page ended)
        } else {
            at = lt + 1;
        }
    }
    return npos;
}

// §13.2.5.20 script data escaped state to §13.2.5.31 script data double escape end state, from `at`, in the
// escaped dash dash state. Answers where the script data state goes on (after a "-->"), with next_ left at
// script_data; or the end tag's end (next_ data), or npos at the end of the page (next_ data).
std::size_t tokenizer::script_escaped(std::size_t at, bool dash_dash) {
    // The states: escaped or double escaped, and the dashes seen right before (0, 1, 2 or more).
    bool doubled = false;
    int dashes = dash_dash ? 2 : 0;
    const std::size_t n = s_.size();
    next_ = content_state::data;
    for (std::size_t p = at;;) {
        const std::size_t q = cursor_->find<octet_class::dash | octet_class::lt | octet_class::gt>(p);
        if (q >= n) return npos;  // eof-in-script-html-comment-like-text
        if (q > p) dashes = 0;    // other characters: the escaped (double escaped) state
        const char c = s_[q];
        if (c == '-') {  // escaped dash, escaped dash dash (and double escaped ones)
            dashes = dashes < 2 ? dashes + 1 : 2;
            p = q + 1;
            continue;
        }
        if (c == '>') {  // escaped dash dash state (and double escaped dash dash): back to the script data state
            if (dashes == 2) {
                next_ = content_state::script_data;
                return q + 1;
            }
            dashes = 0;
            p = q + 1;
            continue;
        }
        dashes = 0;  // "<": the escaped (double escaped) less-than sign state
        if (!doubled) {
            if (q + 1 < n && s_[q + 1] == '/') {  // escaped end tag open, escaped end tag name
                if (const std::size_t name = end_tag_if_appropriate(q); name != npos) return tag(q, name, true);
                p = q + 1;
                continue;
            }
            std::size_t e = q + 1;  // double escape start: letters, then whitespace, "/" or ">"
            while (e < n && ascii_alpha(s_[e])) ++e;
            if (e > q + 1 && e < n && ends_a_tag_name(s_[e]) &&
                iri::detail::iequals(s_.substr(q + 1, e - q - 1), "script")) {
                doubled = true;
                p = e + 1;
                continue;
            }
            p = e;  // reconsumed in the escaped state
            continue;
        }
        if (q + 1 < n && s_[q + 1] == '/') {  // double escape end: letters, then whitespace, "/" or ">"
            std::size_t e = q + 2;
            while (e < n && ascii_alpha(s_[e])) ++e;
            if (e > q + 2 && e < n && ends_a_tag_name(s_[e]) &&
                iri::detail::iequals(s_.substr(q + 2, e - q - 2), "script")) {
                doubled = false;
                p = e + 1;
                continue;
            }
            p = e;
            continue;
        }
        p = q + 1;
    }
}

}  // namespace iri::html::detail
