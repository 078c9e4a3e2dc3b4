// A count of the program's allocations, for the tests that assert a call allocates nothing (test_no_allocation,
// test_web_url). The counting global operator new is in counting_new.cpp, which only those tests link (a replaced
// operator new must be in the program, and cannot be inline, so it is not part of iri_test_support).
#pragma once

#include <cstddef>

namespace iri_test {

/// How many times the global operator new has been called so far.
[[nodiscard]] std::size_t allocation_count() noexcept;

}  // namespace iri_test
