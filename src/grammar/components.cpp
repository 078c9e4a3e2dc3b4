// Component names and the offset consistency check.
#include "iri/components.hpp"

namespace iri {

const char* name(component c) noexcept {
    static constexpr const char* names[] = {
#define IRI_COMPONENT(id, rfc3986_name) rfc3986_name,
#include "iri/roles.def"
#undef IRI_COMPONENT
        "none",
    };
    return names[static_cast<std::size_t>(c)];
}

const char* name(host_kind k) noexcept {
    switch (k) {
        case host_kind::reg_name: return "reg-name";
        case host_kind::ipv4: return "IPv4address";
        case host_kind::ipv6: return "IPv6address";
        case host_kind::ipvfuture: return "IPvFuture";
        case host_kind::none: break;
    }
    return "none";
}

bool components::consistent(std::size_t input_size) const noexcept {
    for (const span& s : spans) {
        if (!s.present()) continue;
        if (s.end == span::omitted || s.begin > s.end || s.end > input_size) return false;
    }
    // The generic components in RFC 3986 order, each after the previous one ends.
    const component order[] = {component::scheme, component::authority, component::path, component::query,
                               component::fragment};
    std::uint32_t at = 0;
    for (component c : order) {
        if (!has(c)) continue;
        if ((*this)[c].begin < at) return false;
        at = (*this)[c].end;
    }
    // userinfo, host and port lie inside authority, in that order.
    std::uint32_t in = 0;
    for (component c : {component::userinfo, component::host, component::port}) {
        if (!has(c)) continue;
        if (has(component::authority) && ((*this)[c].begin < (*this)[component::authority].begin ||
                                          (*this)[c].end > (*this)[component::authority].end))
            return false;
        if ((*this)[c].begin < in) return false;
        in = (*this)[c].end;
    }
    // At most one host kind, inside host.
    int kinds = 0;
    for (component c : {component::ipv4address, component::ipv6address, component::ipvfuture, component::reg_name}) {
        if (!has(c)) continue;
        ++kinds;
        if (has(component::host) &&
            ((*this)[c].begin < (*this)[component::host].begin || (*this)[c].end > (*this)[component::host].end))
            return false;
    }
    return kinds <= 1;
}

}  // namespace iri
