// Reading XLA's own pass dumps: the directory `--xla_dump_to=DIR --xla_dump_hlo_pass_re=.*` writes, one file
// per pass that changed a module, `module_NNNN.<name>.NNNN.<pipeline>.after_<pass>.before_<next>.txt` (from
// `after_pipeline-start.before_<first>` to `....before_pipeline-end`), as the ir-trace issue describes
// xla/service/dump.cc's naming; plus `<platform>_after_optimizations.txt` and its `-buffer-assignment.txt`
// / `-memory-usage-report.txt` siblings, which are no passes. Several modules in one directory are one
// report each (InputParts).
#pragma once

#include <string>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// True when `dir` has no `00_frontend.*` and holds a pass file named as above.
bool LooksLikeXlaDump(const std::string& dir);

// True when `name` is a pass file's name as above (what ListXlaDump reads).
bool IsXlaPassName(const std::string& name);

// The modules of the directory, "module_NNNN.<name>", sorted.
std::vector<std::string> XlaModules(const std::string& dir);

// Lists module `module` (one of XlaModules; "" when there is only one, else SeveralReports): its pass files in the order of
// their second counter, the first (`after_pipeline-start`, or the earliest) shown whole as the frontend, each
// other named by its `after_<pass>` (with its pipeline when the module has several: "<pipeline>: <pass>").
// Only passes that changed the module are dumped: the others are missing, not no-ops (a note says so). The
// title is the module's name. Throws DumpError for no such module or file.
DumpListing ListXlaDump(const std::string& dir, const std::string& module);

}  // namespace irtrace
