// The C API's common part (include/iri.h): names, grammar and production lookup, error details, iri_free.
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "c_api/c_api_detail.hpp"
#include "iri/components.hpp"

namespace iri::detail::c_api {

static_assert(IRI_E_NOT_RELATIVIZABLE == static_cast<int>(errc::not_relativizable), "C codes follow iri::errc");
static_assert(IRI_E_BAD_PORT == static_cast<int>(errc::bad_port), "C codes follow iri::errc");
static_assert(IRI_E_UNCLOSED_IP_LITERAL == static_cast<int>(errc::unclosed_ip_literal), "C codes follow iri::errc");
static_assert(IRI_E_URL_FAILURE == static_cast<int>(errc::url_failure), "C codes follow iri::errc");
static_assert(IRI_COMPONENT_COUNT == static_cast<int>(component_count), "C components follow iri::component");
static_assert(IRI_COMPONENT_REG_NAME == static_cast<int>(component::reg_name));
static_assert(IRI_PRODUCTION_UNRESERVED == static_cast<int>(production::unreserved));
static_assert(IRI_PRODUCTION_SEGMENT == static_cast<int>(production::segment));
static_assert(IRI_HOST_IPVFUTURE == static_cast<int>(host_kind::ipvfuture));

std::optional<grammar> to_grammar(int g) noexcept {
    if (g == IRI_GRAMMAR_DEFAULT) return grammar::iri;
    if (g < 0 || static_cast<std::size_t>(g) >= grammar_count) return std::nullopt;
    return static_cast<grammar>(g);
}

bool is_production(int p) noexcept { return p >= 0 && p < IRI_PRODUCTION_COUNT; }

namespace {

void copy_message(iri_error& e, std::string_view text) noexcept {
    const std::size_t n = std::min(text.size(), sizeof(e.message) - 1);
    std::memcpy(e.message, text.data(), n);
    e.message[n] = '\0';
}

}  // namespace

int fail(iri_error* err, int code, const char* message) noexcept {
    iri_error full = IRI_ERROR_INIT;
    full.code = code;
    copy_message(full, message);
    write_sized(err, full);
    return code;
}

int fail(iri_error* err, const iri::error& e, int input) noexcept {
    iri_error full = IRI_ERROR_INIT;
    full.code = static_cast<int>(e.code);
    full.offset = e.offset;
    full.fault = e.fault();
    full.char_offset = e.char_offset;
    full.length = e.length;
    full.component = static_cast<int>(e.where);
    full.input = input;
    full.idna_errors = e.idna_errors;
    try {
        copy_message(full, e.message());
    } catch (...) {
        copy_message(full, iri::name(e.code));
    }
    write_sized(err, full);
    return full.code;
}

int give(const std::string& s, char** out, std::size_t* out_len, iri_error* err) noexcept {
    char* p = static_cast<char*>(std::malloc(s.size() + 1));
    if (p == nullptr) return fail(err, IRI_E_NO_MEMORY, "out of memory");
    std::memcpy(p, s.data(), s.size());
    p[s.size()] = '\0';
    *out = p;
    if (out_len != nullptr) *out_len = s.size();
    return IRI_OK;
}

}  // namespace iri::detail::c_api

using namespace iri::detail::c_api;

extern "C" {

const char* iri_error_name(int code) {
    switch (code) {
        case IRI_OK: return "ok";
        case IRI_E_INVALID_ARGUMENT: return "invalid_argument";
        case IRI_E_NO_SUCH_GRAMMAR: return "no_such_grammar";
        case IRI_E_NO_MEMORY: return "no_memory";
        case IRI_E_INTERNAL: return "internal";
        case IRI_E_BUFFER_TOO_SMALL: return "buffer_too_small";
        case IRI_E_CANNOT_LOAD: return "cannot_load";
        default: break;
    }
    if (code < IRI_E_UNEXPECTED_END || code > IRI_E_URL_FAILURE) return "unknown";
    return iri::name(static_cast<iri::errc>(code));
}

const char* iri_component_name(int component) {
    if (component < 0 || component > IRI_COMPONENT_NONE) return "unknown";
    return iri::name(static_cast<iri::component>(component));
}

void iri_free(void* p) { std::free(p); }

int iri_grammar_count(void) { return static_cast<int>(iri::grammar_count); }

int iri_grammar_find(const char* name, size_t name_len, int* out) {
    if (out == nullptr || !usable(name, name_len)) return IRI_E_INVALID_ARGUMENT;
    const auto g = iri::find_grammar(bytes(name, name_len));
    if (!g) return IRI_E_NO_SUCH_GRAMMAR;
    *out = static_cast<int>(*g);
    return IRI_OK;
}

const char* iri_grammar_name(int grammar) {
    const auto g = to_grammar(grammar);
    return g ? iri::name(*g).data() : nullptr;  // the grammar's file name, a NUL-terminated literal
}

int iri_production_find(int grammar, const char* name, size_t name_len, int* out) {
    const auto g = to_grammar(grammar);
    if (!g) return IRI_E_NO_SUCH_GRAMMAR;
    if (out == nullptr || !usable(name, name_len)) return IRI_E_INVALID_ARGUMENT;
    const auto p = iri::find_production(*g, bytes(name, name_len));
    if (!p) return IRI_E_NO_SUCH_PRODUCTION;
    *out = static_cast<int>(*p);
    return IRI_OK;
}

const char* iri_production_name(int production) {
    if (!is_production(production)) return nullptr;
    return iri::role_name(static_cast<iri::production>(production)).data();  // a literal of roles.def
}

int iri_production_rule(int grammar, int production, const char** rule, size_t* len) {
    const auto g = to_grammar(grammar);
    if (!g) return IRI_E_NO_SUCH_GRAMMAR;
    if (!is_production(production) || rule == nullptr || len == nullptr) return IRI_E_INVALID_ARGUMENT;
    const std::string_view r = iri::rule_name(*g, static_cast<iri::production>(production));
    if (r.empty()) return IRI_E_NO_SUCH_PRODUCTION;
    *rule = r.data();
    *len = r.size();
    return IRI_OK;
}

}  // extern "C"
