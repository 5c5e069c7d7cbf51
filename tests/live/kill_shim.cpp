// An LD_PRELOAD write(2) shim for the live report's tests: with LIVE_KILL_APPEND=N, the N-th write(2) to a
// file whose path ends in "/report.html" (the live report's appends: its first version is written under a
// temporary name and renamed) writes the first half of its bytes, then the process sends itself SIGKILL:
// a kill inside a report append, at a place the test chooses. Test-only; never linked into the library.
#include <dlfcn.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

long appends = 0;

int IsReport(int fd) {
  char link[64], path[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return 0;
  path[n] = '\0';
  size_t len = static_cast<size_t>(n);
  return len >= 12 && std::strcmp(path + len - 12, "/report.html") == 0;
}

}  // namespace

extern "C" ssize_t write(int fd, const void* buf, size_t count) {
  using Write = ssize_t (*)(int, const void*, size_t);
  static Write real = reinterpret_cast<Write>(dlsym(RTLD_NEXT, "write"));
  const char* at = std::getenv("LIVE_KILL_APPEND");
  if (at && count > 1 && IsReport(fd) && ++appends == std::atol(at)) {
    real(fd, buf, count / 2);
    std::raise(SIGKILL);
  }
  return real(fd, buf, count);
}
