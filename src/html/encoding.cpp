// A page's encoding (encoding.hpp).
#include "html/encoding.hpp"

#include <algorithm>

#include "html/html_sets.hpp"
#include "text/ascii.hpp"

namespace iri::html::detail {

std::optional<bom_result> bom_sniff(std::string_view page) noexcept {
    if (page.starts_with("\xEF\xBB\xBF")) return bom_result{utf8(), 3};
    if (page.starts_with("\xFE\xFF")) return bom_result{utf16be(), 2};
    if (page.starts_with("\xFF\xFE")) return bom_result{utf16le(), 2};
    return std::nullopt;
}

std::optional<encoding_id> encoding_from_meta_content(std::string_view s) noexcept {
    for (std::size_t position = 0;;) {
        // Loop: the first "charset" (ASCII case-insensitive) after position.
        std::size_t at = position;
        while (at + 7 <= s.size() && !iri::detail::iequals(s.substr(at, 7), "charset")) ++at;
        if (at + 7 > s.size()) return std::nullopt;
        std::size_t p = at + 7;
        while (p < s.size() && ascii_whitespace(s[p])) ++p;
        if (p >= s.size() || s[p] != '=') {  // position just before that character: the loop again
            position = p;
            continue;
        }
        ++p;
        while (p < s.size() && ascii_whitespace(s[p])) ++p;
        if (p >= s.size()) return std::nullopt;
        if (s[p] == '"' || s[p] == '\'') {
            const std::size_t close = s.find(s[p], p + 1);
            if (close == std::string_view::npos) return std::nullopt;  // an unmatched quote
            return encoding_for_label(s.substr(p + 1, close - p - 1));
        }
        std::size_t end = p;
        while (end < s.size() && !ascii_whitespace(s[end]) && s[end] != ';') ++end;
        return encoding_for_label(s.substr(p, end - p));
    }
}

namespace {

// The prescan's reader: the bytes of the window, and where it is. Running past them aborts the prescan (as
// "the end condition" does, §13.2.3.2), which the caller sees as `ended`.
class prescanner {
public:
    explicit prescanner(std::string_view bytes) : s_(bytes) {}

    std::optional<encoding_id> run();

private:
    static bool space(char c) noexcept { return ascii_whitespace(c); }
    bool at_end() const noexcept { return p_ >= s_.size(); }

    // An attribute's name and value as spans of the bytes: the Standard lowercases them, and every use here
    // compares them ASCII case-insensitively (no copy, no allocation).
    struct attribute {
        std::string_view name, value;
    };
    bool get_attribute(attribute& a);
    std::optional<encoding_id> meta();
    bool starts_meta() const noexcept;

