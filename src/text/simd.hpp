// The SIMD dispatch: which instruction set the library's vector loops use (the literal skip, grammar/literal_skip.hpp;
// the octet survey, text/octet_scan.hpp). Private to the library.
#pragma once

#include <cstdint>

namespace iri::detail {

/// The implementations of the vector loops, narrowest first.
enum class simd_level : std::uint8_t { scalar, avx2, avx512 };

/// Whether the processor runs `level`'s instructions (AVX2; AVX-512BW).
[[nodiscard]] bool processor_has(simd_level level) noexcept;

/// The widest level the processor has, or the narrower one the environment variable IRI_FORCE_SIMD ("avx2",
/// "scalar") asks for, so that the tests run every implementation on one machine: the level chosen when the
/// library is loaded, for the literal skip and for octets_of.
[[nodiscard]] simd_level widest_simd_level() noexcept;

}  // namespace iri::detail
