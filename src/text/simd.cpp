// The SIMD dispatch (simd.hpp): the processor's features, the environment's choice, and the level chosen.
#include "text/simd.hpp"

#include <cstdlib>
#include <string_view>

namespace iri {

namespace detail {

namespace {

// The level the vector loops run at: widest_simd_level when the library is loaded, then what select_simd_level
// sets (the fuzzers). Each loop's implementation is chosen from it.
simd_level& active_level() noexcept {
    static simd_level level = widest_simd_level();
    return level;
}

}  // namespace

bool processor_has(simd_level level) noexcept {
    if (level == simd_level::scalar) return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return level == simd_level::avx2 ? __builtin_cpu_supports("avx2") : __builtin_cpu_supports("avx512bw");
#else
    return false;
#endif
}

simd_level widest_simd_level() noexcept {
    const char* forced = std::getenv("IRI_FORCE_SIMD");
    const std::string_view force = forced ? forced : "";
    if (force == "scalar") return simd_level::scalar;
    if (force != "avx2" && processor_has(simd_level::avx512)) return simd_level::avx512;
    return processor_has(simd_level::avx2) ? simd_level::avx2 : simd_level::scalar;
}

void set_active_simd_level(simd_level level) noexcept { active_level() = level; }

}  // namespace detail

simd_level active_simd_level() noexcept { return detail::active_level(); }

const char* name(simd_level level) noexcept {
    switch (level) {
        case simd_level::scalar: return "scalar";
        case simd_level::avx2: return "avx2";
        case simd_level::avx512: return "avx512";
    }
    return "unknown";
}

}  // namespace iri
