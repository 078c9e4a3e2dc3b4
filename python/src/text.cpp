// Python text in and out of the library, the names of options, and iri.IRIError.
#include "pyiri.hpp"

#include <algorithm>

namespace pyiri {

text as_text(py::handle o, const char* argument) {
    if (PyUnicode_Check(o.ptr())) {
        Py_ssize_t n = 0;
        const char* p = PyUnicode_AsUTF8AndSize(o.ptr(), &n);  // cached in the str; lone surrogates raise
        if (p == nullptr) throw py::error_already_set();
        return {std::string_view(p, static_cast<std::size_t>(n)), true, PyUnicode_IS_ASCII(o.ptr()) != 0};
    }
    if (PyBytes_Check(o.ptr()))
        return {std::string_view(PyBytes_AS_STRING(o.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(o.ptr()))),
                false};
    if (PyByteArray_Check(o.ptr()))
        return {
            std::string_view(PyByteArray_AS_STRING(o.ptr()), static_cast<std::size_t>(PyByteArray_GET_SIZE(o.ptr()))),
            false};
    throw py::type_error(std::string(argument) + " must be str or bytes, not " +
                         std::string(py::str(py::type::handle_of(o).attr("__name__"))));
}

py::str to_str(std::string_view utf8) {
    PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "surrogateescape");
    if (s == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

str_indices::str_indices(const text& t, std::vector<std::size_t> offsets)
    : identity_(!t.is_str || t.ascii), offsets_(std::move(offsets)) {
    if (identity_) return;
    std::sort(offsets_.begin(), offsets_.end());
    offsets_.erase(std::unique(offsets_.begin(), offsets_.end()), offsets_.end());
    indices_.reserve(offsets_.size());
    // One walk over the UTF-8 bytes: `characters` counts the lead bytes (those that are not 10xxxxxx) before `i`.
    auto continuation = [&](std::size_t i) { return (static_cast<unsigned char>(t.bytes[i]) & 0xC0) == 0x80; };
    std::size_t i = 0, characters = 0;
    for (const std::size_t offset : offsets_) {
        const std::size_t stop = std::min(offset, t.bytes.size());
        for (; i < stop; ++i)
            if (!continuation(i)) ++characters;
        const bool inside = i < t.bytes.size() && continuation(i);  // inside a character: that character
        indices_.push_back(inside ? characters - 1 : characters);
    }
}

std::size_t str_indices::operator()(std::size_t offset) const noexcept {
    if (identity_) return offset;
    const auto at = std::lower_bound(offsets_.begin(), offsets_.end(), offset);
    return indices_[static_cast<std::size_t>(at - offsets_.begin())];
}

std::size_t str_index(const text& t, std::size_t offset) { return str_indices(t, {offset})(offset); }

namespace {

PyObject* error_class() {
    static PyObject* const c = [] {  // iri._types.IRIError, kept for the life of the interpreter
        return py::object(py::module_::import("iri._types").attr("IRIError")).release().ptr();
    }();
    return c;
}

}  // namespace

py::object error_object(const iri::error& e, const text& t, const char* input) {
    return py::reinterpret_borrow<py::object>(error_class())(
        e.message(), py::arg("code") = iri::name(e.code), py::arg("offset") = str_index(t, e.fault()),
        py::arg("component") = iri::name(e.where), py::arg("byte_offset") = e.fault(),
        py::arg("input") = input == nullptr ? py::object(py::none()) : py::object(py::str(input)));
}

void raise(const iri::error& e, const text& t, const char* input) {
    const py::object err = error_object(e, t, input);
    PyErr_SetObject(error_class(), err.ptr());
    throw py::error_already_set();
}

iri::grammar grammar_named(std::string_view name) {
    if (auto g = iri::find_grammar(name)) return *g;
    throw py::value_error("unknown grammar '" + std::string(name) + "' (iri.grammars() lists them)");
}

iri::production production_named(iri::grammar g, std::string_view name) {
    if (auto p = iri::find_production(g, name)) return *p;
    if (auto p = iri::find_production(iri::grammar::iri, name)) return *p;  // "IRI-reference" in uri: its role
    throw py::value_error("grammar '" + std::string(iri::name(g)) + "' has no production '" + std::string(name) + "'");
}

iri::normalize_options normalize_options(const std::optional<std::string>& rung,
                                         const std::optional<std::string>& level, bool nfc, bool keep_fragment,
                                         bool as_uri) {
    if (rung && level) throw py::value_error("give rung or its alias level, not both");
    const std::string_view name = rung ? std::string_view(*rung) : level ? std::string_view(*level) : "syntax";
    iri::normalize_options o{.rung = iri::rung::syntax, .nfc = nfc, .keep_fragment = keep_fragment, .as_uri = as_uri};
    if (name == "simple") o.rung = iri::rung::simple;
    else if (name == "scheme") o.rung = iri::rung::scheme;
    else if (name != "syntax") throw py::value_error("rung must be 'simple', 'syntax' or 'scheme'");
    return o;
}

iri::to_uri_options to_uri_options(std::string_view host, const std::optional<std::string>& charset,
                                   bool encode_unsafe_ascii) {
    iri::to_uri_options o{.encode_unsafe_ascii = encode_unsafe_ascii};
    if (host == "idna") o.host = iri::host_mapping::idna;
    else if (host != "percent") throw py::value_error("host must be 'percent' or 'idna'");
    if (charset) o.query_charset = *charset;
    return o;
}

iri::crawl::surt_options surt_options(bool with_scheme, bool trailing_comma, bool reverse_ipaddr, bool host_massage,
                                      std::string_view format) {
    iri::crawl::surt_options o{.with_scheme = with_scheme,
                               .trailing_comma = trailing_comma,
                               .reverse_ipaddr = reverse_ipaddr,
                               .host_massage = host_massage};
    if (format == "heritrix") o.format = iri::crawl::surt_format::heritrix;
    else if (format != "ia") throw py::value_error("format must be 'ia' or 'heritrix'");
    return o;
}

iri::crawl::canonicalize_options canonicalize_options(std::string_view profile, bool keep_port, bool host_massage) {
    iri::crawl::canonicalize_options o{.keep_port = keep_port, .host_massage = host_massage};
    if (!iri::crawl::find_canon_profile(profile, o.profile))
        throw py::value_error("profile must be 'safe-browsing', 'ia' or 'ia-only'");
    return o;
}

}  // namespace pyiri
