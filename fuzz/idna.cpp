// host_to_ascii, host_to_unicode (iri/idna.hpp) and the URL Standard's domain to ASCII (web_domain_to_ascii, strict
// and not): UTS #46 on the library's tables, compared with nothing but itself.
//   options: bit 0 the text's host by the RFC 3986 Appendix B split (the seeds are URLs), else the whole text.
// Oracles: an error lies inside the input and is idna_failed (or unicode_failure); ToASCII gives ASCII without
// uppercase, and is its own ToASCII; ToUnicode of it succeeds and gives it back by ToASCII; where ToASCII and
// ToUnicode of the input both succeed, ToASCII(ToUnicode(x)) is ToASCII(x); the relaxed domain to ASCII answers
// whatever host_to_ascii or the strict one answers, is ASCII and its own result. Time: libFuzzer's -timeout on
// inputs of up to 4 kB; bench/adversarial_bench.cpp measures megabyte hosts.
#include <string>

#include "convert/idna_detail.hpp"
#include "fuzz.hpp"
#include "iri/idna.hpp"
#include "iri/split.hpp"

namespace {

bool plain_ascii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80 || (c >= 'A' && c <= 'Z')) return false;
    return true;
}

void require_idna_error(const iri::error& e, std::size_t size, std::string_view text) {
    fuzz::require(e.code == iri::errc::idna_failed || e.code == iri::errc::unicode_failure,
                  "a UTS #46 failure is idna_failed", text, iri::name(e.code));
    fuzz::require_inside(e, size, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    std::string_view host = in.text;
    if (in.flag(0)) {
        const iri::span h = iri::split(in.text)[iri::component::host];
        if (h.present()) host = in.text.substr(h.begin, h.size());
    }
    const auto ascii = iri::host_to_ascii(host);
    const auto unicode = iri::host_to_unicode(host);
    if (!ascii) require_idna_error(ascii.error(), host.size(), host);
    if (!unicode) require_idna_error(unicode.error(), host.size(), host);
    if (ascii) {
        fuzz::require(plain_ascii(*ascii), "ToASCII gives ASCII without uppercase", host, *ascii);
        const auto again = iri::host_to_ascii(*ascii);
        fuzz::require(again && *again == *ascii, "ToASCII is its own ToASCII", host, *ascii);
        const auto back = iri::host_to_unicode(*ascii);
        fuzz::require(back.has_value(), "ToUnicode of a ToASCII succeeds", host, *ascii);
        const auto round = iri::host_to_ascii(*back);
        fuzz::require(round && *round == *ascii, "ToASCII(ToUnicode(ToASCII(x))) is ToASCII(x)", host, *back);
        if (unicode) {
            const auto via = iri::host_to_ascii(*unicode);
            fuzz::require(via && *via == *ascii, "ToASCII(ToUnicode(x)) is ToASCII(x)", host, *unicode);
        }
    }
    // The URL Standard §3.3: beStrict true adds checks to false's, never changes a result.
    const auto relaxed = iri::detail::web_domain_to_ascii(host, false);
    const auto strict = iri::detail::web_domain_to_ascii(host, true);
    if (strict) fuzz::require(relaxed == strict, "strict domain to ASCII answers as the relaxed one", host, *strict);
    if (ascii) fuzz::require(relaxed == *ascii, "the relaxed domain to ASCII answers as host_to_ascii", host, *ascii);
    if (relaxed) {
        bool is_ascii = true;
        for (char c : *relaxed) is_ascii = is_ascii && static_cast<unsigned char>(c) < 0x80;
        fuzz::require(is_ascii, "domain to ASCII gives ASCII", host, *relaxed);
        fuzz::require(iri::detail::web_domain_to_ascii(*relaxed, false) == relaxed,
                      "domain to ASCII is its own domain to ASCII", host, *relaxed);
    }
    return 0;
}
