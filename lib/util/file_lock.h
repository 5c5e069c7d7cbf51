// An exclusive lock on a file shared by processes (flock(2)), held for a scope: so that two processes (or
// two threads, each with its own FileLock) never run the same read-decide-write step at once.
#pragma once

#include <string>

namespace irtrace {

class FileLock {
 public:
  // Opens `path` (created empty, mode 0666 & ~umask, if missing; never truncated) and waits until no other
  // FileLock on it is held: flock(LOCK_EX), retried on EINTR. The lock is the open file's, so it is released
  // when this object goes, or when the process dies however it dies (kill -9 included): a lock is never
  // left behind. Throws Error with the cause from errno when the file cannot be opened or locked.
  explicit FileLock(const std::string& path);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

// True when another open file holds a lock on `path` now (a FileLock, in this process or another: the
// running session of a run directory holds its lock, so a run whose lock is free has ended, or died).
// False for a missing file, or one whose lock could be taken (it is released before returning). Never throws.
bool LockIsHeld(const std::string& path);

}  // namespace irtrace
