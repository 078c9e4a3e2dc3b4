// The replaced global operator new (and its deletes) that counts every allocation: support/counting_new.hpp.
// They pair malloc with free; GCC, seeing both, reports free() on memory from "operator new"
// (-Wmismatched-new-delete), which is what replacing them means.
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
#include "support/counting_new.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> allocations{0};
}  // namespace

std::size_t iri_test::allocation_count() noexcept { return allocations.load(); }

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
