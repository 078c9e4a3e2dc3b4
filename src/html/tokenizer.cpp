// The tokenizer's data state, tags and markup declarations (tokenizer.hpp); tokenizer_text.cpp has the RCDATA,
// RAWTEXT and script data states.
#include "html/tokenizer.hpp"

#include "html/html_sets.hpp"
#include "html/octet_cursor.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

void token_sink::comment(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t) {}
void token_sink::doctype(std::uint32_t, std::uint32_t) {}
void token_sink::cdata(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t) {}
void token_sink::dropped(std::uint32_t, std::uint32_t) {}

namespace {

std::uint32_t u32(std::size_t at) noexcept { return static_cast<std::uint32_t>(at); }

}  // namespace

// §13.2.5.6 tag open state, at the "<" at `lt` (in the data state's loop: once per "<").
[[gnu::always_inline]] inline std::size_t tokenizer::tag_open(std::size_t lt) {
    const std::size_t n = s_.size();
    if (lt + 1 >= n) return npos;  // EOF: "<" is text
    const char c = s_[lt + 1];
    if (ascii_alpha(c)) return tag(lt, lt + 1, false);
    if (c == '!') return markup_declaration(lt);
    if (c == '?') return bogus_comment(lt, lt + 1);  // unexpected-question-mark-instead-of-tag-name
    if (c != '/') return lt + 1;                     // invalid-first-character-of-tag-name: "<" is text
    // §13.2.5.7 end tag open state
    if (lt + 2 >= n) return npos;  // EOF: "</" is text
    const char d = s_[lt + 2];
    if (ascii_alpha(d)) return tag(lt, lt + 2, true);
    if (d == '>') {  // missing-end-tag-name: nothing is emitted
        sink_->dropped(u32(lt), u32(lt + 3));
        return lt + 3;
    }
    return bogus_comment(lt, lt + 2);  // invalid-first-character-of-tag-name
}

void tokenizer::run(std::string_view page, token_sink& sink, content_state state, std::string_view last_start_tag) {
    octet_cursor cursor(page.data(), page.size());
    cursor_ = &cursor;
    s_ = page;
    sink_ = &sink;
    last_start_tag_.assign(last_start_tag);
    const std::size_t n = page.size();
    std::size_t at = 0;
    while (at < n) {
        next_ = content_state::data;
        switch (state) {
            case content_state::data: {  // §13.2.5.1: "<" opens a tag; all else is text (references decoded later)
                const std::size_t lt = cursor.find_less_than(at);
                at = lt < n ? tag_open(lt) : npos;
                break;
            }
            case content_state::rcdata:   // §13.2.5.2
            case content_state::rawtext:  // §13.2.5.3
                at = text_element(at);
                break;
            case content_state::script_data: at = script_data(at); break;            // §13.2.5.4
            case content_state::plaintext: at = npos; break;                         // §13.2.5.5: text to the end
            case content_state::cdata_section: at = cdata_section(npos, at); break;  // §13.2.5.69
        }
        state = next_;
    }
    cursor_ = nullptr;
}

// §13.2.5.8 tag name state to §13.2.5.40 self-closing start tag state: the name from `name_begin`, then the
// attributes, to the ">" that emits the tag. The end of the page inside a tag drops it (eof-in-tag).
std::size_t tokenizer::tag(std::size_t lt, std::size_t name_begin, bool end) {
    octet_cursor& c = *cursor_;
    const std::size_t n = s_.size();
    tag_token t;
    t.end = end;
    t.begin = u32(lt);
    t.name_begin = u32(name_begin);
    std::size_t p = c.find<octet_class::space | octet_class::slash | octet_class::gt>(name_begin + 1);
    t.name_end = u32(p);
    attributes_.clear();
    for (;;) {
        p = c.skip_space(p);  // §13.2.5.32 before attribute name state
        if (p >= n) break;
        const char ch = s_[p];
        if (ch == '>') {
            t.finish = u32(p + 1);
            break;
        }
        if (ch == '/') {  // §13.2.5.40 self-closing start tag state
            if (p + 1 < n && s_[p + 1] == '>') {
                t.self_closing = true;
                t.finish = u32(p + 2);
                break;
            }
            ++p;  // unexpected-solidus-in-tag: reconsume in the before attribute name state
            continue;
        }
        // §13.2.5.33 attribute name state: the name starts here (an "=" first is part of it)
        attribute_span a{u32(p), 0, 0, 0};
        p = c.find<octet_class::space | octet_class::slash | octet_class::gt | octet_class::equals>(p + 1);
        a.name_end = u32(p);
        std::size_t q = c.skip_space(p);  // §13.2.5.34 after attribute name state
        if (q < n && s_[q] == '=') {
            q = c.skip_space(q + 1);  // §13.2.5.35 before attribute value state
            if (q >= n) break;
            const char open = s_[q];
            if (open == '"' || open == '\'') {  // §13.2.5.36, §13.2.5.37 attribute value (double-, single-quoted)
                const std::size_t close =
                    open == '"' ? c.find<octet_class::dquote>(q + 1) : c.find<octet_class::squote>(q + 1);
                if (close >= n) break;
                a.value_begin = u32(q + 1);
                a.value_end = u32(close);
                p = close + 1;         // §13.2.5.39 after attribute value (quoted) state: the loop's top
            } else if (open == '>') {  // missing-attribute-value: the tag is emitted
                a.value_begin = a.value_end = u32(q);
                attributes_.push_back(a);
                t.finish = u32(q + 1);
                break;
            } else {  // §13.2.5.38 attribute value (unquoted) state
                const std::size_t stop = c.find<octet_class::space | octet_class::gt>(q);
                a.value_begin = u32(q);
                a.value_end = u32(stop);
                p = stop;
            }
        } else {  // no value
            a.value_begin = a.value_end = a.name_end;
            p = q;
        }
        attributes_.push_back(a);
    }
    if (t.finish == 0) {  // eof-in-tag: "emit an end-of-file token", the tag never is
        sink_->dropped(t.begin, u32(n));
        return npos;
    }
    t.attributes = attributes_.data();
    t.attribute_count = attributes_.size();
    if (end) {
        sink_->end_tag(t);
        next_ = content_state::data;
    } else {
        next_ = sink_->start_tag(t);
        if (next_ != content_state::data) {  // the name its end tag must have (appropriate end tag)
            last_start_tag_.clear();
            for (std::size_t i = name_begin; i < t.name_end; ++i) last_start_tag_ += iri::detail::to_lower(s_[i]);
        }
    }
    return t.finish;
}

