// Writing a file so that readers see either the old file or the complete new one, never a partial one.
#pragma once

#include <cstdio>
#include <string>

#include "util/output_sink.h"

namespace irtrace {

// Writes to a temporary file in the destination's directory and renames it into place on Commit().
// Destroyed without Commit() (an error on the way), it removes the temporary file and leaves any
// existing file at the destination untouched; so does SIGINT, SIGTERM or SIGHUP while it exists (the
// handler removes the temporary file, then the signal takes its default course). The committed file's mode follows the umask (0666 & ~umask).
class AtomicFile : public OutputSink {
 public:
  // Creates the temporary file next to `path`. Throws Error (naming `path`) when the directory does not
  // exist or is not writable, or when `path` is an existing directory.
  explicit AtomicFile(const std::string& path);
  ~AtomicFile() override;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends bytes. Throws Error naming the destination on a write failure (e.g. disk full).
  void Write(std::string_view bytes) override;
  // Flushes, syncs and renames into place. Throws Error on failure (the temporary file is removed).
  void Commit();

 private:
  std::string path_;
  std::string temp_path_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

}  // namespace irtrace
