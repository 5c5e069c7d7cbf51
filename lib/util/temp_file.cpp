#include "util/temp_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "util/error.h"

namespace irtrace {

int OpenUnnamedTempFd(const std::string& what) {
  const char* env = std::getenv("TMPDIR");
  std::string dir = env && *env ? env : "/tmp";
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) {
    std::string templ = dir + "/.ir-trace-XXXXXX";
    fd = ::mkostemp(templ.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(templ.c_str());
  }
  if (fd < 0) throw WriteError("cannot write " + what + ": temporary file in '" + dir + "': " + std::strerror(errno));
  return fd;
}

}  // namespace irtrace
