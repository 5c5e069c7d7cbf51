// --find ROOT: the dumps under a directory tree.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// Every directory under `root`, at any depth and `root` itself, that is a dump (input/input_format.h
// DetectDirectory: one holding a frontend snapshot, 0+_frontend.<ext>, or a compiler's own dump directory:
// an MLIR tree, an LLVM -ir-dump-directory, TileLang run records, an XLA dump, a TVM DumpIR directory), or a
// directory named passes_dump that is none of them and has no subdirectory (empty, or only leftovers: a
// compiler that stopped before its frontend; reading it then says "no snapshot"), as
// paths relative to `root` ("." for `root` itself), sorted bytewise. A dump is not searched further (its
// subdirectories are its own parts). Symbolic links to directories are not followed (a link loop cannot hang
// the walk and no dump is found twice); a subdirectory that cannot be read is skipped.
// Throws Error (ExitCode::kInput, naming `root` as given) when `root` is not a readable directory.
std::vector<std::string> FindDumps(const std::string& root);

}  // namespace irtrace
