// Finding IRIs in running text (RFC 3986 Appendix C; 3987bis-13 §8.3), by the rules iri/extract.hpp lists.
#include "iri/extract.hpp"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "grammar/charset_detail.hpp"
#include "iri/parse.hpp"
#include "text/ascii.hpp"

namespace iri {

namespace {

constexpr std::size_t npos = std::string_view::npos;

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

// ---- The characters around a scheme ----

// RFC 5234 Appendix B.1's ALPHA and DIGIT, the grammar's sets (grammar/sets.def); RFC 3986 §3.1: scheme = ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ), the characters that may continue one.
bool alpha(char c) { return detail::is_alpha(c); }
bool alnum(char c) { return detail::is_alnum(c); }
bool scheme_char(char c) { return detail::is_scheme_char(c); }

// A character of a Latin-script word: a letter, mark or decimal digit whose script (or Script_Extensions) is
// Latin, Common or Inherited. A scheme glued to one is part of that word ("caféhttp://" holds no IRI, as
// "xhttp://" has the scheme "xhttp"); after a letter of another script (Han, Hiragana, Cyrillic, ...) a new word
// starts, as text in scripts written without spaces needs ("詳細はhttp://...").
bool joins_word(UChar32 c) {
    if (c < 0 || (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_M_MASK | U_GC_ND_MASK)) == 0) return false;
    return uscript_hasScript(c, USCRIPT_LATIN) || uscript_hasScript(c, USCRIPT_COMMON) ||
           uscript_hasScript(c, USCRIPT_INHERITED);
}

// The start of the scheme that ends at the ":" at `colon`, or npos: the longest run of scheme characters before
// it, from `floor` on, that starts with a letter not glued to a letter or digit before it. "text:http://",
// "(http://", "はhttp://" and ".http://" give "http"; "x.http://" gives "x.http", "1http://" none.
std::size_t scheme_start(std::string_view text, std::size_t floor, std::size_t colon) {
    std::size_t run = colon;
    while (run > floor && scheme_char(text[run - 1])) --run;
    for (std::size_t k = run; k < colon; ++k) {
        if (!alpha(text[k])) continue;
        const bool glued = k > run ? alnum(text[k - 1]) : k > 0 && joins_word(before(text, k).c);
        if (!glued) return k;
    }
    return npos;
}

// The schemes commonly written without an authority, whose bare "scheme:" is taken in running text (IANA's URI
// scheme registry): any other needs "//" after its ":", or "Note:" and "e.g.:x" would be IRIs.
constexpr std::array<std::string_view, 16> authorityless = {"bitcoin", "cid", "data", "geo", "magnet", "mailto",
                                                            "matrix",  "mid", "news", "sip", "sips",   "sms",
                                                            "tag",     "tel", "urn",  "xmpp"};

// The schemes whose references have a host that is not empty (RFC 3986 §3.2.2 leaves that to the scheme): http
// and https (RFC 9110 §4.2.1, §4.2.2: a sender "MUST NOT generate an "http" URI with an empty host identifier"),
// and with them ftp, ws and wss, the URL Standard's special schemes but "file", whose parser fails on a missing or
// empty host (its validation error host-missing: "https://#fragment", "https://user:pass@").
constexpr std::array<std::string_view, 5> host_required = {"http", "https", "ws", "wss", "ftp"};

template <std::size_t N>
bool one_of(std::string_view scheme, const std::array<std::string_view, N>& names) {
    return std::any_of(names.begin(), names.end(), [&](std::string_view n) { return detail::iequals(scheme, n); });
}

// A bare "scheme:" worth trying: "//" after it, or an authority-less scheme.
bool plausible(std::string_view text, std::size_t k, std::size_t colon) {
    return text.substr(colon + 1).starts_with("//") || one_of(text.substr(k, colon - k), authorityless);
}

// A fullwidth form (decomposition <wide>) of an ASCII character no IRI holds, 3987bis §6.3's delimiters and
// "unwise" characters ("｜", "＜", "＂", "｛", ...): it ends a bare IRI as that character would, though ucschar
// admits it ("｜http://google.com｜bar"). A LEIRI may hold those characters, so their forms do not end it.
bool fullwidth_delimiter(UChar32 c, grammar g) {
    if (c < 0x80 || g == grammar::leiri || u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE) != U_DT_WIDE)
        return false;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2* nfkc = unorm2_getNFKCInstance(&status);
    std::array<UChar, 4> d{};
    const std::int32_t n =
        U_SUCCESS(status) ? unorm2_getRawDecomposition(nfkc, c, d.data(), static_cast<std::int32_t>(d.size()), &status)
                          : 0;
    if (U_FAILURE(status) || n != 1 || d[0] >= 0x80) return false;
    return detail::contains_ascii(detail::named(grammar::leiri, detail::named_set::leiri_delimiters), d[0]) ||
           detail::contains_ascii(detail::named(grammar::leiri, detail::named_set::leiri_unwise), d[0]);
}

