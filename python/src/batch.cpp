// The batch calls, one per single-item function f, named f_many: any iterable of str and bytes (mixed) in, a list
// out in input order, the work done with the GIL released on `jobs` threads (batch_engine.hpp). An item that fails
// never fails the batch: its slot is None (errors="none"), its exception (errors="return"), or the first failure
// is raised (errors="raise"). The streaming forms, f_iter, and the old names are in python/iri/__init__.py.
#include "pyiri.hpp"

#include "batch_engine.hpp"
#include "batch_input.hpp"
#include "docstrings.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "iri/parse.hpp"
#include "iri/reference.hpp"
#include "iri/resolver.hpp"
#include "iri/web.hpp"

namespace pyiri {

namespace {

using batch::no_state;
using batch::slice;

/// A batch of one string per item: f(bytes, i, slice&) for each readable item.
template <class State = no_state, class F>
py::list map_items(py::handle iterable, const char* name, std::string_view errors, py::handle jobs, const F& f) {
    const batch::on_error on = batch::errors_named(errors);
    const batch::items in = batch::collect(iterable, name);
    auto slices = batch::run<State>(in.size(), in.bad, jobs,
                                    [&](std::size_t i, slice& s, State& state) { f(in.texts[i].bytes, i, s, state); });
    return batch::answer_list(std::move(slices), in, on, [&](std::size_t i) -> const text& { return in.texts[i]; });
}

py::list is_valid_many(py::handle iterable, std::string_view grammar, std::string_view production, py::handle jobs) {
    const iri::grammar g = grammar_named(grammar);
    const iri::production p = production_named(g, production);
    const batch::items in = batch::collect(iterable, "items");
    std::vector<char> valid(in.size());
    batch::run<no_state>(in.size(), in.bad, jobs,
                         [&](std::size_t i, slice&, no_state&) { valid[i] = iri::is_valid(in.texts[i].bytes, g, p); });
    py::list list(valid.size());  // an item that is not text is not valid
    for (std::size_t i = 0; i < valid.size(); ++i)
        PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), Py_NewRef(valid[i] ? Py_True : Py_False));
    return list;
}

py::list normalize_many(py::handle items, const std::optional<std::string>& rung, bool nfc, bool keep_fragment,
                        std::string_view grammar, std::string_view errors, py::handle jobs,
                        const std::optional<std::string>& level, bool as_uri) {
    const iri::grammar g = grammar_named(grammar);
    const iri::normalize_options o = normalize_options(rung, level, nfc, keep_fragment, as_uri);
    return map_items(items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, no_state&) {
        const auto v = iri::reference_view::parse(t, g);
        if (!v) return s.fail(i, v.error());
        s.put(i, iri::append_normalized(s.buffer, *v, o));
    });
}

py::list to_uri_many(py::handle items, std::string_view host, const std::optional<std::string>& charset,
                     bool encode_unsafe_ascii, std::string_view grammar, std::string_view errors, py::handle jobs) {
    const iri::grammar g = grammar_named(grammar);
    const iri::to_uri_options o = to_uri_options(host, charset, encode_unsafe_ascii);
    return map_items(items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, no_state&) {
        s.put(i, iri::append_to_uri(s.buffer, t, g, o));
    });
}

py::list to_iri_many(py::handle items, std::string_view to, bool keep_discouraged_encoded, bool keep_http_query_encoded,
                     bool unicode_hosts, std::string_view errors, py::handle jobs) {
    const iri::to_iri_options o{.to = grammar_named(to),
                                .keep_discouraged_encoded = keep_discouraged_encoded,
                                .keep_http_query_encoded = keep_http_query_encoded,
                                .unicode_hosts = unicode_hosts};
    return map_items(items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, no_state&) {
        s.put(i, iri::append_to_iri(s.buffer, t, o));
    });
}

py::list surt_many(py::handle items, bool with_scheme, bool trailing_comma, bool reverse_ipaddr, bool host_massage,
                   std::string_view errors, py::handle jobs, std::string_view format) {
    const iri::crawl::surt_options o = surt_options(with_scheme, trailing_comma, reverse_ipaddr, host_massage, format);
    return map_items(items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, no_state&) {
        s.put(i, iri::crawl::append_surt(s.buffer, t, o));
    });
}

