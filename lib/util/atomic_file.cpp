#include "util/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

mode_t CurrentUmask() {
  mode_t m = ::umask(0);
  ::umask(m);
  return m;
}

// --- Signal cleanup --------------------------------------------------------------------------------
// The named temporary file, for the handler: Ctrl-C or a kill must not leave it behind. One AtomicFile at a
// time arms the handlers (the tool writes one report); a second concurrent one is simply not covered.
char g_temp_path[4096];
std::atomic<bool> g_temp_named{false};  // g_temp_path holds a file to remove
std::atomic<bool> g_armed{false};
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kSignalCount = sizeof kSignals / sizeof kSignals[0];
struct sigaction g_previous[kSignalCount];  // the actions before arming, restored afterwards
bool g_installed[kSignalCount];             // false: the signal was ignored, and is left alone

extern "C" void RemoveTempAndReraise(int sig) {
  if (g_temp_named.load()) ::unlink(g_temp_path);  // async-signal-safe
  for (int k = 0; k < kSignalCount; ++k) {
    if (kSignals[k] == sig) ::sigaction(sig, &g_previous[k], nullptr);
  }
  ::raise(sig);  // delivered on return, with the previous action
}

// Installs the handler for each signal not ignored now. Returns false when another AtomicFile has.
bool ArmSignalCleanup() {
  if (g_armed.exchange(true)) return false;
  struct sigaction handler;
  std::memset(&handler, 0, sizeof handler);
  handler.sa_handler = RemoveTempAndReraise;
  sigemptyset(&handler.sa_mask);
  handler.sa_flags = SA_RESTART;
  for (int k = 0; k < kSignalCount; ++k) {
    ::sigaction(kSignals[k], nullptr, &g_previous[k]);
    // The convention of nohup, make and shells: a signal ignored at start stays ignored.
    g_installed[k] = !(g_previous[k].sa_flags & SA_SIGINFO) && g_previous[k].sa_handler != SIG_IGN;
    if (g_installed[k]) ::sigaction(kSignals[k], &handler, nullptr);
  }
  return true;
}

void DisarmSignalCleanup() {
  for (int k = 0; k < kSignalCount; ++k) {
    if (g_installed[k]) ::sigaction(kSignals[k], &g_previous[k], nullptr);
  }
  g_armed.store(false);
}

// Tells the handler which file to remove ("" for none).
void SetNamedTemp(const std::string& path) {
  g_temp_named.store(false);
  if (path.empty() || path.size() >= sizeof g_temp_path) return;
  std::memcpy(g_temp_path, path.c_str(), path.size() + 1);
  g_temp_named.store(true);
}

// --- Temporary files -------------------------------------------------------------------------------

// ".<name>.tmp-", the name cut so that the prefix and 6 more characters stay within NAME_MAX (255): any name
// the destination can have gives a temporary name the directory accepts.
std::string TempPrefix(std::string name) {
  constexpr size_t kNameMax = 255, kDecoration = sizeof(".") - 1 + sizeof(".tmp-XXXXXX") - 1;
  if (name.size() > kNameMax - kDecoration) name.resize(kNameMax - kDecoration);
  return "." + name + ".tmp-";
}

std::string RandomSuffix() {
  static const char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  thread_local std::mt19937_64 rng(std::random_device{}() ^ static_cast<uint64_t>(::getpid()) ^
                                   static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::string s(6, 'x');
  for (char& c : s) c = kChars[rng() % (sizeof kChars - 1)];
  return s;
}

bool SameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// Removes the "<prefix>*" regular files in `dir` that no live run holds locked: the temporary files of
// runs killed while writing (SIGKILL, a crash, power loss). A file whose lock cannot be taken for any reason
// (held, or locks unsupported) is left alone.
void RemoveStaleTemps(const std::string& dir, const std::string& prefix) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  while (const dirent* e = ::readdir(d)) {
    if (std::strncmp(e->d_name, prefix.c_str(), prefix.size()) != 0) continue;
    int fd = ::openat(::dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat open_st, named_st;
    if (::fstat(fd, &open_st) == 0 && S_ISREG(open_st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
        ::fstatat(::dirfd(d), e->d_name, &named_st, AT_SYMLINK_NOFOLLOW) == 0 && SameFile(open_st, named_st)) {
      ::unlinkat(::dirfd(d), e->d_name, 0);
    }
    ::close(fd);
  }
  ::closedir(d);
}

// Unnamed temporary files need O_TMPFILE in the filesystem and /proc to link them by name at the end.
bool CanLinkUnnamed() { return ::access("/proc/self/fd", X_OK) == 0; }

std::string ErrorText(int err) { return std::strerror(err); }

}  // namespace

namespace {

// The guards alive in the process, and whether the first one changed SIGXFSZ's action.
std::mutex g_file_size_mutex;
int g_file_size_guards = 0;
bool g_file_size_ignored = false;

bool ActionIs(const struct sigaction& action, void (*handler)(int)) {
  return !(action.sa_flags & SA_SIGINFO) && action.sa_handler == handler;
}

void SetFileSizeAction(void (*handler)(int)) {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGXFSZ, &action, nullptr);
}

}  // namespace