// Where the bare text from `from` ends: at whitespace, a fullwidth delimiter, a byte that is not UTF-8 (RFC 3629
// §3: no character; a stray continuation byte after an IRI ends it as a space would, and is never taken for the
// tail of its last character) or the end of the text.
std::size_t segment_end(std::string_view text, std::size_t from, grammar g) {
    while (from < text.size()) {
        const chr x = at(text, from);
        if (x.c < 0 || space(x.c) || fullwidth_delimiter(x.c, g)) break;
        from += x.len;
    }
    return from;
}

// ---- The extent of a bare IRI ----

// An IRI right after an opening bracket ends at the bracket that closes it, even where the grammar and the rest
// of the word go on: "(http://a/b)c" gives "http://a/b", "(http://a/b_(c))" gives "http://a/b_(c)". The scan for
// that bracket goes on from where it stopped, as far as the IRI is read, so it adds no pass of its own.
class enclosure {
public:
    explicit enclosure(UChar32 lead) {
        if (lead < 0 || u_charType(lead) != U_START_PUNCTUATION || u_getBidiPairedBracket(lead) == lead) return;
        opener_ = lead;
        closer_ = u_getBidiPairedBracket(lead);
    }

    // Where in s the closing bracket is, looking in s[0, upto) (s only grows between calls); npos while none.
    std::size_t find(std::string_view s, std::size_t upto) {
        for (upto = std::min(upto, s.size()); closer_ >= 0 && cut_ == npos && scanned_ < upto;) {
            const chr x = at(s, scanned_);
            if (x.c == opener_) ++depth_;
            if (x.c == closer_ && depth_-- == 0) cut_ = scanned_;
            scanned_ += x.len;
        }
        return cut_;
    }

private:
    UChar32 opener_ = -1, closer_ = -1;
    std::size_t scanned_ = 0, depth_ = 0, cut_ = npos;
};

constexpr std::size_t first_window = 256;

// The longest prefix of s, before the bracket that closes `e`, that is a valid IRI (production uri), or 0. It is
// parsed in windows that double while the automaton runs to the window's end (error offset: where no valid string
// can go on), so the work is in proportion to the IRI, not to the rest of its word. Past that, a viable prefix
// fails to be valid only at an unfinished "%HH", IP literal or character, so a few steps back always suffice.
std::size_t longest_valid(std::string_view s, grammar g, enclosure& e) {
    std::size_t window = std::min(s.size(), first_window);
    for (;;) {
        while (window < s.size() && U8_IS_TRAIL(static_cast<std::uint8_t>(s[window]))) ++window;
        if (const std::size_t cut = e.find(s, window); cut != npos) {
            s = s.substr(0, cut);
            window = std::min(window, s.size());
        }
        const auto r = parse(s.substr(0, window), g, production::uri);
        if (r) {
            if (window == s.size()) return window;
        } else if (window == s.size() || r.error().offset < window) {
            break;
        }
        window = std::min(s.size(), 2 * window);
    }
    std::size_t end = window;
    for (int tries = 0; tries < 8 && end > 0; ++tries) {
        auto r = parse(s.substr(0, end), g, production::uri);
        if (r) return end;
        const error& err = r.error();
        end = err.code == errc::unexpected_end ? end - 1 : std::min<std::size_t>(err.char_offset, err.offset);
        while (end > 0 && end < s.size() && U8_IS_TRAIL(static_cast<std::uint8_t>(s[end]))) --end;
    }
    return 0;
}

