// Writing a file so that readers see either the old file or the complete new one, never a partial one,
// and so that no run, however it ends, leaves a temporary file that outlives the next run.
#pragma once

#include <csignal>
#include <cstdio>
#include <string>

#include "util/output_sink.h"

namespace irtrace {

// While alive, SIGXFSZ is ignored if its action is the default one (which kills the process), so that a
// write past the file size limit (`ulimit -f`) fails with EFBIG ("File too large") and is reported as an
// error. An action the program chose (a handler, or SIG_IGN) is left alone. Guards count process-wide, in
// any thread: the first one ignores the signal, the last one restores the default, unless the program has
// set another action meanwhile.
class IgnoreFileSizeSignal {
 public:
  IgnoreFileSizeSignal();
  ~IgnoreFileSizeSignal();
  IgnoreFileSizeSignal(const IgnoreFileSizeSignal&) = delete;
  IgnoreFileSizeSignal& operator=(const IgnoreFileSizeSignal&) = delete;
};

// What an AtomicFile does beyond the atomic rename. The command keeps the defaults; the recording library
// (lib/record/), a guest in the compiler's process, turns both off.
struct AtomicFileOptions {
  // SIGINT, SIGTERM and SIGHUP remove a named temporary file while the AtomicFile exists (handlers
  // installed for that time). Off: the process's signal actions are not touched; a temporary file left by
  // a signal then is removed by the next AtomicFile for the same path, like a SIGKILL's.
  bool cleanup_on_signals = true;
  // fsync before the rename, so that the file survives a power loss too. Off: the file is still complete
  // or absent for any reader and after the process dies (kill -9, a crash).
  bool sync = true;
  // Before the temporary file is made, the directory is read for the leftovers of killed runs (below). Off
  // for a directory only this process writes and that was made empty (a recording session's run
  // directory): the read costs a pass of every file there, so a session writing N files would pay O(N^2).
  bool remove_stale = true;
};

// Writes to a temporary file in `path`'s directory and renames it over `path` on Commit(); `path` is
// replaced as a directory entry (a symbolic link there would itself be replaced: ResolveOutput in
// util/output_file.h follows links first). The temporary file has no name while it is written (O_TMPFILE);
// it is linked as ".<name>.tmp-XXXXXX" only for the final rename. Where the filesystem cannot do that, it
// is named from the start. Either way it is locked (flock) while its run lives, and each AtomicFile first
// removes the unlocked ".<name>.tmp-*" files for the same `path`: the leftovers of runs killed with
// SIGKILL or by a crash.
//
// Destroyed without Commit() (an error on the way), it leaves nothing behind and any existing file at
// `path` untouched. So does SIGINT, SIGTERM or SIGHUP while it exists: the handler removes a named
// temporary file, then the signal takes the course it had before. A signal ignored when the AtomicFile
// is made (nohup, a background job of a shell) stays ignored. SIGXFSZ is ignored while it exists (see
// IgnoreFileSizeSignal). `options` can turn the signal handlers and the fsync off (AtomicFileOptions). The committed file's mode follows the umask (0666 & ~umask).
class AtomicFile : public OutputSink {
 public:
  // Creates the temporary file for `path`; messages name the destination `shown` (default: `path`).
  // Throws Error (ExitCode::kInput) with the cause from errno when `path` is an existing directory, its
  // directory cannot be used (missing, not a directory, permission denied) or the file cannot be created.
  explicit AtomicFile(const std::string& path, const std::string& shown = "", AtomicFileOptions options = {});
  ~AtomicFile() override;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends bytes. Throws Error naming the destination on a write failure (disk full, "File too large").
  void Write(std::string_view bytes) override;
  // Flushes, syncs and renames into place. Throws Error on failure (the temporary file is removed).
  void Commit();

 private:
  void CheckDestination() const;
  int OpenTemp();
  void NameTemp();
  void Disarm();

  std::string path_;
  std::string shown_;
  std::string dir_;  // path_'s directory ("." for a bare name)
  std::string prefix_;  // ".<name>.tmp-": temporary files for path_ are this and 6 characters
  std::string temp_path_;  // the temporary file's name, "" while it has none
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  bool signals_armed_ = false;
  bool sync_ = true;
  IgnoreFileSizeSignal file_size_signal_;
};

}  // namespace irtrace
