// --find ROOT: the dumps under a directory tree.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// Every directory under `root`, at any depth and `root` itself, that holds a frontend snapshot
// (0+_frontend.<ext>, input/dump_dir.h IsFrontendName), as paths relative to `root` ("." for `root`
// itself), sorted bytewise. Symbolic links to directories are not followed (a link loop cannot hang
// the walk and no dump is found twice); a subdirectory that cannot be read is skipped.
// Throws Error (ExitCode::kInput, naming `root` as given) when `root` is not a readable directory.
std::vector<std::string> FindDumps(const std::string& root);

}  // namespace irtrace