// How often each bracket or quotation mark occurs in an IRI, for trim_end: each kind counted once, when first
// asked, over the IRI as it then ends, and decreased as trim_end drops one (the table holds every kind Unicode has).
class mark_counts {
public:
    explicit mark_counts(std::string_view s) : s_(s) {}

    std::size_t get(UChar32 c, std::size_t end) {
        for (std::size_t i = 0; i < used_; ++i)
            if (kinds_[i].c == c) return kinds_[i].n;
        std::size_t n = 0;
        for (std::size_t i = 0; i < end;) {
            const chr x = at(s_, i);
            n += x.c == c;
            i += x.len;
        }
        if (used_ < kinds_.size()) kinds_[used_++] = {c, n};
        return n;
    }
    void dropped(UChar32 c) {
        for (std::size_t i = 0; i < used_; ++i)
            if (kinds_[i].c == c) --kinds_[i].n;
    }

private:
    struct kind {
        UChar32 c;
        std::size_t n;
    };
    std::string_view s_;
    std::array<kind, 256> kinds_;
    std::size_t used_ = 0;
};

// What ends a sentence or a markup span at the end of a bare IRI is not part of it: Unicode Terminal_Punctuation
// (".", ",", ";", ":", "!", "?", "。", ...); "*" (emphasis); "_" and "~" closing the same mark right before the IRI
// (`lead`: "_http://a/b_", "~~http://a/b~~"); a quotation mark without its pair inside (an odd count:
// "'http://a/b'", not "http://a/'b'"); a closing bracket that closes nothing opened inside ("(see http://a/b)",
// not "http://a/b_(c)").
std::size_t trim_end(std::string_view s, std::size_t end, UChar32 lead) {
    mark_counts counts(s);
    while (end > 0) {
        const chr last = before(s, end);
        if (last.c < 0) break;
        bool drop = u_hasBinaryProperty(last.c, UCHAR_TERMINAL_PUNCTUATION) || last.c == '*' ||
                    ((last.c == '_' || last.c == '~') && last.c == lead);
        if (!drop && u_hasBinaryProperty(last.c, UCHAR_QUOTATION_MARK)) drop = counts.get(last.c, end) % 2 == 1;
        if (!drop && u_charType(last.c) == U_END_PUNCTUATION) {
            const UChar32 opener = u_getBidiPairedBracket(last.c);
            drop = opener != last.c && counts.get(opener, end) < counts.get(last.c, end);
        }
        if (!drop) break;
        counts.dropped(last.c);
        end -= last.len;
    }
    return end;
}

// A reference worth reporting: valid, more than its scheme ("mailto:" and "x://" name nothing), and with a host
// that is not empty where its scheme requires one ("http://", "http://?", "http:///a" are not http URIs).
bool acceptable(std::string_view value, grammar g) {
    const auto r = parse(value, g, production::uri);
    if (!r) return false;
    const span scheme = (*r)[component::scheme];
    const std::string_view rest = value.substr(scheme.end + 1);
    if (rest.empty() || rest == "//") return false;
    return !one_of(value.substr(scheme.begin, scheme.size()), host_required) || (*r)[component::host].size() > 0;
}

// ---- The three forms ----

// What one form found at a position: the IRI, if any, and where the search goes on.
struct candidate {
    std::optional<extracted> found;
    std::size_t resume;
};

extracted make(std::size_t begin, std::size_t end, std::string value, delimiter d) {
    return {static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end), std::move(value), d};
}

// Whether `inside`, its whitespace removed, starts as a reference does: a scheme and ":" in its first 64 characters
// (no scheme is that long in practice), which the text is copied to find out. A leading "URL:" is such a start.
bool starts_as_reference(std::string_view inside) {
    std::array<char, 64> head{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < inside.size() && n < head.size();) {
        const chr x = at(inside, i);
        if (x.len > 1) break;  // a scheme is ASCII
        if (!space(x.c)) head[n++] = inside[i];
        i += x.len;
    }
    const std::string_view h(head.data(), n);
    const std::size_t colon = h.find(':');
    return colon != npos && colon > 0 && alpha(h[0]) && std::all_of(h.begin(), h.begin() + colon, scheme_char);
}

