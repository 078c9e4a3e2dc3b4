// Which instruction set the library's vector loops run with (the literal skip of the parse path, the octet survey
// of normalization): chosen once, when the library is loaded.
#pragma once

#include <cstdint>

#include "iri/export.h"

IRI_API_BEGIN  // exported by the shared library (iri/export.h)
namespace iri {

/// The implementations of the library's vector loops, narrowest first: one octet at a time (with SSE2's sixteen
/// where the loop has such a form), AVX2, AVX-512BW.
enum class simd_level : std::uint8_t { scalar, avx2, avx512 };

/// The level the library runs at: the widest the processor has, or the narrower one the environment variable
/// IRI_FORCE_SIMD ("avx2", "scalar") asked for when the library was loaded (so that the tests run every
/// implementation on one machine). A program that has vector loops of its own can follow it.
[[nodiscard]] simd_level active_simd_level() noexcept;

/// "scalar", "avx2" or "avx512": the level's name, as IRI_FORCE_SIMD spells it.
[[nodiscard]] const char* name(simd_level level) noexcept;

}  // namespace iri
IRI_API_END
