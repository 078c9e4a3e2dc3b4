// The batch calls: a sequence in, a list out in input order, the work done with the GIL released on `jobs`
// threads. A bad item gives None (errors="none") or raises the IRIError of the first bad item (errors="raise").
#include "pyiri.hpp"

#include "batch.hpp"

#include "docstrings.hpp"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "iri/parse.hpp"
#include "iri/reference.hpp"
#include "iri/web.hpp"

namespace pyiri {

namespace {

/// One item's result: a string, or an error about input `input` of the item ("base" or the item itself).
struct outcome {
    std::string value;
    std::optional<iri::error> error;
    const char* input = nullptr;
    bool none = false;  // no value and no error: None (registrable_domains, for a host without one)
};

/// The list of results; None for a bad item, or the first bad item's IRIError. `text_of` gives the text an
/// error of item i is about.
template <class TextOf>
py::list results(const std::vector<outcome>& out, bool raise_errors, const TextOf& text_of) {
    py::list list(out.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const outcome& o = out[i];
        if (o.error && raise_errors) raise(*o.error, text_of(i, o.input), o.input);
        PyObject* v = o.error || o.none ? Py_NewRef(Py_None) : to_str(o.value).release().ptr();
        PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), v);
    }
    return list;
}

/// A string-to-string batch: f(text bytes, outcome&) for each item.
template <class F>
py::list map_strings(py::handle sequence, std::string_view errors, py::handle jobs, const F& f) {
    const bool raise_errors = raises(errors);
    const items in = collect(sequence, "items");
    std::vector<outcome> out(in.texts.size());
    run(out.size(), jobs, [&](std::size_t i) { f(in.texts[i].bytes, out[i]); });
    return results(out, raise_errors, [&](std::size_t i, const char*) { return in.texts[i]; });
}

void store(outcome& o, iri::result<std::string>&& r, const char* input = nullptr) {
    if (r) o.value = std::move(*r);
    else o.error = r.error(), o.input = input;
}

py::list validate_many(py::handle sequence, std::string_view grammar, std::string_view production, py::handle jobs) {
    const iri::grammar g = grammar_named(grammar);
    const iri::production p = production_named(g, production);
    const items in = collect(sequence, "items");
    std::vector<char> valid(in.texts.size());
    run(valid.size(), jobs, [&](std::size_t i) { valid[i] = iri::is_valid(in.texts[i].bytes, g, p); });
    py::list list(valid.size());
    for (std::size_t i = 0; i < valid.size(); ++i)
        PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), Py_NewRef(valid[i] ? Py_True : Py_False));
    return list;
}

py::list normalize_many(py::handle sequence, const std::optional<std::string>& rung, bool nfc, bool keep_fragment,
                        std::string_view grammar, std::string_view errors, py::handle jobs,
                        const std::optional<std::string>& level, bool as_uri) {
    const iri::grammar g = grammar_named(grammar);
    const iri::normalize_options o = normalize_options(rung, level, nfc, keep_fragment, as_uri);
    return map_strings(sequence, errors, jobs, [&](std::string_view s, outcome& out) {
        auto v = iri::reference_view::parse(s, g);
        if (!v) out.error = v.error();
        else store(out, iri::normalize(*v, o));
    });
}

py::list to_uri_many(py::handle sequence, std::string_view host, const std::optional<std::string>& charset,
                     bool encode_unsafe_ascii, std::string_view grammar, std::string_view errors, py::handle jobs) {
    const iri::grammar g = grammar_named(grammar);
    const iri::to_uri_options o = to_uri_options(host, charset, encode_unsafe_ascii);
    return map_strings(sequence, errors, jobs,
                       [&](std::string_view s, outcome& out) { store(out, iri::to_uri(s, g, o)); });
}

py::list to_iri_many(py::handle sequence, std::string_view to, bool keep_discouraged_encoded,
                     bool keep_http_query_encoded, bool unicode_hosts, std::string_view errors, py::handle jobs) {
    const iri::to_iri_options o{.to = grammar_named(to),
                                .keep_discouraged_encoded = keep_discouraged_encoded,
                                .keep_http_query_encoded = keep_http_query_encoded,
                                .unicode_hosts = unicode_hosts};
    return map_strings(sequence, errors, jobs,
                       [&](std::string_view s, outcome& out) { store(out, iri::to_iri(s, o)); });
}

