// The tokenizer's sink that finds the links of a page (iri/html.hpp): for each start tag the tree builder's view
// (tree_context) and, on an HTML element in the document, the attributes data/html/attributes.tsv lists, decoded
// (value_decoder) into one buffer; the first <base href>, the first meta refresh, and a <meta> that changes a
// tentative encoding (§13.2.3.4). Private to the library.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "html/attribute_value.hpp"
#include "html/elements.hpp"
#include "html/encoding.hpp"
#include "html/tokenizer.hpp"
#include "html/tree_context.hpp"
#include "iri/html.hpp"

namespace iri::html::detail {

/// A link found, before it is resolved: spans of the tokenized text (`raw`) and of the decoded values.
struct link_record {
    element e;
    const attribute_row* attribute;
    std::uint32_t raw_begin, raw_end;      // in the text the tokenizer read
    std::uint32_t value_begin, value_end;  // in link_sink::values
    std::uint32_t rel_begin, rel_end;      // in link_sink::values (empty when none)
};

class link_sink final : public token_sink {
public:
    /// Starts a page: the text the tokenizer reads, its encoding, whether that encoding is tentative, the elements
    /// kept (all when `only` is empty), HTML's scripting flag.
    void reset(std::string_view text, encoding_id encoding, bool tentative, const std::bitset<256>* only,
               bool scripting);

    content_state start_tag(const tag_token& t) override;
    void end_tag(const tag_token& t) override;
    [[nodiscard]] bool in_foreign_content() const override { return tree_.in_foreign_content(); }

    std::vector<link_record> records;
    std::string values;                     ///< the decoded values, rels and the base's href
    std::optional<std::uint32_t> base_end;  ///< the first <base href>'s decoded href: values[base_begin, base_end)
    std::uint32_t base_begin = 0;
    /// The encoding a <meta> asked to change to (§13.2.3.4 step 6: the page is to be read again in it).
    std::optional<encoding_id> change_to;

    value_decoder decoder;

private:
    void read_attributes(element e, const tag_token& t, bool in_template);
    void meta(const attribute_span* http_equiv, const attribute_span* content, const attribute_span* charset,
              bool in_template);
    void change_encoding(encoding_id e);
    std::uint32_t decode(const attribute_span& a);  // appends the value to `values`; answers where it starts
    void add(element e, const attribute_row* row, const attribute_span& a, std::uint32_t value_begin,
             std::uint32_t value_end, std::uint32_t rel_begin, std::uint32_t rel_end);
    [[nodiscard]] std::string_view raw(const attribute_span& a) const noexcept {
        return text_.substr(a.value_begin, a.value_end - a.value_begin);
    }

    std::string_view text_;
    tree_context tree_;
    encoding_id encoding_ = 0;
    bool tentative_ = false;
    bool refreshed_ = false;  // "will declaratively refresh" (§4.2.5.3 step 12)
    const std::bitset<256>* only_ = nullptr;
    std::vector<image_candidate> candidates_;
    std::string content_;  // a meta content, decoded
};

}  // namespace iri::html::detail