py::list canonicalize_many(py::handle items, std::string_view profile, bool keep_port, std::string_view errors,
                           py::handle jobs, bool host_massage) {
    const iri::crawl::canonicalize_options o = canonicalize_options(profile, keep_port, host_massage);
    return map_items(items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, no_state&) {
        s.put(i, iri::crawl::append_canonicalized(s.buffer, t, o));
    });
}

/// registrable_domain_many, public_suffix_many: the Public Suffix List's answer, None where it has none. Each
/// thread parses into its own URL (its State), whose buffer is reused from item to item.
py::list site_many(py::handle items, py::handle psl, bool icann_only, std::string_view errors, py::handle jobs,
                   std::string_view host_form, bool registrable) {
    const iri::crawl::public_suffix_list list = psl_named(psl);
    const iri::crawl::site_options options{
        .sections = icann_only ? iri::crawl::psl_sections::icann_only : iri::crawl::psl_sections::all,
        .form = host_form_named(host_form, true)};
    return map_items<iri::web::url>(
        items, "items", errors, jobs, [&](std::string_view t, std::size_t i, slice& s, iri::web::url& scratch) {
            auto answer = list.lookup_url_or_host(t, options, scratch);
            if (!answer) return s.fail(i, answer.error());
            const std::optional<std::string>& v = registrable ? answer->registrable_domain : answer->public_suffix;
            if (!v) return s.none();
            s.buffer += *v;
            s.value();
        });
}

py::list registrable_domain_many(py::handle items, py::handle psl, bool icann_only, std::string_view errors,
                                 py::handle jobs, std::string_view host_form) {
    return site_many(items, psl, icann_only, errors, jobs, host_form, true);
}
py::list public_suffix_many(py::handle items, py::handle psl, bool icann_only, std::string_view errors, py::handle jobs,
                            std::string_view host_form) {
    return site_many(items, psl, icann_only, errors, jobs, host_form, false);
}

// ---- pairs: a base and a reference (RFC 3986 §5.2), through a resolver (iri/resolver.hpp) ----

/// A thread's resolver for per-item bases: rebased only when the base is not the previous item's (the links of
/// one page come together), its failure kept for the items of the same base.
struct rebased {
    std::optional<iri::resolver> resolver;
    std::string base;  // the base it has, or failed to take
    std::optional<iri::error> failed;
    bool any = false;
};

/// A batch of (base, reference) pairs, each target written by a resolver with options `n` and `r`: its normal form
/// (key false), or its canonical key. `bases` None: the reference alone (key only: iri.canonical_key_many). One
/// base for all must be a base (a parse error or base_not_absolute raises IRIError, input "base"), as the tool's
/// --base; per-item bases that fail fail their items.
py::list map_pairs(py::handle refs, const char* refs_name, py::handle base_arg, iri::grammar g,
                   const iri::normalize_options& n, iri::resolve_options r, bool key, std::string_view errors,
                   py::handle jobs) {
    const batch::on_error on = batch::errors_named(errors);
    batch::items in = batch::collect(refs, refs_name);
    const batch::bases b = batch::collect_bases(base_arg, in.size(), refs_name);
    if (b.each) {  // an item whose base cannot be read fails with that base's exception
        for (const auto& [i, e] : b.each->unreadable)
            if (!in.bad[i]) in.bad[i] = 1, in.unreadable.emplace_back(i, e);
        std::sort(in.unreadable.begin(), in.unreadable.end(),
                  [](const auto& x, const auto& y) { return x.first < y.first; });
    }
    std::optional<iri::resolver> one;
    if (b.one) {
        auto made = iri::resolver::make(b.one->bytes, g, n, r);
        if (!made) raise(made.error(), *b.one, "base");
        one = std::move(*made);
    }
    const auto append = [&](const iri::resolver& with, std::string& out, std::string_view href) {
        return key ? with.append_key(out, href) : with.append_normalized(out, href);
    };
    auto slices = batch::run<rebased>(in.size(), in.bad, jobs, [&](std::size_t i, slice& s, rebased& st) {
        const std::string_view href = in.texts[i].bytes;
        if (one) return s.put(i, append(*one, s.buffer, href), "ref");
        if (!b.each) {  // no base: the reference's own key
            const auto v = iri::reference_view::parse(href, g);
            if (!v) return s.fail(i, v.error(), "ref");
            return s.put(i, iri::append_canonical_key(s.buffer, *v, n), "ref");
        }
        const std::string_view base = b.each->texts[i].bytes;
        if (!st.any || base != st.base) {
            if (!st.resolver) st.resolver = *iri::resolver::make("x:", g, n, r);  // rebased below
            const auto took = st.resolver->rebase(base);
            st.failed = took ? std::nullopt : std::optional<iri::error>(took.error());
            st.base.assign(base);
            st.any = true;
        }
        if (st.failed) return s.fail(i, *st.failed, "base");
        s.put(i, append(*st.resolver, s.buffer, href), "ref");
    });
    return batch::answer_list(std::move(slices), in, on,
                              [&](std::size_t i) -> const text& { return b.one ? *b.one : b.each->texts[i]; });
}