py::list surts(py::handle sequence, bool with_scheme, bool trailing_comma, bool reverse_ipaddr, bool host_massage,
               std::string_view errors, py::handle jobs, std::string_view format) {
    const iri::crawl::surt_options o = surt_options(with_scheme, trailing_comma, reverse_ipaddr, host_massage, format);
    return map_strings(sequence, errors, jobs,
                       [&](std::string_view s, outcome& out) { store(out, iri::crawl::surt(s, o)); });
}

py::list canonicalizes(py::handle sequence, std::string_view profile, bool keep_port, std::string_view errors,
                       py::handle jobs, bool host_massage) {
    const iri::crawl::canonicalize_options o = canonicalize_options(profile, keep_port, host_massage);
    return map_strings(sequence, errors, jobs,
                       [&](std::string_view s, outcome& out) { store(out, iri::crawl::canonicalize(s, o)); });
}

/// The bases of a pair batch: one str or bytes for every item, or a sequence as long as the references.
struct bases {
    items many;
    std::optional<text> one;
    [[nodiscard]] const text& operator[](std::size_t i) const { return one ? *one : many.texts[i]; }
};

bases collect_bases(py::handle b, std::size_t count) {
    if (PyUnicode_Check(b.ptr()) || PyBytes_Check(b.ptr()) || PyByteArray_Check(b.ptr()))
        return {{}, as_text(b, "bases")};
    bases out{collect(b, "bases"), std::nullopt};
    if (out.many.texts.size() != count) throw py::value_error("bases and references differ in length");
    return out;
}

/// Resolves reference `r` against base `b` in `g` into `out` (the target's reference, or the error).
std::optional<iri::reference> resolve_one(std::string_view b, std::string_view r, iri::grammar g, bool strict,
                                          outcome& out) {
    auto base = iri::reference_view::parse(b, g);
    if (!base) return out.error = base.error(), out.input = "base", std::nullopt;
    auto ref = iri::reference_view::parse(r, g);
    if (!ref) return out.error = ref.error(), out.input = "ref", std::nullopt;
    auto t = iri::resolve(*base, *ref, {.strict = strict});
    if (!t) return out.error = t.error(), out.input = "base", std::nullopt;
    return std::move(*t);
}

/// A batch over (base, reference) pairs; f(base bytes or nullopt, reference bytes, outcome&) for each.
template <class F>
py::list map_pairs(py::handle refs, py::handle base_arg, std::string_view errors, py::handle jobs, const F& f) {
    const bool raise_errors = raises(errors);
    const items in = collect(refs, "refs");
    const std::optional<bases> b =
        base_arg.is_none() ? std::nullopt : std::optional<bases>(collect_bases(base_arg, in.texts.size()));
    std::vector<outcome> out(in.texts.size());
    run(out.size(), jobs, [&](std::size_t i) {
        f(b ? std::optional<std::string_view>((*b)[i].bytes) : std::nullopt, in.texts[i].bytes, out[i]);
    });
    return results(out, raise_errors, [&](std::size_t i, const char* input) {
        return input != nullptr && std::string_view(input) == "base" ? (*b)[i] : in.texts[i];
    });
}

py::list resolve_many(py::handle base_arg, py::handle refs, std::string_view grammar, bool strict,
                      std::string_view errors, py::handle jobs) {
    if (base_arg.is_none()) throw py::type_error("resolve_many needs bases");
    const iri::grammar g = grammar_named(grammar);
    return map_pairs(refs, base_arg, errors, jobs,
                     [&](std::optional<std::string_view> b, std::string_view r, outcome& out) {
                         if (auto t = resolve_one(*b, r, g, strict, out)) out.value = t->str();
                     });
}

