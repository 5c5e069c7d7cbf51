// The listing and stat calls the dump readers make, behind a small interface so the listing rules can be
// tested on a directory held in memory (ninja's DiskInterface and its in-memory VirtualFileSystem: "abstract
// so it can be mocked out for tests"). RealDisk() is the default everywhere; tests/memory_disk.h is the fake.
// Reading a file's bytes is not here: a listing only names files, their loading comes later.
#pragma once

#include <string>
#include <system_error>
#include <vector>

namespace irtrace {

// What a path is after following its symbolic links (stat(2)).
enum class FileKind { kMissing, kRegular, kDirectory, kFifo, kSocket, kBlock, kCharacter, kOther };

class Disk {
 public:
  virtual ~Disk() = default;
  // The names in directory `dir` (no "." or ".."), in no particular order. On failure (it cannot be opened
  // or read on) sets *ec (errno's meaning) and returns the names read before it.
  virtual std::vector<std::string> ListNames(const std::string& dir, std::error_code* ec) const = 0;
  // What `path` is after following links; kMissing when stat fails (no such file, a dangling link, a
  // loop), with errno's value in *err when err is not null (0 otherwise). Never throws.
  virtual FileKind Stat(const std::string& path, int* err = nullptr) const = 0;
  // True when `path` is a symbolic link whose chain ends at a name that does not exist
  // (util/symlink.h IsDanglingLink). Never throws.
  virtual bool IsDanglingLink(const std::string& path) const = 0;
  // The target of symbolic link `path` as written in the link ("" when it is none). Never throws.
  virtual std::string ReadLink(const std::string& path) const = 0;
};

// The real file system (std::filesystem, stat(2)). One object, alive for the whole program.
const Disk& RealDisk();

}  // namespace irtrace
