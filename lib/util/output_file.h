// The report's destination (-o PATH): what kind of file PATH is, judged after following every symbolic link,
// and writing the report there so that it appears complete or not at all.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "util/atomic_file.h"
#include "util/output_sink.h"

namespace irtrace {

enum class OutputKind {
  kReplace,  // a regular file or a new name: written beside its final target and renamed over it
  kStream,   // standard output, a character device or a FIFO: written in place, never replaced
};

// Where the report goes.
struct OutputTarget {
  std::string shown;  // how messages name it: PATH as given, or "standard output" for "-"
  OutputKind kind = OutputKind::kReplace;
  std::string path;   // kReplace: the name to rename over, symbolic links followed (the end of the chain,
                      // which may not exist yet: a dangling link creates its target); kStream: the path to
                      // open, or "" for standard output (file descriptor 1)
};

// Judges `given` (a path, or "-" for standard output) by what stat(2) says after following every link
// (/dev/stdout leads through /proc to whatever file descriptor 1 is): a regular file or a missing name is
// kReplace, a character device or a FIFO kStream. Throws Error (ExitCode::kUsage) for an empty path;
// Error (ExitCode::kInput) for a directory, a socket, a block device or any other kind, and, with the
// cause from errno, for a path that cannot be reached (missing directory, permission denied, a loop of
// symbolic links, a dangling link whose target's directory is missing) or a device or FIFO that cannot be
// written. Nothing is created or opened for writing.
OutputTarget ResolveOutput(const std::string& given);

// Writes the report to `target` so that it appears complete or not at all: kReplace through AtomicFile;
// kStream into an unnamed temporary file (in $TMPDIR, else /tmp) copied to the destination on Commit(),
// so that a failed run writes nothing there. SIGXFSZ is ignored while it exists (IgnoreFileSizeSignal).
class OutputFile : public OutputSink {
 public:
  // Throws Error (ExitCode::kInput) naming target.shown when the temporary file cannot be made.
  explicit OutputFile(const OutputTarget& target);
  ~OutputFile() override;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Appends bytes. Throws Error naming target.shown on a write failure (disk full, "File too large").
  void Write(std::string_view bytes) override;
  // Puts the report in place: renames it (kReplace) or opens the destination and copies it there
  // (kStream; opening a FIFO waits for a reader). Throws Error naming target.shown on failure.
  void Commit();

 private:
  void CopyToDestination();

  OutputTarget target_;
  IgnoreFileSizeSignal file_size_signal_;
  std::unique_ptr<AtomicFile> file_;  // kReplace
  std::FILE* temp_ = nullptr;         // kStream: the report so far, in an unnamed file
};

// Appends what `make(earlier)` returns to `given` (a path, created if missing with mode 0666 & ~umask; or
// "-", standard output), where `earlier` is the file's size before appending (0 for a new file, and for
// standard output, a FIFO or a device, whose earlier bytes are not known). In a regular file the new bytes
// appear whole or not at all: a write that fails part-way is cut off again (ftruncate to `earlier`), so
// the earlier bytes are kept as they were. SIGXFSZ is ignored meanwhile. Throws Error ("cannot write
// 'PATH': <cause from errno>") when the file cannot be opened or written.
void AppendToFile(const std::string& given, const std::function<std::string(uint64_t earlier)>& make);

}  // namespace irtrace
