// The links of a page, as the tokenizer reports its tags (link_sink.hpp).
#include "html/link_sink.hpp"

#include <algorithm>

#include "html/html_sets.hpp"
#include "html/refresh.hpp"
#include "html/srcset.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

namespace {

std::uint32_t u32(std::size_t n) noexcept { return static_cast<std::uint32_t>(n); }

bool blank(std::string_view s) noexcept { return std::all_of(s.begin(), s.end(), ascii_whitespace); }

}  // namespace

void link_sink::reset(std::string_view text, encoding_id encoding, bool tentative, const std::bitset<256>* only,
                      bool scripting) {
    text_ = text;
    encoding_ = encoding;
    tentative_ = tentative;
    only_ = only;
    refreshed_ = false;
    records.clear();
    values.clear();
    base_end.reset();
    base_begin = 0;
    change_to.reset();
    tree_.reset(scripting);
}

content_state link_sink::start_tag(const tag_token& t) {
    const std::string_view name = text_.substr(t.name_begin, t.name_end - t.name_begin);
    element e = element_of(name);
    const tree_context::start s = tree_.start_tag(e, name, t, text_);
    if (!s.html || s.ignored) return s.next;
    if (in_list(e, list::image_is_img)) e = element::img;  // §13.2.6.4.7: "Change the token's tag name to "img""
    if (!rows_of(e).empty()) read_attributes(e, t, s.in_template);
    if (change_to) return content_state::plaintext;  // the page is to be read again: nothing more here matters
    return s.next;
}

void link_sink::end_tag(const tag_token& t) {
    if (tree_.end_tags_ignored()) return;
    const std::string_view name = text_.substr(t.name_begin, t.name_end - t.name_begin);
    tree_.end_tag(element_of(name), name);
}

std::uint32_t link_sink::decode(const attribute_span& a) {
    const auto begin = u32(values.size());
    decoder.append(raw(a), values);
    return begin;
}

void link_sink::add(element e, const attribute_row* row, const attribute_span& a, std::uint32_t value_begin,
                    std::uint32_t value_end, std::uint32_t rel_begin, std::uint32_t rel_end) {
    records.push_back({e, row, a.value_begin, a.value_end, value_begin, value_end, rel_begin, rel_end});
}

// The attributes of an HTML element the tables list: the first of each name (§13.2.5.33, duplicate-attribute).
void link_sink::read_attributes(element e, const tag_token& t, bool in_template) {
    const attribute_rows rows = rows_of(e);
    constexpr std::size_t most = 8;  // no element has more rows
    const attribute_span* found[most] = {};
    const auto count = static_cast<std::size_t>(rows.end() - rows.begin());
    std::uint64_t lengths = 0;  // the lengths of the rows' names, a bit each: most attributes are passed over on theirs
    for (const attribute_row& r : rows) lengths |= std::uint64_t{1} << r.name.size();
    for (std::size_t i = 0; i < t.attribute_count; ++i) {
        const attribute_span& a = t.attributes[i];
        const std::size_t length = a.name_end - a.name_begin;
        if (length > 16 || !((lengths >> length) & 1)) continue;
        const name_words name = words_of(text_.substr(a.name_begin, length));
        for (std::size_t k = 0; k < count && k < most; ++k)
            if (!found[k] && names(rows.first[k], name)) {
                found[k] = &a;
                break;
            }
    }
    const attribute_span *http_equiv = nullptr, *content = nullptr, *charset = nullptr, *rel = nullptr;
    const attribute_span* links[most] = {};
    const attribute_row* link_rows[most] = {};
    std::size_t link_count = 0;
    for (std::size_t k = 0; k < count && k < most; ++k) {
        if (!found[k]) continue;
        switch (rows.first[k].kind) {
            case attribute_kind::url:
            case attribute_kind::srcset:
                links[link_count] = found[k];
                link_rows[link_count++] = &rows.first[k];
                break;
            case attribute_kind::refresh: content = found[k]; break;
            case attribute_kind::http_equiv: http_equiv = found[k]; break;
            case attribute_kind::charset: charset = found[k]; break;
            case attribute_kind::rel: rel = found[k]; break;
            case attribute_kind::base:  // §4.2.3: the first base element with an href, in the document
                if (!in_template && !base_end) {
                    base_begin = decode(*found[k]);
                    base_end = u32(values.size());
                }
                break;
            case attribute_kind::encoding:
            case attribute_kind::font: break;  // read by tree_context
        }
    }
    if (http_equiv || content || charset) meta(http_equiv, content, charset, in_template);
    if (in_template || link_count == 0 || (only_ && !(*only_)[static_cast<std::size_t>(e)])) return;
    // In the order of the page.
    for (std::size_t i = 1; i < link_count; ++i)
        for (std::size_t j = i; j > 0 && links[j]->name_begin < links[j - 1]->name_begin; --j) {
            std::swap(links[j], links[j - 1]);
            std::swap(link_rows[j], link_rows[j - 1]);
        }
    std::uint32_t rel_begin = 0, rel_end = 0;
    if (rel) {
        rel_begin = decode(*rel);
        rel_end = u32(values.size());
    }
    for (std::size_t i = 0; i < link_count; ++i) {
        const std::uint32_t begin = decode(*links[i]);
        const std::string_view value(values.data() + begin, values.size() - begin);
        if (link_rows[i]->kind == attribute_kind::url) {
            if (blank(value)) values.resize(begin);  // an empty or white-space-only value is no link
            else add(e, link_rows[i], *links[i], begin, u32(values.size()), rel_begin, rel_end);
            continue;
        }
        parse_srcset(value, candidates_);  // §4.8.4.3.10: one link per image candidate
        if (candidates_.empty()) values.resize(begin);
        for (const image_candidate& c : candidates_) {
            const auto at = u32(static_cast<std::size_t>(c.url.data() - values.data()));
            add(e, link_rows[i], *links[i], at, at + u32(c.url.size()), rel_begin, rel_end);
        }
    }
}

