#include "util/file_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "util/error.h"

namespace irtrace {

FileLock::FileLock(const std::string& path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd_ < 0) throw Error("cannot open the lock '" + path + "': " + std::strerror(errno));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;  // a signal with a handler arrived while waiting: wait again
    int err = errno;
    ::close(fd_);
    fd_ = -1;
    throw Error("cannot lock '" + path + "': " + std::strerror(err));
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the only descriptor of the open file releases its lock
}

bool LockIsHeld(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  int rc;
  while ((rc = ::flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  bool held = rc != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

}  // namespace irtrace
