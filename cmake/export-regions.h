/* The public API is what the public headers (include/iri/) declare in namespace iri: each header wraps its
 * `namespace iri { ... }` in IRI_API_BEGIN ... IRI_API_END, so a function or class added there is exported from
 * the shared library without further ado, and everything else (src/, iri::detail, the generated tables, ICU) stays
 * hidden: the library is compiled with -fvisibility=hidden -fvisibility-inlines-hidden.
 *
 * Why a region and not IRI_EXPORT on the namespace (`namespace iri IRI_EXPORT {`): g++ gives a function the
 * visibility of the namespace block that declares it, but clang++ that of the block that defines it (the plain
 * `namespace iri {` of the files in src/), so under clang++ the functions would stay hidden. `#pragma GCC visibility`,
 * which both compilers apply to every declaration in the region and keep on its redeclarations, does not have
 * that difference. IRI_EXPORT (default visibility) is for a declaration outside the regions, e.g. an extern "C"
 * function; a declaration of iri::detail that a public header cannot avoid goes in
 * `namespace detail IRI_NO_EXPORT { ... }`. A static library (IRI_STATIC_DEFINE) exports nothing. */
#if defined(IRI_STATIC_DEFINE) || !defined(__GNUC__)
#  define IRI_API_BEGIN
#  define IRI_API_END
#else
#  define IRI_API_BEGIN _Pragma("GCC visibility push(default)")
#  define IRI_API_END _Pragma("GCC visibility pop")
#endif