py::list resolve_many(py::handle base_arg, py::handle refs, std::string_view grammar, bool strict,
                      std::string_view errors, py::handle jobs) {
    if (base_arg.is_none()) throw py::type_error("resolve_many needs bases: one for all, or one per reference");
    return map_pairs(refs, "refs", base_arg, grammar_named(grammar), {.rung = iri::rung::simple}, {.strict = strict},
                     false, errors, jobs);
}

py::list canonical_key_many(py::handle hrefs, py::handle base_arg, const std::optional<std::string>& rung, bool nfc,
                            bool keep_fragment, std::string_view grammar, std::string_view errors, py::handle jobs,
                            const std::optional<std::string>& level, bool as_uri) {
    return map_pairs(hrefs, "hrefs", base_arg, grammar_named(grammar),
                     normalize_options(rung, level, nfc, keep_fragment, as_uri), {.strict = true}, true, errors, jobs);
}

// ---- the web's URLs (iri/web.hpp) ----

/// The bases of url_many: none, one for every href (a URL, or text parsed once: a failure raises), or one each (an
/// iterable as long as the hrefs of str, bytes, URL and None: no base).
struct web_bases {
    py::object keep;
    std::optional<iri::web::url> one_parsed;
    const iri::web::url* one = nullptr;
    std::optional<text> one_text;
    std::vector<std::optional<text>> texts;  // each href's base as text, or nullopt (a URL's: urls[i], or none)
    std::vector<const iri::web::url*> urls;
    [[nodiscard]] const text& text_of(std::size_t i) const { return one_text ? *one_text : *texts[i]; }
};

web_bases collect_web_bases(py::handle b, batch::items& in) {
    web_bases out;
    if (b.is_none()) return out;
    if (py::isinstance<iri::web::url>(b)) {
        out.one = &b.cast<const iri::web::url&>();
        out.keep = py::reinterpret_borrow<py::object>(b);
        return out;
    }
    if (PyUnicode_Check(b.ptr()) || PyBytes_Check(b.ptr()) || PyByteArray_Check(b.ptr())) {
        out.one_text = as_text(b, "bases");
        out.keep = py::reinterpret_borrow<py::object>(b);
        auto u = iri::web::parse(out.one_text->bytes);
        if (!u) raise(u.error(), *out.one_text, "base");  // as the tool's --base: not a URL, no batch
        out.one_parsed = std::move(*u);
        out.one = &*out.one_parsed;
        return out;
    }
    out.keep = batch::sequence_of(b, "bases");
    const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(out.keep.ptr()));
    if (n != in.size())
        throw py::value_error("bases and hrefs differ in length (" + std::to_string(n) + " and " +
                              std::to_string(in.size()) + ")");
    PyObject** objects = PySequence_Fast_ITEMS(out.keep.ptr());
    out.texts.resize(n);
    out.urls.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const py::handle o(objects[i]);
        if (o.is_none()) continue;
        if (py::isinstance<iri::web::url>(o)) {
            out.urls[i] = &o.cast<const iri::web::url&>();
            continue;
        }
        try {
            out.texts[i] = as_text(o, "bases");
        } catch (py::error_already_set& e) {
            if (!in.bad[i]) in.bad[i] = 1, in.unreadable.emplace_back(i, e.value());
        } catch (py::builtin_exception& e) {
            e.set_error();
            py::error_already_set raised;
            if (!in.bad[i]) in.bad[i] = 1, in.unreadable.emplace_back(i, raised.value());
        }
    }
    std::sort(in.unreadable.begin(), in.unreadable.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    return out;
}

/// A thread's URLs: the one parsed (refilled for each href), and the base it parsed last from text.
struct web_state {
    iri::web::url parsed, base;
    std::string base_text;
    std::optional<iri::error> base_failed;
    bool any = false;
};