IgnoreFileSizeSignal::IgnoreFileSizeSignal() {
  std::lock_guard<std::mutex> lock(g_file_size_mutex);
  if (g_file_size_guards++ > 0) return;
  struct sigaction current;
  ::sigaction(SIGXFSZ, nullptr, &current);
  g_file_size_ignored = ActionIs(current, SIG_DFL);
  if (g_file_size_ignored) SetFileSizeAction(SIG_IGN);
}

IgnoreFileSizeSignal::~IgnoreFileSizeSignal() {
  std::lock_guard<std::mutex> lock(g_file_size_mutex);
  if (--g_file_size_guards > 0 || !g_file_size_ignored) return;
  g_file_size_ignored = false;
  struct sigaction current;
  ::sigaction(SIGXFSZ, nullptr, &current);
  if (ActionIs(current, SIG_IGN)) SetFileSizeAction(SIG_DFL);  // else: the program set its own meanwhile
}

AtomicFile::AtomicFile(const std::string& path, const std::string& shown, AtomicFileOptions options)
    : path_(path), shown_(shown.empty() ? path : shown), sync_(options.sync) {
  fs::path p(path);
  dir_ = p.parent_path().empty() ? "." : p.parent_path().string();
  CheckDestination();
  prefix_ = TempPrefix(p.filename().string());
  if (options.remove_stale) RemoveStaleTemps(dir_, prefix_);
  signals_armed_ = options.cleanup_on_signals && ArmSignalCleanup();
  try {
    int fd = OpenTemp();
    if (!temp_path_.empty()) ::fchmod(fd, 0666 & ~CurrentUmask());  // mkstemp made it 0600; O_TMPFILE used the umask
    file_ = ::fdopen(fd, "wb");
    if (!file_) {
      int err = errno;
      ::close(fd);
      if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
      throw Error("cannot write '" + shown_ + "': " + ErrorText(err));
    }
  } catch (...) {
    Disarm();
    throw;
  }
}

void AtomicFile::Disarm() {
  if (!signals_armed_) return;
  SetNamedTemp("");
  DisarmSignalCleanup();
  signals_armed_ = false;
}

// The destination must not be a directory, and its directory must be usable; the cause comes from errno.
void AtomicFile::CheckDestination() const {
  struct stat st;
  if (::stat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw Error("cannot write '" + shown_ + "': it is a directory");
    return;
  }
  if (errno != ENOENT) throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
  if (::stat(dir_.c_str(), &st) != 0) {
    throw Error("cannot write '" + shown_ + "': directory '" + dir_ + "': " + ErrorText(errno));
  }
  if (!S_ISDIR(st.st_mode)) {
    throw Error("cannot write '" + shown_ + "': '" + dir_ + "' is not a directory");
  }
}

// An unnamed file in dir_ (O_TMPFILE), or where the filesystem has none, a named one; locked either way.
int AtomicFile::OpenTemp() {
  if (CanLinkUnnamed()) {
    int fd = ::open(dir_.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::flock(fd, LOCK_EX);
      return fd;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
      throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
    }
  }
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::string templ = dir_ + "/" + prefix_ + "XXXXXX";
    int fd = ::mkstemp(templ.data());
    if (fd < 0) throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (signals_armed_) SetNamedTemp(templ);
    // Best effort: where locks are not supported, a concurrent run may take the file for a leftover.
    ::flock(fd, LOCK_EX);
    // Still the file of that name: another run's RemoveStaleTemps may have removed it before the lock.
    struct stat open_st, named_st;
    if (::fstat(fd, &open_st) == 0 && ::lstat(templ.c_str(), &named_st) == 0 && SameFile(open_st, named_st)) {
      temp_path_ = templ;
      return fd;
    }
    ::close(fd);
  }
  throw Error("cannot write '" + shown_ + "': cannot keep a temporary file in '" + dir_ + "'");
}

// Gives the unnamed temporary file a name beside the destination, for the rename.
void AtomicFile::NameTemp() {
  std::string proc = "/proc/self/fd/" + std::to_string(::fileno(file_));
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = dir_ + "/" + prefix_ + RandomSuffix();
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      temp_path_ = name;
      if (signals_armed_) SetNamedTemp(name);
      return;
    }
    if (errno != EEXIST) throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
  }
  throw Error("cannot write '" + shown_ + "': no free temporary name in '" + dir_ + "'");
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !temp_path_.empty()) ::unlink(temp_path_.c_str());
  if (file_) std::fclose(file_);  // an unnamed temporary file goes with its last descriptor
  Disarm();
}

void AtomicFile::Write(std::string_view bytes) {
  if (bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
  }
}

void AtomicFile::Commit() {
  if (std::fflush(file_) != 0 || (sync_ && ::fsync(::fileno(file_)) != 0)) {
    throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
  }
  if (temp_path_.empty()) NameTemp();
  // Renamed while still open and locked, so that no other run takes it for a leftover.
  if (std::rename(temp_path_.c_str(), path_.c_str()) != 0) {
    throw Error("cannot write '" + shown_ + "': " + ErrorText(errno));
  }
  committed_ = true;
  if (signals_armed_) SetNamedTemp("");
  // The data is on disk (fsync above) or, unsynced, in the kernel's hands: closing can report nothing
  // that matters any more.
  std::fclose(file_);
  file_ = nullptr;
}

}  // namespace irtrace
