// A name directory's runs as sessions keep them: the list runs.txt (input/recorded_runs.h RunRecord) and the
// retention of IR_TRACE_KEEP runs. Both run under the name's lock (<name_dir>/.lock, util/file_lock.h), held
// by the caller; a running session holds its run's lock (<run>/.lock) for its whole length, which tells a
// run in progress (another process's) from one that ended or died.
#pragma once

#include <string>
#include <vector>

namespace irtrace {

// The run (its directory's name under .runs/) that <name_dir>/report.html links to: "" when it is no
// symbolic link into .runs/. Never throws.
std::string LinkedRun(const std::string& name_dir);

// Removes the run directories of <name_dir>/.runs older than the newest `keep` (0: keeps all), except a
// run in progress (its lock held) and the run <name_dir>/report.html links to. Only real directories named
// run_* directly in .runs (a real directory itself) are removed, and nothing under them is followed
// (std::filesystem::remove_all removes a symbolic link, never its target). Returns the runs removed.
// Never throws (a run that cannot be removed stays, for the next session to try).
std::vector<std::string> PruneRuns(const std::string& name_dir, unsigned keep);

// Rewrites <name_dir>/runs.txt atomically: one line per run of .runs/, oldest first. The run `own` (its
// directory's name) has `own_status` and `own_passes`; another run keeps "complete" and its count from the
// old list, else is "in progress" while its lock is held and "crashed" when not, with the passes its files
// show (the highest NN of its NN_after_* files). Returns the runs it found dead: "crashed" now and not in
// the old list (or "in progress" there), whose report the caller may mark (record/end_chunk.h
// AppendFoundEnd). Throws Error naming the file when it cannot be written.
std::vector<std::string> WriteRunsList(const std::string& name_dir, const std::string& own,
                                       const std::string& own_status, unsigned long own_passes);

}  // namespace irtrace
