// Links from HTML pages: every outlink of a fetched page, resolved as a browser resolves it.
//
//   iri::html::extractor x;
//   auto found = x.links(R"(<base href="/docs/"><a href="a.html?x=1&amp;y=2" rel=nofollow>A</a>
//                           <img srcset="s.png 1x, l.png 2x">)", "https://example.com/dir/page.html");
//   for (const iri::html::link& l : *found) std::cout << l.url << "\n";
//   // https://example.com/docs/a.html?x=1&y=2      (element "a", attribute "href", rel "nofollow")
//   // https://example.com/docs/s.png               (img srcset)
//   // https://example.com/docs/l.png               (img srcset)
//
// What is read, and how (the HTML Standard, html.spec.whatwg.org):
//  - The page's bytes are tokenized as §13.2.5 says, as far as where tags and attribute values are: text is jumped
//    over with SIMD, nothing inside a comment, a script, a style, a title, a textarea, xmp, iframe, noembed,
//    noframes, noscript (while `scripting` is on) or after plaintext is taken for a tag, and CDATA sections count in
//    SVG and MathML. No tree is built; a tree builder's effects the link list depends on are followed: the contents
//    of <template> are not part of the document (no link, no base), an element inside <svg> or <math> is not an
//    HTML element (no link) until an HTML integration point or a tag that leaves foreign content (§13.2.6.5),
//    an <image> start tag is an <img>, and a <form> start tag inside a form is ignored (§13.2.6.4.7). What a
//    tokenizer cannot see is not followed: the DOM's order where the tree builder moves content (foster parenting:
//    the links come in the page's order), nor the start tags it ignores in some insertion modes (in a frameset,
//    say) beyond the nested form.
//  - The links are the values of the attributes data/html/attributes.tsv lists (a, area and link href; img and
//    source src and srcset; link imagesrcset; iframe, frame, embed, script, audio, video, track, input src; video
//    poster; object data; form action; button and input formaction; blockquote, q, del, ins cite; and the URL of a
//    <meta http-equiv="refresh">). Of several attributes of one name on an element the first counts (§13.2.5.33).
//    A value is decoded as the tokenizer decodes it: from the page's encoding, CR LF as LF, U+0000 as U+FFFD, and
//    character references, named (the Standard's 2,231) and numeric, with the attribute-value rule for a named one
//    not ended by ";" (§13.2.5.73). srcset and imagesrcset give one link per image candidate ("parse a srcset
//    attribute", §4.8.4.3.10: a candidate whose descriptors are invalid is none); a refresh gives the URL the
//    shared declarative refresh steps find in it (§4.2.5.3; the first meta refresh that has one or only a time,
//    a later one is ignored as a browser ignores it). An empty or white-space-only value gives no link.
//  - The document base URL (§2.4.1): the frozen base URL of the first <base> with an href (§4.2.3: its href parsed
//    against the page URL; when that fails, or gives a data: or javascript: URL, the page URL), else the page URL.
//    Every link is resolved against it by the URL Standard's parser (iri::web, iri/web.hpp), whichever its place in
//    the page, as the DOM resolves them once the page is parsed.
//  - The page's encoding (§13.2.3): a BOM; else `options::charset` (the HTTP Content-Type's charset) when it names
//    a supported encoding; else the prescan of the first 1,024 bytes for <meta charset> and <meta
//    http-equiv=content-type> (§13.2.3.2); else `options::fallback_encoding` (UTF-8). A <meta> the tree builder
//    meets later that names another encoding while the encoding is only tentative changes it (§13.2.3.4: the page
//    is read again in it). Supported: every encoding of the Encoding Standard that ICU decodes (UTF-8, UTF-16LE and
//    BE, IBM866, ISO-8859-2 to -15, KOI8-R, KOI8-U, macintosh, windows-874 and 1250 to 1258, x-mac-cyrillic, GBK and
//    gb18030, Big5 (as Big5-HKSCS), EUC-JP, ISO-2022-JP, Shift_JIS (as windows-31j), EUC-KR (as windows-949)) and
//    x-user-defined and replacement, which the library decodes itself; ISO-8859-16 when the ICU at hand has it
//    (Debian 12's has not: supported_encodings() lists what this build decodes). A page in UTF-16 or ISO-2022-JP is
//    converted to UTF-8 whole before it is tokenized, and `raw` then views that conversion.
//    Each link is parsed with the page's encoding (§2.4.2 "encoding-parsing a URL"): the query of a special URL
//    that is not ws or wss is encoded in it ("?q=ü" on a windows-1252 page gives "%FC"; a character it cannot
//    encode as "%26%23" its decimal value "%3B"), as iri::web's parse_options::encoding does; a page in UTF-16 or
//    replacement gives UTF-8 queries (the Encoding Standard's "get an output encoding").
//
// Bad input is normal input: any bytes (invalid UTF-8, U+0000, unterminated tags, comments and values, a <base>
// with a bad href) give the links a browser would find, in linear time; an extractor allocates nothing per link
// once its buffers are large enough.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iri/error.hpp"
#include "iri/export.h"
#include "iri/result.hpp"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri::html {