// A <meta>: the tree builder's "in head" steps for its charset and http-equiv=content-type (§13.2.6.4.4: change
// the encoding while it is tentative), and its refresh pragma (§4.2.5.3).
void link_sink::meta(const attribute_span* http_equiv, const attribute_span* content, const attribute_span* charset,
                     bool in_template) {
    const std::string_view pragma = http_equiv ? raw(*http_equiv) : std::string_view{};
    const auto pragma_is = [&](std::string_view keyword) {
        if (!http_equiv) return false;
        content_.clear();
        decoder.append(pragma, content_);
        return iri::detail::iequals(content_, keyword);
    };
    std::optional<encoding_id> named;
    if (charset) {
        content_.clear();
        decoder.append(raw(*charset), content_);
        named = encoding_for_label(content_);
    }
    if (named) {
        change_encoding(*named);
    } else if (content && pragma_is("content-type")) {
        content_.clear();
        decoder.append(raw(*content), content_);
        if (const auto e = encoding_from_meta_content(content_)) change_encoding(*e);
    }
    if (in_template || refreshed_ || !content || !pragma_is("refresh")) return;
    if (only_ && !(*only_)[static_cast<std::size_t>(element::meta)]) return;
    const std::uint32_t begin = decode(*content);
    const std::string_view value(values.data() + begin, values.size() - begin);
    if (value.empty()) return;  // "If the meta element has no content attribute, or if it is the empty string"
    const auto r = detail::parse_refresh(value);
    if (!r) {
        values.resize(begin);
        return;
    }
    refreshed_ = true;  // the first that does not return early: a later one is ignored
    if (!r->has_url || blank(r->url)) return;
    const auto at = u32(static_cast<std::size_t>(r->url.data() - values.data()));
    const attribute_row* row = nullptr;
    for (const attribute_row& x : rows_of(element::meta))
        if (x.kind == attribute_kind::refresh) row = &x;
    add(element::meta, row, *content, at, at + u32(r->url.size()), 0, 0);
}

// §13.2.3.4 "change the encoding", while the confidence is tentative; the first <meta> that names an encoding makes
// it certain either way.
void link_sink::change_encoding(encoding_id e) {
    if (!tentative_) return;
    tentative_ = false;
    if (encoding_ == utf16be() || encoding_ == utf16le()) return;  // step 1
    if (e == utf16be() || e == utf16le()) e = utf8();              // step 2
    if (e == x_user_defined()) e = windows1252();                  // step 3
    if (e == encoding_ || !supported(e)) return;                   // step 4 (and an encoding not decoded here)
    change_to = e;                                                 // step 6: read the page again in it
}

}  // namespace iri::html::detail
