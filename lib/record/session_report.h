// The report a session leaves at its end: its run directory converted (driver/convert.h), and the
// session's name directory pointing at the newest one.
#pragma once

#include <string>

namespace irtrace {

// Converts `run_dir` into <run_dir>/report.html (one thread; the same report `ir-trace RUN_DIR -o ...`
// writes) and re-points <name_dir>/report.html at it: a symbolic link to ".runs/<run>/report.html" made
// under a temporary name and renamed into place, so readers see the old report or the new one; where a
// link cannot be made (a filesystem without them), an atomic copy instead. Returns <name_dir>/report.html.
// Throws Error (from ConvertDump, or naming the file that could not be written).
std::string WriteSessionReport(const std::string& run_dir, const std::string& name_dir);

// Points `link` at `target` (a relative link target) atomically: a temporary link beside it, renamed over
// it. Returns false, with errno set and nothing left behind, when the link cannot be made.
bool RepointLink(const std::string& target, const std::string& link);

}  // namespace irtrace