py::list canonical_keys(py::handle hrefs, py::handle base_arg, const std::optional<std::string>& rung, bool nfc,
                        bool keep_fragment, std::string_view grammar, std::string_view errors, py::handle jobs,
                        const std::optional<std::string>& level, bool as_uri) {
    const iri::grammar g = grammar_named(grammar);
    const iri::normalize_options o = normalize_options(rung, level, nfc, keep_fragment, as_uri);
    return map_pairs(hrefs, base_arg, errors, jobs,
                     [&](std::optional<std::string_view> b, std::string_view r, outcome& out) {
                         if (!b) {
                             auto v = iri::reference_view::parse(r, g);
                             if (!v) out.error = v.error(), out.input = "ref";
                             else store(out, iri::canonical_key(*v, o), "ref");
                         } else if (auto t = resolve_one(*b, r, g, true, out)) {
                             store(out, iri::canonical_key(*t, o), "ref");
                         }
                     });
}

/// The bases of iri.urls: none, one for every href (a URL, or text parsed once), or one each (a sequence as long
/// as the hrefs of text, URLs and None, the text parsed in the item's thread).
struct web_bases {
    py::object keep;                          // the sequence, which keeps its items (and their UTF-8) alive
    std::vector<std::optional<text>> texts;   // each href's base as text; nullopt: a URL's (urls[i]) or none
    std::vector<const iri::web::url*> urls;   // each href's base as a URL, or nullptr
    std::optional<text> one_text;             // one base for all, as text
    std::optional<iri::web::url> one_parsed;  // ... parsed (nullopt: it failed, one_error says why)
    std::optional<iri::error> one_error;
    const iri::web::url* one = nullptr;  // one base for all, a URL or one_parsed

    [[nodiscard]] const text& text_of(std::size_t i) const { return one_text ? *one_text : *texts[i]; }
};

web_bases collect_web_bases(py::handle b, std::size_t count) {
    web_bases out;
    if (b.is_none()) return out;
    if (py::isinstance<iri::web::url>(b)) {
        out.one = &b.cast<const iri::web::url&>();
        return out;
    }
    if (PyUnicode_Check(b.ptr()) || PyBytes_Check(b.ptr()) || PyByteArray_Check(b.ptr())) {
        out.one_text = as_text(b, "bases");
        auto u = iri::web::parse(out.one_text->bytes);
        if (u) out.one_parsed = std::move(*u), out.one = &*out.one_parsed;
        else out.one_error = u.error();
        return out;
    }
    PyObject* fast = PySequence_Fast(b.ptr(), "bases must be None, a str, bytes or URL, or a sequence of them");
    if (fast == nullptr) throw py::error_already_set();
    out.keep = py::reinterpret_steal<py::object>(fast);
    const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(fast));
    if (n != count) throw py::value_error("bases and hrefs differ in length");
    PyObject** objects = PySequence_Fast_ITEMS(fast);
    out.texts.resize(n);
    out.urls.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const py::handle o(objects[i]);
        if (py::isinstance<iri::web::url>(o)) out.urls[i] = &o.cast<const iri::web::url&>();
        else if (!o.is_none()) out.texts[i] = as_text(o, "bases");
    }
    return out;
}

/// iri.urls: the href of each of `hrefs` parsed by the URL Standard against its base, or None (or the error).
py::list urls(py::handle hrefs, py::handle base_arg, std::string_view errors, py::handle jobs) {
    const bool raise_errors = raises(errors);
    const items in = collect(hrefs, "hrefs");
    const web_bases b = collect_web_bases(base_arg, in.texts.size());
    std::vector<outcome> out(in.texts.size());
    run(out.size(), jobs, [&](std::size_t i) {
        outcome& o = out[i];
        const auto failed = [&](const iri::error& e, const char* input) { o.error = e, o.input = input; };
        if (b.one_error) return failed(*b.one_error, "base");
        std::optional<iri::web::url> own;  // the item's own base, given as text
        const iri::web::url* base = b.one;
        if (!b.texts.empty() && b.texts[i]) {
            auto p = iri::web::parse(b.texts[i]->bytes);
            if (!p) return failed(p.error(), "base");
            own = std::move(*p);
            base = &*own;
        } else if (!b.urls.empty()) {
            base = b.urls[i];
        }
        auto u = iri::web::parse(in.texts[i].bytes, base);
        if (!u) return failed(u.error(), "href");
        o.value = u->href();
    });
    return results(out, raise_errors, [&](std::size_t i, const char* input) {
        return input != nullptr && std::string_view(input) == "base" ? b.text_of(i) : in.texts[i];
    });
}

