// The C API (include/iri.h): the parsed-reference handle, an iri::reference (iri/reference.hpp) behind an opaque
// pointer, read through views into the text it owns.
#include "c_api/c_api_detail.hpp"
#include "iri/reference.hpp"

using namespace iri::detail::c_api;

struct iri_reference {
    iri::reference value;
};

namespace {

bool has(const iri_reference* ref, iri::component c) noexcept { return ref != nullptr && ref->value.offsets().has(c); }

}  // namespace

extern "C" {

int iri_reference_parse(const char* text, size_t len, int grammar, iri_reference** out, iri_error* err) {
    if (const int s = start_output(text, len, out, err)) return s;
    const auto g = to_grammar(grammar);
    if (!g) return fail(err, IRI_E_NO_SUCH_GRAMMAR, "no such grammar");
    return guarded(err, [&]() -> int {
        auto r = iri::reference::parse(std::string(bytes(text, len)), *g);
        if (!r) return fail(err, r.error());
        *out = new iri_reference{std::move(*r)};
        return IRI_OK;
    });
}

void iri_reference_free(iri_reference* ref) { delete ref; }

iri_string_view iri_reference_text(const iri_reference* ref) {
    if (ref == nullptr) return {nullptr, 0};
    return {ref->value.c_str(), ref->value.str().size()};
}

iri_string_view iri_reference_component(const iri_reference* ref, int component) {
    if (ref == nullptr || component < 0 || component >= IRI_COMPONENT_COUNT) return {nullptr, 0};
    const iri::span s = ref->value.offsets()[static_cast<iri::component>(component)];
    if (!s.present()) return {nullptr, 0};
    return {ref->value.c_str() + s.begin, s.size()};
}

iri_string_view iri_reference_scheme(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_SCHEME);
}
iri_string_view iri_reference_authority(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_AUTHORITY);
}
iri_string_view iri_reference_userinfo(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_USERINFO);
}
iri_string_view iri_reference_host(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_HOST);
}
iri_string_view iri_reference_port(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_PORT);
}
iri_string_view iri_reference_path(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_PATH);
}
iri_string_view iri_reference_query(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_QUERY);
}
iri_string_view iri_reference_fragment(const iri_reference* ref) {
    return iri_reference_component(ref, IRI_COMPONENT_FRAGMENT);
}

int iri_reference_has_scheme(const iri_reference* ref) { return has(ref, iri::component::scheme) ? 1 : 0; }
int iri_reference_has_authority(const iri_reference* ref) { return has(ref, iri::component::authority) ? 1 : 0; }
int iri_reference_has_userinfo(const iri_reference* ref) { return has(ref, iri::component::userinfo) ? 1 : 0; }
int iri_reference_has_port(const iri_reference* ref) { return has(ref, iri::component::port) ? 1 : 0; }
int iri_reference_has_query(const iri_reference* ref) { return has(ref, iri::component::query) ? 1 : 0; }
int iri_reference_has_fragment(const iri_reference* ref) { return has(ref, iri::component::fragment) ? 1 : 0; }

int iri_reference_host_kind(const iri_reference* ref) {
    return ref == nullptr ? IRI_HOST_NONE : static_cast<int>(ref->value.host_kind());
}

int32_t iri_reference_port_number(const iri_reference* ref) {
    if (ref == nullptr || ref->value.port_status() != iri::port_status::in_range) return -1;
    return ref->value.port_number();
}

}  // extern "C"
