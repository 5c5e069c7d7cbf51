#include "driver/pager.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <sys/wait.h>
#include <unistd.h>

#include "util/error.h"

namespace irtrace {

std::string PagerCommand() {
  const char* pager = std::getenv("PAGER");
  if (!pager) return "less -R";
  std::string command = pager;
  return command == "cat" ? "" : command;
}

Pager::Pager(const std::string& command) {
  int fds[2];
  if (::pipe(fds) != 0) throw Error(std::string("cannot start the pager: ") + std::strerror(errno));
  pid_t pid = ::fork();
  if (pid < 0) {
    int err = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw Error(std::string("cannot start the pager: ") + std::strerror(err));
  }
  if (pid == 0) {
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    ::setenv("LESS", "FRX", 0);  // git's defaults, only where the user set none
    ::setenv("LV", "-c", 0);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[0]);
  fd_ = fds[1];
  pid_ = pid;
  struct sigaction ignore{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  ::sigaction(SIGPIPE, &ignore, &old_pipe_);
}

Pager::~Pager() { Finish(); }

void Pager::Write(std::string_view bytes) {
  while (!gone_ && fd_ >= 0 && !bytes.empty()) {
    ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      gone_ = true;
      return;
    }
    if (n < 0) throw Error(std::string("cannot write to the pager: ") + std::strerror(errno));
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

void Pager::Finish() {
  if (fd_ < 0) return;
  ::close(fd_);
  fd_ = -1;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  ::sigaction(SIGPIPE, &old_pipe_, nullptr);
}

}  // namespace irtrace
