// public_suffix_list::lookup and lookup_url_or_host, by the system's list (libpsl's default), with both sections or
// the ICANN section alone, and host_of.
//   options: bit 0 psl_sections::icann_only, bit 1 the text as a URL or host (lookup_url_or_host).
// Oracles: an error lies inside the input; a registrable domain is the public suffix and one label more, and a
// suffix at a label boundary of the host in its answered form (the host lowercased, or for a host that is not
// plain ASCII its UTS #46 ToUnicode of ToASCII; a final dot kept); no registrable domain without a public suffix;
// lookup_url_or_host of a URL answers as lookup of host_of's host.
#include <string>

#include "fuzz.hpp"
#include "iri/idna.hpp"
#include "iri/public_suffix.hpp"

namespace {

const iri::crawl::public_suffix_list& system_list() {
    static const auto loaded = iri::crawl::public_suffix_list::load_default();
    if (!loaded.list) fuzz::fail("the system's Public Suffix List loads", "", loaded.error);
    return *loaded.list;
}

// The host as the answers write it: lowercased ASCII, or UTS #46's Unicode form (nullopt when UTS #46 refuses it).
std::optional<std::string> answered_form(std::string_view host) {
    bool plain = true;
    for (char c : host) plain = plain && static_cast<unsigned char>(c) < 0x80;
    if (plain) {
        std::string lower(host);
        for (char& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        return lower;
    }
    const bool final_dot = !host.empty() && host.back() == '.';
    auto a = iri::host_to_ascii(final_dot ? host.substr(0, host.size() - 1) : host);
    if (!a) return std::nullopt;
    auto u = iri::host_to_unicode(*a);
    if (!u) return std::nullopt;
    return final_dot ? *u + "." : *u;
}

// `s` ends `whole` at a label boundary.
bool label_suffix(std::string_view s, std::string_view whole) {
    return whole.ends_with(s) && (s.size() == whole.size() || whole[whole.size() - s.size() - 1] == '.');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const fuzz::input in(data, size);
    const auto& psl = system_list();
    const auto sections = in.flag(0) ? iri::crawl::psl_sections::icann_only : iri::crawl::psl_sections::all;
    std::string_view host = in.text;
    if (in.flag(1)) {
        const auto site = psl.lookup_url_or_host(in.text, sections);
        const auto h = iri::crawl::host_of(in.text);
        fuzz::require(h.has_value() || !site.has_value(), "host_of fails only where lookup_url_or_host does", in.text);
        if (!site) {
            fuzz::require_inside(site.error(), in.text.size(), in.text);
            return 0;
        }
        host = *h;
        const auto direct = psl.lookup(host, sections);
        fuzz::require(direct.has_value() && direct->public_suffix == site->public_suffix &&
                          direct->registrable_domain == site->registrable_domain,
                      "lookup_url_or_host answers as lookup of its host", in.text);
    }
    const auto site = psl.lookup(host, sections);
    if (!site) {
        fuzz::require_inside(site.error(), host.size(), in.text);
        return 0;
    }
    fuzz::require(site->public_suffix.has_value() || !site->registrable_domain.has_value(),
                  "no registrable domain without a public suffix", in.text);
    if (!site->public_suffix) return 0;
    const auto form = answered_form(host);
    fuzz::require(form.has_value(), "a host with answers has its answered form", in.text);
    fuzz::require(label_suffix(*site->public_suffix, *form), "the public suffix ends the host", in.text,
                  *site->public_suffix + " / " + *form);
    if (!site->registrable_domain) return 0;
    const std::string& domain = *site->registrable_domain;
    fuzz::require(label_suffix(domain, *form), "the registrable domain ends the host", in.text, domain + " / " + *form);
    const std::size_t dot = domain.find('.');
    fuzz::require(dot != std::string::npos && dot > 0 && domain.substr(dot + 1) == *site->public_suffix,
                  "the registrable domain is one label and the public suffix", in.text,
                  domain + " / " + *site->public_suffix);
    return 0;
}
