#include "record/session_report.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "driver/convert.h"
#include "input/recorded_runs.h"
#include "record/dump_writer.h"
#include "record/run_list.h"
#include "util/atomic_file.h"
#include "util/error.h"
#include "util/file_lock.h"

namespace fs = std::filesystem;

namespace irtrace {
namespace {

std::string TempSuffix() {
  thread_local std::mt19937_64 rng(std::random_device{}() ^ static_cast<uint64_t>(::getpid()));
  char out[24];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(rng()));
  return out;
}

// A copy of `from` written atomically at `to`, for a filesystem without symbolic links.
void CopyAtomically(const std::string& from, const std::string& to) {
  std::ifstream in(from, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error("cannot read '" + from + "'");
  WriteGuestFile(to, text.str());
}

}  // namespace

bool RepointLink(const std::string& target, const std::string& link) {
  fs::path l(link);
  std::string temp = (l.parent_path() / ("." + l.filename().string() + ".link-" + TempSuffix())).string();
  if (::symlink(target.c_str(), temp.c_str()) != 0) return false;
  if (::rename(temp.c_str(), link.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    errno = err;
    return false;
  }
  return true;
}

bool LinkNewest(const std::string& run_dir, const std::string& name_dir, bool copy) {
  FileLock name_lock(name_dir + "/" + kLockName);
  const std::string own = fs::path(run_dir).filename().string();
  std::string linked = LinkedRun(name_dir);
  std::error_code ec;
  if (linked > own && fs::exists(fs::path(name_dir) / ".runs" / linked / "report.html", ec)) return false;
  std::string link = name_dir + "/report.html";
  std::string target = (fs::path(".runs") / own / "report.html").string();
  if (RepointLink(target, link)) return true;
  int err = errno;
  if (err != EPERM && err != EOPNOTSUPP && err != ENOSYS) {
    throw Error("cannot write '" + link + "': " + std::strerror(err));
  }
  if (!copy) return false;
  CopyAtomically(run_dir + "/report.html", link);
  return true;
}

std::string WriteSessionReport(const std::string& run_dir, const std::string& name_dir) {
  ConvertOptions options;
  options.dump_dir = run_dir;
  options.output = run_dir + "/report.html";
  options.threads = 1;  // the compiler may be building other kernels on the other cores
  ConvertDump(options);
  return LinkNewest(run_dir, name_dir, true) ? name_dir + "/report.html" : options.output;
}

}  // namespace irtrace
