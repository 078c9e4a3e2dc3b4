// The scheme rung's rules of particular schemes (RFC 3986 §6.2.3), applied to a normal form already written:
// each reads the scheme's parts from its grammar (grammar/schemes/, scheme_rules.hpp), so a rule touches exactly
// the text the RFC's ABNF names, and only in a reference that satisfies that grammar.
#include <algorithm>

#include "iri/scheme_rules.hpp"
#include "normalize/normalize_detail.hpp"
#include "text/ascii.hpp"

namespace iri::detail {

namespace {

// US-ASCII letters of out[begin, end) to lowercase, but for the hex digits of "%HH" triplets (uppercase, §6.2.2.1).
void lower_outside_triplets(std::string& out, std::size_t begin, std::size_t end) noexcept {
    for (std::size_t i = begin; i < end; ++i) {
        if (out[i] == '%') i += 2;
        else out[i] = to_lower(out[i]);
    }
}

// RFC 8141 §3.1: the NID lowercased ("urn" is the scheme, lowercased already); for a key, the assigned-name only:
// the r-, q- and f-components "MUST be ignored for purposes of determining URN-equivalence".
void urn_rule(std::string& out, std::size_t from, const scheme_match& m, normal_purpose purpose) {
    const auto nid = m.first("NID");
    const auto nss = m.first("NSS");
    if (!nid || !nss) return;
    lower_outside_triplets(out, from + nid->begin, from + nid->end);
    if (purpose == normal_purpose::key) out.resize(from + nss->end);
}

// RFC 6068 §6, RFC 5321 §2.4: the domain of each address of the "to" list lowercased; the local part kept.
void mailto_rule(std::string& out, std::size_t from, const scheme_match& m) {
    for (const scheme_part& domain : m.all("domain"))
        lower_outside_triplets(out, from + domain.begin, from + domain.end);
}

// RFC 8089 §2: file-auth = "localhost" / host, where "localhost" means what an empty host means.
void file_rule(std::string& out, std::size_t from, const scheme_match& m) {
    const auto auth = m.first("file-auth");
    if (auth && iequals(auth->text, "localhost")) out.erase(from + auth->begin, auth->end - auth->begin);
}

// Whether `s` has an US-ASCII uppercase letter outside the hex digits of its "%HH" triplets.
bool uppercase_outside_triplets(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') i += 2;
        else if (to_lower(s[i]) != s[i]) return true;  // an uppercase letter
    }
    return false;
}

}  // namespace

// What each rule changes must be there: told without a match of the scheme's grammar, which costs several times the
// rest of the normal form, so that a reference the rule cannot change is copied whole like any other.
bool scheme_rule_may_change(const scheme_info& scheme, std::string_view written, normal_purpose purpose) noexcept {
    switch (scheme.equivalence) {
        case scheme_equivalence::urn:  // an uppercase NID; for a key, an r-, q- or f-component after the NSS
            return uppercase_outside_triplets(written) ||
                   (purpose == normal_purpose::key && written.find_first_of("?#") != std::string_view::npos);
        case scheme_equivalence::mailto: return uppercase_outside_triplets(written);  // an uppercase domain
        case scheme_equivalence::file: return iequals(written.substr(0, 16), "file://localhost");
        case scheme_equivalence::none: break;
    }
    return false;
}

void apply_scheme_equivalence(std::string& out, std::size_t from, const scheme_info& scheme, normal_purpose purpose) {
    // RFC 3986 §3.5: the fragment is not the scheme's; in a valid reference the first "#" is where it begins.
    const std::string_view written = std::string_view(out).substr(from);
    if (!scheme_rule_may_change(scheme, written, purpose)) return;
    const scheme_match m = match_scheme_grammar(written.substr(0, written.find('#')), scheme.name);
    if (!m.ok()) return;  // the generic rules only: the scheme's own apply to references its grammar takes
    switch (scheme.equivalence) {
        case scheme_equivalence::urn: urn_rule(out, from, m, purpose); break;
        case scheme_equivalence::mailto: mailto_rule(out, from, m); break;
        case scheme_equivalence::file: file_rule(out, from, m); break;
        case scheme_equivalence::none: break;
    }
}

}  // namespace iri::detail
