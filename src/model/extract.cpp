// Finding IRIs in running text (RFC 3986 Appendix C; 3987bis-13 §8.3).
#include "iri/extract.hpp"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "iri/parse.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace {

struct chr {
    UChar32 c;        // -1: not UTF-8
    std::size_t len;  // bytes
};

chr at(std::string_view s, std::size_t i) {
    std::int64_t k = static_cast<std::int64_t>(i);
    UChar32 c = 0;
    U8_NEXT(reinterpret_cast<const std::uint8_t*>(s.data()), k, static_cast<std::int64_t>(s.size()), c);
    return {c, static_cast<std::size_t>(k) - i};
}

// The last character before byte `end` (which is a character boundary).
chr before(std::string_view s, std::size_t end) {
    std::size_t k = end - 1;
    while (k > 0 && end - k < 4 && U8_IS_TRAIL(static_cast<std::uint8_t>(s[k]))) --k;
    const chr x = at(s, k);
    return k + x.len == end ? x : chr{-1, 1};
}

bool space(UChar32 c) { return c >= 0 && u_isUWhiteSpace(c); }

// Opening brackets and quotes that may precede an IRI in a word.
bool opener(UChar32 c) {
    if (c < 0) return false;
    const auto gc = u_charType(c);
    return c == '<' || gc == U_START_PUNCTUATION || gc == U_INITIAL_PUNCTUATION ||
           u_hasBinaryProperty(c, UCHAR_QUOTATION_MARK);
}

// The schemes commonly written without an authority, whose bare "scheme:" is taken in running text.
constexpr std::array<std::string_view, 12> authorityless = {"mailto", "urn", "tel",  "data", "news", "tag",
                                                            "geo",    "sip", "sips", "xmpp", "sms",  "magnet"};

// The longest prefix of s that is a valid IRI (production uri), or 0. A viable prefix fails to be valid only
// at an unfinished "%HH", IP literal or character, so a few steps back always suffice.
std::size_t longest_valid(std::string_view s, grammar g) {
    std::size_t end = s.size();
    for (int tries = 0; tries < 8 && end > 0; ++tries) {
        auto r = parse(s.substr(0, end), g, production::uri);
        if (r) return end;
        const error& e = r.error();
        end = e.code == errc::unexpected_end ? end - 1 : std::min<std::size_t>(e.char_offset, e.offset);
        while (end > 0 && end < s.size() && U8_IS_TRAIL(static_cast<std::uint8_t>(s[end]))) --end;
    }
    return 0;
}

// Sentence punctuation and unbalanced closing brackets at the end of a bare IRI are not part of it.
std::size_t trim_end(std::string_view s, std::size_t end) {
    // How often each bracket occurs in s[0, end), counted once (brackets are few).
    std::vector<std::pair<UChar32, std::size_t>> brackets;
    auto count = [&](UChar32 b) -> std::size_t& {
        for (auto& [c, k] : brackets)
            if (c == b) return k;
        return brackets.emplace_back(b, 0).second;
    };
    for (std::size_t i = 0; i < end;) {
        const chr x = at(s, i);
        if (x.c >= 0 && (u_charType(x.c) == U_START_PUNCTUATION || u_charType(x.c) == U_END_PUNCTUATION)) ++count(x.c);
        i += x.len;
    }
    while (end > 0) {
        const chr last = before(s, end);
        if (last.c < 0) break;
        bool drop = u_hasBinaryProperty(last.c, UCHAR_TERMINAL_PUNCTUATION) ||
                    u_hasBinaryProperty(last.c, UCHAR_QUOTATION_MARK);
        if (!drop && u_charType(last.c) == U_END_PUNCTUATION) {
            drop = count(u_getBidiPairedBracket(last.c)) < count(last.c);  // closes nothing opened inside
            if (drop) --count(last.c);
        }
        if (!drop) break;
        end -= last.len;
    }
    return end;
}

// A candidate must start with a scheme and have "//" after it or be one of the authority-less schemes.
bool plausible(std::string_view s, grammar g) {
    const std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || !is_valid(s.substr(0, colon), g, production::scheme)) return false;
    if (s.substr(colon + 1).starts_with("//")) return true;
    for (std::string_view known : authorityless)
        if (detail::iequals(s.substr(0, colon), known)) return true;
    return false;
}

// One line's part of a word: where it starts in the joined word, and its span in the text.
struct part {
    std::size_t at, begin, end;
};

// The word text[start, word_end) and its continuations (Appendix C: a line break right after a hyphen), joined
// into `joined`: the next line's word is added while the joined text ends with "-" and is viable (a prefix of
// some valid IRI, which one parse of the whole says); it stops at the part where viability ends.
std::vector<part> continued_word(std::string_view text, std::size_t start, std::size_t word_end, grammar g,
                                 std::string& joined) {
    std::vector<part> parts{{0, start, word_end}};
    joined.assign(text.substr(start, word_end - start));
    for (std::size_t k = word_end; joined.back() == '-';) {
        bool line_break = false;
        while (k < text.size() && space(at(text, k).c)) {
            line_break |= text[k] == '\n';
            k += at(text, k).len;
        }
        if (!line_break || k >= text.size()) break;
        std::size_t k_end = k;
        while (k_end < text.size() && !space(at(text, k_end).c)) k_end += at(text, k_end).len;
        parts.push_back({joined.size(), k, k_end});
        joined.append(text.substr(k, k_end - k));
        k = k_end;
    }
    if (parts.size() == 1) return parts;
    const auto r = parse(joined, g, production::uri);
    const std::size_t viable = r ? joined.size() : r.error().offset;
    std::size_t keep = 1;  // the parts up to the one viability ends in (or the first that adds nothing)
    while (keep < parts.size() && parts[keep].at < viable) ++keep;
    joined.resize(keep < parts.size() ? parts[keep].at : joined.size());
    parts.resize(keep);
    return parts;
}