// §13.2.5.42 markup declaration open state, at "<!".
std::size_t tokenizer::markup_declaration(std::size_t lt) {
    const std::string_view rest = s_.substr(lt + 2);
    if (rest.starts_with("--")) return comment(lt);
    if (rest.size() >= 7 && iri::detail::iequals(rest.substr(0, 7), "DOCTYPE")) return doctype(lt);
    if (rest.starts_with("[CDATA[") && sink_->in_foreign_content()) return cdata_section(lt, lt + 9);
    return bogus_comment(lt, lt + 2);  // incorrectly-opened-comment, or cdata-in-html-content
}

// §13.2.5.43 comment start state to §13.2.5.52 comment end bang state, from "<!--" at `lt`. The comment ends at
// the first "-->" or "--!>" after it (every state a "-" leads to goes on to the end at "->" or "!>" there), or at
// once at "<!-->" and "<!--->" (abrupt-closing-of-empty-comment); at the end of the page, the pending "-", "--" or
// "--!" of the comment end dash, end and end bang states are not data.
std::size_t tokenizer::comment(std::size_t lt) {
    const std::size_t n = s_.size(), data = lt + 4;
    const auto emit = [&](std::size_t data_end, std::size_t finish) {
        sink_->comment(u32(lt), u32(finish), u32(data), u32(data_end));
        return finish;
    };
    if (data < n && s_[data] == '>') return emit(data, data + 1);
    if (data + 1 < n && s_[data] == '-' && s_[data + 1] == '>') return emit(data, data + 2);
    for (std::size_t p = data;;) {
        const std::size_t q = cursor_->find<octet_class::dash>(p);
        if (q + 1 >= n) break;
        if (s_[q + 1] == '-' && q + 2 < n) {
            if (s_[q + 2] == '>') return emit(q, q + 3);
            if (s_[q + 2] == '!' && q + 3 < n && s_[q + 3] == '>') return emit(q, q + 4);
        }
        p = q + 1;
    }
    std::size_t end = n;  // eof-in-comment
    const std::string_view tail = s_.substr(data);
    if (tail.ends_with("--!")) end -= 3;
    else if (tail.ends_with("--")) end -= 2;
    else if (tail.ends_with("-")) end -= 1;
    emit(end, n);
    return npos;
}

// §13.2.5.41 bogus comment state: to the first ">", its data from `data_begin`.
std::size_t tokenizer::bogus_comment(std::size_t lt, std::size_t data_begin) {
    const std::size_t gt = cursor_->find<octet_class::gt>(data_begin);
    if (gt >= s_.size()) {
        sink_->comment(u32(lt), u32(s_.size()), u32(data_begin), u32(s_.size()));
        return npos;
    }
    sink_->comment(u32(lt), u32(gt + 1), u32(data_begin), u32(gt));
    return gt + 1;
}

// §13.2.5.53 DOCTYPE state to §13.2.5.68 bogus DOCTYPE state: whatever the DOCTYPE holds, every one of its states
// emits it at the first ">" (in a quoted identifier too: abrupt-doctype-public-identifier).
std::size_t tokenizer::doctype(std::size_t lt) {
    const std::size_t gt = cursor_->find<octet_class::gt>(lt + 9);
    const std::size_t finish = gt < s_.size() ? gt + 1 : s_.size();
    sink_->doctype(u32(lt), u32(finish));
    return gt < s_.size() ? finish : npos;
}

// §13.2.5.69 CDATA section state to §13.2.5.71 CDATA section end state: text to the first "]]>". (`lt` is npos
// when the tokenizer starts in the CDATA section state: the section then starts at its text.)
std::size_t tokenizer::cdata_section(std::size_t lt, std::size_t data) {
    const std::uint32_t begin = u32(lt == npos ? data : lt);
    const std::size_t close = s_.find("]]>", data);
    if (close == std::string_view::npos) {
        sink_->cdata(begin, u32(s_.size()), u32(data), u32(s_.size()));
        return npos;
    }
    sink_->cdata(begin, u32(close + 3), u32(data), u32(close));
    return close + 3;
}

}  // namespace iri::html::detail