/// Where a page's encoding came from (HTML §13.2.3.2, §13.2.3.4).
enum class encoding_source : std::uint8_t {
    bom,        ///< a byte order mark (confidence certain)
    transport,  ///< options::charset, the HTTP Content-Type's charset (certain)
    prescan,    ///< a <meta> in the first 1,024 bytes, or an XML declaration (tentative)
    meta,       ///< a <meta> the tree builder met after them, which changed a tentative encoding
    fallback,   ///< none of them: options::fallback_encoding (tentative)
};

/// "bom", "transport", "prescan", "meta" or "fallback".
[[nodiscard]] const char* name(encoding_source s) noexcept;

/// How to read a page.
struct options {
    /// The transport layer's charset (the charset parameter of the HTTP Content-Type), an Encoding Standard label
    /// ("utf-8", "latin1", "shift_jis", ...): the page's encoding unless it has a BOM. "" or an unknown or
    /// unsupported label: none.
    std::string_view charset;
    /// The encoding when neither a BOM, `charset` nor the prescan names one (the Standard leaves it to the user
    /// agent's locale; many browsers use windows-1252). A label; UTF-8 when it names no supported encoding.
    std::string_view fallback_encoding = "UTF-8";
    /// HTML's scripting flag: when on, as in a browser running scripts, <noscript> content is raw text (no links);
    /// off, it is markup, as a crawler without scripts reads it.
    bool scripting = true;
    /// Resolve each value against the document base URL (off: link::url stays empty and the page URL may be "").
    bool resolve = true;
    /// The elements to keep, comma-separated lowercase names ("a,area"); "" keeps every one.
    std::string_view only;
};

/// One link of a page. The views are into the extractor (and into the page for `raw`): valid until its next call.
struct link {
    std::string_view url;        ///< the value resolved against the document base URL (an href); "" on failure
    bool resolved = false;       ///< whether `url` holds it
    iri::error failure{};        ///< when resolution failed: errc::url_failure and the URL Standard's validation
                                 ///< error (url_validation, iri::web::validation), its offset in `value`
    std::string_view element;    ///< "a", "img", "meta", ... (an <image> start tag is "img")
    std::string_view attribute;  ///< "href", "src", "srcset", "content", ...
    std::string_view raw;        ///< the attribute's value as the page has it (between its quotes)
    std::string_view value;      ///< the URL as the attribute gives it, decoded: the whole value, a srcset's
                                 ///< candidate, or the URL of a refresh
    std::uint32_t offset = 0;    ///< where `raw` starts in the page (bytes)
    std::string_view rel;        ///< the rel attribute of an a, area or link element, decoded ("" when none)
};

