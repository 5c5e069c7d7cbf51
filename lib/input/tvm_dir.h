// Reading TVM's own pass dumps: the directory tvm.ir.instrument.DumpIR-style instruments write
// (python/tvm/ir/instrument.py): one file per pass, `{counter:03d}_{pass name}.py` (wider counters past
// 999; `<>:"/\|?*` in names replaced by `_`, dots kept: `003_tir.Simplify.py`), each the module after that
// pass. Only after-dumps: the first file is the output of the first pass, shown whole (the directory holds no
// IR before it).
#pragma once

#include <string>

#include "input/dump_dir.h"

namespace irtrace {

// True when `dir` is such a directory: no `00_frontend.*`, and at least one `NNN_<name>.py` file (three
// digits or more) whose name has no `_after_` (a numbered dump's).
bool LooksLikeTvmDir(const std::string& dir);

// Lists `dir`: the files in counter order (numerically) as passes 1, 2, ... named by their pass (the file
// name between the counter's `_` and `.py`); the first entry is empty (log_listing.h SetNoInput: the
// directory holds no IR before pass 1, whose output is shown whole; --input FILE gives it). Other
// files are ignored (listed by -v). Throws DumpError for no such file, or two files with one counter.
DumpListing ListTvmDir(const std::string& dir);

}  // namespace irtrace