// What Appendix C's "<URL:...>" holds: the reference after "URL:" when there is one, else the whole text, whose scheme
// may be "URL" ("<URL://a/b>"); empty when neither is acceptable.
std::string_view without_url_prefix(std::string_view inside, grammar g) {
    if (inside.size() >= 4 && detail::iequals(inside.substr(0, 4), "URL:") && acceptable(inside.substr(4), g))
        return inside.substr(4);
    return acceptable(inside, g) ? inside : std::string_view{};
}

// Appendix C, "<...>": the whitespace inside removed and a leading "URL:" dropped. Angle contents never overlap.
// The text is copied only when it has whitespace and starts as a reference does.
std::optional<candidate> angle_bracketed(std::string_view text, std::size_t pos, grammar g) {
    const std::size_t gt = text.find_first_of("<>", pos + 1);
    if (gt == npos || text[gt] != '>') return std::nullopt;
    const std::string_view inside = text.substr(pos + 1, gt - pos - 1);
    bool has_space = false;
    for (std::size_t i = 0; i < inside.size() && !has_space;) {
        const chr x = at(inside, i);
        has_space = space(x.c);
        i += x.len;
    }
    std::string value;
    if (has_space) {
        if (!starts_as_reference(inside)) return std::nullopt;
        for (std::size_t k = 0; k < inside.size();) {
            const chr x = at(inside, k);
            if (!space(x.c)) value.append(inside.substr(k, x.len));
            k += x.len;
        }
        const std::string_view kept = without_url_prefix(value, g);
        if (kept.empty()) return std::nullopt;
        value.erase(0, value.size() - kept.size());
    } else {
        const std::string_view kept = without_url_prefix(inside, g);
        if (kept.empty()) return std::nullopt;
        value.assign(kept);
    }
    return candidate{make(pos + 1, gt, std::move(value), delimiter::angle_brackets), gt + 1};
}

// Appendix C, "...": no whitespace inside.
std::optional<candidate> double_quoted(std::string_view text, std::size_t pos, grammar g) {
    std::size_t q = pos + 1;
    while (q < text.size() && text[q] != '"' && !space(at(text, q).c)) q += at(text, q).len;
    if (q >= text.size() || text[q] != '"') return std::nullopt;
    const std::string_view value = text.substr(pos + 1, q - pos - 1);
    if (!acceptable(value, g)) return std::nullopt;
    return candidate{make(pos + 1, q, std::string(value), delimiter::double_quotes), q + 1};
}

// One line's part of a word: where it starts in the joined word, and its span in the text.
struct part {
    std::size_t at, begin, end;
};

// The word text[start, word_end), which ends in "-" before a line break, and its continuations (Appendix C),
// joined into `joined`: the next line's word is added while the joined text ends with "-", is viable (a prefix of
// some valid IRI) and holds no bracket closing `e`; it stops at the part where that ends. Viability is checked each
// time the joined text has doubled, so the parses add up to twice its length, not to a parse per line.
std::vector<part> continued_word(std::string_view text, std::size_t start, std::size_t word_end, grammar g,
                                 enclosure& e, std::string& joined) {
    std::vector<part> parts{{0, start, word_end}};
    joined.assign(text.substr(start, word_end - start));
    const auto viable_end = [&] {
        const auto r = parse(joined, g, production::uri);
        return r ? joined.size() : std::size_t{r.error().offset};
    };
    std::size_t viable = npos, checked = 0;  // viable: where the last check found viability to end
    for (std::size_t k = word_end; joined.back() == '-' && viable == npos && e.find(joined, npos) == npos;) {
        bool line_break = false;
        while (k < text.size() && space(at(text, k).c)) {
            line_break |= text[k] == '\n';
            k += at(text, k).len;
        }
        if (!line_break || k >= text.size()) break;
        const std::size_t k_end = segment_end(text, k, g);
        if (k_end == k) break;
        parts.push_back({joined.size(), k, k_end});
        joined.append(text.substr(k, k_end - k));
        k = k_end;
        if (joined.size() >= 2 * checked) {
            checked = joined.size();
            if (const std::size_t end = viable_end(); end < joined.size()) viable = end;
        }
    }
    if (parts.size() == 1) return parts;
    if (viable == npos) viable = viable_end();
    std::size_t keep = 1;  // the parts up to the one viability ends in (or the first that adds nothing)
    while (keep < parts.size() && parts[keep].at < viable) ++keep;
    joined.resize(keep < parts.size() ? parts[keep].at : joined.size());
    parts.resize(keep);
    return parts;
}

