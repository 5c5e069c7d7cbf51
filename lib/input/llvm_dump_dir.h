// Reading the directory LLVM writes with -ir-dump-directory=DIR (with -print-after-all or -print-before-all):
// one file per dump, `{N}-{module hash}-{module|function|scc|loop}[-{IR hash}]-{PassID}-{before|after|
// invalidated}.ll` (llvm/lib/Passes/StandardInstrumentations.cpp, LLVM 19; names may hold spaces and <>),
// each holding the dump with its banner, as the log of input/llvm_log.h would.
#pragma once

#include <string>

#include "input/dump_dir.h"

namespace irtrace {

// True when `dir` has no `00_frontend.*` and holds a file named as above.
bool LooksLikeLlvmDumpDir(const std::string& dir);

// True when `name` is a dump file's name as above (what ListLlvmDumpDir reads).
bool IsLlvmDumpDirName(const std::string& name);

// Lists the directory: its dump files in N order (numerically), read as one LLVM log (ReadLlvmLog), each
// snapshot named by its file. Other files are ignored. Throws DumpError for a directory without such a file.
DumpListing ListLlvmDumpDir(const std::string& dir);

}  // namespace irtrace
