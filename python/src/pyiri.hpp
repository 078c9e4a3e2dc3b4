// What the files of the Python extension iri._iri share: Python text in and out, option names, IRIError.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iri/convert.hpp"
#include "iri/crawl_keys.hpp"
#include "iri/error.hpp"
#include "iri/grammar.hpp"
#include "iri/normalize.hpp"
#include "iri/public_suffix.hpp"
#include "iri/resolve.hpp"
#include "iri/web.hpp"

namespace pyiri {

namespace py = pybind11;

/// The UTF-8 bytes of a str (its cached UTF-8, no copy), bytes or bytearray, and which it was. Valid while the
/// object lives. A str holding lone surrogates raises UnicodeEncodeError; another type, TypeError.
struct text {
    std::string_view bytes;
    bool is_str = false;
    bool ascii = false;  // a str of US-ASCII characters only: its byte offsets are its indices
};
[[nodiscard]] text as_text(py::handle o, const char* argument);

/// A str from the bytes the library produced: UTF-8, or for a crawler's key of bytes that are not UTF-8 (the surt
/// package's keys keep them) those bytes as lone surrogates U+DC80..U+DCFF (PEP 383's "surrogateescape", as
/// os.fsdecode does), so that str.encode("utf-8", "surrogateescape") gives the bytes back.
[[nodiscard]] py::str to_str(std::string_view utf8);

/// The str indices of many byte offsets of one text, found in one pass over it (a scan from the start for each
/// offset would be quadratic in a text with many matches): the index in the str of byte offset `offset` of its
/// UTF-8 form is the character that byte is in, or the count of characters at the end; for bytes input (or an
/// ASCII str) it is the byte offset itself.
class str_indices {
public:
    /// Prepares the conversion of `offsets` (any order, repeats allowed) for `t`, which must outlive this.
    str_indices(const text& t, std::vector<std::size_t> offsets);
    /// The str index of `offset`, one of the offsets given to the constructor.
    [[nodiscard]] std::size_t operator()(std::size_t offset) const noexcept;

private:
    bool identity_;
    std::vector<std::size_t> offsets_;  // sorted, distinct
    std::vector<std::size_t> indices_;  // indices_[i] is the str index of offsets_[i]
};

/// The str index of one byte offset of `t` (str_indices of that offset alone).
[[nodiscard]] std::size_t str_index(const text& t, std::size_t offset);

/// iri.IRIError for `e`, an error about `t` (offsets converted to str indices for str input); `input` names the
/// argument ("base", "ref", ...) when a function takes several.
[[nodiscard]] py::object error_object(const iri::error& e, const text& t, const char* input = nullptr);
/// Raises error_object(e, t, input).
[[noreturn]] void raise(const iri::error& e, const text& t, const char* input = nullptr);

/// The named grammar ("iri", "uri", "rfc3987", "leiri"), or ValueError.
[[nodiscard]] iri::grammar grammar_named(std::string_view name);
/// The production of grammar `g` named by an ABNF rule name or RFC 3986 role ("IRI-reference", "ihost", "host"):
/// a name of g, else a name of the IRI grammar standing for its role ("IRI-reference" in uri is URI-reference).
[[nodiscard]] iri::production production_named(iri::grammar g, std::string_view name);
/// normalize options from rung ("simple", "syntax", "scheme"; None: "syntax") or its alias level (not both), nfc,
/// keep_fragment and as_uri, or ValueError.
[[nodiscard]] iri::normalize_options normalize_options(const std::optional<std::string>& rung,
                                                       const std::optional<std::string>& level, bool nfc,
                                                       bool keep_fragment, bool as_uri = false);
/// to_uri options; `host` is "percent" or "idna"; `charset` must outlive the options.
[[nodiscard]] iri::to_uri_options to_uri_options(std::string_view host, const std::optional<std::string>& charset,
                                                 bool encode_unsafe_ascii);
/// surt options; `format` is "ia" or "heritrix", else ValueError.
[[nodiscard]] iri::crawl::surt_options surt_options(bool with_scheme, bool trailing_comma, bool reverse_ipaddr,
                                                    bool host_massage, std::string_view format);
/// canonicalize options; `profile` is "safe-browsing", "ia" or "ia-only", else ValueError.
[[nodiscard]] iri::crawl::canonicalize_options canonicalize_options(std::string_view profile, bool keep_port,
                                                                    bool host_massage);

/// The Public Suffix List a `psl` argument names: None (the system's list, loaded once), a path (str, bytes or
/// os.PathLike; loaded once while the file is unchanged) or an iri.PublicSuffixList; OSError when it cannot be
/// loaded. A copy, which shares the loaded list.
[[nodiscard]] iri::crawl::public_suffix_list psl_named(py::handle psl);

/// The host form a `host_form` argument names: "ascii", "unicode", or (when `input_allowed`) "input"; else
/// ValueError.
[[nodiscard]] iri::crawl::host_form host_form_named(std::string_view name, bool input_allowed);

/// Registers the single-item functions and the Reference class.
void define_single(py::module_& m);
/// Registers the batch functions (the *_many of each function, and their old names).
void define_batch(py::module_& m);
/// Registers check, extract, percent_encode/decode and the grammar lookups.
void define_text_tools(py::module_& m);
/// Registers the URL class (the WHATWG URL Standard's URLs, iri/web.hpp) and URLSearchParams.
void define_web(py::module_& m);
/// Registers URLSearchParams and URL.search_params (search_params.cpp).
void define_search_params(py::module_& m, py::class_<iri::web::url>& url_class);
/// Registers iri.PublicSuffixList, public_suffix and registrable_domain.
void define_public_suffix(py::module_& m);
/// iri._links, iri._links_many: the links of HTML pages (html.cpp).
void define_html(py::module_& m);
/// Registers index_columns (Common Crawl's URL index columns, iri/index_columns.hpp; index_columns.cpp).
void define_index_columns(py::module_& m);

}  // namespace pyiri