// What one delimiter form found at a position: the IRI, if any, and where the search goes on.
struct candidate {
    std::optional<extracted> found;
    std::size_t resume;
};

// Appendix C, "<...>": the whitespace inside removed and a leading "URL:" dropped. Angle contents never overlap.
std::optional<candidate> angle_bracketed(std::string_view text, std::size_t pos, grammar g) {
    const std::size_t gt = text.find_first_of("<>", pos + 1);
    if (gt == std::string_view::npos || text[gt] != '>') return std::nullopt;
    std::string value;
    for (std::size_t i = pos + 1; i < gt;) {
        const chr x = at(text, i);
        if (!space(x.c)) value.append(text.substr(i, x.len));
        i += x.len;
    }
    if (value.size() >= 4 && detail::iequals(std::string_view(value).substr(0, 4), "URL:")) value.erase(0, 4);
    if (!is_valid(value, g, production::uri)) return std::nullopt;
    return candidate{extracted{static_cast<std::uint32_t>(pos + 1), static_cast<std::uint32_t>(gt), std::move(value),
                               delimiter::angle_brackets},
                     gt + 1};
}

// Appendix C, "...": no whitespace inside.
std::optional<candidate> double_quoted(std::string_view text, std::size_t pos, grammar g) {
    std::size_t q = pos + 1;
    while (q < text.size() && text[q] != '"' && !space(at(text, q).c)) q += at(text, q).len;
    if (q >= text.size() || text[q] != '"') return std::nullopt;
    const std::string_view value = text.substr(pos + 1, q - pos - 1);
    if (!is_valid(value, g, production::uri)) return std::nullopt;
    return candidate{extracted{static_cast<std::uint32_t>(pos + 1), static_cast<std::uint32_t>(q), std::string(value),
                               delimiter::double_quotes},
                     q + 1};
}

// A bare word from `pos` to the next whitespace: its IRI after any opening brackets or quotes, when it has a
// plausible scheme, to the longest valid prefix less the sentence's end (trim_end). Appendix C: a line break right
// after a hyphen continues the word on the next line; the word and its continuations are joined and parsed once
// (parsing again for each line would be quadratic).
candidate bare_word(std::string_view text, std::size_t pos, grammar g) {
    std::size_t word_end = pos;
    for (chr x; word_end < text.size() && !space((x = at(text, word_end)).c);) word_end += x.len;
    std::size_t start = pos;
    for (chr x; start < word_end && opener((x = at(text, start)).c);) start += x.len;
    if (!plausible(text.substr(start, word_end - start), g)) return {std::nullopt, word_end};
    std::string joined;
    const std::vector<part> parts = continued_word(text, start, word_end, g, joined);
    const std::size_t len = trim_end(joined, longest_valid(joined, g));
    std::size_t last = 0;  // the part the IRI ends in (a part adding nothing is not taken)
    while (last + 1 < parts.size() && parts[last + 1].at < len) ++last;
    std::string value = joined.substr(0, len);
    const std::size_t end_in_text = parts[last].begin + (len - parts[last].at);
    if (value.empty() || value.find(':') == std::string::npos || value.back() == ':')
        return {std::nullopt, parts[last].end};
    return {extracted{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end_in_text), std::move(value),
                      delimiter::none},
            parts[last].end};
}

// The IRI that starts at `pos` (a character that is not whitespace), in the first delimiter form that gives one.
candidate candidate_at(std::string_view text, std::size_t pos, UChar32 c, grammar g) {
    if (c == '<')
        if (auto angle = angle_bracketed(text, pos, g)) return std::move(*angle);
    if (c == '"')
        if (auto quoted = double_quoted(text, pos, g)) return std::move(*quoted);
    return bare_word(text, pos, g);
}

}  // namespace

const char* name(delimiter d) noexcept {
    switch (d) {
        case delimiter::angle_brackets: return "angle_brackets";
        case delimiter::double_quotes: return "double_quotes";
        case delimiter::none: break;
    }
    return "none";
}

std::vector<extracted> extract(std::string_view text, grammar g) {
    std::vector<extracted> found;
    text = text.substr(0, std::min<std::size_t>(text.size(), 0xFFFFFFFFu));  // 32-bit offsets
    for (std::size_t pos = 0; pos < text.size();) {
        const chr c = at(text, pos);
        if (c.c < 0 || space(c.c)) {
            pos += c.len;
            continue;
        }
        candidate next = candidate_at(text, pos, c.c, g);
        if (next.found) found.push_back(std::move(*next.found));
        pos = next.resume;
    }
    return found;
}

}  // namespace iri
