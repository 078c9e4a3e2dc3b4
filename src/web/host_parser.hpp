// The host parser (§3.5) and the host serializer (§3.6) of the URL Standard: domains through UTS #46 with the
// Standard's flags (domain to ASCII, §3.3), the IPv4 parser with its number forms (§3.5, text/ip_address.hpp's
// reader; the ends-in-a-number checker is there too), IPv6 (§3.5, serialized by §3.6's compression rule), opaque
// hosts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "iri/web.hpp"

namespace iri::web {

/// What the host parser found: the kind of host written, or the failure with the validation error behind it.
struct host_outcome {
    host_kind kind = host_kind::none;
    bool failed = false;
    validation failure{};
    std::uint32_t failure_offset = 0;  ///< byte of the whole input (input_offset + offset in `input`)
};

/// The host parser on `input` (the host's bytes of the input, tab and newline removed, not yet percent-decoded;
/// UTF-8, an ill-formed sequence read as U+FFFD), `is_opaque` true for a URL that is not special. On success appends the serialized host (§3.6: IPv6 in
/// brackets) to `out`; on failure `out` is as it was. Non-failing validation errors go to `notes` when given,
/// their offsets counted from `input_offset`.
[[nodiscard]] host_outcome parse_host(std::string_view input, bool is_opaque, std::string* out,
                                      std::vector<validation_note>* notes, std::uint32_t input_offset);

}  // namespace iri::web