// A bare IRI whose scheme is text[k, colon): to the longest valid prefix of its word, ended by an enclosing
// bracket (enclosure) and less the sentence's end (trim_end). Appendix C: a line break right after a hyphen
// continues the word on the next line; the word and its continuations are joined and parsed once (parsing again
// for each line would be quadratic). `word_end` caches the end of the word the last candidate was in.
candidate bare(std::string_view text, std::size_t k, std::size_t colon, grammar g, std::size_t& word_end) {
    if (colon >= word_end) word_end = segment_end(text, colon, g);
    const std::string_view scheme = text.substr(k, colon - k);
    if (one_of(scheme, host_required)) {  // "//" follows (plausible); an authority that ends at once is empty
        const std::size_t host = colon + 3;
        if (host >= word_end || text[host] == '/' || text[host] == '?' || text[host] == '#')
            return {std::nullopt, host};
    }
    const UChar32 lead = k > 0 ? before(text, k).c : -1;
    enclosure enclosed(lead);
    const std::string_view word = text.substr(k, word_end - k);
    const std::size_t valid = longest_valid(word, g, enclosed);
    const std::size_t rejected = k + std::max(valid, scheme.size() + 1);
    if (valid == word.size() && word.back() == '-') {
        std::string joined;
        const std::vector<part> parts = continued_word(text, k, word_end, g, enclosed, joined);
        if (parts.size() > 1) {
            const std::size_t len = trim_end(joined, longest_valid(joined, g, enclosed), lead);
            std::size_t last = 0;  // the part the IRI ends in (a part adding nothing is not taken)
            while (last + 1 < parts.size() && parts[last + 1].at < len) ++last;
            joined.resize(len);
            if (!acceptable(joined, g)) return {std::nullopt, parts[last].end};
            const std::size_t end_in_text = parts[last].begin + (len - parts[last].at);
            return {make(k, end_in_text, std::move(joined), delimiter::none), end_in_text};
        }
    }
    const std::size_t len = trim_end(word, valid, lead);
    const std::string_view value = word.substr(0, len);
    if (!acceptable(value, g)) return {std::nullopt, rejected};
    return {make(k, k + len, std::string(value), delimiter::none), k + len};
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

// One pass over the text's ":", "<" and '"': each "<" and '"' may open a delimited IRI, each ":" may end a scheme.
// A candidate's region is not searched again (`floor`: no scheme starts before it), and each region is parsed in
// proportion to its length, so the whole is linear.
std::vector<extracted> extract(std::string_view text, grammar g) {
    std::vector<extracted> found;
    text = text.substr(0, std::min<std::size_t>(text.size(), 0xFFFFFFFFu));  // 32-bit offsets
    const char* const data = text.data();
    std::size_t pos = 0, floor = 0, word_end = 0;
    while (pos < text.size()) {
        pos =
            static_cast<std::size_t>(detail::find_first_of<':', '<', '"'>(data + pos, data + text.size(), data) - data);
        if (pos >= text.size()) break;
        std::optional<candidate> next;
        if (text[pos] == '<') {
            next = angle_bracketed(text, pos, g);
        } else if (text[pos] == '"') {
            next = double_quoted(text, pos, g);
        } else if (const std::size_t k = scheme_start(text, floor, pos); k != npos && plausible(text, k, pos)) {
            next = bare(text, k, pos, g, word_end);
        }
        if (!next) {
            ++pos;
            continue;
        }
        if (next->found) found.push_back(std::move(*next->found));
        pos = floor = next->resume;
    }
    return found;
}

}  // namespace iri
