// check and extract (as tuples, which iri/__init__.py turns into Diagnostic and Match), percent-encoding, hosts
// (UTS #46), legacy charsets, remove_dot_segments and the grammar lookups.
#include "pyiri.hpp"

#include "abnf_files.hpp"
#include "docstrings.hpp"

#include <pybind11/stl.h>

#include "iri/check.hpp"
#include "iri/extract.hpp"
#include "iri/idna.hpp"
#include "iri/percent.hpp"
#include "iri/prepare.hpp"
#include "iri/resolve.hpp"

namespace pyiri {

namespace {

// (code, severity, begin, end, component, message, spec), offsets in str indices for str input.
py::list check(py::handle s, std::string_view grammar) {
    const text t = as_text(s, "s");
    const iri::grammar g = grammar_named(grammar);
    std::vector<iri::diagnostic> found;
    {
        py::gil_scoped_release unlocked;
        found = iri::check(t.bytes, g);
    }
    std::vector<std::size_t> offsets;
    offsets.reserve(2 * found.size());
    for (const iri::diagnostic& d : found) offsets.insert(offsets.end(), {d.begin, d.end});
    const str_indices index(t, std::move(offsets));
    py::list out;
    for (const iri::diagnostic& d : found)
        out.append(py::make_tuple(d.code, iri::name(d.level), index(d.begin), index(d.end), iri::name(d.where),
                                  d.message, d.spec));
    return out;
}

// (value, start, end, delimiter), offsets in str indices for str input.
py::list extract(py::handle s, std::string_view grammar) {
    const text t = as_text(s, "text");
    const iri::grammar g = grammar_named(grammar);
    std::vector<iri::extracted> found;
    {
        py::gil_scoped_release unlocked;
        found = iri::extract(t.bytes, g);
    }
    std::vector<std::size_t> offsets;
    offsets.reserve(2 * found.size());
    for (const iri::extracted& x : found) offsets.insert(offsets.end(), {x.begin, x.end});
    const str_indices index(t, std::move(offsets));
    py::list out;
    for (const iri::extracted& x : found)
        out.append(py::make_tuple(to_str(x.value), index(x.begin), index(x.end), iri::name(x.delimiter)));
    return out;
}

py::str percent_encode(py::handle s, std::string_view component, std::string_view grammar, bool literal,
                       std::string_view also) {
    const text t = as_text(s, "s");
    const iri::grammar g = grammar_named(grammar);
    auto out = iri::percent_encode(t.bytes, g, production_named(g, component),
                                   literal ? iri::encode_mode::literal : iri::encode_mode::keep_escapes, also);
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::object percent_decode(py::handle s, bool strict, bool utf8) {
    const text t = as_text(s, "s");
    const auto mode = strict ? iri::decode_mode::strict : iri::decode_mode::lenient;
    auto out = utf8 ? iri::percent_decode_utf8(t.bytes, mode) : iri::percent_decode(t.bytes, mode);
    if (!out) raise(out.error(), t);
    if (utf8) return to_str(*out);
    return py::bytes(*out);
}

py::str host_to_ascii(py::handle host) {
    const text t = as_text(host, "host");
    auto out = iri::host_to_ascii(t.bytes);
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str host_to_unicode(py::handle host) {
    const text t = as_text(host, "host");
    auto out = iri::host_to_unicode(t.bytes);
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str from_charset(py::handle data, std::string_view charset) {
    const text t = as_text(data, "data");
    auto out = iri::from_charset(t.bytes, charset);
    if (!out) raise(out.error(), t);
    return to_str(*out);
}

py::str remove_dot_segments(py::handle path) { return to_str(iri::remove_dot_segments(as_text(path, "path").bytes)); }

std::vector<std::string> grammars() {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < iri::grammar_count; ++i) names.emplace_back(iri::name(static_cast<iri::grammar>(i)));
    return names;
}

std::optional<std::string> production_rule(std::string_view grammar, std::string_view production) {
    const iri::grammar g = grammar_named(grammar);
    return abnf_rule_text(iri::name(g), iri::rule_name(g, production_named(g, production)));
}

}  // namespace

void define_text_tools(py::module_& m) {
    using py::arg;
    m.def("_check", &check, arg("s"), arg("grammar") = "iri");
    m.def("_extract", &extract, arg("text"), arg("grammar") = "iri");
    m.def("percent_encode", &percent_encode, doc::percent_encode, arg("s"), arg("component") = "segment",
          arg("grammar") = "iri", arg("literal") = false, arg("also") = "");
    m.def("percent_decode", &percent_decode, doc::percent_decode, arg("s"), arg("strict") = true, arg("utf8") = false);
    m.def("host_to_ascii", &host_to_ascii, doc::host_to_ascii, arg("host"));
    m.def("host_to_unicode", &host_to_unicode, doc::host_to_unicode, arg("host"));
    m.def("from_charset", &from_charset, doc::from_charset, arg("data"), arg("charset"));
    m.def("remove_dot_segments", &remove_dot_segments, doc::remove_dot_segments, arg("path"));
    m.def("grammars", &grammars, doc::grammars);
    m.def("production_rule", &production_rule, doc::production_rule, arg("grammar"), arg("production"));
}

}  // namespace pyiri
