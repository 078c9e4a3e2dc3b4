// UTS #46 processing (Unicode IDNA Compatibility Processing, the version of data/unicode/): §4's steps and §4.1's
// validity criteria, §4.2 ToASCII and §4.3 ToUnicode with their flags, over the generated tables
// (convert/idna_table.hpp). Processing is always nontransitional (Transitional_Processing false) and never ignores
// invalid Punycode (IgnoreInvalidPunycode false). The entry points of iri/idna.hpp and idna_detail.hpp call these.
// Private to the library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace iri::detail {

/// The flags of UTS #46 §4 and §4.2 that callers set.
struct uts46_flags {
    bool check_hyphens = true;
    bool check_bidi = true;
    bool check_joiners = true;
    bool use_std3_ascii_rules = true;
    bool verify_dns_length = true;  ///< ToASCII only
    /// ToASCII with verify_dns_length: a last label that is empty (the name ends in ".", the DNS root) is no error
    /// and is kept. UTS #46 counts it as an empty label (§4.2 step 4); ICU did not, nor do DNS resolvers.
    bool root_label_allowed = false;
};

/// What processing gives: the domain name (ToASCII's or ToUnicode's), and the errors recorded (iri::idna_error
/// bits; 0: none, the operation succeeded). `normalization_failed`: ICU could not normalize (no data, no memory).
struct uts46_result {
    std::string domain;
    std::uint32_t errors = 0;
    bool normalization_failed = false;
};

/// UTS #46 §4.2 ToASCII of `domain` (UTF-8; an ill-formed sequence is U+FFFD, which is disallowed). On an error
/// the domain is what the steps gave, labels that failed to convert as they were.
[[nodiscard]] uts46_result uts46_to_ascii(std::string_view domain, const uts46_flags& flags);

/// UTS #46 §4.3 ToUnicode of `domain`; an empty label other than the last is an error (Unicode's IdnaTestV2 X4_2).
/// verify_dns_length and root_label_allowed do not apply.
[[nodiscard]] uts46_result uts46_to_unicode(std::string_view domain, const uts46_flags& flags);

// ---- the steps, each in its own file ----

/// §4 steps 1 and 2 (convert/idna_map.cpp): each code point of `domain` mapped by its status (mapped: replaced by
/// its mapping; ignored: removed; deviation, valid, disallowed: kept; nontransitional), then the whole put in NFC;
/// appended to `out` as UTF-8. False when ICU cannot normalize.
[[nodiscard]] bool uts46_map(std::string_view domain, std::string& out);

/// What §4.1 criteria 1 to 7 find in one label (the iri::idna_error bits of those it fails; 0 for an empty label),
/// and what the criteria on the whole name read of it: whether it has a code point of Bidi_Class R, AL or AN (RFC
/// 5893 §1.4: a right-to-left label makes its name a Bidi domain name) and a ZERO WIDTH (NON-)JOINER.
struct uts46_label_facts {
    std::uint32_t errors = 0;
    bool right_to_left = false;
    bool joiner = false;
};

/// §4.1 criteria 1 to 7 for one label of code points (`from_punycode`: it was an "xn--" label, decoded).
/// `normalization_failed` set when ICU cannot tell NFC.
[[nodiscard]] uts46_label_facts uts46_check_label(std::u32string_view label, bool from_punycode,
                                                  const uts46_flags& flags, bool& normalization_failed);

/// The same for a label of ASCII that was not an "xn--" label, read as bytes (the common case, without code points).
[[nodiscard]] uts46_label_facts uts46_check_ascii_label(std::string_view label, const uts46_flags& flags) noexcept;

/// §4.1 criterion 8: RFC 5892 Appendix A.1 and A.2 (the ZERO WIDTH NON-JOINER and JOINER rules) for one label.
[[nodiscard]] bool uts46_joiners_valid(std::u32string_view label) noexcept;

/// §4.1 criterion 9: the six conditions of RFC 5893 §2 for one non-empty label of a Bidi domain name.
[[nodiscard]] bool uts46_bidi_valid(std::u32string_view label) noexcept;

}  // namespace iri::detail
