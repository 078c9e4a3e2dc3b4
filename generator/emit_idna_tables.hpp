// The UTS #46 tables emitter: from the Unicode data files of data/unicode/ (unpacked by the build), the header
// iri/generated/idna_tables.hpp and its definitions idna_tables.cpp, for src/convert/idna_table.hpp. One 32-bit
// value for each code point, looked up in two stages (a block index, then the block): its IDNA Mapping Table status
// and mapping (UTS #46 §5), and what the validity criteria (§4.1) ask of it: its Bidi_Class (RFC 5893 §2), its
// Joining_Type and whether its Canonical_Combining_Class is Virama (RFC 5892 Appendix A.1, A.2), and whether its
// General_Category is a Mark (§4.1 criterion 6).
#pragma once

#include <ostream>
#include <string>

namespace iri::abnf {

/// The files read from the folder given, all of one Unicode version.
inline constexpr const char* idna_table_files[] = {"IdnaMappingTable.txt", "DerivedBidiClass.txt",
                                                   "DerivedJoiningType.txt", "DerivedCombiningClass.txt",
                                                   "DerivedGeneralCategory.txt"};

/// Reads the files of `folder` and writes the header to `header` and its definitions to `source` (which includes
/// the header as `header_name`). On failure (a file unreadable, a line not of the Unicode Character Database's
/// form, a value unknown, a code point without a status, versions that differ) returns false with `error` set,
/// naming the file and line.
bool emit_idna_tables(const std::string& folder, const std::string& command, const std::string& header_name,
                      std::ostream& header, std::ostream& source, std::string& error);

}  // namespace iri::abnf
