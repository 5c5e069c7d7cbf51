#include "util/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
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

// The temporary file being written, for the signal handler: Ctrl-C or a kill must not leave it behind.
// One at a time (the tool writes one report); a second concurrent AtomicFile is simply not covered.
char g_temp_path[4096];
std::atomic<bool> g_temp_armed{false};

extern "C" void RemoveTempAndReraise(int sig) {
  if (g_temp_armed.load()) ::unlink(g_temp_path);  // async-signal-safe
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
void (*g_previous[3])(int);  // handlers to restore afterwards

void ArmSignalCleanup(const std::string& temp_path) {
  if (temp_path.size() >= sizeof g_temp_path || g_temp_armed.exchange(true)) return;
  std::memcpy(g_temp_path, temp_path.c_str(), temp_path.size() + 1);
  for (int k = 0; k < 3; ++k) g_previous[k] = std::signal(kSignals[k], RemoveTempAndReraise);
}

void DisarmSignalCleanup(const std::string& temp_path) {
  if (!g_temp_armed.load() || std::strcmp(g_temp_path, temp_path.c_str()) != 0) return;
  for (int k = 0; k < 3; ++k) std::signal(kSignals[k], g_previous[k] == SIG_ERR ? SIG_DFL : g_previous[k]);
  g_temp_armed.store(false);
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path) : path_(path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw Error("cannot write '" + path + "': it is a directory");
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec)) {
    throw Error("cannot write '" + path + "': directory '" + dir.string() + "' does not exist");
  }
  // ".<name>.tmp-XXXXXX", the name cut so the whole stays within NAME_MAX (255): any name the
  // destination can have gives a temporary name the directory accepts.
  std::string base = fs::path(path).filename().string();
  constexpr size_t kNameMax = 255, kDecoration = sizeof(".") - 1 + sizeof(".tmp-XXXXXX") - 1;
  if (base.size() > kNameMax - kDecoration) base.resize(kNameMax - kDecoration);
  std::string templ = (dir / ("." + base + ".tmp-XXXXXX")).string();
  int fd = ::mkstemp(templ.data());
  if (fd < 0) throw Error("cannot write '" + path + "': " + std::strerror(errno));
  temp_path_ = templ;
  ArmSignalCleanup(temp_path_);
  ::fchmod(fd, 0666 & ~CurrentUmask());
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    int err = errno;
    ::close(fd);
    ::unlink(temp_path_.c_str());
    throw Error("cannot write '" + path + "': " + std::strerror(err));
  }
}

AtomicFile::~AtomicFile() {
  if (file_) std::fclose(file_);
  if (!committed_ && !temp_path_.empty()) ::unlink(temp_path_.c_str());
  if (!temp_path_.empty()) DisarmSignalCleanup(temp_path_);
}

void AtomicFile::Write(std::string_view bytes) {
  if (bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    throw Error("cannot write '" + path_ + "': " + std::strerror(errno));
  }
}

void AtomicFile::Commit() {
  bool ok = std::fflush(file_) == 0 && ::fsync(::fileno(file_)) == 0;
  int err = errno;
  ok = std::fclose(file_) == 0 && ok;
  file_ = nullptr;
  if (!ok) throw Error("cannot write '" + path_ + "': " + std::strerror(err));
  if (std::rename(temp_path_.c_str(), path_.c_str()) != 0) {
    throw Error("cannot write '" + path_ + "': " + std::strerror(errno));
  }
  committed_ = true;
}

}  // namespace irtrace