    std::string_view s_;
    std::size_t p_ = 0;
};

// "Get an attribute": false when there is none (a ">") or the bytes end (the prescan is then over).
bool prescanner::get_attribute(attribute& a) {
    a = {};
    while (!at_end() && (space(s_[p_]) || s_[p_] == '/')) ++p_;  // step 1
    if (at_end() || s_[p_] == '>') return false;                 // step 2
    const std::size_t name = p_;
    for (;;) {  // steps 4 and 5: the name
        if (at_end()) return false;
        const char c = s_[p_];
        if (c == '=' && p_ > name) {
            a.name = s_.substr(name, p_ - name);
            ++p_;
            break;  // value
        }
        if (space(c)) {  // spaces, then "=" or no value
            a.name = s_.substr(name, p_ - name);
            while (!at_end() && space(s_[p_])) ++p_;
            if (at_end()) return false;
            if (s_[p_] != '=') return true;
            ++p_;
            break;
        }
        if (c == '/' || c == '>') {
            a.name = s_.substr(name, p_ - name);
            return true;
        }
        ++p_;
    }
    while (!at_end() && space(s_[p_])) ++p_;  // step 9
    if (at_end()) return false;
    const char q = s_[p_];
    if (q == '"' || q == '\'') {  // step 10, quoted
        const std::size_t value = ++p_;
        for (;; ++p_) {
            if (at_end()) return false;
            if (s_[p_] == q) {
                a.value = s_.substr(value, p_++ - value);
                return true;
            }
        }
    }
    if (q == '>') return true;
    for (const std::size_t value = p_;; ++p_) {  // steps 10 (its last two cases) to 12, unquoted
        if (at_end()) return false;
        if (space(s_[p_]) || s_[p_] == '>') {
            a.value = s_.substr(value, p_ - value);
            return true;
        }
    }
}

bool prescanner::starts_meta() const noexcept {
    return p_ + 6 <= s_.size() && iri::detail::iequals(s_.substr(p_, 5), "<meta") &&
           (space(s_[p_ + 5]) || s_[p_ + 5] == '/');
}

// The "<meta" branch: its attributes, then the processing steps (an encoding, or none and the next byte).
std::optional<encoding_id> prescanner::meta() {
    p_ += 5;            // at the space or "/"
    bool seen[3] = {};  // http-equiv, content, charset: the names that matter, each taken once (steps 7, 8)
    bool got_pragma = false;
    int need_pragma = -1;  // null
    std::optional<encoding_id> charset;
    bool charset_set = false;  // charset is not null (an encoding, or failure: nullopt)
    attribute a;
    while (get_attribute(a)) {
        int k = -1;
        if (iri::detail::iequals(a.name, "http-equiv")) k = 0;
        else if (iri::detail::iequals(a.name, "content")) k = 1;
        else if (iri::detail::iequals(a.name, "charset")) k = 2;
        if (k < 0 || seen[k]) continue;  // not one of them, or already in the attribute list
        seen[k] = true;
        if (k == 0) {
            got_pragma = got_pragma || iri::detail::iequals(a.value, "content-type");
        } else if (k == 1) {
            if (const auto e = encoding_from_meta_content(a.value); e && !charset_set) {
                charset = e;
                charset_set = true;
                need_pragma = 1;
            }
        } else {
            charset = encoding_for_label(a.value);
            charset_set = true;
            need_pragma = 0;
        }
    }
    if (at_end()) return std::nullopt;  // the bytes ended inside the tag: the caller ends the prescan
    if (need_pragma < 0 || (need_pragma == 1 && !got_pragma) || !charset) return std::nullopt;
    if (*charset == utf16be() || *charset == utf16le()) return utf8();
    if (*charset == x_user_defined()) return windows1252();
    return charset;
}

std::optional<encoding_id> prescanner::run() {
    // "Prescan for UTF-16 XML declarations"
    if (s_.starts_with(std::string_view("<\0?\0x\0", 6))) return utf16le();
    if (s_.starts_with(std::string_view("\0<\0?\0x", 6))) return utf16be();
    while (!at_end()) {
        if (s_.substr(p_, 4) == "<!--") {  // to the first ">" after "--" (which may be the comment's own)
            const std::size_t close = s_.find("-->", p_ + 2);
            if (close == std::string_view::npos) return std::nullopt;
            p_ = close + 3;
            continue;
        }
        if (starts_meta()) {
            if (auto e = meta()) return e;
            if (at_end()) return std::nullopt;
        } else if (s_[p_] == '<' && p_ + 1 < s_.size() &&
                   (ascii_alpha(s_[p_ + 1]) || (s_[p_ + 1] == '/' && p_ + 2 < s_.size() && ascii_alpha(s_[p_ + 2])))) {
            // a tag: to the next whitespace or ">", then its attributes
            while (!at_end() && !space(s_[p_]) && s_[p_] != '>') ++p_;
            attribute a;
            while (get_attribute(a)) {}
            if (at_end()) return std::nullopt;
        } else if (s_[p_] == '<' && p_ + 1 < s_.size() &&
                   (s_[p_ + 1] == '!' || s_[p_ + 1] == '/' || s_[p_ + 1] == '?')) {
            const std::size_t gt = s_.find('>', p_ + 1);  // to the first ">" after the "<"
            if (gt == std::string_view::npos) return std::nullopt;
            p_ = gt;
        }
        ++p_;  // next byte
    }
    return std::nullopt;
}

// HTML §13.2.3.2 "get an XML encoding": the encoding an XML declaration at the start names.
std::optional<encoding_id> xml_encoding(std::string_view s) noexcept {
    if (!s.starts_with("<?xml")) return std::nullopt;
    const std::size_t end = s.find('>');
    if (end == std::string_view::npos) return std::nullopt;
    const std::string_view declaration = s.substr(0, end);
    std::size_t p = declaration.find("encoding", 5);
    if (p == std::string_view::npos) return std::nullopt;
    p += 8;
    const auto blank = [&] { return p < declaration.size() && static_cast<unsigned char>(declaration[p]) <= 0x20; };
    while (blank()) ++p;
    if (p >= declaration.size() || declaration[p] != '=') return std::nullopt;
    ++p;
    while (blank()) ++p;
    if (p >= declaration.size() || (declaration[p] != '"' && declaration[p] != '\'')) return std::nullopt;
    const std::size_t close = declaration.find(declaration[p], p + 1);
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view name = declaration.substr(p + 1, close - p - 1);
    if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) <= 0x20; }))
        return std::nullopt;
    const auto e = encoding_for_label(name);
    if (e && (*e == utf16be() || *e == utf16le())) return utf8();
    return e;
}

}  // namespace

std::optional<encoding_id> prescan(std::string_view bytes) noexcept {
    if (auto e = prescanner(bytes).run()) return e;
    return xml_encoding(bytes);
}

sniffed sniff(std::string_view page, std::string_view transport, std::string_view fallback) noexcept {
    if (const auto bom = bom_sniff(page)) return {bom->encoding, encoding_source::bom, bom->length};
    if (const auto e = encoding_for_label(transport); e && supported(*e)) return {*e, encoding_source::transport};
    if (const auto e = prescan(page.substr(0, 1024)); e && supported(*e)) return {*e, encoding_source::prescan};
    if (const auto e = encoding_for_label(fallback); e && supported(*e)) return {*e, encoding_source::fallback};
    return {utf8(), encoding_source::fallback};
}

}  // namespace iri::html::detail
