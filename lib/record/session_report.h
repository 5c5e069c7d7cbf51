// The report a session leaves at its end: its run directory converted (driver/convert.h), and the
// session's name directory pointing at the newest one.
#pragma once

#include <string>

namespace irtrace {

// Converts `run_dir` into <run_dir>/report.html (one thread; the same report `ir-trace RUN_DIR -o ...`
// writes, byte for byte), renamed over the live report (record/live_report.h) in one step, and points
// <name_dir>/report.html at it by LinkNewest (with `copy` true). Returns <name_dir>/report.html when it
// shows this run, else <run_dir>/report.html (a newer run holds the link). Throws Error (from ConvertDump,
// or naming the file that could not be written).
std::string WriteSessionReport(const std::string& run_dir, const std::string& name_dir);

// Under the name's lock (<name_dir>/.lock): points <name_dir>/report.html at <run_dir>/report.html (a
// symbolic link to ".runs/<run>/report.html" made under a temporary name and renamed into place, so
// readers see the old report or the new one), unless it links to a newer run (one started later: its
// directory's name sorts after run_dir's) that still exists: the link always shows the newest run
// that has a report. Where a link cannot be made (a filesystem without them), an atomic copy of the report
// when `copy` is true, else nothing. Returns true when the name's report shows this run. Throws Error
// naming the file that could not be written, or the lock that could not be taken.
bool LinkNewest(const std::string& run_dir, const std::string& name_dir, bool copy);

// Points `link` at `target` (a relative link target) atomically: a temporary link beside it, renamed over
// it. Returns false, with errno set and nothing left behind, when the link cannot be made.
bool RepointLink(const std::string& target, const std::string& link);

}  // namespace irtrace
