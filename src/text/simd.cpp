// The SIMD dispatch (simd.hpp): the processor's features and the environment's choice.
#include "text/simd.hpp"

#include <cstdlib>
#include <string_view>

namespace iri::detail {

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

}  // namespace iri::detail
