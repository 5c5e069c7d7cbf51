// A session's run directory: a numbered pass dump (README "The dump") written one file at a time, each
// atomically, so that a compilation killed at any point leaves a valid dump (a prefix of it, and the
// running pass's .log as its crashed pass).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "input/dump_dir.h"

namespace irtrace {

// The file name of pass `num`'s file in a run directory: NN_after_<SafePassName(pass)>.<ext>, NN at least
// two digits; `ext` as given (the caller makes it safe: SafeExtension, or "log").
std::string PassFileName(unsigned long num, std::string_view pass, std::string_view ext);

class FileLock;

// Writes `text` to `path` as the recording library writes every file: atomically (util/atomic_file.h; readers
// see the old file or the new one), not synced, no signal handlers (a guest in the compiler's process).
// Throws Error naming `path` on failure.
void WriteGuestFile(const std::string& path, std::string_view text);

class DumpWriter {
 public:
  // Creates <trace_dir>/<SafeDirName(name)>/.runs/run_<UTC time>_<pid>_<random>/ (record/safe_name.h),
  // with its parents as needed (modes 0777 & ~umask). The UTC time is YYYYMMDDTHHMMSS.uuuuuuZ, the random
  // part 8 hex digits; the directory is made with mkdir(2), a name taken already is drawn again, so no two
  // sessions (threads, processes, machines sharing the directory) get one run directory.
  // Under the name's lock (<name dir>/.lock): the run directory is made, its own lock (<run>/.lock) taken
  // and held until this object goes (what tells the run in progress, record/run_list.h), the runs beyond
  // the newest `keep` pruned (PruneRuns; 0 keeps all) and runs.txt rewritten with this run "in progress".
  // Throws Error (with the cause from errno) when a directory cannot be made or a lock taken.
  DumpWriter(const std::string& trace_dir, std::string_view name, unsigned keep = 0);
  ~DumpWriter();

  // The session's end: runs.txt rewritten, under the name's lock, with this run "complete" and `passes`.
  // Throws Error naming the file when it cannot be written.
  void Finish(unsigned long passes);

  const std::string& name_dir() const { return name_dir_; }  // <trace_dir>/<safe name>
  const std::string& run_dir() const { return run_dir_; }

  // Each writes one file into the run directory through util/atomic_file.h (not synced, no signal
  // handlers: a guest in the compiler's process) and throws Error naming it on failure. `num` >= 1 is the
  // pass number, written with at least two digits; `pass` and `ext` are sanitised (SafePassName,
  // SafeExtension).
  void Frontend(std::string_view text, std::string_view ext);             // 00_frontend.<ext>
  void Snapshot(unsigned long num, std::string_view pass, std::string_view ext, std::string_view text);
  void Log(unsigned long num, std::string_view pass, std::string_view text);  // NN_after_<pass>.log
  void RemoveLog(unsigned long num, std::string_view pass);                   // ignores a missing one
  void Phases(const std::vector<DumpPhase>& phases);  // phases.txt, rewritten whole (names: SafePhaseName)
  // codegen_<role>_<SafeSourceName(file)>, `role` "device" or "host": a generated source, which the dump
  // contract lists after the last pass when its extension is a source's (cpp, cc, cu, c, h, hpp, hip, pto).
  void Codegen(std::string_view role, std::string_view file, std::string_view text);

  // Bytes of the files written so far (the benchmark's bound: the files, not the report).
  uint64_t bytes_written() const { return bytes_; }

 private:
  std::string PassFile(unsigned long num, std::string_view pass, std::string_view ext) const;
  void Write(const std::string& file, std::string_view text);

  std::string name_dir_;
  std::string run_dir_;
  uint64_t bytes_ = 0;
  std::unique_ptr<FileLock> run_lock_;
};

}  // namespace irtrace
