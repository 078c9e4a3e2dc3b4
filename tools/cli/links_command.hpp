// iri links (links_command.cpp): the links of HTML pages, resolved.
#pragma once

#include "options.hpp"

namespace cli {

/// Runs iri links over the pages of `o` (--base and files, or --pages LIST); the exit status.
int run_links(const options& o);

}  // namespace cli
