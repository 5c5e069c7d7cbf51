// Reading the tree of files mlir-opt writes with --mlir-print-ir-tree-dir=DIR (with an IR-printing option):
// one file per dump, a directory per nested operation (`builtin_module_no-symbol-name/func_func_matmul/
// 0_3_cse.mlir`), each file's name starting with the chain of counters from the root (siblings share
// counters), each holding one dump with its banner (input/mlir_log.h), before- and after-dumps alike.
#pragma once

#include <string>

#include "input/dump_dir.h"

namespace irtrace {

// True when `dir` is such a tree: no `00_frontend.*`, and the first file `N[_N...]_<pass>.mlir` found in it
// or in its operations' folders (named `<dialect>_<op>_<symbol>`), at any depth up to 8 (a tree may hold
// only function folders: `builtin_module_X/func_func_f/0_0_cse.mlir`), has an MLIR IR-dump banner as its
// first line. Looks at no more than 10,000 entries.
bool LooksLikeMlirTree(const std::string& dir);

// Lists the tree: its files in the order mlir-opt wrote them without threads (an operation's dumps by its
// counter, its nested operations' dumps between them one operation after the other, in the order the dumps'
// texts define their symbols: siblings share counters, so counters alone interleave them), read as one MLIR log
// (ReadMlirLog: function dumps spliced into the module dumps, grouped by function), each snapshot named by
// its file's path inside DIR. A tree holds no diagnostics: a `Failed` dump is a failed pass whose error says
// so. Symbolic links are not followed. Throws DumpError (names inside DIR) for a tree without such a file,
// or one that cannot be read.
// `input`: as ReadMlirLog's (--input FILE's text), or null.
DumpListing ListMlirTree(const std::string& dir, const std::string* input = nullptr);

}  // namespace irtrace
