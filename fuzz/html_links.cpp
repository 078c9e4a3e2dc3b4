// Links from HTML pages (iri/html.hpp): extractor::links on any bytes, with each SIMD implementation the processor
// has.
//   options: bits 0-1 the transport charset (none, windows-1252, shift_jis, utf-16le), bit 2 the scripting flag
//   off, bit 3 the page URL from the text (text: page URL LF page; else the text is the page).
// Oracles: the page URL being a URL, links() succeeds; every link's offset lies inside the page, and in a page read
// as its bytes (an ASCII-compatible encoding) the page holds its raw value there; its element has a link
// attribute, its value is not white space only; every resolved URL parses again to itself (URL Standard §4.5: the
// serializer's output is a fixed point of the parser) and a failure lies inside its value; resolving changes no
// link but its URL; every SIMD level finds the same links. Linear time: libFuzzer's timeout here, and
// bench/adversarial_bench.cpp's HTML rows at 1 MB and 10 MB (bench/run.sh --adversarial).
#include <optional>
#include <span>
#include <tuple>
#include <string>
#include <vector>

#include "fuzz.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/html.hpp"
#include "iri/web.hpp"

namespace {

using iri::detail::simd_level;

// A link's fields as text, to compare runs.
std::string shown(const iri::html::link& l, bool with_url) {
    std::string s(l.element);
    s.append("|").append(l.attribute).append("|").append(l.raw).append("|").append(l.value).append("|");
    s.append(std::to_string(l.offset)).append("|").append(l.rel);
    if (with_url) s.append("|").append(l.resolved ? l.url : "(failed)");
    return s;
}

std::vector<std::string> all(std::span<const iri::html::link> links, bool with_url) {
    std::vector<std::string> out;
    for (const auto& l : links) out.push_back(shown(l, with_url));
    return out;
}

bool blank(std::string_view s) {
    for (const char c : s)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r') return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    static const char* const charsets[] = {"", "windows-1252", "shift_jis", "utf-16le"};
    iri::html::options opt;
    opt.charset = charsets[in.bits(0, 2)];
    opt.scripting = !in.flag(2);
    std::string_view page = in.text, page_url = "https://example.com/dir/page.html";
    if (in.flag(3)) std::tie(page_url, page) = in.two();

    iri::html::extractor x;
    std::optional<std::vector<std::string>> found;
    for (const simd_level level : {simd_level::scalar, simd_level::avx2, simd_level::avx512}) {
        if (!iri::detail::select_simd_level(level)) continue;
        const auto r = x.links(page, page_url, opt);
        fuzz::require(r.has_value() == iri::web::can_parse(page_url), "links() fails only on a page URL that is none",
                      in.text);
        if (!r) return 0;
        auto links = all(*r, true);
        if (!found) found = std::move(links);
        else
            fuzz::require(*found == links, "every SIMD implementation finds the same links", in.text,
                          "level " + std::to_string(static_cast<int>(level)));
    }

    const auto r = x.links(page, page_url, opt);
    const std::string_view encoding = x.document().encoding;
    const bool as_bytes =
        encoding != "UTF-16LE" && encoding != "UTF-16BE" && encoding != "ISO-2022-JP" && encoding != "replacement";
    for (const iri::html::link& l : *r) {
        fuzz::require(l.offset <= page.size() && (!as_bytes || l.offset + l.raw.size() <= page.size()),
                      "a link's offset lies inside the page", in.text, shown(l, true));
        if (as_bytes)
            fuzz::require(page.substr(l.offset, l.raw.size()) == l.raw, "the page holds the raw value at its offset",
                          in.text, shown(l, true));
        fuzz::require(iri::html::is_link_element(l.element) && !l.attribute.empty(), "a link is a link attribute's",
                      in.text, shown(l, true));
        fuzz::require(!blank(l.value), "no link has a value of white space only", in.text, shown(l, true));
        if (l.resolved) {
            const auto again = iri::web::parse(l.url);
            fuzz::require(again.has_value() && again->href() == l.url, "a resolved URL parses again to itself", in.text,
                          std::string(l.url));
        } else {
            fuzz::require(l.failure.code == iri::errc::url_failure && l.failure.offset <= l.value.size(),
                          "a failure is url_failure, inside the value", in.text, shown(l, false));
        }
    }
    const std::vector<std::string> resolved = all(*r, false);
    iri::html::options raw = opt;
    raw.resolve = false;
    const auto unresolved = x.links(page, "", raw);
    fuzz::require(unresolved.has_value() && all(*unresolved, false) == resolved,
                  "resolving changes no link but its URL", in.text);
    return 0;
}