py::list url_many(py::handle hrefs, py::handle base_arg, std::string_view errors, py::handle jobs) {
    const batch::on_error on = batch::errors_named(errors);
    batch::items in = batch::collect(hrefs, "hrefs");
    const web_bases b = collect_web_bases(base_arg, in);
    auto slices = batch::run<web_state>(in.size(), in.bad, jobs, [&](std::size_t i, slice& s, web_state& st) {
        const iri::web::url* base = b.one;
        if (!b.texts.empty() && b.texts[i]) {
            const std::string_view text = b.texts[i]->bytes;
            if (!st.any || text != st.base_text) {
                const auto parsed = iri::web::parse_into(st.base, text);
                st.base_failed = parsed ? std::nullopt : std::optional<iri::error>(parsed.error());
                st.base_text.assign(text);
                st.any = true;
            }
            if (st.base_failed) return s.fail(i, *st.base_failed, "base");
            base = &st.base;
        } else if (!b.urls.empty()) {
            base = b.urls[i];
        }
        const auto parsed = iri::web::parse_into(st.parsed, in.texts[i].bytes, base);
        if (!parsed) return s.fail(i, parsed.error(), "href");
        s.buffer += st.parsed.href();
        s.value();
    });
    return batch::answer_list(std::move(slices), in, on, [&](std::size_t i) -> const text& { return b.text_of(i); });
}

}  // namespace

void define_batch(py::module_& m) {
    using py::arg;
    m.def("is_valid_many", &is_valid_many, doc::is_valid_many, arg("items"), arg("grammar") = "iri",
          arg("production") = "IRI-reference", arg("jobs") = 1);
    m.def("resolve_many", &resolve_many, doc::resolve_many, arg("bases"), arg("refs"), arg("grammar") = "iri",
          arg("strict") = true, arg("errors") = "none", arg("jobs") = 1);
    m.def("normalize_many", &normalize_many, doc::normalize_many, arg("items"), arg("rung") = py::none(),
          arg("nfc") = false, arg("keep_fragment") = true, arg("grammar") = "iri", arg("errors") = "none",
          arg("jobs") = 1, py::kw_only(), arg("level") = py::none(), arg("as_uri") = false);
    m.def("canonical_key_many", &canonical_key_many, doc::canonical_key_many, arg("hrefs"), arg("bases") = py::none(),
          arg("rung") = py::none(), arg("nfc") = false, arg("keep_fragment") = true, arg("grammar") = "iri",
          arg("errors") = "none", arg("jobs") = 1, py::kw_only(), arg("level") = py::none(), arg("as_uri") = false);
    m.def("to_uri_many", &to_uri_many, doc::to_uri_many, arg("items"), arg("host") = "percent",
          arg("charset") = py::none(), arg("encode_unsafe_ascii") = false, arg("grammar") = "iri",
          arg("errors") = "none", arg("jobs") = 1);
    m.def("to_iri_many", &to_iri_many, doc::to_iri_many, arg("items"), arg("to") = "iri",
          arg("keep_discouraged_encoded") = false, arg("keep_http_query_encoded") = false, arg("unicode_hosts") = false,
          arg("errors") = "none", arg("jobs") = 1);
    m.def("url_many", &url_many, doc::url_many, arg("hrefs"), arg("bases") = py::none(), arg("errors") = "none",
          arg("jobs") = 1);
    m.def("surt_many", &surt_many, doc::surt_many, arg("items"), arg("with_scheme") = false,
          arg("trailing_comma") = false, arg("reverse_ipaddr") = true, arg("host_massage") = true,
          arg("errors") = "none", arg("jobs") = 1, py::kw_only(), arg("format") = "ia");
    m.def("canonicalize_many", &canonicalize_many, doc::canonicalize_many, arg("items"),
          arg("profile") = "safe-browsing", arg("keep_port") = false, arg("errors") = "none", arg("jobs") = 1,
          py::kw_only(), arg("host_massage") = true);
    m.def("registrable_domain_many", &registrable_domain_many, doc::registrable_domain_many, arg("items"),
          arg("psl") = py::none(), arg("icann_only") = false, arg("errors") = "none", arg("jobs") = 1, py::kw_only(),
          arg("host_form") = "input");
    m.def("public_suffix_many", &public_suffix_many, doc::public_suffix_many, arg("items"), arg("psl") = py::none(),
          arg("icann_only") = false, arg("errors") = "none", arg("jobs") = 1, py::kw_only(),
          arg("host_form") = "input");
}

}  // namespace pyiri
