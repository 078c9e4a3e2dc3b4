// The SIMD dispatch: which instruction set the library's vector loops use (the literal skip, grammar/literal_skip.hpp;
// the octet survey, text/octet_scan.hpp). The public face is iri/simd.hpp. Private to the library.
#pragma once

#include "iri/simd.hpp"

namespace iri::detail {

using iri::simd_level;

/// Whether the processor runs `level`'s instructions (AVX2; AVX-512BW).
[[nodiscard]] bool processor_has(simd_level level) noexcept;

/// The widest level the processor has, or the narrower one the environment variable IRI_FORCE_SIMD ("avx2",
/// "scalar") asks for, so that the tests run every implementation on one machine. The only reader of the variable.
[[nodiscard]] simd_level widest_simd_level() noexcept;

/// Records `level` as the one the vector loops now run at (active_simd_level): select_simd_level's part
/// (grammar/literal_skip.hpp), which also switches the loops.
void set_active_simd_level(simd_level level) noexcept;

}  // namespace iri::detail