/// What the extractor found out about the last page besides its links.
struct document {
    std::string_view encoding;  ///< the Encoding Standard's name of the page's encoding ("UTF-8", ...)
    encoding_source encoding_from = encoding_source::fallback;
    std::string_view base_url;       ///< the document base URL ("" when options::resolve was off)
    bool base_from_element = false;  ///< it is a <base> element's frozen base URL, not the page URL
};

/// Finds the links of pages, one after the other, reusing its buffers.
class extractor {
public:
    extractor();
    ~extractor();
    extractor(extractor&&) noexcept;
    extractor& operator=(extractor&&) noexcept;

    /// Every link of `page`, in the order of the page (of each attribute; a srcset's candidates in their order),
    /// `page_url` the page's own URL (the fallback base URL). Valid until the next call.
    /// @par Complexity  Linear in the page (the tokenizer) and in the links' lengths (the URL parser); nothing is
    ///                  allocated per link once the extractor's buffers are large enough.
    /// @return the links; errc::url_failure when options::resolve is on and `page_url` is not a URL (its
    ///         validation error in url_validation); errc::input_too_long for a page of 4 GiB or more.
    [[nodiscard]] result<std::span<const link>> links(std::string_view page, std::string_view page_url,
                                                      const options& opt = {});
    /// The last page's encoding and base URL (after a successful links()).
    [[nodiscard]] const html::document& document() const noexcept;

private:
    struct state;
    std::unique_ptr<state> state_;
};

/// A link that owns its text (links() below).
struct owned_link {
    std::string url;
    bool resolved = false;
    iri::error failure{};
    std::string element, attribute, raw, value;
    std::uint32_t offset = 0;
    std::string rel;
};

/// The links of one page, copied out of a fresh extractor: the convenient form when speed is not the point.
[[nodiscard]] result<std::vector<owned_link>> links(std::string_view page, std::string_view page_url,
                                                    const options& opt = {});

/// Whether `element` (lowercase) has a link attribute in data/html/attributes.tsv ("a", "img", ...).
[[nodiscard]] bool is_link_element(std::string_view element) noexcept;

/// An image candidate of a srcset attribute (§4.8.4.3.10 "parse a srcset attribute").
struct image_candidate {
    std::string_view url;     ///< a view into the attribute's value
    std::uint32_t width = 0;  ///< the "w" descriptor, 0 when none
    double density = 0;       ///< the "x" descriptor, 0 when none (the Standard then takes 1x unless there is a width)
};

/// The image candidates of a srcset (or imagesrcset) value, decoded, in order; a candidate with invalid descriptors
/// ("1x 2x", "0w", "-1x", "3q") is dropped as the Standard drops it. Linear in the value.
///   parse_srcset("a.png 1x, b.png 2x")   // {"a.png", 0, 1}, {"b.png", 0, 2}
[[nodiscard]] std::vector<image_candidate> parse_srcset(std::string_view value);

/// What a <meta http-equiv="refresh"> content says (§4.2.5.3 shared declarative refresh steps).
struct refresh {
    std::uint32_t seconds = 0;  ///< the time (saturated)
    bool has_url = false;       ///< whether a URL follows it (without one the page reloads itself)
    std::string_view url;       ///< the URL as written (quotes removed), a view into the content
};

/// The refresh of a content value; nullopt when the steps return early (no time: "x", "; url=a").
///   parse_refresh("5; URL='/next'")   // {5, true, "/next"}
[[nodiscard]] std::optional<refresh> parse_refresh(std::string_view content);

/// A page's encoding by the encoding sniffing algorithm (§13.2.3.2): BOM, `charset`, the prescan, `fallback`.
struct sniffed_encoding {
    std::string_view name;  ///< the Encoding Standard's name
    encoding_source source;
};
[[nodiscard]] sniffed_encoding sniff_encoding(std::string_view page, std::string_view charset = {},
                                              std::string_view fallback = "UTF-8") noexcept;

/// The Encoding Standard's names of the encodings this build decodes.
[[nodiscard]] std::vector<std::string_view> supported_encodings();

}  // namespace iri::html
IRI_API_END
