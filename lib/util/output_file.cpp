#include "util/output_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "util/symlink.h"
#include "util/temp_file.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

std::string ErrorText(int err) { return std::strerror(err); }

// "standard output" or "'PATH'", after "cannot write".
std::string Named(const OutputTarget& t) {
  return t.kind == OutputKind::kStream && t.path.empty() ? t.shown : "'" + t.shown + "'";
}

const char* KindName(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISBLK(mode)) return "a block device";
  return "neither a regular file, a character device nor a FIFO";
}

OutputTarget StandardOutput() {
  OutputTarget t{"standard output", OutputKind::kStream, ""};
  int flags = ::fcntl(STDOUT_FILENO, F_GETFL);
  if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
    throw Error("cannot write standard output: " + ErrorText(flags < 0 ? errno : EBADF));
  }
  return t;
}

// `given` does not exist: a new file, or the missing end of a dangling chain of links. Its directory must.
OutputTarget NewFile(const std::string& given) {
  OutputTarget t{given, OutputKind::kReplace, FollowLinks(given)};
  std::string what = "cannot write '" + given + "'";
  if (t.path != given) what += " (a dangling symbolic link to '" + t.path + "')";
  fs::path parent = fs::path(t.path).parent_path();
  std::string dir = parent.empty() ? "." : parent.string();
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) throw Error(what + ": directory '" + dir + "': " + ErrorText(errno));
  if (!S_ISDIR(st.st_mode)) throw Error(what + ": '" + dir + "' is not a directory");
  return t;
}

// `given` leads to the regular file `st`: the rename replaces the entry at the end of its links.
OutputTarget ExistingFile(const std::string& given, const struct stat& st) {
  OutputTarget t{given, OutputKind::kReplace, FollowLinks(given)};
  struct stat end;
  if (::lstat(t.path.c_str(), &end) != 0 || end.st_dev != st.st_dev || end.st_ino != st.st_ino) {
    // e.g. /dev/stdout leading to a file that was deleted while open ("/tmp/r.html (deleted)")
    throw Error("cannot write '" + given + "': its symbolic links lead to '" + t.path + "', not to the file");
  }
  return t;
}

// An unnamed temporary file for reading and writing (util/temp_file.h).
std::FILE* OpenUnnamedTemp(const std::string& named) {
  int fd = OpenUnnamedTempFd(named);
  std::FILE* f = ::fdopen(fd, "w+b");
  if (!f) {
    int err = errno;
    ::close(fd);
    throw Error("cannot write " + named + ": " + ErrorText(err));
  }
  return f;
}

// Writes all of `size` bytes to `fd`. Returns false with errno set on failure.
bool WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

OutputTarget ResolveOutput(const std::string& given) {
  if (given.empty()) throw Error("the output path is empty", ExitCode::kUsage);
  if (given == "-") return StandardOutput();
  struct stat st;
  if (::stat(given.c_str(), &st) != 0) {
    if (errno == ENOENT) return NewFile(given);
    throw Error("cannot write '" + given + "': " + ErrorText(errno));
  }
  if (S_ISREG(st.st_mode)) return ExistingFile(given, st);
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
    if (::faccessat(AT_FDCWD, given.c_str(), W_OK, AT_EACCESS) != 0) {
      throw Error("cannot write '" + given + "': " + ErrorText(errno));
    }
    return OutputTarget{given, OutputKind::kStream, given};
  }
  throw Error("cannot write '" + given + "': it is " + KindName(st.st_mode));
}

OutputFile::OutputFile(const OutputTarget& target) : target_(target) {
  if (target.kind == OutputKind::kReplace) {
    file_ = std::make_unique<AtomicFile>(target.path, target.shown);
  } else {
    temp_ = OpenUnnamedTemp(Named(target));
  }
}

OutputFile::~OutputFile() {
  if (temp_) std::fclose(temp_);
}

void OutputFile::Write(std::string_view bytes) {
  if (file_) return file_->Write(bytes);
  if (bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), temp_) != bytes.size()) {
    throw Error("cannot write " + Named(target_) + ": " + ErrorText(errno));
  }
}

void OutputFile::Commit() {
  if (file_) return file_->Commit();
  if (std::fflush(temp_) != 0) throw Error("cannot write " + Named(target_) + ": " + ErrorText(errno));
  CopyToDestination();
  std::fclose(temp_);
  temp_ = nullptr;
}

// SIGPIPE ignored while it lives (then put back as it was): a reader that goes away (`| head`) makes the
// write fail with EPIPE, reported as an error with exit code 1, instead of killing the run with no word.
class IgnoreSigpipe {
 public:
  IgnoreSigpipe() {
    struct sigaction ignore{};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    saved_ = ::sigaction(SIGPIPE, &ignore, &old_) == 0;
  }
  ~IgnoreSigpipe() {
    if (saved_) ::sigaction(SIGPIPE, &old_, nullptr);
  }
  IgnoreSigpipe(const IgnoreSigpipe&) = delete;
  IgnoreSigpipe& operator=(const IgnoreSigpipe&) = delete;

 private:
  struct sigaction old_{};
  bool saved_ = false;
};

// Opens the device, the FIFO or standard output only now, and copies the complete report there.
void OutputFile::CopyToDestination() {
  IgnoreSigpipe no_sigpipe;
  int out = STDOUT_FILENO;
  if (!target_.path.empty()) {
    out = ::open(target_.path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (out < 0) throw Error("cannot write " + Named(target_) + ": " + ErrorText(errno));
  }
  int in = ::fileno(temp_);
  bool ok = ::lseek(in, 0, SEEK_SET) == 0;
  char buf[1 << 16];
  while (ok) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = n == 0;
      break;
    }
    ok = WriteAll(out, buf, static_cast<size_t>(n));
  }
  int err = errno;
  if (out != STDOUT_FILENO && ::close(out) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) throw Error("cannot write " + Named(target_) + ": " + ErrorText(err));
}

void AppendToFile(const std::string& given, const std::function<std::string(uint64_t earlier)>& make) {
  if (given.empty()) throw Error("the output path is empty", ExitCode::kUsage);
  IgnoreFileSizeSignal file_size_signal;
  IgnoreSigpipe no_sigpipe;
  bool standard_output = given == "-";
  std::string named = standard_output ? "standard output" : "'" + given + "'";
  int fd = standard_output ? STDOUT_FILENO
                           : ::open(given.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) throw Error("cannot write " + named + ": " + ErrorText(errno));
  struct stat st;
  bool regular = !standard_output && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  uint64_t earlier = regular ? static_cast<uint64_t>(st.st_size) : 0;
  std::string text;
  try {
    text = make(earlier);
  } catch (...) {
    if (!standard_output) ::close(fd);
    throw;
  }
  bool ok = WriteAll(fd, text.data(), text.size());
  int err = errno;
  if (!ok && regular && ::ftruncate(fd, static_cast<off_t>(earlier)) != 0) {
    err = errno;  // the earlier bytes are there; the cut-off part may be too
  }
  if (!standard_output && ::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) throw Error("cannot write " + named + ": " + ErrorText(err));
}

}  // namespace irtrace
