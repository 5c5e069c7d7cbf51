// The name a dump gives its program, for the report's title: the dump's own words where it says it,
// else the directory it sits in.
#pragma once

#include <string>
#include <string_view>

namespace irtrace {

// The program's name as the frontend snapshot states it, or "" when it does not:
// - `.py` / `.tir`: a `# pypto.program: NAME` line in the comment block that opens the file (as PyPTO's
//   dump writer puts it on line 1);
// - `.mlir`: the first top-level operation, when it is a named module: `module @NAME` (or `@"NAME"`), or
//   the generic `"builtin.module"() <{sym_name = "NAME"}>` (MLIR 18+ prints properties before the region;
//   the older trailing attribute dictionary is not read). Attribute and type aliases, comments and blank
//   lines before it are skipped.
// `head` is the file's beginning (any length; a name cut off by its end is not found); `extension` the
// file's extension without the dot. The name is returned trimmed, as bytes (the caller decodes it).
std::string ProgramName(std::string_view head, const std::string& extension);

// The fallback title of the dump at `dir`: the name of its parent directory after resolving the path
// (absolute, symbolic links followed, "." and ".." removed), so "build/k3/passes_dump", "." inside it
// and a symbolic link to it all give "k3". A dump whose parent is the root directory gives its own name.
// A parent named ".runs" (a run the recording library wrote: <name>/.runs/run_*/) gives <name>.
std::string ParentDirectoryTitle(const std::string& dir);

// The fallback title of a dump directory `dir` (a numbered dump, a TVM, LLVM or MLIR-tree directory):
// its own name after resolving the path as ParentDirectoryTitle does, so "dumps/softmax" gives "softmax"
// and "dumps/matmul" "matmul"; only a directory named "passes_dump" (the contract's generic name, which
// tells dumps apart by nothing) and a recording library's run (<name>/.runs/run_*) give
// ParentDirectoryTitle(dir). The root directory gives "/".
std::string DumpDirectoryTitle(const std::string& dir);

}  // namespace irtrace