py::list registrable_domains(py::handle sequence, py::handle psl, bool icann_only, std::string_view errors,
                             py::handle jobs, std::string_view host_form) {
    const iri::crawl::public_suffix_list list = psl_named(psl);
    const iri::crawl::site_options options{
        .sections = icann_only ? iri::crawl::psl_sections::icann_only : iri::crawl::psl_sections::all,
        .form = host_form_named(host_form, true)};
    return map_strings(sequence, errors, jobs, [&](std::string_view s, outcome& out) {
        thread_local iri::web::url scratch;  // one parse buffer per thread, reused from item to item
        auto answer = list.lookup_url_or_host(s, options, scratch);
        if (!answer) out.error = answer.error();
        else if (answer->registrable_domain) out.value = std::move(*answer->registrable_domain);
        else out.none = true;
    });
}

}  // namespace

void define_batch(py::module_& m) {
    using py::arg;
    m.def("validate_many", &validate_many, doc::validate_many, arg("items"), arg("grammar") = "iri",
          arg("production") = "IRI-reference", arg("jobs") = 1);
    m.def("resolve_many", &resolve_many, doc::resolve_many, arg("bases"), arg("refs"), arg("grammar") = "iri",
          arg("strict") = true, arg("errors") = "none", arg("jobs") = 1);
    m.def("normalize_many", &normalize_many, doc::normalize_many, arg("items"), arg("rung") = py::none(),
          arg("nfc") = false, arg("keep_fragment") = true, arg("grammar") = "iri", arg("errors") = "none",
          arg("jobs") = 1, py::kw_only(), arg("level") = py::none(), arg("as_uri") = false);
    m.def("canonical_keys", &canonical_keys, doc::canonical_keys, arg("hrefs"), arg("bases") = py::none(),
          arg("rung") = py::none(), arg("nfc") = false, arg("keep_fragment") = true, arg("grammar") = "iri",
          arg("errors") = "none", arg("jobs") = 1, py::kw_only(), arg("level") = py::none(), arg("as_uri") = false);
    m.def("to_uri_many", &to_uri_many, doc::to_uri_many, arg("items"), arg("host") = "percent",
          arg("charset") = py::none(), arg("encode_unsafe_ascii") = false, arg("grammar") = "iri",
          arg("errors") = "none", arg("jobs") = 1);
    m.def("urls", &urls, doc::urls, arg("hrefs"), arg("bases") = py::none(), arg("errors") = "none", arg("jobs") = 1);
    m.def("to_iri_many", &to_iri_many, doc::to_iri_many, arg("items"), arg("to") = "iri",
          arg("keep_discouraged_encoded") = false, arg("keep_http_query_encoded") = false, arg("unicode_hosts") = false,
          arg("errors") = "none", arg("jobs") = 1);
    m.def("surts", &surts, doc::surts, arg("items"), arg("with_scheme") = false, arg("trailing_comma") = false,
          arg("reverse_ipaddr") = true, arg("host_massage") = true, arg("errors") = "none", arg("jobs") = 1,
          py::kw_only(), arg("format") = "ia");
    m.def("canonicalizes", &canonicalizes, doc::canonicalizes, arg("items"), arg("profile") = "safe-browsing",
          arg("keep_port") = false, arg("errors") = "none", arg("jobs") = 1, py::kw_only(), arg("host_massage") = true);
    m.def("registrable_domains", &registrable_domains, doc::registrable_domains, arg("items"), arg("psl") = py::none(),
          arg("icann_only") = false, arg("errors") = "none", arg("jobs") = 1, py::kw_only(),
          arg("host_form") = "input");
}

}  // namespace pyiri
