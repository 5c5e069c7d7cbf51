// The directories the recording library writes (man irtrace(3)): a trace directory holds one name
// directory per session name, <trace>/<name>/, which holds its runs in .runs/run_<UTC stamp>_<pid>_<hex>/
// (each a numbered dump) and runs.txt, the list of those runs. Read here so that `ir-trace DIR/NAME`
// converts a run picked by its age or start time, and `ir-trace DIR` lists the names.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// The run list's file in a name directory, and the lock file of a name directory and of a run directory.
inline constexpr const char* kRunsListName = "runs.txt";
inline constexpr const char* kLockName = ".lock";

// One line of runs.txt, as the recording library writes it: "<stamp>\t<status>\t<passes>\t<run>\n", oldest
// run first; `stamp` the run's UTC start (YYYYMMDDTHHMMSS.uuuuuuZ, as in its directory name), `status`
// "complete", "crashed" or "in progress", `passes` the passes recorded (0-based count), `run` the run
// directory's name under .runs/.
struct RunRecord {
  std::string stamp;
  std::string status;
  unsigned long passes = 0;
  std::string run;
};

// Parses runs.txt's text; lines that are not four tab-separated fields (a passes field of digits) are
// skipped. Never throws.
std::vector<RunRecord> ParseRunsList(const std::string& text);

// The UTC stamp in a run directory's name "run_<stamp>_<pid>_<hex>" ("" when it is not one).
std::string RunStamp(const std::string& run_name);

// True when `dir` is a name directory: it holds a .runs directory (not a symbolic link).
bool IsNameDir(const std::string& dir);

// The run directories' names under <name_dir>/.runs (real directories named run_*, no symbolic link),
// oldest first (their names sort as their start times do). Never throws (an unreadable .runs: none).
std::vector<std::string> RecordedRuns(const std::string& name_dir);

// The path of the run of `name_dir` that `selector` picks: "" or "latest" the newest, "-K" (K >= 1) the
// K-th newest (-1 the newest), else a prefix of a run's UTC stamp (e.g. "20261201T2210") matching exactly
// one run. Throws Error (ExitCode::kInput) when the name directory has no run, Error (ExitCode::kUsage)
// for a selector that picks none or, a stamp prefix, several (the message names how many and the range).
std::string PickRun(const std::string& name_dir, const std::string& selector);

// A name directory of a trace directory, its run count and how its newest run stands.
struct RecordedName {
  std::string name;  // the directory's name under the trace directory
  size_t runs = 0;
  // The newest run's: "complete" when runs.txt says so, else "in progress" while its lock (<run>/.lock) is
  // held (its session runs), else "crashed" (its process died before its session ended).
  std::string newest_status;
};

// How run directory `run` stands: "complete" when `listed` (its status in runs.txt, "" none) says so, else
// "in progress" while its lock is held, else "crashed". Never throws.
std::string RunStatus(const std::string& run, const std::string& listed);

// The name directories directly under `dir` (IsNameDir), sorted by name; empty when `dir` is not a trace
// directory. Never throws.
std::vector<RecordedName> RecordedNames(const std::string& dir);

}  // namespace irtrace
