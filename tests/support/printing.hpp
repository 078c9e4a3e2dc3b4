// Lets Boost.Test print the library's enums in failed assertions (found by argument-dependent lookup).
#pragma once

#include <ostream>

#include "iri/components.hpp"
#include "iri/error.hpp"
#include "iri/reference.hpp"

namespace iri {

inline std::ostream& operator<<(std::ostream& o, errc e) { return o << name(e); }
inline std::ostream& operator<<(std::ostream& o, component c) { return o << name(c); }
inline std::ostream& operator<<(std::ostream& o, const reference_view& r) { return o << r.str(); }
inline std::ostream& operator<<(std::ostream& o, const reference& r) { return o << r.str(); }

}  // namespace iri
