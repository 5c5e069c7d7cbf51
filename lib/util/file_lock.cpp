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

}  // namespace irtrace
