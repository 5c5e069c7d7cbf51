// --input FILE: the IR the compiler was handed, given beside a log that holds no IR before its first pass
// (an after-only LLVM or MLIR log, an -ir-dump-directory, an MLIR tree, a TVM directory: their first entry
// is log_listing.h's empty one), so that pass 1 is diffed against it like any other pass.
#pragma once

#include <string>

#include "input/dump_dir.h"

namespace irtrace {

// The first entry's label when UseGivenInput gives it.
inline constexpr const char* kGivenInputLabel = "input";

// The file --input names, read whole.
struct GivenInput {
  std::string path;  // as given
  std::string text;
};

// Reads `path`. Throws Error (ExitCode::kInput, the path as given) when it cannot be read (with errno's
// words) or is not a regular file.
GivenInput ReadGivenInput(const std::string& path);

// Makes `input` the first entry of `listing` (labelled "input", named by its path as given, its extension
// the listing's) in place of the empty one, and takes kNoInputNote off the first pass (of `passes`, or of
// the stream, which is wrapped to hand that pass out first). Reads the input and the first pass's snapshot
// with the format's function scope (scope/function_scope.h, by the extension) and adds to
// DumpListing::warnings one warning each when they disagree: a whole-module first dump that defines other
// functions (or, in MLIR, other symbols) than the input, or LLVM IR whose `; ModuleID` (neither the input's
// own nor the input's file name) or `source_filename` differs; a first dump of one function (an SCC, a
// loop's function) that the input does not define. Pass 1 is still diffed against the input. LLVM IR whose
// `; ModuleID` is the input's file name where the file says another (opt names the module after the file
// it read: `'p.ll'`, the file clang wrote says `'p.c'`) is shown with the first dump's line, and a note says
// so (no pass changes that line).
// Throws Error (ExitCode::kUsage) when the listing has its own first entry (a numbered dump's frontend, a
// log's "At Start" or before-dump, ...): "--input FILE is for a log without the IR before its first pass:
// <dump> holds its own (<label>)"; Error as reading the stream's first pass does.
void UseGivenInput(DumpListing* listing, const GivenInput& input, const std::string& dump);

}  // namespace irtrace
