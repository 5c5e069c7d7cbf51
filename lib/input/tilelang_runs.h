// Reading TileLang's IR Lower Trace run records (tilelang/tools/lower_trace/core.py, as the issue describes
// its layout; no TileLang is installable here to check against): `<script dir>/.run_records/
// run_<YYYYmmdd_HHMMSS_ffffff>_<pid>[_<id>]/`, with phase folders `pipeline_<name>`, `unscoped` and
// `codegen` holding `NN_<Pass>_before.tir` / `NN_<Pass>_after.tir` (numbers global across phases, nested
// passes in pre-order, a second lowering's phases prefixed `run2_`), codegen `NN_codegen_before.tir` +
// `NN_codegen_after.<ext>`; a failed pass leaves an empty `_after.tir`.
#pragma once

#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// True when `dir` is a script directory holding `.run_records/run_*/`, or a run directory itself (a
// `pipeline_*`, `unscoped` or `codegen` folder holding `NN_<Pass>_before.*` / `_after.*` files).
bool LooksLikeTileLangRuns(const std::string& dir);

// Lists the latest run of a script directory (by the time in its name; then the pid, then the id), or the
// run directory given. Passes in NN order, each named by <Pass>, its phase the folder's name without
// `pipeline_`; the first pass's `_before` is the frontend. A pass's `_before` that differs from the previous
// pass's `_after` is its own before-dump (DumpPass::before), with a note. An empty `_after` after a
// non-empty `_before` is a failed pass (its IR as before it). `NN_codegen_after.<ext>` files are device
// codegen. The title is the script directory's name. Throws DumpError for no run or no pass file.
// `run`: one of TileLangRuns(dir) to read that run instead of the latest; with `all_runs` and no `run`, a
// directory of several runs is SeveralReports.
DumpListing ListTileLangRuns(const std::string& dir, const std::string& run = "", bool all_runs = false);

// The runs of a script directory's `.run_records/`, oldest first (by the time in their names).
std::vector<std::string> TileLangRuns(const std::string& dir);

}  // namespace irtrace
