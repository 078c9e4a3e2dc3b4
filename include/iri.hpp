// iri: Internationalized Resource Identifiers (draft-ietf-iri-3987bis-13, RFC 3987), URIs (RFC 3986) and Legacy
// Extended IRIs, parsed by DFAs generated from the specifications' ABNF. One header for everything.
#pragma once

#include "iri/builder.hpp"
#include "iri/convert.hpp"
#include "iri/charset.hpp"
#include "iri/check.hpp"
#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/extract.hpp"
#include "iri/grammar.hpp"
#include "iri/idna.hpp"
#include "iri/normalize.hpp"
#include "iri/parse.hpp"
#include "iri/percent.hpp"
#include "iri/prepare.hpp"
#include "iri/query.hpp"
#include "iri/reference.hpp"
#include "iri/resolve.hpp"
#include "iri/result.hpp"
#include "iri/scheme_rules.hpp"
#include "iri/schemes.hpp"
#include "iri/split.hpp"
