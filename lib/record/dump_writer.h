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

// The empty pass log a session keeps between passes (DumpWriter::KeepLog): a dot-file, ignored by ir-trace.
inline constexpr const char* kSpareLogName = ".spare.log";

// Writes `text` to `path` as the recording library writes every file: atomically (util/atomic_file.h; readers
// see the old file or the new one), not synced, no signal handlers (a guest in the compiler's process).
// `own_dir` true for a file of the session's own run directory, which nobody else writes: the directory is
// not read for other runs' leftover temporary files (AtomicFileOptions::remove_stale), which would cost a
// pass of every file there on every write. Throws Error naming `path` on failure.
void WriteGuestFile(const std::string& path, std::string_view text, bool own_dir = false);

class DumpWriter {
 public:
  // Creates <trace_dir>/<SafeDirName(name)>/.runs/run_<UTC time>_<pid>_<random>/ (record/safe_name.h),
  // with its parents as needed (modes 0777 & ~umask). The UTC time is YYYYMMDDTHHMMSS.uuuuuuZ, the random
  // part 8 hex digits; the directory is made with mkdir(2), a name taken already is drawn again, so no two
  // sessions (threads, processes, machines sharing the directory) get one run directory.
  // Under the name's lock (<name dir>/.lock): the run directory is made, its own lock (<run>/.lock) taken
  // and held until this object goes (what tells the run in progress, record/run_list.h), the runs beyond
  // the newest `keep` pruned (PruneRuns; 0 keeps all) and runs.txt rewritten with this run "in progress"; a
  // run it finds dead (WriteRunsList) gets the end chunk "found" in its live report (AppendFoundEnd).
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
  // The running pass's empty log: the spare KeepLog kept renamed to it (no file made or removed, so a
  // session allocates no inode per pass and frees none: on ext4 a file made while many were freed in the
  // last seconds pays a scan of them, `recently_deleted`), else made empty.
  void BeginLog(unsigned long num, std::string_view pass);
  // The pass returned: its empty log is renamed to the spare, kSpareLogName (a dot-file, which ir-trace
  // ignores: the dump is as if the log were removed), for the next BeginLog. Throws Error naming it when
  // it can be neither renamed nor removed.
  void KeepLog(unsigned long num, std::string_view pass);
  void DropLog();  // removes the spare, if any (the session's end)
  void Phases(const std::vector<DumpPhase>& phases);  // phases.txt, rewritten whole (names: SafePhaseName)
  // codegen_<role>_<SafeSourceName(file)>, `role` "device" or "host": a generated source, which the dump
  // contract lists after the last pass when its extension is a source's (cpp, cc, cu, c, h, hpp, hip, pto).
  void Codegen(std::string_view role, std::string_view file, std::string_view text);

  // Bytes of the files written so far (the benchmark's bound: the files, not the report).
  uint64_t bytes_written() const { return bytes_; }

 private:
  std::string PassFile(unsigned long num, std::string_view pass, std::string_view ext) const;
  std::string SpareLog() const;
  void Write(const std::string& file, std::string_view text);

  std::string name_dir_;
  std::string run_dir_;
  uint64_t bytes_ = 0;
  std::unique_ptr<FileLock> run_lock_;
  bool spare_log_ = false;  // <run>/kSpareLogName holds the empty log KeepLog kept
};

}  // namespace irtrace
