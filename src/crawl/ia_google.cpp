// The IA canonicalizer's Google stage (the surt package's GoogleURLCanonicalizer.py, Java's BasicURLCanonicalizer;
// crawler-keys.md §1 "Google stage"): its pieces, each named after the package's function it follows, and the
// host's whole stage. Each of the package's regular expressions is written out as a scan, in linear time.
#include <unicode/utf8.h>

#include <algorithm>
#include <cstring>

#include "crawl/ia_canon.hpp"
#include "grammar/charset_detail.hpp"
#include "grammar/literal_skip.hpp"
#include "iri/idna.hpp"
#include "text/ascii.hpp"
#include "text/ip_address.hpp"
#include "text/percent_octets.hpp"

namespace iri::crawl::detail {

namespace {

using iri::detail::is_digit;

// The octets escapeOnce leaves as they are (crawler-keys.md §1 "escape once": 0x21-0x7E but "#" and "%"), in the
// form the SIMD literal skip takes: the complement of escaped_once.
const iri::detail::ascii_set& kept_once() noexcept {
    static const iri::detail::ascii_set set = [] {
        iri::detail::ascii_set s;
        for (unsigned c = 0; c < 0x80; ++c)
            if (!escaped_once(static_cast<unsigned char>(c)))
                s.low_nibble[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4));
        return s;
    }();
    return set;
}

// The host of an invalid-UTF-8-free copy of `host` (Python's decode('utf-8', 'ignore')), as A-labels, into `out`;
// false when IDNA refuses it (the package then keeps the bytes as they were).
bool idna_host(std::string_view host, std::string& out) {
    std::string valid;
    valid.reserve(host.size());
    const auto* p = reinterpret_cast<const std::uint8_t*>(host.data());
    const auto n = static_cast<std::int32_t>(host.size());
    for (std::int32_t i = 0; i < n;) {
        const std::int32_t start = i;
        UChar32 c = 0;
        U8_NEXT(p, i, n, c);
        if (c >= 0) valid.append(host.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
    auto a = iri::host_to_ascii(valid);
    if (!a) return false;
    out = std::move(*a);
    return true;
}

}  // namespace

std::size_t plain_run(std::string_view s) noexcept {
    return iri::detail::skip_literals(reinterpret_cast<const unsigned char*>(s.data()), 0,
                                      static_cast<std::uint32_t>(s.size()), kept_once());
}

void append_unescaped_repeatedly(std::string& out, std::string_view in) {
    const std::size_t first = in.find('%');
    if (first == std::string_view::npos) {  // nothing to decode: the common case, one copy
        out.append(in);
        return;
    }
    const std::size_t base = out.size();
    out.append(in.substr(0, first));
    // The octet just written (or decoded) may close a "%HH" with the two before it; so may what that decodes to.
    const auto push = [&](char c) {
        out.push_back(c);
        while (out.size() - base >= 3) {
            const int v = iri::detail::escape_at(out, out.size() - 3);
            if (v < 0) break;
            out.resize(out.size() - 3);
            out.push_back(static_cast<char>(v));
        }
    };
    // A "%" among the last two octets written: the next octet may close a triplet.
    const auto open_triplet = [&] {
        const std::size_t n = out.size() - base;
        return (n >= 1 && out[out.size() - 1] == '%') || (n >= 2 && out[out.size() - 2] == '%');
    };
    for (std::size_t i = first; i < in.size();) {
        push(in[i]);  // a "%"
        // The run up to the next "%": one octet at a time while it may close a triplet (begun by a "%" written or
        // decoded just before), the rest at once (a triplet it ends would begin inside the run, which has no "%").
        const std::size_t next = std::min(in.find('%', i + 1), in.size());
        std::size_t k = i + 1;
        for (; k < next && open_triplet(); ++k) push(in[k]);
        out.append(in.substr(k, next - k));
        i = next;
    }
}

void append_escaped_once(std::string& out, std::string_view in) {
    for (std::size_t run = 0;;) {  // the octets kept as they are, a run at a time
        const std::size_t n = run + plain_run(in.substr(run));
        out.append(in.substr(run, n - run));
        if (n == in.size()) return;
        char triplet[3];
        iri::detail::put_percent_encoded(triplet, static_cast<unsigned char>(in[n]));
        out.append(triplet, 3);
        run = n + 1;
    }
}

std::optional<std::uint32_t> inet_aton(std::string_view host, bool hex) noexcept {
    std::uint64_t parts[4] = {};
    std::size_t count = 0, i = 0;
    while (true) {
        if (count == 4) return std::nullopt;
        unsigned base = 10;
        if (i < host.size() && host[i] == '0') {
            base = 8, ++i;
            if (hex && i < host.size() && (host[i] == 'x' || host[i] == 'X')) base = 16, ++i;
        } else if (i == host.size() || !is_digit(host[i])) {
            return std::nullopt;  // an empty part
        }
        std::uint64_t v = 0;
        for (; i < host.size() && host[i] != '.'; ++i) {
            const unsigned d = iri::detail::hex_values[static_cast<unsigned char>(host[i])];
            if (d >= base) return std::nullopt;
            v = v * base + d;
            if (v > 0xFFFFFFFFu) return std::nullopt;
        }
        parts[count++] = v;
        if (i == host.size()) break;
        ++i;  // the "."
    }
    std::uint32_t value = 0;
    for (std::size_t k = 0; k + 1 < count; ++k) {
        if (parts[k] > 0xFF) return std::nullopt;
        value |= static_cast<std::uint32_t>(parts[k]) << (24 - 8 * k);
    }
    const std::uint64_t last_max = 0xFFFFFFFFu >> (8 * (count - 1));
    if (parts[count - 1] > last_max) return std::nullopt;
    return value | static_cast<std::uint32_t>(parts[count - 1]);
}

std::optional<std::array<std::uint8_t, 4>> attempt_ip_formats(std::string_view host) noexcept {
    const auto quad = [](std::uint32_t v) {
        return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                                           static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
    };
    if (host.empty()) return std::nullopt;
    if (std::all_of(host.begin(), host.end(), is_digit)) {  // int(host) & 0xffffffff: arithmetic modulo 2^32
        std::uint32_t v = 0;
        for (const char c : host) v = v * 10u + iri::detail::hex_values[static_cast<unsigned char>(c)];
        return quad(v);
    }
    // DECIMAL_IP ^([1-9][0-9]*)(\.[0-9]+){0,3}$ or OCTAL_IP ^(0[0-7]*)(\.[0-7]+){0,3}$; then inet_aton (the package
    // asks gethostbyname_ex, which reads such a name with inet_aton and otherwise asks DNS: no address here).
    const unsigned top = host[0] == '0' ? 8 : 10;  // octal or decimal digits
    std::size_t parts = 1, run = 0;
    for (const char c : host) {
        if (c == '.') {
            if (run == 0) return std::nullopt;
            ++parts, run = 0;
        } else if (iri::detail::hex_values[static_cast<unsigned char>(c)] < top) {
            ++run;
        } else {
            return std::nullopt;
        }
    }
    if (run == 0 || parts > 4) return std::nullopt;
    const auto v = inet_aton(host, false);
    if (!v) return std::nullopt;
    return quad(*v);
}

void append_normalized_path(std::string& out, std::string_view path) {
    out.push_back('/');
    const std::size_t slash = path.find('/');
    if (slash == std::string_view::npos) return;  // no segment after the first piece, which is never kept
    // keptPaths, joined by "/", from `kept` on; "..", when one is kept, removes the last whatever it is.
    const std::size_t kept = out.size();
    std::size_t count = 0;
    for (std::size_t i = slash + 1;;) {
        const std::size_t j = std::min(path.find('/', i), path.size());
        const std::string_view seg = path.substr(i, j - i);
        if (seg == "..") {
            if (count > 0) {
                std::size_t e = out.size();
                while (e > kept && out[e - 1] != '/') --e;
                out.resize(e > kept ? e - 1 : kept);
                --count;
            } else {
                out.append(seg);
                count = 1;
            }
        } else if (seg != ".") {
            if (count > 0) out.push_back('/');
            out.append(seg);
            ++count;
        }
        if (j == path.size()) break;
        i = j + 1;
    }
    // The kept segments, each but the last followed by "/" and left out when empty.
    std::size_t r = kept, w = kept;
    const std::size_t end = out.size();
    for (std::size_t k = 0; k < count; ++k) {
        const bool last = k + 1 == count;
        std::size_t e = r;
        if (last) {
            e = end;
        } else {
            while (out[e] != '/') ++e;
        }
        if (last || e > r) {
            std::memmove(out.data() + w, out.data() + r, e - r);
            w += e - r;
            if (!last) out[w++] = '/';
        }
        r = e + 1;
    }
    out.resize(w);
}

void append_google_host(std::string& out, std::string_view host) {
    // Decoded repeatedly; beyond ASCII, A-labels by IDNA (UTS #46 here, Python's IDNA 2003 codec there; a host it
    // refuses keeps its bytes, escaped below).
    std::string h;
    append_unescaped_repeatedly(h, host);
    if (!iri::detail::is_ascii(h)) idna_host(h, h);
    // host.replace(b'..', b'.') (each pair once, left to right), then strip(b'.').
    std::size_t w = 0;
    for (std::size_t r = 0; r < h.size();) {
        const bool pair = h[r] == '.' && r + 1 < h.size() && h[r + 1] == '.';
        h[w++] = h[r];
        r += pair ? 2 : 1;
    }
    h.resize(w);
    const std::size_t b = h.find_first_not_of('.');
    const std::size_t e = h.find_last_not_of('.');
    const std::string_view stripped =
        b == std::string::npos ? std::string_view() : std::string_view(h).substr(b, e - b + 1);
    // attemptIPFormats: an address as its dotted quad; else lowercase, then escaped once.
    if (const auto ip = attempt_ip_formats(stripped)) {
        iri::detail::append_ipv4_text(out, *ip);
        return;
    }
    lowercase_from(h, b == std::string::npos ? h.size() : b);
    append_escaped_once(out, stripped);
}

}  // namespace iri::crawl::detail
